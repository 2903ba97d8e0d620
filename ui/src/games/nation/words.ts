/**
 * Assassin Nation in the players' words: money, times, MSR, the cards the
 * rules summary names, the values Bagless asks for, and where each tile of
 * the pyramid sits. Pure helpers (the catalogue's language is read at each
 * call).
 */
import { locale, t, tDynamic } from '$lib/i18n/index.svelte';
import type { NationView } from '$lib/ipc';
import type { TargetView } from '$lib/ipc/types/nation/TargetView';

/** The weapons the rules summary names (the box has nine: others are typed). */
export const KNOWN_WEAPONS = ['pistol', 'knife', 'sniper_rifle', 'rope', 'sabotage', 'poison'] as const;
/** The modifier cards the rules summary names. */
export const KNOWN_MODIFIERS = ['stealth'] as const;
/** The attribute icons the rules summary names. */
export const ATTRIBUTES = ['loud', 'silent', 'gunshot', 'asphyxiation', 'accident'] as const;
/** The specialist cards. */
export const SPECIALISTS = [1, 2, 3, 4, 5, 6] as const;
export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 6;

/** A whole number as the language writes it. */
export function number(value: number): string {
  return new Intl.NumberFormat(locale.current).format(value);
}

/** Dollars: `$3,000` in English, `3 000 $` in French. */
export function money(amount: number): string {
  const sign = amount < 0 ? '\u2212' : '';
  return sign + t('nation.money', { amount: number(Math.abs(amount)) });
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
}

const INPUTS: Record<string, Pick<AskedValue, 'input' | 'min' | 'max'>> = {
  target_msr: { input: 'number', min: -5, max: 5 },
  target_name: { input: 'name' },
  weapon_msr: { input: 'number', min: 2, max: 4 },
  weapon_time: { input: 'time' },
  weapon_noise: { input: 'noise' },
  weapon_cause: { input: 'slug' },
  specialist_weapon: { input: 'weapon' },
  specialist_name: { input: 'name' },
  modifier_msr: { input: 'number', min: -5, max: 5 },
  modifier_minutes: { input: 'number', min: -720, max: 720 },
};

/** Reads a key the core writes (`weapon.rope.time`); `null` for another. */
export function parseKey(key: string): AskedValue | null {
  const parts = key.split('.');
  if (parts.length !== 3) return null;
  const [kind, subject, field] = parts;
  const what = `${kind}_${field}`;
  const input = INPUTS[what];
  return input ? { key, what, subject, ...input } : null;
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

/** Rows of the pyramid, bottom first: six, five, four and three tiles. */
const ROWS = 4;
const BOTTOM = 6;
/** A pointy-top hexagon is 2/√3 as tall as it is wide; rows overlap by a quarter. */
const HEX_RATIO = 2 / Math.sqrt(3);
const HEIGHT_IN_TILES = 1 + (ROWS - 1) * 0.75;

/** The pyramid's width over its height (for `aspect-ratio`). */
export const PYRAMID_ASPECT = BOTTOM / (HEIGHT_IN_TILES * HEX_RATIO);

/**
 * Where a tile sits in the pyramid, in percent of the picture: each row
 * rests half a tile to the right, on the two tiles below it.
 */
export function tilePlace(target: Pick<TargetView, 'row' | 'position'>): {
  left: number;
  top: number;
  width: number;
  height: number;
} {
  const width = 100 / BOTTOM;
  const height = 100 / HEIGHT_IN_TILES;
  return {
    left: (target.position + (target.row - 1) / 2) * width,
    top: (ROWS - target.row) * 0.75 * height,
    width,
    height,
  };
}
