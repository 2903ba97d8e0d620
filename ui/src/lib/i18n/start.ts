/**
 * The languages of the app and which one it starts in, in plain TypeScript
 * (no Svelte runes): the page's first script reads it too, to ask for the
 * start language's catalogue before the app's bundle has arrived (see
 * ../ipc/first-send.ts). The order of the start language is written at the
 * top of ./index.svelte.ts.
 */

/** The languages Bagless speaks; English is every other one's fallback. */
export const locales = ['en', 'fr'] as const;
export type Locale = (typeof locales)[number];

/** Where the language chosen in the header is remembered across restarts. */
export const LOCALE_STORAGE_KEY = 'bagless.locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** French when the system language is French (fr, fr-FR, fr-CA…), else English. */
export function systemLocale(language: string | undefined = globalThis.navigator?.language): Locale {
  return language?.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

/** The window's storage, if it may be used (privacy settings can refuse it). */
export function storage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined; // storage refused: follow the system
  }
}

/** The remembered choice, if any. */
export function storedLocale(): Locale | undefined {
  try {
    const value = storage()?.getItem(LOCALE_STORAGE_KEY);
    return isLocale(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The language to start in: see the order at the top of ./index.svelte.ts. */
export function startLocale(): Locale {
  let forced: string | null = null;
  try {
    forced = new URLSearchParams(globalThis.location?.search ?? '').get('locale');
  } catch {
    forced = null;
  }
  if (isLocale(forced)) return forced;
  return storedLocale() ?? systemLocale();
}
