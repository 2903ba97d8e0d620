import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { HistoryEntry, HistoryLine, HistoryView } from '$lib/ipc';

const ipc = vi.hoisted(() => ({
  history: vi.fn(),
  undo: vi.fn(),
  redo: vi.fn(),
  jumpBack: vi.fn(),
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
const view: HistoryView = {
  campaign_id: 'c1',
  name: 'Venice nights',
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

describe('the history screen', () => {
  beforeEach(() => {
    for (const f of Object.values(ipc)) f.mockReset();
    ipc.history.mockResolvedValue(view);
  });

  it('lists every step newest first, in words, the undone ones struck through', async () => {
    render(History, { campaignId: 'c1' });
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
    ipc.undo.mockResolvedValue({ ...view, can_undo: false });
    ipc.redo.mockResolvedValue(view);
    ipc.jumpBack.mockResolvedValue(view);
    render(History, { campaignId: 'c1' });
    await fireEvent.click(await screen.findByTestId('history-undo'));
    expect(ipc.undo).toHaveBeenCalledWith('c1', 'history');
    expect((await screen.findByTestId('notice')).textContent).toContain('Undone: Change recorded');
    expect((screen.getByTestId('history-undo') as HTMLButtonElement).disabled).toBe(true);

    await fireEvent.click(screen.getByTestId('history-redo'));
    expect(ipc.redo).toHaveBeenCalledWith('c1', 'history');
    expect((await screen.findByTestId('notice')).textContent).toContain('Redone: Smoke Bomb moved');

    const [attempt] = screen.getAllByTestId('history-go-back');
    await fireEvent.click(attempt);
    // One change in effect after the attempt (the redoable move does not count).
    expect(screen.getByText('Undo every change made after this one (1)?')).toBeTruthy();
    await fireEvent.click(screen.getByTestId('history-go-back-confirm'));
    expect(ipc.jumpBack).toHaveBeenCalledWith('c1', 5);
  });

  it('marks an override, with the value it replaced and the reason', async () => {
    const overridden = entry(12, line('xp_overridden', { from: '30', to: '33', reason: 'a forgotten objective' }), {
      overridden: true,
      can_go_back_here: false,
    });
    ipc.history.mockResolvedValue({ ...view, entries: [overridden, ...view.entries] });
    render(History, { campaignId: 'c1' });
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
    ipc.redo.mockRejectedValue(new IpcError('redo_after_change', 'There is nothing to redo.'));
    render(History, { campaignId: 'c1' });
    await fireEvent.click(await screen.findByTestId('history-redo'));
    expect((await screen.findByTestId('error')).textContent).toContain('nothing to redo');
  });
});
