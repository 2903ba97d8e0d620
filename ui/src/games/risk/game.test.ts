import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IpcError, type RiskCommand, type RiskScreen, type Violation } from '$lib/ipc';
import { SLOW_MS } from '$lib/pending.svelte';
import { RiskGame, type RiskDoor } from './game.svelte';
import { attacking, screen, view, withTerritory } from './fixtures';

const refusal = (code: string, params: Record<string, string> = {}): Violation =>
  ({ game: 'risk', code, params, message: `refused: ${code}`, section: 'MISE EN PLACE' }) as Violation;

function door(): RiskDoor & { [K in keyof RiskDoor]: ReturnType<typeof vi.fn> } {
  return {
    open: vi.fn().mockResolvedValue(screen()),
    act: vi.fn().mockResolvedValue(screen()),
    undo: vi.fn().mockResolvedValue(screen()),
    redo: vi.fn().mockResolvedValue(screen()),
    rename: vi.fn().mockResolvedValue(screen(view(), 'Renamed')),
    odds: vi.fn().mockResolvedValue({ win: 0.75, expected_attacker_losses: 1.2, expected_defender_losses: 1.9 }),
  };
}

let d: ReturnType<typeof door>;
let game: RiskGame;

beforeEach(async () => {
  d = door();
  game = new RiskGame(() => 'g1', d);
  await game.load();
});

