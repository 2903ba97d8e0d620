/**
 * A game's history in the players' words: the backend sends each line as a
 * message key of the game's catalogue with its params, never English. A
 * game words its lines itself through the shelf (`history` in
 * `$games/registry`); the others' say `<game>.history.<key>`, and a key the
 * catalogue lacks (an event added after it was written) reads as its kind
 * and details.
 */
import { locale, t, tDynamic } from '$lib/i18n/index.svelte';
import type { HistoryLine } from '$lib/ipc';

/** A line in words; `null` when the game has none for it (a detail is then left out). */
export type HistoryWords = (line: HistoryLine) => string | null;

/** Where a history's header leads: one of the game's screens. */
export interface HistoryLink {
  /** The catalogue key of the button's words. */
  label: string;
  testid: string;
  go: () => void;
}

/**
 * The words of `game`'s lines from its catalogue (`<game>.history.<key>`),
 * each param said by `param` (RISK names territories as its map does).
 */
export function gameWords(game: string, param: (name: string, value: string) => string = (_, value) => value): HistoryWords {
  return (line) => {
    const params = Object.fromEntries(Object.entries(line.params).map(([name, value]) => [name, param(name, value)]));
    // Under an edition step, one line per edition passed (1 to 4: 2, 3
    // and 4): what changed is the game's own words for that edition.
    if (line.key === 'rules_edition') {
      const changes = tDynamic(`${game}.rules_edition.${line.params.to}`);
      if (changes === null) return null;
      return t('history.edition_changes', { from: line.params.from ?? '', to: line.params.to ?? '', changes });
    }
    const said = tDynamic(`${game}.history.${line.key}`, params);
    if (said !== null) return said;
    const details = Object.entries(params)
      .filter(([, value]) => value !== '')
      .map(([name, value]) => `${name}: ${value}`)
      .join(' · ');
    return details === '' ? line.key : `${line.key} — ${details}`;
  };
}

/** A moment, with the date and the time of day, as the players' locale writes it. */
export function when(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleString(locale.current, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}
