/**
 * A memory in play in the players' words: the steps, the entrances, the
 * guards, the dice's faces, and the values Bagless asks for (their keys
 * read back from `value_needed`). Pure helpers: the catalogue's language
 * is read at each call.
 */
import { t, tDynamic } from '$lib/i18n/index.svelte';
import type { AssassinFace } from '$lib/ipc/types/memory/AssassinFace';
import type { BlackFace } from '$lib/ipc/types/memory/BlackFace';
import type { Condition } from '$lib/ipc/types/memory/Condition';
import type { DetectionFace } from '$lib/ipc/types/memory/DetectionFace';
import type { Entrance } from '$lib/ipc/types/memory/Entrance';
import type { Guard } from '$lib/ipc/types/memory/Guard';
import type { Guards } from '$lib/ipc/types/memory/Guards';
import type { Step } from '$lib/ipc/types/memory/Step';

export const ENTRANCES: readonly Entrance[] = ['a', 'b', 'c', 'd'];
export const GUARDS: readonly Guard[] = ['crossbowman', 'elite'];
export const CONDITIONS: readonly Condition[] = ['on_map', 'critical', 'left_map', 'eliminated'];
/** The phase track, in order ("GAME TURN"). */
export const TRACK: readonly Step[] = ['event', 'assassin', 'reinforcement', 'movement', 'combat', 'end_of_turn'];
/** The enemies and weapons the summaries name (others are typed). */
export const KNOWN_ENEMIES = ['crossbowman', 'elite', 'agile', 'brute'] as const;
export const KNOWN_WEAPONS = ['hidden_blade', 'sword', 'pistol', 'crossbow', 'throwing_knives'] as const;

/** An entrance as printed on its token: "A". */
export const entranceLabel = (e: string): string => e.toUpperCase();

export const stepLabel = (step: Step): string => t(`memory.step.${step}`);

export const conditionLabel = (c: Condition): string => t(`memory.condition.${c}`);

/** A card's line: "2 elites", "no guard", or "not known yet". */
export function guardsLabel(g: Guards | null | undefined): string {
  if (!g) return t('memory.guard.unknown');
  if (g.count === 0 || g.guard === null) return t('memory.guard.none');
  return t(`memory.guard.count_${g.guard}`, { count: g.count });
}

/** A line as a data attribute: "elite:2", "none", or "" when unknown. */
export function guardsCode(g: Guards | null | undefined): string {
  if (!g) return '';
  if (g.count === 0 || g.guard === null) return 'none';
  return `${g.guard}:${g.count}`;
}

export function faceLabel(face: AssassinFace | BlackFace | DetectionFace): string {
  return t(`memory.face.${face}`);
}

export function facesLabel(faces: readonly (AssassinFace | BlackFace | DetectionFace)[]): string {
  return faces.map(faceLabel).join(t('memory.list_separator'));
}

/** Counts of faces as the dice rolled: the named faces first, the rest of `total` as `rest`. */
export function facesFrom<F extends string>(counts: readonly [F, number][], rest: F, total: number): F[] {
  const faces: F[] = [];
  for (const [face, n] of counts) for (let i = 0; i < Math.max(0, Math.floor(n)); i += 1) faces.push(face);
  while (faces.length < total) faces.push(rest);
  return faces;
}

/** An id as the core spells it: lowercase letters, digits and `_`. */
export function slug(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40);
}

/** An id typed by Bagless's keys ("hidden_blade") in words: "hidden blade". */
export const idLabel = (id: string): string => id.replace(/_/g, ' ');

/** A value Bagless asks for, read back from its key. */
export type AskedValue =
  | { key: string; kind: 'guards'; players: number; card: number; column: 'calm' | 'alert'; entrance: Entrance }
  | { key: string; kind: 'number'; what: string; min: number; max: number; subject: string }
  | { key: string; kind: 'flag'; what: string; subject: string };

/** The key of a `value_needed` refusal, read (see crates/bagless-memory/src/model/box_values.rs). */
export function parseKey(key: string): AskedValue | null {
  const parts = key.split('.');
  if (parts[0] === 'reinforcement' && parts.length === 5) {
    const [, players, card, column, entrance] = parts;
    if ((column !== 'calm' && column !== 'alert') || !(ENTRANCES as string[]).includes(entrance)) return null;
    return { key, kind: 'guards', players: Number(players), card: Number(card), column, entrance: entrance as Entrance };
  }
  if (parts[0] === 'die' && parts.length === 3) {
    return { key, kind: 'number', what: `die_${parts[1]}_${parts[2]}`, min: 0, max: 6, subject: '' };
  }
  if ((parts[0] === 'enemy' || parts[0] === 'weapon') && parts.length === 3) {
    const [kind, subject, field] = parts;
    const what = `${kind}_${field}`;
    if (field === 'ranged' || field === 'exposes' || field === 'alerts') return { key, kind: 'flag', what, subject };
    if (field === 'health') return { key, kind: 'number', what, min: 1, max: 10, subject };
    if (field === 'dice') return { key, kind: 'number', what, min: kind === 'enemy' ? 0 : 1, max: 10, subject };
  }
  return null;
}

/** What a key asks for, in words. */
export function describeKey(key: string): string {
  const asked = parseKey(key);
  if (asked === null) return t('memory.values.what.unknown', { key });
  if (asked.kind === 'guards') {
    return t('memory.values.what.reinforcement', {
      card: asked.card,
      players: asked.players,
      column: t(`memory.column.${asked.column}`),
      entrance: entranceLabel(asked.entrance),
    });
  }
  const subject = idLabel(asked.subject);
  return tDynamic(`memory.values.what.${asked.what}`, { enemy: subject, weapon: subject }) ?? key;
}
