/**
 * The changes of one screen on their way to the backend.
 *
 * - `busy`: one is on its way. The screen says so (`data-busy`,
 *   `aria-busy`), and the store sends no second one meanwhile (`run`
 *   answers `null`): a double click places one assassin, not two.
 * - `slow`: one has been on its way for longer than `SLOW_MS`. Only then do
 *   the buttons grey out: a change answers in a few milliseconds, and
 *   greying every button for that moment flashes them at each click (and
 *   costs the frame that paints the answer a second repaint of each).
 */
export const SLOW_MS = 150;

export class Pending {
  busy = $state(false);
  slow = $state(false);
  #running = 0;
  #timer: ReturnType<typeof setTimeout> | null = null;

  /**
   * Runs `work` as a change on its way, unless one already is and this one
   * is not part of it (`nested`): then answers `null` without running it.
   */
  async run<T>(work: () => Promise<T>, nested = false): Promise<T | null> {
    if (this.#running > 0 && !nested) return null;
    this.#running += 1;
    this.busy = true;
    this.#timer ??= setTimeout(() => {
      this.#timer = null;
      this.slow = this.#running > 0;
    }, SLOW_MS);
    try {
      return await work();
    } finally {
      this.#running -= 1;
      if (this.#running === 0) {
        this.busy = false;
        this.slow = false;
        if (this.#timer !== null) clearTimeout(this.#timer);
        this.#timer = null;
      }
    }
  }
}
