/**
 * Handing a game over to another Bagless on the same network, without a
 * file: the window offers one game at a time behind a one-time code (a new
 * offer withdraws the one before), and withdraws it when its panel closes.
 * The offers and withdrawals go to the backend one after the other, in the
 * order they were asked: a panel closed as another opens withdraws its own
 * offer, never the next one.
 */
import { handoverOffer, handoverWithdraw, type CampaignId, type HandoverTicket } from '$lib/ipc';

/** How often the sending panel asks whether the other Bagless took the game. */
export const STATUS_MS = 1500;

let queue: Promise<unknown> = Promise.resolve();

/** `work` once every offer or withdrawal asked before it has answered. */
function serially<T>(work: () => Promise<T>): Promise<T> {
  const next = queue.then(work, work);
  queue = next.catch(() => undefined);
  return next;
}

/** Offers the game behind a new one-time code. */
export const offer = (gameId: CampaignId): Promise<HandoverTicket> => serially(() => handoverOffer(gameId));

/** Withdraws the offer: its code opens nothing any more. */
export const withdraw = (): Promise<void> => serially(() => handoverWithdraw());

/** Seconds as a countdown shows them: minutes and seconds, e.g. 9:05. */
export function countdown(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return `${minutes}:${String(rest).padStart(2, '0')}`;
}

