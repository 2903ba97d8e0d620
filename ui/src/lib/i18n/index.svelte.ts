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
 * English is in the app's first bundle: it is every other language's fallback
 * and the types' reference. Every other catalogue is a chunk of its own,
 * fetched when its language is chosen (`locale.set`), or at start when the
 * window starts in it (`locale.ready`, which the first screen waits for; the
 * page's first script has already asked for that chunk: see
 * ../ipc/first-send.ts). A start in English never reads the French words:
 * about 90 KB of the first bundle's 290, some 5 ms of its parse.
 *
 * End-to-end tests pick the language before the first screen renders through
 * (2): the harness runs, via WebDriver executeScript,
 *   localStorage.setItem('bagless.locale', 'fr'); location.reload();
 * and `localStorage.removeItem('bagless.locale')` to go back to the system
 * language. No environment variable is involved.
 */
import { en } from './en';
import type { LazyWords } from './lazy';
import { LOCALE_STORAGE_KEY, startLocale, storage, systemLocale, type Locale } from './start';

export { isLocale, LOCALE_STORAGE_KEY, locales, startLocale, storedLocale, systemLocale, type Locale } from './start';

/** Same shape as the English catalogue, any string as a value. */
export type Catalogue = DeepString<typeof en>;
/** Same shape as English words `T`, any string as a value: another language's, typed by them. */
export type Words<T> = DeepString<T>;
type DeepString<T> = { readonly [K in keyof T]: T[K] extends string ? string : DeepString<T[K]> };

/**
 * Every word `t()` knows: the catalogue's, and those brought with a chunk
 * (`LazyWords`: ./lazy.ts, types only, so none of them is in the bundle).
 */
type AllWords = typeof en & LazyWords;

/** Every dotted key that leads to a message, e.g. "library.heading". */
export type MessageKey = Leaves<AllWords>;
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

type At<T, K extends string> = K extends `${infer H}.${infer R}`
  ? H extends keyof T ? At<T[H], R> : never
  : K extends keyof T ? T[K] : never;
type ParamName<P> = P extends `${infer N}|${string}` ? N : P;
type ParamNames<S> = S extends `${string}{${infer P}}${infer Rest}` ? ParamName<P> | ParamNames<Rest> : never;
/** The params a message needs: `{}` when it has no placeholder. */
export type MessageParams<K extends MessageKey> = Record<ParamNames<At<AllWords, K>>, string | number>;

/** Each language but English, fetched when it is first needed. */
const fetchers: Record<Exclude<Locale, 'en'>, () => Promise<Catalogue>> = {
  fr: () => import('./fr').then((m) => m.fr),
};

/** The catalogues fetched so far: English always. */
export const catalogues: Partial<Record<Locale, Catalogue>> = { en };

/**
 * Words brought from a folder of their own instead of the catalogue, under
 * a dotted place (`<place>.<key>`), each language's: a game kept out of the
 * app's bundle (the test builds' dice race) cannot have them in the
 * catalogue, which every build holds; the told-back screens' words (issue
 * 57: `told.*`, `risk.told.*`…) come with their chunk, to keep the first
 * bundle as it was (./lazy.ts lists them). Looked up after the catalogue:
 * a place may hold some words of the catalogue's and others brought.
 */
const brought: Partial<Record<Locale, Record<string, unknown>>> = {};

/**
 * Brings words under `place` (a game's kind, or a dotted place such as
 * `risk.told`), in each language (see `brought`). Bringing them again
 * replaces them.
 */
export function bringWords(place: string, words: Record<Locale, Readonly<Record<string, unknown>>>): void {
  const path = place.split('.');
  const last = path.pop() as string;
  for (const [lang, own] of Object.entries(words) as [Locale, Record<string, unknown>][]) {
    let node = (brought[lang] ??= {});
    for (const part of path) node = (node[part] ??= {}) as Record<string, unknown>;
    node[last] = own;
  }
}

/** A message of the language `lang`: its catalogue's, else one a game brought. */
function message(lang: Locale, key: string): string | undefined {
  const catalogue = lang === 'en' ? en : catalogues[lang];
  return (catalogue && lookup(catalogue, key)) ?? lookup(brought[lang] ?? {}, key);
}

/**
 * A message in English, the catalogue's or brought: what an error's words
 * are compared with (the Rust side writes English).
 */
export function englishMessage(key: string): string | undefined {
  return message('en', key);
}

/** Fetches a language's catalogue, once; English is there from the start. */
export async function loadLocale(next: Locale): Promise<void> {
  if (next === 'en' || catalogues[next]) return;
  catalogues[next] = await fetchers[next]();
}

