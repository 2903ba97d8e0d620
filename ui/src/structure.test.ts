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

/** Every source of `dir`, relative to it. */
function sources(dir: string): string[] {
  return readdirSync(join(SRC, dir), { recursive: true, encoding: 'utf8' }).filter((f) => /\.(ts|svelte)$/.test(f));
}

/** The modules a source imports (static and lazy). */
function imports(text: string): string[] {
  return [...text.matchAll(/(?:from\s+|import\s*\(\s*)['"]([^'"]+)['"]/g)].map((m) => m[1]);
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
    expect(imports(`import { a } from '$games/registry';\nconst b = () => import('$games/risk/words');`)).toEqual([
      '$games/registry',
      '$games/risk/words',
    ]);
    expect(sources('lib')).toContain('screens/Library.svelte');
  });

  it('matches no game by its kind in the shared screens', () => {
    const found: string[] = [];
    for (const file of sources('lib/screens')) {
      const text = readFileSync(join(SRC, 'lib', 'screens', file), 'utf8');
      if (/===\s*'(bov|risk|nation|memory)'|'(bov|risk|nation|memory)'\s*===/.test(text)) found.push(`lib/screens/${file}`);
    }
    expect(found).toEqual([]);
  });
});
