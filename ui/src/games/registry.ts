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
   * How a step's param is said in its history, for the game `gameId`
   * (RISK Assassin's Creed names territories and brotherhoods as its map
   * does); a param as written when the game says nothing of it.
   */
  historyParams?: (gameId: string) => Promise<(name: string, value: string) => string>;
}

export const SHELF = {
  bov: {
    campaign: true,
    open: (id, name) => router.toDiary(id, name),
    box: 'create.box_bov',
  },
  risk: {
    campaign: false,
    open: (id) => router.toGame('risk', id),
    box: 'risk.box',
    newGame: () => import('$games/risk/NewRiskGame.svelte'),
    historyParams: async (gameId) => {
      const [{ riskOpen }, words] = await Promise.all([import('$lib/ipc'), import('$games/risk/words')]);
      const view = (await riskOpen(gameId)).view;
      return (name, value) => (words.isColour(value) ? words.brotherhood(view, value) : words.paramWords(view, name, value));
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
