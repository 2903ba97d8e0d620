/**
 * A seat's page on a player's phone (issue 32): the seat server the app
 * runs on the local network, reached by the page's own address
 * (`/s/<token>`), never by Tauri's IPC (a phone has none). What the seat
 * sees comes whole at once (`/s/<token>/view`), then again after each change
 * on the host, as server-sent events (`/s/<token>/live`); a phone that slept
 * picks up again, the browser reconnecting by itself.
 */
import type { SeatAnswer } from './types/SeatAnswer';
import type { Violation } from './types/Violation';
import type { RiskSeatAction } from './types/risk/RiskSeatAction';
import type { Command as NationCommand } from './types/nation/Command';

export type { SeatAnswer } from './types/SeatAnswer';
export type { Seat } from './types/Seat';
export type { RiskSeatAction } from './types/risk/RiskSeatAction';
export type { SeatView as RiskSeatView } from './types/risk/SeatView';
export type { SeatView as NationSeatView } from './types/nation/SeatView';
export type { BovSeatView } from './types/bov/BovSeatView';
export type { MemorySeatView } from './types/memory/MemorySeatView';

/** Why a seat's page shows no game: the server's refusal code. */
export type SeatRefusal = 'seat_closed' | 'slow_down' | 'unreachable' | string;

/** What the seat page follows: the seat's answers and refusals as they come. */
export interface SeatFeed {
  close(): void;
}

/** The address the page was opened at, without a trailing slash. */
export function seatBase(pathname: string): string {
  return pathname.replace(/\/+$/, '');
}

/** The seat's view now. */
export async function seatView(base: string): Promise<SeatAnswer | { refused: SeatRefusal }> {
  try {
    const response = await fetch(`${base}/view`, { cache: 'no-store' });
    const body = await response.json();
    if (!response.ok) return { refused: typeof body?.code === 'string' ? body.code : 'unreachable' };
    return body as SeatAnswer;
  } catch {
    return { refused: 'unreachable' };
  }
}

/**
 * What a seat may ask from its phone: its game's own seat action (RISK's),
 * or the window's own command for the seat's player (Assassin Nation's
 * attempt, declared or taken back, and hit list kept; the host takes the
 * seat's player whatever it names).
 */
export type SeatAction = RiskSeatAction | Extract<NationCommand, { type: 'declare_attempt' | 'withdraw_attempt' | 'pass_attempt' | 'keep_hit_list' }>;

/** A seat's action refused: the code, and the rules it broke (its own action's only). */
export interface SeatActRefusal {
  refused: SeatRefusal;
  violations: Violation[];
}

/**
 * Asks for `action` as the seat (`/s/<token>/act`): the host decides it by
 * the game's rules, as the window's own commands; the seat's view after it,
 * or why not; or only that it was taken, when the view after it could not
 * be read (the live view brings it).
 */
export async function seatAct(base: string, action: SeatAction): Promise<SeatAnswer | SeatActRefusal | { taken: true }> {
  try {
    const response = await fetch(`${base}/act`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(action),
      cache: 'no-store',
    });
    const body = await response.json();
    if (response.status === 202) return { taken: true };
    if (!response.ok) {
      return {
        refused: typeof body?.code === 'string' ? body.code : 'unreachable',
        violations: Array.isArray(body?.violations) ? (body.violations as Violation[]) : [],
      };
    }
    return body as SeatAnswer;
  } catch {
    return { refused: 'unreachable', violations: [] };
  }
}

/**
 * Follows the seat live: `onView` with each new view, `onRefused` when the
 * table was closed or the game cannot be read.
 */
export function followSeat(
  base: string,
  onView: (answer: SeatAnswer) => void,
  onRefused: (code: SeatRefusal) => void,
): SeatFeed {
  let source: EventSource | null = null;
  let stopped = false;
  const closed = (code: SeatRefusal) => code === 'seat_closed' || code === 'no_such_seat';
  // The view asked again: the answer is shown, or the refusal; a table
  // still open is followed again when the stream had stopped.
  const resync = async () => {
    const answer = await seatView(base);
    if (stopped) return;
    if ('refused' in answer) {
      onRefused(answer.refused);
      if (closed(answer.refused)) stop();
      return;
    }
    onView(answer);
    if (source === null || source.readyState === EventSource.CLOSED) open();
  };
  const open = () => {
    source?.close();
    source = new EventSource(`${base}/live`);
    source.addEventListener('view', (event) => onView(JSON.parse((event as MessageEvent).data) as SeatAnswer));
    source.addEventListener('refused', (event) => {
      const error = JSON.parse((event as MessageEvent).data) as { code?: string };
      onRefused(error.code ?? 'unreachable');
    });
    // The stream stopped (the table closed, the computer asleep, the phone
    // off the network): asked again to know which; the browser reconnects
    // by itself while it can.
    source.onerror = () => void resync();
  };
  // A phone that slept: the view asked again as soon as it is looked at.
  const wake = () => {
    if (document.visibilityState === 'visible') void resync();
  };
  const stop = () => {
    stopped = true;
    source?.close();
    document.removeEventListener('visibilitychange', wake);
  };
  open();
  document.addEventListener('visibilitychange', wake);
  return { close: stop };
}
