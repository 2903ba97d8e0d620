/**
 * RISK Assassin's Creed's words against what its rules crate sends: a
 * message for every rule code (TypeScript keeps the list complete), in
 * English and French, each using only the params Rust sets for its code;
 * a line of the history for every event.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Event } from '$lib/ipc/types/risk/Event';
import type { RiskRuleCode } from '$lib/ipc/types/risk/RiskRuleCode';
import { riskEn } from './en';
import { riskFr } from './fr';

const CODES: Record<RiskRuleCode, true> = {
  adjust_at_least_one: true,
  adjust_no_change: true,
  adjust_during_battle: true,
  already_created: true,
  aptitude_loss_leaves_one: true,
  aptitude_loss_too_many: true,
  aptitude_none_left: true,
  aptitude_once_per_turn: true,
  aptitude_not_held: true,
  aptitude_not_in_combat: true,
  attack_from_not_yours: true,
  attack_needs_two: true,
  attack_own_territory: true,
  attack_phase_only: true,
  attack_dice_count: true,
  attacks_over: true,
  battle_under_way: true,
  brotherhood_twice: true,
  brotherhood_unknown: true,
  card_not_in_deck: true,
  card_not_in_hand: true,
  card_twice: true,
  deal_count: true,
  deal_incomplete: true,
  deal_not_now: true,
  dice_count: true,
  die_face: true,
  draw_not_allowed: true,
  draw_decline_edition: true,
  draw_declined_entered: true,
  edition_not_due: true,
  edition_unknown: true,
  end_turn_not_now: true,
  fragment_count: true,
  force_dice: true,
  fragment_not_held: true,
  seat_not_on_turn: true,
  fragment_turns: true,
  fragment_unknown: true,
  fragment_used: true,
  fragment_territory_missing: true,
  game_over: true,
  go_back_nothing_after: true,
  go_back_unknown: true,
  manoeuvre_done: true,
  manoeuvre_leave_one: true,
  manoeuvre_not_connected: true,
  manoeuvre_not_yours: true,
  manoeuvre_not_now: true,
  manoeuvre_same_territory: true,
  move_in_nothing_conquered: true,
  move_in_too_many: true,
  neutral_not_due: true,
  neutral_one_faction: true,
  neutral_reinforcement_due: true,
  neutral_stack_count: true,
  neutral_stacks_two_players: true,
  neutral_territories: true,
  neutral_three: true,
  no_battle: true,
  no_move_in: true,
  not_connected: true,
  not_created: true,
  not_this_edition: true,
  nothing_to_redo: true,
  nothing_to_undo: true,
  place_not_yours: true,
  placement_only: true,
  place_too_many: true,
  place_zero: true,
  player_count: true,
  player_name: true,
  random_needed: true,
  reason_needed: true,
  redo_after_change: true,
  reinforcements_left: true,
  retreated_from: true,
  trade_crests: true,
  value_in_pack: true,
  value_needed: true,
  value_range: true,
};

const EVENTS: Record<Event['type'], true> = {
  game_created: true,
  edition_changed: true,
  box_value_set: true,
  territories_dealt: true,
  cards_dealt: true,
  turn_started: true,
  assassins_placed: true,
  cards_traded: true,
  fragment_claimed: true,
  aptitude_revealed: true,
  neutral_reinforced: true,
  placement_ended: true,
  dice_rolled: true,
  territory_conquered: true,
  brotherhood_eliminated: true,
  neutral_cards_captured: true,
  moved_in: true,
  retreated: true,
  aptitude_played: true,
  aptitude_used: true,
  attacks_ended: true,
  manoeuvred: true,
  turn_ended: true,
  deck_reshuffled: true,
  card_drawn: true,
  sigma_drawn: true,
  game_over: true,
  adjusted: true,
  entry_undone: true,
  entry_redone: true,
};

/** Each code's params, as the rules crate lists them (`Code "code" [params]`). */
const refusals = readFileSync(
  join(__dirname, '..', '..', '..', '..', '..', 'crates', 'bagless-risk', 'src', 'refusals.rs'),
  'utf8',
);
const PARAMS = new Map(
  [...refusals.matchAll(/^\s+\w+ "(\w+)" \[([\w, ]*)\],$/gm)].map((m) => [
    m[1],
    m[2].split(',').map((p) => p.trim()).filter((p) => p !== ''),
  ]),
);

/** The assumptions of the RISK pack (campaigns/risk-ac/pack.json). */
const ASSUMED: string[] = JSON.parse(
  readFileSync(join(__dirname, '..', '..', '..', '..', '..', 'campaigns', 'risk-ac', 'pack.json'), 'utf8'),
).assumptions;

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)(?:\|[^{}]*)?\}/g)].map((m) => m[1]);

describe('the rules’ words', () => {
  it('reads every code of the crate with its params', () => {
    expect([...PARAMS.keys()].sort()).toEqual(Object.keys(CODES).sort());
    expect(PARAMS.get('manoeuvre_not_connected')).toEqual(['from', 'to']);
  });

  for (const [language, catalogue] of [
    ['en', riskEn],
    ['fr', riskFr],
  ] as const) {
    it(`${language}: has a message for every code, and none for a code that is gone`, () => {
      const messages: Record<string, string> = catalogue.rules;
      expect(Object.keys(CODES).filter((code) => typeof messages[code] !== 'string')).toEqual([]);
      expect(Object.keys(messages).filter((code) => !(code in CODES))).toEqual([]);
    });

    it(`${language}: fills each message only with params Rust sets for its code`, () => {
      const unknown = Object.entries(catalogue.rules as Record<string, string>).flatMap(([code, text]) =>
        placeholders(text)
          .filter((p) => !(PARAMS.get(code) ?? []).includes(p))
          .map((p) => `${code}: {${p}}`),
      );
      expect(unknown).toEqual([]);
    });

    it(`${language}: words every assumption the pack lists, so the screen marks it`, () => {
      const words: Record<string, string> = catalogue.assumptions;
      expect(ASSUMED.filter((id) => typeof words[id] !== 'string')).toEqual([]);
    });

    it(`${language}: says in the players' words what edition 2 changed`, () => {
      const editions: Record<string, string> = catalogue.rules_edition;
      expect(typeof editions[2]).toBe('string');
      expect(catalogue.history.edition_changed).toContain('{to}');
    });

    it(`${language}: words every event of the history`, () => {
      const lines: Record<string, string> = catalogue.history;
      expect(Object.keys(EVENTS).filter((type) => typeof lines[type] !== 'string')).toEqual([]);
      expect(Object.keys(lines).filter((type) => !(type in EVENTS))).toEqual([]);
    });
  }
});
