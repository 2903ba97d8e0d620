/**
 * The screens that are chunks of their own. The library and the diary are
 * in the app's bundle (the app starts in the campaign played last, or on the
 * library); every other screen loads when first opened, so that the window
 * shows sooner (each is fetched from the app itself). App.svelte draws each
 * route's screen: a route added there is added to `CHUNK` below too (the
 * compiler asks for every route).
 */
import type { Route } from '$lib/router.svelte';

export const screens = {
  board: () => import('$games/bov/screens/Board.svelte'),
  hq: () => import('$games/bov/screens/Hq.svelte'),
  sheet: () => import('$games/bov/screens/Sheet.svelte'),
  history: () => import('$lib/screens/History.svelte'),
  risk: () => import('$games/risk/RiskGame.svelte'),
  riskSheet: () => import('$games/risk/RiskSheet.svelte'),
  nation: () => import('$games/nation/NationGame.svelte'),
  memory: () => import('$games/memory/MemoryGame.svelte'),
};

/** The chunk each route's screen is in; none for the screens in the bundle. */
const CHUNK: Record<Route['name'], (() => Promise<unknown>) | null> = {
  library: null,
  diary: null,
  board: screens.board,
  hq: screens.hq,
  sheet: screens.sheet,
  history: screens.history,
  risk: screens.risk,
  risk_sheet: screens.riskSheet,
  nation: screens.nation,
  memory: screens.memory,
  game_history: screens.history,
};

/**
 * Asks for the chunk of the screen `route` opens on, if it is one: the
 * window's first screen (main.ts), so that the app mounts once its code is
 * here and draws the game in its first frame, rather than a frame of the
 * header alone before the chunk is even asked for (issue 31: start-up). The
 * answer resolves when the chunk has run, and never rejects: a chunk that
 * cannot be loaded (it is built into the app: only a broken build) does not
 * hold the start, and App.svelte asks for it again. True when a chunk was
 * loaded.
 */
export function loadScreen(route: Route['name']): Promise<boolean> {
  const load = Object.hasOwn(CHUNK, route) ? CHUNK[route] : null;
  return load === null
    ? Promise.resolve(false)
    : load().then(
        () => true,
        () => false,
      );
}
