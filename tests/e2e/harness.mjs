// Shared helpers for the end-to-end specs. tests/e2e/run.sh starts
// tauri-driver (with a fresh XDG_DATA_HOME) and runs each *.spec.mjs with:
//   BAGLESS_BIN     absolute path of the app binary
//   E2E_ARTIFACTS   folder for screenshots (target/e2e-artifacts)
//   E2E_DATA_HOME   the XDG_DATA_HOME the app sees (fresh for each spec)
//   E2E_LOCALE      "en" or "fr": the language the window is switched to
//
// A spec looks like:
//   import { test, app } from './harness.mjs';
//   await test('library shows', async () => {
//     const s = await app.start();
//     await s.waitFor('[data-testid="library"]');
//     await app.stop();          // quit the app ...
//     await app.start();         // ... and start it again on the same data
//   });

import nodeAssert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, basename } from 'node:path';
import { test as nodeTest } from 'node:test';
import { Session } from './webdriver.mjs';

export * from './webdriver.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export const BIN = process.env.BAGLESS_BIN;
export const ARTIFACTS = process.env.E2E_ARTIFACTS ?? join(process.cwd(), 'target', 'e2e-artifacts');
export const DATA_HOME = process.env.E2E_DATA_HOME;
/** The app's own data folder inside the test data home. */
export const APP_DATA_DIR = DATA_HOME ? join(DATA_HOME, 'org.bagless.desktop') : undefined;
/** The app's config folder (the window's size and place): run.sh sets XDG_CONFIG_HOME beside the data's. */
export const APP_CONFIG_DIR = DATA_HOME ? join(`${DATA_HOME}.config`, 'org.bagless.desktop') : undefined;
export const LOCALE = process.env.E2E_LOCALE ?? 'en';

/** The words the window shows in the language of this run. */
export const say = (words) => words[LOCALE] ?? words.en;

const specName = basename(process.argv[1] ?? 'spec', '.spec.mjs');
let shotCount = 0;

/** Whether a process of the app under test is running. */
function appRunning() {
  try {
    return execFileSync('pgrep', ['-f', '-x', `${BIN}( .*)?`], { encoding: 'utf8' }).trim() !== '';
  } catch {
    return false; // pgrep exits 1 when nothing matches
  }
}

/** Start/stop the app. One app session at a time. */
export const app = {
  /** @type {Session | null} */
  session: null,
  /**
   * Starts the app. It reopens the campaign played last; specs about other
   * things start on the library instead (the page is reloaded without that
   * memory), unless `{ resume: true }`.
   */
  async start({ resume = false } = {}) {
    if (!BIN) throw new Error('BAGLESS_BIN is not set: run specs through tests/e2e/run.sh');
    if (app.session) await app.stop();
    app.session = await Session.start({
      application: BIN,
      browserName: process.env.E2E_BROWSER_NAME === '' ? null : (process.env.E2E_BROWSER_NAME ?? 'wry'),
    });
    // The app follows a language stored by the players: store this run's,
    // and reload once if the page started in another one.
    const switched = await app.session.executeScript(
      `const [want, resume] = arguments;
       const had = localStorage.getItem('bagless.locale');
       localStorage.setItem('bagless.locale', want);
       const last = localStorage.getItem('bagless.lastCampaign');
       if (!resume && last !== null) localStorage.removeItem('bagless.lastCampaign');
       if ((document.documentElement.lang !== want && had !== want) || (!resume && last !== null)) {
         window.__e2eReloading = true;
         location.reload();
         return true;
       }
       return false;`,
      [LOCALE, resume],
    );
    // The page reloaded: wait for the new one (the old one, marked, may
    // still answer for a moment on a loaded machine).
    if (switched) {
      await eventually(
        'the page reloaded',
        () =>
          app.session.executeScript(
            'return !window.__e2eReloading && document.querySelector(\'[data-testid="app"]\') !== null;',
          ),
        true,
        20_000,
      );
    }
    return app.session;
  },
  /**
   * Quit the app (tauri-driver closes it when the session ends), and wait
   * until its process is gone: a next start while it still holds the
   * window's lock (crates/bagless-app/src/one_window.rs) would hand over to
   * it and exit.
   */
  async stop() {
    const s = app.session;
    app.session = null;
    if (!s) return;
    await s.quit();
    for (let waited = 0; waited < 10_000 && appRunning(); waited += 100) await sleep(100);
  },
  /** Quit and start again on the same data dir. */
  async restart(options) {
    await app.stop();
    return app.start(options);
  },
};

/** Screenshot of the current window into the artifacts folder. */
export async function shot(name, session = app.session) {
  if (!session) throw new Error('shot(): no app session');
  // The installed app paints without WebKitGTK's compositor, and
  // WebDriver's screenshot never comes back then (tests/package/install.sh).
  if (process.env.E2E_SHOTS === 'off') {
    console.log(`  screenshot skipped: ${name} (E2E_SHOTS=off)`);
    return null;
  }
  shotCount += 1;
  const file = join(ARTIFACTS, `${specName}-${String(shotCount).padStart(2, '0')}-${name}.png`);
  await session.screenshot(file);
  console.log(`  screenshot: ${file}`);
  return file;
}

