/**
 * The players touching the screen (a press, a key, a field typed in): after
 * a touch, the screen is theirs, not the one the next start draws, until a
 * new answer of the game's comes (./keep). Heard by App.svelte from the
 * mount on, then by the keeper once its code has come.
 */

/** Calls `touched` at each touch in `app`; returns how to stop. */
export function hearTouches(app: HTMLElement, touched: () => void): () => void {
  const kinds = ['pointerdown', 'keydown', 'input'] as const;
  for (const kind of kinds) app.addEventListener(kind, touched, true);
  return () => {
    for (const kind of kinds) app.removeEventListener(kind, touched, true);
  };
}
