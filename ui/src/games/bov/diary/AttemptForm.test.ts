import { fireEvent, render, screen } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import AttemptForm from './AttemptForm.svelte';
import type { AttemptInput, MemoryRow, NextMemory } from '$lib/ipc';
import type { XpSource } from '$lib/ipc/types/XpSource';

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

const all: XpSource[] = ['mandatory', 'optional', 'boss', 'other'];
/** What the diary view says attempt 1 or 2 counts (REPLAYING A MEMORY). */
function next(attempt: number): NextMemory {
  return {
    memory: '0.4',
    attempt,
    optional: false,
    declinable: false,
    max_notes_chars: 4000, played_on_days_ahead: 1,
    on_success: { synchronized: false, xp: all, sync: true, stickers: true },
    on_failure:
      attempt === 2
        ? { synchronized: true, xp: ['mandatory'], sync: false, stickers: true }
        : { synchronized: false, xp: [], sync: false, stickers: false },
  };
}

function setup(attempt: number, view: NextMemory = next(attempt)) {
  const onsave = vi.fn(async (_input: AttemptInput) => {});
  render(AttemptForm, { memory, next: view, onsave, oncancel: () => {} });
  const input = (id: string) => screen.getByTestId(id) as HTMLInputElement;
  const counts = (source: string) => input(`xp-${source}`).closest('label')?.dataset.counts;
  return { onsave, input, counts };
}

async function enter(input: (id: string) => HTMLInputElement, xp: Record<string, number>): Promise<void> {
  for (const [source, value] of Object.entries(xp)) {
    await fireEvent.input(input(`xp-${source}`), { target: { value: String(value) } });
  }
}

describe('the attempt form sends what the players entered', () => {
  it('records a success with every XP source, the sync and the stickers', async () => {
    const { onsave, input } = setup(1);
    await enter(input, { mandatory: 5, boss: 3 });
    await fireEvent.click(input('difficulty-easy'));
    await fireEvent.click(input('sync-met'));
    await fireEvent.click(input('sticker-sequence-0'));
    expect(screen.getByTestId('attempt-xp-total').textContent).toContain('8 XP');
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

  it('a first failure greys every XP field and still sends what was typed: the core counts none', async () => {
    const { onsave, input, counts } = setup(1);
    await enter(input, { mandatory: 5, optional: 4 });
    await fireEvent.click(input('outcome-failure'));
    for (const source of all) {
      expect(counts(source)).toBe('false');
      expect(input(`xp-${source}`).disabled).toBe(false);
    }
    expect(screen.getByTestId('xp-hint').textContent).toContain('gives no XP');
    expect(screen.getByTestId('xp-hint').textContent).toContain('does not count on the track');
    expect(screen.getByTestId('attempt-xp-total').textContent).toContain('0 XP');
    expect(screen.queryByTestId('sync-met')).toBeNull();
    expect(screen.queryByTestId('sticker-sequence-0')).toBeNull();
    await fireEvent.submit(screen.getByTestId('attempt-form'));
    // No zeroing: the XP is sent as entered, the rules decide it counts for nothing.
    expect(onsave.mock.calls[0][0].xp).toEqual({ mandatory: 5, optional: 4, boss: 0, other: 0 });
  });

  it('a second failure counts mandatory objectives only, as the diary view says', async () => {
    const { onsave, input, counts } = setup(2);
    await fireEvent.click(input('outcome-failure'));
    expect(counts('mandatory')).toBe('true');
    expect(counts('boss')).toBe('false');
    expect(screen.getByTestId('xp-hint').textContent).toContain('synchronized memory');
    await enter(input, { mandatory: 6, boss: 3 });
    expect(screen.getByTestId('attempt-xp-total').textContent).toContain('6 XP');
    // Its stickers can be earned ("act as if you had completed it"), not the 100% sync.
    expect(screen.queryByTestId('sync-met')).toBeNull();
    expect(screen.getByTestId('sticker-sequence-0')).toBeTruthy();
    await fireEvent.submit(screen.getByTestId('attempt-form'));
    expect(onsave.mock.calls[0][0].xp).toEqual({ mandatory: 6, optional: 0, boss: 3, other: 0 });
  });

  it('holds the notes to the length the view gives', () => {
    setup(1, { ...next(1), max_notes_chars: 123 });
    expect(screen.getByTestId('notes').getAttribute('maxlength')).toBe('123');
  });

  it('takes a date up to the UTC day the view allows, not the local today', () => {
    // 23:30 UTC on 2 December: the rules take up to the 3rd (a day ahead),
    // or the 4th were the view to say two days.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-02T23:30:00Z'));
    try {
      setup(1);
      expect(screen.getByTestId('played-on').getAttribute('max')).toBe('2026-12-03');
      document.body.innerHTML = '';
      setup(1, { ...next(1), played_on_days_ahead: 2 });
      expect(screen.getByTestId('played-on').getAttribute('max')).toBe('2026-12-04');
    } finally {
      vi.useRealTimers();
    }
  });

  it('greys the fields the view names, not a rule of its own', async () => {
    const view = next(1);
    view.on_failure = { synchronized: false, xp: ['boss'], sync: false, stickers: false };
    const { input, counts } = setup(1, view);
    await fireEvent.click(input('outcome-failure'));
    expect(all.map(counts)).toEqual(['false', 'false', 'true', 'false']);
  });

  it('sends a negative number typed by mistake as typed, for the core to refuse in words (never as garbage)', async () => {
    const { onsave, input } = setup(2);
    await enter(input, { mandatory: -4, optional: 2.7 });
    await fireEvent.submit(screen.getByTestId('attempt-form'));
    expect(onsave.mock.calls[0][0].xp.mandatory).toBe(-4);
    expect(onsave.mock.calls[0][0].xp.optional).toBe(2);
  });

  it('shows a refusal from the backend inside the form', async () => {
    const onsave = vi.fn(async () => {
      const { IpcError } = await import('$lib/ipc');
      throw new IpcError('rules', 'x', [
        { game: 'bov', code: 'xp_too_large', message: 'The experience track ends at 175 XP.', params: {}, section: 'CAMPAIGN' },
      ]);
    });
    render(AttemptForm, { memory, next: next(1), onsave, oncancel: () => {} });
    await fireEvent.submit(screen.getByTestId('attempt-form'));
    expect((await screen.findByTestId('error')).textContent).toContain('ends at 175 XP');
  });
});

describe('the attempt form at the keyboard', () => {
  it('starts on the outcome and closes with Escape', async () => {
    const oncancel = vi.fn();
    render(AttemptForm, { memory, next: next(1), onsave: async () => {}, oncancel });
    expect(document.activeElement).toBe(screen.getByTestId('outcome-success'));
    await fireEvent.keyDown(window, { key: 'Escape' });
    expect(oncancel).toHaveBeenCalledOnce();
  });
});
