import { fireEvent, render, screen as dom, waitFor, within } from '@testing-library/svelte';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RiskView, Violation } from '$lib/ipc';
import { ALL, attacking, player, screen, setupOffer, view, withTerritory } from './fixtures';

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
const { withArrivedAnswer } = await import('$lib/ipc/first-testing');
// MISE EN PLACE, the map, the box's values and the sheet (the turn's phases are in RiskTurn.test.ts).
const RiskGame = (await import('./RiskGame.svelte')).default;
const RiskSheet = (await import('./RiskSheet.svelte')).default;
const NewRiskGame = (await import('./NewRiskGame.svelte')).default;

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

async function violations(container: HTMLElement): Promise<string[]> {
  const result = await axe.run(container, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    resultTypes: ['violations'],
  });
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

beforeEach(() => {
  for (const f of Object.values(ipc)) f.mockReset();
  ipc.riskSetup.mockResolvedValue(setupOffer());
  ipc.riskOdds.mockResolvedValue({ win: 0.8372, expected_attacker_losses: 1.25, expected_defender_losses: 2 });
});

describe('the game played last, at start', () => {
  it('is drawn in the first render when its answer came before the screen, with no loading line', async () => {
    const answer = screen(view());
    // The screen's own opening, which takes that answer in the app.
    ipc.riskOpen.mockResolvedValue(answer);
    await withArrivedAnswer('risk:g1', answer, async () => {
      render(RiskGame, { gameId: 'g1' });
      expect(dom.getByTestId('risk-map')).toBeTruthy();
      expect(dom.getByTestId('risk-name').textContent).toBe(answer.name);
      expect(dom.queryByText('Opening the game…')).toBeNull();
      // Below the window's first view: a frame later.
      expect(dom.queryByTestId('risk-regions')).toBeNull();
      await dom.findByTestId('risk-regions');
    });
  });

  it('is not drawn from an answer for another game', async () => {
    ipc.riskOpen.mockReturnValue(new Promise(() => {}));
    await withArrivedAnswer('risk:g2', screen(view()), () => {
      render(RiskGame, { gameId: 'g1' });
      expect(dom.queryByTestId('risk-map')).toBeNull();
      expect(dom.getByText('Opening the game…')).toBeTruthy();
    });
  });
});

