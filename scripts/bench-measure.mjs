// What scripts/bench-window.mjs and scripts/bench-library.mjs share: an
// app's start-up and idle memory, measured through tauri-driver (WebDriver).
//   BENCH_DRIVER_PID   tauri-driver's pid: the apps are started under it
//
// Start-up = from the app process's spawn (its start time in /proc) to the
// moment a selector is in the page and displayed, polled through WebDriver:
// `shown` (the screen as the window kept it, or the app's own, whichever is
// first: ui/src/lib/frame/kept.ts) when the app has one, else `ready`. Ready
// = the same to the app's own screen (`ready`), the one that can be played.
// Both clocks are the kernel's boot clock, to 10 ms.
// First frame = from the same spawn to the page's first contentful paint, as
// the page's own Paint Timing says (how long ago it painted, asked once the
// selector shows), also to 10 ms: the frame itself, without the lag of the
// WebDriver polls, which hides gains of a few frames in a median. Bagless's
// first frame is its first screen whole: it mounts once the screen's answer
// and code are here (ui/src/main.ts), unless either takes longer than 150 ms.
// Memory = the app process plus every process under it (WebKit's web and
// network processes), summed from /proc/<pid>/smaps_rollup: PSS (shared pages
// split between the processes that share them) and RSS, read BENCH_SETTLE_MS
// (default 3000) after the first screen.

import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, readlinkSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Session, WebDriverError } from '../tests/e2e/webdriver.mjs';

const ROOT = resolve(import.meta.dirname, '..');
/**
 * The empty Tauri window every figure is set beside: built with Cargo's
 * `reference` profile, Bagless's release profile as it was when issue 31
 * measured it (symbols stripped, nothing else), in the same cargo run as the
 * app so that their shared libraries have the same features
 * (scripts/bench-lib.sh). Bagless's release profile has since taken the
 * app-size guide's link-time optimisation, one codegen unit and smaller
 * opt-levels (Cargo.toml); this window stays the reference.
 */
export const EMPTY_WINDOW = join(ROOT, 'target/reference/empty-window');
/** The same empty window built as Bagless is (its release profile, the unused Tauri commands left out): what those do to Tauri itself. */
export const EMPTY_WINDOW_SAME_PROFILE = join(ROOT, 'target/release/empty-window');

export const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 3000);
const DRIVER_PID = Number(process.env.BENCH_DRIVER_PID);
if (!DRIVER_PID) throw new Error('BENCH_DRIVER_PID is not set: run scripts/bench.sh or scripts/bench-library.sh');

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const CLOCK_TICKS = 100; // USER_HZ, the unit of /proc/<pid>/stat times on Linux

/** Seconds since boot, the clock /proc/<pid>/stat start times use. */
const uptime = () => Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]);

function stat(pid) {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may hold spaces.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { ppid: Number(fields[1]), startSeconds: Number(fields[19]) / CLOCK_TICKS };
}

function processes() {
  const list = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      list.push({ pid: Number(entry), ...stat(entry) });
    } catch {
      // Gone between the listing and the read.
    }
  }
  return list;
}

function descendants(root, list = processes()) {
  const found = [];
  const queue = [root];
  while (queue.length) {
    const pid = queue.shift();
    for (const p of list) {
      if (p.ppid === pid) {
        found.push(p.pid);
        queue.push(p.pid);
      }
    }
  }
  return found;
}

/** The app's process: the one under tauri-driver running `binary`. */
function appPid(binary) {
  for (const pid of descendants(DRIVER_PID)) {
    try {
      if (readlinkSync(`/proc/${pid}/exe`) === binary) return pid;
    } catch {
      // Not ours to read, or gone.
    }
  }
  return null;
}

function memoryKb(pid) {
  let pss = 0;
  let rss = 0;
  // Each process's PSS, by its name (the app's, WebKit's web and network
  // processes): where the memory goes.
  const parts = [];
  for (const p of [pid, ...descendants(pid)]) {
    try {
      const text = readFileSync(`/proc/${p}/smaps_rollup`, 'utf8');
      const own = Number(/^Pss:\s+(\d+)/m.exec(text)?.[1] ?? 0);
      pss += own;
      rss += Number(/^Rss:\s+(\d+)/m.exec(text)?.[1] ?? 0);
      const anon = Number(/^Pss_Anon:\s+(\d+)/m.exec(text)?.[1] ?? 0);
      const name = readFileSync(`/proc/${p}/comm`, 'utf8').trim();
      parts.push(`${name} ${(own / 1024).toFixed(0)} (anon ${(anon / 1024).toFixed(0)})`);
    } catch {
      // A helper that already exited.
    }
  }
  return { pss, rss, processes: 1 + descendants(pid).length, parts: parts.join(', ') };
}

export async function waitDisplayed(session, selector, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const el = await session.find(selector);
      if (await el.displayed()) return el;
    } catch (err) {
      if (!(err instanceof WebDriverError)) throw err;
    }
    if (Date.now() > deadline) throw new Error(`${selector} did not show within ${timeoutMs} ms`);
    await sleep(5);
  }
}

/**
 * When the page painted first, on the boot clock: how long ago it did, on
 * the page's own clock, placed at the middle of the question's round trip.
 * Asked until the paint is there (a selector can be displayed, laid out,
 * before its frame is painted), a second at most; null for a page without
 * paint timing.
 */
