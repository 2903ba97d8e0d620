import { fireEvent, render, screen } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import type { NationSeatView } from '$lib/ipc/seat';
import { attempt, view } from '$games/nation/fixtures';
import NationSeat from './NationSeat.svelte';

/** Seat 1's phone in the ASSASSINATION PHASE, nothing played yet. */
function seat(more: Partial<NationSeatView> = {}): NationSeatView {
  const table = view({ phase: 'assassination' });
  return {
    phase: 'assassination',
    round: table.round,
    player: table.players[1],
    hit_list: null,
    attempt: null,
    pyramid: table.pyramid,
    duel: false,
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
    render(NationSeat, { view: seat({ attempt: attempt(1) }), act });
    expect(screen.queryByTestId('nation-attempt-form')).toBeNull();
    expect(screen.getByTestId('seat-face-down').textContent).toContain('until the reveal');
    await fireEvent.click(screen.getByTestId('seat-withdraw'));
    expect(act).toHaveBeenCalledWith({ type: 'withdraw_attempt', player: 1 });
  });

  it('offers no form outside the Assassination Phase', () => {
    render(NationSeat, { view: seat({ phase: 'intel' }), act: vi.fn() });
    expect(screen.queryByTestId('seat-choose')).toBeNull();
  });
});
