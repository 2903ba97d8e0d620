// The headquarters through the real window, on a fresh data dir:
//   1. memories 0.1–0.4 recorded (Bastiano eliminated in 0.4); the HQ is
//      unlocked with mercenaries;
//   2. the first assignment by drag and drop, one placement by keyboard, a
//      second miniature refused from the shop with its reason; the numbers
//      from the cards typed when asked (screenshot: hq-assignment.png);
//   3. memory 1.1 recorded; the resolution with entered dice fulfils
//      contract 1 and the HQ reaches level II (screenshot:
//      hq-resolution.png); undo takes the whole step back, redo brings it back;
//   4. after a restart the HQ is as left;
//   5. FIRST ASSIGNMENT: memory 1.1 is refused, with the section named, right
//      after 0.4 and again after unlocking, until the first assignment is
//      confirmed (step 1);
//   6. an injured Alessandra put on a red hospital space at the next
//      assignment is replaced by an apprentice: the HQ and the boards say so
//      (screenshots: hq-hospital, board-hospital).
import { join } from 'node:path';
import { ARTIFACTS, KEYS, app, assert, assertEqual, eventually, say, shot, test } from './harness.mjs';

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
const present = (s, selector) => s.executeScript('return !!document.querySelector(arguments[0]);', [selector]);
const setValue = (s, selector, value) =>
  s.executeScript(
    `const el = document.querySelector(arguments[0]);
     Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(el, arguments[1]);
     el.dispatchEvent(new Event('input', { bubbles: true }));
     el.dispatchEvent(new Event('change', { bubbles: true }));`,
    [selector, String(value)],
  );
const focus = (s, selector) => s.executeScript('document.querySelector(arguments[0]).focus();', [selector]);
const inSpot = (s, spot, mini) => present(s, `${tid(`spot-${spot}`)} ${tid(`mini-${mini}`)}`);

async function record(s, memory, eliminated = []) {
  await eventually('next memory', () => attr(s, tid('next-memory'), 'data-memory'), memory);
  await s.click(tid('record-attempt'));
  await s.waitFor(tid('attempt-form'));
  for (const a of eliminated) {
    await s.click(tid(`eliminated-${a}`));
    await eventually(`${a} ticked`, async () => (await s.find(tid(`eliminated-${a}`))).property('checked'), true, 3_000);
  }
  await s.click(tid('save-attempt'));
  await s.waitGone(tid('attempt-form'), 10_000);
}

/**
 * Tries to record the next memory and checks the rules refuse it until the
 * HQ's first assignment is confirmed; the section is the rulebook's English
 * heading in both languages. Closes the form.
 */
async function refusedBeforeFirstAssignment(s, screenshot = null) {
  await eventually('next memory', () => attr(s, tid('next-memory'), 'data-memory'), '1.1');
  await s.click(tid('record-attempt'));
  await s.waitFor(tid('attempt-form'));
  await s.click(tid('save-attempt'));
  const refusal = `${tid('attempt-form')} ${tid('error')} [data-rule="hq_first_assignment_due"]`;
  await eventually('1.1 refused before the first assignment', () => attr(s, refusal, 'data-section'), 'FIRST ASSIGNMENT');
  const words = await text(s, refusal);
  assert(words?.includes('FIRST ASSIGNMENT'), `the refusal names the rulebook section: ${words}`);
  assert(words?.includes(say({ en: 'first assignment', fr: 'première affectation' })), `the refusal says why: ${words}`);
  if (screenshot) await shot(screenshot);
  await s.click(tid('cancel-attempt'));
  await s.waitGone(tid('attempt-form'), 10_000);
  assert((await attr(s, tid('next-memory'), 'data-memory')) === '1.1', '1.1 is still the next memory');
}

async function drag(s, mini, spot) {
  await s.dragTo(await s.find(tid(`mini-${mini}`)), await s.find(tid(`spot-${spot}`)));
  await eventually(`${mini} in ${spot}`, () => inSpot(s, spot, mini), true);
}

