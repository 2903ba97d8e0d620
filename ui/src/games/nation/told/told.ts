/**
 * Assassin Nation told back (issue 57): the rules crate's `Story`,
 * `Evening` and `Year` views, as the app's `GameTold` and `YearTold` carry
 * them (typed by ts-rs), and how a round is named on an axis and a table.
 */
import { t } from '$lib/i18n/index.svelte';
import type { GameTold, YearTold } from '$lib/ipc';
import type { Evening } from '$lib/ipc/types/nation/Evening';
import type { RoundPoint } from '$lib/ipc/types/nation/RoundPoint';
import type { Story } from '$lib/ipc/types/nation/Story';
import type { TargetTaken } from '$lib/ipc/types/nation/TargetTaken';
import type { Year } from '$lib/ipc/types/nation/Year';
import { targetLabel } from '../words';

export type { Evening, RoundPoint, Story, TargetTaken, Year };

/** The rules crate's story of a game of Assassin Nation (`told.game` is `nation`). */
export const storyOf = (told: GameTold): Story => told.told as Story;
export const eveningOf = (told: GameTold): Evening => told.told as Evening;
export const yearOf = (told: YearTold): Year => told.told as Year;

/** A point of the money's axis: the start, a round, or the round being played. */
export function roundName(point: Pick<RoundPoint, 'round' | 'ended'>): string {
  if (point.round === 0) return t('nation.told.start');
  return point.ended ? t('nation.told.round', { round: point.round }) : t('nation.told.round_now', { round: point.round });
}

/** A target taken, by its tile: its name once known, else its number. */
export const takenLabel = (taken: Pick<TargetTaken, 'target' | 'name'>): string => targetLabel({ id: taken.target, name: taken.name });

/** The targets taken in `round`, in the order they fell. */
export const takenIn = (story: Story, round: number): TargetTaken[] => story.targets.filter((taken) => taken.round === round);
