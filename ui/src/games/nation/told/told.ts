/**
 * Assassin Nation told back (issue 57): the rules crate's `Story`,
 * `Evening` and `Year` views, as the app's `GameTold` and `YearTold` carry
 * them (typed by ts-rs), and how a round is named on an axis and a table.
 */
import { t } from '$lib/i18n/index.svelte';
import './i18n/bring'; // the words it says, brought before its first t
import type { GameTold, YearTold } from '$lib/ipc';
import type { Evening } from '$lib/ipc/types/nation/Evening';
import type { RoundPoint } from '$lib/ipc/types/nation/RoundPoint';
import type { Story } from '$lib/ipc/types/nation/Story';
import type { TargetTaken } from '$lib/ipc/types/nation/TargetTaken';
import type { Year } from '$lib/ipc/types/nation/Year';
import type { Axis, Mark, Series } from '$lib/charts';
import { money, targetLabel } from '../words';

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

/** A point's tick on the chart's axis: the start, a round's number (`3…` while it is played). */
export function roundTick(point: Pick<RoundPoint, 'round' | 'ended'>): string {
  if (point.round === 0) return t('nation.told.start');
  return point.ended ? String(point.round) : t('nation.told.round_tick_now', { round: point.round });
}

/** A target taken, by its tile: its name once known, else its number. */
export const takenLabel = (taken: Pick<TargetTaken, 'target' | 'name'>): string => targetLabel({ id: taken.target, name: taken.name });

/** The targets taken in `round`, in the order they fell. */
export const takenIn = (story: Story, round: number): TargetTaken[] => story.targets.filter((taken) => taken.round === round);

/** Each player's colour and dash on the money chart, by seat: they differ by more than colour. */
const COLOURS = ['#8c2f23', '#1f5f8b', '#3f6b2a', '#9a7328', '#6b3f8c', '#2a6b66'];
const DASHES = [undefined, '7 3', '2 3', '9 3 2 3', '4 4', '1 3'];

/**
 * The money chart, drawn from the story alone: one point per round (the
 * start first), one line per player (their money as the table counts it),
 * a mark where each target was taken, on its round's point.
 */
export function moneyChart(story: Story): { axis: Axis; series: Series[]; marks: Mark[] } {
  // Short ticks ("Start", "1", "2"…) under the axis's name ("Round"): the
  // twin's rows say each in full.
  const axis: Axis = { name: t('nation.told.round_axis'), points: story.rounds.map(roundTick) };
  const series: Series[] = story.players.map((label, seat) => ({
    id: `seat-${seat}`,
    label,
    colour: COLOURS[seat % COLOURS.length],
    dash: DASHES[seat % DASHES.length],
    values: story.rounds.map((point) => point.money.find((m) => m.seat === seat)?.running ?? null),
  }));
  const marks: Mark[] = story.targets.flatMap((taken) => {
    // The round's point: its end, or the round as it stands.
    const index = story.rounds.findIndex((point) => point.round === taken.round);
    if (index < 0) return [];
    return [{ series: `seat-${taken.player}`, index, label: t('nation.told.mark', { target: takenLabel(taken), amount: money(taken.gained) }), data: taken }];
  });
  return { axis, series, marks };
}
