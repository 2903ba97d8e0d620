/** A memory in play's screens, on the shelf's routes (`$games/registry`). */
import { router } from '$lib/router.svelte';

const KIND = 'memory';

export const go = {
  /** The memory, remembered as played last. */
  game: (gameId: string): void => router.toScreen(KIND, gameId, 'memory', {}, true),
  history: (gameId: string): void => router.toScreen(KIND, gameId, 'game_history'),
};