describe('the map', () => {
  it('shows the 42 territories as buttons, each with its holder and count in words', async () => {
    await open(view());
    const buttons = dom.getAllByTestId('risk-territory');
    expect(buttons.map((b) => b.dataset.territory).sort()).toEqual([...ALL].sort());
    const alaska = territory('alaska');
    expect(alaska.dataset.owner).toBe('red');
    expect(alaska.dataset.count).toBe('2');
    expect(alaska.textContent).toContain('Alaska, North America: Ana (red), 2 assassins');
    expect(alaska.tagName).toBe('BUTTON');
    // A name too long for a token's two lines is shown short; the whole is read out.
    const west = territory('western_united_states');
    expect(west.querySelector('.name')!.textContent).toBe('Western U.S.');
    expect(west.querySelector('.sr-only')!.textContent).toMatch(/^Western United States, North America/);
    expect(territory('alaska').querySelector('.name')!.textContent).toBe('Alaska');
  });

  it('shows the region bonuses, the table of assassins per cards and the brotherhoods', async () => {
    await open(view({ regions: view().regions.map((r) => (r.id === 'europe' ? { ...r, bonus: 5, holder: 'grey' } : r)) }));
    const europe = dom.getAllByTestId('risk-region').find((r) => r.dataset.region === 'europe')!;
    expect(europe.dataset.bonus).toBe('5');
    expect(within(europe).getByText(/held by Bruno/)).toBeTruthy();
    expect(dom.getAllByTestId('risk-trade-row').map((r) => [r.dataset.crests, r.dataset.assassins])).toContainEqual(['4', '7']);
    expect(dom.getAllByTestId('risk-player').map((p) => p.dataset.current)).toEqual(['true', 'false', 'false']);
  });

  it('chooses a territory with a click and places the assassins there', async () => {
    await open(view());
    await fireEvent.click(territory('alberta'));
    expect(territory('alberta').dataset.selected).toBe('source');
    expect(territory('alberta').getAttribute('aria-pressed')).toBe('true');
    ipc.riskAct.mockResolvedValue(screen(withTerritory(view({ pool: 0 }), 'alberta', { assassins: 5 })));
    await fireEvent.click(dom.getByTestId('risk-place'));
    expect(ipc.riskAct).toHaveBeenCalledWith('g1', { type: 'place', territory: 'alberta', count: 4 });
    await vi.waitFor(() => expect(territory('alberta').dataset.count).toBe('5'));
  });

  it('explains the reinforcements line by line', async () => {
    await open(
      view({
        reinforcements: [
          { kind: 'base', assassins: 3 },
          { kind: 'territories', held: 14, assassins: 1 },
          { kind: 'region', region: 'oceania', assassins: 2 },
          { kind: 'trade', cards: ['alaska'], crests: 2, assassins: 2 },
        ],
        reinforcement_total: 8,
        pool: 8,
      }),
    );
    const lines = dom.getAllByTestId('risk-reinforcement');
    expect(lines.map((l) => l.dataset.kind)).toEqual(['base', 'territories', 'region', 'trade']);
    expect(lines[2].textContent).toContain('Oceania');
    expect(lines[3].textContent).toContain('Alaska');
    expect(dom.getByTestId('risk-reinforcements').dataset.total).toBe('8');
  });

  it('trades the cards ticked, showing what they are worth', async () => {
    const v = view({
      players: [player('red', 'Ana', { hand: ['alaska', 'argentina'], cards: 2 }), ...view().players.slice(1)],
      trade: {
        groups: [
          { crests: 1, cards: ['argentina'] },
          { crests: 2, cards: ['alaska'] },
        ],
        trades: [
          { counts: [0, 1], crests: 2, assassins: 2 },
          { counts: [1, 1], crests: 3, assassins: 4 },
        ],
        min_crests: 2,
        max_crests: 10,
      },
    });
    await open(v);
    const cards = dom.getAllByTestId('risk-hand-card');
    await fireEvent.click(cards[0]);
    await fireEvent.click(cards[1]);
    expect(dom.getByTestId('risk-trade-preview').dataset.assassins).toBe('4');
    ipc.riskAct.mockResolvedValue(screen(view()));
    await fireEvent.click(dom.getByTestId('risk-trade'));
    expect(ipc.riskAct).toHaveBeenCalledWith('g1', { type: 'trade_cards', cards: ['alaska', 'argentina'] });
  });

  it('shows what the view says a trade brings, and adds no crests itself', async () => {
    // Figures no table gives: the panel reads them, it does not count.
    const v = view({
      players: [player('red', 'Ana', { hand: ['alaska', 'argentina', 'peru'], cards: 3 }), ...view().players.slice(1)],
      trade: {
        groups: [
          { crests: 1, cards: ['argentina'] },
          { crests: 2, cards: ['alaska'] },
          { crests: null, cards: ['peru'] },
        ],
        trades: [{ counts: [0, 1, 0], crests: 5, assassins: 11 }],
        min_crests: 3,
        max_crests: 9,
      },
    });
    await open(v);
    const card = (id: string) => dom.getAllByTestId('risk-hand-card').find((c) => c.dataset.territory === id)!;
    const preview = () => dom.getByTestId('risk-trade-preview');
    await fireEvent.click(card('alaska'));
    expect([preview().dataset.crests, preview().dataset.assassins]).toEqual(['5', '11']);
    expect(preview().textContent).toContain('5 crests: 11 assassins');
    // Not a trade the view lists: the view's range is named.
    await fireEvent.click(card('argentina'));
    expect(preview().dataset.assassins).toBe('');
    expect(preview().textContent).toContain('worth 3 to 9 crests');
    // A card whose crests are not entered: they are asked at the trade.
    await fireEvent.click(card('peru'));
    expect(preview().textContent).toContain('The crests of Peru are asked');
  });
});

