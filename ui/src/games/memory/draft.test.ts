/**
 * The end of a memory flows into the diary's attempt form: prefilled with
 * the outcome, the difficulty and who was eliminated, once.
 */
import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import AttemptForm from '$games/bov/diary/AttemptForm.svelte';
import type { MemoryRow, NextMemory } from '$lib/ipc';
import type { AttemptDraft } from '$lib/ipc/types/memory/AttemptDraft';
import { memoryDraft } from './draft.svelte';

const row: MemoryRow = {
  id: '0.3',
  status: 'not_played',
  is_next: true,
  offered_after: null,
  has_sync: true,
  sync: null,
  stickers: [],
  xp_credited: 0,
  attempts: [],
};

const draft: AttemptDraft = {
  campaign_id: 'c1',
  memory: '0.3',
  outcome: 'failure',
  reason: 'not_enough_miniatures',
  difficulty: 'partly_easy',
  eliminated: ['bastiano'],
  critical: [],
  turns: 2,
};

/** The diary's next memory: a first attempt, as the diary view gives it. */
const next: NextMemory = {
  memory: row.id,
  attempt: 1,
  optional: false,
  declinable: false,
  max_notes_chars: 4000, played_on_days_ahead: 1,
  on_success: { synchronized: false, xp: ['mandatory', 'optional', 'boss', 'other'], sync: true, stickers: true },
  on_failure: { synchronized: false, xp: [], sync: false, stickers: false },
};

const assassins = [
  { id: 'alessandra', name: 'Alessandra', skills: [] },
  { id: 'bastiano', name: 'Bastiano', skills: [] },
];

describe('the draft of a memory played', () => {
  it('is taken once, by its campaign and memory only', () => {
    memoryDraft.keep(draft);
    expect(memoryDraft.take('c2', '0.3')).toBeNull();
    expect(memoryDraft.take('c1', '0.4')).toBeNull();
    expect(memoryDraft.waits('c1', '0.3')).toBe(true);
    expect(memoryDraft.take('c1', '0.3')).toEqual(draft);
    expect(memoryDraft.take('c1', '0.3')).toBeNull();
  });

  it('prefills the diary’s attempt form', () => {
    render(AttemptForm, { memory: row, next, assassins, draft, onsave: async () => {}, oncancel: () => {} });
    expect(screen.getByTestId('attempt-form').dataset.prefilled).toBe('true');
    expect(screen.getByTestId('attempt-prefilled').textContent).toContain('Failure');
    expect((screen.getByTestId('outcome-failure') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByTestId('difficulty-partly_easy') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByTestId('eliminated-bastiano') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByTestId('eliminated-alessandra') as HTMLInputElement).checked).toBe(false);
  });

  it('leaves the form as it was without one', () => {
    render(AttemptForm, { memory: row, next, assassins, onsave: async () => {}, oncancel: () => {} });
    expect(screen.getByTestId('attempt-form').dataset.prefilled).toBe('false');
    expect((screen.getByTestId('outcome-success') as HTMLInputElement).checked).toBe(true);
  });
});
