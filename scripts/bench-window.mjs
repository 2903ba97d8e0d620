// Start-up time, idle memory and size of Bagless next to an empty Tauri 2
// window, printed as a table. scripts/bench.sh builds both apps, starts
// tauri-driver and runs this with:
//   WEBDRIVER_URL      where tauri-driver listens
//   BENCH_DRIVER_PID   tauri-driver's pid: both apps are started under it
//   BENCH_RUNS         measured starts of each app (default 5)
//   BENCH_SETTLE_MS    idle time before memory is read (default 3000)
//   BENCH_TMP          a folder of its own, for the static copy of the diary
//
// Start-up = from the app process's spawn (its start time in /proc) to the
// moment its first screen is in the page and displayed, polled through
// WebDriver: Bagless's library, the empty window's only element. Both
// clocks are the kernel's boot clock, to 10 ms.
// The diary's start is timed to its top (the campaign's name) and, once that
// is displayed, to its memory table too, which sits below the window's first
// view and is drawn after it, in turns, and shown once whole (ui/src/lib/next-frame.ts).
// The diary's start is also set beside a static copy of that diary (its
// HTML and stylesheets as Bagless drew them, no JavaScript) shown by the
// empty window (`--page`): the least any diary of that look costs to show.
// Memory = the app process plus every process under it (WebKit's web and
// network processes), summed from /proc/<pid>/smaps_rollup: PSS (shared pages
// split between the processes that share them) and RSS.

import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Session } from '../tests/e2e/webdriver.mjs';
import { FIRST_SCREEN_LIMIT_BYTES, firstScreenJs } from './first-screen-js.mjs';
import {
  EMPTY_WINDOW,
  EMPTY_WINDOW_SAME_PROFILE,
  SETTLE_MS,
  measure,
  median,
  waitDisplayed,
  writeStaticPage,
} from './bench-measure.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const BENCH_TMP = process.env.BENCH_TMP;
if (!BENCH_TMP) throw new Error('BENCH_TMP is not set: run scripts/bench.sh');
const STATIC_PAGE = join(BENCH_TMP, 'static-diary');

const APPS = {
  bagless: {
    name: 'Bagless',
    binary: join(ROOT, 'target/release/bagless-desktop'),
    ready: '[data-testid="library"]',
  },
  // The same app, reopening the campaign played last (its diary).
  diary: {
    name: 'Bagless, last campaign',
    binary: join(ROOT, 'target/release/bagless-desktop'),
    ready: '[data-testid="diary-name"]',
    // Below the window's first view, drawn in turns after its top and shown once whole: timed too.
    whole: '[data-testid="diary-sequences"]',
  },
  empty: {
    name: 'empty window',
    binary: EMPTY_WINDOW,
    ready: '[data-testid="ready"]',
  },
  // The empty window showing a static copy of that diary.
  static: {
    name: 'static copy of the diary',
    binary: EMPTY_WINDOW,
    args: ['--page', STATIC_PAGE],
    ready: '[data-testid="diary-name"]',
  },
};

const results = { bagless: [], diary: [], empty: [], emptyBeside: [], static: [] };
// One start of each first, not counted: it fills the page cache and lets
// Bagless create its library, so every counted start is alike.
for (const key of ['empty', 'bagless']) {
  const r = await measure(APPS[key]);
  console.log(`bench: warm-up ${APPS[key].name}: ${r.startupMs} ms, PSS ${(r.pss / 1024).toFixed(0)} MB`);
}
for (let run = 1; run <= RUNS; run += 1) {
  for (const key of ['empty', 'bagless']) {
    const r = await measure(APPS[key]);
    results[key].push(r);
    console.log(
      `bench: run ${run} ${APPS[key].name}: start-up ${r.startupMs} ms, ` +
        `PSS ${(r.pss / 1024).toFixed(1)} MB, RSS ${(r.rss / 1024).toFixed(1)} MB (${r.processes} processes)`,
    );
  }
}

