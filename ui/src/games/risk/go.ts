/** A RISK Assassin's Creed game's screens, on the shelf's routes (`$games/registry`). */
import { router } from '$lib/router.svelte';

const KIND = 'risk';

export const go = {
  /** The game, remembered as played last. */
  game: (gameId: string): void => router.toScreen(KIND, gameId, 'risk', {}, true),
  sheet: (gameId: string): void => router.toScreen(KIND, gameId, 'risk_sheet'),
  history: (gameId: string): void => router.toScreen(KIND, gameId, 'game_history'),
  /** The game told back, turn by turn (issue 57). */
  story: (gameId: string): void => router.toScreen(KIND, gameId, 'story'),
};
