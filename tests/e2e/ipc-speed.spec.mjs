// Speed through the real IPC: every command the UI sends, timed from the
// page on a campaign of 5,000 events, 95th percentile reported (not
// asserted: machines differ). The campaign is tests/fixtures/
// library-5000-events.sqlite, written by the `bagless` command's test
// writer (`bagless debug-record-loop --count 5000`). English run only.
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_DATA_DIR, ARTIFACTS, LOCALE, app, assert, test } from './harness.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const FIXTURE = join(ROOT, 'tests', 'fixtures', 'library-5000-events.sqlite');
const tid = (id) => `[data-testid="${id}"]`;
const RUNS = 40;

if (LOCALE !== 'en') {
  console.log('  ipc-speed: skipped (English run only)');
  process.exit(0);
}

mkdirSync(APP_DATA_DIR, { recursive: true });
copyFileSync(FIXTURE, join(APP_DATA_DIR, 'bagless.sqlite'));
let campaignId = null;

await test('every command answers through the IPC (p95 reported)', async () => {
  const s = await app.start();
  await s.waitFor(tid('campaign-list'), 20_000);
  campaignId = await s.executeScript(
    `return document.querySelector('[data-testid="campaign-card"]').getAttribute('data-campaign-id');`,
  );
  // Each group runs RUNS times; its calls run in turn, each timed on its own
  // (an undo then its redo; a value set then set back).
  const diary = await s.executeAsync(
    `const done = arguments[arguments.length - 1];
     window.__TAURI_INTERNALS__.invoke('open_diary', { campaignId: arguments[0] }).then(done, () => done(null));`,
    [campaignId],
  );
  const groups = [
    [['library_info', {}]],
    [['list_packs', {}]],
    [['list_campaigns', {}]],
    [['list_export_files', {}]],
    [['list_backups', {}]],
    [['open_diary', { campaignId }]],
    [['open_board', { campaignId }]],
    [['open_hq', { campaignId }]],
    [['history', { campaignId }]],
    [
      ['set_hq_sticker', { campaignId, number: 1, marked: true }],
      ['set_hq_sticker', { campaignId, number: 1, marked: false }],
    ],
    [
      ['rename_campaign', { campaignId, name: 'Speed A' }],
      ['rename_campaign', { campaignId, name: 'Speed B' }],
    ],
    [
      ['undo', { campaignId }],
      ['redo', { campaignId }],
    ],
  ];
  const track = diary?.track;
  if (track) {
    // Up one XP and back, or down and back at the track's end.
    const other = track.total < track.max ? track.total + 1 : track.total - 1;
    const xp = (value) => ['override_value', { campaignId, input: { target: 'xp', value, reason: '' } }];
    groups.push([xp(other), xp(track.total)]);
  }
  const timings = await s.executeAsync(
    `const [groups, runs, done] = arguments;
     const invoke = window.__TAURI_INTERNALS__.invoke;
     (async () => {
       const out = {};
       for (const group of groups) {
         for (let i = 0; i < runs; i += 1) {
           for (const [name, args] of group) {
             const start = performance.now();
             await invoke(name, args);
             (out[name] ??= []).push(performance.now() - start);
           }
         }
       }
       return out;
     })().then(done, (e) => done({ error: String(e) }));`,
    [groups, RUNS],
  );
  assert(!timings.error, `a command failed: ${timings.error}`);
  const events = await s.executeAsync(
    `const done = arguments[arguments.length - 1];
     window.__TAURI_INTERNALS__.invoke('history', { campaignId: arguments[0] }).then((h) => done(h.entries?.length ?? null), () => done(null));`,
    [campaignId],
  );
  const rows = Object.entries(timings).map(([name, ms]) => {
    const sorted = [...ms].sort((a, b) => a - b);
    const p95 = sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)];
    return { command: name, p50: sorted[Math.floor(sorted.length / 2)], p95, target: 16 };
  });
  console.log(`  ipc-speed: a campaign of 5,000 events (${events ?? '?'} history steps), ${RUNS} calls each`);
  for (const r of rows) {
    console.log(`  ipc-speed: ${r.command.padEnd(28)} p50 ${r.p50.toFixed(1).padStart(6)} ms   p95 ${r.p95.toFixed(1).padStart(6)} ms   (target < ${r.target} ms)`);
  }
  writeFileSync(join(ARTIFACTS, 'ipc-speed.json'), JSON.stringify(rows, null, 2));
});
