/**
 * "WINNING THE GAME" from the table's view: each player's tiles, Cash
 * Tokens, hit-list bonuses and Debt Tokens, their total, the players with
 * the most money, the winner or the duel. The view's `end_count` (the
 * rules crate's `EndCount`) is used when the backend sends it; without it,
 * the bonuses are not known to the screen and the totals leave them out.
 */
import type { NationView } from '$lib/ipc';
import type { EndCount } from '$lib/ipc/types/nation/EndCount';

export interface CountLine {
  seat: number;
  name: string;
  tiles: number[];
  tiles_value: number;
  cash: number;
  /** `null`: not known to the screen. */
  bonuses: number | null;
  debt: number;
  total: number;
  /** Whether the hit list was shown; `null`: not known to the screen. */
  shown: boolean | null;
}

export interface Count {
  lines: CountLine[];
  leaders: number[];
  winner: number | null;
  /** Hit lists still to show; `null`: not known to the screen. */
  missing: number[] | null;
  closed: boolean | null;
}

/** The view's end count, when the backend sends one. */
export function endCountOf(view: NationView): EndCount | null {
  const sent = view.end_count;
  return sent ?? null;
}

/** The most money, and who has it. */
export function leadersOf(totals: readonly number[]): number[] {
  if (totals.length === 0) return [];
  const best = Math.max(...totals);
  return totals.flatMap((total, seat) => (total === best ? [seat] : []));
}

export function countOf(view: NationView): Count {
  const sent = endCountOf(view);
  if (sent) {
    return {
      lines: sent.lines.map((l) => ({
        seat: l.seat,
        name: l.name,
        tiles: l.tiles,
        tiles_value: l.tiles_value,
        cash: l.cash,
        bonuses: l.bonuses,
        debt: l.debt,
        total: l.total,
        shown: l.hit_list !== null,
      })),
      leaders: sent.leaders,
      winner: sent.winner,
      missing: sent.missing_hit_lists,
      closed: sent.closed,
    };
  }
  const lines: CountLine[] = view.players.map((p) => ({
    seat: p.seat,
    name: p.name,
    tiles: p.tiles,
    tiles_value: p.tiles_value,
    cash: p.cash,
    bonuses: null,
    debt: p.debt,
    total: p.tiles_value + p.cash - p.debt,
    shown: null,
  }));
  // Without the bonuses the screen cannot tell who leads before the count
  // is closed; after it, the winner or the duel says.
  const leaders = view.duel ? view.duel.players : view.winner !== null ? [view.winner] : [];
  return {
    lines,
    leaders,
    winner: view.winner,
    missing: null,
    closed: view.winner !== null || view.duel !== null ? true : null,
  };
}
