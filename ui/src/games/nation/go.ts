/** An Assassin Nation game's screens, on the shelf's routes (`$games/registry`). */
import { router } from '$lib/router.svelte';

const KIND = 'nation';

export const go = {
  /** The game, remembered as played last. */
  game: (gameId: string): void => router.toScreen(KIND, gameId, 'nation', {}, true),
  history: (gameId: string): void => router.toScreen(KIND, gameId, 'game_history'),
  /** The game told back: its money round by round and its count (issue 57). */
  story: (gameId: string): void => router.toScreen(KIND, gameId, 'story'),
};
