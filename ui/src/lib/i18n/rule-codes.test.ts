/**
 * The catalogues against the codes the backend can send:
 * - every rule violation code in rule-codes.json (listed from the core's
 *   source by crates/bagless-core/tests/rule_codes.rs) has a message in
 *   English and French, whose placeholders are params Rust sets;
 * - the English words the core sends as param values are the ones
 *   `rule_values` translates;
 * - every AppError code the app crate makes has a message.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from './en';
import { fr } from './fr';
import type { Catalogue } from './index.svelte';
import ruleCodes from './rule-codes.json';

const root = join(__dirname, '..', '..', '..', '..');
const rust = (path: string) => readFileSync(join(root, path), 'utf8');

const codes = ruleCodes as Record<string, string[]>;
const catalogues: [string, Catalogue][] = [
  ['en', en],
  ['fr', fr],
];
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)(?:\|[^{}]*)?\}/g)].map((m) => m[1]);

describe('rule violation messages', () => {
  it('lists the codes of the core (see crates/bagless-core/tests/rule_codes.rs)', () => {
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

describe('param values sent as English words', () => {
  /** The `Type::Variant => "word"` arms of the Rust function `fn`, by snake_case id. */
  const words = (path: string, fn: string, type: string) => {
    const source = rust(path);
    const start = source.indexOf(`fn ${fn}(`);
    expect(start, `${fn} in ${path}`).toBeGreaterThan(-1);
    const body = source.slice(start, source.indexOf('\n}', source.indexOf('match', start)));
    return Object.fromEntries(
      [...body.matchAll(new RegExp(`${type}::(\\w+) => "([^"]+)"`, 'g'))].map((m) => [
        m[1].replace(/(?<!^)([A-Z])/g, '_$1').toLowerCase(),
        m[2],
      ]),
    );
  };

  it('are the words the core writes (slot_word, Spot::word, ally_word)', () => {
    expect(en.rule_values.slot).toEqual(words('crates/bagless-core/src/board.rs', 'slot_word', 'EquipSlot'));
    expect(en.rule_values.spot).toEqual(words('crates/bagless-core/src/hq.rs', 'word', 'Spot'));
    expect(en.rule_values.ally).toEqual(words('crates/bagless-core/src/hq.rs', 'ally_word', 'AllyKind'));
  });
});

describe('other error messages', () => {
  it('cover every AppError code the app crate makes', () => {
    const sources = ['error.rs', 'lib.rs', 'packs.rs'].map((f) => rust(`crates/bagless-app/src/${f}`)).join('\n');
    const made = new Set([
      ...[...sources.matchAll(/AppError::new\(\s*"(\w+)"/g)].map((m) => m[1]),
      ...[...sources.matchAll(/(?:StoreError|ImportError)::\w+(?:\([^)]*\)|\s*\{[^}]*\})?(?:\s*\|\s*StoreError::\w+\([^)]*\))*\s*=>\s*"(\w+)"/g)].map(
        (m) => m[1],
      ),
    ]);
    expect(made.size).toBeGreaterThan(15);
    const known = Object.keys(en.app_errors.codes);
    expect([...made].filter((code) => !known.includes(code))).toEqual([]);
    expect(known.filter((code) => !made.has(code))).toEqual([]);
  });
});
