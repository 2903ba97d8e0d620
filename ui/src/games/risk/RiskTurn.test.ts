import { fireEvent, render, screen as dom, within } from '@testing-library/svelte';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RiskView, Violation } from '$lib/ipc';
import type { Territory } from '$lib/ipc/types/risk/Territory';
import { attacking, player, screen, setupOffer, view, withTerritory } from './fixtures';

const ipc = vi.hoisted(() => ({
  riskOpen: vi.fn(),
  riskAct: vi.fn(),
  riskUndo: vi.fn(),
  riskRedo: vi.fn(),
  riskRename: vi.fn(),
  riskOdds: vi.fn(),
  riskSheet: vi.fn(),
  riskCreate: vi.fn(),
  riskSetup: vi.fn(),
}));
vi.mock('$lib/ipc', async (original) => ({ ...(await original<typeof import('$lib/ipc')>()), ...ipc }));
vi.mock('$games/risk/ipc', async (original) => ({ ...(await original<typeof import('$games/risk/ipc')>()), ...ipc }));

const { IpcError } = await import('$lib/ipc');
// The turn: 1. RENFORTS, 2. ATTAQUEZ, 3. MANŒUVREZ and what the view offers their forms (the set-up, the map and
// the sheet are in RiskGame.test.ts).
const RiskGame = (await import('./RiskGame.svelte')).default;

const refusal = (code: string, params: Record<string, string> = {}): Violation =>
  ({ game: 'risk', code, params, message: `refused: ${code}`, section: '2. ATTAQUEZ' }) as Violation;

const territory = (id: string) => dom.getAllByTestId('risk-territory').find((b) => b.dataset.territory === id)!;

async function open(v: RiskView): Promise<HTMLElement> {
  ipc.riskOpen.mockResolvedValue(screen(v));
  const { container } = render(RiskGame, { gameId: 'g1' });
  await dom.findByTestId('risk-map');
  // What sits below the window's first view comes a frame after the map.
  await dom.findByTestId('risk-regions');
  return container;
}

beforeEach(() => {
  for (const f of Object.values(ipc)) f.mockReset();
  ipc.riskSetup.mockResolvedValue(setupOffer());
  ipc.riskOdds.mockResolvedValue({ win: 0.8372, expected_attacker_losses: 1.25, expected_defender_losses: 2 });
});