/** Types the numbers Bagless asks for, if it asks. */
async function answer(s, values) {
  if (!(await present(s, tid('hq-values')))) return false;
  const keys = await s.executeScript(
    `return [...document.querySelectorAll('[data-testid^="value-"]')].map((e) => e.getAttribute('data-testid').slice(6));`,
  );
  for (const key of keys) {
    assert(key in values, `asked for an unexpected number: ${key}`);
    await setValue(s, tid(`value-${key}`), values[key]);
  }
  await s.click(tid('hq-values-save'));
  await s.waitGone(tid('hq-values'), 10_000);
  return true;
}

const NUMBERS = {
  'contract.1.level': 1,
  'contract.2.level': 2,
  'contract.1.stars': 3,
  'brown.apprentice-2.hospital.1': 2,
  'brown.ally-2.command_room': 1,
  'brown.ally-3.command_room': 1,
  'brown.ally-4.command_room': 1,
};

let campaignId = null;

await test('unlock, assign, resolve, undo and resolve again', async () => {
  const s = await app.start();
  await s.waitFor(tid('new-campaign-form'), 20_000);
  await s.type(tid('new-campaign-name'), 'HQ nights');
  await s.click(tid('assassin-alessandra'));
  await s.click(tid('assassin-bastiano'));
  await s.click(tid('create-campaign'));
  await s.waitFor(tid('diary'), 10_000);
  campaignId = await attr(s, tid('diary'), 'data-campaign-id');
  for (const memory of ['0.1', '0.2', '0.3']) await record(s, memory);
  await record(s, '0.4', ['bastiano']);
  // No memory before the HQ is unlocked and its first assignment made.
  await eventually('the diary asks to unlock the HQ', () => attr(s, tid('hq-due'), 'data-step'), 'unlock');
  await refusedBeforeFirstAssignment(s, 'first-assignment-refused');

  await s.click(tid('to-hq'));
  await s.waitFor(tid('unlock-hq'), 10_000);
  await s.click(tid('ally-mercenaries'));
  await s.click(tid('unlock-hq'));
  await s.waitFor(tid('spot-pool'), 10_000);
  // Unlocked is not enough: the first assignment comes before 1.1.
  await s.click(tid('hq-to-diary'));
  await eventually('the diary asks for the assignment', () => attr(s, tid('hq-due'), 'data-step'), 'assignment');
  await refusedBeforeFirstAssignment(s);
  await s.click(tid('to-hq'));
  await s.waitFor(tid('spot-pool'), 10_000);
  await s.setWindowRect({ width: 1280, height: 1400 });

  // The first assignment, by drag and drop.
  await drag(s, 'alessandra', 'memory');
  await drag(s, 'bastiano', 'hospital_red');
  assert(await present(s, tid('patient-bag-bastiano')), 'the board says what of Bastiano waits in his bag');
  await drag(s, 'ezio', 'memory');
  await drag(s, 'apprentice-1', 'memory');
  await drag(s, 'ally-1', 'memory');
  await drag(s, 'apprentice-2', 'hospital_white');
  await drag(s, 'apprentice-3', 'workshop');
  await drag(s, 'apprentice-4', 'shop');
  // FIRST ASSIGNMENT, "Shop: Place 1 assassin apprentice or mercenary /
  // courtesan miniature there if you have any left" (BoV edition 6): a
  // second miniature in the shop is refused, with the reason, and "Put
  // here" is no longer offered there.
  await s.dragTo(await s.find(tid('mini-ally-2')), await s.find(tid('spot-shop')));
  await eventually('a second in the shop refused', () => text(s, tid('error')), (t) => t?.includes(say({ en: 'First assignment: 1 in the shop', fr: 'Première affectation' })));
  assert(!(await inSpot(s, 'shop', 'ally-2')), 'the refused miniature stays where it was');
  await shot('hq-refused');
  // One placement by keyboard: Enter on the miniature, Enter on "Put here".
  await focus(s, tid('mini-ally-2'));
  await s.pressKey(KEYS.enter);
  await eventually('ally-2 held', () => text(s, tid('hq-held')), (t) => t?.includes(say({ en: 'Mercenary 2', fr: 'Mercenaire 2' })));
  await focus(s, tid('spot-command_room-put'));
  await s.pressKey(KEYS.enter);
  await eventually('ally-2 in the command room', () => inSpot(s, 'command_room', 'ally-2'), true);
  await drag(s, 'ally-3', 'command_room');
  await drag(s, 'ally-4', 'command_room');
  await s.fullPageScreenshot(join(ARTIFACTS, 'hq-assignment.png'));

  assert((await text(s, tid('mini-bastiano')))?.includes(say({ en: 'eliminated', fr: 'éliminé' })), 'Bastiano is shown eliminated');
  await s.click(tid('confirm-assignment'));
  const asked = () => present(s, tid('hq-values'));
  await eventually('the HQ level is asked', asked, true);
  await answer(s, NUMBERS);
  await s.waitFor(tid('hq-memory'), 10_000);
  await eventually('HQ level I', () => attr(s, tid('hq-level'), 'data-level'), '1');

  // Memory 1.1, then the resolution.
  await s.click(tid('hq-to-diary'));
  await record(s, '1.1');
  await s.click(tid('to-hq'));
  await s.waitFor(tid('hq-resolution'), 10_000);
  // Edition 4: at the resolution step the board offers the workshop only to
  // take its blueprint out ("2. Choose 1 blueprint card and place it in the
  // workshop" is the assignment step's).
  await s.click(tid('hq-to-board'));
  await s.waitFor(tid('pile-workshop'), 10_000);
  assertEqual(await attr(s, tid('pile-workshop'), 'data-takes'), 'false', 'the workshop takes no card now');
  await s.click(tid('add-card'));
  await s.type(tid('new-card-name'), 'Parachutes');
  await s.executeScript(
    `const el = document.querySelector(arguments[0]);
     el.value = arguments[1];
     el.dispatchEvent(new Event('change', { bubbles: true }));`,
    [tid('new-card-kind'), 'blueprint'],
  );
  await s.click(tid('new-card-save'));
  await s.waitGone(tid('add-card-form'), 10_000);
  await s.click(tid('card-added-1'));
  await s.waitFor(tid('pile-workshop-not-now'), 10_000);
  assert(!(await present(s, tid('pile-workshop-put'))), 'no place offered in the workshop');
  await s.executeScript('document.querySelector(arguments[0]).scrollIntoView({ block: "center" });', [tid('pile-workshop')]);
  await shot('board-workshop-resolution');
  await s.click(tid('card-added-1'));
  await s.click(tid('card-flying-machine'));
  await s.click(tid('pile-main_hall-put'));
  await eventually('the Flying Machine taken out', () => present(s, `${tid('pile-main_hall')} ${tid('card-flying-machine')}`), true);
  await s.click(tid('board-to-hq'));
  await s.waitFor(tid('hq-resolution'), 10_000);
  await setValue(s, tid('heal-bastiano'), 2);
  // Resolve; Bagless asks for the numbers it needs along the way. The dice
  // inputs appear once the command room workers' numbers are known.
  for (let round = 0; round < 5; round += 1) {
    for (let i = 0; i < 3; i += 1) if (await present(s, tid(`die-${i}`))) await setValue(s, tid(`die-${i}`), 1);
    await s.click(tid('resolve'));
    const settled = async () => (await present(s, tid('hq-values'))) || (await present(s, tid('hq-summary'))) || (await present(s, tid('error')));
    await eventually('resolved or asked', settled, true);
    if (await present(s, tid('hq-summary'))) break;
    await answer(s, NUMBERS);
  }
  await eventually('contract fulfilled', () => attr(s, tid('hq-summary'), 'data-fulfilled'), 'true');
  await eventually('HQ level II', () => attr(s, tid('hq-level'), 'data-level'), '2');
  await s.fullPageScreenshot(join(ARTIFACTS, 'hq-resolution.png'));

  // Undo the whole resolution (one step), then redo it from the history.
  await s.click(tid('hq-undo'));
  await eventually('back to level I', () => attr(s, tid('hq-level'), 'data-level'), '1');
  await s.waitFor(tid('hq-resolution'), 10_000);
  await s.click(tid('hq-to-history'));
  await s.waitFor(tid('history-redo'), 10_000);
  await eventually('redo offered', async () => (await s.find(tid('history-redo'))).enabled(), true);
  await s.click(tid('history-redo'));
  await eventually('nothing left to redo', async () => (await s.find(tid('history-redo'))).enabled(), false);
  await s.click(tid('history-to-diary'));
  await s.click(tid('to-hq'));
  await eventually('level II again', () => attr(s, tid('hq-level'), 'data-level'), '2');
});

