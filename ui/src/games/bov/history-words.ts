/**
 * A campaign's history lines in the players' words: a message key under
 * `history.line` with its params and places. A line whose key the
 * catalogue lacks (an event added after this catalogue was written) has no
 * words here: the history says "Change recorded" for a step, and leaves a
 * detail out.
 */
import { hasMessage, t } from '$lib/i18n/index.svelte';
import type { HistoryLine, PlaceRef } from '$lib/ipc';

/** `t` for keys that arrive at run time: checked with `hasMessage` first. */
const tKey = t as unknown as (key: string, params?: Record<string, string | number>) => string;

export function placeWords(place: PlaceRef): string {
  const key = `history.place.${place.place}`;
  if (!hasMessage(key)) return t('history.place.unknown');
  const slot = place.slot ? tKey(`history.slot.${place.slot}`) : '';
  return tKey(key, { assassin: place.assassin ?? '', slot, number: place.number ?? '' });
}

/** Whether this build's catalogue has words for the line. */
export function isKnown(line: HistoryLine): boolean {
  return hasMessage(`history.line.${line.key}`);
}

export function lineWords(line: HistoryLine): string {
  if (!isKnown(line)) return t('history.line.unknown');
  const params: Record<string, string> = { ...line.params };
  for (const [name, place] of Object.entries(line.places)) {
    if (place) params[name] = placeWords(place);
  }
  return tKey(`history.line.${line.key}`, params);
}

/** The campaign's words for the history (`null`: a line this catalogue does not know). */
export const campaignWords = (line: HistoryLine): string | null => (isKnown(line) ? lineWords(line) : null);
