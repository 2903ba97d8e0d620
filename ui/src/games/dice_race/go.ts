/** The dice race's screens, on the shelf's routes (`$games/registry`). */
import { router } from '$lib/router.svelte';

/** The kind the library records for a dice race (`crates/bagless-app/src/games/dice_race.rs`). */
export const KIND = 'dice_race';

export const go = {
  /** The race, remembered as played last. */
  race: (gameId: string): void => router.toScreen(KIND, gameId, 'race', {}, true),
  history: (gameId: string): void => router.toScreen(KIND, gameId, 'game_history'),
};
