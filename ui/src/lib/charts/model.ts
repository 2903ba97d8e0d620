/**
 * What a chart draws, as plain data: the caller's series over an axis, the
 * marks on some of their points, and how many points the path keeps when
 * there are more of them than pixels (`thin`). Pure: the components draw
 * it, the table twin lists it, the tests check both against it.
 */
import { locale } from '$lib/i18n/index.svelte';
import { dateTimeFormat, numberFormat } from '$lib/i18n/formats';

/** The axis along which every series runs: memories, turns, rounds, dates. */
export interface Axis {
  /** What the axis counts ("Memory", "Turn"): the twin's first column heading. */
  name: string;
  /**
   * Its points, in order: numbers (a numeric axis, spaced by value) or words
   * (an ordinal axis, evenly spaced). Every series has one value per point.
   */
  points: readonly (number | string)[];
  /** How a point is written (a date, "Memory 3"); without it, numbers in the players' locale, words as given. */
  format?: (point: number | string) => string;
}

/** One line (or one set of bars): its values along the axis, in the caller's colour. */
export interface Series {
  id: string;
  /** Its name, in the players' words (a player's, a brotherhood's): the twin's column heading and the legend. */
  label: string;
  /** Any CSS colour; the caller chooses it (each game has its own). */
  colour: string;
  /** One per axis point; `null` where the series has no value (a player not yet in the game). */
  values: readonly (number | null)[];
  /** Drawn as steps (a figure that holds until it changes: XP, territories) rather than a straight line. */
  step?: boolean;
  /** A dash pattern (`'4 3'`), so that series differ by more than colour. */
  dash?: string;
}

/** A point that tells something (a level-up, a conquest, a target): focusable, picked by Enter or a click. */
export interface Mark {
  /** The series it sits on, and the index of its axis point. */
  series: string;
  index: number;
  /** What it was, in the players' words: the point's accessible name and the twin's last column. */
  label: string;
  /** Anything the caller wants back when it is picked. */
  data?: unknown;
}

/** A number in the players' locale (`1 234,5` in French). */
export function formatNumber(value: number): string {
  return numberFormat(locale.current, { maximumFractionDigits: 2 }).format(value);
}

/** A moment (RFC 3339) in the players' locale, date and time. */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return dateTimeFormat(locale.current, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** An axis point as the players read it. */
export function pointText(axis: Axis, point: number | string): string {
  if (axis.format) return axis.format(point);
  return typeof point === 'number' ? formatNumber(point) : point;
}

/** A value as the players read it; an empty cell for none. */
export function valueText(value: number | null, format: (n: number) => string = formatNumber): string {
  return value === null ? '' : format(value);
}

/** Whether the axis is numeric (spaced by value) rather than ordinal. */
export function numericAxis(axis: Axis): boolean {
  return axis.points.length > 0 && axis.points.every((p) => typeof p === 'number' && Number.isFinite(p));
}

/**
 * The indices of a series' points the path keeps when there are thousands:
 * points are grouped by the pixel column they fall in (`x(i)` rounded), and
 * each column keeps its first, lowest, highest and last point, so that every
 * peak and trough stays drawn and no column holds more than four points
 * (a 640-pixel chart draws at most 2,560 of a 20,000-point series). A series
 * no longer than twice the width is kept whole. Gaps (`null`) are kept, so
 * that a line breaks where it broke.
 */
export function thin(values: readonly (number | null)[], x: (i: number) => number, width: number): number[] {
  if (values.length <= width * 2) return values.map((_, i) => i);
  const kept: number[] = [];
  let column = Number.NaN;
  let group: number[] = [];
  const flush = () => {
    if (group.length === 0) return;
    const present = group.filter((i) => values[i] !== null);
    const picks = new Set<number>([group[0], group[group.length - 1]]);
    if (present.length > 0) {
      let lo = present[0];
      let hi = present[0];
      for (const i of present) {
        if ((values[i] as number) < (values[lo] as number)) lo = i;
        if ((values[i] as number) > (values[hi] as number)) hi = i;
      }
      picks.add(lo).add(hi);
    }
    // A gap inside the column is kept, so the line breaks there too.
    const gap = group.find((i) => values[i] === null);
    if (gap !== undefined) picks.add(gap);
    kept.push(...[...picks].sort((a, b) => a - b));
    group = [];
  };
  for (let i = 0; i < values.length; i++) {
    const c = Math.round(x(i));
    if (c !== column) {
      flush();
      column = c;
    }
    group.push(i);
  }
  flush();
  return kept;
}
