/** A game whose history the rules would not have written, in the players' words. */
import { t } from '$lib/i18n/index.svelte';
import type { HistoryProblem } from '$lib/ipc';
import { when } from '$lib/history/words';

/**
 * A problem's date as the backend writes it ("2026-11-25 21:00", in UTC),
 * as the players' locale writes a moment; any other text as it is.
 */
export function problemDate(date: string): string {
  const utc = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})$/.exec(date);
  return utc ? when(`${utc[1]}T${utc[2]}:00Z`) : date;
}

/**
 * Where its history first leaves the rules: "entry 12, 25 November 2026 at
 * 21:00"; its saved state when no entry is named.
 */
export function problemWhere(problem: HistoryProblem): string {
  if (problem.entry === null) return t('history_problems.saved_state');
  if (problem.date === null) return t('history_problems.entry_undated', { entry: problem.entry });
  return t('history_problems.entry', { entry: problem.entry, date: problemDate(problem.date) });
}

/** Names in a sentence, each quoted as the language quotes: “A”, “B”. */
export const quotedNames = (names: readonly string[]): string =>
  names.map((name) => t('history_problems.quoted', { name })).join(', ');
