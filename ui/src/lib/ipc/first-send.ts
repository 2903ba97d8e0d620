/**
 * Inlined into index.html at build (vite.config.ts): sends the command that
 * opens the game played last as soon as the page is read, while the app's
 * bundle is still on its way (see ./first), and leaves the titles' book face
 * out of the fonts when this machine lacks it (see ../book-face), before
 * the stylesheets apply.
 */
import { invoke, isTauri } from '@tauri-apps/api/core';
import { applyBookFace } from '../book-face';
import { lastPlayed, sendFirst } from './first';

applyBookFace();
if (isTauri()) sendFirst(lastPlayed(), invoke);
