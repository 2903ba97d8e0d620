/**
 * The window's first frame, kept: the game played last as the window last
 * drew it, shown at start before the app's code has run.
 *
 * Started into the game played last, the window has its answer some 20 ms
 * into the page (./../ipc/first) but draws it only once the app's bundle
 * and the screen's code have run and built the screen: 150 ms and more into
 * the page, on a machine where the empty window shows its page in 20. So the
 * window keeps its screen as it drew it (./keep: its HTML, the stylesheets its
 * code brought, the answer it drew), and at the next start index.html's
 * first script shows that copy as soon as the page is read (`showKept`)
 * when, and only when:
 * - it is this build's (the page's module script is the same file), of the
 *   game played last, in the start language;
 * - the game's answer has arrived and is the one the copy was drawn from
 *   (`stampOf`): a library changed since (a restore, an import, the rescue
 *   command) shows nothing stale; the start goes on as without a copy.
 *
 * The copy is a picture: inert (no click, no focus, no key reaches it),
 * hidden from screen readers, its test ids renamed (`KEPT_TESTID`), and the
 * app takes it away as it mounts its own screen in its place (`dropKept`),
 * in the same frame. Nothing is read from it.
 */

/** Where the copy is kept, across runs. */
export const FRAME_KEY = 'bagless.keptFrame';
/** The element holding the copy in #app while it is shown. */
export const FRAME_ID = 'bagless-kept-frame';
/** The copy's `data-testid`s, renamed: a test finds the app's elements only. */
export const KEPT_TESTID = 'data-kept-testid';

export interface KeptFrame {
  /** The page's build: its module script's address (another build's screen may differ). */
  build: string;
  /** The game played last, as remembered (`<kind>:<id>`, ./../ipc/first). */
  last: string;
  /** The language it was drawn in. */
  locale: string;
  /** The answer it was drawn from, stamped (`stampOf`). */
  stamp: string;
  /** The stylesheets the screen's code brought, as linked. */
  styles: string[];
  /** #app's HTML, its test ids renamed. */
  html: string;
}

/** What the window remembers between the page's first script and the app. */
interface FrameHolder {
  /** The app has mounted its own screen: too late for the copy. */
  __baglessFrameDone?: boolean;
  /** The copy's stylesheets, loading: the app's screen waits for them too (the page links them once). */
  __baglessFrameStyled?: Promise<unknown>;
}

/** The longest a copy stays when the app's code never comes (a build cut short): then the page is left blank, as without one. */
export const KEPT_AT_MOST_MS = 3000;
/** A copy longer than this is not kept (a screen of long tables). */
export const KEPT_MOST_CHARS = 256 * 1024;
const holder = globalThis as unknown as FrameHolder;

/**
 * A stamp of an answer: its JSON's length and FNV-1a hash. Two answers with
 * one stamp are taken as the same (a 32-bit hash of the same length: about
 * one chance in four billion of a stale copy, shown for a tenth of a second).
 */