describe('the box’s values, asked by a turn', () => {
  it('asks once for the board’s fast-travel routes, a route on the way counting (3. MANŒUVREZ, edition 2)', async () => {
    await open(withTerritory(view({ phase: 'manoeuvre' }), 'alaska', { assassins: 4 }));
    await fireEvent.click(territory('alaska'));
    await fireEvent.click(territory('argentina'));
    ipc.riskAct.mockRejectedValueOnce(new IpcError('rules', '', [refusal('value_needed', { key: 'fast_travel_routes', missing: '1' })]));
    await fireEvent.submit(dom.getByTestId('risk-manoeuvre-form'));
    const form = await dom.findByTestId('risk-values');
    expect(form.dataset.kind).toBe('fast_travel_routes');
    await fireEvent.change(dom.getByTestId('risk-route-from-0'), { target: { value: 'peru' } });
    await fireEvent.change(dom.getByTestId('risk-route-to-0'), { target: { value: 'egypt' } });
    ipc.riskAct.mockResolvedValue(screen(view({ phase: 'manoeuvre' })));
    await fireEvent.submit(form);
    await vi.waitFor(() => expect(ipc.riskAct).toHaveBeenCalledTimes(3));
    expect(ipc.riskAct.mock.calls[1][1]).toEqual({
      type: 'set_box_value',
      value: { kind: 'fast_travel_routes', routes: [['peru', 'egypt']] },
    });
    expect(ipc.riskAct.mock.calls[2][1]).toEqual({ type: 'manoeuvre', from: 'alaska', to: 'argentina', count: 3 });
  });

  it('asks for the board’s routes from the attack form while the view says they are unknown (CHOISISSEZ UN TERRITOIRE: “soit une voie de déplacement rapide”)', async () => {
    await open(attacking(withTerritory(view(), 'alaska', { assassins: 5 }), { routes_unknown: true }));
    await fireEvent.click(dom.getByTestId('risk-attack-ask-routes'));
    const form = await dom.findByTestId('risk-values');
    expect(form.dataset.kind).toBe('fast_travel_routes');
    await fireEvent.change(dom.getByTestId('risk-route-from-0'), { target: { value: 'alaska' } });
    await fireEvent.change(dom.getByTestId('risk-route-to-0'), { target: { value: 'argentina' } });
    ipc.riskAct.mockResolvedValue(screen(attacking(withTerritory(view(), 'alaska', { assassins: 5 }))));
    await fireEvent.submit(form);
    await vi.waitFor(() => expect(ipc.riskAct).toHaveBeenCalledTimes(1));
    expect(ipc.riskAct.mock.calls[0][1]).toEqual({
      type: 'set_box_value',
      value: { kind: 'fast_travel_routes', routes: [['alaska', 'argentina']] },
    });
    await vi.waitFor(() => expect(dom.queryByTestId('risk-values')).toBeNull());
    expect(dom.queryByTestId('risk-attack-ask-routes')).toBeNull();
  });

  it('asks whether a fast-travel route joins two territories, then runs the manoeuvre again', async () => {
    await open(withTerritory(view({ phase: 'manoeuvre' }), 'alaska', { assassins: 4 }));
    await fireEvent.click(territory('alaska'));
    await fireEvent.click(territory('argentina'));
    ipc.riskAct.mockRejectedValueOnce(
      new IpcError('rules', '', [refusal('value_needed', { key: 'fast_travel.alaska.argentina', missing: '1' })]),
    );
    await fireEvent.submit(dom.getByTestId('risk-manoeuvre-form'));
    const form = await dom.findByTestId('risk-values');
    expect(form.dataset.kind).toBe('fast_travel');
    expect(form.textContent).toContain('between Alaska and Argentina');
    ipc.riskAct.mockResolvedValueOnce(screen(view({ phase: 'manoeuvre' })));
    ipc.riskAct.mockRejectedValueOnce(
      new IpcError('rules', '', [refusal('manoeuvre_not_connected', { from: 'alaska', to: 'argentina' })]),
    );
    await fireEvent.submit(form);
    await dom.findByTestId('error');
    expect(ipc.riskAct.mock.calls.map(([, c]) => c)).toEqual([
      { type: 'manoeuvre', from: 'alaska', to: 'argentina', count: 3 },
      { type: 'set_box_value', value: { kind: 'fast_travel', from: 'alaska', to: 'argentina', route: false } },
      { type: 'manoeuvre', from: 'alaska', to: 'argentina', count: 3 },
    ]);
  });

  it('asks for a memory fragment’s mission when it is claimed', async () => {
    const v = view({
      players: [player('red', 'Ana', { fragments_held: 1 }), ...view().players.slice(1)],
      own_fragments: [{ id: 4, name: null, mission: null, used: false }],
    });
    await open(v);
    // MISE EN PLACE 6: counted, hidden until their holder asks.
    expect(dom.getByTestId('risk-fragments').dataset.held).toBe('1');
    expect(dom.queryByTestId('risk-claim-4')).toBeNull();
    await fireEvent.click(dom.getByTestId('risk-fragments-show'));
    ipc.riskAct.mockRejectedValueOnce(new IpcError('rules', '', [refusal('value_needed', { key: 'mission.4', missing: '1' })]));
    await fireEvent.click(dom.getByTestId('risk-claim-4'));
    const form = await dom.findByTestId('risk-values');
    expect(form.dataset.kind).toBe('mission');
    // "Un ou plusieurs territoires": as many rows as the card names (5 here).
    const named = ['egypt', 'congo', 'north_africa', 'east_africa', 'south_africa'];
    for (const [i, id] of named.entries()) {
      if (i > 0) await fireEvent.click(dom.getByTestId('risk-mission-add'));
      await fireEvent.change(dom.getByTestId(`risk-mission-territory-${i}`), { target: { value: id } });
    }
    await fireEvent.input(dom.getByTestId('risk-mission-turns'), { target: { value: '2' } });
    await fireEvent.input(dom.getByTestId('risk-mission-assassins'), { target: { value: '5' } });
    ipc.riskAct.mockResolvedValue(screen(v));
    await fireEvent.submit(form);
    await vi.waitFor(() => expect(ipc.riskAct).toHaveBeenCalledTimes(3));
    expect(ipc.riskAct.mock.calls[1][1]).toEqual({
      type: 'set_box_value',
      value: { kind: 'mission', fragment: 4, mission: { territories: named, turns: 2, assassins: 5 } },
    });
    expect(ipc.riskAct.mock.calls[2][1]).toEqual({ type: 'claim_fragment', fragment: 4 });
  });
});

