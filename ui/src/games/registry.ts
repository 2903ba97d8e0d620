/**
 * The games on the shelf, by the kind the library records for each (`game`
 * in a `CampaignSummary`): the one place the interface matches a kind, as
 * `crates/bagless-app/src/games/registry.rs` is in Rust. The screens every
 * game shares (`$lib`: the library, a game's history, the drop of a file)
 * reach a game only through here; each game's own screens, parts and store
 * are its folder's.
 *
 * Adding a game: its folder, one entry below, its words in the catalogue.
 */
import type { Component } from 'svelte';
import type { GameRoute } from '$lib/router.svelte';
import type { HistoryLink, HistoryWords } from '$lib/history/words';
import type { GameTold, YearTold } from '$lib/ipc';
import { go as bov } from './bov/go';
import { go as risk } from './risk/go';
import { go as nation } from './nation/go';
import { go as memory } from './memory/go';
import { testGames } from './dice_race/shelf';
import type { Command as BovCommand, MemoryCommand, NationCommand, RiskCommand } from '$lib/ipc';

/**
 * Each game's commands, by its kind: what `GameCommand` (the one command
 * set's, `game_create` and `game_act`) is made of. A game's folder tags its
 * own (`$games/<kind>/ipc.ts`).
 */
interface Commands {
  bov: BovCommand;
  risk: RiskCommand;
  nation: NationCommand;
  memory: MemoryCommand;
}
/** A command of any game, with the game it is for (`GameCommand` in Rust). */
export type GameCommand = { [K in keyof Commands]: { game: K; command: Commands[K] } }[keyof Commands];

/** A box's new-game form: it says when the game is made. */
type NewGameForm = Component<{ oncreated: (game: { id: string }) => void }>;

/**
 * One of a game's screens: its code (a chunk of its own, loaded when first
 * opened, or asked for before the window's first frame when the window
 * starts on it) and what it is drawn with, from its route.
 */
export interface ShelfScreen {
  // A screen's props are its own: each entry gives them from the route.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  load: () => Promise<{ default: Component<any> }>;
  props: (route: GameRoute) => Record<string, unknown>;
}

/** Every game's history: the one screen for all, in each game's words (scrolled to the entry `seq` when the route names one). */
const history: ShelfScreen = {
  load: () => import('$lib/screens/History.svelte'),
  props: (route) => ({ game: route.kind, gameId: route.gameId, seq: route.params.seq }),
};

/** A screen drawn with its game's id alone, as `gameId`. */
const byId = (load: ShelfScreen['load']): ShelfScreen => ({ load, props: (route) => ({ gameId: route.gameId }) });

export interface ShelfGame {
  /**
   * Its screens, by name (the route's `screen`, and the window's
   * `screen-<name>` test id); the first is the one a game opens on.
   */
  screens: Record<string, ShelfScreen>;
  /**
   * Its games are campaigns (Brotherhood of Venice's): the library says
   * "campaign" and counts their XP; the other boxes' are games.
   */
  campaign: boolean;
  /** Opens one of its games, remembered as played last. */
  open: (id: string, name?: string) => void;
  /** The key of the box's name in the catalogue, for the new-game panel. */
  box?: string;
  /** Its new-game form, loaded when chosen (a campaign's is the library's own; a memory in play starts from its diary). */
  newGame?: () => Promise<{ default: NewGameForm }>;
  /**
   * How its history says a line, for the game `gameId`: a campaign's words
   * its cards and places; RISK Assassin's Creed names territories and
   * brotherhoods as its map does. Without it, `<kind>.history.<key>` of the
   * catalogue, params as written.
   */
  history?: (gameId: string) => Promise<HistoryWords>;
  /** Where its history's header leads (its own screens); without it, back to the game. */
  historyLinks?: (gameId: string) => HistoryLink[];
  /**
   * The game told back (issue 57), each a chunk of its own: its evening's
   * card (what was played of it since a time: the evening's summary, its
   * print and its picture draw one per game played), and what a year of its
   * games adds up to (the library's year). Its story is one of `screens`
   * (`story`).
   */
  evening?: () => Promise<{ default: Component<{ told: GameTold }> }>;
  year?: () => Promise<{ default: Component<{ told: YearTold }> }>;
  /**
   * Its seat page on a player's phone (`src/seat/SeatPage.svelte`), a chunk
   * of its own: drawn with the seat's `view` (its rules' seat view), `act`
   * (sends a seat's action, true when taken) and `acting`.
   */
  // A seat page's view is its game's own.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  seat?: () => Promise<{ default: Component<any> }>;
}

