/** A campaign's screens, on the shelf's routes (`$games/registry`). */
import { router } from '$lib/router.svelte';
import { resumeDiary } from '$games/bov/ipc';
import { gameStory } from '$lib/ipc';
import { showWhenAnswered } from '$lib/told/ahead';

export type SheetKind = 'pack_up' | 'set_up';

const KIND = 'bov';

/** The story's answer asked as its button is clicked ($lib/told/ahead). */
export const storyAhead = (campaignId: string): string => `${KIND}:story:${campaignId}`;

/** The story screen's code (fetched ahead when the game's screen is idle: `codeWhenIdle`). */
export const storyCode = (): Promise<unknown> => import('./story/Story.svelte');

export const go = {
  /** The campaign's diary, remembered as played last. */
  diary: (campaignId: string, campaignName?: string): void =>
    router.toScreen(KIND, campaignId, 'diary', campaignName === undefined ? {} : { name: campaignName }, true),
  board: (campaignId: string): void => router.toScreen(KIND, campaignId, 'board'),
  hq: (campaignId: string): void => router.toScreen(KIND, campaignId, 'hq'),
  sheet: (campaignId: string, kind: SheetKind): void => router.toScreen(KIND, campaignId, 'sheet', { kind }),
  history: (campaignId: string): void => router.toScreen(KIND, campaignId, 'history'),
  /** The history, scrolled to the entry `seq` and marked (from the story). */
  historyAt: (campaignId: string, seq: number): void =>
    router.toScreen(KIND, campaignId, 'history', { seq: String(seq) }),
  /** The campaign told back (issue 57), once its answer is in. */
  story: (campaignId: string): void =>
    showWhenAnswered(
      storyAhead(campaignId),
      () => gameStory(campaignId),
      () => router.toScreen(KIND, campaignId, 'story'),
      storyCode,
    ),
  /** The diary the window started on: what the command sent at start answered. */
  resumed: resumeDiary,
};
