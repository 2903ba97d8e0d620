/**
 * The book face of the titles: URW's P052 (a Palatino), where the machine
 * has it, else the desktop's serif face.
 *
 * Each family a page names that the machine lacks costs a font lookup for
 * every size and weight of it on the screen, before the window's first
 * paint: about 6 ms on the diary's first screen (measured on a static copy
 * of it, `make bench`). So the window checks once it has started whether the
 * face is there (`checkBookFace`), remembers the answer, and from the next
 * start a machine without it names only `serif` (`applyBookFace`, run by
 * index.html's first script, before the stylesheets apply; app.css reads
 * `data-book-face`). Installed later, the face is found by the next check
 * and used from the start after.
 */

/** Where the answer is remembered, across runs. */
export const BOOK_FACE_KEY = 'bagless.bookFace';

/** The family app.css names first for titles (`--font-title`). */
export const BOOK_FACE = 'P052';

/** What a check found: `absent` leaves the family out of the titles' fonts. */
export type BookFace = 'present' | 'absent';

/** Marks the page when the book face was found missing last time. */
export function applyBookFace(root: HTMLElement = document.documentElement): void {
  try {
    if (localStorage.getItem(BOOK_FACE_KEY) === 'absent') root.dataset.bookFace = 'absent';
  } catch {
    // No storage: the face stays named, as on a first start.
  }
}

/** The part of a canvas's 2D context that measures text. */
export type TextMeasure = Pick<CanvasRenderingContext2D, 'font' | 'measureText'>;

/**
 * Whether `family` is a font of this machine: text set in it, with a
 * monospace fallback, is not as wide as in monospace alone. `null` when it
 * cannot be told (no canvas).
 */
export function hasFamily(family: string, measure: TextMeasure | null): boolean | null {
  if (measure === null) return null;
  const sample = 'Bagless: the Diary of Memories 0.1';
  measure.font = '700 36px monospace';
  const fallback = measure.measureText(sample).width;
  measure.font = `700 36px "${family}", monospace`;
  return measure.measureText(sample).width !== fallback;
}

/** Checks the book face and remembers the answer for the next start. */
export function checkBookFace(
  measure: TextMeasure | null = document.createElement('canvas').getContext('2d'),
): BookFace | null {
  const found = hasFamily(BOOK_FACE, measure);
  if (found === null) return null;
  const face: BookFace = found ? 'present' : 'absent';
  try {
    localStorage.setItem(BOOK_FACE_KEY, face);
  } catch {
    // Not remembered: checked again at the next start.
  }
  return face;
}
