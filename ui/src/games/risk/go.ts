/** A RISK Assassin's Creed game's screens, on the shelf's routes (`$games/registry`). */
import { router } from '$lib/router.svelte';
import { gameOpen, gameStory, type RiskView } from '$lib/ipc';
import { showWhenAnswered } from '$lib/told/ahead';

const KIND = 'risk';

/** The story's answers asked as its button is clicked ($lib/told/ahead): the story, and the game's screen for its names. */
export const storyAhead = (gameId: string): string => `${KIND}:story:${gameId}`;

/** The story screen's code (fetched ahead when the game's screen is idle: `codeWhenIdle`). */
export const storyCode = (): Promise<unknown> => import('./told/Story.svelte');

/**
 * The story's code fetched, then the story drawn once out of sight on `view`'s
 * territories (`$lib/told/warm`): its first opening as quick as the next.
 */
export const storyWarm = (view: () => RiskView | null) => (): Promise<unknown> =>
  import('./told/warm').then(({ warmStory }) => {
    const shown = view();
    if (shown) warmStory(shown);
  });

export const go = {
  /** The game, remembered as played last. */
  game: (gameId: string): void => router.toScreen(KIND, gameId, 'risk', {}, true),
  sheet: (gameId: string): void => router.toScreen(KIND, gameId, 'risk_sheet'),
  history: (gameId: string): void => router.toScreen(KIND, gameId, 'game_history'),
  /** The game told back, turn by turn (issue 57), once its answers are in. */
  story: (gameId: string): void =>
    showWhenAnswered(
      storyAhead(gameId),
      () => Promise.all([gameStory(gameId), gameOpen(gameId)]),
      () => router.toScreen(KIND, gameId, 'story'),
      storyCode,
    ),
};
