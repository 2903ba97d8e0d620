// Accessibility and layout: axe-core is injected into each main screen of
// the real window (the library, the diary with its XP correction form open,
// an assassin board, the HQ board, the history, the pack-up sheet) and any
// serious or critical violation fails; each screen is then shown at 1280×720
// (a laptop) and 1920×1080 (full HD), where nothing may stick out sideways
// (screenshots of each).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { app, assert, eventually, shot, test } from './harness.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const AXE = readFileSync(join(ROOT, 'ui', 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
const tid = (id) => `[data-testid="${id}"]`;

async function audit(s, screen) {
  await s.executeScript(AXE + '; return true;');
  const result = await s.executeAsync(
    `const done = arguments[arguments.length - 1];
     axe.run(document, { resultTypes: ['violations'] })
       .then((r) => done(r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
          nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }))))
       .catch((e) => done([{ id: 'axe-error', impact: 'critical', help: String(e), nodes: [] }]));`,
  );
  const serious = result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  for (const v of result) console.log(`  axe ${screen}: ${v.impact} ${v.id} — ${v.help} ${JSON.stringify(v.nodes)}`);
  if (serious.length) {
    await shot(`a11y-${screen}`);
    failures.push(`${screen}: ${serious.map((v) => `${v.id} (${v.impact})`).join(', ')}`);
  }
  await layout(s, screen);
}

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
];

/** At each size, the page is no wider than the window: no sideways scrolling. */
async function layout(s, screen) {
  const before = await s.windowRect();
  for (const size of SIZES) {
    await s.setWindowRect(size);
    await eventually(`${screen} at ${size.width} wide`, () => s.executeScript('return window.innerWidth;'), size.width, 5_000);
    const wide = await s.executeScript(
      `const limit = window.innerWidth;
       if (document.documentElement.scrollWidth <= limit) return [];
       return [...document.querySelectorAll('body *')]
         .filter((el) => el.getBoundingClientRect().right > limit + 1)
         .slice(0, 5)
         .map((el) => el.tagName.toLowerCase() + (el.dataset.testid ? '[' + el.dataset.testid + ']' : '') + ' ' + Math.round(el.getBoundingClientRect().right));`,
    );
    await shot(`layout-${screen}-${size.width}x${size.height}`);
    if (wide.length) failures.push(`${screen} at ${size.width}×${size.height} is wider than the window: ${wide.join(', ')}`);
  }
  await s.setWindowRect({ width: before.width, height: before.height });
}

/** Every screen is audited; the test fails at the end with all of them. */
const failures = [];

async function record(s) {
  await s.click(tid('record-attempt'));
  await s.waitFor(tid('attempt-form'));
  await audit(s, 'attempt-form');
  await s.click(tid('save-attempt'));
  await s.waitGone(tid('attempt-form'), 10_000);
}

await test('every main screen passes axe (no serious or critical violation) and fits 1280×720 and 1920×1080', async () => {
  const s = await app.start();
  await s.waitFor(tid('new-campaign-form'), 20_000);
  await audit(s, 'library');
  await s.type(tid('new-campaign-name'), 'Axe night');
  await s.click(tid('assassin-claudio'));
  await s.click(tid('create-campaign'));
  await s.waitFor(tid('diary'), 10_000);
  for (const memory of ['0.1', '0.2', '0.3', '0.4']) {
    await eventually('next memory', () => s.executeScript(`return document.querySelector('[data-testid="next-memory"]')?.getAttribute('data-memory');`), memory);
    if (memory === '0.1') await record(s);
    else {
      await s.click(tid('record-attempt'));
      await s.waitFor(tid('attempt-form'));
      await s.click(tid('save-attempt'));
      await s.waitGone(tid('attempt-form'), 10_000);
    }
  }
  await audit(s, 'diary');
  // The XP correction form, open.
  await s.click(tid('override-xp-open'));
  await s.waitFor(tid('override-xp'));
  await audit(s, 'xp-override');
  await s.click(tid('to-board'));
  await s.waitFor(tid('board-screen'), 10_000);
  await audit(s, 'board');
  await s.click(tid('to-pack-up'));
  await s.waitFor(tid('sheet-pack_up'), 10_000);
  await audit(s, 'pack-up');
  await s.click(tid('sheet-to-board'));
  await s.waitFor(tid('board-to-hq'), 10_000);
  await s.click(tid('board-to-hq'));
  await s.waitFor(tid('unlock-hq'), 10_000);
  await s.click(tid('ally-courtesans'));
  await s.click(tid('unlock-hq'));
  await s.waitFor(tid('spot-pool'), 10_000);
  await audit(s, 'hq');
  await s.click(tid('hq-to-history'));
  await s.waitFor(tid('history-list'), 10_000);
  await audit(s, 'history');
  assert(failures.length === 0, failures.join('; '));
});
