import { fireEvent, render, screen } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import AttemptForm from './AttemptForm.svelte';
import type { AttemptInput, MemoryRow } from '$lib/ipc';

const memory: MemoryRow = {
  id: '0.4',
  status: 'not_played',
  is_next: true,
  offered_after: null,
  has_sync: true,
  sync: null,
  stickers: [{ id: 'sequence-0', label: 'Sequence 0 complete', label_fr: 'Séquence 0 terminée', earned: false }],
  xp_credited: 0,
  attempts: [],
};

function setup(attemptNumber: number) {
  const onsave = vi.fn(async (_input: AttemptInput) => {});
  render(AttemptForm, { memory, attemptNumber, onsave, oncancel: () => {} });
  const input = (id: string) => screen.getByTestId(id) as HTMLInputElement;
  return { onsave, input };
}

describe('the attempt form follows the diary rules', () => {
  it('records a success with every XP source, the sync and the stickers', async () => {
    const { onsave, input } = setup(1);
    await fireEvent.input(input('xp-mandatory'), { target: { value: '5' } });
    await fireEvent.input(input('xp-boss'), { target: { value: '3' } });
    await fireEvent.click(input('difficulty-easy'));
    await fireEvent.click(input('sync-met'));
    await fireEvent.click(input('sticker-sequence-0'));
    await fireEvent.submit(screen.getByTestId('attempt-form'));
    const sent = onsave.mock.calls[0][0];
    expect(sent).toMatchObject({
      memory: '0.4',
      outcome: 'success',
      difficulty: 'easy',
      xp: { mandatory: 5, optional: 0, boss: 3, other: 0 },
      sync_met: true,
      stickers: ['sequence-0'],
    });
    expect(sent.played_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('a first failure takes no XP, no sync and no sticker', async () => {
    const { onsave, input } = setup(1);
    await fireEvent.input(input('xp-mandatory'), { target: { value: '5' } });
    await fireEvent.click(input('outcome-failure'));
    for (const source of ['mandatory', 'optional', 'boss', 'other']) {
      expect(input(`xp-${source}`).disabled).toBe(true);
    }
    expect(screen.queryByTestId('sync-met')).toBeNull();
    expect(screen.queryByTestId('sticker-sequence-0')).toBeNull();
    await fireEvent.submit(screen.getByTestId('attempt-form'));
    expect(onsave.mock.calls[0][0].xp).toEqual({ mandatory: 0, optional: 0, boss: 0, other: 0 });
  });

  it('a second failure keeps mandatory objectives only', async () => {
    const { onsave, input } = setup(2);
    await fireEvent.click(input('outcome-failure'));
    expect(input('xp-mandatory').disabled).toBe(false);
    expect(input('xp-boss').disabled).toBe(true);
    expect(screen.getByTestId('xp-hint').textContent).toContain('synchronized memory');
    await fireEvent.input(input('xp-mandatory'), { target: { value: '-4' } });
    await fireEvent.submit(screen.getByTestId('attempt-form'));
    // A negative number typed by mistake is sent as 0, never as garbage.
    expect(onsave.mock.calls[0][0].xp.mandatory).toBe(0);
  });

  it('shows a refusal from the backend inside the form', async () => {
    const onsave = vi.fn(async () => {
      const { IpcError } = await import('$lib/ipc');
      throw new IpcError('rules', 'x', [
        { game: 'bov', code: 'xp_too_large', message: 'The experience track ends at 175 XP.', params: {}, section: 'CAMPAIGN' },
      ]);
    });
    render(AttemptForm, { memory, attemptNumber: 1, onsave, oncancel: () => {} });
    await fireEvent.submit(screen.getByTestId('attempt-form'));
    expect((await screen.findByTestId('error')).textContent).toContain('ends at 175 XP');
  });
});

describe('the attempt form at the keyboard', () => {
  it('starts on the outcome and closes with Escape', async () => {
    const oncancel = vi.fn();
    render(AttemptForm, { memory, attemptNumber: 1, onsave: async () => {}, oncancel });
    expect(document.activeElement).toBe(screen.getByTestId('outcome-success'));
    await fireEvent.keyDown(window, { key: 'Escape' });
    expect(oncancel).toHaveBeenCalledOnce();
  });
});
