// Brotherhood of Venice, rules edition 2 (issue 30, correction 13), through
// the real window on a fresh data dir, in each language:
//   VILLA: "Recover your lost [health] (your 3 initial and those added by
//   your armor if you are wearing it)" — the "4 (3 if playing memory 0.1 or
//   0.2)" of ADJUSTING THE NUMBER OF PLAYERS are action cubes.
//   1. a new campaign (Alessandra, Bastiano) plays 0.1, 0.2 and 0.3;
//   2. the board: Alessandra, who wears no armor, has 3 health of 3, and a
//      4th action cube is set beside each board;
//   3. the set-up sheet says 3 health (of 3) for her board.
// Screenshots: bov-health-board.png and bov-health-set-up.png.
import { join } from 'node:path';
import { ARTIFACTS, app, eventually, say, shot, test } from './harness.mjs';

const tid = (id) => `[data-testid="${id}"]`;
const text = (s, selector) =>
  s.executeScript('return document.querySelector(arguments[0])?.textContent?.replace(/\\s+/g, " ").trim() ?? null;', [
    selector,
  ]);
const attr = (s, selector, name) =>
  s.executeScript('return document.querySelector(arguments[0])?.getAttribute(arguments[1]) ?? null;', [
    selector,
    name,
  ]);

await test('after 0.3 an assassin without armor has 3 health on the board and the set-up sheet', async () => {
  const s = await app.start();
  await s.waitFor(tid('new-campaign-form'), 20_000);
  await s.type(tid('new-campaign-name'), 'Three health');
  await s.click(tid('assassin-alessandra'));
  await s.click(tid('assassin-bastiano'));
  await s.click(tid('create-campaign'));
  await eventually('diary open', () => text(s, tid('diary-name')), 'Three health');

  for (const memory of ['0.1', '0.2', '0.3']) {
    await s.click(tid('record-attempt'));
    await s.waitFor(tid('attempt-form'));
    await s.click(tid('save-attempt'));
    await s.waitGone(tid('attempt-form'), 10_000);
    await eventually(`${memory} recorded`, () => attr(s, tid(`memory-${memory}`), 'data-status'), 'success');
  }

  await s.click(tid('to-board'));
  await s.waitFor(tid('board-screen'), 10_000);
  await eventually('Alessandra 3 health', () => attr(s, tid('health-alessandra'), 'data-health'), '3');
  await eventually('of 3', () => attr(s, tid('health-alessandra'), 'data-max'), '3');
  await eventually(
    'in words',
    () => text(s, `${tid('health-alessandra')} .sr-only`),
    say({ en: 'Health 3 of 3', fr: 'Santé 3 sur 3' }),
  );
  await s.fullPageScreenshot(join(ARTIFACTS, 'bov-health-board.png'));
  await shot('bov-health-board');

  await s.click(tid('to-set-up'));
  await s.waitFor(tid('sheet-set_up'), 10_000);
  await eventually('the sheet says 3 of 3', () => attr(s, tid('sheet-health-alessandra'), 'data-health'), '3');
  await eventually(
    'the sheet in words',
    () => text(s, tid('sheet-health-alessandra')),
    say({ en: '3 health (of 3)', fr: '3 points de santé (sur 3)' }),
  );
  await s.fullPageScreenshot(join(ARTIFACTS, 'bov-health-set-up.png'));
  await shot('bov-health-set-up');
});
