import { describe, expect, it } from 'vitest';
import { pageOf, thinned } from './thin';

describe('a line thinned to the chart', () => {
  it('is kept whole when it fits', () => {
    expect(thinned([3, 1, 4, 1, 5], 100)).toEqual([0, 1, 2, 3, 4]);
  });

  it('keeps the first and last points, and every peak and trough, of a line longer than the chart is wide', () => {
    // 1,354 turns as the 20,000-event game has, a spike and a dip hidden
    // among them.
    const values = Array.from({ length: 1354 }, (_, i) => 14 + (i % 3));
    values[777] = 40;
    values[1001] = 0;
    const kept = thinned(values, 400);
    expect(kept.length).toBeLessThanOrEqual(400);
    expect(kept.length).toBeGreaterThan(100);
    expect(kept[0]).toBe(0);
    expect(kept[kept.length - 1]).toBe(1353);
    expect(kept).toContain(777);
    expect(kept).toContain(1001);
    // In order, no point twice.
    expect(kept).toEqual([...new Set(kept)].sort((a, b) => a - b));
    const shown = kept.map((i) => values[i]);
    expect(Math.max(...shown)).toBe(40);
    expect(Math.min(...shown)).toBe(0);
  });

  it('finds the page of a row', () => {
    expect(pageOf(0, 25)).toBe(0);
    expect(pageOf(24, 25)).toBe(0);
    expect(pageOf(25, 25)).toBe(1);
    expect(pageOf(1353, 25)).toBe(54);
  });
});
