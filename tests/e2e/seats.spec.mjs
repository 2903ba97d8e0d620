// The players' phones (issue 32), in the run's language: a RISK game of 3
// players (the committed 20,000-event game, imported) opened to the phones
// from its screen; two seats opened in a real browser beside the app
// (WebKitGTK's MiniBrowser under WebKitWebDriver, full screen on an X
// display of its own of a phone's 360×640, checked at every page):
// each sees its own memory fragments and not the other's; a change on the
// host shows on the phone; the brotherhood whose turn it is claims a
// fragment from its phone and the host shows it claimed, its history
// signed by the seat; a wrong token and a token of a table closed
// since are refused in words; axe on the seat page; screenshots of each.
// Then an Assassin Nation round: three players choose their attempts face
// down on their phones, the host shows only who has played, and reveals
// them together. Last, a Brotherhood of Venice campaign: each assassin's
// board on its player's phone, following the host's health change, then
// its memory in play on the phone (step, alert, own cubes); axe on each.
// The seat server listens on 127.0.0.1 only in this build (e2e-hooks).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALE, app, assert, assertEqual, audit, eventually, setValue, shot, test } from './harness.mjs';
import { DRIVER_URL, Session } from './webdriver.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const LONG_RISK = join(ROOT, 'tests', 'fixtures', 'risk-20000-events.bagless.json');
const tid = (id) => `[data-testid="${id}"]`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** WebKitGTK's MiniBrowser, where the library package puts it. */
function miniBrowser() {
  for (const dir of readdirSync('/usr/lib')) {
    const path = join('/usr/lib', dir, 'webkit2gtk-4.1', 'MiniBrowser');
    if (existsSync(path)) return path;
  }
  throw new Error('MiniBrowser not found (package libwebkit2gtk-4.1-0)');
}

/** Stops a process started in a group of its own, if it still runs. */
function end(child) {
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // Gone already.
  }
}

/**
 * A phone's screen: an X display of its own, 360×640, on which MiniBrowser runs full screen (on
 * the app's display its toolbar keeps the window at least 447 pixels wide). Its number, and how to
 * end it. Xvfb writes the number once it serves clients.
 */
async function phoneScreen() {
  const x = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '360x640x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let said = '';
  x.stderr.on('data', (chunk) => (said += chunk));
  try {
    const display = await new Promise((resolve, reject) => {
      let text = '';
      const timer = setTimeout(() => reject(new Error('Xvfb gave no display for the phone in 10 s')), 10_000);
      x.once('error', (e) => reject(new Error(`Xvfb could not start (package xvfb): ${e.message}`)));
      x.once('exit', () => reject(new Error('Xvfb ended before the phone had a screen')));
      x.stdio[3].on('data', (chunk) => {
        text += chunk;
        if (!text.includes('\n')) return;
        clearTimeout(timer);
        const number = text.trim();
        if (/^\d+$/.test(number)) resolve(`:${number}`);
        else reject(new Error(`Xvfb gave no display number: ${JSON.stringify(text)}`));
      });
    });
    return { display, stop: () => end(x) };
  } catch (e) {
    end(x);
    throw new Error(`${e.message}${said ? `\n${said}` : ''}`);
  }
}

/** A phone: MiniBrowser under a WebKitWebDriver of its own, beside the app's driver, on a 360×640 screen. */
async function phone() {
  const binary = miniBrowser();
  const port = Number(new URL(DRIVER_URL).port) + 100;
  const screen = await phoneScreen();
  const driver = spawn('WebKitWebDriver', [`--port=${port}`], { stdio: 'ignore', detached: true });
  const stopAll = () => {
    end(driver);
    screen.stop();
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
      'webkitgtk:browserOptions': {
        binary,
        args: ['--automation', `--display=${screen.display}`, '--full-screen'],
      },
    });
    await session.setWindowRect({ width: 360, height: 640 });
    return {
      session,
      async stop() {
        await session.quit().catch(() => {});
        stopAll();
      },
    };
  } catch (e) {
    // Nothing left behind to hold the run: the driver and the screen go with the failure.
    stopAll();
    throw e;
  }
}

/** The seat page at `url`, in the run's language, once it shows a seat or a refusal, on a 360×640 screen. */
async function openSeat(s, url) {
  // The language asked before the fragment (the seat's secret).
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
  assertEqual(await s.executeScript('return [innerWidth, innerHeight];'), [360, 640], 'the phone shows 360×640');
}

