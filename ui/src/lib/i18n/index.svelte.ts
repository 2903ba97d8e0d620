/**
 * Tiny typed message lookup.
 *
 * - `t('library.heading')` returns the message for the current locale.
 * - `t('library.deleted', { name })` fills `{name}` placeholders; the
 *   parameter names are checked by TypeScript from the English catalogue.
 * - `{count|card|cards}` picks a word by the number `count`, with the
 *   language's plural rules (French counts 0 and 1 as singular).
 * - `locale.current` is reactive ($state): templates that call `t()` update
 *   by themselves when `locale.set('fr')` runs.
 *
 * Which language at start (`startLocale()`), the first one found wins:
 * 1. `?locale=fr` (or `en`) in the page address: forced for this load only,
 *    not remembered;
 * 2. the language chosen in the app header, remembered in localStorage under
 *    "bagless.locale" (`LOCALE_STORAGE_KEY`);
 * 3. the system language: `navigator.language` starting with "fr" gives
 *    French, anything else English.
 *
 * End-to-end tests pick the language before the first screen renders through
 * (2): the harness runs, via WebDriver executeScript,
 *   localStorage.setItem('bagless.locale', 'fr'); location.reload();
 * and `localStorage.removeItem('bagless.locale')` to go back to the system
 * language. No environment variable is involved.
 */
import { en } from './en';
import { fr } from './fr';

/** Same shape as the English catalogue, any string as a value. */
export type Catalogue = DeepString<typeof en>;
type DeepString<T> = { readonly [K in keyof T]: T[K] extends string ? string : DeepString<T[K]> };

/** Every dotted key that leads to a message, e.g. "library.heading". */
export type MessageKey = Leaves<typeof en>;
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

type At<T, K extends string> = K extends `${infer H}.${infer R}`
  ? H extends keyof T ? At<T[H], R> : never
  : K extends keyof T ? T[K] : never;
type ParamName<P> = P extends `${infer N}|${string}` ? N : P;
type ParamNames<S> = S extends `${string}{${infer P}}${infer Rest}` ? ParamName<P> | ParamNames<Rest> : never;
/** The params a message needs: `{}` when it has no placeholder. */
export type MessageParams<K extends MessageKey> = Record<ParamNames<At<typeof en, K>>, string | number>;

export const catalogues = { en, fr } satisfies Record<string, Catalogue>;
export type Locale = keyof typeof catalogues;
export const locales = Object.keys(catalogues) as Locale[];

/** Where the language chosen in the header is remembered across restarts. */
export const LOCALE_STORAGE_KEY = 'bagless.locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as string[]).includes(value);
}

/** French when the system language is French (fr, fr-FR, fr-CA…), else English. */
export function systemLocale(language: string | undefined = globalThis.navigator?.language): Locale {
  return language?.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined; // storage refused (privacy settings): follow the system
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

/** The language to start in: see the order at the top of this file. */
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

function showLang(next: Locale): void {
  if (typeof document !== 'undefined') document.documentElement.lang = next;
}

const initial = startLocale();
let current = $state<Locale>(initial);
showLang(initial);

export const locale = {
  get current(): Locale {
    return current;
  },
  /** Switch the language; remembered for the next start unless `remember` is false. */
  set(next: Locale, remember = true): void {
    current = next;
    showLang(next);
    if (!remember) return;
    try {
      storage()?.setItem(LOCALE_STORAGE_KEY, next);
    } catch {
      // Not remembered: the app still switches for this session.
    }
  },
  /** Forget the choice and follow the system language again. */
  followSystem(): void {
    try {
      storage()?.removeItem(LOCALE_STORAGE_KEY);
    } catch {
      // nothing remembered to forget
    }
    current = systemLocale();
    showLang(current);
  },
};

function lookup(cat: Catalogue, key: string): string | undefined {
  let node: unknown = cat;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** The language's plural rules, made once each (making them is slow). */
const pluralRules = new Map<Locale, Intl.PluralRules>();
function plural(locale: Locale): Intl.PluralRules {
  let rules = pluralRules.get(locale);
  if (rules === undefined) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules;
}

/** `{name}`, or `{name|one|other}` for a word that follows the number `name`. */
const PLACEHOLDER = /\{(\w+)(?:\|([^{}|]*)\|([^{}|]*))?\}/g;

/**
 * Fills a template's placeholders from `values`; `missing` is called for a
 * placeholder with no value, and its answer used.
 */
function fill(
  template: string,
  values: Readonly<Record<string, string | number>>,
  missing: (whole: string) => string,
): string {
  return template.replace(PLACEHOLDER, (whole, name: string, one?: string, other?: string) => {
    if (!Object.hasOwn(values, name)) return missing(whole);
    if (one === undefined || other === undefined) return String(values[name]);
    return plural(current).select(Number(values[name])) === 'one' ? one : other;
  });
}

export function t<K extends MessageKey>(
  key: K,
  ...params: ParamNames<At<typeof en, K>> extends never ? [] : [MessageParams<K>]
): string {
  const template = lookup(catalogues[current], key) ?? lookup(en, key) ?? key;
  const values = (params[0] ?? {}) as Record<string, string | number>;
  return fill(template, values, (whole) => whole);
}

/**
 * Untyped lookup for keys only known at run time, such as `rules.<code>`
 * from a refusal. Returns null when the key names no message, or when the
 * message has a placeholder `params` does not fill, so the caller can fall
 * back to a sentence of its own.
 */
export function tDynamic(key: string, params: Readonly<Record<string, string | number>> = {}): string | null {
  const template = lookup(catalogues[current], key) ?? lookup(en, key);
  if (template === undefined) return null;
  let complete = true;
  const text = fill(template, params, (whole) => {
    complete = false;
    return whole;
  });
  return complete ? text : null;
}

/** Exported for tests: does this dotted key name a message? */
export function hasMessage(key: string, cat: Catalogue = en): boolean {
  return lookup(cat, key) !== undefined;
}

/** A name from a content pack in the current language, where the pack has it. */
export function packLabel(item: { label: string; label_fr: string | null }): string {
  return current === 'fr' && item.label_fr ? item.label_fr : item.label;
}