describe('what the view offers the forms', () => {
  it('the manoeuvre moves at most what the view says may leave', async () => {
    const v = withTerritory(view({ phase: 'manoeuvre' }), 'alaska', { assassins: 4 });
    await open({ ...v, manoeuvre_forces: [{ territory: 'alaska', count: 2 }] });
    await fireEvent.click(territory('alaska'));
    await fireEvent.click(territory('alberta'));
    const form = dom.getByTestId('risk-manoeuvre-form');
    expect(form.dataset.max).toBe('2');
    const count = dom.getByTestId('risk-manoeuvre-count') as HTMLInputElement;
    expect(count.value).toBe('2');
    ipc.riskAct.mockResolvedValue(screen(view({ phase: 'manoeuvre', manoeuvred: true })));
    await fireEvent.submit(form);
    expect(ipc.riskAct).toHaveBeenCalledWith('g1', { type: 'manoeuvre', from: 'alaska', to: 'alberta', count: 2 });
  });

  it('marks on the map the territories the view says the one chosen may attack', async () => {
    const v = attacking(withTerritory(view(), 'alaska', { assassins: 5 }));
    const offer = v.attack!;
    // The view names Kamchatka only: the map marks no other neighbour.
    await open({ ...v, attack: { ...offer, targets: [{ from: 'alaska', to: ['kamchatka'] }] } });
    await fireEvent.click(territory('alaska'));
    const marked = dom.getAllByTestId('risk-territory').filter((b) => b.classList.contains('reachable'));
    expect(marked.map((b) => b.dataset.territory)).toEqual(['kamchatka']);
  });

  it('marks on the map the territories of the group the view joins the one chosen to', async () => {
    const v = withTerritory(view({ phase: 'manoeuvre' }), 'alaska', { assassins: 4 });
    await open({ ...v, manoeuvre_groups: [['alaska', 'peru', 'siam'], ['alberta', 'ontario']] });
    await fireEvent.click(territory('alaska'));
    const marked = dom.getAllByTestId('risk-territory').filter((b) => b.classList.contains('reachable'));
    expect(marked.map((b) => b.dataset.territory).sort()).toEqual(['peru', 'siam']);
  });

  it('after a conquest under edition 1, offers the move-in the view bounds', async () => {
    const won = withTerritory(withTerritory(view(), 'northwest_territory', { owner: 'red', assassins: 3 }), 'alaska', { assassins: 6 });
    await open({
      ...attacking(won, { edition: 1, can_move_in: true, move_in_max: 4 }),
      conquered: true,
      move_in: ['alaska', 'northwest_territory'],
    });
    const form = dom.getByTestId('risk-move-in');
    expect(form.dataset.max).toBe('4');
    expect((dom.getByTestId('risk-move-in-count') as HTMLInputElement).value).toBe('4');
    ipc.riskAct.mockResolvedValue(screen(attacking(won)));
    await fireEvent.submit(form);
    expect(ipc.riskAct).toHaveBeenCalledWith('g1', { type: 'move_in', count: 4 });
  });

  it('asks for as many memory fragments and neutral cards as the view’s deal says', async () => {
    const two = view({
      phase: 'dealing_cards',
      current: null,
      turn: 0,
      deal: { fragments_each: 1, fragment_cards: 10, neutral_stack: 3 },
      players: [
        player('red', 'Ana', { territories: 12 }),
        player('grey', 'Bruno', { territories: 12 }),
        player('black', '', { neutral: true, territories: 6, aptitude_hidden: 0 }),
        player('white', '', { neutral: true, territories: 6, aptitude_hidden: 0 }),
        player('blue', '', { neutral: true, territories: 6, aptitude_hidden: 0 }),
      ],
    });
    await open(two);
    const cards = dom.getByTestId('risk-cards');
    expect([cards.dataset.each, cards.dataset.stack]).toEqual(['1', '3']);
    expect(cards.textContent).toContain('(1 each)');
    await fireEvent.click(dom.getByTestId('risk-cards-enter'));
    // MISE EN PLACE 6: "ne les dévoilez pas aux autres joueurs": one
    // player's fields at a time, the others looking away, hidden once typed.
    expect(dom.queryByTestId('risk-fragment-red-0')).toBeNull();
    expect((dom.getByTestId('risk-cards-submit') as HTMLButtonElement).disabled).toBe(true);
    await fireEvent.click(dom.getByTestId('risk-fragments-look-red'));
    expect(dom.queryByTestId('risk-fragment-grey-0')).toBeNull();
    expect(dom.getAllByTestId(/^risk-fragment-red-/)).toHaveLength(1);
    expect((dom.getByTestId('risk-fragment-red-0') as HTMLInputElement).max).toBe('10');
    await fireEvent.input(dom.getByTestId('risk-fragment-red-0'), { target: { value: '3' } });
    await fireEvent.click(dom.getByTestId('risk-fragments-hide-red'));
    expect(dom.queryByTestId('risk-fragment-red-0')).toBeNull();
    expect(dom.getByTestId('risk-fragments-typed-red')).toBeTruthy();
    await fireEvent.click(dom.getByTestId('risk-fragments-look-grey'));
    await fireEvent.input(dom.getByTestId('risk-fragment-grey-0'), { target: { value: '5' } });
    await fireEvent.click(dom.getByTestId('risk-fragments-hide-grey'));
    expect((dom.getByTestId('risk-cards-submit') as HTMLButtonElement).disabled).toBe(false);
    expect(dom.getAllByTestId(/^risk-stack-white-/)).toHaveLength(3);
  });

  it('asks for the neutral’s assassins on as many territories as the view offers', async () => {
    await open(
      view(
        {
          neutral_due: true,
          neutral_offer: { assassins: 3, territories: 2, on: ['quebec'] },
          players: [player('red', 'Ana'), player('grey', 'Bruno'), player('white', '', { neutral: true, aptitude_hidden: 0 })],
        },
        { quebec: 'white' },
      ),
    );
    const form = dom.getByTestId('risk-neutral-form');
    expect([form.dataset.assassins, form.dataset.territories]).toEqual(['3', '2']);
    expect(form.textContent).toContain('at most 2 territories');
    expect(dom.queryByTestId('risk-neutral-territory-2')).toBeNull();
    const options = within(dom.getByTestId('risk-neutral-territory-0') as HTMLElement).getAllByRole('option');
    expect(options.map((o) => (o as HTMLOptionElement).value)).toEqual(['', 'quebec']);
    expect((dom.getByTestId('risk-neutral-count-0') as HTMLInputElement).value).toBe('3');
  });

  it('offers an aptitude card’s losses on the territories the view names, one row more for each at most', async () => {
    await open(
      view({
        aptitude: {
          losses: [
            { territory: 'alaska', count: 1 },
            { territory: 'peru', count: 3 },
          ],
          max_gain: 50,
          reason_chars: 200,
          min_gain: 0,
          min_loss: 1,
        },
      }),
    );
    await fireEvent.click(dom.getByTestId('risk-aptitude-open'));
    // The fields take what the view bounds (typed_bounds).
    expect((dom.getByTestId('risk-aptitude-gain') as HTMLInputElement).max).toBe('50');
    expect((dom.getByTestId('risk-aptitude-reason') as HTMLInputElement).maxLength).toBe(200);
    // One row to begin with; a second, then no more: the view names two.
    expect(dom.queryByTestId('risk-aptitude-loss-territory-1')).toBeNull();
    const options = within(dom.getByTestId('risk-aptitude-loss-territory-0')).getAllByRole('option');
    expect(options.map((o) => (o as HTMLOptionElement).value)).toEqual(['', 'alaska', 'peru']);
    await fireEvent.click(dom.getByTestId('risk-aptitude-add-loss'));
    expect(dom.getByTestId('risk-aptitude-loss-territory-1')).toBeTruthy();
    expect(dom.queryByTestId('risk-aptitude-add-loss')).toBeNull();
    await fireEvent.change(dom.getByTestId('risk-aptitude-loss-territory-1'), { target: { value: 'peru' } });
    expect(dom.getByTestId('risk-aptitude-loss-most-1').textContent).toContain('at most 3');
    await fireEvent.input(dom.getByTestId('risk-aptitude-loss-count-1'), { target: { value: '2' } });
    await fireEvent.input(dom.getByTestId('risk-aptitude-reason'), { target: { value: 'Pomme' } });
    ipc.riskAct.mockResolvedValue(screen(view({ aptitude_revealed: true })));
    await fireEvent.submit(dom.getByTestId('risk-aptitude-form'));
    expect(ipc.riskAct).toHaveBeenCalledWith('g1', {
      type: 'reveal_aptitude',
      gain: 0,
      losses: [{ territory: 'peru', count: 2 }],
      reason: 'Pomme',
    });
  });

  it('offers no aptitude card when the view gives no offer', async () => {
    await open(view());
    expect((dom.getByTestId('risk-aptitude-open') as HTMLButtonElement).disabled).toBe(true);
  });

  it('names the cards the view says the next draw may give, and the discard shuffled anew', async () => {
    await open(
      view({
        phase: 'manoeuvre',
        conquered: true,
        sigma_in_deck: false,
        deck: [],
        discard: ['peru', 'alaska', 'siam'],
        drawable: ['peru', 'alaska', 'siam'],
        reshuffles: true,
      }),
    );
    const form = dom.getByTestId('risk-end-turn-form');
    expect(form.dataset.drawable).toBe('3');
    expect(dom.getByTestId('risk-end-turn-reshuffle').textContent).toContain('(3)');
    await fireEvent.change(dom.getByTestId('risk-end-turn-draw'), { target: { value: 'card' } });
    const options = within(dom.getByTestId('risk-end-turn-card')).getAllByRole('option');
    expect(options.map((o) => (o as HTMLOptionElement).value)).toEqual(['', 'alaska', 'peru', 'siam']);
  });
});

