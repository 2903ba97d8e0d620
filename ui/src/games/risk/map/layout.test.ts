import { describe, expect, it } from 'vitest';
import { ALL, pack } from '../fixtures';
import { riskEn } from '../i18n/en';
import { riskFr } from '../i18n/fr';
import { MAP_HEIGHT, MAP_WIDTH, POSITIONS, REGIONS, TOKEN_HEIGHT, TOKEN_WIDTH, borderLines, landPath } from './layout';

describe('the map’s layout', () => {
  it('places each of the 42 territories, and only them', () => {
    expect(Object.keys(POSITIONS).sort()).toEqual([...ALL].sort());
    expect(Object.keys(REGIONS).sort()).toEqual(pack.regions.map((r) => r.id).sort());
  });

  it('keeps every token inside the map, none over another', () => {
    const overlaps: string[] = [];
    for (const [id, [x, y]] of Object.entries(POSITIONS)) {
      expect(x - TOKEN_WIDTH / 2, id).toBeGreaterThanOrEqual(0);
      expect(x + TOKEN_WIDTH / 2, id).toBeLessThanOrEqual(MAP_WIDTH);
      expect(y - TOKEN_HEIGHT / 2, id).toBeGreaterThanOrEqual(0);
      expect(y + TOKEN_HEIGHT / 2, id).toBeLessThanOrEqual(MAP_HEIGHT);
      for (const [other, [ox, oy]] of Object.entries(POSITIONS)) {
        if (other <= id) continue;
        if (Math.abs(x - ox) < TOKEN_WIDTH + 4 && Math.abs(y - oy) < TOKEN_HEIGHT + 4) overlaps.push(`${id}/${other}`);
      }
    }
    expect(overlaps).toEqual([]);
  });

  it('keeps each region’s label, with the largest bonus after it, off the tokens', () => {
    // The titles' bold face at 17 map units (DejaVu Serif Bold where the
    // book face is missing, the wider): about 0.66 of that a letter, 0.78 of
    // it tall above the line for accents and ascenders (a descender runs
    // under the tokens' row, not into a token).
    const LETTER = 17 * 0.66;
    const ASCENT = 17 * 0.78;
    const under: string[] = [];
    for (const region of pack.regions) {
      const { label, anchor } = REGIONS[region.id];
      for (const name of [region.name.en, region.name.fr]) {
        const width = `${name} +10`.length * LETTER;
        const left = anchor === 'end' ? label[0] - width : label[0];
        const [top, bottom] = [label[1] - ASCENT, label[1]];
        for (const [id, [x, y]] of Object.entries(POSITIONS)) {
          const apart =
            left + width <= x - TOKEN_WIDTH / 2 || left >= x + TOKEN_WIDTH / 2 || bottom <= y - TOKEN_HEIGHT / 2 || top >= y + TOKEN_HEIGHT / 2;
          if (!apart) under.push(`${name}/${id}`);
        }
        expect(left, name).toBeGreaterThanOrEqual(0);
        expect(left + width, name).toBeLessThanOrEqual(MAP_WIDTH);
      }
    }
    expect(under).toEqual([]);
  });

  it('shows each territory’s name on its token in two lines at most, in both languages', () => {
    // A token's name in the default 1280-px window (a narrower one shows
    // one line of it: RiskMap.svelte): 10 px, where the map is about 812 px
    // wide, so 12.3 map units; its text box is 79 units wide (the token less
    // its padding and borders). A letter of the desktop's sans-serif (DejaVu
    // Sans) is about 0.58 of that, on average. Lines break at spaces and
    // after hyphens.
    const BOX = 79;
    const LETTER = 12.3 * 0.58;
    const lines = (name: string): number => {
      const pieces = name.split(/(?<=-)|\s+/).filter((p) => p !== '');
      let count = 0;
      let line = '';
      for (const piece of pieces) {
        const joined = line === '' ? piece : line.endsWith('-') ? line + piece : `${line} ${piece}`;
        if (line !== '' && joined.length * LETTER <= BOX) line = joined;
        else {
          count += Math.max(1, Math.ceil((piece.length * LETTER) / BOX));
          line = piece;
        }
      }
      return count;
    };
    const shortened: Record<'en' | 'fr', Record<string, string>> = { en: riskEn.map.token_name, fr: riskFr.map.token_name };
    const long: string[] = [];
    for (const territory of pack.territories) {
      for (const language of ['en', 'fr'] as const) {
        const whole = territory.name[language];
        const shown = shortened[language][territory.id] ?? whole;
        if (lines(shown) > 2) long.push(`${language} ${shown}`);
        // A token's own name only where the pack's does not fit.
        if (shown !== whole) expect(lines(whole), `${language} ${whole}`).toBeGreaterThan(2);
      }
    }
    expect(long).toEqual([]);
    // Each token name is a territory's.
    for (const language of ['en', 'fr'] as const) {
      for (const id of Object.keys(shortened[language])) expect(ALL, id).toContain(id);
    }
  });

  it('draws a border across the whole map as two stubs leaving by the edges', () => {
    expect(borderLines('alaska', 'kamchatka')).toEqual([
      [POSITIONS.alaska[0], POSITIONS.alaska[1], 0, POSITIONS.alaska[1]],
      [POSITIONS.kamchatka[0], POSITIONS.kamchatka[1], MAP_WIDTH, POSITIONS.kamchatka[1]],
    ]);
    expect(borderLines('peru', 'brazil')).toHaveLength(1);
  });

  it('keeps each territory within reach of its region’s others (the lands are drawn around them)', () => {
    for (const region of pack.regions) {
      const members = pack.territories.filter((t) => t.region === region.id).map((t) => POSITIONS[t.id]);
      for (const [x, y] of members) {
        const nearest = Math.min(
          ...members.filter(([ox, oy]) => ox !== x || oy !== y).map(([ox, oy]) => Math.hypot(ox - x, oy - y)),
        );
        expect(nearest, region.id).toBeLessThan(160);
      }
    }
  });
});

describe('landPath', () => {
  it('draws a territory’s land as one closed ellipse round its position', () => {
    expect(landPath([100, 50])).toBe('M38 50a62 42 0 1 0 124 0a62 42 0 1 0 -124 0Z');
    expect(landPath([10, 20], 5, 3)).toBe('M5 20a5 3 0 1 0 10 0a5 3 0 1 0 -10 0Z');
  });
});
