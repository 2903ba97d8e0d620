// A tiny W3C WebDriver client for tauri-driver. Node 20+, no dependencies.
//
//   const s = await Session.start({ application: '/abs/path/bagless-desktop' });
//   const el = await s.waitFor('[data-testid="library"]');
//   await s.click('[data-testid="new-campaign"]');
//   await s.screenshot('target/e2e-artifacts/library.png');
//   await s.quit();

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export const DRIVER_URL = process.env.WEBDRIVER_URL ?? 'http://127.0.0.1:4444';
// The W3C element identifier key.
const W3C_ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

export class WebDriverError extends Error {
  constructor(status, error, message, command) {
    super(`${command}: ${error}: ${message}`);
    this.name = 'WebDriverError';
    this.status = status;
    this.error = error;
  }
}

async function request(method, path, body, driver = DRIVER_URL) {
  const res = await fetch(`${driver}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json;
  try {
    json = text ? JSON.parse(text) : {};
  } catch {
    throw new WebDriverError(res.status, 'invalid json', text.slice(0, 500), `${method} ${path}`);
  }
  const value = json.value;
  if (!res.ok || (value && typeof value === 'object' && 'error' in value && value.error)) {
    throw new WebDriverError(res.status, value?.error ?? 'http error', value?.message ?? text, `${method} ${path}`);
  }
  return value;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** WebDriver key codes. */
export const KEYS = { enter: '\uE007', escape: '\uE00C', tab: '\uE004' };

export class Element {
  constructor(session, id, selector) {
    this.session = session;
    this.id = id;
    this.selector = selector;
  }
  #path(suffix) {
    return `/session/${this.session.id}/element/${this.id}${suffix}`;
  }
  click() {
    return this.session.call('POST', this.#path('/click'), {});
  }
  clear() {
    return this.session.call('POST', this.#path('/clear'), {});
  }
  sendKeys(text) {
    return this.session.call('POST', this.#path('/value'), { text: String(text) });
  }
  text() {
    return this.session.call('GET', this.#path('/text'));
  }
  attribute(name) {
    return this.session.call('GET', this.#path(`/attribute/${encodeURIComponent(name)}`));
  }
  property(name) {
    return this.session.call('GET', this.#path(`/property/${encodeURIComponent(name)}`));
  }
  displayed() {
    return this.session.call('GET', this.#path('/displayed'));
  }
  enabled() {
    return this.session.call('GET', this.#path('/enabled'));
  }
}

export class Session {
  constructor(id, capabilities, driver = DRIVER_URL) {
    this.id = id;
    this.capabilities = capabilities;
    this.driver = driver;
  }

  /** A WebDriver command of this session, to the driver that opened it. */
  call(method, path, body) {
    return request(method, path, body, this.driver);
  }

  /**
   * A session on another driver (`driver`, its URL) with these W3C
   * capabilities: e.g. WebKitGTK's MiniBrowser under WebKitWebDriver, as a
   * player's phone beside the app (tests/e2e/seats.spec.mjs).
   */
  static async open(driver, alwaysMatch) {
    const value = await request('POST', '/session', { capabilities: { alwaysMatch } }, driver);
    return new Session(value.sessionId, value.capabilities, driver);
  }

  /** Start the app under tauri-driver and open a WebDriver session on it. */
  // `browserName: 'wry'` is what a Tauri app reports; pass null to leave it
  // out (e.g. to drive WebKitGTK's MiniBrowser when checking this client).
  static async start({ application, args = [], browserName = 'wry' } = {}) {
    if (!application) throw new Error('Session.start needs { application: <abs path to binary> }');
    const alwaysMatch = { 'tauri:options': { application, args } };
    if (browserName) alwaysMatch.browserName = browserName;
    for (let attempt = 1; ; attempt += 1) {
      try {
        const value = await request('POST', '/session', { capabilities: { alwaysMatch } });
        return new Session(value.sessionId, value.capabilities);
      } catch (e) {
        // The connection closed with no answer: tauri-driver could not reach
        // its WebKitWebDriver yet (a loaded machine, "tcp connect error" in
        // its log), so no app was started. Asked again, twice at most; a
        // refusal in words (a WebDriverError) is not.
        if (!(e instanceof TypeError) || attempt >= 3) throw e;
        await new Promise((r) => setTimeout(r, 1000 * attempt));
      }
    }
  }

  #path(suffix = '') {
    return `/session/${this.id}${suffix}`;
  }

  /** Every cookie of the session's browser deleted (a phone's page then is another device's: issue 56). */
  deleteCookies() {
    return this.call('DELETE', this.#path('/cookie'));
  }

  /** The names of the cookies the current page's browser holds. */
  async cookieNames() {
    return ((await this.call('GET', this.#path('/cookie'))) ?? []).map((c) => c.name);
  }

  async find(selector) {
    const value = await this.call('POST', this.#path('/element'), { using: 'css selector', value: selector });
    return new Element(this, value[W3C_ELEMENT] ?? Object.values(value)[0], selector);
  }

  async findAll(selector) {
    const values = await this.call('POST', this.#path('/elements'), { using: 'css selector', value: selector });
    return values.map((v) => new Element(this, v[W3C_ELEMENT] ?? Object.values(v)[0], selector));
  }

  /** Poll until `selector` matches a displayed element; returns it. */
  async waitFor(selector, timeout = 10_000, interval = 100) {
    const deadline = Date.now() + timeout;
    let last;
    for (;;) {
      try {
        const el = await this.find(selector);
        if (await el.displayed()) return el;
        last = new Error('present but not displayed');
      } catch (err) {
        if (!(err instanceof WebDriverError)) throw err;
        last = err;
      }
      if (Date.now() > deadline) {
        throw new Error(`waitFor(${selector}) timed out after ${timeout} ms: ${last?.message ?? ''}`);
      }
      await sleep(interval);
    }
  }

  /** Poll until `selector` matches nothing. */
  async waitGone(selector, timeout = 10_000, interval = 100) {
    const deadline = Date.now() + timeout;
    while ((await this.findAll(selector)).length > 0) {
      if (Date.now() > deadline) throw new Error(`waitGone(${selector}) timed out after ${timeout} ms`);
      await sleep(interval);
    }
  }

  async click(selector) {
    return (await this.waitFor(selector)).click();
  }
  async type(selector, text, { clear = true } = {}) {
    const el = await this.waitFor(selector);
    if (clear) await el.clear();
    return el.sendKeys(text);
  }
  async text(selector) {
    return (await this.waitFor(selector)).text();
  }
  async attribute(selector, name) {
    return (await this.waitFor(selector)).attribute(name);
  }

  /** Run synchronous JS in the page; `args` are passed as `arguments`. */
  executeScript(script, args = []) {
    return this.call('POST', this.#path('/execute/sync'), { script, args });
  }
  /** Run async JS: the script calls `arguments[arguments.length - 1](result)`. */
  executeAsync(script, args = []) {
    return this.call('POST', this.#path('/execute/async'), { script, args });
  }

  /** W3C input actions (pointer drags, key presses); see `dragTo` and `pressKey`. */
  performActions(actions) {
    return this.call('POST', this.#path('/actions'), { actions });
  }
  releaseActions() {
    return this.call('DELETE', this.#path('/actions'));
  }

  /** Press the mouse on `from`, move in steps to `to`, release: a real drag. */
  async dragTo(from, to) {
    const origin = (el) => ({ [W3C_ELEMENT]: el.id });
    await this.performActions([
      {
        type: 'pointer',
        id: 'mouse',
        parameters: { pointerType: 'mouse' },
        actions: [
          { type: 'pointerMove', duration: 0, origin: origin(from), x: 0, y: 0 },
          { type: 'pointerDown', button: 0 },
          { type: 'pause', duration: 50 },
          { type: 'pointerMove', duration: 150, origin: origin(from), x: 20, y: 20 },
          { type: 'pointerMove', duration: 300, origin: origin(to), x: 0, y: 0 },
          { type: 'pointerUp', button: 0 },
        ],
      },
    ]);
    await this.releaseActions();
  }

  /** Press and release one key on whatever has the focus (`key`: a WebDriver key code). */
  async pressKey(key) {
    await this.performActions([
      { type: 'key', id: 'keyboard', actions: [{ type: 'keyDown', value: key }, { type: 'keyUp', value: key }] },
    ]);
    await this.releaseActions();
  }

  /** Load a URL in the window (rarely needed: the app loads its own page). */
  navigate(url) {
    return this.call('POST', this.#path('/url'), { url });
  }

  title() {
    return this.call('GET', this.#path('/title'));
  }

  /** Save a PNG screenshot of the window to `file`; returns the path. */
  async screenshot(file) {
    // Let the page paint what the DOM holds now: a capture can otherwise
    // show the previous frame.
    await this.executeAsync(
      'const done = arguments[arguments.length - 1];' +
        'requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 50)));',
    ).catch(() => {});
    const b64 = await this.call('GET', this.#path('/screenshot'));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, Buffer.from(b64, 'base64'));
    return file;
  }

  /** WebDriver timeouts in ms, e.g. { script: 300000 } for a long executeAsync. */
  setTimeouts(timeouts) {
    return this.call('POST', this.#path('/timeouts'), timeouts);
  }

  /** The window's position and size: { x, y, width, height }. */
  windowRect() {
    return this.call('GET', this.#path('/window/rect'));
  }
  /** Move/resize the window; pass any of { x, y, width, height }. */
  setWindowRect(rect) {
    return this.call('POST', this.#path('/window/rect'), rect);
  }

  /**
   * Screenshot of the whole page, not just what the window shows: the window
   * is made as tall as the page for the capture, then put back.
   */
  async fullPageScreenshot(file, { maxHeight = 6000 } = {}) {
    const before = await this.windowRect();
    const [innerHeight, pageHeight] = await this.executeScript(
      'return [window.innerHeight, document.documentElement.scrollHeight];',
    );
    const chrome = Math.max(0, before.height - innerHeight);
    const height = Math.min(maxHeight, pageHeight + chrome);
    if (height <= before.height) return this.screenshot(file);
    await this.setWindowRect({ width: before.width, height });
    // Let the page see its new size before the capture.
    for (let i = 0; i < 20; i += 1) {
      if ((await this.executeScript('return window.innerHeight;')) > innerHeight) break;
      await sleep(100);
    }
    try {
      return await this.screenshot(file);
    } finally {
      await this.setWindowRect({ width: before.width, height: before.height });
    }
  }

  async quit() {
    try {
      await this.call('DELETE', this.#path());
    } catch (err) {
      // The app may already be gone (e.g. it quit itself): that is fine.
      if (!(err instanceof WebDriverError)) throw err;
    }
  }
}

/** True when a WebDriver server answers on DRIVER_URL. */
export async function driverReady() {
  try {
    const value = await this.call('GET', '/status');
    return value?.ready !== false;
  } catch {
    return false;
  }
}
