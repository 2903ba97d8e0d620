/**
 * A message for every rule code Assassin Nation's referee can refuse with,
 * in English and French, filled only with the params Rust sets for it
 * (read from crates/bagless-nation/src/refusals.rs); and the values Bagless
 * asks for, each worded.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Event as NationEvent } from '$lib/ipc/types/nation/Event';
import type { NationRuleCode } from '$lib/ipc/types/nation/NationRuleCode';
import { nationEn } from './en';
import { nationFr } from './fr';

/** Every code: TypeScript refuses a code missing here or one that is gone. */
const CODES: Record<NationRuleCode, true> = {
  adjust_same: true,
  adjust_too_high: true,
  already_created: true,
  attempt_settled: true,
  attempt_unknown: true,
  attempts_pending: true,
  attempts_awaited: true,
  bonus_invalid: true,
  bonus_thousands: true,
  card_name: true,
  conflicts_first: true,
  contract_attribute: true,
  contract_attribute_twice: true,
  contract_in_duel: true,
  contract_needed: true,
  contract_too_long: true,
  dice_count: true,
  dice_needed: true,
  dice_not_needed: true,
  die_face: true,
  doubled_unarmed: true,
  duel_no_target: true,
  edition_not_due: true,
  edition_unknown: true,
  first_player_unknown: true,
  first_roll_tie: true,
  game_over: true,
  go_back_nothing_after: true,
  go_back_unknown: true,
  hit_list_missing: true,
  hit_list_size: true,
  hit_list_target_twice: true,
  name_control: true,
  name_empty: true,
  name_too_long: true,
  name_twice: true,
  no_tie: true,
  not_created: true,
  not_enough_cash: true,
  not_in_duel: true,
  not_next: true,
  not_thousands: true,
  nothing_to_redo: true,
  nothing_to_undo: true,
  player_count: true,
  player_unknown: true,
  purchase_count: true,
  reason_empty: true,
  reason_too_long: true,
  redo_after_change: true,
  resolving_begun: true,
  specialist_taken: true,
  specialist_unknown: true,
  target_gone: true,
  target_needed: true,
  target_unknown: true,
  tie_roll_needed: true,
  time_count: true,
  time_invalid: true,
  time_unarmed: true,
  too_many_cards: true,
  value_key: true,
  value_kind: true,
  value_needed: true,
  value_range: true,
  vote_needed: true,
  vote_not_in_play: true,
  weapon_kinds_full: true,
  wrong_phase: true,
};
const codes = Object.keys(CODES) as NationRuleCode[];

/** The params each code carries, as refusals.rs lists them: `Name "code" [a, b],`. */
function rustParams(): Map<string, string[]> {
  const source = readFileSync(
    join(__dirname, '..', '..', '..', '..', '..', 'crates', 'bagless-nation', 'src', 'refusals.rs'),
    'utf8',
  );
  const found = new Map<string, string[]>();
  for (const m of source.matchAll(/^\s*\w+\s+"(\w+)"\s+\[([^\]]*)\],/gm)) {
    found.set(
      m[1],
      m[2]
        .split(',')
        .map((p) => p.trim())
        .filter((p) => p !== ''),
    );
  }
  return found;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)(?:\|[^{}]*)?\}/g)].map((m) => m[1]);

describe('Assassin Nation rule messages', () => {
  const rust = rustParams();

  it('list every code of the rules crate, no more', () => {
    expect([...rust.keys()].sort()).toEqual([...codes].sort());
  });

  for (const [language, catalogue] of [
    ['en', nationEn],
    ['fr', nationFr],
  ] as const) {
    it(`${language}: has a message for every code, and none for a code that is gone`, () => {
      const rules: Record<string, string> = catalogue.rules;
      expect(codes.filter((c) => typeof rules[c] !== 'string' || rules[c].trim() === '')).toEqual([]);
      expect(Object.keys(rules).filter((c) => !(c in CODES))).toEqual([]);
    });

    it(`${language}: fills its placeholders only with params Rust sets for the code`, () => {
      const rules: Record<string, string> = catalogue.rules;
      const unknown = codes.flatMap((code) =>
        placeholders(rules[code] ?? '')
          .filter((p) => !(rust.get(code) ?? []).includes(p))
          .map((p) => `${code}: {${p}}`),
      );
      expect(unknown).toEqual([]);
    });

    it(`${language}: words every value Bagless asks for`, () => {
      const what: Record<string, string> = catalogue.values.what;
      for (const key of [
        'target_msr',
        'target_name',
        'weapon_msr',
        'weapon_time',
        'weapon_noise',
        'weapon_cause',
        'specialist_weapon',
        'specialist_name',
        'modifier_msr',
        'modifier_minutes',
      ]) {
        expect(what[key], key).toBeTruthy();
      }
    });
  }

  it('French messages differ from the English ones', () => {
    const same = codes.filter((c) => nationFr.rules[c] === nationEn.rules[c]);
    expect(same).toEqual([]);
  });
});

/** Every event of the log: TypeScript refuses one missing here or one that is gone. */
const EVENTS: Record<NationEvent['type'], true> = {
  game_created: true,
  edition_changed: true,
  box_value_set: true,
  cards_bought: true,
  intel_ended: true,
  attempt_declared: true,
  attempt_withdrawn: true,
  attempt_passed: true,
  attempts_revealed: true,
  attempt_missed: true,
  modifier_played: true,
  order_rolled: true,
  attempt_resolved: true,
  target_eliminated: true,
  target_raised: true,
  attempt_discarded: true,
  all_targets_eliminated: true,
  round_ended: true,
  hit_list_revealed: true,
  hit_list_kept: true,
  hit_list_turned_over: true,
  count_closed: true,
  game_won: true,
  duel_began: true,
  duel_round_began: true,
  adjusted: true,
  target_adjusted: true,
  entry_undone: true,
  entry_redone: true,
};

/** The history view's keys besides the events' kinds: an attempt settled without a roll (views/history.rs). */
const OTHER_KEYS = ['attempt_succeeded_unrolled', 'attempt_failed_unrolled'];

describe('Assassin Nation history lines', () => {
  for (const [language, catalogue] of [
    ['en', nationEn],
    ['fr', nationFr],
  ] as const) {
    it(`${language}: words every event of the log`, () => {
      const history: Record<string, string> = catalogue.history;
      expect([...Object.keys(EVENTS), ...OTHER_KEYS].filter((k) => !history[k])).toEqual([]);
      expect(Object.keys(history).filter((k) => !(k in EVENTS) && !OTHER_KEYS.includes(k))).toEqual([]);
    });
  }
});

/** Every assumption the pack lists (campaigns/nation/pack.json), worded in both languages. */
describe('Assassin Nation assumptions', () => {
  const pack = JSON.parse(
    readFileSync(join(__dirname, '..', '..', '..', '..', '..', 'campaigns', 'nation', 'pack.json'), 'utf8'),
  ) as { assumptions: string[] };
  for (const [language, catalogue] of [
    ['en', nationEn],
    ['fr', nationFr],
  ] as const) {
    it(`${language}: words every assumption of the pack, and none it does not list`, () => {
      const words: Record<string, string> = catalogue.assumptions;
      expect(pack.assumptions.filter((id) => !words[id])).toEqual([]);
      expect(Object.keys(words).filter((id) => !pack.assumptions.includes(id))).toEqual([]);
    });
  }
});
