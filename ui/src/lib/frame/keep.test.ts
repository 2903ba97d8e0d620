/** The screen kept for the next start (./keep): only the screen that start opens on, drawn from the game's answer. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const invoke = vi.fn();
vi.mock('@tauri-apps/api/core', () => ({ invoke, isTauri: () => true }));

const ipc = await import('$lib/ipc');
const { router } = await import('$lib/router.svelte');
const { LAST_PLAYED_KEY } = await import('$lib/ipc/first');
const { frameOf, keepFrames, writeKept } = await import('./keep');
const { FRAME_KEY, KEPT_MOST_CHARS, readKept, stampOf } = await import('./kept');

const ANSWER = { id: 'g1', name: 'Evening', in_bin: false, view: { turn: 3 } };
let app: HTMLElement;

beforeEach(async () => {
  document.head.innerHTML =
    '<script type="module" src="./assets/index-A1.js"></script><link rel="stylesheet" href="./assets/app.css">';
  document.body.innerHTML =
    '<div id="app"><main><h2 data-testid="risk-name">Evening</h2><input autofocus data-testid="risk-rename"></main></div>';
  app = document.getElementById('app') as HTMLElement;
  localStorage.setItem(LAST_PLAYED_KEY, 'risk:g1');
  router.go({ name: 'game', kind: 'risk', screen: '', gameId: 'g1', params: {} });
  invoke.mockReset();
  invoke.mockResolvedValue(ANSWER);
  await ipc.gameOpen('g1');
});

afterEach(() => {
  localStorage.clear();
  vi.useRealTimers();
});

describe('the screen kept', () => {
  it("is the game played last's first screen, its test ids renamed, with the stylesheets and the answer it was drawn from", () => {
    const frame = frameOf(app);
    expect(frame).toMatchObject({ build: './assets/index-A1.js', last: 'risk:g1', locale: 'en', styles: ['./assets/app.css'] });
    expect(frame?.stamp).toBe(stampOf(ANSWER));
    expect(frame?.html).toContain('data-kept-testid="risk-name"');
    expect(frame?.html).not.toContain('data-testid');
    expect(frame?.html).not.toContain('autofocus');
    // The screen itself is left as it is.
    expect(app.querySelector('[data-testid="risk-name"]')).not.toBeNull();
  });

  it('leaves out the lines for screen readers alone (the copy is hidden from them) and what lies below the first view', () => {
    app.querySelector('main')?.insertAdjacentHTML(
      'beforeend',
      '<span class="sr-only">Venice, held by the Assassins</span><section id="below">Cards</section><table><tr id="row"><td>1</td></tr></table>',
    );
    const below = app.querySelector('#below') as HTMLElement;
    const row = app.querySelector('#row') as HTMLElement;
    for (const el of [below, row]) el.getBoundingClientRect = () => ({ top: window.innerHeight + 10 }) as DOMRect;
    const html = frameOf(app)?.html ?? '';
    expect(html).not.toContain('Venice');
    expect(html).not.toContain('Cards');
    // A table's rows size its columns: kept.
    expect(html).toContain('id="row"');
    expect(html).toContain('Evening');
  });

  it("leaves out the last change's notice, a refusal, and what is never kept (a phone's pass)", () => {
    app
      .querySelector('main')
      ?.insertAdjacentHTML(
        'beforeend',
        '<p role="status" data-unkept>Placed 3 assassins</p><div role="alert" data-unkept>Refused</div><figure data-unkept><code>http://seat/secret</code></figure>' +
          '<p role="status">Detection: 2</p>',
      );
    app.setAttribute('data-close', 'heard');
    const html = frameOf(app)?.html ?? '';
    expect(html).not.toContain('Placed');
    expect(html).not.toContain('Refused');
    expect(html).not.toContain('secret');
    // A line the game's answer shows, though spoken when it changes, is the screen's.
    expect(html).toContain('Detection: 2');
    expect(html).toContain('Evening');
  });

  it("shows each list's choice as the screen shows it (the language chosen in the header), not its first", () => {
    app.querySelector('main')?.insertAdjacentHTML('beforeend', '<select id="lang"><option value="en">English</option><option value="fr">Français</option></select>');
    (app.querySelector('#lang') as HTMLSelectElement).value = 'fr';
    const shown = document.createElement('div');
    shown.innerHTML = frameOf(app)?.html ?? '';
    expect((shown.querySelector('#lang') as HTMLSelectElement).value).toBe('fr');
  });

  it('is not kept with a choice the players pressed or a part they opened, nor with a copy on show; a sticker marked is the game', () => {
    const main = app.querySelector('main') as HTMLElement;
    main.insertAdjacentHTML('beforeend', '<button aria-pressed="true" id="chosen">Venice</button>');
    expect(frameOf(app)).toBeNull();
    app.querySelector('#chosen')?.setAttribute('data-game-state', '');
    expect(frameOf(app)).not.toBeNull();
    main.insertAdjacentHTML('beforeend', '<button aria-expanded="true" id="opened">Rename</button>');
    expect(frameOf(app)).toBeNull();
    app.querySelector('#opened')?.remove();
    main.insertAdjacentHTML('beforeend', '<figure data-unkept><button aria-pressed="true">Ana</button></figure>');
    expect(frameOf(app)).not.toBeNull();
    main.insertAdjacentHTML('beforeend', '<div id="bagless-kept-frame" inert></div>');
    expect(frameOf(app)).toBeNull();
  });

  it('is not kept when it would be too long to keep', () => {
    app.querySelector('main')?.insertAdjacentHTML('beforeend', `<p>${'x'.repeat(KEPT_MOST_CHARS)}</p>`);
    expect(frameOf(app)).toBeNull();
  });

  it('is not kept when the players touched the screen before the keeper came, until an answer comes after', async () => {
    vi.useFakeTimers();
    const stop = keepFrames(app, 100, ipc.screensAnswered());
    vi.advanceTimersByTime(200);
    expect(readKept(localStorage)).toBeNull();
    await ipc.gameOpen('g1');
    app.querySelector('h2')?.append('!');
    await Promise.resolve();
    vi.advanceTimersByTime(100);
    expect(readKept(localStorage)?.html).toContain('Evening!');
    stop();
  });

  it('is not kept once the players touched the screen, until an answer comes after', async () => {
    vi.useFakeTimers();
    const stop = keepFrames(app, 100);
    const input = app.querySelector('input') as HTMLInputElement;
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.setAttribute('value', 'half typed');
    await Promise.resolve();
    vi.advanceTimersByTime(200);
    expect(readKept(localStorage)).toBeNull();
    invoke.mockResolvedValue({ ...ANSWER, name: 'Renamed' });
    await ipc.gameRename('g1', 'Renamed');
    app.querySelector('h2')?.replaceChildren('Renamed');
    await Promise.resolve();
    vi.advanceTimersByTime(100);
    expect(readKept(localStorage)?.html).toContain('Renamed');
    // A key that sends a change (Ctrl+Z): kept once its answer is drawn.
    app.dispatchEvent(new KeyboardEvent('keydown', { key: 'z', ctrlKey: true }));
    app.querySelector('h2')?.append('.');
    await Promise.resolve();
    vi.advanceTimersByTime(100);
    expect(readKept(localStorage)?.html).not.toContain('Renamed.');
    invoke.mockResolvedValue({ ...ANSWER, name: 'Undone' });
    await ipc.gameUndo('g1');
    app.querySelector('h2')?.replaceChildren('Undone');
    await Promise.resolve();
    vi.advanceTimersByTime(100);
    expect(readKept(localStorage)?.html).toContain('Undone');
    stop();
  });

  it('is the last answer that was the whole screen: an answer for a part of it, or of another game, is not', async () => {
    invoke.mockResolvedValue({ id: 'g1', name: 'Evening', in_bin: false, view: { turn: 4 } });
    await ipc.gameAct('g1', { game: 'risk', command: { type: 'end_turn' } });
    expect(frameOf(app)?.stamp).toBe(stampOf({ id: 'g1', name: 'Evening', in_bin: false, view: { turn: 4 } }));
    invoke.mockResolvedValue({ id: 'g1', name: 'Evening', in_bin: false, view: { story: [] } });
    await ipc.gameOpen('g1', { part: 'story' });
    expect(frameOf(app)?.stamp).toBe(stampOf({ id: 'g1', name: 'Evening', in_bin: false, view: { turn: 4 } }));
    invoke.mockResolvedValue({ id: 'g2', name: 'Other', in_bin: false, view: {} });
    await ipc.gameOpen('g2');
    expect(frameOf(app)).toBeNull();
  });

  it("is kept on the game's first screen by its name too (the game opened from the library)", () => {
    router.go({ name: 'game', kind: 'risk', screen: 'risk', gameId: 'g1', params: {} });
    expect(frameOf(app)?.last).toBe('risk:g1');
  });

  it('is not kept on a screen the next start does not open on, nor with a dialog open', () => {
    router.go({ name: 'game', kind: 'risk', screen: 'game_history', gameId: 'g1', params: {} });
    expect(frameOf(app)).toBeNull();
    router.go({ name: 'library' });
    expect(frameOf(app)).toBeNull();
    router.go({ name: 'game', kind: 'risk', screen: '', gameId: 'g1', params: {} });
    localStorage.setItem(LAST_PLAYED_KEY, 'nation:g1');
    expect(frameOf(app)).toBeNull();
    localStorage.setItem(LAST_PLAYED_KEY, 'g9');
    expect(frameOf(app)).toBeNull();
    // A game remembered by its id alone (an older window's way) is the same game.
    localStorage.setItem(LAST_PLAYED_KEY, 'g1');
    expect(frameOf(app)?.last).toBe('g1');
    localStorage.setItem(LAST_PLAYED_KEY, 'risk:g1');
    app.insertAdjacentHTML('beforeend', '<dialog open>Close Bagless?</dialog>');
    expect(frameOf(app)).toBeNull();
  });

  it('is written once the screen has been still a while, again only when it changed', async () => {
    vi.useFakeTimers();
    const stop = keepFrames(app, 100);
    vi.advanceTimersByTime(99);
    expect(readKept(localStorage)).toBeNull();
    vi.advanceTimersByTime(1);
    expect(readKept(localStorage)?.html).toContain('Evening');
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    app.querySelector('h2')?.append('!');
    await Promise.resolve(); // the change observed
    vi.advanceTimersByTime(100);
    expect(readKept(localStorage)?.html).toContain('Evening!');
    expect(setItem).toHaveBeenCalledTimes(1);
    // The same screen again: not written.
    writeKept(frameOf(app)!);
    expect(setItem).toHaveBeenCalledTimes(1);
    setItem.mockRestore();
    stop();
  });

  it('is dropped, not half-written, when the storage is full', () => {
    localStorage.setItem(FRAME_KEY, JSON.stringify({ ...frameOf(app), html: 'old' }));
    const full = {
      getItem: (k: string) => localStorage.getItem(k),
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: (k: string) => localStorage.removeItem(k),
    } as unknown as Storage;
    writeKept(frameOf(app)!, full);
    expect(localStorage.getItem(FRAME_KEY)).toBeNull();
  });
});
