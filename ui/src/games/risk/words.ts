/**
 * RISK Assassin's Creed in the players' words: territories and regions by
 * their names in the current language (the pack gives both), brotherhoods
 * by their player's name and colour, a turn's reinforcements line by line,
 * the box's values by what they are, and refusals with their ids worded.
 */
import { every } from '$lib/every';
import { IpcError, type RiskView } from '$lib/ipc';
import { locale, t } from '$lib/i18n/index.svelte';
import type { Colour } from '$lib/ipc/types/risk/Colour';
import type { Names } from '$lib/ipc/types/risk/Names';
import type { Region } from '$lib/ipc/types/risk/Region';
import type { Reinforcement } from '$lib/ipc/types/risk/Reinforcement';
import type { Territory } from '$lib/ipc/types/risk/Territory';

/** A name from the pack in the current language. */
export function named(names: Names): string {
  return locale.current === 'fr' ? names.fr : names.en;
}

/** A territory's name, or its id when the view does not know it. */
export function territoryName(view: RiskView | null, id: string): string {
  if (id === 'sigma') return t('risk.sigma_card');
  const found = view?.territories.find((tv) => tv.id === id);
  return found ? named(found.name) : id;
}

export function regionName(view: RiskView | null, id: Region | string): string {
  const found = view?.regions.find((r) => r.id === id);
  return found ? named(found.name) : id;
}

export function isColour(value: string): value is Colour {
  return (every<Colour>({ red: true, grey: true, black: true, white: true, blue: true }) as readonly string[]).includes(value);
}

/** The colour's word ("red"). */
export function colourWord(colour: Colour): string {
  return t(`risk.colours.${colour}`);
}

/** A brotherhood: its player's name and colour, or "neutral grey". */
export function brotherhood(view: RiskView | null, colour: Colour | null): string {
  if (colour === null) return t('risk.nobody');
  const player = view?.players.find((p) => p.colour === colour);
  if (player && !player.neutral && player.name !== '') {
    return t('risk.player_of', { name: player.name, colour: colourWord(colour) });
  }
  if (player?.neutral) return t('risk.neutral', { colour: colourWord(colour) });
  return t('risk.brotherhood', { colour: colourWord(colour) });
}

/** The player's name alone (a neutral: "neutral grey"). */
export function playerName(view: RiskView | null, colour: Colour | null): string {
  if (colour === null) return t('risk.nobody');
  const player = view?.players.find((p) => p.colour === colour);
  if (player && !player.neutral && player.name !== '') return player.name;
  return player?.neutral ? t('risk.neutral', { colour: colourWord(colour) }) : colourWord(colour);
}

export function list(items: string[]): string {
  return items.join(t('risk.list_separator'));
}

/** One line of the turn's reinforcements. */
export function reinforcementLine(view: RiskView | null, line: Reinforcement): string {
  switch (line.kind) {
    case 'base':
      return t('risk.reinforcements.base');
    case 'territories':
      return t('risk.reinforcements.territories', { held: line.held });
    case 'region':
      return t('risk.reinforcements.region', { region: regionName(view, line.region) });
    case 'trade':
      return t('risk.reinforcements.trade', {
        crests: line.crests,
        cards: list(line.cards.map((c) => territoryName(view, c))),
      });
    case 'mission':
      return t('risk.reinforcements.mission', { fragment: line.fragment });
    case 'aptitude':
      return t('risk.reinforcements.aptitude', { reason: line.reason });
  }
}

/** A box value asked for, by its key ("crests.alaska", "region_bonus.europe"…). */
export type AskedValue =
  | { kind: 'crests'; key: string; territory: Territory }
  | { kind: 'region_bonus'; key: string; region: Region }
  | { kind: 'mission'; key: string; fragment: number }
  | { kind: 'fast_travel'; key: string; from: Territory; to: Territory }
  | { kind: 'fast_travel_routes'; key: string }
  | { kind: 'other'; key: string };

export function parseKey(key: string): AskedValue {
  const [kind, a, b] = key.split('.');
  if (kind === 'crests' && a) return { kind, key, territory: a as Territory };
  if (kind === 'region_bonus' && a) return { kind, key, region: a as Region };
  if (kind === 'mission' && a && Number.isInteger(Number(a))) return { kind, key, fragment: Number(a) };
  if (kind === 'fast_travel' && a && b) return { kind, key, from: a as Territory, to: b as Territory };
  if (kind === 'fast_travel_routes' && !a) return { kind, key };
  return { kind: 'other', key };
}

/** What a box value's key stands for, in words. */
export function keyWords(view: RiskView | null, key: string): string {
  const asked = parseKey(key);
  switch (asked.kind) {
    case 'crests':
      return t('risk.values.crests', { territory: territoryName(view, asked.territory) });
    case 'region_bonus':
      return t('risk.values.region_bonus', { region: regionName(view, asked.region) });
    case 'mission':
      return t('risk.values.mission', { fragment: asked.fragment });
    case 'fast_travel':
      return t('risk.values.fast_travel', {
        from: territoryName(view, asked.from),
        to: territoryName(view, asked.to),
      });
    case 'fast_travel_routes':
      return t('risk.values.fast_travel_routes');
    default:
      return key === 'aptitude.gain' ? t('risk.values.aptitude_gain') : t('risk.values.key', { key });
  }
}

/** A refusal's param in words: territories, colours, sides and keys by name. */
export function paramWords(view: RiskView | null, name: string, value: string): string {
  if (name === 'territory' || name === 'from' || name === 'to') return territoryName(view, value);
  if (name === 'colour' && isColour(value)) return brotherhood(view, value);
  if (name === 'side' && (value === 'attack' || value === 'defence')) return t(`risk.sides.${value}`);
  if (name === 'key') return keyWords(view, value);
  return value;
}

/**
 * The error with the ids in its refusals worded for the players (the
 * catalogue's `risk.rules.<code>` is filled with these); anything else as it is.
 */
export function worded(error: unknown, view: RiskView | null): unknown {
  if (!(error instanceof IpcError) || error.violations.length === 0) return error;
  const violations = error.violations.map((v) =>
    v.game === 'risk'
      ? {
          ...v,
          params: Object.fromEntries(Object.entries(v.params).map(([k, value]) => [k, paramWords(view, k, value)])),
        }
      : v,
  );
  return new IpcError(error.code, error.message, violations);
}

/** A chance as a percentage, in the current language ("83.4 %"). */
export function percent(chance: number): string {
  return new Intl.NumberFormat(locale.current, { style: 'percent', maximumFractionDigits: 1 }).format(chance);
}

/** An expected count, one decimal. */
export function decimal(value: number): string {
  return new Intl.NumberFormat(locale.current, { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(value);
}
