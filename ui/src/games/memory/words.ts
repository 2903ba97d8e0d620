/**
 * A memory in play in the players' words: the steps, the entrances, the
 * guards, the dice's faces, and the values Bagless asks for (their keys
 * read back from `value_needed`). Pure helpers: the catalogue's language
 * is read at each call.
 */
import { every } from '$lib/every';
import { t, tDynamic } from '$lib/i18n/index.svelte';
import type { AssassinFace } from '$lib/ipc/types/memory/AssassinFace';
import type { BlackFace } from '$lib/ipc/types/memory/BlackFace';
import type { Condition } from '$lib/ipc/types/memory/Condition';
import type { DetectionFace } from '$lib/ipc/types/memory/DetectionFace';
import type { Entrance } from '$lib/ipc/types/memory/Entrance';
import type { Guard } from '$lib/ipc/types/memory/Guard';
import type { Guards } from '$lib/ipc/types/memory/Guards';
import type { Step } from '$lib/ipc/types/memory/Step';

export const ENTRANCES = every<Entrance>({ a: true, b: true, c: true, d: true });
export const GUARDS = every<Guard>({ crossbowman: true, elite: true });
export const CONDITIONS = every<Condition>({ on_map: true, critical: true, left_map: true, eliminated: true });

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
  // One face past the dice rolled (or past 64, when the dice are not
  // known here) is enough for the rules to refuse the count in their
  // words: a slip of 100000000 must not fill the page.
  const most = Math.max(total, 64);
  for (const [face, n] of counts) for (let i = 0; i < Math.max(0, Math.floor(n)) && faces.length <= most; i += 1) faces.push(face);
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

/** An enemy in the players' language: the catalogue's name for an id the rules know ("crossbowman": "Arbalétrier"), else the id in words. */
export const enemyLabel = (id: string): string => tDynamic(`memory.names.enemy.${id}`) ?? idLabel(id);

/** A weapon in the players' language ("hidden_blade": "Lame secrète"), else the id in words. */
export const weaponLabel = (id: string): string => tDynamic(`memory.names.weapon.${id}`) ?? idLabel(id);

/** A choice among the ids the rules know, or another one typed (`other`: its name). */
export type IdChoice = { pick: string; other: string };

/** The form's value for "another one". */
export const OTHER = '__other';

/**
 * The id of a name typed: one the rules know when the name is its id or the
 * players' name for it in their language ("Lame secrète": "hidden_blade"),
 * else the name as an id ("" when none).
 */
export function idOf(typed: string, known: readonly string[], label: (id: string) => string): string {
  const id = slug(typed);
  return known.find((k) => k === id || slug(label(k)) === id) ?? id;
}

/** The id a choice sends: the id picked, or the one of the name typed ({@link idOf}). */
export function chosenId(choice: IdChoice, known: readonly string[], label: (id: string) => string): string {
  return choice.pick === OTHER ? idOf(choice.other, known, label) : choice.pick;
}

/** A value Bagless asks for, read back from its key (a number's bounds are its refusal's: {@link withBounds}). */
export type AskedValue =
  | { key: string; kind: 'guards'; players: number; card: number; column: 'calm' | 'alert'; entrance: Entrance }
  | { key: string; kind: 'number'; what: string; min?: number; max?: number; subject: string }
  | { key: string; kind: 'flag'; what: string; subject: string };

/** The key of a `value_needed` refusal, read (see crates/bagless-memory/src/model/box_values.rs). */
export function parseKey(key: string): AskedValue | null {
  const line = /^reinforcement\.(\d+)\.(\d+)\.(calm|alert)\.([a-z])$/.exec(key);
  if (line) {
    const [, players, card, column, entrance] = line;
    return { key, kind: 'guards', players: Number(players), card: Number(card), column: column as 'calm' | 'alert', entrance: entrance as Entrance };
  }
  const die = /^die\.([a-z_]+)\.([a-z_]+)$/.exec(key);
  if (die) return { key, kind: 'number', what: `die_${die[1]}_${die[2]}`, subject: '' };
  const card = /^(enemy|weapon)\.([^.]+)\.([a-z_]+)$/.exec(key);
  if (card) {
    const [, kind, subject, field] = card;
    const what = `${kind}_${field}`;
    if (field === 'ranged' || field === 'exposes' || field === 'alerts') return { key, kind: 'flag', what, subject };
    if (field === 'health' || field === 'dice') return { key, kind: 'number', what, subject };
  }
  return null;
}

/** A value asked with the bounds its refusal gives (`min`, `max`), as the rules have them. */
export function withBounds(asked: AskedValue, params: Partial<Record<string, string>>): AskedValue {
  if (asked.kind !== 'number') return asked;
  const bound = (text: string | undefined) => (text === undefined || text === '' ? undefined : Number(text));
  return { ...asked, min: bound(params.min), max: bound(params.max) };
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
  const enemy = enemyLabel(asked.subject);
  const weapon = weaponLabel(asked.subject);
  return tDynamic(`memory.values.what.${asked.what}`, { enemy, weapon }) ?? key;
}
