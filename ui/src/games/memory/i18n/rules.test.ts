/**
 * A message for every rule code a memory's referee can refuse with, in
 * English and French, filled only with the params Rust sets for it (read
 * from crates/bagless-memory/src/refusals.rs); the reminders and alert
 * triggers play.rs sends, the values Bagless asks for and the history's
 * events, each worded in both languages.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Event as MemoryEvent } from '$lib/ipc/types/memory/Event';
import type { MemoryRuleCode } from '$lib/ipc/types/memory/MemoryRuleCode';
import { memoryEn } from './en';
import { memoryFr } from './fr';

/** Every code: TypeScript refuses a code missing here or one that is gone. */
const CODES: Record<MemoryRuleCode, true> = {
  adjust_same: true,
  alert_same: true,
  already_drawn: true,
  already_placed: true,
  already_started: true,
  assassin_cannot_act: true,
  assassin_count: true,
  assassin_twice: true,
  assassin_unknown: true,
  attack_pending: true,
  bonus_too_high: true,
  bonus_without_special: true,
  card_needed: true,
  card_not_in_pile: true,
  condition_same: true,
  cube_count: true,
  dice_count: true,
  dice_needed: true,
  dice_range: true,
  difficulty_same: true,
  draw_first: true,
  edition_not_due: true,
  edition_unknown: true,
  eliminated_final: true,
  enemy_count: true,
  enemy_is_assassin: true,
  entrances_same: true,
  entrance_not_on_map: true,
  entrance_twice: true,
  face_not_on_die: true,
  faces_too_many: true,
  go_back_nothing_after: true,
  go_back_unknown: true,
  hits_not_due: true,
  hits_size: true,
  hits_too_many: true,
  id_control: true,
  id_empty: true,
  id_invalid: true,
  id_too_long: true,
  left_for_good: true,
  memory_over: true,
  no_cube: true,
  not_all_eliminated: true,
  not_affected: true,
  not_incognito: true,
  not_started: true,
  nothing_to_redo: true,
  nothing_to_undo: true,
  pile_not_shuffled: true,
  place_first: true,
  reason_empty: true,
  reason_too_long: true,
  redo_after_change: true,
  riposte_not_due: true,
  riposte_pending: true,
  save_full: true,
  save_not_yet: true,
  square_count: true,
  status_same: true,
  success_not_met: true,
  test_not_due: true,
  tests_pending: true,
  value_key: true,
  value_kind: true,
  value_needed: true,
  value_range: true,
  wrong_step: true,
};
const codes = Object.keys(CODES) as MemoryRuleCode[];

const crate = (...path: string[]) =>
  readFileSync(join(__dirname, '..', '..', '..', '..', '..', 'crates', 'bagless-memory', 'src', ...path), 'utf8');

/** The params each code carries, as refusals.rs lists them: `Name "code" [a, b],`. */
function rustParams(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const m of crate('refusals.rs').matchAll(/^\s*\w+\s+"(\w+)"\s+\[([^\]]*)\],/gm)) {
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

/** The catalogue keys play.rs sends: each step's reminders and the alert triggers. */
function playKeys(): string[] {
  const source = crate('views', 'play.rs');
  const reminders = source.slice(source.indexOf('pub fn reminders'), source.indexOf('fn track('));
  return [...reminders.matchAll(/"([a-z_]+\.[a-z_]+)"/g)].map((m) => m[1]);
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)(?:\|[^{}]*)?\}/g)].map((m) => m[1]);

