import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RaceView } from '$lib/ipc/types/dice_race/RaceView';

// The generic commands mocked: the race's own wrappers run for real.
const ipc = { gameOpen: vi.fn(), gameAct: vi.fn(), gameUndo: vi.fn(), gameRedo: vi.fn(), tableStatus: vi.fn() };
vi.mock('$lib/ipc', async (original) => ({ ...(await original<typeof import('$lib/ipc')>()), ...ipc }));

const { testGames } = await import('./shelf');
testGames();
const DiceRace = (await import('./DiceRace.svelte')).default;
const DiceSeat = (await import('./DiceSeat.svelte')).default;

const answer = (view: Partial<RaceView>) => ({
  id: 'r-1',
  name: 'Sunday race',
  in_bin: false,
  view: { players: ['Ana', 'Bruno'], totals: [0, 0], target: 8, next: 0, winner: null, can_roll: true, ...view },
});

describe('the dice race’s board', () => {
  beforeEach(() => {
    Object.values(ipc).forEach((f) => f.mockReset());
    ipc.tableStatus.mockResolvedValue(null);
  });

  it('shows the view’s totals and turn, and rolls, undoes and redoes through the one command set', async () => {
    ipc.gameOpen.mockResolvedValue(answer({}));
    render(DiceRace, { gameId: 'r-1' });
    expect((await screen.findByTestId('race-turn')).textContent).toContain('Ana to roll.');
    ipc.gameAct.mockResolvedValue(answer({ totals: [5, 0], next: 1 }));
    await fireEvent.click(screen.getByTestId('race-roll'));
    expect(ipc.gameAct).toHaveBeenCalledWith('r-1', { game: 'dice_race', command: { type: 'roll' } });
    await waitFor(() => expect(screen.getAllByTestId('race-total').map((c) => c.textContent)).toEqual(['5', '0']));
    expect(screen.getByTestId('race-turn').textContent).toContain('Bruno to roll.');
    ipc.gameUndo.mockResolvedValue(answer({}));
    await fireEvent.click(screen.getByTestId('race-undo'));
    expect(ipc.gameUndo).toHaveBeenCalledWith('r-1');
    await waitFor(() => expect(screen.getAllByTestId('race-total').map((c) => c.textContent)).toEqual(['0', '0']));
    ipc.gameRedo.mockResolvedValue(answer({ totals: [8, 0], winner: 0, can_roll: false }));
    await fireEvent.click(screen.getByTestId('race-redo'));
    await waitFor(() => expect(screen.getByTestId('race-turn').textContent).toContain('Ana wins the race!'));
    expect((screen.getByTestId('race-roll') as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers a phone its roll only in its turn', async () => {
    const act = vi.fn().mockResolvedValue(true);
    const seat = { name: 'Bruno', total: 3, target: 8, next: 'Ana', winner: null };
    const { rerender } = render(DiceSeat, { view: { ...seat, to_roll: false }, act });
    expect(screen.getByTestId('race-seat-total').textContent).toContain('Your total: 3 of 8.');
    expect(screen.getByTestId('race-seat-turn').textContent).toContain('Ana to roll.');
    expect(screen.queryByTestId('race-seat-roll')).toBeNull();
    await rerender({ view: { ...seat, next: 'Bruno', to_roll: true }, act });
    await fireEvent.click(screen.getByTestId('race-seat-roll'));
    expect(act).toHaveBeenCalledWith({ type: 'roll' });
  });
});

describe('the dice race’s words', () => {
  const leaves = (o: object, at = ''): [string, string][] =>
    Object.entries(o).flatMap(([k, v]) => (typeof v === 'string' ? [[`${at}${k}`, v] as [string, string]] : leaves(v, `${at}${k}.`)));

  it('say the same messages in French, with its typography', async () => {
    const { en, fr } = await import('./words');
    expect(leaves(fr).map(([k]) => k)).toEqual(leaves(en).map(([k]) => k));
    for (const [key, text] of leaves(en)) {
      const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(placeholders(leaves(fr).find(([k]) => k === key)![1]), key).toEqual(placeholders(text));
    }
    expect(leaves(fr).filter(([, text]) => / [:;!?%»]|« /.test(text))).toEqual([]);
  });
});
