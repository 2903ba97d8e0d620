/** The titles' book face: named only where the machine has it (./book-face). */
import { afterEach, describe, expect, it } from 'vitest';
import { applyBookFace, BOOK_FACE_KEY, checkBookFace, hasFamily, type TextMeasure } from './book-face';

/** A canvas's text measure where only `installed` families are fonts. */
function machine(installed: string[]): TextMeasure {
  return {
    font: '',
    measureText(text: string) {
      const named = /"([^"]+)"/.exec(this.font)?.[1];
      const width = named !== undefined && installed.includes(named) ? 17 : 21.6;
      return { width: width * text.length } as TextMetrics;
    },
  };
}

afterEach(() => {
  localStorage.clear();
  delete document.documentElement.dataset.bookFace;
});

describe('the book face of the titles', () => {
  it('is found where the machine has it, and not where it lacks it', () => {
    expect(hasFamily('P052', machine(['P052']))).toBe(true);
    expect(hasFamily('P052', machine(['DejaVu Serif']))).toBe(false);
    expect(hasFamily('P052', null)).toBeNull();
  });

  it('missing, is left out of the titles from the next start', () => {
    expect(checkBookFace(machine([]))).toBe('absent');
    expect(localStorage.getItem(BOOK_FACE_KEY)).toBe('absent');
    applyBookFace();
    expect(document.documentElement.dataset.bookFace).toBe('absent');
  });

  it('installed later, is named again from the start after the next check', () => {
    localStorage.setItem(BOOK_FACE_KEY, 'absent');
    expect(checkBookFace(machine(['P052']))).toBe('present');
    applyBookFace();
    expect(document.documentElement.dataset.bookFace).toBeUndefined();
  });

  it('is named when nothing is known (a first start, no canvas)', () => {
    applyBookFace();
    expect(document.documentElement.dataset.bookFace).toBeUndefined();
    expect(checkBookFace(null)).toBeNull();
    expect(localStorage.getItem(BOOK_FACE_KEY)).toBeNull();
  });
});
