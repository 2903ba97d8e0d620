// The dice race, the test-only game (issue 58: "a game with a screen,
// shown cheap"), in the run's language, through its own small screen: on
// the shelf in the e2e build only (the UI's `make ui-e2e`, the desktop's
// e2e-hooks). Created from the library's new-game panel, rolled, undone,
// redone, its history in its own words, exported, its file edited by hand
// and refused in words saying why, and a player's phone (its seat page at
// 360×640) rolling in its turn, the host following. axe on each screen.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATA_HOME, LOCALE, app, assert, assertEqual, audit, eventually, noError, say, setValue, shot, test } from './harness.mjs';
import { DRIVER_URL, Session } from './webdriver.mjs';

const tid = (id) => `[data-testid="${id}"]`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const text = (s, selector) => s.executeScript('return document.querySelector(arguments[0])?.textContent ?? null;', [selector]);
const count = (s, selector) => s.executeScript('return document.querySelectorAll(arguments[0]).length;', [selector]);
/** Text as WebDriver reads it: no-break spaces (French typography) read as spaces. */
const plain = (words) => (words ?? '').replace(/[\u00a0\u202f]/g, ' ').replace(/\s+/g, ' ').trim();
const totals = (s) => s.executeScript(`return [...document.querySelectorAll('${tid('race-total')}')].map((td) => Number(td.textContent.replace(/\\D/g, '')));`);

const CHOOSER = process.env.BAGLESS_E2E_CHOOSER;
/** What the next chooser answers: a path, or null for "accept the proposal". */
function choose(answer) {
  if (answer === null) rmSync(CHOOSER, { force: true });
  else writeFileSync(CHOOSER, `${answer}\n`);
}

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

/** A phone: MiniBrowser under a WebKitWebDriver of its own, full screen on an X display of 360×640 (as seats.spec.mjs). */
async function phone() {
  const x = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '360x640x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
    detached: true,
  });
  const display = await new Promise((resolve, reject) => {
    let said = '';
    const timer = setTimeout(() => reject(new Error('Xvfb gave no display for the phone in 10 s')), 10_000);
    x.stdio[3].on('data', (chunk) => {
      said += chunk;
      if (!said.includes('\n')) return;
      clearTimeout(timer);
      resolve(`:${said.trim()}`);
    });
  });
  const port = Number(new URL(DRIVER_URL).port) + 100;
  const driver = spawn('WebKitWebDriver', [`--port=${port}`], { stdio: 'ignore', detached: true });
  const stopAll = () => {
    end(driver);
    end(x);
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
      'webkitgtk:browserOptions': { binary: miniBrowser(), args: ['--automation', `--display=${display}`, '--full-screen'] },
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
    stopAll();
    throw e;
  }
}

const NAME = say({ en: 'Sunday race', fr: 'Course du dimanche' });