describe('the box’s values', () => {
  it('asks for every missing crest in one table, saves them, then deals again', async () => {
    const unknown = view({ phase: 'dealing_territories', current: null, turn: 0 });
    const dealing: RiskView = {
      ...unknown,
      territories: unknown.territories.map((t) => ({ ...t, owner: null, assassins: 0, crests: ['alaska', 'argentina', 'afghanistan'].includes(t.id) ? t.crests : null })),
    };
    await open(dealing);
    ipc.riskAct.mockRejectedValueOnce(new IpcError('rules', '', [refusal('value_needed', { key: 'crests.northwest_territory', missing: '39' })]));
    await fireEvent.click(dom.getByTestId('risk-deal-bagless'));
    const table = await dom.findByTestId('risk-crests-table');
    expect(table.dataset.missing).toBe('39');
    expect(dom.queryByTestId('error')).toBeNull();
    const selects = within(table).getAllByRole('combobox');
    expect(selects).toHaveLength(39);
    for (const select of selects) await fireEvent.change(select, { target: { value: '1' } });
    ipc.riskAct.mockResolvedValue(screen(view({ phase: 'dealing_cards', current: null })));
    await fireEvent.submit(table);
    await vi.waitFor(() => expect(ipc.riskAct).toHaveBeenCalledTimes(41));
    const commands = ipc.riskAct.mock.calls.map(([, c]) => c);
    expect(commands[1]).toEqual({ type: 'set_box_value', value: { kind: 'crests', territory: 'northwest_territory', crests: 1 } });
    expect(commands[40]).toEqual({ type: 'deal_territories', deal: null });
    await vi.waitFor(() => expect(dom.queryByTestId('risk-crests-table')).toBeNull());
  });

  it('asks for a region’s bonus, the board’s usual value offered', async () => {
    await open(view({ phase: 'manoeuvre' }));
    ipc.riskAct.mockRejectedValueOnce(new IpcError('rules', '', [refusal('value_needed', { key: 'region_bonus.oceania', missing: '1' })]));
    await fireEvent.click(dom.getByTestId('risk-end-turn'));
    const form = await dom.findByTestId('risk-values');
    expect(form.dataset.key).toBe('region_bonus.oceania');
    expect((dom.getByTestId('risk-value-input') as HTMLInputElement).value).toBe('2');
    ipc.riskAct.mockResolvedValue(screen(view({ turn: 2, current: 'grey' })));
    await fireEvent.submit(form);
    await vi.waitFor(() => expect(ipc.riskAct).toHaveBeenCalledTimes(3));
    expect(ipc.riskAct.mock.calls[1][1]).toEqual({
      type: 'set_box_value',
      value: { kind: 'region_bonus', region: 'oceania', assassins: 2 },
    });
    expect(ipc.riskAct.mock.calls[2][1]).toEqual({ type: 'end_turn', card: null, sigma: false, decline: false });
  });
});

describe('a 2-player game', () => {
  it('gives the neutral brotherhood its 3 assassins before the attacks', async () => {
    const neutral = view(
      {
        neutral_due: true,
        neutral_offer: { assassins: 3, territories: 3, on: ['quebec', 'greenland'] },
        players: [
          player('red', 'Ana', { territories: 12 }),
          player('grey', 'Bruno', { territories: 12 }),
          player('black', '', { neutral: true, territories: 6, aptitude_hidden: 0 }),
          player('white', '', { neutral: true, territories: 6, aptitude_hidden: 0 }),
          player('blue', '', { neutral: true, territories: 6, aptitude_hidden: 0 }),
        ],
      },
      { quebec: 'white', greenland: 'white' },
    );
    const container = await open(neutral);
    expect(territory('greenland').textContent).toContain('neutral white');
    expect(await violations(container)).toEqual([]);
    await fireEvent.change(dom.getByTestId('risk-neutral-territory-0'), { target: { value: 'quebec' } });
    await fireEvent.input(dom.getByTestId('risk-neutral-count-0'), { target: { value: '2' } });
    await fireEvent.change(dom.getByTestId('risk-neutral-territory-1'), { target: { value: 'greenland' } });
    await fireEvent.input(dom.getByTestId('risk-neutral-count-1'), { target: { value: '1' } });
    ipc.riskAct.mockResolvedValue(screen(view()));
    await fireEvent.submit(dom.getByTestId('risk-neutral-form'));
    expect(ipc.riskAct).toHaveBeenCalledWith('g1', {
      type: 'reinforce_neutral',
      placements: [
        { territory: 'quebec', count: 2 },
        { territory: 'greenland', count: 1 },
      ],
    });
  });
});

describe('accessibility (axe in jsdom)', () => {
  const attack = attacking(withTerritory(view(), 'alaska', { assassins: 5 }), {
    held: [{ colour: 'red', cards: ['Leap of faith'], can_play: true }],
  });
  const states: [string, RiskView][] = [
    ['dealing', view({ phase: 'dealing_territories', current: null, turn: 0 })],
    ['cards', view({ phase: 'dealing_cards', current: null, turn: 0 })],
    [
      'placement',
      view({
        players: [player('red', 'Ana', { hand: ['alaska'], fragments_held: 1 }), ...view().players.slice(1)],
        own_fragments: [{ id: 1, name: null, mission: null, used: false }],
        offers: { leave_unplaced: true, decline_card: false, captured_cards: [], kept_cards: [] },
      }),
    ],
    ['attack', { ...attack, last_roll: { from: 'alaska', to: 'alberta', attack: [6], defence: [1], attacker_losses: 0, defender_losses: 1, conquered: false } }],
    ['manoeuvre', view({ phase: 'manoeuvre', conquered: true })],
    ['over', view({ phase: 'over', winners: ['red', 'grey'], ending: 'sigma_drawn' })],
  ];
  for (const [name, v] of states) {
    it(`the game's screen: ${name}`, async () => {
      const container = await open(v);
      if (name === 'attack') {
        await fireEvent.click(territory('alaska'));
        await fireEvent.click(territory('northwest_territory'));
        await dom.findByText(/Chance of taking it/);
      }
      if (name === 'dealing') await fireEvent.click(dom.getByTestId('risk-deal-enter'));
      expect(await violations(container)).toEqual([]);
    });
  }

  it('the set-up form', async () => {
    const { container } = render(NewRiskGame, { oncreated: () => {} });
    expect(await violations(container)).toEqual([]);
  });
});