// A campaign played last: Bagless now opens straight into its diary.
{
  const session = await Session.start({ application: APPS.bagless.binary });
  try {
    await waitDisplayed(session, APPS.bagless.ready);
    const made = await session.executeAsync(
      `const done = arguments[arguments.length - 1];
       window.__TAURI_INTERNALS__.invoke('game_create', { name: 'Bench nights', setup: { game: 'bov', command: { type: 'create', name: 'Bench nights', pack_id: 'core', assassins: ['claudio'] } } })
         .then((c) => { localStorage.setItem('bagless.lastCampaign', c.id); done(c.id); }, (e) => done(null));`,
    );
    if (!made) throw new Error('could not create the campaign the diary start opens');
  } finally {
    await session.quit();
  }
}
// Measured turn about with the empty window again, so that both figures of
// this ratio come from the same minutes of the machine.
await writeStaticPage(APPS.diary, STATIC_PAGE, join(ROOT, 'ui/dist/assets'));
await measure(APPS.diary);
await measure(APPS.static);
for (let run = 1; run <= RUNS; run += 1) {
  for (const key of ['empty', 'diary', 'static']) {
    const r = await measure(APPS[key]);
    results[key === 'empty' ? 'emptyBeside' : key].push(r);
    const whole = APPS[key].whole ? ` (whole diary ${r.wholeMs} ms)` : '';
    console.log(`bench: run ${run} ${APPS[key].name}: start-up ${r.startupMs} ms${whole}`);
  }
}

const figure = (key, field) => median(results[key].map((r) => r[field]));
const mb = (kb) => kb / 1024;

const jsDir = join(ROOT, 'ui/dist/assets');
const jsFiles = readdirSync(jsDir).filter((f) => f.endsWith('.js'));
const jsGzipKb = jsFiles.reduce((sum, f) => sum + gzipSync(readFileSync(join(jsDir, f)), { level: 9 }).length, 0) / 1024;
const firstScreen = firstScreenJs(join(ROOT, 'ui/dist'));
const binaryMb = (file) => statSync(file).size / (1024 * 1024);

const rows = [
  // [figure, Bagless, empty window, unit, target ratio or limit]
  ['start-up to first screen (median)', figure('bagless', 'startupMs'), figure('empty', 'startupMs'), 'ms', { ratio: 1.3 }],
  ["start-up into the last campaign's diary (median)", figure('diary', 'startupMs'), figure('emptyBeside', 'startupMs'), 'ms', { ratio: 1.1 }],
  ['  the whole diary, its memory table below the first view included (median)', figure('diary', 'wholeMs'), figure('emptyBeside', 'startupMs'), 'ms', {}],
  ['  the same diary, static: its HTML and CSS, no JavaScript (median)', figure('static', 'startupMs'), figure('emptyBeside', 'startupMs'), 'ms', {}],
  ['idle memory, PSS (median)', mb(figure('bagless', 'pss')), mb(figure('empty', 'pss')), 'MB', { ratio: 1.3 }],
  ['idle memory, RSS (median)', mb(figure('bagless', 'rss')), mb(figure('empty', 'rss')), 'MB', {}],
  [`UI JavaScript, gzipped (${jsFiles.length} files)`, jsGzipKb, null, 'KB', { limit: 250 }],
  // Issue 57's start and 2 KB (scripts/first-screen-js.mjs).
  [`  the first screen's: index.html's script and preloads (${firstScreen.files.length} files)`, firstScreen.bytes, null, 'B', { limit: FIRST_SCREEN_LIMIT_BYTES }],
  ['release binary', binaryMb(APPS.bagless.binary), binaryMb(APPS.empty.binary), 'MB', { ratio: 1.6 }],
  // The profile's own share: the empty window built as Bagless is.
  ['  beside the empty window built with the same profile', binaryMb(APPS.bagless.binary), binaryMb(EMPTY_WINDOW_SAME_PROFILE), 'MB', {}],
];

const fmt = (v, unit) => (v === null ? '-' : `${v.toFixed(unit === 'ms' || unit === 'B' ? 0 : 1)} ${unit}`);
const table = [['figure', 'Bagless', 'empty window', 'ratio', 'target', 'verdict']];
for (const [name, ours, empty, unit, target] of rows) {
  const ratio = empty ? ours / empty : null;
  let targetText = '-';
  let verdict = '';
  if (target.ratio) {
    targetText = `<= ${target.ratio}x`;
    verdict = ratio <= target.ratio ? 'ok' : 'OVER';
  } else if (target.limit) {
    targetText = `< ${target.limit} ${unit}`;
    verdict = ours < target.limit ? 'ok' : 'OVER';
  }
  table.push([name, fmt(ours, unit), fmt(empty, unit), ratio === null ? '-' : `${ratio.toFixed(2)}x`, targetText, verdict]);
}
const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
console.log('');
console.log(`bench: ${RUNS} starts of each app, memory read ${SETTLE_MS} ms after the first screen`);
for (const [i, row] of table.entries()) {
  console.log(`| ${row.map((cell, j) => cell.padEnd(widths[j])).join(' | ')} |`);
  if (i === 0) console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
}