async function firstPaint(session, entry = 'first-contentful-paint') {
  for (let tries = 0; tries < 200; tries += 1) {
    const asked = uptime();
    const since = await session.executeScript(
      `const paint = performance.getEntriesByName(arguments[0])[0];
       return paint ? performance.now() - paint.startTime : null;`,
      [entry],
    );
    if (since !== null) return (asked + uptime()) / 2 - since / 1000;
    await sleep(5);
  }
  console.log(`bench: this page has no ${entry} on its timeline: not timed`);
  return null;
}

/**
 * Starts `app` under tauri-driver and times its start-up, its `whole`
 * selector if it has one, and its first frame; reads its memory after
 * SETTLE_MS, unless `settle` is false.
 */
export async function measure(app) {
  // Each start on a quiet disk: what is still to be written (a library just
  // copied in, 357 MB at 101 games; the day's backup, which Bagless's check
  // writes 1.5 s after its first start on a library) is written now, not by
  // the kernel about 30 s later, in the middle of another app's start.
  execFileSync('sync');
  const session = await Session.start({ application: app.binary, args: app.args ?? [] });
  let pid = null;
  try {
    let shownAt = null;
    let readyAt = null;
    let copies = 0;
    try {
      // The game as the window last drew it (ui/src/lib/frame/kept.ts), when
      // the app shows its copy first: shown, not yet the app's own screen.
      if (app.shown) {
        const el = await waitDisplayed(session, app.shown);
        shownAt = uptime();
        // The element found and displayed was the app's own (no copy before it): ready then too.
        const own = await el.attribute('data-testid').catch(() => null); // a copy gone since is no longer in the page
        if (own !== null) readyAt = shownAt;
        else copies += 1;
      }
      if (readyAt === null) await waitDisplayed(session, app.ready);
    } catch (err) {
      // Say what the window shows instead.
      const shown = await session
        .executeScript(`return (localStorage.getItem('bagless.lastCampaign') ?? '') + ' | ' + document.body.innerText.slice(0, 400);`)
        .catch(() => '(the page cannot be read)');
      throw new Error(`${err.message}; the window shows: ${shown}`);
    }
    readyAt ??= uptime();
    if (app.whole) await waitDisplayed(session, app.whole);
    const wholeAt = uptime();
    const paintedAt = await firstPaint(session);
    // Bagless's own screen painted, from the page's timeline (ui/src/main.ts's
    // `app:drawn`, the task after its first frame): when a copy was shown
    // first, the start into a screen that can be played.
    const drawnAt = copies > 0 ? await firstPaint(session, 'app:drawn') : paintedAt;
    pid = appPid(app.binary);
    if (!pid) throw new Error(`no ${app.binary} process under tauri-driver`);
    const started = stat(pid).startSeconds;
    const startupMs = Math.round(((shownAt ?? readyAt) - started) * 1000);
    const readyMs = Math.round((readyAt - started) * 1000);
    const drawnMs = drawnAt === null ? null : Math.round((drawnAt - started) * 1000);
    const wholeMs = Math.round((wholeAt - started) * 1000);
    const frameMs = paintedAt === null ? null : Math.round((paintedAt - started) * 1000);
    if (app.settle === false) return { startupMs, readyMs, drawnMs, wholeMs, frameMs, copies };
    await sleep(SETTLE_MS);
    return { startupMs, readyMs, drawnMs, wholeMs, frameMs, copies, ...memoryKb(pid) };
  } finally {
    await session.quit();
    // The next start must not overlap this one.
    for (let i = 0; pid && i < 100; i += 1) {
      try {
        statSync(`/proc/${pid}`);
      } catch {
        break;
      }
      await sleep(50);
    }
  }
}

export const median = (values) => {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

/**
 * Writes the screen `app` opens on (its HTML as the app drew it, without
 * its scripts) and the UI build's stylesheets into `dir`, for the empty
 * window's `--page`: the least any screen of that look costs to show.
 */
export async function writeStaticPage(app, dir, uiAssets) {
  const session = await Session.start({ application: app.binary });
  try {
    await waitDisplayed(session, app.ready);
    await sleep(500);
    const html = await session.executeScript(
      `const page = document.documentElement.cloneNode(true);
       page.querySelectorAll('script, link[rel="modulepreload"]').forEach((e) => e.remove());
       return '<!doctype html>\\n' + page.outerHTML;`,
    );
    // A screen's own stylesheets were added by the app with its origin
    // (tauri://localhost/assets/…), which the empty window serves from its
    // own files: each is taken from beside the page instead.
    const page = html.replace(/href="[^"]*\/assets\/([^"/]+\.css)"/g, 'href="./assets/$1"');
    mkdirSync(join(dir, 'assets'), { recursive: true });
    writeFileSync(join(dir, 'index.html'), page);
    const built = readdirSync(uiAssets).filter((f) => f.endsWith('.css'));
    for (const file of built) copyFileSync(join(uiAssets, file), join(dir, 'assets', file));
    // Every stylesheet the page links must be the build's on disk.
    for (const [, href] of page.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)) {
      const file = /^\.\/assets\/([^"/]+\.css)$/.exec(href)?.[1];
      if (!file || !built.includes(file)) {
        throw new Error(`the static copy links ${href}, which ui/dist/assets does not hold (the app was built from another UI build? run without BENCH_SKIP_BUILD)`);
      }
    }
  } finally {
    await session.quit();
  }
}
