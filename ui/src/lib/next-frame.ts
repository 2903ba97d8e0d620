/**
 * What a screen shows below the window's first view, drawn a frame later;
 * and work the first screen does not need (listening for files dropped onto
 * the window, App.svelte), done once that screen is on show.
 *
 * A screen's first frame costs its building (Svelte's mount) and its layout,
 * both on the page's one thread, and the window shows nothing until both are
 * done. The diary's memory table, its HQ stickers and its assumptions sit
 * below the first view of a 1280×860 window (the default size): drawn in the
 * frame after, they no longer hold up the diary's top (at start-up, 460 →
 * 400 ms in `make bench`), and players scroll to them long after they are
 * there.
 *
 * `afterNextFrame(draw)` runs `draw` once the frame being drawn now has been
 * painted: `requestAnimationFrame` comes just before that frame's paint, and
 * a task queued from it runs after. A window that paints no frame (hidden,
 * minimised) never runs animation frames: `draw` then runs after
 * `latestMs` anyway. It runs once; the function returned cancels it (for
 * `onMount`'s clean-up when the screen goes before).
 */
export function afterNextFrame(draw: () => void, latestMs = 100): () => void {
  let pending = true;
  const run = () => {
    if (!pending) return;
    pending = false;
    clearTimeout(latest);
    draw();
  };
  const latest = setTimeout(run, latestMs);
  const frame = requestAnimationFrame(() => setTimeout(run, 0));
  return () => {
    pending = false;
    clearTimeout(latest);
    cancelAnimationFrame(frame);
  };
}

/**
 * `drawInTurns(turns, draw)` runs `draw(1)` once the frame being drawn now
 * has been painted (as `afterNextFrame`), then `draw(2)` … `draw(turns)`,
 * each in a task of its own. A part of a screen that takes long to build
 * (the diary's memory table) is built a part per turn: between two turns the
 * window answers what came meanwhile (a click, a key, a scroll) instead of
 * holding it until the whole is built. It stops where it is when the
 * function returned is called.
 */
export function drawInTurns(turns: number, draw: (turn: number) => void, latestMs = 100): () => void {
  let stopped = false;
  let next: ReturnType<typeof setTimeout> | undefined;
  const take = (turn: number) => {
    if (stopped) return;
    draw(turn);
    if (turn < turns) next = setTimeout(() => take(turn + 1), 0);
  };
  const cancelFirst = afterNextFrame(() => take(1), latestMs);
  return () => {
    stopped = true;
    cancelFirst();
    clearTimeout(next);
  };
}

/**
 * The part of `list` drawn by turn `turn` of `turns` (`drawInTurns`): none
 * before the first, a share more each turn, all of it from the last on.
 */
export function drawnPart<T>(list: T[], turn: number, turns: number): T[] {
  if (turn >= turns) return list;
  return list.slice(0, Math.ceil((list.length * Math.max(turn, 0)) / turns));
}

/**
 * `whenSettled(work)` runs `work` `settleMs` after the next frame has been
 * painted: for work the players need only later (App.svelte's listening for
 * files dropped onto the window). Asked of the app during a start, it is
 * answered on the app's one window thread between the first frames, and
 * held them back (`make bench`); a quarter of a second after, the first
 * screen is on show and what it draws after (`drawInTurns`) is done.
 */
export function whenSettled(work: () => void, settleMs = 250): () => void {
  let later: ReturnType<typeof setTimeout> | undefined;
  const cancelFrame = afterNextFrame(() => (later = setTimeout(work, settleMs)));
  return () => {
    cancelFrame();
    clearTimeout(later);
  };
}
