// Looking after the library through the window: two campaigns side by side,
// rename, the bin and back, undo of a diary entry.
import { app, assertEqual, eventually, shot, test } from './harness.mjs';

const tid = (id) => `[data-testid="${id}"]`;
const text = (s, selector) =>
  s.executeScript('return document.querySelector(arguments[0])?.textContent?.trim() ?? null;', [selector]);
const count = (s, selector) =>
  s.executeScript('return document.querySelectorAll(arguments[0]).length;', [selector]);
const attr = (s, selector, name) =>
  s.executeScript('return document.querySelector(arguments[0])?.getAttribute(arguments[1]) ?? null;', [
    selector,
    name,
  ]);

async function create(s, name, assassin) {
  await s.waitFor(tid('new-campaign-form'), 20_000);
  await s.type(tid('new-campaign-name'), name);
  await s.click(tid(`assassin-${assassin}`));
  await s.click(tid('create-campaign'));
  await eventually('diary name', () => text(s, tid('diary-name')), name);
}

await test('campaigns side by side, renamed, binned, restored, undone', async () => {
  const s = await app.start();
  await create(s, 'First brotherhood', 'claudio');
  await s.click(tid('nav-library'));
  await create(s, 'Second brotherhood', 'daria');

  // Record 0.1 and take it back.
  await s.click(tid('record-attempt'));
  await s.waitFor(tid('attempt-form'));
  await s.click(tid('save-attempt'));
  await eventually('0.1 recorded', () => attr(s, tid('memory-0.1'), 'data-status'), 'success');
  await s.click(tid('undo-last'));
  await s.click(tid('confirm-undo'));
  await eventually('0.1 taken back', () => attr(s, tid('memory-0.1'), 'data-status'), 'not_played');
  assertEqual(await attr(s, tid('next-memory'), 'data-memory'), '0.1', 'next memory after undo');

  // Rename, from the diary.
  await s.click(tid('rename'));
  await s.type(tid('rename-input'), 'Second, renamed');
  await s.click(tid('rename-save'));
  await eventually('new name', () => text(s, tid('diary-name')), 'Second, renamed');

  // Both campaigns in the library; one goes to the bin and comes back.
  await s.click(tid('nav-library'));
  await eventually('two cards', () => count(s, tid('campaign-card')), 2);
  await s.click(`${tid('campaign-card')}[data-name="First brotherhood"] ${tid('delete-campaign')}`);
  await eventually('one card left', () => count(s, tid('campaign-card')), 1);
  await eventually('one in the bin', () => count(s, tid('bin-card')), 1);
  await shot('bin');
  await s.click(tid('restore-campaign'));
  await eventually('two cards again', () => count(s, tid('campaign-card')), 2);
  await eventually('bin empty', () => count(s, tid('bin-card')), 0);

  // All of it is still there after a restart.
  const again = await app.restart();
  await again.waitFor(tid('campaign-list'), 20_000);
  await eventually('two cards after restart', () => count(again, tid('campaign-card')), 2);
  assertEqual(
    await count(again, `${tid('campaign-card')}[data-name="Second, renamed"]`),
    1,
    'the renamed campaign',
  );
  await shot('library');
});
