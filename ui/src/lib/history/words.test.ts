import { afterEach, describe, expect, it } from 'vitest';
import type { HistoryLine } from '$lib/ipc';
import { locale } from '$lib/i18n/index.svelte';
import { gameWords } from './words';

const line = (key: string, params: Record<string, string>): HistoryLine => ({ kind: 'edition_changed', key, params, places: {} });

/**
 * A memory of edition 1 stepping straight to 4 (its history's step and the
 * lines the app puts under it, one per edition passed): each edition's
 * change is said, not the last one's only.
 */
const step = line('edition_changed', { from: '1', to: '4' });
const passed = [2, 3, 4].map((to) => line('rules_edition', { from: String(to - 1), to: String(to) }));

afterEach(async () => {
  await locale.set('en', false);
});

describe('an edition step in a game’s history', () => {
  it('en: the step, then what each edition passed changed', () => {
    const say = gameWords('memory');
    expect(say(step)).toBe('The rules move to their edition 4 (edition 1 until here).');
    const said = passed.map(say);
    expect(said[0]).toMatch(/^What edition 2 of the rules changed \(after edition 1\): leaving the map through a fast travel station costs 1 cube/);
    expect(said[1]).toMatch(/^What edition 3 of the rules changed \(after edition 2\): in a coordinated attack/);
    expect(said[2]).toMatch(/^What edition 4 of the rules changed \(after edition 3\): a reinforcement card’s guards come from the column/);
  });

  it('fr: the step, then what each edition passed changed', async () => {
    await locale.set('fr', false);
    const say = gameWords('memory');
    expect(say(step)).toBe('Les règles passent à leur édition 4 (édition 1 jusqu’ici).');
    const said = passed.map(say);
    expect(said[0]).toMatch(/^Ce que change l’édition 2 des règles \(après l’édition 1\)\u00a0: quitter la carte/);
    expect(said[1]).toMatch(/^Ce que change l’édition 3 des règles \(après l’édition 2\)\u00a0: en Attaque Coordonnée/);
    expect(said[2]).toMatch(/^Ce que change l’édition 4 des règles \(après l’édition 3\)\u00a0: les gardes d’une carte Renfort/);
  });

  it('an edition its game has no words for is left out', () => {
    expect(gameWords('memory')(line('rules_edition', { from: '8', to: '9' }))).toBeNull();
  });
});
