import { fireEvent, render, screen } from '@testing-library/svelte';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BoardView, CardDef } from '$lib/ipc';

const ipc = vi.hoisted(() => ({
  openBoard: vi.fn(),
  boardAct: vi.fn(),
}));
vi.mock('$lib/ipc', async (original) => ({ ...(await original<typeof import('$lib/ipc')>()), ...ipc }));
vi.mock('$games/bov/ipc', async (original) => ({ ...(await original<typeof import('$games/bov/ipc')>()), ...ipc }));

const Board = (await import('./Board.svelte')).default;

const chestCard: CardDef = {
  id: 'card-1',
  name: 'Hidden Treasure',
  kind: 'chest',
  fits: null,
  health_bonus: 0,
  removal_mark: false,
  added: true,
};

const view: BoardView = {
  campaign_id: 'c1',
  name: 'Venice nights',
  pack_name: 'Core',
  level: 1,
  hq_level: 0,
  next_memory: '0.3',
  action_cubes: 3,
  assassins: [],
  absent: [],
  can_join: [],
  pending_skills: [],
  known_cards: [],
  storage: { place: { place: 'villa_envelope' }, cards: [chestCard], map_bag: false, closed_by: null },
  piles: [
    { place: { place: 'chest_deck' }, cards: [], map_bag: true, closed_by: null },
    { place: { place: 'equipment_deck' }, cards: [], map_bag: true, closed_by: null },
  ],
  drawn_this_attempt: [],
  new_card: { health_slots: ['armor'], max_health_bonus: 5, max_name_chars: 60 },
};

beforeEach(() => {
  ipc.openBoard.mockResolvedValue(view);
  ipc.boardAct.mockReset();
  ipc.boardAct.mockResolvedValue(view);
});

async function putInChest(): Promise<void> {
  await fireEvent.click(await screen.findByTestId('card-card-1'));
  await fireEvent.click(await screen.findByTestId('pile-chest_deck-put'));
}

describe('a card put into the chest deck', () => {
  it('goes on top unless the players say otherwise', async () => {
    render(Board, { campaignId: 'c1' });
    expect(((await screen.findByTestId('chest-end-top')) as HTMLInputElement).checked).toBe(true);
    await putInChest();
    expect(ipc.boardAct).toHaveBeenCalledWith('c1', {
      type: 'move_card',
      card: 'card-1',
      to: { place: 'chest_deck' },
      chest: 'top',
    });
  });

  it('goes at the bottom when chosen, and the next one on top again', async () => {
    render(Board, { campaignId: 'c1' });
    await fireEvent.click(await screen.findByTestId('chest-end-bottom'));
    await putInChest();
    expect(ipc.boardAct).toHaveBeenLastCalledWith('c1', {
      type: 'move_card',
      card: 'card-1',
      to: { place: 'chest_deck' },
      chest: 'bottom',
    });
    expect(screen.getByTestId('chest-end').dataset.end).toBe('top');
  });

  it('the add-card form says the removal icon is printed on the card, not its colour', async () => {
    render(Board, { campaignId: 'c1' });
    await fireEvent.click(await screen.findByTestId('add-card'));
    const label = (await screen.findByTestId('new-card-removal')).closest('label');
    expect(label?.textContent).toContain('removal icon is printed on it');
    expect(label?.textContent).toContain('not the card’s colour');
  });
});

describe('a card added again', () => {
  it('takes what the players said of it in another campaign of the box', async () => {
    const armor: CardDef = {
      id: 'added-7',
      name: 'Leather Armor',
      kind: 'grey_equipment',
      fits: 'armor',
      health_bonus: 1,
      removal_mark: true,
      added: true,
    };
    ipc.openBoard.mockResolvedValue({ ...view, known_cards: [armor] });
    render(Board, { campaignId: 'c1' });
    await fireEvent.click(await screen.findByTestId('add-card'));
    const name = (await screen.findByTestId('new-card-name')) as HTMLInputElement;
    await fireEvent.input(name, { target: { value: 'Leather Armor' } });
    await fireEvent.submit(await screen.findByTestId('add-card-form'));
    expect(ipc.boardAct).toHaveBeenCalledWith(
      'c1',
      expect.objectContaining({
        type: 'add_card',
        name: 'Leather Armor',
        kind: 'grey_equipment',
        fits: 'armor',
        health_bonus: 1,
        removal_mark: true,
      }),
    );
  });
});

