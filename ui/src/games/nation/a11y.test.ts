/**
 * axe-core on each state of the game's screen and on the set-up form, in
 * jsdom (colour contrast is left to the e2e run in the real window, where
 * the styles are computed): every control labelled, ids unique, ARIA valid.
 */
import { render, screen as dom } from '@testing-library/svelte';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { NationView } from '$lib/ipc';
import { attempt, endCount, msr, pyramid, screen, setupOffer, view } from './fixtures';

const ipc = vi.hoisted(() => ({ nationOpen: vi.fn(), nationAct: vi.fn(), nationCreate: vi.fn(), nationSetup: vi.fn() }));
vi.mock('$lib/ipc', async (original) => ({ ...(await original<typeof import('$lib/ipc')>()), ...ipc }));
vi.mock('$games/nation/ipc', async (original) => ({ ...(await original<typeof import('$games/nation/ipc')>()), ...ipc }));

const NationGame = (await import('./NationGame.svelte')).default;
const NewNationGame = (await import('./NewNationGame.svelte')).default;

async function violations(container: HTMLElement): Promise<string[]> {
  const result = await axe.run(container, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    resultTypes: ['violations'],
  });
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const taken = pyramid().map((t) => ({ ...t, holder: t.id % 3, available: false }));
const states: [string, NationView][] = [
  ['intel', view()],
  ['assassination', view({ phase: 'assassination', players: view().players.map((p) => ({ ...p, declared: p.seat === 1 })) })],
  [
    'reveal',
    view({
      phase: 'reveal',
      storytelling: true,
      attempts: [
        attempt(0, { conflict: true, msr_if_doubted: msr({ need: 4, chance: 0.5 }) }),
        attempt(1, { conflict: true, time: 800, status: 'failed', dice: [1] }),
        attempt(2, { target: 3, status: 'missed' }),
      ],
      waiting: { type: 'resolve', players: [0] },
    }),
  ],
  ['tie', view({ phase: 'reveal', attempts: [attempt(0, { conflict: true }), attempt(1, { conflict: true })], waiting: { type: 'tie_roll', target: 1, players: [0, 1] } })],
  ['count', view({ phase: 'count', pyramid: taken, end_count: endCount({ missing_hit_lists: [1, 2] }) })],
  ['over', view({ phase: 'over', pyramid: taken, winner: 1, end_count: endCount({ leaders: [1], missing_hit_lists: [], closed: true, winner: 1 }) })],
  [
    'duel',
    view({
      phase: 'assassination',
      duel: { players: [0, 2], round: 1 },
      pyramid: taken,
      offers: { ...view().offers, order: [0, 2] },
      end_count: endCount({ leaders: [0, 2], missing_hit_lists: [], closed: true, duel: { players: [0, 2], round: 1 } }),
    }),
  ],
];

beforeEach(() => {
  for (const f of Object.values(ipc)) f.mockReset();
});

describe('accessibility (axe in jsdom)', () => {
  for (const [name, v] of states) {
    it(`the game's screen: ${name}`, async () => {
      ipc.nationOpen.mockResolvedValue(screen(v));
      const { container } = render(NationGame, { gameId: 'g1' });
      await dom.findByTestId('nation-pyramid');
      const adjust = container.querySelector('details');
      if (adjust) adjust.open = true;
      expect(await violations(container)).toEqual([]);
    });
  }

  it('the set-up form', async () => {
    ipc.nationSetup.mockResolvedValue(setupOffer());
    const { container } = render(NewNationGame, { oncreated: vi.fn() });
    // Audited with the rules' offer in: the players' controls shown.
    await dom.findByTestId('nation-new-add-player');
    expect(await violations(container)).toEqual([]);
  });
});
