import { describe, expect, it } from 'vitest';
import { ALL, pack } from '../fixtures';
import { MAP_HEIGHT, MAP_WIDTH, POSITIONS, REGIONS, TOKEN_HEIGHT, TOKEN_WIDTH, borderLines } from './layout';

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
    // The titles' bold face at 17 map units: at most about 0.62 of that a
    // letter, capitals 0.7 of it tall above the line (a descender runs under
    // the tokens' row, not into a token).
    const LETTER = 17 * 0.62;
    const CAPITALS = 17 * 0.7;
    const under: string[] = [];
    for (const region of pack.regions) {
      const { label, anchor } = REGIONS[region.id];
      for (const name of [region.name.en, region.name.fr]) {
        const width = `${name} +10`.length * LETTER;
        const left = anchor === 'end' ? label[0] - width : label[0];
        const [top, bottom] = [label[1] - CAPITALS, label[1]];
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
