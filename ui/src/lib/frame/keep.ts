/**
 * Keeps the window's screen for the next start's first frame (./kept says
 * why and when that copy is shown): a chunk of its own, loaded once the
 * start has settled, so the first screen's code does not grow.
 *
 * The screen is kept once it has been still for `SETTLE_MS` (no change in
 * #app), when it is the screen the next start opens on: the game played
 * last, on its first screen, drawn from an answer of the game's (`$lib/ipc`'s
 * `answeredScreen`) that came after the players last touched it, no dialog
 * open, nothing chosen or opened by the players (`PASSING`); without what is
 * marked `data-unkept` (the last change's notice or refusal, a phone's pass:
 * its link is the seat's secret). Each copy
 * replaces the one before; an unchanged one is not written again, a copy of
 * more than `KEPT_MOST_CHARS` is not kept.
 */
import { locale } from '$lib/i18n/index.svelte';
import { answeredScreen, screensAnswered } from '$lib/ipc';
import { screenOf } from '$games/registry';
import { lastPlayed, parseLastPlayed } from '$lib/ipc/first';
import { router } from '$lib/router.svelte';
import { hearTouches } from './touches';
import { FRAME_ID, FRAME_KEY, KEPT_MOST_CHARS, KEPT_TESTID, pageBuild, readKept, stampOf, type KeptFrame } from './kept';

/** How long the screen stays unchanged before it is kept. */
export const SETTLE_MS = 1500;

/** What the players did on the screen and the next start will not show (outside what is never kept). */
const PASSING = [
  'dialog[open]',
  '[aria-modal="true"]',
  `#${FRAME_ID}`,
  // A choice pressed is the players' (a territory chosen, a card held), unless it is the game's own state (a sticker marked).
  '[aria-pressed="true"]:not([data-game-state]):not([data-unkept] *)',
  '[aria-expanded="true"]:not([data-unkept] *)',
].join(', ');

/** The copy of `app`'s screen the next start may show, or null when this screen is not one it opens on. */
export function frameOf(app: HTMLElement, doc: Document = document): KeptFrame | null {
  const route = router.route;
  const last = lastPlayed();
  const played = parseLastPlayed(last);
  // The game played last (remembered with its kind, or by an older window without), on its first screen.
  if (route.name !== 'game' || last === null || played === null || played.id !== route.gameId) return null;
  if (played.game !== '' && route.kind !== '' && played.game !== route.kind) return null;
  if (route.screen !== '' && screenOf({ ...route, screen: '' })?.name !== route.screen) return null;
  const answer = answeredScreen(route.gameId);
  if (answer === null) return null;
  // A moment of play is not the screen the game opens on: a dialog open, a
  // choice pressed or a part opened by the players (a territory chosen, a
  // rename form), or a copy on show itself.
  if (app.querySelector(PASSING) !== null) return null;
  const copy = app.cloneNode(true) as HTMLElement;
  firstViewOnly(app, copy, doc.defaultView);
  // What the next start's screen will not show, marked `data-unkept`: the
  // last change's notice or refusal, what is on its way, a phone's pass.
  for (const el of copy.querySelectorAll('[data-unkept]')) el.remove();
  // The app listening for a close or files dropped: not a copy's (the end-to-end tests wait for them).
  for (const el of copy.querySelectorAll('[data-close], [data-drops]')) {
    el.removeAttribute('data-close');
    el.removeAttribute('data-drops');
  }
  for (const el of copy.querySelectorAll('[data-testid]')) {
    el.setAttribute(KEPT_TESTID, el.getAttribute('data-testid') ?? '');
    el.removeAttribute('data-testid');
  }
  for (const el of copy.querySelectorAll('[autofocus]')) el.removeAttribute('autofocus');
  const html = copy.innerHTML;
  if (html.length > KEPT_MOST_CHARS) return null;
  const styles = [...doc.querySelectorAll('link[rel="stylesheet"]')].map((l) => l.getAttribute('href') ?? '').filter((h) => h !== '');
  return { build: pageBuild(doc), last, locale: locale.current, stamp: stampOf(answer), styles, html };
}

/**
 * Writes into `copy` (a clone of `app`) each list's choice, and takes out of
 * it what the window's first view does not show: the lines for screen readers alone (the copy is hidden from them)
 * and what lies wholly below the first view, unless in a table (whose
 * columns its rows size). A lighter copy is drawn sooner, and holds up the
 * app's own screen less.
 */
function firstViewOnly(app: Element, copy: Element, view: Window | null): void {
  if (view === null) return;
  const fold = view.innerHeight - view.scrollY;
  const cut = (from: Element, to: Element) => {
    for (let i = from.children.length - 1; i >= 0; i -= 1) {
      const el = from.children[i];
      const twin = to.children[i];
      if (twin === undefined) continue;
      const below = el.closest('table') === null && el.getBoundingClientRect().top >= fold;
      if (below || el.classList.contains('sr-only')) {
        twin.remove();
        continue;
      }
      // A list's choice is a property, not in the HTML (the language chosen in the header).
      if (el instanceof HTMLOptionElement) twin.toggleAttribute('selected', el.selected);
      cut(el, twin);
    }
  };
  cut(app, copy);
}

/** Writes `frame` unless the same is kept already; a full or refused storage keeps none. */
export function writeKept(frame: KeptFrame, storage: Storage | undefined = globalThis.localStorage): void {
  const kept = readKept(storage);
  if (kept !== null && (Object.keys(frame) as (keyof KeptFrame)[]).every((k) => JSON.stringify(kept[k]) === JSON.stringify(frame[k]))) return;
  try {
    storage?.setItem(FRAME_KEY, JSON.stringify(frame));
  } catch {
    // Storage full or refused: the next start draws its screen without a copy.
    try {
      storage?.removeItem(FRAME_KEY);
    } catch {
      // Nothing more to do.
    }
  }
}

/**
 * Keeps `app`'s screen each time it has settled; returns how to stop.
 * `touchedBefore`: the count of answers (`screensAnswered`) when the players
 * last touched the screen before the keeper came, if they did.
 */
export function keepFrames(app: HTMLElement, settleMs = SETTLE_MS, touchedBefore: number | null = null): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // The screen as the players left it between two answers (a territory
  // chosen, a name half typed, a panel opened) is not the one the next start
  // draws: kept only when a new answer has come since they last touched it.
  // Touched before the keeper came (its code comes once the start has settled): `touchedBefore`, as App.svelte saw it.
  let touchedAt: number | null = touchedBefore;
  const touched = () => (touchedAt = screensAnswered());
  const keep = () => {
    if (touchedAt !== null && touchedAt === screensAnswered()) return;
    const frame = frameOf(app);
    if (frame !== null) writeKept(frame);
  };
  const deaf = hearTouches(app, touched);
  const observer = new MutationObserver(() => {
    clearTimeout(timer);
    timer = setTimeout(keep, settleMs);
  });
  observer.observe(app, { subtree: true, childList: true, attributes: true, characterData: true });
  timer = setTimeout(keep, settleMs);
  return () => {
    observer.disconnect();
    clearTimeout(timer);
    deaf();
  };
}
