// The evening told back (issue 57), through the real window:
//   1. a RISK game and a Nation game played since the window opened (through
//      the IPC, as the RISK and Nation specs play fast); the window's close
//      asked: the close is held once and the evening's summary shown, with
//      "Close Bagless" and "Back", each game by name with the evening's time;
//   2. the picture saved as a PNG (the e2e build's chooser answers from
//      $BAGLESS_E2E_CHOOSER: src-tauri/src/dialogs.rs): "saved" says where,
//      the file is a PNG of the picture's size (copied to the artifacts);
//   3. the print layout (`print-preview`, the same rules as `@media print`)
//      fits one A4 page: screenshot evening-NN-print-<locale>.png;
//   4. Back returns to the library; the year opens from it;
//   5. the close asked again closes the window at once.
// And a library where nothing was played closes at the first close.
import { copyFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ARTIFACTS, BIN, DATA_HOME, LOCALE, app, assert, assertEqual, eventually, say, shot, test } from './harness.mjs';

const tid = (id) => `[data-testid="${id}"]`;
const text = (s, selector) =>
  s.executeScript('return document.querySelector(arguments[0])?.textContent?.trim() ?? null;', [selector]);
const plain = (words) => (words ?? '').replace(/[\u00a0\u202f]/g, ' ');
const CHOOSER = process.env.BAGLESS_E2E_CHOOSER;
const AXE = readFileSync(join(import.meta.dirname, '..', '..', 'ui', 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');

/** axe-core in the real window (colour contrast included): no serious or critical violation. */
async function audit(s, screen) {
  await s.executeScript(AXE + '; return true;');
  const found = await s.executeAsync(
    `const done = arguments[arguments.length - 1];
     axe.run(document, { resultTypes: ['violations'] })
       .then((r) => done(r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
         .map((v) => v.id + ': ' + v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', '))))
       .catch((e) => done(['axe-error: ' + e]));`,
  );
  assertEqual(found, [], `axe on ${screen}`);
}

/** Whether the app's process still runs. */
function appRunning() {
  try {
    return execFileSync('pgrep', ['-f', '-x', `${BIN}( .*)?`], { encoding: 'utf8' }).trim() !== '';
  } catch {
    return false;
  }
}

/** The window's close asked as the system asks it (its close button): Tauri's close, which emits CloseRequested. */
const askClose = (s) =>
  s.executeScript(
    `window.__TAURI_INTERNALS__.invoke('plugin:window|close', { label: 'main' }).catch(() => {}); return true;`,
  ).catch(() => true);

/**
 * Waits until the told-back `screen`'s answer is in (`arrived` shown) and none
 * of its boxes' parts is still on its way (`[data-drawing]`, each a chunk of
 * its own): until the answer, there is no part and so no `[data-drawing]`.
 */
const drawn = (s, screen, arrived) =>
  eventually(
    `the ${screen}'s answer in, every part drawn`,
    () =>
      s.executeScript(
        `return document.querySelector(arguments[0]) !== null
           && document.querySelectorAll(arguments[1]).length === 0;`,
        [arrived, `${tid(screen)} [data-drawing]`],
      ),
    true,
    10_000,
  );

/** A RISK game and a Nation game made and played a little, through the IPC. */
async function playTwo(s) {
  await s.setTimeouts({ script: 60_000 });
  return s.executeAsync(
    `const done = arguments[arguments.length - 1];
     const invoke = window.__TAURI_INTERNALS__.invoke;
     (async () => {
       const risk = await invoke('game_create', { name: 'Midnight map', setup: { game: 'risk', command: { type: 'create_game',
         players: [{ name: 'Ezio', colour: 'red' }, { name: 'Maria', colour: 'grey' }, { name: 'Cesare', colour: 'black' }],
         sigma: true, box_values: [] } } });
       const nation = await invoke('game_create', { name: 'The pyramid', setup: { game: 'nation', command: { type: 'create_game',
         players: [{ name: 'Arno', specialist: 4 }, { name: 'Élise', specialist: 5 }],
         first_player: 0, dice: null, storytelling: false, box_values: {} } } });
       await invoke('game_act', { gameId: nation.id, command: { game: 'nation', command: { type: 'end_intel' } } });
       // Which of the two boxes tell their evening (each box's door: issue 57).
       const tells = [];
       for (const game of [risk, nation]) {
         try {
           await invoke('game_open', { gameId: game.id, part: { part: 'evening', since: null } });
           tells.push(game.id);
         } catch (e) {
           if (e.code !== 'unknown_part') throw e;
         }
       }
       const told = await invoke('library_evening', { since: null });
       return { tells, told: told.map((g) => g.name), ids: told.map((g) => g.id) };
     })().then(done, (e) => done({ error: JSON.stringify(e) }));`,
  );
}

await test('the close shows the evening once: its games, its picture, its A4 page; the year; closing again closes', async () => {
  const s = await app.start();
  await s.setWindowRect({ width: 1280, height: 900 });
  await s.waitFor(tid('library'), 20_000);
  await s.waitFor('[data-close="heard"]', 20_000);
  const played = await playTwo(s);
  assert(!played.error, `played: ${played.error}`);
  // Every game whose box tells its evening is in the evening, and no other.
  assertEqual([...played.ids].sort(), [...played.tells].sort(), 'the games told are those whose box tells');
  if (played.tells.length === 0) {
    // No box tells its evening yet (this branch before the games' doors):
    // nothing to show, the close closes at once.
    console.log('  evening: no box tells its evening yet; the close closes at once');
    await askClose(s);
    await eventually('the app has closed', () => appRunning(), false, 10_000);
    return;
  }

  // 1. The close, asked: held, the summary shown.
  await askClose(s);
  await s.waitFor(`${tid('evening')} ${tid('evening-close')}`, 10_000);
  assert(appRunning(), 'the window stayed open');
  // The games come with the evening's answer (until then it says it is
  // loading, with no card and so no [data-drawing]: the count shows once they
  // are there), and each box's card is its own chunk: until it arrives the
  // game is only named.
  await drawn(s, 'evening', tid('evening-count'));
  // Each game told, in the order told, its name in its card (a box's own card or the plain line).
  const shown = await s.executeScript(
    `return [...document.querySelectorAll('[data-testid="evening-game"]')].map((g) => [g.dataset.gameId, g.textContent]);`,
  );
  assertEqual(shown.map(([id]) => id), played.ids, 'each game played, in the order told');
  for (const [i, [, words]] of shown.entries()) assert(words.includes(played.told[i]), `${played.told[i]} named: ${words}`);
  assertEqual(await s.attribute(tid('evening-count'), 'data-count'), String(played.told.length));
  const span = plain(await text(s, tid('evening-span')));
  assert(span.startsWith(say({ en: 'Since Bagless was opened (', fr: 'Depuis l’ouverture de Bagless (' })), span);
  assertEqual(plain(await text(s, tid('evening-back'))), say({ en: 'Back', fr: 'Retour' }));
  assertEqual(plain(await text(s, tid('evening-close'))), say({ en: 'Close Bagless', fr: 'Fermer Bagless' }));
  await shot(`closing-${LOCALE}`);
  await audit(s, 'the evening');

  // 2. The picture, saved where the chooser answers.
  const file = join(DATA_HOME, `evening-${LOCALE}.png`);
  rmSync(file, { force: true });
  writeFileSync(CHOOSER, `${file}\n`);
  await s.click(tid('evening-picture'));
  await s.waitFor(tid('evening-saved'), 20_000);
  rmSync(CHOOSER, { force: true });
  assertEqual(await s.attribute(tid('evening-saved'), 'data-path'), file);
  assert(plain(await text(s, tid('evening-saved'))).includes(file), 'the saved line says where');
  assert(existsSync(file), 'the picture is on disk');
  const png = readFileSync(file);
  assertEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'PNG signature');
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  assertEqual(width, 1800, 'the picture is 900 px drawn at 2×');
  assert(height > 300 && png.length > 10_000, `a picture with something in it: ${width}×${height}, ${png.length} bytes`);
  copyFileSync(file, join(ARTIFACTS, `evening-picture-${LOCALE}.png`));
  console.log(`  picture: ${width}×${height}, ${png.length} bytes`);

  // 3. The print layout: one A4 page.
  await s.executeScript(`document.documentElement.classList.add('print-preview'); return true;`);
  await s.waitFor(`${tid('evening')}.print-preview`);
  const [page, a4] = await s.executeScript(
    `const probe = document.createElement('div');
     probe.style.cssText = 'position:absolute;width:210mm;height:297mm;visibility:hidden';
     document.body.append(probe);
     const a4 = probe.getBoundingClientRect();
     probe.remove();
     const page = document.querySelector('[data-testid="evening"]').getBoundingClientRect();
     return [[page.width, page.height], [a4.width, a4.height]];`,
  );
  assert(Math.abs(page[0] - a4[0]) < 1, `the page is A4 wide: ${page[0]} vs ${a4[0]}`);
  assert(page[1] <= a4[1] + 1, `the summary fits one A4 page: ${page[1]} px of ${a4[1]}`);
  await s.fullPageScreenshot(join(ARTIFACTS, `evening-print-${LOCALE}.png`));
  await s.executeScript(`document.documentElement.classList.remove('print-preview'); return true;`);

  // 4. Back: where the players were; the year from the library.
  await s.click(tid('evening-back'));
  await s.waitFor(tid('library'));
  await s.click(tid('library-year'));
  await s.waitFor(tid('year'));
  assertEqual(plain(await text(s, '#year-heading')), say({ en: 'The year, told back', fr: 'L’année, racontée' }));
  // The year comes with its answer (until then no box and so no [data-drawing]).
  await drawn(s, 'year', `${tid('year-kind')}, ${tid('year-nothing')}`);
  await shot(`year-${LOCALE}`);
  await audit(s, 'the year');
  await s.click(tid('year-back'));
  await s.waitFor(tid('library'));

  // 5. Asked again: it closes, without a summary.
  await askClose(s);
  await eventually('the app has closed', () => appRunning(), false, 10_000);
});

await test('nothing played: the first close closes', async () => {
  const s = await app.start();
  await s.waitFor(tid('library'), 20_000);
  await s.waitFor('[data-close="heard"]', 20_000);
  await askClose(s);
  await eventually('the app has closed', () => appRunning(), false, 10_000);
});
