/**
 * Tiny typed message lookup.
 *
 * - `t('library.heading')` returns the message for the current locale.
 * - `t('library.deleted', { name })` fills `{name}` placeholders; the
 *   parameter names are checked by TypeScript from the English catalogue.
 * - `locale.current` is reactive ($state): templates that call `t()` update
 *   by themselves when `locale.set('fr')` runs.
 */
import { en } from './en';

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
type ParamNames<S> = S extends `${string}{${infer P}}${infer Rest}` ? P | ParamNames<Rest> : never;
/** The params a message needs: `{}` when it has no placeholder. */
export type MessageParams<K extends MessageKey> = Record<ParamNames<At<typeof en, K>>, string | number>;

export const catalogues = { en } satisfies Record<string, Catalogue>;
export type Locale = keyof typeof catalogues;
export const locales = Object.keys(catalogues) as Locale[];

let current = $state<Locale>('en');
export const locale = {
  get current(): Locale {
    return current;
  },
  set(next: Locale): void {
    current = next;
    if (typeof document !== 'undefined') document.documentElement.lang = next;
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

export function t<K extends MessageKey>(
  key: K,
  ...params: ParamNames<At<typeof en, K>> extends never ? [] : [MessageParams<K>]
): string {
  const template = lookup(catalogues[current], key) ?? lookup(en, key) ?? key;
  const values = (params[0] ?? {}) as Record<string, string | number>;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** Exported for tests: does this dotted key name a message? */
export function hasMessage(key: string, cat: Catalogue = en): boolean {
  return lookup(cat, key) !== undefined;
}