await test('a dice race: created, rolled, undone, redone, told, exported, a file edited by hand refused, a phone', async () => {
  assert(CHOOSER, 'BAGLESS_E2E_CHOOSER is set by run.sh');
  const s = await app.start();
  await s.waitFor(tid('new-game-box'), 20_000);
  assert(
    await s.executeScript(`return !!document.querySelector('${tid('new-game-box')} option[value="dice_race"]');`),
    'the dice race is on the shelf (the UI built with `make ui-e2e`)',
  );
  assertEqual(
    plain(await s.executeScript(`return document.querySelector('${tid('new-game-box')} option[value="dice_race"]').textContent;`)),
    say({ en: 'Dice race (a test game)', fr: 'Course de dés (un jeu de test)' }),
    'its box, in its own words',
  );

  // Created from the library's new-game panel: two players, to 40.
  await setValue(s, tid('new-game-box'), 'dice_race');
  await s.waitFor(tid('race-new'), 10_000);
  await setValue(s, tid('race-new-name'), NAME);
  await s.executeScript(
    `const el = document.querySelector('${tid('race-new-players')}');
     Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value').set.call(el, 'Ana\\nBruno');
     el.dispatchEvent(new Event('input', { bubbles: true }));`,
  );
  await setValue(s, tid('race-new-target'), '40');
  await audit(s, 'dice race new-game form');
  await s.click(tid('race-new-create'));
  await eventually('the race', () => text(s, tid('race-name')), NAME, 15_000);
  assertEqual(await totals(s), [0, 0], 'no roll yet');
  assertEqual(plain(await text(s, tid('race-turn'))), say({ en: 'Ana to roll.', fr: 'À Ana de lancer.' }), 'Ana rolls first');

  // Two rolls of Bagless's die, then undo and redo.
  await s.click(tid('race-roll'));
  const first = await eventually('Ana rolled', () => totals(s), (t) => t[0] >= 1 && t[0] <= 6 && t[1] === 0);
  await eventually('Bruno to roll', async () => plain(await text(s, tid('race-turn'))), say({ en: 'Bruno to roll.', fr: 'À Bruno de lancer.' }));
  await s.click(tid('race-roll'));
  const second = await eventually('Bruno rolled', () => totals(s), (t) => t[0] === first[0] && t[1] >= 1 && t[1] <= 6);
  await shot('race-rolled');
  await audit(s, 'dice race board');
  await s.click(tid('race-undo'));
  await eventually('Bruno’s roll undone', () => totals(s), (t) => t[0] === first[0] && t[1] === 0);
  await s.click(tid('race-redo'));
  await eventually('Bruno’s roll redone', () => totals(s), (t) => t[0] === second[0] && t[1] === second[1]);
  await noError(s, 'after roll, undo and redo');

  // Its history, in its own words (the players by name, each roll's face).
  await s.click(tid('race-to-history'));
  await s.waitFor(tid('history-entry'), 10_000);
  const lines = await s.executeScript(`return [...document.querySelectorAll('${tid('history-entry')}')].map((li) => li.textContent);`);
  const said = plain(lines.join(' | '));
  for (const words of [
    say({ en: `Ana rolls a ${first[0]}.`, fr: `Ana fait ${first[0]}.` }),
    say({ en: `Bruno rolls a ${second[1]}.`, fr: `Bruno fait ${second[1]}.` }),
    say({ en: 'The race begins: Ana, Bruno, to 40.', fr: 'La course commence : Ana, Bruno, jusqu’à 40.' }),
  ]) {
    assert(said.includes(words), `the history says “${words}”: ${said}`);
  }
  await shot('race-history');
  await audit(s, 'dice race history');

  // Exported from the library (Save as, the proposal accepted).
  await s.click(tid('nav-library'));
  await s.waitFor(tid('library'), 10_000);
  const card = `${tid('campaign-card')}[data-name="${NAME}"]`;
  await s.waitFor(card, 10_000);
  const cards = await count(s, tid('campaign-card'));
  choose(null);
  await s.click(`${card} ${tid('export-campaign')}`);
  const path = await eventually('export path', () => text(s, tid('export-path')), (p) => typeof p === 'string' && p.endsWith('.bagless.json'));
  assert(existsSync(path), `${path} written`);

  // Edited by hand (Ana's roll given to Bruno, out of turn): decided again,
  // refused in words naming the entry; nothing imported.
  const file = JSON.parse(readFileSync(path, 'utf8'));
  const roll = file.events.findIndex((e) => (e.event.type ?? e.event.kind) === 'rolled');
  assert(roll > 0, `the file holds a roll: ${JSON.stringify(file.events.map((e) => e.event))}`);
  file.events[roll].event.player = 1;
  const edited = join(DATA_HOME, 'edited-race.bagless.json');
  writeFileSync(edited, JSON.stringify(file));
  choose(edited);
  await s.click(tid('import-choose'));
  const refused = await eventually(
    'the edited file refused, saying why',
    async () => plain(await text(s, tid('import-form'))),
    (w) =>
      say({ en: /changed by hand or is damaged: entry \d+ \(/, fr: /modifié à la main ou est endommagé : l’entrée \d+ \(/ }).test(w) &&
      w.includes(say({ en: 'not what the rules give. Nothing was imported.', fr: 'pas ce que donnent les règles. Rien n’a été importé.' })),
    15_000,
  );
  console.log(`  refused: ${refused}`);
  await shot('race-import-refused');
  assertEqual(await count(s, tid('campaign-card')), cards, 'nothing imported');

  // A phone: the race opened to the players' phones from its screen; Ana's
  // seat page (360×640) rolls in her turn, and the host follows.
  await s.click(`${card} ${tid('open-campaign')}`);
  await eventually('the race again', () => text(s, tid('race-name')), NAME, 15_000);
  await s.waitFor(tid('phones-open'), 10_000);
  await s.click(tid('phones-open'));
  await s.waitFor(`${tid('phones')}[data-open="true"]`, 10_000);
  const seats = await s.executeAsync(
    `const done = arguments[0];
     window.__TAURI_INTERNALS__.invoke('table_status', {}).then((t) => done(t.seats.map((p) => ({ seat: p.seat.id, name: p.seat.name, url: p.url }))), (e) => done({ error: JSON.stringify(e) }));`,
  );
  assertEqual(seats.map((p) => p.name), ['Ana', 'Bruno'], 'a seat per player');
  const { session: ph, stop } = await phone();
  try {
    const address = new URL(seats[0].url);
    address.searchParams.set('locale', LOCALE);
    await ph.navigate(address.toString());
    await eventually('Ana’s seat page', () => text(ph, tid('race-seat-total')), (t) => t !== null, 20_000);
    assertEqual(await ph.executeScript('return [innerWidth, innerHeight];'), [360, 640], 'the phone shows 360×640');
    assertEqual(plain(await text(ph, tid('seat-name'))), 'Ana', 'the seat is Ana’s');
    assertEqual(
      plain(await text(ph, tid('race-seat-total'))),
      say({ en: `Your total: ${second[0]} of 40.`, fr: `Votre total : ${second[0]} sur 40.` }),
      'her own total',
    );
    assertEqual(plain(await text(ph, tid('race-seat-turn'))), say({ en: 'Your roll.', fr: 'À vous de lancer.' }), 'her turn');
    await shot('race-seat', ph);
    await audit(ph, 'dice race seat page', { every: true });
    await ph.click(tid('race-seat-roll'));
    await eventually('the phone’s roll on the host', () => totals(s), (t) => t[0] > second[0] && t[0] <= second[0] + 6 && t[1] === second[1], 15_000);
    await eventually('Bruno’s turn on the phone', async () => plain(await text(ph, tid('race-seat-turn'))), say({ en: 'Bruno to roll.', fr: 'À Bruno de lancer.' }), 15_000);
    assertEqual(await count(ph, tid('race-seat-roll')), 0, 'no roll offered out of turn');
    await shot('race-seat-rolled', ph);
    await shot('race-host-after-phone');
  } finally {
    await stop();
  }
});
