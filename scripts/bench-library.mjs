// The window on one library of the large-library bench, beside the empty
// Tauri window: start-up into the game played last and idle memory (PSS,
// RSS). scripts/bench-library.sh puts the library in the data folder of the
// apps tauri-driver starts and runs this once per library with:
//   WEBDRIVER_URL, BENCH_DRIVER_PID   see scripts/bench-lib.sh
//   BENCH_RUNS          measured starts of each app (default 5)
//   BENCH_SETTLE_MS     idle time before memory is read (default 3000)
//   BENCH_LAST_GAME     the game the window remembers as played last, as
//                       ui/src/lib/ipc/first.ts keeps it ("risk:<id>"; a
//                       campaign's plain id for its diary)
//   BENCH_READY         the selector shown once that game is on screen
//   BENCH_COLUMN        the table's column these figures go to
//   BENCH_RESULTS       the file the figures are added to, one per line:
//                       "<measure> <column> <value>"
//   BENCH_TMP           a folder of its own, for the static copy of the screen
//   BENCH_SCREEN        "" (default) for the game played last, or a name
//                       ("diary") that prefixes every measure's name: the
//                       same start timed into another screen, memory not read
// The apps start in turn (the empty window, Bagless, then the empty window
// showing a static copy of the game's screen: its HTML and stylesheets as
// Bagless drew them, no JavaScript; `--page`), so that the figures of a
// ratio come from the same minutes of the machine. The static copy is the
// least any screen of that look costs to show, whatever the code behind it;
// its memory is not read. It is taken half a second after the screen shows,
// so it holds what the screen draws in the frames after its first too (the
// RISK screen's parts below the window's first view, the diary's memory
// table): a little more than the app's first frame draws.

import { appendFileSync, cpSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Session } from '../tests/e2e/webdriver.mjs';
import { EMPTY_WINDOW, measure, median, sleep, waitDisplayed, writeStaticPage } from './bench-measure.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const { BENCH_LAST_GAME: LAST_GAME, BENCH_READY: READY, BENCH_COLUMN: COLUMN, BENCH_RESULTS: RESULTS } = process.env;
const BENCH_TMP = process.env.BENCH_TMP;
if (!LAST_GAME || !READY || !COLUMN || !RESULTS || !BENCH_TMP) {
  throw new Error('BENCH_LAST_GAME, BENCH_READY, BENCH_COLUMN, BENCH_RESULTS and BENCH_TMP are not set: run scripts/bench-library.sh');
}
const SCREEN = process.env.BENCH_SCREEN ?? '';
/** The measures' names: the last game's plain, another screen's prefixed. */
const PREFIX = SCREEN === '' ? '' : `${SCREEN}_`;
/** Memory is read once per library, with the last game. */
const SETTLE = SCREEN === '';
const STATIC_PAGE = join(BENCH_TMP, `static-screen-${COLUMN}${SCREEN === '' ? '' : `-${SCREEN}`}`);

const APPS = {
  game: {
    name: `Bagless, ${COLUMN}${SCREEN === '' ? '' : `, ${SCREEN}`}`,
    binary: join(ROOT, 'target/release/bagless-desktop'),
    // Its name in the copy of the screen the window kept, or in its own.
    shown: `${READY.replace('data-testid', 'data-kept-testid')}, ${READY}`,
    ready: READY,
    settle: SETTLE,
  },
  empty: { name: 'empty window', binary: EMPTY_WINDOW, ready: '[data-testid="ready"]', settle: SETTLE },
  static: {
    name: 'static copy of the screen',
    binary: EMPTY_WINDOW,
    args: ['--page', STATIC_PAGE],
    ready: READY,
    settle: false,
  },
};

// The game played last, remembered as the window remembers it. The window
// may still be forgetting the game remembered on the library before (not in
// this one): set, reload, and set again until the page opens into it.
{
  const session = await Session.start({ application: APPS.game.binary });
  try {
    await waitDisplayed(session, 'body', 120_000);
    for (let attempt = 1; ; attempt += 1) {
      await session.executeScript(
        `localStorage.setItem('bagless.lastCampaign', ${JSON.stringify(LAST_GAME)}); setTimeout(() => location.reload(), 0);`,
      );
      try {
        await waitDisplayed(session, READY, 20_000);
        // As after any evening's play, the window keeps its screen once it
        // has settled (ui/src/lib/frame/keep.ts): the starts measured begin
        // with that copy, as the players' do.
        const deadline = Date.now() + 15_000;
        const kept = `return JSON.parse(localStorage.getItem('bagless.keptFrame') ?? 'null')?.last === ${JSON.stringify(LAST_GAME)};`;
        while (!(await session.executeScript(kept))) {
          if (Date.now() > deadline) throw new Error('the window kept no copy of its screen within 15 s');
          await sleep(100);
        }
        break;
      } catch (err) {
        if (attempt === 3) throw err;
      }
    }
  } finally {
    await session.quit();
  }
}