describe('the set-up form', () => {
  it('creates a game with the brotherhoods in order of play', async () => {
    const oncreated = vi.fn();
    render(NewRiskGame, { oncreated });
    await waitFor(() => expect(dom.getByTestId('risk-new-add')).toBeTruthy());
    await fireEvent.input(dom.getByTestId('risk-new-name'), { target: { value: 'Saturday' } });
    for (const [i, name] of ['Ana', 'Bruno', 'Chloé'].entries()) {
      await fireEvent.input(dom.getByTestId(`risk-new-player-name-${i}`), { target: { value: name } });
    }
    await fireEvent.click(dom.getByTestId('risk-new-down-0'));
    await fireEvent.change(dom.getByTestId('risk-new-player-colour-2'), { target: { value: 'blue' } });
    await fireEvent.click(dom.getByTestId('risk-new-sigma'));
    ipc.riskCreate.mockResolvedValue({ id: 'g9', game: 'risk' });
    await fireEvent.submit(dom.getByTestId('risk-new-form'));
    expect(ipc.riskCreate).toHaveBeenCalledWith('Saturday', {
      type: 'create_game',
      players: [
        { name: 'Bruno', colour: 'grey' },
        { name: 'Ana', colour: 'red' },
        { name: 'Chloé', colour: 'blue' },
      ],
      sigma: false,
      box_values: [],
    });
    await vi.waitFor(() => expect(oncreated).toHaveBeenCalledWith({ id: 'g9', game: 'risk' }));
  });

  it('shows a refusal in words', async () => {
    render(NewRiskGame, { oncreated: () => {} });
    ipc.riskCreate.mockRejectedValue(new IpcError('rules', '', [refusal('player_name', { max: '40' })]));
    await fireEvent.submit(dom.getByTestId('risk-new-form'));
    expect((await dom.findByTestId('error')).textContent).toContain('1 to 40 characters');
  });
});

describe('the sheet', () => {
  it('lists each territory’s holder and count region by region, and each player’s cards', async () => {
    const v = view({ players: [player('red', 'Ana', { hand: ['alaska'] }), ...view().players.slice(1)] });
    ipc.riskOpen.mockResolvedValue(screen(v));
    ipc.riskSheet.mockResolvedValue({
      phase: 'attack',
      turn: 4,
      current: 'red',
      pool: 0,
      regions: v.regions.map((r) => ({
        region: r.id,
        name: r.name,
        bonus: 3,
        rows: v.territories
          .filter((t) => t.region === r.id)
          .map((t) => ({ territory: t.id, name: t.name, owner: t.owner, assassins: 12, pieces: { eagles: 1, crests: 0, assassins: 2 } })),
      })),
      players: [{ colour: 'red', name: 'Ana', territory_cards: ['alaska'], fragments_held: 1, fragments_used: [1], aptitude_hidden: 1, aptitude_revealed: 1 }],
      neutrals: [],
      deck: 40,
      sigma_in_deck: true,
      discard: [],
    });
    const { container } = render(RiskSheet, { gameId: 'g1' });
    await dom.findByTestId('risk-sheet-title');
    expect(dom.getAllByTestId('risk-sheet-row')).toHaveLength(42);
    expect(dom.getAllByTestId('risk-sheet-region')).toHaveLength(6);
    const ana = dom.getByTestId('risk-sheet-player');
    expect(ana.dataset.cards).toBe('alaska');
    expect(ana.textContent).toContain('Alaska');
    // MISE EN PLACE 6: the fragment still held is counted, not named.
    expect(dom.getByTestId('risk-sheet-fragments').dataset.held).toBe('1');
    expect(ana.textContent).not.toContain('4');
    expect(dom.getAllByTestId('risk-sheet-row')[0].textContent).toContain('1 eagle, 2 assassins');
    expect(await violations(container)).toEqual([]);
  });
});
