/**
 * A seat's page on a player's phone (issue 32): the seat server the app
 * runs on the local network, reached by the page's own address
 * (`/s/<token>`), never by Tauri's IPC (a phone has none). What the seat
 * sees comes whole at once (`/s/<token>/view`), then again after each change
 * on the host, as server-sent events (`/s/<token>/live`); a phone that slept
 * picks up again, reconnecting with backoff. The phone's device secret (a
 * cookie the server gives with the page) goes with each request: the first
 * device that opens a seat's link holds it (issue 56).
 */
import { seal, seatKeys, unseal } from './seal';
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
export type SeatRefusal = 'seat_closed' | 'seat_taken' | 'seat_no_device' | 'slow_down' | 'unreachable' | string;

/** What the seat page follows: the seat's answers and refusals as they come. */
export interface SeatFeed {
  close(): void;
}

/**
 * The seat a page was opened for: where its requests go (`/s/<id>`, the
 * id derived from the link's secret) and the key its bytes are sealed
 * with. The secret itself is the link's fragment, which the browser never
 * sends (issue 56).
 */
export interface SeatLink {
  base: string;
  key: Uint8Array;
}

/** The seat of the page's address (its fragment: the link's secret); `null` for a link that carries none. */
export function seatLink(location: { hash: string }): SeatLink | null {
  const keys = seatKeys(location.hash.replace(/^#/, ''));
  return keys ? { base: `/s/${keys.id}`, key: keys.key } : null;
}

/** A body the seat server sent: opened when sealed with the seat's key (`null` when it does not open). */
function opened(link: SeatLink, body: unknown): unknown {
  if (body && typeof body === 'object' && 'sealed' in body) {
    const plain = typeof body.sealed === 'string' ? unseal(link.key, 'answer', body.sealed) : null;
    return plain === null ? null : JSON.parse(plain);
  }
  return body;
}

/** The code of a refusal's body, or why none could be read. */
function codeOf(body: unknown): SeatRefusal {
  return body && typeof body === 'object' && 'code' in body && typeof body.code === 'string' ? body.code : 'unreachable';
}

/** The seat's view now. */
export async function seatView(link: SeatLink): Promise<SeatAnswer | { refused: SeatRefusal }> {
  try {
    const response = await fetch(`${link.base}/view`, { cache: 'no-store' });
    const body = opened(link, await response.json());
    if (!response.ok || body === null) return { refused: codeOf(body) };
    return body as SeatAnswer;
  } catch {
    return { refused: 'unreachable' };
  }
}

let lastNumber = 0;
/** The number of the seat's next action: the clock in milliseconds, always rising (the server refuses one sent again). */
function nextNumber(): number {
  lastNumber = Math.max(Date.now(), lastNumber + 1);
  return lastNumber;
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
export async function seatAct(link: SeatLink, action: SeatAction): Promise<SeatAnswer | SeatActRefusal | { taken: true }> {
  try {
    const sealed = seal(link.key, 'act', JSON.stringify({ n: nextNumber(), action }));
    const response = await fetch(`${link.base}/act`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ sealed }),
      cache: 'no-store',
    });
    const body = opened(link, await response.json());
    if (response.status === 202) return { taken: true };
    if (!response.ok || body === null) {
      const violations = body && typeof body === 'object' && 'violations' in body ? body.violations : [];
      return { refused: codeOf(body), violations: Array.isArray(violations) ? (violations as Violation[]) : [] };
    }
    return body as SeatAnswer;
  } catch {
    return { refused: 'unreachable', violations: [] };
  }
}

/** The refusals after which a page stops asking: the table closed, the seat another phone's, no device. */
export const FINAL_REFUSALS: readonly SeatRefusal[] = ['seat_closed', 'no_such_seat', 'seat_taken', 'seat_no_device'];

/**
 * How long the page waits before its `attempt`-th try to follow the seat
 * again (issue 56: "the phone reconnecting with backoff"): a moment at
 * first, twice as long each time after, at most 30 s, a fifth either way
 * at random so the phones of a table do not all come back at once.
 */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 300 * 2 ** Math.max(0, attempt));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** A stream that lasted this long was no failure: the next one starts from the first delay again. */
const STEADY_MS = 10_000;

/**
 * Follows the seat live: `onView` with each new view, `onRefused` when the
 * table was closed, the seat is another phone's, or the game cannot be
 * read. A stream that stops (the computer asleep, the phone off the
 * network, a newer page of the seat taking its place) is followed again
 * after [`retryDelay`], longer after each failure; at once when the page
 * is looked at again. The browser's own reconnecting is not used (it
 * retries every few seconds forever).
 */
export function followSeat(
  link: SeatLink,
  onView: (answer: SeatAnswer) => void,
  onRefused: (code: SeatRefusal) => void,
): SeatFeed {
  let source: EventSource | null = null;
  let stopped = false;
  let attempt = 0;
  let openedAt = 0;
  let retry: ReturnType<typeof setTimeout> | null = null;
  // The view asked again: the answer is shown, or the refusal; a table
  // still open is followed again.
  const resync = async () => {
    retry = null;
    const answer = await seatView(link);
    if (stopped) return;
    if ('refused' in answer) {
      onRefused(answer.refused);
      if (FINAL_REFUSALS.includes(answer.refused)) stop();
      else later();
      return;
    }
    onView(answer);
    if (source === null) open();
  };
  const later = () => {
    if (stopped || retry !== null) return;
    retry = setTimeout(() => void resync(), retryDelay(attempt));
    attempt += 1;
  };
  const open = () => {
    source?.close();
    openedAt = Date.now();
    const stream = new EventSource(`${link.base}/live`);
    source = stream;
    // Each event sealed with the seat's key: one that does not open is dropped.
    const read = (event: Event): unknown => {
      const plain = unseal(link.key, 'answer', String((event as MessageEvent).data));
      return plain === null ? null : JSON.parse(plain);
    };
    stream.addEventListener('view', (event) => {
      const answer = read(event);
      if (answer !== null) onView(answer as SeatAnswer);
    });
    stream.addEventListener('refused', (event) => onRefused(codeOf(read(event))));
    // The stream stopped: closed here (no reconnecting by the browser),
    // asked again after a while to know why.
    stream.onerror = () => {
      stream.close();
      if (source !== stream) return;
      source = null;
      if (Date.now() - openedAt >= STEADY_MS) attempt = 0;
      later();
    };
  };
  // A phone that slept: the view asked again as soon as it is looked at.
  const wake = () => {
    if (document.visibilityState !== 'visible' || stopped) return;
    if (retry !== null) clearTimeout(retry);
    void resync();
  };
  const stop = () => {
    stopped = true;
    if (retry !== null) clearTimeout(retry);
    retry = null;
    source?.close();
    source = null;
    document.removeEventListener('visibilitychange', wake);
  };
  open();
  document.addEventListener('visibilitychange', wake);
  return { close: stop };
}
