import { fireEvent, render, screen } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import type { NationSeatView } from '$lib/ipc/seat';
import { attempt, view } from '$games/nation/fixtures';
import { money } from '$games/nation/words';
import NationSeat from './NationSeat.svelte';

/** Seat 1's phone in the ASSASSINATION PHASE, nothing played yet. */
function seat(more: Partial<NationSeatView> = {}): NationSeatView {
  const table = view({ phase: 'assassination' });
  return {
    phase: 'assassination',
    round: table.round,
    player: table.players[1],
    hit_list: null,
    hit_list_kept: null,
    hit_list_keepable: true,
    attempt: null,
    pyramid: table.pyramid,
    duel: false,
    can_declare: true,
    can_withdraw: false,
    offers: table.offers,
    ...more,
  };
}

describe('an Assassin Nation seat on its phone', () => {
  it('chooses its own attempt face down, for its own player', async () => {
    const act = vi.fn();
    render(NationSeat, { view: seat(), act });
    expect(screen.queryByTestId('nation-attempt-player')).toBeNull();
    const target = screen.getByTestId('nation-attempt-target') as HTMLSelectElement;
    const first = [...target.options].find((o) => !o.disabled)!.value;
    await fireEvent.change(target, { target: { value: first } });
    await fireEvent.change(screen.getByTestId('nation-attempt-weapon'), { target: { value: 'pistol' } });
    await fireEvent.input(screen.getByTestId('nation-attempt-time'), { target: { value: '0815' } });
    await fireEvent.submit(screen.getByTestId('nation-attempt-form'));
    expect(act).toHaveBeenCalledTimes(1);
    const sent = act.mock.calls[0][0];
    expect(sent.type).toBe('declare_attempt');
    expect(sent.player).toBe(1);
    expect(sent.target).toBe(Number(first));
    expect(sent.weapon).toBe('pistol');
  });

  it('shows its attempt face down and takes it back', async () => {
    const act = vi.fn();
    render(NationSeat, { view: seat({ attempt: attempt(1), can_withdraw: true }), act });
    expect(screen.queryByTestId('nation-attempt-form')).toBeNull();
    expect(screen.getByTestId('seat-face-down').textContent).toContain('until the reveal');
    await fireEvent.click(screen.getByTestId('seat-withdraw'));
    expect(act).toHaveBeenCalledWith({ type: 'withdraw_attempt', player: 1 });
  });

  it('offers no take-back the rules would refuse (the view says can_withdraw)', () => {
    render(NationSeat, { view: seat({ attempt: attempt(1), can_withdraw: false }), act: vi.fn() });
    expect(screen.queryByTestId('seat-withdraw')).toBeNull();
  });

  it('shows its own cash, debt and tiles', () => {
    const own = seat();
    own.player = { ...own.player, cash: 3000, debt: 1000, tiles_value: 7000 };
    render(NationSeat, { view: own, act: vi.fn() });
    const cells = [...screen.getByTestId('seat-money').querySelectorAll('dd')].map((d) => d.textContent);
    expect(cells).toEqual([money(3000), money(1000), money(7000)]);
  });

  it('offers no form outside the Assassination Phase', () => {
    render(NationSeat, { view: seat({ phase: 'intel' }), act: vi.fn() });
    expect(screen.queryByTestId('seat-choose')).toBeNull();
  });

  it('keeps its Top Secret Hit List card on the phone, then shows it kept and lets it be corrected', async () => {
    const act = vi.fn(async () => true);
    const { rerender } = render(NationSeat, { view: seat({ phase: 'intel' }), act });
    const form = screen.getByTestId('nation-hitlist-1');
    await fireEvent.click(screen.getByTestId('nation-hitlist-add-1'));
    const target = screen.getByTestId('nation-hitlist-target-1-0') as HTMLSelectElement;
    await fireEvent.change(target, { target: { value: '4' } });
    await fireEvent.input(screen.getByTestId('nation-hitlist-bonus-1-0'), { target: { value: '3000' } });
    await fireEvent.submit(form);
    expect(act).toHaveBeenCalledWith({ type: 'keep_hit_list', player: 1, entries: [{ target: 4, bonus: 3000 }] });

    // Kept: listed, with a button to correct it (the form starts from it).
    await rerender({ view: seat({ phase: 'intel', hit_list_kept: [{ target: 4, bonus: 3000 }] }), act });
    expect(screen.getByTestId('seat-hit-list-entries').textContent).toContain('Target 4');
    expect(screen.getByTestId('seat-hit-list-kept').textContent).toContain('only that it is kept');
    expect(screen.queryByTestId('nation-hitlist-1')).toBeNull();
    await fireEvent.click(screen.getByTestId('seat-hit-list-edit'));
    expect((screen.getByTestId('nation-hitlist-target-1-0') as HTMLSelectElement).value).toBe('4');
  });

  it('offers no hit-list form once the card is shown at the count', () => {
    render(NationSeat, {
      view: seat({ phase: 'count', hit_list: [{ target: 4, bonus: 3000 }], hit_list_keepable: false }),
      act: vi.fn(),
    });
    expect(screen.getByTestId('seat-hit-list-entries').textContent).toContain('Target 4');
    expect(screen.queryByTestId('nation-hitlist-1')).toBeNull();
    expect(screen.queryByTestId('seat-hit-list-edit')).toBeNull();
  });

  it('passes this round from the phone, and takes the pass back', async () => {
    const act = vi.fn();
    render(NationSeat, { view: seat(), act });
    await fireEvent.click(screen.getByTestId('seat-pass'));
    expect(act).toHaveBeenCalledWith({ type: 'pass_attempt', player: 1 });
  });

  it('shows the pass, with a way to take it back', async () => {
    const act = vi.fn();
    const table = view({ phase: 'assassination' });
    render(NationSeat, { view: seat({ player: { ...table.players[1], passed: true }, can_withdraw: true }), act });
    expect(screen.queryByTestId('seat-choose')).toBeNull();
    await fireEvent.click(screen.getByTestId('seat-take-back-pass'));
    expect(act).toHaveBeenCalledWith({ type: 'withdraw_attempt', player: 1 });
  });

  it('offers no attempt form to a player outside the tie duel', () => {
    render(NationSeat, { view: seat({ duel: true, can_declare: false }), act: vi.fn() });
    expect(screen.queryByTestId('seat-choose')).toBeNull();
    expect(screen.getByTestId('seat-not-in-duel')).toBeTruthy();
  });
});
