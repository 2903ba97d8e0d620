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
import { router } from '$lib/router.svelte';
import type { HistoryLink, HistoryWords } from '$lib/history/words';

/** A box's new-game form: it says when the game is made. */
type NewGameForm = Component<{ oncreated: (game: { id: string }) => void }>;

export interface ShelfGame {
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
}

export const SHELF = {
  bov: {
    campaign: true,
    open: (id, name) => router.toDiary(id, name),
    box: 'create.box_bov',
    history: async () => (await import('$games/bov/history-words')).campaignWords,
    historyLinks: (id) => [
      { label: 'history.to_diary', testid: 'history-to-diary', go: () => router.toDiary(id) },
      { label: 'history.to_board', testid: 'history-to-board', go: () => router.toBoard(id) },
    ],
  },
  risk: {
    campaign: false,
    open: (id) => router.toGame('risk', id),
    box: 'risk.box',
    newGame: () => import('$games/risk/NewRiskGame.svelte'),
    history: async (gameId) => {
      const [{ riskOpen }, words, { gameWords }] = await Promise.all([
        import('$lib/ipc'),
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
    campaign: false,
    open: (id) => router.toGame('nation', id),
    box: 'nation.box',
    newGame: () => import('$games/nation/NewNationGame.svelte'),
  },
  memory: {
    campaign: false,
    open: (id) => router.toMemory(id),
  },
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