await writeStaticPage(APPS.game, STATIC_PAGE, join(ROOT, 'ui/dist/assets'));
// Kept for trying what the screen's look costs (a part taken out of the copy, timed again).
if (process.env.BENCH_KEEP_STATIC) cpSync(STATIC_PAGE, join(process.env.BENCH_KEEP_STATIC, `static-screen-${COLUMN}${SCREEN === '' ? '' : `-${SCREEN}`}`), { recursive: true });

// One start of each first, not counted: it fills the page cache.
for (const key of ['empty', 'game', 'static']) {
  const r = await measure(APPS[key]);
  console.log(`bench: warm-up ${APPS[key].name}: ${r.startupMs} ms${r.pss === undefined ? '' : `, PSS ${(r.pss / 1024).toFixed(0)} MB`}`);
}
const results = { game: [], empty: [], static: [] };
for (let run = 1; run <= RUNS; run += 1) {
  for (const key of ['empty', 'game', 'static']) {
    const r = await measure(APPS[key]);
    results[key].push(r);
    const frame = r.frameMs === null ? 'no paint timing' : `first frame ${r.frameMs} ms`;
    const memory =
      r.pss === undefined
        ? ''
        : `, PSS ${(r.pss / 1024).toFixed(1)} MB, RSS ${(r.rss / 1024).toFixed(1)} MB (${r.processes} processes: ${r.parts}, MB)`;
    const ready = r.readyMs === r.startupMs ? '' : `, its own screen ${r.readyMs} ms (painted ${r.drawnMs} ms)`;
    console.log(`bench: run ${run} ${APPS[key].name}: start-up ${r.startupMs} ms${ready} (${frame})${memory}`);
  }
}

// A page without paint timing has no first frame: left out of the table.
// How many starts showed the copy kept first (the others drew the app's own screen at once).
const copies = results.game.reduce((n, r) => n + (r.copies ?? 0), 0);
console.log(`bench: ${APPS.game.name}: the copy kept shown first in ${copies} of ${results.game.length} starts`);
const figure = (key, field) => median(results[key].map((r) => r[field]).filter((v) => v !== null && v !== undefined));
const lines = [
  `${PREFIX}startup ${COLUMN} ${figure('game', 'startupMs')}`,
  `${PREFIX}startup empty-beside-${COLUMN} ${figure('empty', 'startupMs')}`,
  `${PREFIX}ready ${COLUMN} ${figure('game', 'readyMs')}`,
  `${PREFIX}ready empty-beside-${COLUMN} ${figure('empty', 'startupMs')}`,
  `${PREFIX}drawn ${COLUMN} ${figure('game', 'drawnMs')}`,
  `${PREFIX}drawn empty-beside-${COLUMN} ${figure('empty', 'frameMs')}`,
  `${PREFIX}frame ${COLUMN} ${figure('game', 'frameMs')}`,
  `${PREFIX}frame empty-beside-${COLUMN} ${figure('empty', 'frameMs')}`,
  `${PREFIX}static ${COLUMN} ${figure('static', 'startupMs')}`,
  `${PREFIX}static empty-beside-${COLUMN} ${figure('empty', 'startupMs')}`,
  `${PREFIX}static_frame ${COLUMN} ${figure('static', 'frameMs')}`,
  `${PREFIX}static_frame empty-beside-${COLUMN} ${figure('empty', 'frameMs')}`,
  ...(SETTLE
    ? [
        `pss ${COLUMN} ${figure('game', 'pss')}`,
        `rss ${COLUMN} ${figure('game', 'rss')}`,
        `pss empty-beside-${COLUMN} ${figure('empty', 'pss')}`,
        `rss empty-beside-${COLUMN} ${figure('empty', 'rss')}`,
      ]
    : []),
];
appendFileSync(
  RESULTS,
  lines
    .filter((l) => !l.endsWith(' null'))
    .map((l) => `${l}\n`)
    .join(''),
);