export const SHELF = {
  bov: {
    screens: {
      diary: {
        load: () => import('$games/bov/screens/Diary.svelte'),
        props: (route) => ({
          campaignId: route.gameId,
          campaignName: route.params.name,
          resumed: route.resumed ? bov.resumed(route.gameId) : null,
        }),
      },
      board: { load: () => import('$games/bov/screens/Board.svelte'), props: (route) => ({ campaignId: route.gameId }) },
      hq: { load: () => import('$games/bov/screens/Hq.svelte'), props: (route) => ({ campaignId: route.gameId }) },
      sheet: {
        load: () => import('$games/bov/screens/Sheet.svelte'),
        props: (route) => ({ campaignId: route.gameId, kind: route.params.kind }),
      },
      history,
      story: { load: () => import('$games/bov/story/Story.svelte'), props: (route) => ({ campaignId: route.gameId }) },
    },
    seat: () => import('$games/bov/BovSeat.svelte'),
    campaign: true,
    open: (id, name) => bov.diary(id, name),
    box: 'create.box_bov',
    history: async () => (await import('$games/bov/history-words')).campaignWords,
    historyLinks: (id) => [
      { label: 'history.to_diary', testid: 'history-to-diary', go: () => bov.diary(id) },
      { label: 'history.to_board', testid: 'history-to-board', go: () => bov.board(id) },
      { label: 'bov_story.open', testid: 'history-to-story', go: () => bov.story(id) },
    ],
    evening: () => import('$games/bov/story/Evening.svelte'),
    year: () => import('$games/bov/story/Year.svelte'),
  },
  risk: {
    screens: {
      risk: byId(() => import('$games/risk/RiskGame.svelte')),
      risk_sheet: byId(() => import('$games/risk/RiskSheet.svelte')),
      game_history: history,
      story: byId(() => import('$games/risk/told/Story.svelte')),
    },
    campaign: false,
    open: (id) => risk.game(id),
    box: 'risk.box',
    newGame: () => import('$games/risk/NewRiskGame.svelte'),
    seat: () => import('$games/risk/RiskSeat.svelte'),
    evening: () => import('$games/risk/told/Evening.svelte'),
    year: () => import('$games/risk/told/Year.svelte'),
    history: async (gameId) => {
      const [{ riskOpen }, words, { gameWords }] = await Promise.all([
        import('$games/risk/ipc'),
        import('$games/risk/words'),
        import('$lib/history/words'),
      ]);
      const view = (await riskOpen(gameId)).view;
      return gameWords('risk', (name, value) =>
        words.isColour(value) ? words.brotherhood(view, value) : words.paramWords(view, name, value),
      );
    },
  },
  nation: {
    screens: {
      nation: byId(() => import('$games/nation/NationGame.svelte')),
      game_history: history,
      story: byId(() => import('$games/nation/told/Story.svelte')),
    },
    campaign: false,
    open: (id) => nation.game(id),
    box: 'nation.box',
    newGame: () => import('$games/nation/NewNationGame.svelte'),
    historyLinks: (id) => [
      { label: 'game_history.back_to_game', testid: 'history-to-game', go: () => nation.game(id) },
      { label: 'nation.told.to_story', testid: 'history-to-story', go: () => nation.story(id) },
    ],
    evening: () => import('$games/nation/told/Evening.svelte'),
    year: () => import('$games/nation/told/Year.svelte'),
    seat: () => import('$games/nation/NationSeat.svelte'),
  },
  memory: {
    screens: { memory: byId(() => import('$games/memory/MemoryGame.svelte')), game_history: history },
    campaign: false,
    open: (id) => memory.game(id),
    seat: () => import('$games/memory/MemorySeat.svelte'),
  },
  // The test builds' dice race (`make ui-e2e`), never in the app's bundle.
  ...(import.meta.env.MODE === 'e2e' ? testGames() : {}),
} satisfies Record<string, ShelfGame>;

export type Kind = keyof typeof SHELF;

/** The game of `kind`; `null` for a kind this version does not know. */
export function gameOf(kind: string): ShelfGame | null {
  return Object.hasOwn(SHELF, kind) ? SHELF[kind as Kind] : null;
}

/** The boxes a game is started from in the library, campaigns first. */
export const STARTED_IN_LIBRARY: readonly Kind[] = (Object.keys(SHELF) as Kind[]).filter(
  (kind) => SHELF[kind].campaign || 'newGame' in SHELF[kind],
);

/**
 * The kind of a game remembered without one: the first builds remembered
 * only campaigns, by their id alone.
 */
const REMEMBERED_WITHOUT_KIND: Kind = (Object.keys(SHELF) as Kind[]).find((kind) => SHELF[kind].campaign)!;

/**
 * The game and screen a route draws (a route without a screen: the game's
 * first), or null for a kind or screen this version does not know.
 */
export function screenOf(route: GameRoute): { name: string; screen: ShelfScreen } | null {
  const game = gameOf(route.kind === '' ? REMEMBERED_WITHOUT_KIND : route.kind);
  if (game === null) return null;
  const name = route.screen === '' ? Object.keys(game.screens)[0] : route.screen;
  return Object.hasOwn(game.screens, name) ? { name, screen: game.screens[name] } : null;
}