describe('the health a new card adds', () => {
  async function openForm(board: BoardView): Promise<void> {
    ipc.openBoard.mockResolvedValue(board);
    render(Board, { campaignId: 'c1' });
    await fireEvent.click(await screen.findByTestId('add-card'));
    await fireEvent.input(await screen.findByTestId('new-card-name'), { target: { value: 'Plate' } });
  }

  it('is asked for the slots the board view names, up to its maximum', async () => {
    await openForm(view);
    await fireEvent.change(screen.getByTestId('new-card-fits'), { target: { value: 'melee' } });
    expect(screen.queryByTestId('new-card-bonus')).toBeNull();
    await fireEvent.change(screen.getByTestId('new-card-fits'), { target: { value: 'armor' } });
    const bonus = screen.getByTestId('new-card-bonus') as HTMLInputElement;
    expect(bonus.max).toBe('5');
    await fireEvent.input(bonus, { target: { value: '2' } });
    await fireEvent.submit(screen.getByTestId('add-card-form'));
    expect(ipc.boardAct).toHaveBeenCalledWith('c1', expect.objectContaining({ fits: 'armor', health_bonus: 2 }));
  });

  it('follows the view, not a slot name written in the form', async () => {
    await openForm({ ...view, new_card: { ...view.new_card, health_slots: [] } });
    await fireEvent.change(screen.getByTestId('new-card-fits'), { target: { value: 'armor' } });
    expect(screen.queryByTestId('new-card-bonus')).toBeNull();
  });
});

describe('the workshop at the resolution step', () => {
  // ASSIGNMENTS: MEMORY 1.2 ONWARD, "2. Choose 1 blueprint card and place it
  // in the workshop": the board view says the workshop takes no card now.
  const blueprint: CardDef = { ...chestCard, id: 'card-2', name: 'Parachutes', kind: 'blueprint' };
  const withWorkshop = (takes: boolean): BoardView => ({
    ...view,
    storage: { place: { place: 'main_hall' }, cards: [chestCard], map_bag: false, closed_by: null },
    piles: [{ place: { place: 'workshop' }, cards: [blueprint], map_bag: false, closed_by: takes ? null : 'workshop_at_assignment' }, ...view.piles],
  });

  it('offers no place to put a card in, and still lets its blueprint be taken out', async () => {
    ipc.openBoard.mockResolvedValue(withWorkshop(false));
    render(Board, { campaignId: 'c1' });
    await fireEvent.click(await screen.findByTestId('card-card-1'));
    expect(screen.queryByTestId('pile-workshop-put')).toBeNull();
    expect(screen.getByTestId('pile-workshop').hasAttribute('data-drop')).toBe(false);
    expect(screen.getByTestId('pile-workshop-not-now').textContent).toContain('placed in the workshop at the assignment step');
    expect(screen.getByTestId('pile-chest_deck-put')).toBeTruthy();
    await fireEvent.click(screen.getByTestId('card-card-1'));
    // Its blueprint goes back to the main hall.
    await fireEvent.click(await screen.findByTestId('card-card-2'));
    await fireEvent.click(await screen.findByTestId('pile-main_hall-put'));
    expect(ipc.boardAct).toHaveBeenCalledWith('c1', { type: 'move_card', card: 'card-2', to: { place: 'main_hall' } });
  });

  it('offers it at the assignment step', async () => {
    ipc.openBoard.mockResolvedValue(withWorkshop(true));
    render(Board, { campaignId: 'c1' });
    await fireEvent.click(await screen.findByTestId('card-card-1'));
    expect(screen.queryByTestId('pile-workshop-not-now')).toBeNull();
    await fireEvent.click(await screen.findByTestId('pile-workshop-put'));
    expect(ipc.boardAct).toHaveBeenCalledWith('c1', { type: 'move_card', card: 'card-1', to: { place: 'workshop' } });
  });
});