describe('the game’s store', () => {
  it('opens the game', () => {
    expect(d.open).toHaveBeenCalledWith('g1');
    expect(game.view?.phase).toBe('placement');
    expect(game.mine('alaska')).toBe(true);
    expect(game.mine('northwest_territory')).toBe(false);
  });

  it('asks for the box values a command needs, saves them one by one, then runs the command again', async () => {
    const deal: RiskCommand = { type: 'deal_territories', deal: null };
    d.act.mockRejectedValueOnce(
      new IpcError('rules', '', [refusal('value_needed', { key: 'crests.greenland', missing: '39' })]),
    );
    expect(await game.act(deal)).toBe(false);
    expect(game.error).toBeNull();
    expect(game.asked?.values).toEqual([{ kind: 'crests', key: 'crests.greenland', territory: 'greenland' }]);
    expect(game.asked?.missing).toBe(39);
    expect(game.asked?.retry).toEqual(deal);

    expect(
      await game.saveValues([
        { kind: 'crests', territory: 'greenland', crests: 1 },
        { kind: 'crests', territory: 'quebec', crests: 2 },
      ]),
    ).toBe(true);
    expect(d.act.mock.calls.map(([, command]) => command)).toEqual([
      deal,
      { type: 'set_box_value', value: { kind: 'crests', territory: 'greenland', crests: 1 } },
      { type: 'set_box_value', value: { kind: 'crests', territory: 'quebec', crests: 2 } },
      deal,
    ]);
    expect(game.asked).toBeNull();
  });

  it('keeps the question while a value is refused', async () => {
    d.act.mockRejectedValueOnce(new IpcError('rules', '', [refusal('value_needed', { key: 'region_bonus.europe', missing: '1' })]));
    await game.act({ type: 'end_turn', card: null, sigma: false, decline: false });
    d.act.mockRejectedValueOnce(new IpcError('rules', '', [refusal('value_range', { key: 'region_bonus.europe', min: '0', max: '30' })]));
    expect(await game.saveValues([{ kind: 'region_bonus', region: 'europe', assassins: 99 }])).toBe(false);
    expect(game.asked?.values[0]).toEqual({ kind: 'region_bonus', key: 'region_bonus.europe', region: 'europe' });
    expect(game.error).toBeInstanceOf(IpcError);
  });

  it('words the ids of a refusal: territories by name, colours by brotherhood', async () => {
    d.act.mockRejectedValueOnce(
      new IpcError('rules', '', [refusal('manoeuvre_not_connected', { from: 'great_britain', to: 'india' })]),
    );
    await game.act({ type: 'manoeuvre', from: 'great_britain', to: 'india', count: 1 });
    const error = game.error as IpcError;
    expect(error.violations[0].params).toEqual({ from: 'Great Britain', to: 'India' });
    d.act.mockRejectedValueOnce(new IpcError('rules', '', [refusal('brotherhood_unknown', { colour: 'grey' })]));
    await game.act({ type: 'adjust', territory: 'alaska', owner: 'white', assassins: 2, reason: 'x' });
    expect((game.error as IpcError).violations[0].params.colour).toBe('Bruno (grey)');
  });

  it('chooses territories by phase: one to place on; in an attack, an own one then an enemy one', async () => {
    game.choose('alaska');
    expect([game.source, game.target]).toEqual(['alaska', null]);
    game.choose('alberta');
    expect([game.source, game.target]).toEqual(['alberta', null]);

    d.act.mockResolvedValueOnce(
      screen(attacking(withTerritory(withTerritory(view(), 'alberta', { assassins: 3 }), 'alaska', { assassins: 3 }))),
    );
    await game.act({ type: 'end_placement' });
    expect(game.source).toBe('alberta');
    // CHOISISSEZ UN TERRITOIRE: "Vous ne pouvez pas attaquer un territoire
    // qui n'est pas connecté au(x) vôtre(s)": only a territory the view
    // offers from the one chosen is taken as the target.
    game.choose('kamchatka');
    expect([game.source, game.target]).toEqual(['alberta', null]);
    game.choose('northwest_territory');
    expect([game.source, game.target]).toEqual(['alberta', 'northwest_territory']);
    game.choose('alaska');
    expect([game.source, game.target]).toEqual(['alaska', 'northwest_territory']);
    game.choose('alaska');
    expect([game.source, game.target]).toEqual([null, null]);
  });

  it('asks the rules for the odds of the attack chosen in this game, and again when the force changes', async () => {
    d.act.mockResolvedValueOnce(screen(attacking(withTerritory(view(), 'alaska', { assassins: 5 }))));
    await game.act({ type: 'end_placement' });
    game.choose('alaska');
    game.choose('northwest_territory');
    await vi.waitFor(() => expect(game.odds?.odds.win).toBe(0.75));
    // The force the view offers (3 of 5, one on guard), not the territory's count.
    expect(d.odds).toHaveBeenLastCalledWith('g1', 'alaska', 'northwest_territory', 3);
    expect(game.odds).toMatchObject({ attackers: 3, defenders: 1 });
    game.chooseForce(2);
    await vi.waitFor(() => expect(d.odds).toHaveBeenLastCalledWith('g1', 'alaska', 'northwest_territory', 2));

    // Under way, the force that is left: never topped up from the territory.
    const after = attacking(withTerritory(withTerritory(view(), 'alaska', { assassins: 4 }), 'northwest_territory', { assassins: 2 }), {
      battle: { from: 'alaska', to: 'northwest_territory', force: 1 },
      forces: [{ territory: 'alaska', count: 1 }],
      can_retreat: true,
    });
    d.act.mockResolvedValueOnce(screen(after));
    await game.act({ type: 'attack', from: 'alaska', to: 'northwest_territory', attackers: 2, dice: null, defence_dice: null });
    await vi.waitFor(() => expect(d.odds).toHaveBeenLastCalledWith('g1', 'alaska', 'northwest_territory', 1));
    // The attack under way keeps its territories.
    game.choose('alberta');
    expect([game.source, game.target]).toEqual(['alaska', 'northwest_territory']);
  });

  it('shows the odds the view gives for the attack under way, the cards in play counted (■ CARTES APTITUDE)', async () => {
    const given = { win: 0.125, expected_attacker_losses: 2.5, expected_defender_losses: 0.5 };
    const under = attacking(withTerritory(withTerritory(view(), 'alaska', { assassins: 6 }), 'northwest_territory', { assassins: 2 }), {
      battle: { from: 'alaska', to: 'northwest_territory', force: 3 },
      forces: [{ territory: 'alaska', count: 3 }],
      can_retreat: true,
      battle_odds: given,
    });
    d.act.mockResolvedValueOnce(screen(under));
    await game.act({ type: 'end_placement' });
    await vi.waitFor(() => expect(game.odds?.odds).toEqual(given));
    expect(game.odds).toMatchObject({ attackers: 3, defenders: 2 });
    expect(d.odds).not.toHaveBeenCalled();
  });

  it('asks the odds again once an aptitude card is played before the attack is launched (■ CARTES APTITUDE)', async () => {
    const before = attacking(withTerritory(view(), 'alaska', { assassins: 5 }));
    d.act.mockResolvedValueOnce(screen(before));
    await game.act({ type: 'end_placement' });
    game.choose('alaska');
    game.choose('northwest_territory');
    await vi.waitFor(() => expect(d.odds).toHaveBeenCalledTimes(1));
    const counted = { win: 0.97, expected_attacker_losses: 0.4, expected_defender_losses: 1 };
    d.odds.mockResolvedValueOnce(counted);
    const played = attacking(withTerritory(view(), 'alaska', { assassins: 5 }), {
      extra_attack_dice: 1,
      cards_in_play: [{ player: 'red', card: 'One more die', extra_die: true }],
    });
    d.act.mockResolvedValueOnce(screen(played));
    await game.act({ type: 'play_aptitude', player: 'red', card: 0, extra_die: true });
    await vi.waitFor(() => expect(game.odds?.odds).toEqual(counted));
    expect(d.odds).toHaveBeenCalledTimes(2);
    expect(d.odds).toHaveBeenLastCalledWith('g1', 'alaska', 'northwest_territory', 3);
  });

  it('shows no odds when the rules say it is no attack', async () => {
    d.odds.mockResolvedValueOnce(null);
    d.act.mockResolvedValueOnce(screen(attacking(withTerritory(view(), 'alaska', { assassins: 5 }))));
    await game.act({ type: 'end_placement' });
    game.choose('alaska');
    game.choose('northwest_territory');
    await vi.waitFor(() => expect(d.odds).toHaveBeenCalledTimes(1));
    expect(game.odds).toBeNull();
  });

  it('lets go of a conquered target: it is the player’s own now', async () => {
    d.act.mockResolvedValueOnce(screen(attacking(view())));
    await game.act({ type: 'end_placement' });
    game.choose('alaska');
    game.choose('northwest_territory');
    d.act.mockResolvedValueOnce(screen(attacking(withTerritory(view(), 'northwest_territory', { owner: 'red' }))));
    await game.act({ type: 'attack', from: 'alaska', to: 'northwest_territory', attackers: 1, dice: [6], defence_dice: [1] });
    expect([game.source, game.target]).toEqual(['alaska', null]);
    expect(game.odds).toBeNull();
  });

  it('sends one change at a time: a second click while one is on its way sends nothing', async () => {
    let answer!: (s: RiskScreen) => void;
    d.act.mockReturnValueOnce(new Promise<RiskScreen>((resolve) => (answer = resolve)));
    const place: RiskCommand = { type: 'place', territory: 'alaska', count: 1 };
    const first = game.act(place);
    expect(game.busy).toBe(true);
    expect(await game.act(place)).toBe(false);
    expect(await game.undo()).toBe(false);
    expect(d.act).toHaveBeenCalledTimes(1);
    expect(d.undo).not.toHaveBeenCalled();
    answer(screen());
    expect(await first).toBe(true);
    expect(game.busy).toBe(false);
    expect(await game.act(place)).toBe(true);
    expect(d.act).toHaveBeenCalledTimes(2);
  });

  it('greys the buttons only for a change slower than a moment', async () => {
    vi.useFakeTimers();
    try {
      let answer!: (s: RiskScreen) => void;
      d.act.mockReturnValueOnce(new Promise<RiskScreen>((resolve) => (answer = resolve)));
      const made = game.act({ type: 'place', territory: 'alaska', count: 1 });
      await vi.advanceTimersByTimeAsync(SLOW_MS - 1);
      expect(game.slow).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(game.slow).toBe(true);
      answer(screen());
      await made;
      expect(game.slow).toBe(false);
      expect(game.busy).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the objects of what a change left as it was (only what changed is redrawn)', async () => {
    const before = game.view!;
    d.act.mockResolvedValueOnce(screen(withTerritory(view(), 'alaska', { assassins: 9 })));
    await game.act({ type: 'place', territory: 'alaska', count: 1 });
    const after = game.view!;
    expect(after).not.toBe(before);
    expect(game.territory('alaska')?.assassins).toBe(9);
    expect(game.territory('alaska')).not.toBe(before.territories.find((t) => t.id === 'alaska'));
    expect(after.territories.filter((t) => t.id !== 'alaska').every((t) => before.territories.includes(t))).toBe(true);
    expect(after.regions).toBe(before.regions);
  });

  it('undoes and redoes, saying so', async () => {
    expect(await game.undo()).toBe(true);
    expect(d.undo).toHaveBeenCalledWith('g1');
    expect(game.notice).toBeTruthy();
    await game.redo();
    expect(d.redo).toHaveBeenCalledWith('g1');
  });

  it('runs the shortcuts it is given, and only those', () => {
    const undo = vi.fn();
    const event = new KeyboardEvent('keydown', { key: 'z', ctrlKey: true, cancelable: true });
    expect(game.shortcut(event, { undo })).toBe(true);
    expect(undo).toHaveBeenCalled();
    expect(event.defaultPrevented).toBe(true);
    expect(game.shortcut(new KeyboardEvent('keydown', { key: 'y', ctrlKey: true }), { undo })).toBe(false);
  });

  it('keeps a failure to open', async () => {
    const failing = door();
    failing.open.mockRejectedValueOnce(new IpcError('no_such_campaign', 'gone'));
    const other = new RiskGame(() => 'gone', failing);
    expect(await other.load()).toBe(false);
    expect(other.error).toBeInstanceOf(IpcError);
    expect(other.screen as RiskScreen | null).toBeNull();
  });
});
