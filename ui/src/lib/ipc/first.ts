/**
 * The first command: the one that opens the game played last.
 *
 * The window starts in the game played last. `./first-send` is inlined into
 * index.html at build (see vite.config.ts), so that command is sent while
 * the page is still being read, before the app's bundle has even arrived;
 * its answer usually arrives before the bundle has run. The app then waits
 * for it, a short while at most (`firstAnswer`), and the screen draws the
 * game in the window's first frame (`arrivedAnswer`), or takes the answer
 * when it comes (`call` in ./index asks `takeSent` first) instead of asking
 * again, and words a refusal as for every other command.
 *
 * The two bundles (the inlined script and the app's) each have their own
 * copy of this module: what was sent is kept on the window, under
 * `SENT_KEY`.
 */

/**
 * Where the game played last is remembered, across runs: `<kind>:<id>`
 * ("risk:c0123…"), or a campaign's id alone (the first builds remembered
 * only campaigns).
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

/**
 * What is remembered, read: the game's kind (empty when remembered without
 * one: the shelf says whose) and its id.
 */
export interface LastPlayed {
  game: string;
  id: string;
}

export function parseLastPlayed(last: string | null): LastPlayed | null {
  if (last === null || last === '') return null;
  const [game, id] = last.split(':', 2);
  if (id === undefined) return { game: '', id: last };
  if (!/^[a-z_]+$/.test(game) || id === '') return null;
  return { game, id };
}

/**
 * The arguments of `game_open` that open a game on its first screen (a
 * campaign's diary): the same for every game, so that the command sent at
 * start is the one its screen sends (`takeSent`).
 */
export const openArgs = (gameId: string) => ({ gameId });

/** The command that opens the game played last. */
export function firstCommand(last: LastPlayed | null): { command: string; args: Record<string, unknown> } | null {
  if (last === null) return null;
  return { command: 'game_open', args: openArgs(last.id) };
}

interface Sent {
  key: string;
  answer: Promise<unknown>;
  /** The answer, once it has arrived (null while on its way or refused). */
  arrived: { value: unknown } | null;
}

function keyOf(command: string, args: Record<string, unknown>): string {
  return `${command} ${JSON.stringify(args)}`;
}

/** Where the command sent at start waits for the app, on the window. */
const SENT_KEY = '__baglessFirstCommand';
const holder = globalThis as unknown as { [SENT_KEY]?: Sent | null };

/**
 * Sends the command that opens `last` through `send` (Tauri's invoke), and
 * keeps its answer for `takeSent`.
 */
export function sendFirst(last: string | null, send: (command: string, args: Record<string, unknown>) => Promise<unknown>): void {
  const first = firstCommand(parseLastPlayed(last));
  if (first === null) return;
  const answer = send(first.command, first.args);
  const sent: Sent = { key: keyOf(first.command, first.args), answer, arrived: null };
  // A refusal is the screen's to show, when it takes the answer.
  // Marked on the page's timeline (`first:sent`, `first:answered`): where a start spends its time.
  performance.mark('first:sent');
  answer.then(
    (value) => {
      performance.mark('first:answered');
      sent.arrived = { value };
    },
    () => {},
  );
  holder[SENT_KEY] = sent;
}

/**
 * The answer to the command sent at start, for the app's first command if it
 * is that one, else null. Once only, and only first: after any other command
 * the answer may be out of date, so it is dropped and the backend asked again.
 */
export function takeSent(command: string, args: Record<string, unknown> = {}): Promise<unknown> | null {
  const was = holder[SENT_KEY] ?? null;
  holder[SENT_KEY] = null;
  return was !== null && was.key === keyOf(command, args) ? was.answer : null;
}

/** The answer to the command sent at start, on its way or arrived; null when none was sent or it was taken. */
export function sentAnswer(): Promise<unknown> | null {
  return holder[SENT_KEY]?.answer ?? null;
}

/**
 * The answer to the command sent at start if it is this command's and has
 * arrived already, else null. It stays to be taken (`takeSent`).
 */
export function arrivedAnswer(command: string, args: Record<string, unknown> = {}): { value: unknown } | null {
  const was = holder[SENT_KEY] ?? null;
  return was !== null && was.key === keyOf(command, args) ? was.arrived : null;
}

/**
 * Resolves once the command sent at start has been answered (or refused),
 * or after `waitMs` at most; at once when none was sent.
 */
export async function firstAnswer(waitMs: number): Promise<void> {
  const was = holder[SENT_KEY] ?? null;
  if (was === null || was.arrived !== null) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
  await Promise.race([was.answer.catch(() => undefined), late]);
  clearTimeout(timer);
}
