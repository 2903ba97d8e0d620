/**
 * The interface's one road, kept by a test: the screens every game shares
 * (`src/lib`) reach a game only through the shelf (`src/games/registry.ts`,
 * the one place a kind is matched), as the app crate's `tests/structure.rs`
 * keeps it in Rust. The catalogue is the one exception: it gathers every
 * game's words (`lib/i18n/en.ts`, `fr.ts`), so that a language is one chunk;
 * and so do the lists of the words brought with a chunk instead (issue 57's
 * told-back words: `lazy.ts` their types, `lazy-words.ts` the words for the
 * catalogue's tests, `lazy.test.ts` each screen bringing its own).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = import.meta.dirname;
const CATALOGUES = ['i18n/en.ts', 'i18n/fr.ts', 'i18n/lazy.ts', 'i18n/lazy-words.ts', 'i18n/lazy.test.ts'];

/** Every source of `dir`, relative to it, with `/` between folders. */
function sources(dir: string): string[] {
  return readdirSync(join(SRC, dir), { recursive: true, encoding: 'utf8' })
    .map((f) => f.split('\\').join('/'))
    .filter((f) => /\.(ts|svelte)$/.test(f));
}

/** The modules a source imports: static, for their effects, lazy (a template's text up to its first `${`), or globbed. */
function imports(text: string): string[] {
  return [
    ...text.matchAll(/(?:from\s+|import\s+|import\s*\(\s*|import\.meta\.glob\s*\(\s*)(['"`])((?:[^'"`$]|\$(?!\{))+)/g),
  ].map((m) => m[2]);
}

describe('the one road of the interface', () => {
  it('lets the shared screens reach a game only through the shelf', () => {
    const found: string[] = [];
    for (const file of sources('lib')) {
      if (CATALOGUES.includes(file)) continue;
      for (const module of imports(readFileSync(join(SRC, 'lib', file), 'utf8'))) {
        if ((module.startsWith('$games/') || module.includes('/games/')) && module !== '$games/registry') {
          found.push(`lib/${file}: ${module}`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('lets the shared screens reach no game through the app shell either', () => {
    // The shell (App.svelte, main.ts, screens.ts) names each game's screens:
    // a shared screen importing it would reach a game round the shelf. (A
    // test may mount the whole app.)
    const found: string[] = [];
    for (const file of sources('lib').filter((f) => !f.endsWith('.test.ts'))) {
      for (const module of imports(readFileSync(join(SRC, 'lib', file), 'utf8'))) {
        if (/^(?:\.\.\/)+(?:App\.svelte|main|screens)(?:\.ts)?$/.test(module)) found.push(`lib/${file}: ${module}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('finds the imports it looks for', () => {
    const text = [
      `import { a } from '$games/registry';`,
      `const b = () => import('$games/risk/words');`,
      `import "$games/nation/side-effect";`,
      'const c = (kind) => import(`$games/${kind}/Game.svelte`);',
      `const d = import.meta.glob('$games/*/i18n/en.ts');`,
    ].join('\n');
    expect(imports(text)).toEqual([
      '$games/registry',
      '$games/risk/words',
      '$games/nation/side-effect',
      '$games/',
      '$games/*/i18n/en.ts',
    ]);
    expect(sources('lib')).toContain('screens/Library.svelte');
  });

  it('matches no game by its kind in the shared screens', () => {
    const found: string[] = [];
    for (const file of sources('lib/screens')) {
      const text = readFileSync(join(SRC, 'lib', 'screens', file), 'utf8');
      const kind = `['"](?:bov|risk|nation|memory)['"]`;
      const matched = new RegExp(`[!=]==?\\s*${kind}|${kind}\\s*[!=]==?|case\\s+${kind}`);
      if (matched.test(text)) found.push(`lib/screens/${file}`);
    }
    expect(found).toEqual([]);
  });
});

/**
 * A game's kind is written in its own folder (`src/games/<kind>/`) and the
 * shelf (`src/games/registry.ts`) alone (issue "the house for the next
 * game"): each game's commands are tagged in its folder's `ipc.ts`, each
 * seat page is its folder's, reached through the shelf. The list is empty
 * and stays so: a file that writes a kind fails, and so would a file listed
 * here that no longer writes one.
 */
const STILL_WRITING_KINDS: Record<string, string> = {};
const KINDS = ['bov', 'risk', 'nation', 'memory', 'dice_race'];

/** Whether `text` writes a game's kind: as a string, or in a path to its folder. */
function writesKind(text: string): boolean {
  const kinds = KINDS.join('|');
  return new RegExp(`(['"\`])(?:${kinds})\\1|\\$games/(?:${kinds})/|/games/(?:${kinds})/`).test(text);
}

describe("a game's kind, written only on the shelf", () => {
  it('is written in no shared file but those still listed, and each listed one still writes one', () => {
    const writing = sources('.')
      .filter((f) => !f.startsWith('games/') && !f.endsWith('.test.ts') && !f.startsWith('lib/ipc/types/'))
      .filter((f) => !f.endsWith('/fixtures.ts') && !CATALOGUES.includes(f.replace(/^lib\//, '')))
      .filter((f) => writesKind(readFileSync(join(SRC, f), 'utf8')))
      .sort();
    expect(writing).toEqual(Object.keys(STILL_WRITING_KINDS).sort());
  });

  it('finds a kind however it is written', () => {
    expect(writesKind(`if (x === 'risk')`)).toBe(true);
    expect(writesKind(`game: "bov"`)).toBe(true);
    expect(writesKind('import(`$games/nation/NationGame.svelte`)')).toBe(true);
    expect(writesKind(`import X from '../games/memory/MemoryGame.svelte'`)).toBe(true);
    expect(writesKind(`const riskier = 'risky'; // bov`)).toBe(false);
  });
});

/**
 * No rule written in a game's forms (issue "one path for every game"): a
 * form sends what the players entered, the rules accept or refuse it, and
 * the view says what to offer. So a game's screens (`src/games/**`, its
 * tests, fixtures and catalogues aside) hold no bound typed as a number, no
 * count compared with a number, no list of ids and no list or number kept
 * as a constant, except those named here with the reason they are no rule.
 *
 * What it looks for is the shape a restated rule has taken here before; it
 * cannot see a condition or a sum written in words of the view's own
 * (`a.usable > 0`), nor a text field's length (`maxlength`: Bagless's own
 * limit on a name, which the rules refuse in their words past it). Those
 * are for the reader: the rules crates' views offer what a form needs.
 */
const NOT_RULES: Record<string, string> = {
  'registry.ts: const SHELF': 'the shelf itself: each box and its screens',
  'memory/game.svelte.ts: const ID_KINDS': 'the params a refusal names an id kind in (words)',
  "memory/game.svelte.ts: ['campaign', 'memory'": 'the params a refusal names an id kind in (words)',
  'nation/game.svelte.ts: const SEAT_PARAMS': 'the params a refusal names a seat in (words)',
  "nation/game.svelte.ts: ['player', 'next'": 'the params a refusal names a seat in (words)',
  'nation/game.svelte.ts: const MONEY_PARAMS': 'the params a refusal gives in dollars (words)',
  "nation/game.svelte.ts: ['cash', 'cost'": 'the params a refusal gives in dollars (words)',
  'nation/words.ts: const INPUTS': 'the kinds of field a value asked names (the view says which); its bounds are the refusal’s',
  "nation/words.ts: ['number', 'time'": 'the kinds of field a value asked names (the view says which)',
  'nation/words.ts: const HEX_RATIO': 'a hexagon’s shape, for the picture',
  'memory/parts/PhaseTrack.svelte: const W': 'the picture’s size',
  'memory/parts/PhaseTrack.svelte: const GAP': 'the picture’s size',
  'memory/parts/PhaseTrack.svelte: .length > 17': 'a label squeezed into its box when long',
  'bov/screens/Diary.svelte: const TABLE_TURNS': 'how many frames the memory table is drawn in',
  'bov/story/StoryMemories.svelte: const SIGN': 'the sign each outcome is drawn with, as the diary’s',
  'bov/story/StoryAssassins.svelte: const LOOKS': 'each assassin’s line, a colour and a dash (the picture)',
  'nation/told/told.ts: const COLOURS': 'the money chart’s colour of each player, for the picture',
  'nation/told/told.ts: const DASHES': 'the money chart’s dash of each player, for the picture',
  'risk/told/warm.ts: const TURNS': 'how long the made-up game drawn out of sight is (as long as a long game), never shown',
};

/** Files that draw a picture: their numbers are where things are drawn. */
const DRAWINGS = ['risk/map/layout.ts'];

/** What a game's source restates of the rules, as `file: what`. */
function rulesIn(file: string, text: string): string[] {
  const found: string[] = [];
  for (const line of text.split('\n')) {
    // A bound typed in a form: any max, a min above 1 or below 0 (0 and 1
    // say "a count", "a die's face").
    for (const m of line.matchAll(/\b(min|max)=(?:"|\{)\s*(-?\d+)\s*(?:"|\})/g)) {
      const n = Number(m[2]);
      if (m[1] === 'max' || n > 1 || n < 0) found.push(`${file}: ${m[0]}`);
    }
    // A count compared with a number (2 players, 5 seats…).
    for (const m of line.matchAll(/\.length\s*(?:===|!==|==|!=|<=|>=|<|>)\s*(\d+)|\b(\d+)\s*(?:===|!==|==|!=|<=|>=|<|>)\s*[\w.]+\.length/g)) {
      if (Number(m[1] ?? m[2]) >= 2) found.push(`${file}: ${m[0]}`);
    }
    // A list of ids written in the form (steps, phases, places…): the view
    // gives them, or `every` lists a generated type's values.
    for (const m of line.matchAll(/\[\s*'[a-z_]+'\s*,\s*'[a-z_]+'|\[\s*\d+\s*,\s*\d+/g)) found.push(`${file}: ${m[0]}`);
    // An option whose value is a number written in the form.
    for (const m of line.matchAll(/<option value="(\d+)"/g)) found.push(`${file}: option ${m[1]}`);
    // A number or a list kept as a constant (MIN, MAX, a step list…).
    for (const m of line.matchAll(/^\s*(?:export\s+)?const\s+([A-Z][A-Z0-9_]*)\b[^=]*=\s*(?:-?\d|\[|\{|new Set\(\[)/g)) {
      found.push(`${file}: const ${m[1]}`);
    }
  }
  return found;
}

describe('no rule in a game’s forms', () => {
  const games = sources('games').filter((f) => !/\.test\.ts$|(^|\/)fixtures\.ts$|(^|\/)i18n\//.test(f) && !DRAWINGS.includes(f));

  it('finds no bound, count, number or list the rules should give', () => {
    const found = games.flatMap((file) => rulesIn(file, readFileSync(join(SRC, 'games', file), 'utf8')));
    expect(found.filter((f) => !(f in NOT_RULES))).toEqual([]);
  });

  it('names no exception that is gone', () => {
    const found = new Set(games.flatMap((file) => rulesIn(file, readFileSync(join(SRC, 'games', file), 'utf8'))));
    expect(Object.keys(NOT_RULES).filter((f) => !found.has(f))).toEqual([]);
  });

  it('finds what it looks for', () => {
    const form = [
      `  const MIN = 2;`,
      `  export const TRACK: readonly Step[] = ['event', 'assassin'];`,
      `{#if seats.length === 2}`,
      `{#if 5 > players.length}`,
      `<input type="number" min="1" max="6" />`,
      `<input type="number" min="0" max={view.max} />`,
      `<input min={2} />`,
      `<option value="1">1</option>`,
      `{#if seats.length > 0}`,
      `const steps: Step[] = ['intel', 'assassination', 'reveal'];`,
      `const spots = every<Spot>({ memory: true, shop: true });`,
      `{#each [0, 1, 2] as i (i)}`,
    ].join('\n');
    expect(rulesIn('f', form)).toEqual([
      'f: const MIN',
      "f: ['event', 'assassin'",
      'f: const TRACK',
      'f: .length === 2',
      'f: 5 > players.length',
      'f: max="6"',
      'f: min={2}',
      'f: option 1',
      "f: ['intel', 'assassination'",
      'f: [0, 1',
    ]);
  });
});
