/**
 * Views for the tests, built from the box's own pack
 * (campaigns/risk-ac/pack.json): its 42 territories, regions and borders.
 */
import type { RiskSetupOffer } from '$lib/ipc';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RiskScreen, RiskView } from '$lib/ipc';
import type { Colour } from '$lib/ipc/types/risk/Colour';
import type { Names } from '$lib/ipc/types/risk/Names';
import type { PlayerView } from '$lib/ipc/types/risk/PlayerView';
import type { Region } from '$lib/ipc/types/risk/Region';
import type { Territory } from '$lib/ipc/types/risk/Territory';
import type { TerritoryView } from '$lib/ipc/types/risk/TerritoryView';
import type { AttackView } from '$lib/ipc/types/risk/AttackView';
import type { TerritoryCount } from '$lib/ipc/types/risk/TerritoryCount';

interface Pack {
  regions: { id: Region; name: Names; suggested_bonus: number }[];
  territories: { id: Territory; name: Names; region: Region; crests?: number }[];
  borders: [Territory, Territory][];
  trade_in: [number, number][];
  assumptions: string[];
}

export const pack: Pack = JSON.parse(
  readFileSync(join(__dirname, '..', '..', '..', '..', 'campaigns', 'risk-ac', 'pack.json'), 'utf8'),
);

export const ALL: Territory[] = pack.territories.map((t) => t.id);

const neighbours = (id: Territory): Territory[] =>
  pack.borders.flatMap(([a, b]) => (a === id ? [b] : b === id ? [a] : []));

export function player(colour: Colour, name: string, more: Partial<PlayerView> = {}): PlayerView {
  return {
    colour,
    name,
    neutral: false,
    territories: 14,
    assassins: 14,
    cards: 0,
    eliminated: false,
    hand: [],
    fragments_held: 2,
    fragments_claimed: [],
    aptitude_hidden: 2,
    aptitude_revealed: 0,
    ...more,
  };
}

/**
 * A 3-player game (Ana red, Bruno grey, Chloé black) in Ana's placement:
 * territories dealt in turn, 1 assassin each (2 on Alaska), every crest known.
 */
export function view(more: Partial<RiskView> = {}, owners: Partial<Record<Territory, Colour>> = {}): RiskView {
  const colours: Colour[] = ['red', 'grey', 'black'];
  const territories: TerritoryView[] = pack.territories.map((t, i) => ({
    id: t.id,
    name: t.name,
    region: t.region,
    owner: owners[t.id] ?? colours[i % 3],
    assassins: t.id === 'alaska' ? 2 : 1,
    neighbours: neighbours(t.id),
    crests: t.crests ?? 1,
  }));
  const made: RiskView = {
    phase: 'placement',
    current: 'red',
    turn: 1,
    territories,
    regions: pack.regions.map((r) => ({
      id: r.id,
      name: r.name,
      bonus: null,
      suggested_bonus: r.suggested_bonus,
      holder: null,
    })),
    players: [player('red', 'Ana'), player('grey', 'Bruno'), player('black', 'Chloé')],
    trade_table: pack.trade_in.map(([crests, assassins]) => ({ crests, assassins })),
    reinforcements: [
      { kind: 'base', assassins: 3 },
      { kind: 'territories', held: 14, assassins: 1 },
    ],
    reinforcement_total: 4,
    crest_counts: [1, 2],
    pool: 4,
    move_in: null,
    neutral_due: false,
    winners: [],
    ending: null,
    conquered: false,
    attacks_over: false,
    manoeuvred: false,
    aptitude_revealed: false,
    last_roll: null,
    sigma: true,
    sigma_in_deck: true,
    deck: [...ALL],
    discard: [],
    attack: null,
    own_fragments: [],
    offers: { leave_unplaced: false, decline_card: false, captured_cards: [], kept_cards: [] },
    assumptions: [...pack.assumptions],
    bounds: {
      reason_chars: 200,
      aptitude_gain: 50,
      correction_fewest: 0,
      correction_most: 999,
      place_fewest: 1,
      place_most: 4,
      manoeuvre_fewest: 1,
      move_in_fewest: 1,
      die_fewest: 1,
      die_most: 6,
      region_bonus_fewest: 0,
      region_bonus_most: 30,
      mission_turns_fewest: 0,
      mission_turns_most: 20,
      mission_assassins_fewest: 1,
      mission_assassins_most: 50,
      fragment_fewest: 1,
      fragment_most: 10,
      kept_gain_fewest: 1,
    },
    manoeuvre_forces: [],
    manoeuvre_groups: [],
    deal: null,
    neutral_offer: null,
    drawable: [...ALL],
    reshuffles: false,
    trade: null,
    aptitude: null,
    ...more,
  };
  return {
    ...made,
    manoeuvre_forces: 'manoeuvre_forces' in more ? made.manoeuvre_forces : manoeuvreForces(made),
    manoeuvre_groups: 'manoeuvre_groups' in more ? made.manoeuvre_groups : manoeuvreGroups(made),
  };
}