function showLang(next: Locale): void {
  if (typeof document !== 'undefined') document.documentElement.lang = next;
}

/** The language shown; its catalogue is always fetched before it is. */
let current = $state<Locale>('en');
/** The language asked for last: a slower fetch asked before it loses. */
let wanted: Locale = 'en';

/** Shows `next` once its catalogue is here: at once when it is already. */
function use(next: Locale): Promise<void> {
  wanted = next;
  const show = () => {
    if (wanted !== next) return;
    current = next;
    showLang(next);
  };
  if (catalogues[next]) {
    show();
    return Promise.resolve();
  }
  // A language that cannot be fetched (never seen: it is one of the app's
  // own files) leaves the text in the language it was in.
  return loadLocale(next).then(show, (error: unknown) => console.error(`language ${next} not loaded`, error));
}

const ready = use(startLocale());

export const locale = {
  get current(): Locale {
    return current;
  },
  /** Settles once the start language is shown: the first screen waits for it. */
  ready,
  /**
   * Switch the language; remembered for the next start unless `remember` is
   * false. Settles once the text is in it: at once when its catalogue was
   * fetched already.
   */
  set(next: Locale, remember = true): Promise<void> {
    if (remember) {
      try {
        storage()?.setItem(LOCALE_STORAGE_KEY, next);
      } catch {
        // Not remembered: the app still switches for this session.
      }
    }
    return use(next);
  },
  /** Forget the choice and follow the system language again. */
  followSystem(): Promise<void> {
    try {
      storage()?.removeItem(LOCALE_STORAGE_KEY);
    } catch {
      // nothing remembered to forget
    }
    return use(systemLocale());
  },
};

function lookup(cat: Catalogue | Record<string, unknown>, key: string): string | undefined {
  let node: unknown = cat;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * Whether a count takes a language's "one" word: CLDR's cardinal rules, as
 * `Intl.PluralRules` gives them for a plain number (i18n.test.ts checks them
 * against it for every count from -50 to 3,000, and for fractions of up to
 * two decimals; `Intl` rounds to three first). English: 1 alone. French:
 * below 2 (0, 1 and 1.5); its "many" (the millions) takes the other word, as
 * every template here has two. Written here rather than asked of `Intl`:
 * the page's first `Intl.PluralRules` took about 2 ms in a page of its own,
 * and without it the RISK screen's first frame came about 7 ms sooner (two
 * A/Bs of 16 starts; README, "Where a start's time goes"; issue 31).
 */
export const takesOne: Record<Locale, (count: number) => boolean> = {
  en: (count) => Math.abs(count) === 1,
  fr: (count) => Math.abs(count) < 2,
};

/** The thousands separator each language writes, as its `Intl.NumberFormat` does. */
const THOUSANDS: Record<Locale, string> = { en: ',', fr: '\u202f' };

/**
 * A number as the language writes it: `3,000` in English, 3 000 with a
 * narrow no-break space in French (i18n.test.ts checks it against
 * `Intl.NumberFormat`). A whole number is grouped here rather than by a new
 * `Intl.NumberFormat` at each call (Assassin Nation's money made one for
 * each amount shown), and so without the cost of a page's first `Intl`
 * object (see `takesOne`).
 */
export function wholeNumber(value: number): string {
  if (!Number.isSafeInteger(value) || Object.is(value, -0)) {
    return new Intl.NumberFormat(current).format(value);
  }
  const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+(?!\d))/g, THOUSANDS[current]);
  return value < 0 ? `-${digits}` : digits;
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
    return takesOne[current](Number(values[name])) ? one : other;
  });
}

export function t<K extends MessageKey>(
  key: K,
  ...params: ParamNames<At<AllWords, K>> extends never ? [] : [MessageParams<K>]
): string {
  const template = message(current, key) ?? message('en', key) ?? key;
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
  const template = message(current, key) ?? message('en', key);
  if (template === undefined) return null;
  let complete = true;
  const text = fill(template, params, (whole) => {
    complete = false;
    return whole;
  });
  return complete ? text : null;
}

/** Exported for tests: does this dotted key name a message? */
export function hasMessage(key: string, cat: Catalogue | Readonly<Record<string, unknown>> = en): boolean {
  return lookup(cat, key) !== undefined;
}

/** A name from a content pack in the current language, where the pack has it. */
export function packLabel(item: { label: string; label_fr: string | null }): string {
  return current === 'fr' && item.label_fr ? item.label_fr : item.label;
}
