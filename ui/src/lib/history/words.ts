/**
 * The history's lines in the players' words: the backend sends a message
 * key under `history.line` with its parameters, never English. A line whose
 * key the catalogue lacks (an event added after this catalogue was written)
 * reads as a generic "Change recorded".
 */
import { hasMessage, locale, t } from '$lib/i18n/index.svelte';
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