/**
 * What Rust's view groups for the manoeuvre (`joined_groups`): the current
 * player's territories joined through their own, groups of one left out.
 */
export function manoeuvreGroups(v: RiskView): Territory[][] {
  if ((v.phase !== 'attack' && v.phase !== 'manoeuvre') || v.manoeuvred) return [];
  const mine = new Map(v.territories.filter((t) => t.owner === v.current).map((t) => [t.id, t]));
  const grouped = new Set<Territory>();
  const groups: Territory[][] = [];
  for (const start of mine.keys()) {
    if (grouped.has(start)) continue;
    grouped.add(start);
    const group = [start];
    for (let i = 0; i < group.length; i += 1) {
      for (const next of mine.get(group[i])!.neighbours) {
        if (mine.has(next) && !grouped.has(next)) {
          grouped.add(next);
          group.push(next);
        }
      }
    }
    if (group.length > 1) groups.push(group.sort());
  }
  return groups;
}

/**
 * What Rust's view offers the manoeuvre form (as `views/map.rs` gives it):
 * while the manoeuvre is still to make, all but one of each of the current
 * player's territories.
 */
export function manoeuvreForces(v: RiskView): TerritoryCount[] {
  if ((v.phase !== 'attack' && v.phase !== 'manoeuvre') || v.manoeuvred) return [];
  return v.territories.filter((t) => t.owner === v.current && t.assassins > 1).map((t) => ({ territory: t.id, count: t.assassins - 1 }));
}

/**
 * What Rust's view offers the attack form when no attack is under way (as
 * `views/attack.rs` gives it): each of the current player's territories
 * sends up to 3 (one stays on guard), each enemy one defends with up to 2.
 */
export function attackOffer(v: RiskView, more: Partial<AttackView> = {}): AttackView {
  return {
    edition: 2,
    can_attack: !v.attacks_over,
    battle: null,
    forces: v.territories
      .filter((t) => t.owner === v.current && t.assassins > 1)
      .map((t) => ({ territory: t.id, count: Math.min(3, t.assassins - 1) })),
    targets: v.territories
      .filter((t) => t.owner === v.current && t.assassins > 1)
      .map((t) => ({
        from: t.id,
        to: t.neighbours.filter((n) => {
          const owner = v.territories.find((o) => o.id === n)?.owner ?? null;
          return owner !== null && owner !== v.current;
        }),
      })),
    extra_attack_dice: 0,
    defence_dice: v.territories
      .filter((t) => t.owner !== null && t.owner !== v.current)
      .map((t) => ({ territory: t.id, count: Math.min(2, t.assassins) })),
    can_retreat: false,
    retreat_closes_target: false,
    routes_unknown: false,
    can_move_in: false,
    move_in_max: 0,
    held: [],
    cards_in_play: [],
    battle_odds: null,
    ...more,
  };
}

/** A view in the attack phase, with the attack form's offer worked out from it. */
export function attacking(v: RiskView, more: Partial<AttackView> = {}): RiskView {
  const phased: RiskView = { ...v, phase: 'attack' };
  return { ...phased, attack: attackOffer(phased, more) };
}

export function screen(v: RiskView = view(), name = 'Saturday night'): RiskScreen {
  return { id: 'g1', name, in_bin: false, view: v };
}

/** The same view with one territory changed. */
export function withTerritory(v: RiskView, id: Territory, change: Partial<TerritoryView>): RiskView {
  const changed = { ...v, territories: v.territories.map((t) => (t.id === id ? { ...t, ...change } : t)) };
  return { ...changed, manoeuvre_forces: manoeuvreForces(changed), manoeuvre_groups: manoeuvreGroups(changed) };
}

/** The new-game form's offer, as bagless-risk's setup_offer() gives it. */
export function setupOffer(): RiskSetupOffer {
  return {
    min_players: 2,
    max_players: 5,
    colours: ['red', 'grey', 'black', 'white', 'blue'],
    neutrals_with: 2,
    max_name: 40,
  };
}
