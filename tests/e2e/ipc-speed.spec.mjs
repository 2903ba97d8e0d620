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
  const commands = [
    ['list_campaigns', {}],
    ['open_diary', { campaignId }],
    ['open_board', { campaignId }],
    ['open_hq', { campaignId }],
    ['history', { campaignId }],
    ['set_hq_sticker', { campaignId, number: 1, marked: true }],
    ['set_hq_sticker', { campaignId, number: 1, marked: false }],
  ];
  const timings = await s.executeAsync(
    `const [commands, runs, done] = arguments;
     const invoke = window.__TAURI_INTERNALS__.invoke;
     (async () => {
       const out = {};
       for (const [name, args] of commands) {
         const key = name === 'set_hq_sticker' ? 'set_hq_sticker (a write)' : name;
         out[key] ??= [];
         for (let i = 0; i < runs; i += 1) {
           const start = performance.now();
           await invoke(name, args);
           out[key].push(performance.now() - start);
         }
       }
       return out;
     })().then(done, (e) => done({ error: String(e) }));`,
    [commands, RUNS],
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
