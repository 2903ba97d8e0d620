/**
 * Inlined into index.html at build (vite.config.ts): sends the command that
 * opens the game played last as soon as the page is read, while the app's
 * bundle is still on its way (see ./first), and leaves the titles' book face
 * out of the fonts when this machine lacks it (see ../book-face), before
 * the stylesheets apply, and asks for the start language's words when they
 * are not English (see ../i18n/start-words), and shows the copy kept of
 * that game's screen once its answer is here (see ../frame/kept).
 */
import { invoke, isTauri } from '@tauri-apps/api/core';
import { applyBookFace } from '../book-face';
import { startLocale, storage } from '../i18n/start';
import { preloadWords, type LocaleChunks } from '../i18n/start-words';
import { showKept } from '../frame/kept';
import { lastPlayed, sendFirst, sentAnswer } from './first';

/** Each language's chunk but English's: written in by vite.config.ts. */
declare const __LOCALE_CHUNKS__: LocaleChunks;

applyBookFace();
if (isTauri()) {
  sendFirst(lastPlayed(), invoke);
  void showKept(lastPlayed(), startLocale(), sentAnswer(), storage());
}
preloadWords(startLocale(), __LOCALE_CHUNKS__);
