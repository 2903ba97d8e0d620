/**
 * Inlined into index.html at build (vite.config.ts): sends the command that
 * opens the game played last as soon as the page is read, while the app's
 * bundle is still on its way (see ./first), and leaves the titles' book face
 * out of the fonts when this machine lacks it (see ../book-face), before
 * the stylesheets apply, and asks for the start language's words when they
 * are not English (see ../i18n/start-words), and the code of that game's
 * first screen (see ./first-screen).
 */
import { invoke, isTauri } from '@tauri-apps/api/core';
import { applyBookFace } from '../book-face';
import { startLocale } from '../i18n/start';
import { preloadWords, type LocaleChunks } from '../i18n/start-words';
import { lastPlayed, parseLastPlayed, sendFirst } from './first';
import { preloadScreen, type ScreenChunks } from './first-screen';

/** Each language's chunk but English's: written in by vite.config.ts. */
declare const __LOCALE_CHUNKS__: LocaleChunks;
/** Each game's first screen's files: written in by vite.config.ts. */
declare const __SCREEN_CHUNKS__: ScreenChunks;

applyBookFace();
if (isTauri()) sendFirst(lastPlayed(), invoke);
preloadWords(startLocale(), __LOCALE_CHUNKS__);
preloadScreen(parseLastPlayed(lastPlayed()), __SCREEN_CHUNKS__);
