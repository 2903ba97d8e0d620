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