/** `cond` must hold (node:assert/strict). */
export function assert(cond, message) {
  nodeAssert.ok(cond, message);
}

/**
 * `actual` must equal `expected` (deep, strict). The failure names the check
 * and keeps node:assert's diff of the two values.
 */
export function assertEqual(actual, expected, message = '') {
  try {
    nodeAssert.deepStrictEqual(actual, expected);
  } catch (err) {
    if (message) {
      err.stack = `${message}: ${err.stack}`;
      err.message = `${message}: ${err.message}`;
    }
    throw err;
  }
}

/**
 * One named flow, run by node's test runner (node:test): on failure a
 * screenshot of the window is kept; the app is quit either way. Flows run
 * one after the other (`await test(...)`); node:test prints each result and
 * the totals, and fails the process when one fails or none ran.
 */
let flows = 0;
process.on('beforeExit', () => {
  if (flows === 0) {
    console.error(`  ${specName}: no test ran`);
    process.exitCode = 1;
  }
});

export function test(name, fn) {
  flows += 1;
  return nodeTest(name, async () => {
    try {
      await fn();
    } catch (err) {
      if (app.session) {
        try {
          await shot(`FAILED-${name.replace(/\W+/g, '_')}`);
        } catch {
          // The window may be gone already.
        }
      }
      throw err;
    } finally {
      await app.stop().catch(() => {});
    }
  });
}

/**
 * Poll `read()` until `expected` matches (a value compared with ===, or a
 * predicate). Returns the last value read; on timeout the error shows it.
 */
export async function eventually(what, read, expected, timeout = 10_000, interval = 100) {
  const matches = typeof expected === 'function' ? expected : (v) => v === expected;
  const deadline = Date.now() + timeout;
  let last;
  let lastErr;
  for (;;) {
    try {
      last = await read();
      lastErr = undefined;
      if (matches(last)) return last;
    } catch (err) {
      lastErr = err;
    }
    if (Date.now() > deadline) {
      const want = typeof expected === 'function' ? 'the expected value' : JSON.stringify(expected);
      const got = lastErr ? `error: ${lastErr.message}` : JSON.stringify(last);
      throw new Error(`timed out after ${timeout} ms waiting for ${what} to be ${want}; last seen ${got}`);
    }
    await new Promise((r) => setTimeout(r, interval));
  }
}


// Helpers the game specs share.

const AXE_SOURCE = join(import.meta.dirname, '..', '..', 'ui', 'node_modules', 'axe-core', 'axe.min.js');

export async function setValue(s, selector, value) {
  await s.waitFor(selector);
  return s.executeScript(
    `const [sel, value] = arguments;
     const el = document.querySelector(sel);
     const proto = el instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
     el.focus();
     Object.getOwnPropertyDescriptor(proto, 'value').set.call(el, value);
     el.dispatchEvent(new Event('input', { bubbles: true }));
     el.dispatchEvent(new Event('change', { bubbles: true }));
     el.blur();
     return el.value;`,
    [selector, String(value)],
  );
}

/** No error box on the screen; its rule codes in the failure if there is one. */
export async function noError(s, when) {
  const codes = await s.executeScript(
    `return [...document.querySelectorAll('[data-testid="error"] [data-rule], [data-testid="error"]')]
       .map((el) => el.getAttribute('data-rule') ?? el.getAttribute('data-code')).join(',');`,
  );
  assertEqual(codes, '', `no error ${when}`);
}

/** One axe-core run over the window: its serious or critical violations, each with its first nodes and why. */
async function axeRun(s, every = false) {
  const result = await s.executeAsync(
    `const done = arguments[arguments.length - 1];
     axe.run(document, { resultTypes: ['violations'] })
       .then((r) => done(r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
          nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
          why: v.nodes.slice(0, 3).map((n) => n.any.concat(n.all, n.none).map((c) => c.message).join('; ')) }))))
       .catch((e) => done([{ id: 'axe-error', impact: 'critical', help: String(e), nodes: [], why: [] }]));`,
  );
  return result.filter((v) => every || v.impact === 'serious' || v.impact === 'critical');
}

/**
 * axe-core in the window: no serious or critical violation (none of any
 * impact when `every`: the phones' pages). A finding is
 * printed with axe's reason; it fails the check when a second run, a moment
 * later, finds it again (one seen only once was a frame caught in the middle
 * of an update, which no player sees).
 */
export async function audit(s, screen, { every = false } = {}) {
  await s.executeScript(readFileSync(AXE_SOURCE, 'utf8') + '; return true;');
  let serious = await axeRun(s, every);
  for (let again = 0; serious.length > 0 && again < 1; again += 1) {
    for (const v of serious) {
      console.log(`  axe ${screen}: ${v.impact} ${v.id} — ${v.help} ${JSON.stringify(v.nodes)}`);
      for (const why of v.why) if (why) console.log(`    ${why}`);
    }
    await new Promise((r) => setTimeout(r, 500));
    const ids = new Set(serious.map((v) => v.id));
    serious = (await axeRun(s, every)).filter((v) => ids.has(v.id));
    if (serious.length === 0) console.log(`  axe ${screen}: gone a moment later`);
  }
  if (serious.length) await shot(`a11y-${screen}`, s);
  assertEqual(serious.map((v) => v.id), [], `axe on ${screen}`);
}