await test('the HQ is as left after a restart', async () => {
  const s = await app.restart();
  const card = `${tid('campaign-card')}[data-campaign-id="${campaignId}"]`;
  await s.waitFor(card, 20_000);
  await s.click(`${card} ${tid('open-campaign')}`);
  await s.waitFor(tid('to-hq'), 10_000);
  await s.click(tid('to-hq'));
  await eventually('level II kept', () => attr(s, tid('hq-level'), 'data-level'), '2');
  assert((await attr(s, tid('hq-level'), 'data-contract')) === '2', 'contract 2 on top');
  await eventually('every miniature back off the board', () => attr(s, tid('spot-pool'), 'data-count'), '11');
  await shot('hq-after-restart');
});

await test('an injured assassin on a red hospital space is replaced by an apprentice', async () => {
  const s = await app.start();
  const card = `${tid('campaign-card')}[data-campaign-id="${campaignId}"]`;
  await s.waitFor(card, 20_000);
  await s.click(`${card} ${tid('open-campaign')}`);
  await s.waitFor(tid('to-board'), 10_000);
  await s.setWindowRect({ width: 1280, height: 1400 });

  // Alessandra comes back from 1.1 injured: one health less on her board.
  await s.click(tid('to-board'));
  await s.waitFor(tid('status-alessandra'), 10_000);
  const full = Number(await attr(s, tid('health-alessandra'), 'data-health'));
  await s.click(tid('health-down-alessandra'));
  await eventually('Alessandra injured', () => attr(s, tid('status-alessandra'), 'data-status'), 'injured');
  assert(Number(await attr(s, tid('health-alessandra'), 'data-health')) === full - 1, 'one health less');

  // The next assignment: she lies on a red hospital space.
  await s.click(tid('board-to-hq'));
  await s.waitFor(tid('spot-pool'), 10_000);
  await drag(s, 'alessandra', 'hospital_red');
  await eventually(
    'the HQ says an apprentice replaces her',
    () => text(s, tid('patient-bag-alessandra')),
    (t) => t?.includes(say({ en: 'replaced by an apprentice', fr: 'Un apprenti remplace Alessandra' })),
  );
  await s.fullPageScreenshot(join(ARTIFACTS, 'hq-hospital.png'));

  // Her board says so too, and why.
  await s.click(tid('hq-to-board'));
  await eventually('Alessandra in the hospital', () => attr(s, tid('status-alessandra'), 'data-status'), 'in_hospital');
  const status = await text(s, tid('status-alessandra'));
  assert(status?.includes(say({ en: 'apprentice', fr: 'apprenti' })) && status.includes('Alessandra'), `her status line: ${status}`);
  assert(await present(s, tid('apprentice-alessandra')), 'the board says what an apprentice plays with');
  await shot('board-hospital');

  // The diary states what the box assumes where the rules are silent.
  await s.click(tid('to-diary'));
  await s.waitFor(tid('assumptions'), 10_000);
  await s.click(`${tid('assumptions')} summary`);
  for (const id of ['optional_memory_places', 'hq_die', 'workshop_cost']) {
    assert(await present(s, tid(`assumption-${id}`)), `the diary states the ${id} assumption`);
  }
  assert(
    (await attr(s, tid('assumed-after-M.A'), 'title'))?.includes('M.A'),
    'the optional memory marks where it is offered as assumed',
  );
  await s.fullPageScreenshot(join(ARTIFACTS, 'diary-assumptions.png'));
});
