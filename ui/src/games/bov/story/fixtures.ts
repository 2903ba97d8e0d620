/** A campaign told back, as the rules crate's views give it, for the story's tests. */
import type { GameTold, YearTold } from '$lib/ipc';
import type { BovEvening } from '$lib/ipc/types/BovEvening';
import type { BovStory } from '$lib/ipc/types/BovStory';
import type { BovStoryPoint } from '$lib/ipc/types/BovStoryPoint';
import type { BovYear } from '$lib/ipc/types/BovYear';

export const point = (seq: number, memory: string, more: Partial<BovStoryPoint> = {}): BovStoryPoint => ({
  seq,
  recorded_at: '2026-11-22T20:00:00Z',
  played_on: '2026-11-22',
  memory,
  number: 1,
  outcome: 'success',
  synchronized: false,
  sync: null,
  stickers: [],
  eliminated: [],
  xp_credited: 0,
  xp: 0,
  level: 0,
  levels_reached: [],
  ...more,
});

/** 0.1 won, 0.2 lost then synchronized with a red sync, 0.3 won to level 1 (at 30 XP). */
export function story(): BovStory {
  const points = [
    point(4, '0.1', { xp_credited: 12, xp: 12 }),
    point(9, '0.2', { outcome: 'failure', xp: 12 }),
    point(12, '0.2', { number: 2, outcome: 'failure', synchronized: true, sync: 'red', xp_credited: 5, xp: 17 }),
    point(15, '0.3', { xp_credited: 1234, xp: 1251, level: 1, levels_reached: [1], played_on: '2026-11-23' }),
  ];
  const at = (health: number, more = {}) => ({
    in_play: true,
    eliminated: false,
    health,
    max_health: 4,
    level: 0,
    skills: 0,
    equipped: [],
    ...more,
  });
  return {
    name: 'Venice nights',
    pack_id: 'core',
    xp_max: 2000,
    marks: [
      { level: 1, xp: 30, reached_after: '0.3', point: 3, seq: 15 },
      { level: 2, xp: 1500, reached_after: null, point: null, seq: null },
    ],
    points,
    memories: [
      { memory: '0.1', optional: false, points: [0], done: true, declined: false, stickers: [] },
      { memory: '0.2', optional: false, points: [1, 2], done: true, declined: false, stickers: [] },
      {
        memory: '0.3',
        optional: false,
        points: [3],
        done: true,
        declined: false,
        stickers: [{ id: 'seq', label: 'Sequence complete', label_fr: 'Séquence terminée', earned: true }],
      },
    ],
    assassins: [
      { id: 'alessandra', name: 'Alessandra', at: [at(4), at(2), at(3, { equipped: ['Sword'] }), at(4, { level: 1, skills: 1 })] },
      { id: 'bastiano', name: 'Bastiano', at: [null, null, at(3), at(1, { eliminated: true })] },
    ],
    hq: [
      { unlocked: false, level: 0, contract: null, fulfilled: 0 },
      { unlocked: false, level: 0, contract: null, fulfilled: 0 },
      { unlocked: true, level: 1, contract: 1, fulfilled: 0 },
      { unlocked: true, level: 2, contract: 2, fulfilled: 1 },
    ],
    hq_steps: [{ seq: 14, recorded_at: '2026-11-23T20:00:00Z', after: 3, contract: 1, stars: 3, fulfilled: true, level: 2 }],
    editions: [{ seq: 13, recorded_at: '2026-11-23T19:00:00Z', after: 3, from: 2, to: 3 }],
    xp: 1251,
    level: 1,
  };
}

export const told = (value: unknown, more: Partial<GameTold> = {}): GameTold => ({
  game: 'bov',
  id: 'c1',
  name: 'Venice nights',
  since: null,
  told: value,
  ...more,
});

export function evening(): BovEvening {
  const all = story();
  return {
    name: all.name,
    pack_id: 'core',
    entries: 7,
    attempts: all.points.slice(2),
    memories_done: ['0.2', '0.3'],
    xp_before: 12,
    xp_after: 1251,
    xp_gained: 1239,
    level_before: 0,
    levels_reached: [1],
    cards_gained: [{ assassin: 'Alessandra', card: 'Sword' }],
    cards_lost: [],
    hq_steps: all.hq_steps,
    editions: all.editions,
  };
}

export function year(): YearTold {
  const value: BovYear = {
    evening_gap_hours: 4,
    boxes: [
      {
        pack_id: 'core',
        pack_name: 'Brotherhood of Venice',
        campaigns: ['Venice nights', 'Carnival'],
        memories: [
          { memory: '0.1', attempts: 2, successes: 2, synchronized: 0, success_percent: 100 },
          { memory: '0.2', attempts: 3, successes: 1, synchronized: 1, success_percent: 33 },
        ],
        evenings: 3,
        minutes: 1290,
        first: '2026-01-05T19:00:00Z',
        last: '2026-11-23T23:00:00Z',
        assassins: [{ id: 'alessandra', name: 'Alessandra', attempts: 5, memories_done: 3, eliminations: 1 }],
      },
    ],
  };
  return { game: 'bov', told: value };
}
