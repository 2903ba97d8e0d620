/**
 * Inlined into index.html at build (vite.config.ts): sends the command that
 * opens the game played last as soon as the page is read, while the app's
 * bundle is still on its way. See ./first.
 */
import { invoke, isTauri } from '@tauri-apps/api/core';
import { lastPlayed, sendFirst } from './first';

if (isTauri()) sendFirst(lastPlayed(), invoke);
