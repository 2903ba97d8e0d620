import { afterEach, describe, expect, it } from 'vitest';
import { locale } from '$lib/i18n/index.svelte';
import { describeKey, hhmm, money, parseKey, parseTime, percent, signed, slug, slugs, pyramidAspect, pyramidShape, tilePlace, withBounds } from './words';
import { pyramid } from './fixtures';

afterEach(() => locale.set('en', false));

describe('money, MSR and times in the players’ words', () => {
  it('writes dollars as each language does', () => {
    expect(money(3000)).toBe('$3,000');
    expect(money(-2000)).toBe('\u2212$2,000');
    locale.set('fr', false);
    expect(money(10000)).toMatch(/^10\s000\u00a0\$$/u);
  });

  it('signs MSR changes and writes chances as percentages', () => {
    expect([signed(1), signed(-1), signed(0)]).toEqual(['+1', '\u22121', '0']);
    expect(percent(4 / 6)).toBe('67%');
    expect(percent(1 - 16 / 36)).toBe('56%');
  });

  it('reads times as printed (HHMM) and refuses what is no time of day', () => {
    expect(parseTime('0815')).toBe(815);
    expect(parseTime('13:45')).toBe(1345);
    expect(parseTime('8h15')).toBe(815);
    expect(parseTime('')).toBeUndefined();
    expect(parseTime('2460')).toBeNull();
    expect(parseTime('soon')).toBeNull();
    expect(hhmm(815)).toBe('08:15');
  });

  it('spells card ids as the core does', () => {
    expect(slug(' Sniper Rifle ')).toBe('sniper_rifle');
    expect(slug('Poisón')).toBe('poison');
    expect(slugs('stealth, Double Tap,,')).toEqual(['stealth', 'double_tap']);
  });
});

describe('values Bagless asks for', () => {
  it('reads the core’s keys and what each takes', () => {
    expect(parseKey('target.3.msr')).toMatchObject({ what: 'target_msr', subject: '3' });
    // The field, bounds and words are the refusal's, as the rules have them.
    expect(withBounds(parseKey('target.3.msr')!, { key: 'target.3.msr', input: 'number', min: '-5', max: '5' })).toMatchObject({
      input: 'number',
      min: -5,
      max: 5,
    });
    expect(withBounds(parseKey('weapon.rope.time')!, { key: 'weapon.rope.time', input: 'time' })).toMatchObject({ input: 'time', min: undefined, max: undefined });
    expect(parseKey('weapon.rope.time')).toMatchObject({ what: 'weapon_time', subject: 'rope' });
    expect(withBounds(parseKey('weapon.rope.noise')!, { input: 'noise', choices: 'loud,silent' })).toMatchObject({ input: 'noise', choices: ['loud', 'silent'] });
    expect(withBounds(parseKey('specialist.2.weapon')!, { input: 'slug' }).input).toBe('weapon');
    expect(withBounds(parseKey('weapon.rope.cause')!, { input: 'slug' }).input).toBe('slug');
    expect(parseKey('nonsense')).toBeNull();
  });

  it('words them in the current language', () => {
    expect(describeKey('target.3.msr')).toBe('the MSR adjustment printed on target 3');
    expect(describeKey('weapon.sniper_rifle.time')).toBe('the time of death printed on the Sniper Rifle (HHMM)');
    locale.set('fr', false);
    expect(describeKey('weapon.knife.msr')).toContain('Couteau');
  });
});

describe('the pyramid as a picture', () => {
  it('rests each tile on the two below it, rows overlapping by a quarter', () => {
    const tiles = pyramid();
    const shape = pyramidShape(tiles);
    expect(shape).toEqual({ rows: 4, bottom: 6 });
    const at = (id: number) => tilePlace(shape, tiles[id - 1]);
    // Row 1: six tiles side by side.
    expect(at(1).left).toBe(0);
    expect(at(6).left + at(6).width).toBeCloseTo(100);
    // Target 7 (row 2, first) sits between targets 1 and 2.
    expect(at(7).left).toBeCloseTo((at(1).left + at(2).left) / 2);
    expect(at(7).top).toBeLessThan(at(1).top);
    // The top row's three tiles are centred.
    expect(at(16).left).toBeCloseTo(100 - (at(18).left + at(18).width));
    expect(at(18).top).toBe(0);
    expect(at(1).top + at(1).height).toBeCloseTo(100);
    expect(pyramidAspect(shape)).toBeGreaterThan(1);
  });
});
