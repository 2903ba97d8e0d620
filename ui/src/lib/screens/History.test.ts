import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { GameHistory, HistoryEntry, HistoryLine } from '$lib/ipc';

const ipc = vi.hoisted(() => ({
  gameHistory: vi.fn(),
  historyUndo: vi.fn(),
  historyRedo: vi.fn(),
  historyJumpBack: vi.fn(),
}));
vi.mock('$lib/ipc', async (original) => ({ ...(await original<typeof import('$lib/ipc')>()), ...ipc }));

const History = (await import('./History.svelte')).default;

const line = (key: string, params: Record<string, string> = {}, places: HistoryLine['places'] = {}): HistoryLine => ({
  kind: key,
  key,
  params,
  places,
});

function entry(seq: number, l: HistoryLine, more: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    seq,
    recorded_at: `2026-11-20T21:${String(seq).padStart(2, '0')}:00Z`,
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

/** Newest first: an HQ event this catalogue does not know, a redoable move, an attempt, the creation. */
const view: GameHistory = {
  game: 'bov',
  id: 'c1',
  name: 'Venice nights',
  in_bin: false,
  older: 0,
  can_undo: true,
  can_redo: true,
  entries: [
    entry(9, line('hq_building_assigned', { building: 'workshop' })),
    entry(
      8,
      line(
        'card_moved',
        { card: 'Smoke Bomb' },
        {
          from: { place: 'inventory', assassin: 'Dariâ', slot: null, number: 2 },
          to: { place: 'main_hall', assassin: null, slot: null, number: null },
        },
      ),
      { status: 'redoable', undone_at: '2026-11-20T22:00:00Z', next_redo: true },
    ),
    entry(5, line('attempt_success', { memory: '0.2', xp: '8' }), {
      details: [line('level_reached', { level: 'I', memory: '0.2' }), line('some_future_detail')],
      can_go_back_here: true,
    }),
    entry(1, line('campaign_created', { name: 'Venice nights', assassins: 'Dariâ' }), { can_go_back_here: true }),
  ],
};

describe('the history screen, a campaign’s', () => {
  beforeEach(() => {
    for (const f of Object.values(ipc)) f.mockReset();
    ipc.gameHistory.mockResolvedValue(view);
  });

  it('lists every step newest first, in words, the undone ones struck through', async () => {
    render(History, { game: 'bov', gameId: 'c1' });
    const items = await screen.findAllByTestId('history-entry');
    expect(items.map((li) => li.dataset.seq)).toEqual(['9', '8', '5', '1']);
    const words = screen.getAllByTestId('history-words').map((p) => p.textContent?.trim());
    expect(words).toEqual([
      'Change recorded',
      'Smoke Bomb moved from Dariâ’s inventory slot 2 to the HQ main hall',
      'Memory 0.2 recorded: success, 8 XP',
      'Campaign “Venice nights” started with Dariâ',
    ]);
    expect(items[1].querySelector('s')).not.toBeNull();
    expect(items[2].querySelector('s')).toBeNull();
    // Derived lines show; those the catalogue cannot word are left out.
    expect(within(items[2]).getByText('Level I reached after 0.2')).toBeTruthy();
    expect(items[2].querySelectorAll('.details li')).toHaveLength(1);
    expect(within(items[1]).getByTestId('history-redo-entry')).toBeTruthy();
  });

  it('undoes, redoes and goes back through the backend', async () => {
    ipc.historyUndo.mockResolvedValue({ ...view, can_undo: false });
    ipc.historyRedo.mockResolvedValue(view);
    ipc.historyJumpBack.mockResolvedValue(view);
    render(History, { game: 'bov', gameId: 'c1' });
    await fireEvent.click(await screen.findByTestId('history-undo'));
    // The step answers with the history, a page as asked, in one round trip.
    expect(ipc.historyUndo).toHaveBeenCalledWith('c1', null);
    expect((await screen.findByTestId('notice')).textContent).toContain('Undone: Change recorded');
    expect((screen.getByTestId('history-undo') as HTMLButtonElement).disabled).toBe(true);

    await fireEvent.click(screen.getByTestId('history-redo'));
    expect(ipc.historyRedo).toHaveBeenCalledWith('c1', null);
    expect((await screen.findByTestId('notice')).textContent).toContain('Redone: Smoke Bomb moved');

    const [attempt] = screen.getAllByTestId('history-go-back');
    await fireEvent.click(attempt);
    // One change in effect after the attempt (the redoable move does not count).
    expect(screen.getByText('Undo every change made after this one (1)?')).toBeTruthy();
    await fireEvent.click(screen.getByTestId('history-go-back-confirm'));
    expect(ipc.historyJumpBack).toHaveBeenCalledWith('c1', 5, null);
    expect(ipc.gameHistory).toHaveBeenCalledTimes(1);
  });

  it('leads to the evening told back, and back to the history', async () => {
    const { router } = await import('$lib/router.svelte');
    router.toScreen('bov', 'c1', 'history');
    render(History, { game: 'bov', gameId: 'c1' });
    await fireEvent.click(await screen.findByTestId('history-evening'));
    expect(router.route).toEqual({ name: 'evening', since: null, closing: false });
    router.back();
    expect(router.route).toMatchObject({ name: 'game', kind: 'bov', gameId: 'c1', screen: 'history' });
  });

  it('marks an override, with the value it replaced and the reason', async () => {
    const overridden = entry(12, line('xp_overridden', { from: '30', to: '33', reason: 'a forgotten objective' }), {
      overridden: true,
      can_go_back_here: false,
    });
    ipc.gameHistory.mockResolvedValue({ ...view, entries: [overridden, ...view.entries] });
    render(History, { game: 'bov', gameId: 'c1' });
    const [first, second] = await screen.findAllByTestId('history-entry');
    expect(first.dataset.overridden).toBe('true');
    expect(within(first).getByTestId('history-override').textContent).toBe('Override');
    expect(within(first).getByTestId('history-words').textContent?.trim()).toBe(
      'XP set to 33 by hand (the rules gave 30)',
    );
    expect(within(first).getByText('Reason: a forgotten objective')).toBeTruthy();
    expect(within(second).queryByTestId('history-override')).toBeNull();
  });

  it('shows a refusal', async () => {
    const { IpcError } = await import('$lib/ipc');
    ipc.historyRedo.mockRejectedValue(new IpcError('redo_after_change', 'There is nothing to redo.'));
    render(History, { game: 'bov', gameId: 'c1' });
    await fireEvent.click(await screen.findByTestId('history-redo'));
    expect((await screen.findByTestId('error')).textContent).toContain('nothing to redo');
  });
});

describe('the history screen, any game’s', () => {
  beforeEach(() => {
    for (const f of Object.values(ipc)) f.mockReset();
  });

  it('says a game’s steps in its catalogue’s words, what they derived under them, and leads back to the game', async () => {
    ipc.gameHistory.mockResolvedValue({
      ...view,
      game: 'nation',
      id: 'n1',
      name: 'Friday killers',
      entries: [
        entry(7, line('no_such_step', { who: 'Ada', cash: '' }), { details: [line('another_unknown')] }),
        entry(1, line('game_created'), { can_go_back_here: true }),
      ],
    });
    render(History, { game: 'nation', gameId: 'n1' });
    const items = await screen.findAllByTestId('history-entry');
    expect(items.map((li) => li.dataset.seq)).toEqual(['7', '1']);
    // A key this catalogue lacks reads as its kind and details; none is left out.
    expect(within(items[0]).getByTestId('history-words').textContent?.trim()).toBe('no_such_step — who: Ada');
    expect(within(items[0]).getAllByTestId('history-detail').map((li) => li.textContent)).toEqual(['another_unknown']);
    expect(screen.queryByTestId('history-to-diary')).toBeNull();
    expect(ipc.gameHistory).toHaveBeenCalledWith('n1', null);
    // Ctrl+Z undoes from here too.
    ipc.historyUndo.mockResolvedValue({ ...view, game: 'nation', id: 'n1' });
    await fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    expect(ipc.historyUndo).toHaveBeenCalledWith('n1', null);
    // Back to the game, and only there.
    const { router } = await import('$lib/router.svelte');
    await fireEvent.click(screen.getByTestId('history-to-game'));
    expect(router.route).toEqual({ name: 'game', kind: 'nation', screen: 'nation', gameId: 'n1', params: {} });
  });

  it('changes nothing of a game in the bin, and says so', async () => {
    ipc.gameHistory.mockResolvedValue({ ...view, in_bin: true });
    render(History, { game: 'bov', gameId: 'c1' });
    expect((await screen.findByTestId('history-in-bin')).textContent).toContain('In the bin');
    expect((screen.getByTestId('history-undo') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('history-redo') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByTestId('history-go-back')).toBeNull();
    expect(screen.queryByTestId('history-redo-entry')).toBeNull();
    await fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    expect(ipc.historyUndo).not.toHaveBeenCalled();
  });
});
