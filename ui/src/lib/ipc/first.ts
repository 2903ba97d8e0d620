/**
 * The first command, sent before the app's code has loaded.
 *
 * The window starts in the game played last. index.html loads this small
 * module ahead of the app's bundle, so the command that opens that game is
 * on its way while the rest of the code is still being read; the screen
 * takes the answer (`call` in ./index asks `takeSent` first) instead of
 * asking again, and words a refusal as for every other command.
 */
import { invoke, isTauri } from '@tauri-apps/api/core';

/**
 * Where the game played last is remembered, across runs: a Brotherhood of
 * Venice campaign's id, or `<game>:<id>` for a game of another box
 * ("risk:c0123…").
 */
export const LAST_PLAYED_KEY = 'bagless.lastCampaign';

/** The game played last, if one is remembered and storage can be read. */
export function lastPlayed(): string | null {
  try {
    return localStorage.getItem(LAST_PLAYED_KEY);
  } catch {
    return null; // no storage (a private window): the app starts on the library
  }
}

/** The boxes whose games open on their own screen, and a memory in play. */
export type OtherGame = 'risk' | 'nation' | 'memory';

/** What is remembered, read: a campaign's diary or a game of another box. */
export type LastPlayed = { game: 'bov'; id: string } | { game: OtherGame; id: string };

export function parseLastPlayed(last: string | null): LastPlayed | null {
  if (last === null || last === '') return null;
  const [game, id] = last.split(':', 2);
  if (id === undefined) return { game: 'bov', id: last };
  if (game === 'risk' || game === 'nation' || game === 'memory') return { game, id };
  return null;
}

/** The command that opens the game played last. */
export function firstCommand(last: LastPlayed | null): { command: string; args: Record<string, string> } | null {
  if (last === null) return null;
  if (last.game === 'bov') return { command: 'open_diary', args: { campaignId: last.id } };
  return { command: `${last.game}_open`, args: { gameId: last.id } };
}

interface Sent {
  key: string;
  answer: Promise<unknown>;
}

function keyOf(command: string, args: Record<string, unknown>): string {
  return `${command} ${JSON.stringify(args)}`;
}

let sent: Sent | null = null;

/**
 * Sends the command that opens `last` through `send` (Tauri's invoke), and
 * keeps its answer for `takeSent`.
 */
export function sendFirst(last: string | null, send: (command: string, args: Record<string, string>) => Promise<unknown>): void {
  const first = firstCommand(parseLastPlayed(last));
  if (first === null) return;
  const answer = send(first.command, first.args);
  answer.catch(() => {}); // a refusal is the screen's to show, when it takes the answer
  sent = { key: keyOf(first.command, first.args), answer };
}

if (isTauri()) sendFirst(lastPlayed(), invoke);

/**
 * The answer to the command sent at start, for the app's first command if it
 * is that one, else null. Once only, and only first: after any other command
 * the answer may be out of date, so it is dropped and the backend asked again.
 */
export function takeSent(command: string, args: Record<string, unknown> = {}): Promise<unknown> | null {
  const was = sent;
  sent = null;
  return was !== null && was.key === keyOf(command, args) ? was.answer : null;
}
