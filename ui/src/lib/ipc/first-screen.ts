/**
 * Asks for the code of the game played last's first screen as the page is
 * read (index.html's first script, ./first-send.ts), with the command that
 * opens it: each game's screens are chunks of their own ($games/registry),
 * which the app asked for only once its own bundle had run (main.ts), 25 to
 * 40 ms later on a start into the RISK game. vite.config.ts writes in each
 * game's first screen's files by their built names.
 */
import type { LastPlayed } from './first';

/** A game's first screen's files: its chunk and those it imports, its stylesheets. */
export interface ScreenFiles {
  js: string[];
  css: string[];
}
/** Each game's, by its kind ("risk", "bov", …). */
export type ScreenChunks = Partial<Record<string, ScreenFiles>>;

/**
 * Adds a preload for each file of `last`'s first screen (modules as
 * `modulepreload`, stylesheets as `preload` of a style: applied when the app
 * links them); false when none is known (no game played last, or one
 * remembered without its kind).
 */
export function preloadScreen(last: LastPlayed | null, chunks: ScreenChunks, doc: Document = document): boolean {
  const files = last === null ? undefined : chunks[last.game];
  if (files === undefined) return false;
  for (const href of files.js) {
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    doc.head.append(link);
  }
  for (const href of files.css) {
    const link = doc.createElement('link');
    link.rel = 'preload';
    link.setAttribute('as', 'style');
    link.href = href;
    doc.head.append(link);
  }
  return true;
}
