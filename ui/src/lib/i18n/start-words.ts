/**
 * Asks for the start language's words as the page is read (index.html's first
 * script, ../ipc/first-send.ts), so they arrive with the app's bundle rather
 * than after it: English is in the bundle; another language's catalogue is a
 * chunk of its own (see ./index.svelte.ts), named at build by vite.config.ts.
 */
import type { Locale } from './start';

/** Each language's chunk but English's, as the built index.html names it. */
export type LocaleChunks = Partial<Record<Locale, string>>;

/** Adds a `modulepreload` for `locale`'s chunk; false when it has none (English). */
export function preloadWords(locale: Locale, chunks: LocaleChunks, doc: Document = document): boolean {
  const href = chunks[locale];
  if (href === undefined) return false;
  const link = doc.createElement('link');
  link.rel = 'modulepreload';
  link.href = href;
  doc.head.append(link);
  return true;
}
