/**
 * The window's close, asked by the players (its close button, Alt+F4, the
 * system): Tauri 2's `onCloseRequested`. Loaded on its own once the start has
 * settled (the window's code is not in the first screen's chunk).
 *
 * `offer` decides, the first time only, whether to keep the window open to
 * show something (the evening's summary): it answers `true` to keep it. The
 * close is never lost: a second close, an `offer` that fails, or one that
 * takes longer than `patience` ms lets the window close at once.
 */

/** Inside Bagless's window (not a plain browser, nor a unit test). */
const inWindow = () => typeof window !== 'undefined' && '__TAURI_INTERNALS__' in window;

export async function onCloseAsked(offer: () => Promise<boolean>, patience = 2000): Promise<() => void> {
  if (!inWindow()) return () => {};
  const { getCurrentWindow } = await import('@tauri-apps/api/window');
  let offered = false;
  return getCurrentWindow().onCloseRequested(async (event) => {
    if (offered) return; // asked again: it closes.
    offered = true;
    const keep = await Promise.race([
      offer().catch(() => false),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), patience)),
    ]);
    if (keep) event.preventDefault();
  });
}

/** Closes the window now, without asking again (the summary's "Close Bagless"). */
export async function closeNow(): Promise<void> {
  if (!inWindow()) return;
  const { getCurrentWindow } = await import('@tauri-apps/api/window');
  await getCurrentWindow().destroy();
}
