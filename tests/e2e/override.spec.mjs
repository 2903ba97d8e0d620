// An override through the real window: memory 0.1 recorded, the XP typed
// over the track from the diary with a reason; the diary says it was
// corrected by hand, the history marks the entry as an override with the
// reason, and undo from the history takes it back.
import { app, assert, assertEqual, eventually, say, shot, test } from './harness.mjs';

const tid = (id) => `[data-testid="${id}"]`;
const text = (s, selector) =>
  s.executeScript('return document.querySelector(arguments[0])?.textContent?.replace(/\\s+/g, " ").trim() ?? null;', [
    selector,
  ]);
const present = (s, selector) => s.executeScript('return !!document.querySelector(arguments[0]);', [selector]);

await test('the XP corrected by hand, marked in the history, undone', async () => {
  const s = await app.start();
  await s.waitFor(tid('new-campaign-form'), 20_000);
  await s.type(tid('new-campaign-name'), 'Miscounted');
  await s.click(tid('assassin-claudio'));
  await s.click(tid('create-campaign'));
  await s.waitFor(tid('diary'), 10_000);
  await s.click(tid('record-attempt'));
  await s.waitFor(tid('attempt-form'));
  await s.click(tid('save-attempt'));
  await s.waitGone(tid('attempt-form'), 10_000);
  await eventually('0 XP', () => text(s, tid('xp-total')), '0');

  // A value past the track's end is refused in words, and nothing changes.
  await s.click(tid('override-xp-open'));
  await s.waitFor(tid('override-xp'));
  await s.type(tid('override-xp-value'), '200');
  await s.type(tid('override-xp-reason'), 'the boss XP was forgotten');
  await s.click(tid('override-xp-save'));
  await eventually(
    'refused past the track',
    () => text(s, `${tid('override-xp')} ${tid('error')}`),
    (t) => t?.includes(say({ en: 'at most 175', fr: 'au plus 175' })),
  );
  assertEqual(await text(s, tid('xp-total')), '0', 'nothing changed');
  await s.type(tid('override-xp-value'), '20');
  await shot('form');
  await s.click(tid('override-xp-save'));
  await s.waitGone(tid('override-xp'), 10_000);
  await eventually('20 XP', () => text(s, tid('xp-total')), '20');
  await eventually(
    'the correction is shown',
    () => text(s, tid('xp-correction')),
    say({ en: '20 XP added by hand (marked in the history)', fr: '20 XP ajoutés à la main (signalé dans l’historique)' }),
  );
  await shot('diary');

  // The history marks it, with the reason.
  await s.click(tid('to-history'));
  await s.waitFor(tid('history-override'), 10_000);
  const first = `${tid('history-entry')}:first-child`;
  assertEqual(
    await s.executeScript('return document.querySelector(arguments[0]).dataset.overridden;', [first]),
    'true',
    'the newest entry is the override',
  );
  assertEqual(
    await text(s, `${first} ${tid('history-words')}`),
    say({ en: 'XP set to 20 by hand (the rules gave 0)', fr: 'XP mis à 20 à la main (les règles donnaient 0)' }),
    'override line',
  );
  assert((await text(s, first)).includes('the boss XP was forgotten'), 'the reason is shown');
  await shot('history');

  // Undo takes it back.
  await s.click(tid('history-undo'));
  await eventually('undone', () => s.executeScript('return document.querySelector(arguments[0]).dataset.status;', [first]), 'redoable');
  await s.click(tid('history-to-diary'));
  await eventually('back to 0 XP', () => text(s, tid('xp-total')), '0');
  assertEqual(await present(s, tid('xp-correction')), false, 'no correction left');
});
