/**
 * The told-back screens' words (issue 57) are out of the catalogue, in the
 * first bundle no more, and each screen brings them when its chunk loads,
 * before its first `t` (./lazy.ts). Each case starts from a fresh module
 * registry, as a window does: nothing brought yet.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from './en';
import { lazyWords } from './lazy-words';

type Node = string | { readonly [key: string]: Node };
const keys = (node: Node, prefix = ''): string[] =>
  typeof node === 'string'
    ? [prefix]
    : Object.entries(node).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));

/** A screen's module, and a word of each place it says. */
const screens: [string, () => Promise<unknown>, string[]][] = [
  ['the evening', () => import('$lib/told/Evening.svelte'), ['told.evening.closing', 'told.chart.marks']],
  ['the year', () => import('$lib/told/Year.svelte'), ['told.year.heading']],
  ['a chart', () => import('$lib/charts/TableTwin.svelte'), ['told.chart.marks']],
  ['RISK’s story', () => import('$games/risk/told/Story.svelte'), ['risk.told.eyebrow', 'risk.told.table_heading']],
  ['RISK’s evening card', () => import('$games/risk/told/Evening.svelte'), ['risk.told.evening.no_turn']],
  ['RISK’s year', () => import('$games/risk/told/Year.svelte'), ['risk.told.year.col_wins']],
  ['Nation’s story', () => import('$games/nation/told/Story.svelte'), ['nation.told.count_heading']],
  ['Nation’s evening card', () => import('$games/nation/told/Evening.svelte'), ['nation.told.evening_nothing']],
  ['Nation’s year', () => import('$games/nation/told/Year.svelte'), ['nation.told.year_wins']],
  ['a campaign’s story', () => import('$games/bov/story/Story.svelte'), ['bov_story.heading', 'told.chart.marks']],
  ['a campaign’s evening card', () => import('$games/bov/story/Evening.svelte'), ['bov_story.evening.attempts']],
  ['a campaign’s year', () => import('$games/bov/story/Year.svelte'), ['bov_story.year.heading']],
];

afterEach(() => vi.resetModules());

describe('words brought with a chunk', () => {
  it('are not in the catalogue, but the links to their screens are', () => {
    const catalogue = new Set(keys(en));
    const brought = keys(lazyWords.en);
    expect(brought.length).toBeGreaterThan(100);
    expect(brought.filter((key) => catalogue.has(key))).toEqual([]);
    expect(en.told.evening.open).toBe('This evening');
    expect(en.risk.told.to_story).toBe('Story');
    expect(en.nation.told.to_story).toBe('The story');
    expect(en.bov_story.open).toBe('Its story');
  });

  it.each(screens)('come with %s, in English and French', async (_name, load, said) => {
    vi.resetModules();
    const i18n = await import('./index.svelte');
    expect(said.map((key) => i18n.tDynamic(key))).toEqual(said.map(() => null));
    await load();
    const words = (lang: 'en' | 'fr') =>
      said.map((key) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], lazyWords[lang]));
    expect(said.map((key) => i18n.tDynamic(key))).toEqual(words('en'));
    await i18n.locale.set('fr', false);
    expect(said.map((key) => i18n.tDynamic(key))).toEqual(words('fr'));
    expect(words('fr')).not.toEqual(words('en'));
  });

  it('sit beside the catalogue’s words of the same place', async () => {
    vi.resetModules();
    const i18n = await import('./index.svelte');
    await import('$games/risk/told/i18n/bring');
    expect(i18n.t('risk.told.to_story')).toBe('Story');
    expect(i18n.t('risk.told.title', { name: 'Firenze' })).toBe('Firenze: its story');
    expect(i18n.t('risk.box')).toBe('RISK Assassin’s Creed');
  });
});