/**
 * The seats' links of the table open, as the app gives them to the panel
 * (the panel shows one seat's code at a time, and its text link behind a
 * toggle: issue 56).
 */
const tableLinks = (s) =>
  s.executeAsync(
    `const done = arguments[0];
     window.__TAURI_INTERNALS__.invoke('table_status', {}).then((t) => done(t.seats.map((p) => ({ seat: p.seat.id, url: p.url, held: p.held, devices: p.devices }))), (e) => done({ error: JSON.stringify(e) }));`,
  );

const fragmentsShown = (s) =>
  s.executeScript(`return [...document.querySelectorAll('${tid('seat-fragment')}')].map((li) => Number(li.dataset.fragment));`);

await test('each seat sees its own fragments on its phone, and a closed table opens nothing', async () => {
  const s = await app.start();
  await s.waitFor(tid('app'), 20_000);
  await s.setTimeouts({ script: 600_000 });
  const gameId = await s.executeAsync(
    `const [path, done] = arguments;
     window.__TAURI_INTERNALS__.invoke('import_campaign', { path }).then((g) => done(g.game.id), (e) => done({ error: JSON.stringify(e) }));`,
    [LONG_RISK],
  );
  assert(typeof gameId === 'string', `the RISK game imported: ${JSON.stringify(gameId)}`);
  await s.executeScript(`localStorage.setItem('bagless.lastCampaign', 'risk:' + arguments[0]); location.reload();`, [gameId]);
  await s.waitFor(`${tid('risk-game')}[data-busy="false"]`, 30_000);

  // Opened to the phones from the game's screen: one link and QR code per seat.
  // (The phones' panel is below the window's first view: drawn a frame after the map.)
  await s.waitFor(tid('phones-open'), 10_000);
  await (await s.find(tid('phones-open'))).click();
  await s.waitFor(`${tid('phones')}[data-open="true"]`, 10_000);
  const seats = await tableLinks(s);
  assertEqual(seats.map((p) => p.seat), ['red', 'grey', 'black'], 'a seat per brotherhood');
  for (const p of seats) {
    assert(new URL(p.url).hostname === '127.0.0.1', `served on the loopback address only in the tests: ${p.url}`);
    // Issue 56: the seat's secret in the fragment only, never sent.
    assert(/^\/s\/$/.test(new URL(p.url).pathname) && /^#[0-9a-f]{64}$/.test(new URL(p.url).hash), `the secret in the fragment: ${p.url}`);
  }
  // No code on the shared screen until asked, then one seat's at a time.
  assertEqual(await s.executeScript(`return document.querySelectorAll('${tid('phones-code')}').length;`), 0, 'no code shown');
  await (await s.find(`${tid('phones-seat')}[data-seat="red"] ${tid('phones-show')}`)).click();
  await s.waitFor(`${tid('phones-code')}[data-seat="red"] svg`, 10_000);
  assertEqual(await s.executeScript(`return document.querySelectorAll('${tid('phones-code')} svg').length;`), 1, 'one code');
  assertEqual(await s.executeScript(`return document.querySelectorAll('${tid('phones-link')}').length;`), 0, 'its link hidden');
  await shot('host-phones');
  await audit(s, 'phones panel with a code shown', { every: true });

  const { session: ph, stop } = await phone();
  try {
    // Two phones, each at its own seat.
    const seen = {};
    for (const p of seats.slice(0, 2)) {
      await openSeat(ph, p.url);
      assertEqual(await ph.executeScript(`return document.querySelector('${tid('seat-colour')}')?.dataset.colour;`), p.seat, 'the seat page is its seat');
      seen[p.seat] = await fragmentsShown(ph);
      await shot(`seat-${p.seat}`, ph);
    }
    // MISE EN PLACE 6: each holds its own memory fragments.
    assert(seen.red.length > 0 && seen.grey.length > 0, `each phone shows its fragments: ${JSON.stringify(seen)}`);
    for (const f of seen.red) assert(!seen.grey.includes(f), `grey's phone shows red's fragment ${f}`);
    await eventually('the host sees the phone connected', () =>
      s.executeScript(`return document.querySelector('${tid('phones-seat')}[data-seat="grey"]')?.dataset.connected;`), 'true', 10_000);
    await audit(ph, 'seat page', { every: true });

    // Issue 56, a link for one player: red's code hides itself once red's
    // phone holds the seat; another browser (this one with no cookie: a
    // device of its own) is refused; the host sees two devices tried,
    // frees the seat, and the other browser claims it; the first is then
    // refused.
    await eventually('red\'s code hidden once its phone holds it', () =>
      s.executeScript(`return document.querySelectorAll('${tid('phones-code')}').length;`), 0, 10_000);
    await ph.deleteCookies();
    // The browser's cookie store forgets in its own time: the next page
    // load must not find its new device secret forgotten after it.
    await eventually('the device secret forgotten', async () => (await ph.cookieNames()).length, 0, 10_000);
    await openSeat(ph, seats[0].url);
    assertEqual(await ph.executeScript(`return document.querySelector('${tid('seat-refused')}')?.dataset.code;`), 'seat_taken', 'a second device refused');
    await shot('seat-taken', ph);
    await audit(ph, 'seat taken page', { every: true });
    await eventually('the host sees two devices tried red\'s link', () =>
      s.executeScript(`return document.querySelector('${tid('phones-seat')}[data-seat="red"]')?.dataset.devices;`), '2', 10_000);
    await (await s.find(`${tid('phones-seat')}[data-seat="red"] ${tid('phones-free')}`)).click();
    await openSeat(ph, seats[0].url);
    assertEqual(await ph.executeScript(`return document.querySelector('${tid('seat-colour')}')?.dataset.colour;`), 'red', 'the other browser claims the freed seat');
    // Grey's seat, held by the first browser's device, freed too: this
    // browser plays on at any seat.
    await (await s.find(`${tid('phones-seat')}[data-seat="grey"] ${tid('phones-free')}`)).click();
    await eventually('grey freed on the host', () =>
      s.executeScript(`return document.querySelector('${tid('phones-seat')}[data-seat="grey"]')?.dataset.held;`), 'false', 10_000);

    // A change on the host shows on the phone, live.
    await s.executeAsync(
      `const [gameId, done] = arguments;
       window.__TAURI_INTERNALS__.invoke('game_rename', { gameId, name: 'Table night' }).then(() => done(true), (e) => done(JSON.stringify(e)));`,
      [gameId],
    );
    await eventually('the phone shows the new name', () =>
      ph.executeScript(`return document.querySelector('${tid('seat-game')}')?.textContent;`), 'Table night', 10_000);

    // The brotherhood whose turn it is claims a fragment from its phone
    // (ACCOMPLIR DES MISSIONS): its mission entered on the host first if
    // the box's value is not known yet (a territory it holds, for no turn).
    const act = (command) =>
      s.executeAsync(
        `const [gameId, command, done] = arguments;
         window.__TAURI_INTERNALS__.invoke('game_act', { gameId, command: { game: 'risk', command } }).then((a) => done(a.view), (e) => done({ error: e }));`,
        [gameId, command],
      );
    const map = await s.executeAsync(
      `const [gameId, done] = arguments;
       window.__TAURI_INTERNALS__.invoke('game_open', { gameId }).then((a) => done(a.view), (e) => done({ error: e }));`,
      [gameId],
    );
    const current = seats.find((p) => p.seat === map.current);
    assert(current, `a seat on turn: ${map.current} (${map.phase})`);
    await openSeat(ph, current.url);
    const claimable = () => ph.executeScript(`return document.querySelectorAll('${tid('seat-claim')}').length;`);
    // What was tried, said if no fragment comes claimable.
    const tried = [`seat ${current.seat}, claimable at first: ${await claimable()}`];
    if ((await claimable()) === 0) {
      // The game was played by dice: the turn's brotherhood may hold few
      // assassins anywhere; its mission is its strongest territory, held.
      const held = map.territories
        .filter((t) => t.owner === map.current)
        .reduce((a, b) => (b.assassins > a.assassins ? b : a)).id;
      for (const fragment of await fragmentsShown(ph)) {
        const set = await act({ type: 'set_box_value', value: { kind: 'mission', fragment, mission: { territories: [held], turns: 0, assassins: 1 } } });
        tried.push(`mission of fragment ${fragment} set to ${held}: ${set.error ? JSON.stringify(set.error) : 'taken'}`);
        if (!set.error) break;
      }
    }
    try {
      await eventually('a fragment the phone may claim', claimable, 1, 20_000);
    } catch (e) {
      await shot(`seat-${current.seat}-no-claim`, ph).catch(() => {});
      const page = await ph.executeScript(`return document.querySelector('${tid('seat-page')}')?.innerText;`).catch((x) => String(x));
      throw new Error(`${e.message}\n${tried.join('\n')}\nthe phone shows:\n${page}`);
    }
    await shot(`seat-${current.seat}-claim`, ph);
    await (await ph.find(tid('seat-claim'))).click();
    await eventually('the phone shows it claimed', claimable, 0, 10_000);
    await eventually('the host shows it claimed, with no step of its own', () =>
      s.executeScript(`return !!document.querySelector('${tid('risk-fragments-claimed')}');`), true, 10_000);
    await s.executeScript(`document.querySelector('${tid('risk-fragments')}').scrollIntoView({ block: 'center' });`);
    await shot('host-claimed-from-phone');
    const history = await s.executeAsync(
      `const [gameId, done] = arguments;
       window.__TAURI_INTERNALS__.invoke('game_history', { gameId, limit: 1 }).then((h) => done(h.entries[0]), (e) => done({ error: e }));`,
      [gameId],
    );
    const player = map.players.find((p) => p.colour === map.current).name;
    assertEqual(history.by, player, 'the history signs the claim with the seat');

    // CARTES APTITUDE: the same brotherhood turns a card over from its
    // phone, with the host's own form; the host counts one fewer face down.
    const leftOnHost = () => s.executeScript(`return document.querySelector('${tid('risk-aptitude-left')}')?.dataset.left;`);
    const left = Number(await leftOnHost());
    await (await ph.find(tid('seat-aptitude-open'))).click();
    await ph.waitFor(tid('risk-aptitude-form'), 10_000);
    await setValue(ph, tid('risk-aptitude-reason'), 'Ezio');
    await setValue(ph, tid('risk-aptitude-gain'), '2');
    const widths = await ph.executeScript(`return [document.documentElement.scrollWidth, document.documentElement.clientWidth];`);
    assert(widths[0] <= widths[1], `the aptitude form fits the phone: ${widths}`);
    await audit(ph, 'seat page with the aptitude form', { every: true });
    await ph.executeScript(`document.querySelector('${tid('risk-aptitude-form')}').scrollIntoView({ block: 'center' });`);
    await shot(`seat-${current.seat}-aptitude`, ph);
    await (await ph.find(tid('risk-aptitude-save'))).click();
    await eventually('the phone shows the card kept', () =>
      ph.executeScript(`return !document.querySelector('${tid('risk-aptitude-form')}') && !document.querySelector('${tid('seat-aptitude-open')}');`), true, 10_000);
    await eventually('the host counts one card fewer face down', () => leftOnHost().then(Number), left - 1, 10_000);
    const turned = await s.executeAsync(
      `const [gameId, done] = arguments;
       window.__TAURI_INTERNALS__.invoke('game_history', { gameId, limit: 1 }).then((h) => done(h.entries[0]), (e) => done({ error: e }));`,
      [gameId],
    );
    assertEqual(turned.by, player, 'the history signs the card with the seat');

    // A wrong token: refused in words.
    const grey = seats[1].url;
    const wrong = grey.slice(0, -1) + (grey.endsWith('0') ? '1' : '0');
    await openSeat(ph, wrong);
    assertEqual(await ph.executeScript(`return document.querySelector('${tid('seat-refused')}')?.dataset.code;`), 'seat_closed', 'a wrong token');
    await shot('seat-refused', ph);
    await audit(ph, 'refusal page', { every: true });

    // Closed and opened again: new tokens; the old link is refused.
    await (await s.find(tid('phones-close'))).click();
    await s.waitFor(`${tid('phones')}[data-open="false"]`, 10_000);
    await (await s.find(tid('phones-open'))).click();
    await s.waitFor(`${tid('phones')}[data-open="true"]`, 10_000);
    const again = (await tableLinks(s)).map((p) => p.url);
    assert(!again.includes(grey), 'new tokens');
    await openSeat(ph, grey);
    assertEqual(await ph.executeScript(`return document.querySelector('${tid('seat-refused')}')?.dataset.code;`), 'seat_closed', 'a revoked token');
  } finally {
    await stop();
  }
});

await test('three Assassin Nation players choose on their phones and the host reveals them together', async () => {
  const s = await app.start();
  await s.waitFor(tid('app'), 20_000);
  await s.setTimeouts({ script: 60_000 });
  // A game of 3 with every printed value given (nothing asked at the
  // reveal), its Intel Phase over.
  const gameId = await s.executeAsync(
    `const done = arguments[0];
     const invoke = window.__TAURI_INTERNALS__.invoke;
     const values = {};
     for (let n = 1; n <= 18; n += 1) values['target.' + n + '.msr'] = 0;
     ['knife', 'pistol', 'rope'].forEach((w, i) => (values['specialist.' + (i + 1) + '.weapon'] = w));
     (async () => {
       const game = await invoke('game_create', { name: 'Phones at midnight', setup: { game: 'nation', command: { type: 'create_game',
         players: [{ name: 'Ada', specialist: 1 }, { name: 'Bo', specialist: 2 }, { name: 'Cy', specialist: 3 }],
         first_player: 0, dice: null, storytelling: false, box_values: values } } });
       await invoke('game_act', { gameId: game.id, command: { game: 'nation', command: { type: 'end_intel' } } });
       return game.id;
     })().then(done, (e) => done({ error: JSON.stringify(e) }));`,
  );
  assert(typeof gameId === 'string', `the Nation game: ${JSON.stringify(gameId)}`);
  await s.executeScript(`localStorage.setItem('bagless.lastCampaign', 'nation:' + arguments[0]); location.reload();`, [gameId]);
  const assassination = `${tid('nation-game')}[data-phase="assassination"][data-busy="false"]`;
  await s.waitFor(assassination, 30_000);
  await (await s.find(tid('phones-open'))).click();
  await s.waitFor(`${tid('phones')}[data-open="true"]`, 10_000);
  const seats = await tableLinks(s);
  assertEqual(seats.map((p) => p.seat), ['0', '1', '2'], 'a seat per player');

  const declared = () =>
    s.executeScript(`return [...document.querySelectorAll('${tid('nation-declared')}')].filter((li) => li.dataset.declared === 'true').length;`);
  const { session: ph, stop } = await phone();
  try {
    for (const [i, p] of seats.entries()) {
      await openSeat(ph, p.url);
      await ph.waitFor(tid('nation-attempt-form'), 10_000);
      if (i === 0) {
        await shot('seat-nation-choose', ph);
        await audit(ph, 'Nation seat page', { every: true });
        // Laid out for the phone: nothing wider than its screen.
        const widths = await ph.executeScript(`return [document.documentElement.scrollWidth, document.documentElement.clientWidth];`);
        assert(widths[0] <= widths[1], `nothing sticks out of the phone screen: ${widths}`);
        // TOP SECRET HIT LIST CARDS x20: Ada keeps her card on her phone;
        // the host shows only that it is kept.
        await (await ph.find(tid('nation-hitlist-add-0'))).click();
        await setValue(ph, tid('nation-hitlist-target-0-0'), '5');
        await setValue(ph, tid('nation-hitlist-bonus-0-0'), '3000');
        await (await ph.find(tid('nation-hitlist-save-0'))).click();
        await ph.waitFor(tid('seat-hit-list-kept'), 10_000);
        await eventually('the host shows Ada\'s card kept, and nothing of it', () =>
          s.executeScript(`return document.querySelector('${tid('nation-score')}[data-seat="0"]')?.dataset.hitListKept;`), 'true', 10_000);
        await ph.executeScript(`document.querySelector('${tid('seat-hit-list')}').scrollIntoView({ block: 'center' });`);
        await shot('seat-nation-hit-list-kept', ph);
        await audit(ph, 'Nation seat page, its hit list kept', { every: true });
        await ph.executeScript(`window.scrollTo(0, 0);`);
      }
      // Targets 1, 2 and 3, a pistol, the time printed on its card.
      await setValue(ph, tid('nation-attempt-target'), String(i + 1));
      await setValue(ph, tid('nation-attempt-weapon'), 'pistol');
      await setValue(ph, tid('nation-attempt-time'), ['0800', '0900', '1000'][i]);
      await (await ph.find(tid('nation-declare'))).click();
      await ph.waitFor(tid('seat-face-down'), 10_000);
      // The host counts who has played and shows no attempt yet.
      await eventually(`the host shows ${i + 1} played`, declared, i + 1, 10_000);
      assertEqual(await s.executeScript(`return document.querySelectorAll('${tid('nation-attempt')}').length;`), 0, 'face down on the host');
    }
    await shot('seat-nation-face-down', ph);
    await audit(ph, 'Nation seat page, its attempt face down', { every: true });
    await shot('host-nation-all-played');
    await (await s.find(tid('nation-reveal'))).click();
    await s.waitFor(`${tid('nation-game')}[data-phase="reveal"][data-busy="false"]`, 10_000);
    const revealed = await s.executeScript(
      `return [...document.querySelectorAll('${tid('nation-attempt')}')].map((a) => Number(a.dataset.seat)).sort();`,
    );
    assertEqual(revealed, [0, 1, 2], 'revealed together on the host');
    // The shot shows the attempts revealed, not the phones' panel below them.
    await s.executeScript(`document.querySelector('${tid('nation-attempt')}').scrollIntoView({ block: 'start' });`);
    await shot('host-nation-revealed');
  } finally {
    await stop();
  }
});

await test('a Brotherhood of Venice assassin follows their board, then their memory in play, on their phone', async () => {
  const s = await app.start();
  await s.waitFor(tid('app'), 20_000);
  await s.setTimeouts({ script: 60_000 });
  const campaignId = await s.executeAsync(
    `const done = arguments[0];
     window.__TAURI_INTERNALS__.invoke('game_create', { name: 'Venice by phone', setup: { game: 'bov', command: { type: 'create',
       name: 'Venice by phone', pack_id: 'core', assassins: ['claudio', 'daria'] } } }).then((c) => done(c.id), (e) => done({ error: JSON.stringify(e) }));`,
  );
  assert(typeof campaignId === 'string', `the campaign: ${JSON.stringify(campaignId)}`);
  await s.executeScript(`localStorage.setItem('bagless.lastCampaign', arguments[0]); location.reload();`, [campaignId]);
  await (await s.waitFor(tid('to-board'), 30_000)).click();
  await (await s.waitFor(tid('phones-open'), 20_000)).click();
  await s.waitFor(`${tid('phones')}[data-open="true"]`, 10_000);
  const seats = await tableLinks(s);
  assertEqual(seats.map((p) => p.seat), ['claudio', 'daria'], 'a seat per assassin');
  const { session: ph, stop } = await phone();
  try {
    await openSeat(ph, seats[1].url);
    const health = () => ph.executeScript(`return document.querySelector('${tid('seat-health')}')?.dataset.health;`);
    const before = Number(await health());
    assert(before > 0, `daria's health on her phone: ${before}`);
    await shot('seat-bov-board', ph);
    await audit(ph, 'Brotherhood of Venice seat page', { every: true });
    const widths = await ph.executeScript(`return [document.documentElement.scrollWidth, document.documentElement.clientWidth];`);
    assert(widths[0] <= widths[1], `nothing sticks out of the phone screen: ${widths}`);
    // One health less on the host: the phone follows.
    await s.executeAsync(
      `const [gameId, done] = arguments;
       window.__TAURI_INTERNALS__.invoke('game_act', { gameId, command: { game: 'bov', command: { type: 'set_health', assassin: 'daria', health: ${before - 1} } }, part: { part: 'board' } }).then(() => done(true), (e) => done(JSON.stringify(e)));`,
      [campaignId],
    );
    await eventually('the phone shows the health lost', health, String(before - 1), 10_000);

    // Its next memory played: the memory's own table, each assassin's turn,
    // step and alert, and their own cubes.
    const memoryId = await s.executeAsync(
      `const [campaignId, done] = arguments;
       window.__TAURI_INTERNALS__.invoke('memory_start', { campaignId, setup: { type: 'start_memory', campaign_id: campaignId,
         memory: '0.1', assassins: ['claudio', 'daria'], box_values: {}, entrances: ['a', 'b', 'c'], easy: false } })
         .then((m) => done(m.id), (e) => done({ error: JSON.stringify(e) }));`,
      [campaignId],
    );
    assert(typeof memoryId === 'string', `the memory in play: ${JSON.stringify(memoryId)}`);
    await s.executeScript(`localStorage.setItem('bagless.lastCampaign', 'memory:' + arguments[0]); location.reload();`, [memoryId]);
    await (await s.waitFor(tid('phones-open'), 30_000)).click();
    await s.waitFor(`${tid('phones')}[data-open="true"]`, 10_000);
    const memorySeats = await tableLinks(s);
    assertEqual(memorySeats.map((p) => p.seat), ['claudio', 'daria'], 'a seat per assassin in play');
    await openSeat(ph, memorySeats[1].url);
    await ph.waitFor(tid('seat-memory-step'), 10_000);
    assert(await ph.executeScript(`return !!document.querySelector('${tid('seat-memory-assassin')}');`), 'the assassin\'s own cubes');
    await shot('seat-memory', ph);
    await audit(ph, 'memory in play seat page', { every: true });
    const memoryWidths = await ph.executeScript(`return [document.documentElement.scrollWidth, document.documentElement.clientWidth];`);
    assert(memoryWidths[0] <= memoryWidths[1], `nothing sticks out of the phone screen: ${memoryWidths}`);
  } finally {
    await stop();
  }
});

await app.stop();
