/**
 * Assassin Nation in the players' words: money, times, MSR, the cards the
 * rules summary names, the values Bagless asks for, and where each tile of
 * the pyramid sits. Pure helpers (the catalogue's language is read at each
 * call).
 */
import { locale, t, tDynamic, wholeNumber } from '$lib/i18n/index.svelte';
import type { NationView } from '$lib/ipc';
import type { TargetView } from '$lib/ipc/types/nation/TargetView';

/** Dollars: `$3,000` in English, `3 000 $` in French. */
export function money(amount: number): string {
  const sign = amount < 0 ? '\u2212' : '';
  return sign + t('nation.money', { amount: wholeNumber(Math.abs(amount)) });
}

/** A change of MSR: `+1`, `−1`, `0`. */
export function signed(value: number): string {
  if (value > 0) return `+${value}`;
  if (value < 0) return `\u2212${-value}`;
  return '0';
}

/** A chance (0 to 1) as a percentage, as the language writes it. */
export function percent(chance: number): string {
  return new Intl.NumberFormat(locale.current, { style: 'percent', maximumFractionDigits: 0 }).format(chance);
}

/** HHMM (815) as printed on a card: `08:15`. */
export function hhmm(time: number): string {
  const h = Math.floor(time / 100);
  const m = time % 100;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/**
 * A time typed by the players (`0815`, `8:15`, `13h45`) as HHMM; `null`
 * when it is no time of day, `undefined` when nothing was typed.
 */
export function parseTime(text: string): number | null | undefined {
  const typed = text.trim();
  if (typed === '') return undefined;
  const match = /^(\d{1,2})\s*[:h.]?\s*(\d{2})$/i.exec(typed);
  if (!match) return null;
  const h = Number(match[1]);
  const m = Number(match[2]);
  if (h > 23 || m > 59) return null;
  return h * 100 + m;
}

/** A card's id as the core spells it: lowercase, `_` between words. */
export function slug(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** Card ids typed in one field, separated by commas. */
export function slugs(text: string): string[] {
  return text
    .split(',')
    .map(slug)
    .filter((s) => s !== '');
}

/** An id the catalogue does not know, readable: `sniper_rifle` → `sniper rifle`. */
function plain(id: string): string {
  return id.replace(/_/g, ' ');
}

export function weaponLabel(id: string): string {
  return tDynamic(`nation.weapons.${id}`) ?? plain(id);
}

export function modifierLabel(id: string): string {
  return tDynamic(`nation.modifiers.${id}`) ?? plain(id);
}

export function attributeLabel(id: string): string {
  return tDynamic(`nation.attributes.${id}`) ?? plain(id);
}

/** A player by seat: their name, or "player 3" for a seat nobody holds. */
export function seatName(names: readonly string[], seat: number): string {
  return names[seat] ?? t('nation.seat', { seat: seat + 1 });
}

/** Several players by seat, in the language's list. */
export function seatNames(names: readonly string[], seats: readonly number[]): string {
  return seats.map((s) => seatName(names, s)).join(t('nation.list_separator'));
}

export function playerNames(view: NationView): string[] {
  return view.players.map((p) => p.name);
}

/** A target by its tile: its name once known, else its number. */
export function targetLabel(target: Pick<TargetView, 'id' | 'name'>): string {
  return target.name ?? t('nation.pyramid.target', { id: target.id });
}

/** A target by number, named when the view knows its name. */
export function targetById(view: NationView | null, id: number): string {
  const target = view?.pyramid.find((p) => p.id === id);
  return target ? targetLabel(target) : t('nation.pyramid.target', { id });
}

/** What a value Bagless asks for is, from its key (`target.3.msr`). */
export interface AskedValue {
  key: string;
  /** `target_msr`, `weapon_time`… */
  what: string;
  /** The number of the target or specialist, the id of the weapon or modifier. */
  subject: string;
  input: 'number' | 'time' | 'noise' | 'slug' | 'weapon' | 'name';
  min?: number;
  max?: number;
  /** The words it is one of, as the refusal or the view gives them (a weapon's noise). */
  choices?: string[];
}

/** The parts of a key the core writes, to word it. */
export type KeyParts = Pick<AskedValue, 'key' | 'what' | 'subject'>;

/** Reads a key the core writes (`weapon.rope.time`); `null` for another. */
export function parseKey(key: string): KeyParts | null {
  const parts = /^([a-z_]+)\.([^.]+)\.([a-z_]+)$/.exec(key);
  if (!parts) return null;
  const [, kind, subject, field] = parts;
  return { key, what: `${kind}_${field}`, subject };
}

const INPUTS: readonly AskedValue['input'][] = ['number', 'time', 'noise', 'slug', 'name'];

/**
 * A value asked as its refusal (or the view's `asks`) gives it: the field
 * it is typed in (`input`), its bounds (`min`, `max`) and words
 * (`choices`), as the rules have them. A specialist's weapon, a card's id,
 * is offered the weapons the box names (`weapon`).
 */
export function withBounds(asked: KeyParts, params: Partial<Record<string, string>>): AskedValue {
  const bound = (text: string | undefined) => (text === undefined || text === '' ? undefined : Number(text));
  const choices = params.choices ? params.choices.split(',') : undefined;
  const given = INPUTS.find((i) => i === params.input) ?? 'name';
  const input = given === 'slug' && asked.what === 'specialist_weapon' ? 'weapon' : given;
  return { ...asked, input, min: bound(params.min), max: bound(params.max), choices };
}

/** What a key asks for, in words ("the MSR adjustment printed on target 3"). */
export function describeKey(key: string): string {
  const asked = parseKey(key);
  if (!asked) return key;
  const s = asked.subject;
  return (
    tDynamic(`nation.values.what.${asked.what}`, {
      target: s,
      weapon: weaponLabel(s),
      specialist: s,
      modifier: modifierLabel(s),
    }) ?? key
  );
}

/** The roll needed, as printed: `6-3`. */
export function range(need: number): string {
  return `6-${need}`;
}

/** A pointy-top hexagon is 2/√3 as tall as it is wide; rows overlap by a quarter. */
const HEX_RATIO = 2 / Math.sqrt(3);

/** The pyramid's shape as the view lays its tiles: how many rows, and the tiles of the widest (the bottom one). */
export interface PyramidShape {
  rows: number;
  bottom: number;
}

export function pyramidShape(tiles: readonly Pick<TargetView, 'row'>[]): PyramidShape {
  const rows = Math.max(1, ...tiles.map((tile) => tile.row));
  const bottom = Math.max(1, tiles.filter((tile) => tile.row === 1).length);
  return { rows, bottom };
}

const heightInTiles = (shape: PyramidShape) => 1 + (shape.rows - 1) * 0.75;

/** The pyramid's width over its height (for `aspect-ratio`). */
export function pyramidAspect(shape: PyramidShape): number {
  return shape.bottom / (heightInTiles(shape) * HEX_RATIO);
}

/**
 * Where a tile sits in the pyramid, in percent of the picture: each row
 * rests half a tile to the right, on the two tiles below it.
 */
export function tilePlace(
  shape: PyramidShape,
  target: Pick<TargetView, 'row' | 'position'>,
): {
  left: number;
  top: number;
  width: number;
  height: number;
} {
  const width = 100 / shape.bottom;
  const height = 100 / heightInTiles(shape);
  return {
    left: (target.position + (target.row - 1) / 2) * width,
    top: (shape.rows - target.row) * 0.75 * height,
    width,
    height,
  };
}
