/** What the library answers an import with, for the tests. */
import type { CampaignSummary, GameHistory, HistoryEntry, HistoryLine, Imported } from '$lib/ipc';

export const PATH = '/home/ezio/exports/Venice-nights-2026-12-01.bagless.json';

export function summary(more: Partial<CampaignSummary> = {}): CampaignSummary {
  return {
    id: 'c1',
    name: 'Venice nights',
    game: 'bov',
    pack_id: 'core',
    pack_name: 'Brotherhood of Venice',
    assassins: ['Dariâ'],
    created_at: '2026-11-20T20:00:00Z',
    deleted_at: null,
    last_played_on: '2026-11-27',
    xp: 10,
    level: 1,
    next_memory: '1.1',
    memories_done: 1,
    main_memories: 12,
    round: 0,
    leaders: [],
    over: false,
    ...more,
  };
}

export const line = (key: string, params: Record<string, string> = {}): HistoryLine => ({
  kind: key,
  key,
  params,
  places: {},
});

export function entry(seq: number, l: HistoryLine, more: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    seq,
    recorded_at: `2026-11-28T21:${String(seq).padStart(2, '0')}:00Z`,
    line: l,
    details: [],
    status: 'done',
    undone_at: null,
    next_redo: false,
    can_go_back_here: false,
    overridden: false,
    ...more,
  };
}

export function history(entries: HistoryEntry[], more: Partial<GameHistory> = {}): GameHistory {
  return {
    game: 'bov',
    id: 'c1',
    name: 'Venice nights',
    in_bin: false,
    entries,
    older: 0,
    can_undo: false,
    can_redo: false,
    ...more,
  };
}

export function imported(how: Imported['how'], more: Partial<Imported> = {}): Imported {
  return { how, path: PATH, game: summary(), before: null, copy: null, since: null, fork: null, ...more };
}

/** Played on elsewhere: two memories, a level reached. */
export const broughtUpToDate = imported('brought_up_to_date', {
  before: summary(),
  game: summary({ xp: 25, level: 2, memories_done: 3, next_memory: '1.3' }),
  since: history([
    entry(14, line('attempt_success', { memory: '1.2', xp: '7' }), {
      details: [line('level_reached', { level: 'II', memory: '1.2' })],
    }),
    entry(12, line('attempt_success', { memory: '1.1', xp: '8' })),
  ]),
});

/** Played both here and in the file since entry 11. */
export const wentDifferentWays = imported('went_different_ways', {
  fork: {
    common: 11,
    here: history([entry(12, line('attempt_failure', { memory: '1.1' }))]),
    there: history([
      entry(14, line('attempt_success', { memory: '1.2', xp: '7' })),
      entry(12, line('attempt_success', { memory: '1.1', xp: '8' })),
    ]),
  },
});
