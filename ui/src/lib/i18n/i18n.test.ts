import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from './en';
import { hasMessage, locale, t, takesOne, wholeNumber } from './index.svelte';
import { lazyWords } from './lazy-words';
import { locales } from './start';

function svelteFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return svelteFiles(path);
    return /\.svelte(\.ts)?$/.test(name) ? [path] : [];
  });
}

const srcDir = join(__dirname, '..', '..');

describe('t()', () => {
  it('returns the English message', () => {
    expect(t('app.title')).toBe('Bagless');
  });

  it('fills placeholders', () => {
    expect(t('diary.level_reached', { level: 'II', memory: '1.3' })).toBe(
      'Level II reached after 1.3',
    );
    expect(t('library.count', { count: 3 })).toBe('3 campaigns');
  });

  it('picks the word that follows a number, by each language’s plural rules', () => {
    expect(t('library.count', { count: 1 })).toBe('1 campaign');
    expect(t('library.count', { count: 0 })).toBe('0 campaigns');
    locale.set('fr', false);
    try {
      expect(t('history.line.cards_dealt', { count: 1 })).toBe('1 carte sortie de la boîte');
      // French counts zero as singular.
      expect(t('library.count', { count: 0 })).toBe('0 campagne');
      expect(t('library.count', { count: 2 })).toBe('2 campagnes');
    } finally {
      locale.set('en', false);
    }
  });

  // Node's ICU here; the window's is the system's (ICU 72 on Debian 12), with the same rules.
  it('takes each language’s “one” word exactly where Intl.PluralRules says “one”', () => {
    // Counts are whole numbers, or have a decimal or two (Intl rounds to three first).
    const counts = [NaN, Infinity, -Infinity, -0, 0.25, 0.5, 1.5, 1.75, -1.5, 2.5, 21.5, 1e6, 2e6, 1e7 + 1];
    for (let n = -50; n <= 3000; n += 1) counts.push(n);
    for (const language of locales) {
      const rules = new Intl.PluralRules(language);
      for (const n of counts) expect(takesOne[language](n), `${language} ${n}`).toBe(rules.select(n) === 'one');
    }
  });

  it('groups thousands as Intl.NumberFormat does', async () => {
    const values = [0, 7, -7, 999, 1000, -1000, 12_345, 999_999, 1_000_000, -2_500_000, Number.MAX_SAFE_INTEGER, 12.5, -0];
    for (let n = -2_000_000; n <= 2_000_000; n += 9_973) values.push(n);
    try {
      for (const language of locales) {
        await locale.set(language, false);
        const intl = new Intl.NumberFormat(language);
        for (const value of values) expect(wholeNumber(value), `${language} ${value}`).toBe(intl.format(value));
      }
    } finally {
      await locale.set('en', false);
    }
  });

  it('starts in English', () => {
    expect(locale.current).toBe('en');
  });
});

describe('message catalogue', () => {
  it('has no empty message', () => {
    const walk = (node: object): string[] =>
      Object.values(node).flatMap((v) => (typeof v === 'string' ? [v] : walk(v as object)));
    for (const message of walk(en)) expect(message.trim()).not.toBe('');
    for (const message of walk(lazyWords.en)) expect(message.trim()).not.toBe('');
  });

  it('defines every key the .svelte files use', () => {
    const files = svelteFiles(srcDir);
    expect(files.length).toBeGreaterThan(0);
    const used = new Set<string>();
    for (const file of files) {
      for (const m of readFileSync(file, 'utf8').matchAll(/\bt\(\s*['"]([\w.]+)['"]/g)) used.add(m[1]);
    }
    expect(used.size).toBeGreaterThan(0);
    // The catalogue's, or brought with the chunk of the screens that say them (./lazy.ts).
    const missing = [...used].filter((key) => !hasMessage(key) && !hasMessage(key, lazyWords.en));
    expect(missing).toEqual([]);
  });
});

/** The text a component's markup shows literally, outside `{…}` expressions. */
function literalText(source: string): string[] {
  let markup = source
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '');
  // Expressions may nest braces: strip innermost first until none is left.
  for (let previous = ''; previous !== markup; ) {
    previous = markup;
    markup = markup.replace(/\{[^{}]*\}/g, ' ');
  }
  return markup
    .replace(/<[^>]*>/g, '\n')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /\p{L}/u.test(line));
}

describe('components', () => {
  it('show no literal words: every text comes from the catalogue', () => {
    const offenders = svelteFiles(srcDir)
      .filter((file) => file.endsWith('.svelte'))
      .flatMap((file) => literalText(readFileSync(file, 'utf8')).map((text) => `${file}: ${text}`));
    expect(offenders).toEqual([]);
  });
});
