import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BoardView, CardDef, Destination, DestinationsView, Place } from '$lib/ipc';
import { placeKey } from '$games/bov/board/destinations.svelte';
import { drag } from '$games/bov/board/drag.svelte';

const ipc = vi.hoisted(() => ({
  openBoard: vi.fn(),
  boardAct: vi.fn(),
  openDestinations: vi.fn(),
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
  roster: { leave: [], join: [], swap: [], closed_by: null },
  pending_skills: [],
  known_cards: [],
  storage: { place: { place: 'villa_envelope' }, cards: [chestCard], map_bag: false, closed_by: null },
  piles: [
    { place: { place: 'chest_deck' }, cards: [], map_bag: true, closed_by: null },
    { place: { place: 'equipment_deck' }, cards: [], map_bag: true, closed_by: null },
  ],
  drawn_this_attempt: [],
  new_card: { health_slots: ['armor'], max_health_bonus: 5, max_name_chars: 60, offers: addOffers() },
};

/** What the form adding a card offers, as board_view.rs lists it for a campaign without its HQ (EQUIP, CHEST). */
function addOffers(): BoardView['new_card']['offers'] {
  const villa: Place = { place: 'villa_envelope' };
  const box: Place = { place: 'box' };
  const slots = [null, 'melee', 'ranged', 'armor'] as const;
  const equipment = (kind: 'black_equipment' | 'grey_equipment') => ({ kind, fits: [...slots], to: [villa, { place: 'equipment_deck' } as Place, box] });
  return [
    equipment('black_equipment'),
    equipment('grey_equipment'),
    { kind: 'reward', fits: [...slots], to: [villa, box] },
    { kind: 'chest', fits: [null], to: [villa, { place: 'chest_deck' }, box] },
    { kind: 'blueprint', fits: [null], to: [villa, box] },
    { kind: 'special_equipment', fits: [...slots], to: [villa, box] },
  ];
}

/** Every place a board view draws to put a card: the assassins' slots and inventory, the storage, the piles. */
function placesOf(board: BoardView): Place[] {
  const onBoards = board.assassins.flatMap((a): Place[] => [
    ...a.equipped.map((s): Place => ({ place: 'equipped', assassin: a.id, slot: s.slot })),
    ...a.inventory.map((_, index): Place => ({ place: 'inventory', assassin: a.id, index })),
  ]);
  return [...onBoards, board.storage.place, ...board.piles.map((p) => p.place)];
}

type Refused = NonNullable<Destination['refused']>;
const refusal = (code: Refused['code'], params: Record<string, string> = {}): Refused => ({
  code,
  params,
  message: code,
  section: 'EQUIP',
});

/**
 * What the campaign answers for `card`: where the board view closes a pile,
 * its refusal; where `refused` names a place (by key), that refusal; every
 * other place open.
 */
function answer(board: BoardView, card: string, refused: Record<string, Refused> = {}): DestinationsView {
  const closed = new Map([board.storage, ...board.piles].map((p) => [placeKey(p.place), p.closed_by]));
  return {
    card,
    places: placesOf(board).map((place) => {
      const key = placeKey(place);
      const by = closed.get(key);
      return { place, refused: refused[key] ?? (by ? refusal(by) : null) };
    }),
  };
}

/** The boards shown, and the campaign's answers for the cards picked up on them. */
function showBoard(board: BoardView, refused: (card: string) => Record<string, Refused> = () => ({})): void {
  ipc.openBoard.mockResolvedValue(board);
  ipc.openDestinations.mockImplementation(async (_id: string, card: string) => answer(board, card, refused(card)));
}

beforeEach(() => {
  // Nothing held from the test before (what is held is the window's).
  drag.cancel();
  showBoard(view);
  ipc.openDestinations.mockClear();
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
    showBoard({ ...view, known_cards: [armor] });
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
    showBoard(board);
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
  const glider: CardDef = { ...blueprint, id: 'card-3', name: 'Glider' };
  const withWorkshop = (takes: boolean): BoardView => ({
    ...view,
    storage: { place: { place: 'main_hall' }, cards: [chestCard, glider], map_bag: false, closed_by: null },
    piles: [
      { place: { place: 'workshop' }, cards: takes ? [] : [blueprint], map_bag: false, closed_by: takes ? null : 'workshop_at_assignment' },
      ...view.piles,
    ],
  });

  it('offers no place to put a card in, and still lets its blueprint be taken out', async () => {
    // The move meets the full workshop first; the pile says the step, closed to every card.
    showBoard(withWorkshop(false), () => ({ workshop: refusal('workshop_full') }));
    render(Board, { campaignId: 'c1' });
    await fireEvent.click(await screen.findByTestId('card-card-1'));
    await screen.findByTestId('pile-chest_deck-put');
    expect(screen.queryByTestId('pile-workshop-put')).toBeNull();
    expect(screen.getByTestId('pile-workshop').hasAttribute('data-drop')).toBe(false);
    expect(screen.getByTestId('pile-workshop-not-now').textContent).toContain('placed in the workshop at the assignment step');
    await fireEvent.click(screen.getByTestId('card-card-1'));
    // Its blueprint goes back to the main hall.
    await fireEvent.click(await screen.findByTestId('card-card-2'));
    await fireEvent.click(await screen.findByTestId('pile-main_hall-put'));
    expect(ipc.boardAct).toHaveBeenCalledWith('c1', { type: 'move_card', card: 'card-2', to: { place: 'main_hall' } });
  });

  it('offers it to a blueprint at the assignment step, and says why not to another card', async () => {
    showBoard(withWorkshop(true), (card): Record<string, Refused> =>
      card === 'card-1' ? { workshop: refusal('workshop_kind', { card: 'Hidden Treasure' }) } : {},
    );
    render(Board, { campaignId: 'c1' });
    await fireEvent.click(await screen.findByTestId('card-card-1'));
    const why = await screen.findByTestId('pile-workshop-not-now');
    expect(why.textContent).toBe('Only a blueprint goes in the workshop, not Hidden Treasure.');
    expect(screen.queryByTestId('pile-workshop-put')).toBeNull();
    await fireEvent.click(screen.getByTestId('card-card-1'));
    await fireEvent.click(await screen.findByTestId('card-card-3'));
    await fireEvent.click(await screen.findByTestId('pile-workshop-put'));
    expect(ipc.boardAct).toHaveBeenCalledWith('c1', { type: 'move_card', card: 'card-3', to: { place: 'workshop' } });
  });
});

describe('a card picked up (issue 55)', () => {
  // EQUIP: "place them on the corresponding slot ([melee], [ranged],
  // [armor] or [?]) or on one of the 5 [inventory] slots": the campaign
  // answers where the card held goes, and the board offers only that.
  const parachutes: CardDef = { ...chestCard, id: 'card-bp', name: 'Parachutes', kind: 'blueprint' };
  const boards: BoardView = {
    ...view,
    assassins: [
      {
        id: 'alessandra',
        name: 'Alessandra',
        status: 'full_health',
        health: 3,
        max_health: 3,
        armor_bonus: 0,
        apprentice_health: null,
        health_settable: true,
        skills: [],
        equipped: [
          { slot: 'melee', card: null },
          { slot: 'ranged', card: null },
          { slot: 'armor', card: null },
        ],
        inventory: [null, null, null, null, null],
        bag: [],
      },
    ],
    storage: { ...view.storage, cards: [parachutes] },
  };
  const typedSlots = (card: string) =>
    Object.fromEntries(
      (['melee', 'ranged', 'armor'] as const).map((slot) => [
        `equipped:alessandra:${slot}`,
        refusal('slot_wrong_kind', { card, slot }),
      ]),
    );

  it('offers a blueprint no typed slot, and says why in the rule’s words', async () => {
    showBoard(boards, () => typedSlots('Parachutes'));
    render(Board, { campaignId: 'c1' });
    await fireEvent.click(await screen.findByTestId('card-card-bp'));
    expect(ipc.openDestinations).toHaveBeenCalledWith('c1', 'card-bp');
    await screen.findByTestId('slot-alessandra-inventory-0-put');
    for (const slot of ['melee', 'ranged', 'armor']) {
      expect(screen.queryByTestId(`slot-alessandra-${slot}-put`)).toBeNull();
      const why = screen.getByTestId(`slot-alessandra-${slot}-not-now`);
      expect(why.dataset.rule).toBe('slot_wrong_kind');
      expect(why.textContent).toContain(`Parachutes does not fit the ${slot} slot`);
    }
    await fireEvent.click(screen.getByTestId('slot-alessandra-inventory-0-put'));
    expect(ipc.boardAct).toHaveBeenCalledWith('c1', {
      type: 'move_card',
      card: 'card-bp',
      to: { place: 'inventory', assassin: 'alessandra', index: 0 },
    });
  });

  it('dragged with the pointer, outlines the places that take it and fades the others, moving none', async () => {
    showBoard(boards, () => typedSlots('Parachutes'));
    render(Board, { campaignId: 'c1' });
    const chip = await screen.findByTestId('card-card-bp');
    const at = (type: string, x: number) =>
      new MouseEvent(type, { clientX: x, clientY: x, button: 0, bubbles: true }) as unknown as PointerEvent;
    await fireEvent(chip, at('pointerdown', 10));
    window.dispatchEvent(at('pointermove', 60));
    await waitFor(() => expect(screen.getByTestId('slot-alessandra-inventory-0').classList.contains('target')).toBe(true));
    expect(screen.getByTestId('slot-alessandra-armor').classList.contains('refusing')).toBe(true);
    expect(screen.getByTestId('slot-alessandra-inventory-0').classList.contains('refusing')).toBe(false);
    expect(document.querySelector('[data-testid$="-put"], [data-testid$="-not-now"]')).toBeNull();
    drag.cancel();
  });

  it('offers nothing while the answer is on its way', async () => {
    let arrive: (answer: DestinationsView) => void = () => {};
    ipc.openDestinations.mockImplementation(() => new Promise<DestinationsView>((resolve) => (arrive = resolve)));
    ipc.openBoard.mockResolvedValue(boards);
    render(Board, { campaignId: 'c1' });
    await fireEvent.click(await screen.findByTestId('card-card-bp'));
    expect(screen.getByTestId('held-card').textContent).toContain('Parachutes');
    expect(document.querySelector('[data-testid$="-put"]')).toBeNull();
    arrive(answer(boards, 'card-bp', typedSlots('Parachutes')));
    await screen.findByTestId('slot-alessandra-inventory-0-put');
    expect(screen.queryByTestId('slot-alessandra-armor-put')).toBeNull();
  });

  it('keeps no answer for a card put down, nor one for another card', async () => {
    const arrivals: ((answer: DestinationsView) => void)[] = [];
    ipc.openDestinations.mockImplementation(() => new Promise<DestinationsView>((resolve) => arrivals.push(resolve)));
    ipc.openBoard.mockResolvedValue({ ...boards, storage: { ...boards.storage, cards: [parachutes, chestCard] } });
    render(Board, { campaignId: 'c1' });
    await fireEvent.click(await screen.findByTestId('card-card-bp'));
    await fireEvent.click(screen.getByTestId('card-card-1'));
    // The blueprint's answer comes after the chest card was picked up: dropped.
    arrivals[0](answer(boards, 'card-bp'));
    await waitFor(() => expect(arrivals).toHaveLength(2));
    expect(document.querySelector('[data-testid$="-put"]')).toBeNull();
    arrivals[1](answer(boards, 'card-1', typedSlots('Hidden Treasure')));
    await screen.findByTestId('slot-alessandra-inventory-0-put');
    expect(screen.getByTestId('slot-alessandra-melee-not-now').textContent).toContain('Hidden Treasure');
  });
});

// Issue 55 (F2, F3): the players' form and the form adding a card offer
// what the board view says the rules take, and nothing else.
describe('the forms offer what the board view says the rules take', () => {
  const boardOf = (id: string, name: string): BoardView['assassins'][number] => ({
    id,
    name,
    status: 'full_health',
    health: 4,
    max_health: 4,
    armor_bonus: 0,
    apprentice_health: null,
    health_settable: true,
    skills: [],
    equipped: [],
    inventory: [],
    bag: [],
  });
  const packAssassin = (id: string, name: string) => ({ id, name }) as BoardView['can_join'][number];
  const players: BoardView = {
    ...view,
    assassins: [boardOf('alessandra', 'Alessandra'), boardOf('bastiano', 'Bastiano')],
    can_join: [packAssassin('claudio', 'Claudio'), packAssassin('dariya', 'Dariya'), packAssassin('ezio', 'Ezio')],
    // Alessandra lies in the hospital: she may leave, not be swapped; Dariya
    // may only take Bastiano's place; Ezio is offered nothing.
    roster: {
      leave: ['alessandra', 'bastiano'],
      join: ['claudio'],
      swap: [
        { joining: 'claudio', leaving: ['bastiano'] },
        { joining: 'dariya', leaving: ['bastiano'] },
      ],
      closed_by: null,
    },
  };
  const options = (testid: string) => Array.from(screen.getByTestId(testid).querySelectorAll('option')).map((o) => o.value);
  const disabled = (testid: string) => (screen.getByTestId(testid) as HTMLButtonElement).disabled;

  it('offers leave, join and swap only where the view does (ADJUSTING THE NUMBER OF PLAYERS)', async () => {
    showBoard({ ...players, roster: { ...players.roster, leave: ['bastiano'] } });
    render(Board, { campaignId: 'c1' });
    await screen.findByTestId('join-who');
    expect(screen.queryByTestId('leave-alessandra')).toBeNull();
    expect(screen.getByTestId('leave-bastiano')).toBeTruthy();
    expect(options('join-who')).toEqual(['', 'claudio', 'dariya']);
    await fireEvent.change(screen.getByTestId('join-who'), { target: { value: 'dariya' } });
    expect(disabled('join')).toBe(true);
    expect(options('swap-who').slice(1)).toEqual(['bastiano']);
    await fireEvent.change(screen.getByTestId('join-who'), { target: { value: 'claudio' } });
    expect(disabled('join')).toBe(false);
    await fireEvent.change(screen.getByTestId('swap-who'), { target: { value: 'bastiano' } });
    expect(disabled('swap')).toBe(false);
    ipc.boardAct.mockResolvedValue(players);
    await fireEvent.click(screen.getByTestId('swap'));
    expect(ipc.boardAct).toHaveBeenCalledWith('c1', { type: 'swap_assassin', leaving: 'bastiano', joining: 'claudio' });
  });

  it('offers no change while a memory is played in Bagless, and says why in the rule’s words', async () => {
    const closed_by = {
      code: 'memory_in_play',
      params: { memory: '0.3' },
      message: 'x',
      section: 'ADJUSTING THE NUMBER OF PLAYERS',
    } as NonNullable<BoardView['roster']['closed_by']>;
    showBoard({ ...players, roster: { leave: [], join: [], swap: [], closed_by } });
    render(Board, { campaignId: 'c1' });
    const hint = await screen.findByTestId('roster-closed');
    expect(hint.textContent).toContain('Memory 0.3 is being played');
    expect(screen.queryByTestId('join-who')).toBeNull();
    expect(screen.queryByTestId('leave-alessandra')).toBeNull();
    expect(screen.queryByTestId('leave-bastiano')).toBeNull();
  });

  it('offers the kinds, slots and places the view gives, and puts the card where chosen (EQUIP, CHEST)', async () => {
    showBoard(view);
    render(Board, { campaignId: 'c1' });
    await fireEvent.click(await screen.findByTestId('add-card'));
    expect(options('new-card-kind')).toEqual(['black_equipment', 'grey_equipment', 'reward', 'chest', 'blueprint', 'special_equipment']);
    expect(options('new-card-fits')).toEqual(['', 'melee', 'ranged', 'armor']);
    expect(options('new-card-to')).toEqual(['villa_envelope', 'equipment_deck', 'box']);
    await fireEvent.change(screen.getByTestId('new-card-kind'), { target: { value: 'chest' } });
    expect(options('new-card-fits')).toEqual(['']);
    expect(options('new-card-to')).toEqual(['villa_envelope', 'chest_deck', 'box']);
    await fireEvent.change(screen.getByTestId('new-card-to'), { target: { value: 'chest_deck' } });
    await fireEvent.input(screen.getByTestId('new-card-name'), { target: { value: 'Gold' } });
    ipc.boardAct.mockResolvedValue(view);
    await fireEvent.submit(screen.getByTestId('add-card-form'));
    expect(ipc.boardAct).toHaveBeenCalledWith('c1', expect.objectContaining({ kind: 'chest', fits: null, to: { place: 'chest_deck' } }));
  });

  it('drops a slot or place the kind chosen next is not offered, and adds nothing the view offers none of', async () => {
    showBoard(view);
    const { unmount } = render(Board, { campaignId: 'c1' });
    await fireEvent.click(await screen.findByTestId('add-card'));
    await fireEvent.change(screen.getByTestId('new-card-fits'), { target: { value: 'melee' } });
    await fireEvent.change(screen.getByTestId('new-card-to'), { target: { value: 'equipment_deck' } });
    await fireEvent.change(screen.getByTestId('new-card-kind'), { target: { value: 'blueprint' } });
    expect((screen.getByTestId('new-card-fits') as HTMLSelectElement).value).toBe('');
    expect((screen.getByTestId('new-card-to') as HTMLSelectElement).value).toBe('villa_envelope');
    unmount();
    showBoard({ ...view, new_card: { ...view.new_card, offers: [] } });
    render(Board, { campaignId: 'c1' });
    expect(((await screen.findByTestId('add-card')) as HTMLButtonElement).disabled).toBe(true);
  });
});
