import { fireEvent, render, screen as dom, waitFor, within } from '@testing-library/svelte';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { NationView, Violation } from '$lib/ipc';
import { attempt, endCount, msr, pyramid, screen, view } from './fixtures';

const ipc = vi.hoisted(() => ({
  nationOpen: vi.fn(),
  nationAct: vi.fn(),
  nationUndo: vi.fn(),
  nationRedo: vi.fn(),
  nationRename: vi.fn(),
}));
vi.mock('$lib/ipc', async (original) => ({ ...(await original<typeof import('$lib/ipc')>()), ...ipc }));
vi.mock('$games/nation/ipc', async (original) => ({ ...(await original<typeof import('$games/nation/ipc')>()), ...ipc }));

const { IpcError } = await import('$lib/ipc');
const { withArrivedAnswer } = await import('$lib/ipc/first-testing');
const NationGame = (await import('./NationGame.svelte')).default;

const byTestId = (id: string) => document.querySelector(`[data-testid="${id}"]`) as HTMLElement | null;

async function open(v: NationView): Promise<void> {
  ipc.nationOpen.mockResolvedValue(screen(v));
  render(NationGame, { gameId: 'g1' });
  await dom.findByTestId('nation-pyramid');
}

beforeEach(() => {
  for (const f of Object.values(ipc)) f.mockReset();
});

