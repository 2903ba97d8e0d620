/**
 * The interface's one road, kept by a test: the screens every game shares
 * (`src/lib`) reach a game only through the shelf (`src/games/registry.ts`,
 * the one place a kind is matched), as the app crate's `tests/structure.rs`
 * keeps it in Rust. The catalogue is the one exception: it gathers every
 * game's words (`lib/i18n/en.ts`, `fr.ts`), so that a language is one chunk.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = import.meta.dirname;
const CATALOGUES = ['i18n/en.ts', 'i18n/fr.ts'];

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
