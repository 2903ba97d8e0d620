/**
 * The catalogues against the codes the backend can send:
 * - every rule violation code in rule-codes.json (listed from the core's
 *   source by crates/bagless-bov/tests/rule_codes.rs) has a message in
 *   English and French, whose placeholders are params Rust sets;
 * - every id the core sends as a param value (a slot, a building, an ally
 *   kind) has its words in `rule_values`;
 * - every AppError code the app crate makes has a message.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from './en';
import { fr } from './fr';
import type { Catalogue } from './index.svelte';
import { lazyWords } from './lazy-words';
import ruleCodes from './rule-codes.json';
import { ruleValue } from './refusal';
import type { AllyKind, EquipSlot, Spot } from '$lib/ipc';

const root = join(__dirname, '..', '..', '..', '..');
const rust = (path: string) => readFileSync(join(root, path), 'utf8');

const codes = ruleCodes as Record<string, string[]>;
const catalogues: [string, Catalogue][] = [
  ['en', en],
  ['fr', fr],
];
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)(?:\|[^{}]*)?\}/g)].map((m) => m[1]);

describe('rule violation messages', () => {
  it('lists the codes of the core (see crates/bagless-bov/tests/rule_codes.rs)', () => {
    expect(Object.keys(codes).length).toBeGreaterThan(50);
    expect(codes.slot_wrong_kind).toEqual(['card', 'slot']);
  });

  for (const [name, cat] of catalogues) {
    it(`${name}: has a message for every code, and none for a code that is gone`, () => {
      const messages = cat.rules as Record<string, string>;
      const missing = Object.keys(codes).filter((code) => typeof messages[code] !== 'string');
      const stale = Object.keys(messages).filter((code) => !(code in codes));
      expect(missing).toEqual([]);
      expect(stale).toEqual([]);
    });

    it(`${name}: fills its placeholders only with params Rust sets for the code`, () => {
      const messages = cat.rules as Record<string, string>;
      const unknown = Object.entries(messages).flatMap(([code, text]) =>
        placeholders(text)
          .filter((param) => !(codes[code] ?? []).includes(param))
          .map((param) => `${code}: {${param}}`),
      );
      expect(unknown).toEqual([]);
    });
  }
});

describe('param values sent as ids', () => {
  it('word every id of the enums the core sends (EquipSlot, Spot, AllyKind)', () => {
    const slots: Record<EquipSlot, string> = en.rule_values.slot;
    const spots: Record<Spot, string> = en.rule_values.spot;
    const allies: Record<AllyKind, string> = en.rule_values.ally;
    for (const words of [slots, spots, allies]) expect(Object.keys(words).length).toBeGreaterThan(1);
    expect(ruleValue('spot', 'command_room')).toBe('command room');
    expect(ruleValue('slot', 'Hidden Blade')).toBe('Hidden Blade');
  });
});

describe('other error messages', () => {
  it('cover every AppError code the app crate makes', () => {
    // Every source of the app crate, wherever a use-case or a game's door
    // lives, but the backups' and the rescue command's (their words are the
    // backups panel's and the command line's), and the test writer's of the
    // command line's debug build (`games/busy.rs`: never the window's).
    const app = 'crates/bagless-app/src';
    const own = ['backups.rs', 'rescue.rs', 'lock.rs', 'games/busy.rs'];
    const files = readdirSync(join(root, app), { recursive: true, encoding: 'utf8' }).filter(
      (f) => f.endsWith('.rs') && !own.includes(f),
    );
    expect(files).toContain('games/bov/mod.rs');
    // The seat server's too (the host's panel shows them).
    const seats = 'crates/bagless-seats/src';
    const seatFiles = readdirSync(join(root, seats), { encoding: 'utf8' }).filter((f) => f.endsWith('.rs'));
    const sources = [...files.map((f) => rust(`${app}/${f}`)), ...seatFiles.map((f) => rust(`${seats}/${f}`))].join('\n');
    const made = new Set([
      ...[...sources.matchAll(/AppError::new\(\s*"(\w+)"/g)].map((m) => m[1]),
      ...[...sources.matchAll(/(?:StoreError|ImportError)::\w+(?:\([^)]*\)|\s*\{[^}]*\})?(?:\s*\|\s*StoreError::\w+\([^)]*\))*\s*=>\s*"(\w+)"/g)].map(
        (m) => m[1],
      ),
    ]);
    expect(made.size).toBeGreaterThan(15);
    // The catalogue's, and the evening picture's, brought with its screen (./lazy.ts).
    const known = [...Object.keys(en.app_errors.codes), ...Object.keys(lazyWords.en.app_errors.codes)];
    expect([...made].filter((code) => !known.includes(code))).toEqual([]);
    expect(known.filter((code) => !made.has(code))).toEqual([]);
  });
});
