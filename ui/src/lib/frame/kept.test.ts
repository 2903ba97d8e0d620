/** The first frame kept (./kept): shown only when it is the game's answer as drawn, gone when the app mounts. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { dropKept, FRAME_ID, FRAME_KEY, harmless, KEPT_AT_MOST_MS, keptShown, readKept, showKept, stampOf, type KeptFrame } from './kept';

const ANSWER = { id: 'g1', name: 'Evening', in_bin: false, view: { turn: 3, territories: [1, 2, 3] } };

function frame(over: Partial<KeptFrame> = {}): KeptFrame {
  return {
    build: './assets/index-A1.js',
    last: 'risk:g1',
    locale: 'en',
    stamp: stampOf(ANSWER),
    styles: [],
    html: '<main><h2 data-kept-testid="risk-name">Evening</h2><button>Attack</button></main>',
    ...over,
  };
}

function keep(f: unknown): void {
  localStorage.setItem(FRAME_KEY, JSON.stringify(f));
}

const shown = () => document.getElementById(FRAME_ID);
const marked = (name: string) => performance.getEntriesByName(name).length;

beforeEach(() => {
  document.head.innerHTML = '<script type="module" src="./assets/index-A1.js"></script>';
  document.body.innerHTML = '<div id="app"></div>';
  delete (globalThis as { __baglessFrameDone?: boolean }).__baglessFrameDone;
  performance.clearMarks();
});

afterEach(() => {
  localStorage.clear();
});

describe('the stamp of an answer', () => {
  it('is the same for the same answer, another for any change in it', () => {
    expect(stampOf(structuredClone(ANSWER))).toBe(stampOf(ANSWER));
    expect(stampOf({ ...ANSWER, view: { turn: 4, territories: [1, 2, 3] } })).not.toBe(stampOf(ANSWER));
    expect(stampOf({ ...ANSWER, name: 'Evening!' })).not.toBe(stampOf(ANSWER));
    expect(stampOf(ANSWER)).toMatch(/^\d+:[0-9a-z]+$/);
  });
});

describe('the copy kept', () => {
  it('is read only when it reads as a copy', () => {
    expect(readKept(localStorage)).toBeNull();
    localStorage.setItem(FRAME_KEY, '{not json');
    expect(readKept(localStorage)).toBeNull();
    keep({ ...frame(), html: 7 });
    expect(readKept(localStorage)).toBeNull();
    keep({ ...frame(), styles: [1] });
    expect(readKept(localStorage)).toBeNull();
    keep(frame());
    expect(readKept(localStorage)).toEqual(frame());
    expect(readKept(undefined)).toBeNull();
  });

  it("is shown once the game's answer is the one it was drawn from: inert, hidden from screen readers", async () => {
    keep(frame());
    await showKept('risk:g1', 'en', Promise.resolve(ANSWER), localStorage);
    const box = shown();
    expect(box).not.toBeNull();
    expect(box?.hasAttribute('inert')).toBe(true);
    expect(box?.getAttribute('aria-hidden')).toBe('true');
    expect(box?.querySelector('[data-kept-testid="risk-name"]')?.textContent).toBe('Evening');
    expect(document.getElementById('app')?.getAttribute('aria-busy')).toBe('true');
    expect(keptShown()).toBe(true);
    expect(document.querySelector('[data-testid]')).toBeNull();
    expect(marked('frame:shown')).toBe(1);
  });

  it('is not shown when the game changed since (another answer), nor for another build, which is forgotten', async () => {
    keep(frame());
    await showKept('risk:g1', 'en', Promise.resolve({ ...ANSWER, view: { turn: 4, territories: [1, 2, 3] } }), localStorage);
    expect(shown()).toBeNull();
    expect(marked('frame:stale')).toBe(1);
    keep(frame({ build: './assets/index-B2.js', styles: ['tauri://localhost/assets/Gone.css'] }));
    await showKept('risk:g1', 'en', Promise.resolve(ANSWER), localStorage);
    expect(shown()).toBeNull();
    expect(marked('frame:stale')).toBe(2);
    // Its stylesheets, gone with its build, are not asked for.
    expect(document.querySelector('link[href$="Gone.css"]')).toBeNull();
    expect(localStorage.getItem(FRAME_KEY)).toBeNull();
  });

  it('of a game that cannot be opened is forgotten', async () => {
    keep(frame());
    await showKept('risk:g1', 'en', Promise.reject(new Error('not found')), localStorage);
    expect(shown()).toBeNull();
    expect(localStorage.getItem(FRAME_KEY)).toBeNull();
  });

  it('is not shown when the app mounts before the answer comes, nor over anything already in #app', async () => {
    keep(frame());
    let answer: (value: unknown) => void = () => {};
    const showing = showKept('risk:g1', 'en', new Promise((resolve) => (answer = resolve)), localStorage);
    dropKept();
    answer(ANSWER);
    await showing;
    expect(shown()).toBeNull();
    delete (globalThis as { __baglessFrameDone?: boolean }).__baglessFrameDone;
    document.getElementById('app')?.append('the app');
    await showKept('risk:g1', 'en', Promise.resolve(ANSWER), localStorage);
    expect(shown()).toBeNull();
  });

  it('goes by itself when the app never comes (its code cut short): the page is left as without it', async () => {
    vi.useFakeTimers();
    keep(frame());
    await showKept('risk:g1', 'en', Promise.resolve(ANSWER), localStorage);
    expect(shown()).not.toBeNull();
    vi.advanceTimersByTime(KEPT_AT_MOST_MS);
    expect(shown()).toBeNull();
    expect(document.getElementById('app')?.hasAttribute('aria-busy')).toBe(false);
    vi.useRealTimers();
  });

  it('is made harmless: nothing in it can run, load or navigate', () => {
    const made = harmless(
      '<p onclick="x()">a</p><script>x()</script><iframe src="x"></iframe><a href=" java&#9;script:x()">b</a>' +
        '<meta http-equiv="refresh" content="0"><form action="/x"><button formaction="/y">c</button></form><svg><path d="M0 0" onload="x()"/></svg>',
      document,
    );
    const box = document.createElement('div');
    box.append(made);
    expect(box.querySelector('script, iframe, meta')).toBeNull();
    expect(box.innerHTML).not.toMatch(/onclick|onload|javascript|action/);
    expect(box.textContent).toBe('abc');
    expect(box.querySelector('path')?.getAttribute('d')).toBe('M0 0');
  });

  it('is not shown for another game, another language, a refused answer or none', async () => {
    keep(frame());
    await showKept('risk:g2', 'en', Promise.resolve(ANSWER), localStorage);
    await showKept('risk:g1', 'fr', Promise.resolve(ANSWER), localStorage);
    await showKept('risk:g1', 'en', null, localStorage);
    await showKept('risk:g1', 'en', Promise.reject(new Error('not found')), localStorage);
    expect(shown()).toBeNull();
    expect(marked('frame:shown') + marked('frame:stale')).toBe(0);
  });

  it('is not shown once the app has mounted, and is taken away when it mounts', async () => {
    keep(frame());
    await showKept('risk:g1', 'en', Promise.resolve(ANSWER), localStorage);
    expect(shown()).not.toBeNull();
    dropKept();
    expect(shown()).toBeNull();
    await showKept('risk:g1', 'en', Promise.resolve(ANSWER), localStorage);
    expect(shown()).toBeNull();
  });

  it("links the screen's stylesheets after the page's own and shows the copy once they are loaded", async () => {
    document.head.insertAdjacentHTML('beforeend', '<link rel="stylesheet" href="./assets/app.css">');
    keep(frame({ styles: ['./assets/app.css', 'tauri://localhost/assets/RiskGame.css'] }));
    const showing = showKept('risk:g1', 'en', Promise.resolve(ANSWER), localStorage);
    await new Promise((r) => setTimeout(r, 0));
    const links = [...document.head.querySelectorAll('link[rel="stylesheet"]')].map((l) => l.getAttribute('href'));
    expect(links).toEqual(['./assets/app.css', 'tauri://localhost/assets/RiskGame.css']);
    expect(shown()).toBeNull();
    document.head.querySelector('link[href$="RiskGame.css"]')?.dispatchEvent(new Event('load'));
    await showing;
    expect(shown()).not.toBeNull();
  });
});
