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
