/**
 * axe-core on each state of the memory's screen, in jsdom (colour contrast
 * is left to the e2e run in the real window): every control labelled, ids
 * unique, ARIA valid.
 */
import { render, screen as dom } from '@testing-library/svelte';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MemoryView } from '$lib/ipc';
import { drawn, screen, view } from './fixtures';

const ipc = vi.hoisted(() => ({ memoryOpen: vi.fn(), openDiary: vi.fn() }));
vi.mock('$lib/ipc', async (original) => ({ ...(await original<typeof import('$lib/ipc')>()), ...ipc }));
vi.mock('$games/memory/ipc', async (original) => ({ ...(await original<typeof import('$games/memory/ipc')>()), ...ipc }));
vi.mock('$games/bov/ipc', async (original) => ({ ...(await original<typeof import('$games/bov/ipc')>()), ...ipc }));

const MemoryGame = (await import('./MemoryGame.svelte')).default;

async function violations(container: HTMLElement): Promise<string[]> {
  const result = await axe.run(container, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    resultTypes: ['violations'],
  });
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const entry = {
  entrance: null,
  enemies: 2,
  bodies: 0,
  entering: 1,
  entered: 1,
  blocked: 0,
  bodies_removed: 0,
  body_dice: 0,
  incognito: ['bastiano'],
  detection_dice: 3,
};
const roll = {
  assassin: 'alessandra',
  weapon: 'sword',
  faces: ['special' as const, 'riposte' as const],
  by_bagless: true,
  on_target_square: true,
  paid: 'grouped' as const,
  hits: 1,
  special: true,
  riposte: true,
  exposes: true,
  alerts: false,
};
const states: [string, MemoryView][] = [
  ['assassin phase, an entry', view({ entry })],
  ['a card drawn, lines asked', drawn()],
  [
    'hits to give',
    view({
      waiting: { type: 'assign_hits' },
      attack: {
        attack: { turn: 1, attackers: [roll], enemies: [{ enemy: 'elite', health: 2, hits: 0, eliminated: false }], bonus_hits: 0, riposte: [], stage: 'hits' },
        coordinated: false,
        total_hits: 1,
        suggested_hits: [0],
        bonus_hits: false,
        bonus: { fewest: 0, most: 0 },
        hits: { fewest: 0, most: 1 },
      },
    }),
  ],
  [
    'riposte',
    view({
      step: 'combat',
      waiting: { type: 'riposte' },
      attack: {
        attack: {
          turn: 1,
          attackers: [roll, { ...roll, assassin: 'bastiano' }],
          enemies: [{ enemy: 'elite', health: 2, hits: 1, eliminated: false }],
          bonus_hits: 0,
          riposte: [
            { assassin: 'alessandra', dice: 1, faces: [], hits: null },
            { assassin: 'bastiano', dice: 1, faces: [], hits: null },
          ],
          stage: 'riposte',
        },
        coordinated: true,
        total_hits: 1,
        suggested_hits: [],
        bonus_hits: false,
        bonus: { fewest: 0, most: 0 },
        hits: { fewest: 0, most: 1 },
      },
    }),
  ],
  [
    'over',
    view({
      step: 'over',
      waiting: { type: 'nothing' },
      attempt: { campaign_id: 'c1', memory: '0.3', outcome: 'failure', reason: 'all_eliminated', difficulty: 'normal', eliminated: ['alessandra'], critical: [], turns: 3 },
    }),
  ],
];

beforeEach(() => {
  ipc.openDiary.mockResolvedValue({ assassins: [] });
});

describe('the memory screen is accessible', () => {
  for (const [name, v] of states) {
    it(name, async () => {
      ipc.memoryOpen.mockResolvedValue(screen(v));
      const { container } = render(MemoryGame, { gameId: 'g1' });
      await dom.findByTestId('memory-track');
      expect(await violations(container)).toEqual([]);
      // axe walks the whole screen (the arrival form too): slow on a busy machine.
    }, 60_000);
  }
});
