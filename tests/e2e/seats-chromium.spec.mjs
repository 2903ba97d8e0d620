// The players' phones in Chromium (issue 56: most phones at a table run
// Chrome), in the run's language: Debian's chromium under its
// chromedriver, headless, a fresh profile for each "phone", at 360×640.
// An Assassin Nation game of three opened to the phones; a phone claims
// its seat and its sealed view opens (the page's @noble/ciphers); a
// second phone with the same link is refused; the host frees the seat and
// the second one claims it; axe on each page.
// The seat server listens on 127.0.0.1 only in this build (e2e-hooks).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCALE, app, assert, assertEqual, audit, eventually, shot, test } from './harness.mjs';
import { DRIVER_URL, Session } from './webdriver.mjs';

const tid = (id) => `[data-testid="${id}"]`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A phone: Chromium under a chromedriver of its own, a fresh profile, 360×640. */
async function chromiumPhone(n) {
  const port = Number(new URL(DRIVER_URL).port) + 200 + n;
  const profile = mkdtempSync(join(tmpdir(), 'bagless-phone-'));
  const driver = spawn('chromedriver', [`--port=${port}`], { stdio: 'ignore', detached: true });
  const stopAll = () => {
    try {
      process.kill(-driver.pid, 'SIGTERM');
    } catch {
      // Gone already.
    }
    rmSync(profile, { recursive: true, force: true });
  };
  try {
    const url = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 100; i += 1) {
      try {
        if ((await fetch(`${url}/status`)).ok) break;
      } catch {
        await sleep(100);
      }
    }
    const session = await Session.open(url, {
      browserName: 'chrome',
      'goog:chromeOptions': {
        binary: '/usr/bin/chromium',
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          `--user-data-dir=${profile}`,
          '--window-size=360,640',
          `--lang=${LOCALE}`,
        ],
        // A phone's screen (headless Chromium's window is 500 wide at least).
        mobileEmulation: { deviceMetrics: { width: 360, height: 640, pixelRatio: 2 } },
      },
    });
    return {
      session,
      async stop() {
        await session.quit().catch(() => {});
        stopAll();
      },
    };
  } catch (e) {
    stopAll();
    throw e;
  }
}

/** The seat page at `url` in the run's language, once it shows a seat or a refusal. */
async function openSeat(s, url) {
  const address = new URL(url);
  address.searchParams.set('locale', LOCALE);
  // A fresh load each time (the same address again would only move to its fragment).
  address.searchParams.set('load', String(Date.now()));
  await s.navigate(address.toString());
  await eventually(
    `the seat page at ${url}`,
    () => s.executeScript(`return !!document.querySelector('${tid('seat-name')}, ${tid('seat-refused')}');`),
    true,
    20_000,
  );
  assertEqual(await s.executeScript('return innerWidth;'), 360, 'the phone is 360 wide');
}

const refusal = (s) => s.executeScript(`return document.querySelector('${tid('seat-refused')}')?.dataset.code ?? null;`);

await test('in Chromium, a phone claims its seat, a second is refused until the host frees it', async () => {
  const s = await app.start();
  await s.waitFor(tid('app'), 20_000);
  await s.setTimeouts({ script: 60_000 });
  const table = await s.executeAsync(
    `const done = arguments[0];
     const invoke = window.__TAURI_INTERNALS__.invoke;
     const values = {};
     for (let n = 1; n <= 18; n += 1) values['target.' + n + '.msr'] = 0;
     ['knife', 'pistol', 'rope'].forEach((w, i) => (values['specialist.' + (i + 1) + '.weapon'] = w));
     (async () => {
       const game = await invoke('game_create', { name: 'Chrome at midnight', setup: { game: 'nation', command: { type: 'create_game',
         players: [{ name: 'Ada', specialist: 1 }, { name: 'Bo', specialist: 2 }, { name: 'Cy', specialist: 3 }],
         first_player: 0, dice: null, storytelling: false, box_values: values } } });
       const table = await invoke('table_open', { gameId: game.id, network: null });
       return table.seats.map((p) => ({ seat: p.seat.id, url: p.url }));
     })().then(done, (e) => done({ error: JSON.stringify(e) }));`,
  );
  assert(Array.isArray(table), `the table open: ${JSON.stringify(table)}`);
  const ada = table[0].url;
  const first = await chromiumPhone(1);
  const second = await chromiumPhone(2);
  try {
    await openSeat(first.session, ada);
    assertEqual(await refusal(first.session), null, 'the first phone holds the seat');
    assertEqual(await first.session.executeScript(`return document.querySelector('${tid('seat-name')}')?.textContent;`), 'Ada', 'its sealed view opened');
    await shot('chromium-seat', first.session);
    await audit(first.session, 'Chromium seat page', { every: true });

    await openSeat(second.session, ada);
    assertEqual(await refusal(second.session), 'seat_taken', 'a second phone refused');
    await shot('chromium-seat-taken', second.session);
    await audit(second.session, 'Chromium seat taken page', { every: true });
    const status = () =>
      s.executeAsync(
        `const done = arguments[0];
         window.__TAURI_INTERNALS__.invoke('table_status', {}).then((t) => done(t.seats[0]), (e) => done({ error: JSON.stringify(e) }));`,
      );
    const shown = await status();
    assertEqual([shown.held, shown.devices], [true, 2], 'the host sees the seat held and two devices tried');

    await s.executeAsync(
      `const done = arguments[0];
       window.__TAURI_INTERNALS__.invoke('table_free', { seat: '0' }).then(() => done(true), (e) => done({ error: JSON.stringify(e) }));`,
    );
    await openSeat(second.session, ada);
    assertEqual(await refusal(second.session), null, 'the second phone claims the freed seat');
    await eventually('the first phone is told its seat went', () => refusal(first.session), 'seat_taken', 20_000);
  } finally {
    await first.stop();
    await second.stop();
  }
});

await app.stop();