function lookup(node: unknown, key: string): unknown {
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

const languages = [
  ['en', memoryEn],
  ['fr', memoryFr],
] as const;

describe('memory rule messages', () => {
  const rust = rustParams();

  it('list every code of the rules crate, no more', () => {
    expect([...rust.keys()].sort()).toEqual([...codes].sort());
  });

  for (const [language, catalogue] of languages) {
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

    it(`${language}: words every reminder and alert trigger play.rs sends`, () => {
      const keys = playKeys();
      expect(keys.length).toBeGreaterThan(30);
      expect(keys).toContain('alert.stops_by_card_only');
      const missing = keys.filter((k) => typeof lookup(catalogue.reminders, k) !== 'string');
      expect(missing).toEqual([]);
    });

    it(`${language}: names every enemy and weapon play.rs suggests`, () => {
      const source = crate('views', 'play.rs');
      const ids = (name: string) => [...(new RegExp(`pub const ${name}: \\[&str; \\d+\\] = \\[([^\\]]*)\\]`).exec(source)?.[1] ?? '').matchAll(/"(\w+)"/g)].map((m) => m[1]);
      const enemies = ids('NAMED_ENEMIES');
      const weapons = ids('NAMED_WEAPONS');
      expect(enemies).toContain('crossbowman');
      expect(weapons).toContain('hidden_blade');
      const names: { enemy: Record<string, string>; weapon: Record<string, string> } = catalogue.names;
      expect(enemies.filter((id) => !names.enemy[id])).toEqual([]);
      expect(weapons.filter((id) => !names.weapon[id])).toEqual([]);
      expect(Object.keys(names.enemy).sort()).toEqual([...enemies].sort());
    });

    it(`${language}: words every value Bagless asks for`, () => {
      const what: Record<string, string> = catalogue.values.what;
      for (const key of [
        'reinforcement',
        'die_assassin_hit',
        'die_assassin_special',
        'die_assassin_riposte',
        'die_black_hit',
        'die_detection_detected',
        'die_detection_detected_in_alert',
        'enemy_health',
        'enemy_dice',
        'enemy_ranged',
        'weapon_dice',
        'weapon_exposes',
        'weapon_alerts',
      ]) {
        expect(what[key], key).toBeTruthy();
      }
    });
  }

  it('French messages differ from the English ones', () => {
    const same = codes.filter((c) => memoryFr.rules[c] === memoryEn.rules[c]);
    expect(same).toEqual([]);
  });
});

/** Every event of the log: TypeScript refuses one missing here or one that is gone. */
const EVENTS: Record<MemoryEvent['type'], true> = {
  memory_started: true,
  edition_changed: true,
  box_value_set: true,
  step_advanced: true,
  cubes_placed: true,
  unused_cubes_removed: true,
  cubes_spent: true,
  cube_saved: true,
  alert_set: true,
  alert_triggered: true,
  status_set: true,
  assassin_exposed: true,
  entrances_set: true,
  difficulty_set: true,
  reinforcement_drawn: true,
  reinforcements_placed: true,
  reinforcement_discarded: true,
  square_entered: true,
  detection_rolled: true,
  attack_rolled: true,
  hits_assigned: true,
  riposte_rolled: true,
  condition_set: true,
  assassin_eliminated: true,
  memory_ended: true,
  memory_failed: true,
  adjusted: true,
  entry_undone: true,
  entry_redone: true,
};

/** The memory's pack: the readings its screen marks. */
const ASSUMED: string[] = JSON.parse(
  readFileSync(join(__dirname, '..', '..', '..', '..', '..', 'campaigns', 'memory', 'pack.json'), 'utf8'),
).assumptions;

describe('memory history lines', () => {
  for (const [language, catalogue] of languages) {
    it(`${language}: words every event of the log`, () => {
      const history: Record<string, string> = catalogue.history;
      expect(Object.keys(EVENTS).filter((k) => !history[k])).toEqual([]);
      expect(Object.keys(history).filter((k) => !(k in EVENTS))).toEqual([]);
    });

    it(`${language}: words every assumption the memory's pack lists, so the screen marks it`, () => {
      const words: Record<string, string> = catalogue.assumptions;
      expect(ASSUMED.length).toBeGreaterThan(10);
      expect(ASSUMED.filter((id) => typeof words[id] !== 'string')).toEqual([]);
      expect(Object.keys(words).filter((id) => !ASSUMED.includes(id))).toEqual([]);
    });

    it(`${language}: says in the players' words what each edition changed`, () => {
      const editions: Record<string, string> = catalogue.rules_edition;
      const edition = Number(/pub const EDITION: u32 = (\d+);/.exec(crate('rules', 'again.rs'))?.[1]);
      expect(edition).toBeGreaterThanOrEqual(4);
      for (let e = 2; e <= edition; e += 1) expect(typeof editions[e], `edition ${e}`).toBe('string');
      expect(catalogue.history.edition_changed).toContain('{to}');
    });
  }
});
