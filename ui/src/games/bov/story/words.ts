/**
 * The story's figures in the players' words: days and numbers in the
 * window's language, an attempt's outcome, each point's name on the axis.
 */
import { locale, t, wholeNumber } from '$lib/i18n/index.svelte';
import { dateTimeFormat, numberFormat } from '$lib/i18n/formats';
import './i18n/bring'; // the words it says, brought before its first t
import type { BovStoryPoint } from '$lib/ipc/types/BovStoryPoint';

/** A day the players wrote ("2026-11-22"), in the window's language. */
export function day(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat(locale.current, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/** A number of the view, grouped as the window's language writes it. */
export const num = (value: number): string => wholeNumber(value);

/** Hours from minutes, one decimal at most, in the window's language. */
export function hours(minutes: number): string {
  return numberFormat(locale.current, { maximumFractionDigits: 1 }).format(minutes / 60);
}

/** A share in whole percent, as the window's language writes it. */
export function percent(value: number): string {
  return numberFormat(locale.current, { style: 'percent' }).format(value / 100);
}

/** How an attempt ended. */
export function outcome(point: BovStoryPoint): string {
  if (point.outcome === 'success') return t('bov_story.outcome.success');
  return point.synchronized ? t('bov_story.outcome.synchronized') : t('bov_story.outcome.failure');
}

/** Its sync sticker, when one was earned. */
export function sync(point: BovStoryPoint): string {
  if (point.sync === null) return '';
  return point.sync === 'red' ? t('bov_story.sync.red') : t('bov_story.sync.grey');
}

/** The memory, said a replay on a second attempt. */
export function memoryOf(point: BovStoryPoint): string {
  return point.number === 2 ? t('bov_story.replay', { memory: point.memory }) : point.memory;
}

/** The attempt's name on the axis: its place and its memory. */
export function pointName(point: BovStoryPoint, index: number): string {
  return t('bov_story.attempt', { index: num(index + 1), memory: memoryOf(point) });
}
