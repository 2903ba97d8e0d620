import { describe, expect, it } from 'vitest';
import type { NationView } from '$lib/ipc';
import type { EndCount } from '$lib/ipc/types/nation/EndCount';
import { countOf, leadersOf } from './count';
import { view } from './fixtures';

describe('the end count', () => {
  it('uses the rules crate’s count when the view sends it', () => {
    const end_count: EndCount = {
      lines: [0, 1, 2].map((seat) => ({
        seat,
        name: ['Ann', 'Bo', 'Cy'][seat],
        tiles: [seat + 1],
        tiles_value: 3000,
        cash: 1000,
        bonuses: seat === 1 ? 2000 : 0,
        debt: 0,
        total: seat === 1 ? 6000 : 4000,
        hit_list: seat === 2 ? null : [],
      })),
      leaders: [1],
      missing_hit_lists: [2],
      closed: false,
      winner: null,
      duel: null,
    };
    const count = countOf({ ...view({ phase: 'count' }), end_count } as NationView);
    expect(count.lines[1]).toMatchObject({ bonuses: 2000, total: 6000, shown: true });
    expect(count.lines[2].shown).toBe(false);
    expect(count.leaders).toEqual([1]);
    expect(count.missing).toEqual([2]);
  });

  it('without it, counts tiles and cash minus debt, bonuses unknown, and names no leader before the close', () => {
    const players = view().players.map((p) => ({ ...p, tiles_value: 3000 * p.seat, debt: p.seat === 2 ? 1000 : 0 }));
    const counting = countOf(view({ phase: 'count', players }));
    expect(counting.lines.map((l) => l.total)).toEqual([2000, 5000, 7000]);
    expect(counting.lines[0].bonuses).toBeNull();
    expect(counting.leaders).toEqual([]);
    const over = countOf(view({ phase: 'over', players, winner: 2 }));
    expect(over).toMatchObject({ winner: 2, leaders: [2], closed: true });
    const duel = countOf(view({ phase: 'intel', players, duel: { players: [0, 1], round: 1 } }));
    expect(duel.leaders).toEqual([0, 1]);
  });

  it('finds every player with the most money', () => {
    expect(leadersOf([3, 5, 5])).toEqual([1, 2]);
    expect(leadersOf([])).toEqual([]);
  });
});
