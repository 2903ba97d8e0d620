/**
 * axe-core on the dice race's board (playing and won), its new-game form and
 * its seat page, in jsdom (colour contrast is left to the e2e run): every
 * control labelled, ids unique, ARIA valid.
 */
import { render, screen } from '@testing-library/svelte';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';

const ipc = vi.hoisted(() => ({ gameOpen: vi.fn(), tableStatus: vi.fn() }));
vi.mock('$lib/ipc', async (original) => ({ ...(await original<typeof import('$lib/ipc')>()), ...ipc }));

const { testGames } = await import('./shelf');
testGames();
const DiceRace = (await import('./DiceRace.svelte')).default;
const NewDiceRace = (await import('./NewDiceRace.svelte')).default;
const DiceSeat = (await import('./DiceSeat.svelte')).default;

async function violations(container: HTMLElement): Promise<string[]> {
  const result = await axe.run(container, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    resultTypes: ['violations'],
  });
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const view = { players: ['Ana', 'Bruno'], totals: [5, 2], target: 8, next: 0, winner: null as number | null, can_roll: true };

describe('the dice race’s screens, for everyone', () => {
  it.each([
    ['playing', view],
    ['won', { ...view, totals: [9, 2], winner: 0, can_roll: false }],
  ])('has no violation on its board (%s)', async (_, shown) => {
    ipc.tableStatus.mockResolvedValue(null);
    ipc.gameOpen.mockResolvedValue({ id: 'r-1', name: 'Sunday race', in_bin: false, view: shown });
    const { container } = render(DiceRace, { gameId: 'r-1' });
    await screen.findByTestId('race-turn');
    expect(await violations(container)).toEqual([]);
  });

  it('has no violation on its new-game form and its seat page', async () => {
    const form = render(NewDiceRace, { oncreated: () => {} });
    expect(await violations(form.container)).toEqual([]);
    form.unmount();
    const seat = render(DiceSeat, {
      view: { name: 'Ana', total: 5, target: 8, to_roll: true, next: 'Ana', winner: null },
      act: async () => true,
    });
    expect(await violations(seat.container)).toEqual([]);
  });
});