export function stampOf(value: unknown): string {
  const text = JSON.stringify(value) ?? '';
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${text.length}:${(hash >>> 0).toString(36)}`;
}

/** The page's build: the address of its module script (its name holds the build's hash). */
export function pageBuild(doc: Document = document): string {
  return doc.querySelector('script[type="module"][src]')?.getAttribute('src') ?? '';
}

/** The copy kept in `storage`, if there is one and it reads as one. */
export function readKept(storage: Storage | undefined): KeptFrame | null {
  try {
    const raw: unknown = JSON.parse(storage?.getItem(FRAME_KEY) ?? 'null');
    if (raw === null || typeof raw !== 'object') return null;
    const f = raw as Record<string, unknown>;
    const texts = ['build', 'last', 'locale', 'stamp', 'html'].every((k) => typeof f[k] === 'string');
    const styles = Array.isArray(f.styles) && f.styles.every((s) => typeof s === 'string');
    return texts && styles ? (raw as KeptFrame) : null;
  } catch {
    return null; // no storage, or not a copy: the start goes on without one
  }
}

/** Resolves once the page is read (its scripts not yet run), at once if it is. */
function pageRead(doc: Document): Promise<void> {
  if (doc.readyState !== 'loading') return Promise.resolve();
  return new Promise((resolve) => doc.addEventListener('readystatechange', () => resolve(), { once: true }));
}

/** Removes the copy kept: another build's, or of a game that cannot be opened. */
function forget(storage: Storage | undefined): void {
  try {
    storage?.removeItem(FRAME_KEY);
  } catch {
    // Refused: the next start finds it out of date again.
  }
}

/**
 * The copy's HTML, made harmless: it is read from the window's storage, so
 * whatever could run, load or navigate is taken out of it (scripts, frames,
 * objects, links, styles, meta and base elements, forms' actions, event handlers and
 * `javascript:` addresses), though Bagless wrote it and the page's content
 * security policy runs none of them.
 */
export function harmless(html: string, doc: Document): DocumentFragment {
  const template = doc.createElement('template');
  template.innerHTML = html;
  const content = template.content;
  for (const el of content.querySelectorAll('script, iframe, frame, object, embed, link, meta, base, style')) el.remove();
  for (const el of content.querySelectorAll('*')) {
    for (const attr of [...el.attributes]) {
      // An address's tabs, line ends and spaces are dropped when it is read: `java\tscript:` is one.
      const value = attr.value.replace(/[\x00-\x20]/g, '');
      if (/^(on|form)|^action$/i.test(attr.name) || /^javascript:/i.test(value)) el.removeAttribute(attr.name);
    }
  }
  return content;
}

/** Links the stylesheet `href` unless the page has it; resolves once it is loaded. */
function linkStyle(doc: Document, href: string): Promise<unknown> {
  for (const link of doc.querySelectorAll('link[rel="stylesheet"]')) {
    if (link.getAttribute('href') === href) return Promise.resolve();
  }
  const link = doc.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  const loaded = new Promise((resolve, reject) => {
    link.onload = resolve;
    link.onerror = reject;
  });
  doc.head.append(link);
  return loaded;
}

/**
 * Shows the copy kept of the game played last (`last`) in #app, once the
 * page is read, its stylesheets loaded and `answer` (the game's, sent at
 * start) has arrived, if the copy is this build's, in `locale`, drawn from
 * that answer, and the app has not mounted yet. Marks the page's timeline
 * `frame:shown`, or `frame:stale` when the answer or the build is another.
 */
export function showKept(
  last: string | null,
  locale: string,
  answer: Promise<unknown> | null,
  storage: Storage | undefined,
  doc: Document = document,
): Promise<void> {
  const frame = readKept(storage);
  if (frame === null || answer === null || frame.last !== last || frame.locale !== locale) return Promise.resolve();
  // Once the page is read, its build is known: another's copy is forgotten,
  // and this one's stylesheets linked, after the page's own, as the app links
  // them (the app's screen waits for them too: `keptStyled`).
  const styled = pageRead(doc).then(() => {
    if (frame.build !== pageBuild(doc)) throw new Error('another build');
    return Promise.all(frame.styles.map((href) => linkStyle(doc, href)));
  });
  holder.__baglessFrameStyled = styled.catch(() => undefined);
  return Promise.all([answer, styled]).then(
    ([value]) => {
      if (holder.__baglessFrameDone) return;
      if (frame.stamp !== stampOf(value)) {
        performance.mark('frame:stale');
        return;
      }
      const target = doc.getElementById('app');
      if (target === null || target.firstChild !== null) return;
      const box = doc.createElement('div');
      box.id = FRAME_ID;
      box.setAttribute('inert', '');
      box.setAttribute('aria-hidden', 'true');
      box.append(harmless(frame.html, doc));
      target.setAttribute('aria-busy', 'true');
      target.append(box);
      performance.mark('frame:shown');
      // On the page's timeline too once painted (the task after its frame).
      globalThis.requestAnimationFrame?.(() => setTimeout(() => keptShown(doc) && performance.mark('frame:painted'), 0));
      setTimeout(() => dropKept(doc), KEPT_AT_MOST_MS);
    },
    (why: unknown) => {
      // Another build's copy, or a refused answer (the game cannot be opened: the app's screen says why): forgotten.
      if (why instanceof Error && why.message === 'another build') performance.mark('frame:stale');
      forget(storage);
    },
  );
}

/** The copy's stylesheets loaded (or given up on): what the app's screen waits for before it is drawn. */
export function keptStyled(): Promise<unknown> {
  return holder.__baglessFrameStyled ?? Promise.resolve();
}

/** Whether a copy is on show now. */
export function keptShown(doc: Document = document): boolean {
  return doc.getElementById(FRAME_ID) !== null;
}

/** Takes the copy away as the app mounts its own screen; none is shown after. */
export function dropKept(doc: Document = document): void {
  holder.__baglessFrameDone = true;
  const box = doc.getElementById(FRAME_ID);
  if (box === null) return;
  box.parentElement?.removeAttribute('aria-busy');
  box.remove();
}
