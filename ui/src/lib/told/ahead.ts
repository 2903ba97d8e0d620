/**
 * A told-back screen's answer asked for as its button is clicked (issue 57):
 * the screen left stays up while the command's round trip runs, and the new
 * screen comes once the answer is in, drawn whole in its first frame. Asked
 * from the screen itself, the answer waited for the screen left to be taken
 * down and for a frame of a loading line (10 to 25 ms of the RISK story's
 * 20,000-event game in the window). An answer slower than `AHEAD_MS` shows
 * the screen at once, with its loading line, and the answer when it comes;
 * a route taken meanwhile (another button) wins.
 *
 * Kept small: the games' routes (`$games/<game>/go.ts`) are in the window's
 * first bundle.
 */
import { router } from '$lib/router.svelte';

/** How long the screen left stays up, at most, waiting for the answer. */
export const AHEAD_MS = 100;

interface Asked {
  key: string;
  answer: Promise<unknown>;
  arrived: { value: unknown } | null;
}
let asked: Asked | null = null;

/**
 * Asks `ask()` now and runs `show` (the route to the screen) once it has
 * answered, or after `AHEAD_MS`, unless another route was taken meanwhile.
 * The screen takes the answer with `takeAhead(key)`. `code()`, the screen's
 * code, is asked for at the same time and waited for too (the first opening
 * fetched it only once the answer was in, one after the other).
 */
export function showWhenAnswered(
  key: string,
  ask: () => Promise<unknown>,
  show: () => void,
  code?: () => Promise<unknown>,
): void {
  // A copy drawn out of sight ($lib/told/warm), if one is still up, goes before the screen comes.
  takeDownWarm?.();
  const from = router.route;
  const mine: Asked = { key, answer: ask(), arrived: null };
  asked = mine;
  // The code's failure is the screen's to say, as it loads it again.
  const loaded = code?.().catch(() => undefined);
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    clearTimeout(later);
    if (router.route === from) show();
    else if (asked === mine) asked = null;
  };
  const later = setTimeout(go, AHEAD_MS);
  mine.answer.then((value) => {
    mine.arrived = { value };
    if (loaded) loaded.then(go);
    else go();
  }, go);
}

/** What takes down the told-back screen drawn out of sight now ($lib/told/warm, not in the first bundle). */
let takeDownWarm: (() => void) | null = null;
export function whileWarm(takeDown: (() => void) | null): void {
  takeDownWarm = takeDown;
}

/**
 * The answer asked for `key` as its button was clicked: `{ value }` once it
 * has come (the screen draws it in its first frame), its promise while it
 * is on its way, null when none was asked (the screen asks itself). Taken
 * once.
 */
export function takeAhead<T>(key: string): { value: T } | Promise<T> | null {
  const found = asked;
  if (found?.key !== key) return null;
  asked = null;
  return (found.arrived as { value: T } | null) ?? (found.answer as Promise<T>);
}

/** How long a screen stays up before its told-back screen's code is fetched. */
export const CODE_IDLE_MS = 1500;

/**
 * Fetches a told-back screen's code once the screen showing its button has
 * been up for `CODE_IDLE_MS` with nothing else asked of it (the window's
 * start and the screen's first frames are left alone): the first opening
 * of the story then waits only for its answer, as every later one does
 * (issue 57: the RISK story's first opening took 109 to 121 ms in the
 * release window, the next ones 56 to 60). Returns what undoes it (the
 * screen left first); a failure is the screen's to say when it is opened.
 */
export function codeWhenIdle(code: () => Promise<unknown>, after = CODE_IDLE_MS): () => void {
  const idle = (globalThis as { requestIdleCallback?: (f: () => void) => number }).requestIdleCallback;
  let asked: number | null = null;
  const timer = setTimeout(() => {
    const fetch = () => void code().catch(() => undefined);
    if (idle) asked = idle(fetch);
    else fetch();
  }, after);
  return () => {
    clearTimeout(timer);
    const cancel = (globalThis as { cancelIdleCallback?: (n: number) => void }).cancelIdleCallback;
    if (asked !== null) cancel?.(asked);
  };
}