describe('the game screen', () => {
  it('shows the phase track, the 18 targets in their rows with the cash on them, and the scoreboard', async () => {
    const tiles = pyramid();
    tiles[0] = { ...tiles[0], holder: 1, name: 'Judge', msr: 0 };
    tiles[1] = { ...tiles[1], cash: 2000 };
    const players = view().players.map((p) =>
      p.seat === 1 ? { ...p, cash: 3000, tiles: [1], tiles_value: 3000, running: 6000, specialist_weapon: 'knife' } : p,
    );
    await open(view({ pyramid: tiles, players, round: 2, first_player: 1 }));
    const track = dom.getByTestId('nation-phase');
    expect(track.dataset).toMatchObject({ phase: 'intel', round: '2', firstPlayer: '1' });
    expect(track.textContent).toContain('Player One Token: Bo');
    expect(dom.getByRole('heading', { level: 2, name: 'Friday contracts' })).toBeTruthy();
    const targets = dom.getAllByTestId('nation-target');
    expect(targets).toHaveLength(18);
    // Read top row first.
    expect(targets[0].dataset.row).toBe('4');
    const one = targets.find((t) => t.dataset.target === '1')!;
    expect(one.dataset).toMatchObject({ holder: '1', state: 'taken' });
    expect(one.textContent).toContain('Taken by Bo');
    expect(one.textContent).toContain('Judge');
    const two = targets.find((t) => t.dataset.target === '2')!;
    expect(two.dataset).toMatchObject({ cash: '2000', available: 'true' });
    expect(two.textContent).toContain('Cash on it: $2,000');
    expect(targets.find((t) => t.dataset.target === '18')!.dataset.state).toBe('covered');
    const rows = dom.getAllByTestId('nation-score');
    expect(rows[1].dataset).toMatchObject({ cash: '3000', tiles: '1', total: '6000' });
    // The card and its weapon, a spaced dot between them (seen run together in a screenshot).
    expect(rows[1].querySelector('.specialist')!.textContent!.trim()).toBe('Specialist 2 · Knife');
  });

  it('buys cards and ends the Intel Phase', async () => {
    // The view says what each player's cash pays for, and the price.
    const players = view().players.map((p) => (p.seat === 0 ? { ...p, cash: 6000, cards_affordable: 3 } : p));
    const v = view({ players, offers: { ...view().offers, card_price: 2000 } });
    await open(v);
    expect(dom.getByTestId('nation-buy-count').getAttribute('max')).toBe('3');
    // The answer: Ann paid for the two cards.
    const paid = v.players.map((p) => (p.seat === 0 ? { ...p, cash: 2000 } : p));
    ipc.nationAct.mockResolvedValue(screen({ ...v, players: paid }));
    await fireEvent.input(dom.getByTestId('nation-buy-count'), { target: { value: '2' } });
    await fireEvent.click(dom.getByTestId('nation-buy'));
    expect(ipc.nationAct).toHaveBeenLastCalledWith('g1', { type: 'buy_cards', player: 0, count: 2 });
    await waitFor(() => expect(dom.getByTestId('notice').textContent).toBe('Ann paid $4,000 to the bank.'));
    await fireEvent.click(dom.getByTestId('nation-end-intel'));
    expect(ipc.nationAct).toHaveBeenLastCalledWith('g1', { type: 'end_intel' });
  });

  it('says what the game assumes where the rules are silent, from the ids the view gives', async () => {
    await open(view());
    const list = dom.getByTestId('nation-assumptions');
    expect(within(list).getByTestId('nation-assumption-players').textContent).toContain('2 to 6 players');
    expect(within(list).getByTestId('nation-assumption-contracts').textContent).toContain('Every attempt plays a Contract Card');
  });

  it('lists who attempts in the order the view gives', async () => {
    await open(view({ phase: 'assassination', first_player: 2, offers: { ...view().offers, order: [2, 0, 1] } }));
    const seats = dom.getAllByTestId('nation-declared').map((li) => li.dataset.seat);
    expect(seats).toEqual(['2', '0', '1']);
    expect((dom.getByTestId('nation-attempt-player') as HTMLSelectElement).value).toBe('2');
  });

  it('declares an attempt face down, asks for the target’s MSR once, then plays it', async () => {
    const v = view({ phase: 'assassination' });
    await open(v);
    ipc.nationAct
      .mockRejectedValueOnce(
        new IpcError('rules', 'refused', [
          {
            game: 'nation',
            code: 'value_needed',
            params: { key: 'target.2.msr', what: 'target_msr', target: '2', input: 'number' },
            message: 'needed',
            section: 'TARGET HEX TILES x18',
          } as Violation,
        ]),
      )
      .mockResolvedValue(screen(view({ phase: 'assassination' })));
    await fireEvent.change(dom.getByTestId('nation-attempt-target'), { target: { value: '2' } });
    await fireEvent.change(dom.getByTestId('nation-attempt-weapon'), { target: { value: 'pistol' } });
    await fireEvent.input(dom.getByTestId('nation-attempt-time'), { target: { value: '08:15' } });
    await fireEvent.click(dom.getByTestId('nation-attempt-modifier-stealth'));
    await fireEvent.click(dom.getByTestId('nation-declare'));
    const declare = {
      type: 'declare_attempt',
      player: 0,
      target: 2,
      weapon: 'pistol',
      doubled: false,
      modifiers: ['stealth'],
      contract: { objective: '', positive: [], negative: [] },
      time: 815,
    };
    expect(ipc.nationAct).toHaveBeenLastCalledWith('g1', declare);
    const form = await dom.findByTestId('nation-values');
    expect(form.dataset.key).toBe('target.2.msr');
    expect(form.textContent).toContain('the MSR adjustment printed on target 2');
    await fireEvent.input(dom.getByTestId('nation-value-input'), { target: { value: '-1' } });
    await fireEvent.click(dom.getByTestId('nation-values-save'));
    await waitFor(() => expect(ipc.nationAct).toHaveBeenCalledTimes(3));
    expect(ipc.nationAct.mock.calls[1][1]).toEqual({ type: 'set_box_value', key: 'target.2.msr', value: -1 });
    expect(ipc.nationAct.mock.calls[2][1]).toEqual(declare);
    await waitFor(() => expect(byTestId('nation-values')).toBeNull());
  });

  /**
   * Edition 2: "TIME OF DEATH" belongs to each Weapon Card played (a double
   * sends both cards' times, "the Weapon card with the earlier time is
   * counted"), and "2) PLAY A CONTRACT CARD…" goes with every attempt.
   */
  it('sends the time printed on each Weapon Card played and the Contract Card with the attempt', async () => {
    await open(view({ phase: 'assassination' }));
    ipc.nationAct.mockResolvedValue(screen(view({ phase: 'assassination' })));
    expect(byTestId('nation-attempt-contract')).toBeNull();
    await fireEvent.change(dom.getByTestId('nation-attempt-target'), { target: { value: '1' } });
    await fireEvent.change(dom.getByTestId('nation-attempt-weapon'), { target: { value: 'rope' } });
    await fireEvent.click(dom.getByTestId('nation-attempt-doubled'));
    await fireEvent.input(dom.getByTestId('nation-attempt-time'), { target: { value: '1345' } });
    // The second card's time is asked (a required field) before anything is sent.
    expect((dom.getByTestId('nation-attempt-second-time') as HTMLInputElement).required).toBe(true);
    await fireEvent.click(dom.getByTestId('nation-declare'));
    expect(ipc.nationAct).not.toHaveBeenCalled();
    await fireEvent.input(dom.getByTestId('nation-attempt-second-time'), { target: { value: '08:15' } });
    await fireEvent.input(dom.getByTestId('nation-attempt-objective'), { target: { value: 'Public Execution' } });
    await fireEvent.change(dom.getByTestId('nation-attempt-attr-silent'), { target: { value: 'positive' } });
    await fireEvent.click(dom.getByTestId('nation-declare'));
    expect(ipc.nationAct).toHaveBeenLastCalledWith('g1', {
      type: 'declare_attempt',
      player: 0,
      target: 1,
      weapon: 'rope',
      doubled: true,
      modifiers: [],
      contract: { objective: 'Public Execution', positive: ['silent'], negative: [] },
      time: 1345,
      second_time: 815,
    });
  });

  it('keeps the older form for a game still under edition 1: the weapon’s time unless typed, the contract if ticked', async () => {
    const offers = { ...view().offers, contract_needed: false, card_times: false, max_bonus: 20000 };
    await open(view({ phase: 'assassination', offers }));
    ipc.nationAct.mockResolvedValue(screen(view({ phase: 'assassination', offers })));
    await fireEvent.change(dom.getByTestId('nation-attempt-target'), { target: { value: '1' } });
    await fireEvent.change(dom.getByTestId('nation-attempt-weapon'), { target: { value: 'rope' } });
    await fireEvent.click(dom.getByTestId('nation-attempt-doubled'));
    expect(byTestId('nation-attempt-second-time')).toBeNull();
    await fireEvent.click(dom.getByTestId('nation-declare'));
    expect(ipc.nationAct).toHaveBeenLastCalledWith('g1', {
      type: 'declare_attempt',
      player: 0,
      target: 1,
      weapon: 'rope',
      doubled: true,
      modifiers: [],
      contract: null,
      time: null,
    });
  });

  it('offers no Contract Card in the tie duel under edition 3 (assumption duel), and reads the bounds from the view', async () => {
    const duel = { players: [0, 2], round: 1 };
    const offers = { ...view().offers, contract_needed: false, contract_offered: false, max_name: 12, max_objective: 30 };
    await open(view({ phase: 'assassination', duel, offers }));
    expect(byTestId('nation-attempt-contract')).toBeNull();
    expect(byTestId('nation-attempt-objective')).toBeNull();
    await open(view({ phase: 'assassination', offers: { ...offers, contract_needed: true } }));
    expect((dom.getByTestId('nation-attempt-objective') as HTMLInputElement).maxLength).toBe(30);
  });

  it('refuses a time of death that is no time of day before sending it', async () => {
    await open(view({ phase: 'assassination' }));
    await fireEvent.change(dom.getByTestId('nation-attempt-target'), { target: { value: '1' } });
    await fireEvent.change(dom.getByTestId('nation-attempt-weapon'), { target: { value: 'knife' } });
    await fireEvent.input(dom.getByTestId('nation-attempt-time'), { target: { value: '2575' } });
    await fireEvent.click(dom.getByTestId('nation-declare'));
    expect(ipc.nationAct).not.toHaveBeenCalled();
    expect(dom.getByRole('alert').textContent).toContain('four digits');
  });

  it('explains each attempt’s MSR with its chance, and resolves the one whose turn it is with the dice entered', async () => {
    const v = view({
      phase: 'reveal',
      attempts: [
        attempt(0, { doubled: true, time: 900, card_times: [1345, 900], conflict: true }),
        attempt(1, {
          time: 815,
          conflict: true,
          weapon: 'rope',
          msr: msr({ weapon: 'rope', base: 4, need: 3, target: 1, dice: 2, chance: 1 - 4 / 36, modifiers: [] }),
        }),
        attempt(2, { target: 3, weapon: null, time: null, msr: msr({ weapon: null, base: 6, need: 7, outcome: 'automatic_failure', dice: 0, chance: 0 }) }),
      ],
      waiting: { type: 'resolve', players: [1] },
    });
    await open(v);
    const cards = dom.getAllByTestId('nation-attempt');
    // Conflicts first, the earliest time of death first.
    expect(cards.map((c) => c.dataset.seat)).toEqual(['1', '0', '2']);
    expect(cards[0].dataset).toMatchObject({ ready: 'true', conflict: 'true', time: '815' });
    expect(cards[1].dataset.ready).toBe('false');
    // A double: each card's printed time, the earlier counted ("Playing doubles of Weapon Cards:").
    expect(within(cards[1]).getByTestId('nation-card-times').textContent).toBe('(the cards print 13:45, 09:00: the earlier is counted)');
    const first = within(cards[0]);
    expect(first.getByTestId('nation-msr').textContent).toContain('Rope: 6-4');
    expect(first.getByTestId('nation-msr').textContent).toContain('Target adjustment: +1');
    expect(first.getByTestId('nation-msr').textContent).toContain('Two dice, the higher kept');
    expect(first.getByTestId('nation-chance').textContent).toContain('89%');
    expect(within(cards[2]).getByTestId('nation-msr-result').textContent).toContain('fails without a roll');
    ipc.nationAct.mockResolvedValue(screen(v));
    await fireEvent.input(dom.getByTestId('nation-die-1-0'), { target: { value: '2' } });
    await fireEvent.input(dom.getByTestId('nation-die-1-1'), { target: { value: '5' } });
    await fireEvent.click(dom.getByTestId('nation-resolve-1'));
    expect(ipc.nationAct).toHaveBeenLastCalledWith('g1', { type: 'resolve', player: 1, dice: [2, 5], believed: null });
    await fireEvent.click(dom.getByTestId('nation-roll-1'));
    expect(ipc.nationAct).toHaveBeenLastCalledWith('g1', { type: 'resolve', player: 1, dice: null, believed: null });
    expect(byTestId('nation-end-round')).toBeNull();
  });

  it('waits for each player’s attempt or pass before the reveal, and records a pass ("reveal … at the same time")', async () => {
    const players = view().players.map((p) => (p.seat === 0 ? { ...p, declared: true } : p.seat === 1 ? { ...p, passed: true } : p));
    const v = view({ phase: 'assassination', players, offers: { ...view().offers, awaited: [2] } });
    await open(v);
    expect(dom.getByTestId('nation-awaited').textContent).toContain('Cy');
    expect((dom.getByTestId('nation-reveal') as HTMLButtonElement).disabled).toBe(true);
    expect(byTestId('nation-pass-0')).toBeNull();
    ipc.nationAct.mockResolvedValue(screen(v));
    await fireEvent.click(dom.getByTestId('nation-take-back-pass-1'));
    expect(ipc.nationAct).toHaveBeenLastCalledWith('g1', { type: 'withdraw_attempt', player: 1 });
    await fireEvent.click(dom.getByTestId('nation-pass-2'));
    expect(ipc.nationAct).toHaveBeenLastCalledWith('g1', { type: 'pass_attempt', player: 2 });
  });

  it('offers the words the view gives for a weapon’s noise ("Loud or Silent"), none of its own', async () => {
    const asks = { key: 'weapon.garrote.noise', input: 'noise', min: null, max: null, choices: ['loud', 'silent'] };
    await open(view({ phase: 'reveal', attempts: [attempt(0, { unread: true, chance: null, time: null })], asks }));
    await waitFor(() => expect(dom.getByTestId('nation-values')).toBeTruthy());
    const options = [...(dom.getByTestId('nation-value-input') as HTMLSelectElement).options].map((o) => [o.value, o.textContent]);
    expect(options).toEqual([
      ['loud', 'Loud'],
      ['silent', 'Silent'],
    ]);
  });

  it('asks a value printed on a face-up card once the attempts are revealed, not before', async () => {
    const v = view({
      phase: 'reveal',
      attempts: [attempt(0, { unread: true, chance: null, time: null })],
      asks: { key: 'weapon.garrote.msr', input: 'number', min: 2, max: 4, choices: [] },
    });
    await open(v);
    expect(dom.getByTestId('nation-unread')).toBeTruthy();
    // No time of death while a Modifier Card's shift is still to be read (nor "goes last").
    expect(dom.getByTestId('nation-attempt').textContent).not.toContain('goes last');
    expect(byTestId('nation-chance')).toBeNull();
    await waitFor(() => expect(dom.getByTestId('nation-values')).toBeTruthy());
    ipc.nationAct.mockResolvedValue(screen(view({ phase: 'reveal', attempts: [attempt(0)] })));
    await fireEvent.input(dom.getByTestId('nation-value-input'), { target: { value: '3' } });
    await fireEvent.submit(dom.getByTestId('nation-values'));
    await waitFor(() => expect(ipc.nationAct).toHaveBeenCalledWith('g1', { type: 'set_box_value', key: 'weapon.garrote.msr', value: 3 }));
  });

  it('offers a Reveal card only while the view takes one, played by those it names', async () => {
    const duel = { players: [0, 2], round: 1 };
    await open(view({ phase: 'reveal', duel, attempts: [attempt(0, { target: null }), attempt(2, { target: null })] }));
    const by = dom.getByTestId('nation-modifier-by') as HTMLSelectElement;
    expect([...by.options].map((o) => o.value)).toEqual(['0', '2']);
  });

  it('offers no Reveal card once resolving has begun', async () => {
    await open(view({ phase: 'reveal', attempts: [attempt(0, { status: 'failed' }), attempt(1)] }));
    expect(byTestId('nation-modifier-form')).toBeNull();
  });

  it('asks the storytelling vote before the roll', async () => {
    const v = view({
      phase: 'reveal',
      storytelling: true,
      attempts: [attempt(0, { msr_if_doubted: msr({ need: 4, storytelling: -1, chance: 0.5 }) })],
      waiting: { type: 'resolve', players: [0] },
    });
    await open(v);
    expect(dom.getByTestId('nation-chance-doubted').textContent).toContain('50%');
    ipc.nationAct.mockResolvedValue(screen(v));
    await fireEvent.change(dom.getByTestId('nation-believed-0'), { target: { value: 'no' } });
    await fireEvent.click(dom.getByTestId('nation-roll-0'));
    expect(ipc.nationAct).toHaveBeenLastCalledWith('g1', { type: 'resolve', player: 0, dice: null, believed: false });
  });

  it('rolls for the order on a tie of time of death', async () => {
    const v = view({
      phase: 'reveal',
      attempts: [attempt(0, { conflict: true }), attempt(2, { conflict: true })],
      waiting: { type: 'tie_roll', target: 1, players: [0, 2] },
    });
    await open(v);
    ipc.nationAct.mockResolvedValue(screen(v));
    await fireEvent.input(dom.getByTestId('nation-tie-die-0'), { target: { value: '3' } });
    await fireEvent.input(dom.getByTestId('nation-tie-die-2'), { target: { value: '6' } });
    await fireEvent.click(dom.getByTestId('nation-tie-roll'));
    expect(ipc.nationAct).toHaveBeenLastCalledWith('g1', { type: 'roll_for_order', target: 1, dice: [3, 6] });
  });

  it('ends the round once every attempt is settled', async () => {
    await open(view({ phase: 'reveal', attempts: [attempt(0, { status: 'failed', dice: [1] })] }));
    expect(dom.getByTestId('nation-rolled').textContent).toContain('Rolled 1');
    ipc.nationAct.mockResolvedValue(screen(view({ round: 2 })));
    await fireEvent.click(dom.getByTestId('nation-end-round'));
    expect(ipc.nationAct).toHaveBeenLastCalledWith('g1', { type: 'end_round' });
    await waitFor(() => expect(dom.getByTestId('notice').textContent).toBe('Round 2 begins.'));
  });

  it('counts at the end as the view counts: hit lists shown, the count closed, the winner named', async () => {
    const taken = pyramid().map((t) => ({ ...t, holder: t.id % 3, available: false }));
    await open(view({ phase: 'count', pyramid: taken, end_count: endCount() }));
    expect(dom.getByTestId('nation-hitlist-0').dataset.shown).toBe('false');
    const shown = endCount({ missing_hit_lists: [1, 2] });
    shown.lines[0].hit_list = [{ target: 3, bonus: 2000, earned: true }];
    ipc.nationAct.mockResolvedValue(screen(view({ phase: 'count', pyramid: taken, end_count: shown })));
    await fireEvent.click(dom.getByTestId('nation-hitlist-add-0'));
    await fireEvent.change(dom.getByTestId('nation-hitlist-target-0-0'), { target: { value: '3' } });
    await fireEvent.input(dom.getByTestId('nation-hitlist-bonus-0-0'), { target: { value: '2000' } });
    await fireEvent.click(dom.getByTestId('nation-hitlist-save-0'));
    expect(ipc.nationAct).toHaveBeenLastCalledWith('g1', {
      type: 'reveal_hit_list',
      player: 0,
      entries: [{ target: 3, bonus: 2000 }],
    });
    await waitFor(() => expect(dom.getByTestId('nation-hitlist-0').dataset.shown).toBe('true'));
    // The totals and the leaders are the view's, not the screen's sums.
    const counted = endCount({ leaders: [2], missing_hit_lists: [], closed: true, winner: 2 });
    counted.lines[2] = { ...counted.lines[2], cash: 40000, bonuses: 3000, total: 43000 };
    ipc.nationAct.mockResolvedValue(screen(view({ phase: 'over', pyramid: taken, winner: 2, end_count: counted })));
    await fireEvent.click(dom.getByTestId('nation-close-count'));
    await waitFor(() => expect(dom.getByTestId('nation-winner').dataset.seat).toBe('2'));
    expect(dom.getByTestId('nation-winner').textContent).toContain('Cy wins with $43,000!');
    expect(dom.getByTestId('nation-end-count').dataset).toMatchObject({ winner: '2', leaders: '2' });
    expect(byTestId('nation-adjust')).toBeNull();
  });

  it('offers the purchase only when the view says cards may be bought', async () => {
    await open(view());
    expect(dom.getByTestId('nation-buy-form')).toBeTruthy();
    const closed = view();
    ipc.nationAct.mockResolvedValue(screen({ ...closed, offers: { ...closed.offers, can_buy: false } }));
    await fireEvent.click(dom.getByTestId('nation-end-intel'));
    await waitFor(() => expect(byTestId('nation-buy-form')).toBeNull());
    expect(byTestId('nation-no-purchase')).toBeNull();
  });

  it('says no card is bought in the tie duel, as the view offers none', async () => {
    const duel = { players: [0, 2], round: 1 };
    const v = view({ duel, end_count: endCount({ leaders: [0, 2], missing_hit_lists: [], closed: true, duel }) });
    expect(v.offers.can_buy).toBe(false);
    await open(v);
    expect(byTestId('nation-buy-form')).toBeNull();
    expect(dom.getByTestId('nation-no-purchase')).toBeTruthy();
  });

  it('shows a chance only where the view gives one: not for an attempt missed or settled', async () => {
    await open(
      view({
        phase: 'reveal',
        attempts: [
          attempt(0),
          attempt(1, { target: 2, status: 'missed' }),
          attempt(2, { target: 3, status: 'failed', dice: [1] }),
        ],
        waiting: { type: 'resolve', players: [0] },
      }),
    );
    const cards = dom.getAllByTestId('nation-attempt');
    const bySeat = (seat: string) => cards.find((c) => c.dataset.seat === seat)!;
    expect(within(bySeat('0')).getByTestId('nation-chance').dataset.chance).toBe(String(4 / 6));
    expect(within(bySeat('1')).queryByTestId('nation-chance')).toBeNull();
    expect(within(bySeat('2')).queryByTestId('nation-chance')).toBeNull();
  });

  it('follows the view’s chance, not the attempt’s status', async () => {
    await open(view({ phase: 'reveal', attempts: [attempt(0, { chance: null })], waiting: { type: 'resolve', players: [0] } }));
    expect(within(dom.getByTestId('nation-attempt')).queryByTestId('nation-chance')).toBeNull();
  });

  it('names no leader while the view names none (a hit list still hidden)', async () => {
    const taken = pyramid().map((t) => ({ ...t, holder: t.id % 3, available: false }));
    await open(view({ phase: 'count', pyramid: taken, end_count: endCount({ missing_hit_lists: [2] }) }));
    const table = dom.getByTestId('nation-end-count');
    expect(table.dataset.leaders).toBe('');
    expect(within(table).queryByText('Most money')).toBeNull();
  });

  it('shows the tie duel', async () => {
    const duel = { players: [0, 2], round: 1 };
    await open(view({ phase: 'intel', duel, end_count: endCount({ leaders: [0, 2], missing_hit_lists: [], closed: true, duel }) }));
    expect(dom.getByTestId('nation-duel').dataset.players).toBe('0,2');
    expect(dom.getByTestId('nation-end-count').dataset.leaders).toBe('0,2');
    expect(byTestId('nation-buy')).toBeNull();
  });

  it('corrects a player’s tokens with a reason', async () => {
    await open(view());
    ipc.nationAct.mockResolvedValue(screen(view()));
    const details = dom.getByTestId('nation-adjust') as HTMLDetailsElement;
    details.open = true;
    await fireEvent(details, new Event('toggle'));
    await fireEvent.change(dom.getByTestId('nation-adjust-player'), { target: { value: '1' } });
    await fireEvent.input(dom.getByTestId('nation-adjust-cash'), { target: { value: '5' } });
    await fireEvent.input(dom.getByTestId('nation-adjust-debt'), { target: { value: '1' } });
    await fireEvent.input(dom.getByTestId('nation-adjust-reason'), { target: { value: 'miscounted' } });
    await fireEvent.click(dom.getByTestId('nation-adjust-save'));
    expect(ipc.nationAct).toHaveBeenLastCalledWith('g1', {
      type: 'adjust',
      player: 1,
      cash: 5000,
      debt: 1000,
      reason: 'miscounted',
    });
  });

  it('words a refusal with the players’ names', async () => {
    await open(view({ phase: 'reveal', attempts: [attempt(0), attempt(1)], waiting: { type: 'resolve', players: [0] } }));
    ipc.nationAct.mockRejectedValue(
      new IpcError('rules', 'refused', [
        { game: 'nation', code: 'not_next', params: { player: '1', next: '0' }, message: 'x', section: 'Conflicting Targets:' } as Violation,
      ]),
    );
    await fireEvent.click(dom.getByTestId('nation-roll-0'));
    await waitFor(() => expect(dom.getByTestId('error').textContent).toContain('Ann’s time of death is earlier: Ann goes before Bo.'));
  });

  it('undoes with Ctrl+Z and renames the game', async () => {
    await open(view());
    ipc.nationUndo.mockResolvedValue(screen());
    await fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    expect(ipc.nationUndo).toHaveBeenCalledWith('g1');
    ipc.nationRename.mockResolvedValue(screen(view(), 'Saturday'));
    await fireEvent.click(dom.getByTestId('nation-rename'));
    await fireEvent.input(dom.getByTestId('nation-rename-input'), { target: { value: 'Saturday' } });
    await fireEvent.click(dom.getByTestId('nation-rename-save'));
    expect(ipc.nationRename).toHaveBeenCalledWith('g1', 'Saturday');
    await waitFor(() => expect(dom.getByTestId('nation-name').textContent).toBe('Saturday'));
  });
});

describe('the game played last, at start', () => {
  it('is drawn in the first render when its answer came before the screen', async () => {
    const answer = screen(view());
    // The screen's own opening, which takes that answer in the app.
    ipc.nationOpen.mockResolvedValue(answer);
    await withArrivedAnswer('nation:g1', answer, () => {
      render(NationGame, { gameId: 'g1' });
      expect(byTestId('nation-pyramid')).not.toBeNull();
    });
  });
});