describe('a turn', () => {
  it('shows the odds of the attack chosen, rolls, and shows the dice after', async () => {
    const attack = attacking(withTerritory(view(), 'alaska', { assassins: 5 }));
    await open(attack);
    await fireEvent.click(territory('alaska'));
    await fireEvent.click(territory('northwest_territory'));
    const odds = await dom.findByText(/Chance of taking it/);
    expect(odds.textContent).toContain('83.7%');
    // The force's odds: the 3 that cross the line, not the territory's 5.
    expect(ipc.riskOdds).toHaveBeenCalledWith('g1', 'alaska', 'northwest_territory', 3);
    expect(dom.getByTestId('risk-odds').textContent).toContain('Your 3 assassins across the line fight alone');
    expect(dom.getByTestId('risk-defence-dice').dataset.count).toBe('1');
    expect((dom.getByTestId('risk-attack-dice') as HTMLSelectElement).value).toBe('3');

    await fireEvent.input(dom.getByTestId('risk-die-attack-0'), { target: { value: '6' } });
    await fireEvent.input(dom.getByTestId('risk-die-attack-1'), { target: { value: '5' } });
    await fireEvent.input(dom.getByTestId('risk-die-attack-2'), { target: { value: '1' } });
    await fireEvent.input(dom.getByTestId('risk-die-defence-0'), { target: { value: '2' } });
    const after = withTerritory(withTerritory(attack, 'northwest_territory', { owner: 'red', assassins: 3 }), 'alaska', { assassins: 2 });
    ipc.riskAct.mockResolvedValue(
      screen({
        ...after,
        conquered: true,
        move_in: ['alaska', 'northwest_territory'],
        last_roll: { from: 'alaska', to: 'northwest_territory', attack: [6, 5, 1], defence: [2], attacker_losses: 0, defender_losses: 1, conquered: true },
      }),
    );
    await fireEvent.submit(dom.getByTestId('risk-dice-form'));
    expect(ipc.riskAct).toHaveBeenCalledWith('g1', {
      type: 'attack',
      from: 'alaska',
      to: 'northwest_territory',
      attackers: 3,
      dice: [6, 5, 1],
      defence_dice: [2],
    });
    const roll = await dom.findByTestId('risk-last-roll');
    expect(roll.dataset.attack).toBe('6,5,1');
    expect(roll.dataset.conquered).toBe('true');
    // Edition 2: the force holds what it took; the view offers no move-in.
    expect(dom.queryByTestId('risk-move-in')).toBeNull();
    expect(dom.getByTestId('risk-end-turn-form').dataset.conquered).toBe('true');
  });

  it('goes on with the force the view says: 2 dice after losing 1 of 3, its own odds, and a retreat', async () => {
    const v = attacking(withTerritory(withTerritory(view(), 'alaska', { assassins: 9 }), 'northwest_territory', { assassins: 3 }), {
      battle: { from: 'alaska', to: 'northwest_territory', force: 2 },
      forces: [{ territory: 'alaska', count: 2 }],
      can_retreat: true,
    });
    await open(v);
    expect(dom.getByTestId('risk-battle').textContent).toContain('2 assassins from Alaska fight on against Northwest Territory');
    const force = dom.getByTestId('risk-attack-dice') as HTMLSelectElement;
    expect(force.value).toBe('2');
    expect(force.disabled).toBe(true);
    expect(dom.getByTestId('risk-attack-dice-count').dataset.count).toBe('2');
    expect(dom.getByTestId('risk-defence-dice').dataset.count).toBe('2');
    await vi.waitFor(() => expect(ipc.riskOdds).toHaveBeenCalledWith('g1', 'alaska', 'northwest_territory', 2));
    expect(dom.queryByTestId('risk-die-attack-2')).toBeNull();
    ipc.riskAct.mockResolvedValue(screen(v));
    await fireEvent.click(dom.getByTestId('risk-attack-roll'));
    expect(ipc.riskAct).toHaveBeenLastCalledWith('g1', {
      type: 'attack',
      from: 'alaska',
      to: 'northwest_territory',
      attackers: 2,
      dice: null,
      defence_dice: null,
    });
    // The view says whether a retreat closes the territory attacked (edition 3).
    expect(dom.getByTestId('risk-retreat-hint').textContent).toContain('you may then attack another territory');
    await fireEvent.click(dom.getByTestId('risk-retreat'));
    expect(ipc.riskAct).toHaveBeenLastCalledWith('g1', { type: 'retreat' });
  });

  it('says a retreat closes the territory attacked for the turn when the view says so (ATAQUES SUPPLÉMENTAIRES)', async () => {
    const v = attacking(withTerritory(withTerritory(view(), 'alaska', { assassins: 9 }), 'northwest_territory', { assassins: 3 }), {
      battle: { from: 'alaska', to: 'northwest_territory', force: 2 },
      forces: [{ territory: 'alaska', count: 2 }],
      can_retreat: true,
      retreat_closes_target: true,
    });
    await open(v);
    expect(dom.getByTestId('risk-retreat-hint').textContent).toContain('not Northwest Territory again this turn');
  });

  it('offers no roll once a force is lost whole: the attacks are over', async () => {
    const v = attacking(withTerritory(view({ attacks_over: true }), 'alaska', { assassins: 8 }));
    await open(v);
    expect(dom.getByTestId('risk-attacks-over')).toBeTruthy();
    await fireEvent.click(territory('alaska'));
    await fireEvent.click(territory('northwest_territory'));
    expect(dom.queryByTestId('risk-attack-roll')).toBeNull();
    expect(dom.queryByTestId('risk-odds')).toBeNull();
    expect(dom.getByTestId('risk-attack-panel').dataset.canAttack).toBe('false');
  });

  it('plays an aptitude card kept for combat, and the dice entered follow it', async () => {
    const v = attacking(withTerritory(view(), 'alaska', { assassins: 5 }), {
      held: [{ colour: 'red', cards: ['Leap of faith'], can_play: true }],
    });
    await open(v);
    const card = dom.getByTestId('risk-held-card');
    expect(card.textContent).toContain('Leap of faith');
    await fireEvent.click(dom.getByTestId('risk-card-extra-die-red-0'));
    const played = attacking(withTerritory(view(), 'alaska', { assassins: 5 }), {
      extra_attack_dice: 1,
      cards_in_play: [{ player: 'red', card: 'Leap of faith', extra_die: true }],
    });
    ipc.riskAct.mockResolvedValue(screen(played));
    await fireEvent.click(dom.getByTestId('risk-play-card-red-0'));
    expect(ipc.riskAct).toHaveBeenCalledWith('g1', { type: 'play_aptitude', player: 'red', card: 0, extra_die: true });
    await fireEvent.click(territory('alaska'));
    await fireEvent.click(territory('northwest_territory'));
    expect((await dom.findByTestId('risk-card-in-play')).textContent).toContain('Leap of faith');
    expect(dom.getByTestId('risk-attack-dice-count').dataset.count).toBe('4');
    expect(dom.getByTestId('risk-die-attack-3')).toBeTruthy();
  });

  it('says in words why a manoeuvre across an enemy territory is refused', async () => {
    await open(withTerritory(view({ phase: 'manoeuvre' }), 'alaska', { assassins: 4 }));
    await fireEvent.click(territory('alaska'));
    await fireEvent.click(territory('argentina'));
    ipc.riskAct.mockRejectedValueOnce(new IpcError('rules', '', [refusal('manoeuvre_not_connected', { from: 'alaska', to: 'argentina' })]));
    await fireEvent.submit(dom.getByTestId('risk-manoeuvre-form'));
    const error = await dom.findByTestId('error');
    expect(within(error).getByText(/from Alaska to Argentina/)).toBeTruthy();
    expect(error.querySelector('li')?.dataset.rule).toBe('manoeuvre_not_connected');
  });

  it('ends the turn with the card drawn at the table, or the Sigma card', async () => {
    await open(view({ phase: 'manoeuvre', conquered: true }));
    const draw = dom.getByTestId('risk-end-turn-draw');
    await fireEvent.change(draw, { target: { value: 'sigma' } });
    ipc.riskAct.mockResolvedValue(screen(view({ phase: 'over', winners: ['red'], ending: 'sigma_drawn' })));
    await fireEvent.click(dom.getByTestId('risk-end-turn'));
    expect(ipc.riskAct).toHaveBeenCalledWith('g1', { type: 'end_turn', card: null, sigma: true, decline: false });
    const winner = await dom.findByTestId('risk-winner');
    expect(winner.dataset.winners).toBe('red');
    expect(winner.textContent).toContain('Ana');
    expect(dom.getByTestId('risk-ending').dataset.ending).toBe('sigma_drawn');
  });

  it('plays a kept aptitude card for the assassins it gives, later in the turn (LES CARTES APTITUDE)', async () => {
    // "Les autres cartes peuvent être conservées et jouées à tout moment."
    const v = attacking(view());
    await open({ ...v, offers: { ...v.offers, kept_cards: ['Apple of Eden: 4 assassins'] } });
    await fireEvent.input(dom.getByTestId('risk-kept-gain-0'), { target: { value: '4' } });
    ipc.riskAct.mockResolvedValue(screen(attacking(view())));
    await fireEvent.click(dom.getByTestId('risk-kept-use-0'));
    expect(ipc.riskAct).toHaveBeenCalledWith('g1', { type: 'use_aptitude', card: 0, gain: 4 });
  });

  it('trades some of the neutral’s captured cards, and places their assassins on more than one territory', async () => {
    // S'EMPARER D'UNE FACTION D'ASSASSINS NEUTRE: "échangez-les quand vous le souhaitez".
    const v = attacking(view());
    const captured = {
      ...v,
      offers: { ...v.offers, captured_cards: ['peru', 'china', 'india'] as Territory[] },
      trade: {
        groups: [
          { crests: 1, cards: ['peru', 'india'] as Territory[] },
          { crests: 2, cards: ['china'] as Territory[] },
        ],
        trades: [
          { counts: [2, 0], crests: 2, assassins: 2 },
          { counts: [1, 1], crests: 3, assassins: 4 },
          { counts: [2, 1], crests: 4, assassins: 7 },
        ],
        min_crests: 2,
        max_crests: 10,
      },
    };
    await open(captured);
    const trade = dom.getByTestId('risk-captured-trade') as HTMLButtonElement;
    await fireEvent.click(dom.getByTestId('risk-captured-card-peru'));
    expect(trade.disabled).toBe(true);
    await fireEvent.click(dom.getByTestId('risk-captured-card-china'));
    expect(dom.getByTestId('risk-captured-preview').dataset.assassins).toBe('4');
    ipc.riskAct.mockResolvedValue(screen({ ...attacking(view()), pool: 4 }));
    await fireEvent.click(trade);
    expect(ipc.riskAct).toHaveBeenCalledWith('g1', { type: 'trade_cards', cards: ['peru', 'china'] });
    await dom.findByTestId('risk-captured-count');
    await fireEvent.click(territory('alaska'));
    await fireEvent.input(dom.getByTestId('risk-captured-count'), { target: { value: '1' } });
    await fireEvent.click(dom.getByTestId('risk-captured-place'));
    expect(ipc.riskAct).toHaveBeenLastCalledWith('g1', { type: 'place', territory: 'alaska', count: 1 });
  });

  it('corrects the board with a reason', async () => {
    await open(view());
    await fireEvent.click(territory('peru'));
    await fireEvent.click(dom.getByTestId('risk-adjust-open'));
    await fireEvent.change(dom.getByTestId('risk-adjust-owner'), { target: { value: 'red' } });
    await fireEvent.input(dom.getByTestId('risk-adjust-count'), { target: { value: '3' } });
    await fireEvent.input(dom.getByTestId('risk-adjust-reason'), { target: { value: 'Knocked over' } });
    ipc.riskAct.mockResolvedValue(screen(view()));
    await fireEvent.submit(dom.getByTestId('risk-adjust-form'));
    expect(ipc.riskAct).toHaveBeenCalledWith('g1', {
      type: 'adjust',
      territory: 'peru',
      owner: 'red',
      assassins: 3,
      reason: 'Knocked over',
    });
  });
});

