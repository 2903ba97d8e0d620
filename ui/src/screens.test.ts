/**
 * The window's first screen (issue 31: start-up): main.ts mounts the app
 * once the code of the screen it opens on is here (./screens).
 */
import { describe, expect, it } from 'vitest';
import type { Route } from '$lib/router.svelte';
import { loadScreen, screens } from './screens';

describe('the screen the window opens on', () => {
  it('asks for nothing when it is in the bundle (the library, a diary)', async () => {
    await expect(loadScreen('library')).resolves.toBe(false);
    await expect(loadScreen('diary')).resolves.toBe(false);
  });

  it("loads a game's own screen, the one the app then draws", async () => {
    await expect(loadScreen('risk')).resolves.toBe(true);
    await expect(loadScreen('game_history')).resolves.toBe(true);
    // Each route's chunk is its own screen, not another's.
    const own: [keyof typeof screens, string][] = [
      ['risk', 'RiskGame'],
      ['riskSheet', 'RiskSheet'],
      ['nation', 'NationGame'],
      ['memory', 'MemoryGame'],
      ['board', 'Board'],
      ['hq', 'Hq'],
      ['sheet', 'Sheet'],
      ['history', 'History'],
    ];
    const expected: Record<string, () => Promise<{ default: unknown }>> = {
      RiskGame: () => import('$games/risk/RiskGame.svelte'),
      RiskSheet: () => import('$games/risk/RiskSheet.svelte'),
      NationGame: () => import('$games/nation/NationGame.svelte'),
      MemoryGame: () => import('$games/memory/MemoryGame.svelte'),
      Board: () => import('$games/bov/screens/Board.svelte'),
      Hq: () => import('$games/bov/screens/Hq.svelte'),
      Sheet: () => import('$games/bov/screens/Sheet.svelte'),
      History: () => import('$lib/screens/History.svelte'),
    };
    for (const [route, component] of own) {
      expect((await screens[route]()).default, route).toBe((await expected[component]()).default);
    }
    // Every screen's code is compiled on first import: slow on a loaded machine.
  }, 60_000);

  it('never holds the start on a screen it cannot load', async () => {
    // A route this build does not know (an older window's remembered one).
    await expect(loadScreen('chess' as Route['name'])).resolves.toBe(false);
  });
});
