import { afterEach, describe, expect, it } from 'vitest';
import { locale } from '$lib/i18n/index.svelte';
import { chosenId, describeKey, enemyLabel, facesFrom, guardsCode, guardsLabel, idOf, OTHER, parseKey, slug, weaponLabel, withBounds } from './words';

afterEach(() => locale.set('en', false));

describe('the values Bagless asks for', () => {
  it('reads each kind of key', () => {
    expect(parseKey('reinforcement.3.5.calm.a')).toEqual({
      key: 'reinforcement.3.5.calm.a',
      kind: 'guards',
      players: 3,
      card: 5,
      column: 'calm',
      entrance: 'a',
    });
    expect(parseKey('die.assassin.special')).toMatchObject({ kind: 'number', what: 'die_assassin_special' });
    expect(parseKey('enemy.elite.health')).toMatchObject({ kind: 'number', subject: 'elite' });
    expect(parseKey('enemy.elite.dice')).toMatchObject({ kind: 'number', what: 'enemy_dice' });
    expect(parseKey('weapon.hidden_blade.dice')).toMatchObject({ kind: 'number', what: 'weapon_dice' });
    // A number's bounds are its refusal's, as the rules have them.
    expect(withBounds(parseKey('enemy.elite.health')!, { key: 'enemy.elite.health', min: '1', max: '10' })).toMatchObject({ min: 1, max: 10 });
    expect(withBounds(parseKey('enemy.elite.ranged')!, { min: '0', max: '1' })).not.toHaveProperty('min');
    expect(parseKey('enemy.elite.ranged')).toMatchObject({ kind: 'flag', what: 'enemy_ranged' });
    expect(parseKey('weapon.pistol.exposes')).toMatchObject({ kind: 'flag', what: 'weapon_exposes', subject: 'pistol' });
    expect(parseKey('reinforcement.3.5.red.a')).toBeNull();
    expect(parseKey('x')).toBeNull();
  });

  it('words them in English and French', () => {
    expect(describeKey('weapon.hidden_blade.alerts')).toBe('the weapon “Hidden blade” bears the icon that sets the alert');
    expect(describeKey('weapon.long_sword.dice')).toContain('“long sword”');
    locale.set('fr', false);
    expect(describeKey('reinforcement.2.8.alert.d')).toBe('carte Renfort 8 pour 2 Assassins, colonne alerte, entrée D');
    expect(describeKey('enemy.agile.health')).toBe('santé de l’Ennemi «\u00a0Garde Agile\u00a0»');
    expect(describeKey('enemy.crossbowman.ranged')).toContain('Arbalétrier');
  });
});

describe('small words', () => {
  it('says a card’s line', () => {
    expect(guardsLabel({ guard: 'elite', count: 2 })).toBe('2 elites');
    expect(guardsLabel({ guard: 'crossbowman', count: 1 })).toBe('1 crossbowman');
    expect(guardsLabel({ guard: null, count: 0 })).toBe('no guard');
    expect(guardsLabel(null)).toBe('not known yet');
    expect(guardsCode({ guard: 'elite', count: 2 })).toBe('elite:2');
    expect(guardsCode({ guard: null, count: 0 })).toBe('none');
    expect(guardsCode(null)).toBe('');
  });

  it('turns counts of faces into the dice rolled', () => {
    expect(
      facesFrom(
        [
          ['hit', 2],
          ['riposte', 1],
        ],
        'blank',
        0,
      ),
    ).toEqual(['hit', 'hit', 'riposte']);
    expect(facesFrom([['detected', 1]], 'blank', 3)).toEqual(['detected', 'blank', 'blank']);
    // Too many faces typed: one past the dice, for the rules to refuse.
    expect(facesFrom([['detected', 100000000]], 'blank', 3).length).toBeLessThan(100);
  });

  it('writes ids as the core spells them', () => {
    expect(slug('Hidden Blade')).toBe('hidden_blade');
    expect(slug('  Arbalétrier ')).toBe('arbaletrier');
  });

  it('reads a name typed as an id the rules know, by its id or its name in the players’ language', () => {
    const known = ['crossbowman', 'elite', 'agile'];
    expect(idOf('Crossbowman', known, enemyLabel)).toBe('crossbowman');
    expect(idOf('Arbalétrier', known, enemyLabel)).toBe('arbaletrier');
    locale.set('fr', false);
    expect(enemyLabel('crossbowman')).toBe('Arbalétrier');
    expect(enemyLabel('brute')).toBe('brute');
    expect(weaponLabel('hidden_blade')).toBe('Lame secrète');
    expect(idOf(' arbalétrier ', known, enemyLabel)).toBe('crossbowman');
    expect(idOf('Brute épaisse', known, enemyLabel)).toBe('brute_epaisse');
    expect(chosenId({ pick: 'elite', other: 'x' }, known, enemyLabel)).toBe('elite');
    expect(chosenId({ pick: OTHER, other: 'Garde Agile' }, known, enemyLabel)).toBe('agile');
    expect(chosenId({ pick: '', other: '' }, known, enemyLabel)).toBe('');
  });
});
