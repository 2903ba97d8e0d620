/**
 * Told-back views as bagless-nation's story, evening and year give them
 * (tests only): three players over two rounds, a target each round.
 */
import type { GameTold, YearTold } from '$lib/ipc';
import type { EndCount } from '$lib/ipc/types/nation/EndCount';
import type { Evening, Story, Year } from './told';

const money = (seat: number, cash: number, tiles_value = 0, debt = 0) => ({ seat, cash, debt, tiles_value, running: cash + tiles_value - debt });

export const overCount: EndCount = {
  lines: [
    { seat: 0, name: 'Ann', tiles: [1], tiles_value: 3000, cash: 4000, bonuses: 0, debt: 1000, total: 6000, hit_list: [] },
    { seat: 1, name: 'Bo', tiles: [2], tiles_value: 3000, cash: 2000, bonuses: 5000, debt: 0, total: 10000, hit_list: [{ target: 2, bonus: 5000, earned: true }] },
    { seat: 2, name: 'Cy', tiles: [], tiles_value: 0, cash: 2000, bonuses: 0, debt: 0, total: 2000, hit_list: [] },
  ],
  leaders: [1],
  missing_hit_lists: [],
  closed: true,
  winner: 1,
  duel: null,
};

export function story(more: Partial<Story> = {}): Story {
  return {
    players: ['Ann', 'Bo', 'Cy'],
    phase: 'over',
    rounds: [
      { round: 0, seq: 1, recorded_at: '2026-03-01T20:00:00+00:00', ended: true, money: [money(0, 2000), money(1, 2000), money(2, 2000)] },
      { round: 1, seq: 9, recorded_at: '2026-03-01T20:20:00+00:00', ended: true, money: [money(0, 4000, 3000, 1000), money(1, 2000), money(2, 2000)] },
      { round: 2, seq: 17, recorded_at: '2026-03-01T20:40:00+00:00', ended: true, money: [money(0, 4000, 3000, 1000), money(1, 2000, 3000), money(2, 2000)] },
    ],
    targets: [
      { seq: 7, recorded_at: '2026-03-01T20:15:00+00:00', round: 1, player: 0, target: 1, name: null, value: 3000, gained: 4000 },
      { seq: 15, recorded_at: '2026-03-01T20:35:00+00:00', round: 2, player: 1, target: 2, name: 'The Banker', value: 3000, gained: 3000 },
    ],
    end_count: overCount,
    winner: 1,
    ...more,
  };
}

export function evening(more: Partial<Evening> = {}): Evening {
  return {
    entries: 8,
    rounds: [2],
    rounds_ended: 1,
    targets: [story().targets[1]],
    money: [
      { seat: 0, name: 'Ann', from: 6000, to: 6000, gained: 0 },
      { seat: 1, name: 'Bo', from: 2000, to: 5000, gained: 3000 },
      { seat: 2, name: 'Cy', from: 2000, to: 2000, gained: 0 },
    ],
    set_up: false,
    over: true,
    winner: 1,
    ...more,
  };
}

export function year(more: Partial<Year> = {}): Year {
  return {
    games: 3,
    finished: 2,
    players: [
      { name: 'Bo', played: 3, finished: 2, wins: 2 },
      { name: 'Ann', played: 2, finished: 2, wins: 0 },
    ],
    ...more,
  };
}

export const told = (view: Story | Evening, since: string | null = null): GameTold => ({ game: 'nation', id: 'n1', name: 'Friday contracts', since, told: view });
export const yearTold = (view: Year = year()): YearTold => ({ game: 'nation', told: view });
