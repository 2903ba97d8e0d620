// Assassins and cards through the real window, on a fresh data dir:
//   1. a campaign with two assassins; memory 0.1 crosses 25 XP: the level-up
//      dialog asks each assassin's skill, and both are chosen;
//   2. on the boards, two cards are added to the villa envelope; one goes to
//      Alessandra's inventory by drag and drop, the other to Bastiano's by
//      keyboard; a card that does not fit a slot is not offered it (the
//      slot says the rule), and dropped there with the pointer it is
//      refused with its rule; a blueprint picked up is offered no armor
//      slot (issue 55);
//   3. after a restart the boards are as left, and the pack-up sheet lists
//      the card in Alessandra's bag.
// Screenshots: board-*-assassin-boards.png, board-*-blueprint-held.png and
// board-*-pack-up.png.
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
const holds = (s, zone, card) =>
  s.executeScript('return !!document.querySelector(arguments[0] + " " + arguments[1]);', [tid(zone), tid(card)]);
const setValue = (s, selector, value) =>
  s.executeScript(
    `const el = document.querySelector(arguments[0]);
     const proto = el instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
     Object.getOwnPropertyDescriptor(proto, 'value').set.call(el, arguments[1]);
     el.dispatchEvent(new Event('input', { bubbles: true }));
     el.dispatchEvent(new Event('change', { bubbles: true }));`,
    [selector, String(value)],
  );
const present = (s, selector) => s.executeScript('return !!document.querySelector(arguments[0]);', [selector]);
const focus = (s, selector) => s.executeScript('document.querySelector(arguments[0]).focus();', [selector]);

async function addCard(s, name, kind = null) {
  await s.click(tid('add-card'));
  await s.waitFor(tid('add-card-form'));
  await s.type(tid('new-card-name'), name);
  if (kind) await setValue(s, tid('new-card-kind'), kind);
  await s.click(tid('new-card-save'));
  await s.waitGone(tid('add-card-form'), 10_000);
}

let campaignId = null;

await test('a level-up asks every assassin for a skill; cards move by drag and drop and by keyboard', async () => {
  const s = await app.start();
  await s.waitFor(tid('new-campaign-form'), 20_000);
  await s.type(tid('new-campaign-name'), 'Board night');
  await s.click(tid('assassin-alessandra'));
  await s.click(tid('assassin-bastiano'));
  await s.click(tid('create-campaign'));
  await eventually('diary open', () => text(s, tid('diary-name')), 'Board night');
  campaignId = await attr(s, tid('diary'), 'data-campaign-id');

  await s.click(tid('record-attempt'));
  await s.waitFor(tid('attempt-form'));
  await setValue(s, tid('xp-mandatory'), 26);
  await s.click(tid('save-attempt'));
  await s.waitGone(tid('attempt-form'), 10_000);
  await s.waitFor(tid('level-up'), 10_000);
  await shot('level-up');
  for (const [assassin, skill] of [
    ['alessandra', 'Acrobatics'],
    ['bastiano', 'Iron Grip'],
  ]) {
    await s.type(tid(`skill-name-${assassin}-1`), skill);
    await s.click(tid(`skill-choose-${assassin}-1`));
    await s.waitGone(tid(`levelup-${assassin}-1`), 10_000);
  }
  await s.waitGone(tid('level-up'), 10_000);
  await s.click(tid('to-board'));
  await s.waitFor(tid('board-screen'), 10_000);
  await eventually('Alessandra level I skill', () => text(s, tid('skill-alessandra-1')), (t) => t?.includes('Acrobatics'));
  await eventually('Bastiano level I skill', () => text(s, tid('skill-bastiano-1')), (t) => t?.includes('Iron Grip'));

  // Cards move by drag and drop and by keyboard, under the slot rules.
  await addCard(s, 'Smoke Bomb');
  await addCard(s, 'Medicine');
  await eventually('both in the villa envelope', () => holds(s, 'pile-villa_envelope', 'card-added-2'), true);
  // Room for the whole board: the drag needs both ends on screen.
  await s.setWindowRect({ width: 1280, height: 1500 });

  // Drag and drop, with the pointer.
  const smoke = await s.find(tid('card-added-1'));
  const slot = await s.find(tid('slot-alessandra-inventory-0'));
  await s.dragTo(smoke, slot);
  await eventually('Smoke Bomb in Alessandra\'s inventory', () => holds(s, 'slot-alessandra-inventory-0', 'card-added-1'), true);

  // Keyboard: pick the card up with Enter, then put it with Enter.
  await focus(s, tid('card-added-2'));
  await s.pressKey(KEYS.enter);
  await eventually('Medicine held', () => text(s, tid('held-card')), (t) => t?.includes('Medicine'));
  await s.waitFor(tid('slot-bastiano-inventory-2-put'));
  await focus(s, tid('slot-bastiano-inventory-2-put'));
  await s.pressKey(KEYS.enter);
  await eventually('Medicine in Bastiano\'s inventory', () => holds(s, 'slot-bastiano-inventory-2', 'card-added-2'), true);

  // A card without the melee icon is not offered the melee slot: the slot
  // says the rule instead (EQUIP), as the rules answer for the card held.
  await focus(s, tid('card-added-2'));
  await s.pressKey(KEYS.enter);
  await eventually('the melee slot says why not', () => attr(s, tid('slot-bastiano-melee-not-now'), 'data-rule'), 'slot_wrong_kind');
  assertEqual(await present(s, tid('slot-bastiano-melee-put')), false, 'no "Put here" on the melee slot');
  await eventually('in the rule\'s words', () => text(s, tid('slot-bastiano-melee-not-now')), (t) => t?.includes(say({ en: 'melee', fr: 'corps à corps' })));
  await focus(s, tid('card-added-2'));
  await s.pressKey(KEYS.enter);
  await eventually('put down', () => text(s, tid('held-card')), '');
  // Dropped there with the pointer all the same, the rules refuse it.
  await s.dragTo(await s.find(tid('card-added-2')), await s.find(tid('slot-bastiano-melee')));
  await eventually('refusal shown', () => text(s, tid('error')), (t) => t?.includes(say({ en: 'melee', fr: 'corps à corps' })) && t?.includes('EQUIP'));
  assert(await holds(s, 'slot-bastiano-inventory-2', 'card-added-2'), 'the refused card stays where it was');
  await s.fullPageScreenshot(join(ARTIFACTS, 'assassin-boards.png'));
  await shot('assassin-boards');

  // Issue 55: a blueprint picked up is offered no typed slot (an armor
  // slot says the rule), the inventory yes.
  await addCard(s, 'Parachutes', 'blueprint');
  await eventually('the blueprint in the villa envelope', () => holds(s, 'pile-villa_envelope', 'card-added-3'), true);
  await s.click(tid('card-added-3'));
  await s.waitFor(tid('slot-alessandra-inventory-1-put'));
  for (const assassin of ['alessandra', 'bastiano']) {
    assertEqual(await present(s, tid(`slot-${assassin}-armor-put`)), false, `no "Put here" on ${assassin}'s armor slot`);
    assertEqual(await attr(s, tid(`slot-${assassin}-armor-not-now`), 'data-rule'), 'slot_wrong_kind', 'the armor slot says why');
  }
  await eventually(
    'the armor slot in the rule\'s words',
    () => text(s, tid('slot-alessandra-armor-not-now')),
    (t) => t?.includes('Parachutes') && t?.includes(say({ en: 'does not fit the armor slot', fr: 'ne va pas dans l’emplacement armure' })),
  );
  assertEqual(await attr(s, tid('pile-chest_deck-not-now'), 'data-rule'), 'chest_deck_kind', 'nor the chest deck');
  await s.executeScript('document.querySelector(arguments[0]).scrollIntoView({ block: "start" });', [tid('board-alessandra')]);
  await shot('blueprint-held');
  await s.pressKey(KEYS.escape);
  await eventually('put down', () => text(s, tid('held-card')), '');
});

await test('the boards are as left after a restart, and the pack-up sheet lists the bag', async () => {
  const s = await app.restart();
  const card = `${tid('campaign-card')}[data-campaign-id="${campaignId}"]`;
  await s.waitFor(card, 20_000);
  await s.click(`${card} ${tid('open-campaign')}`);
  await s.waitFor(tid('to-board'), 10_000);
  await s.click(tid('to-board'));
  await s.waitFor(tid('board-screen'), 10_000);
  await eventually('Smoke Bomb still there', () => holds(s, 'slot-alessandra-inventory-0', 'card-added-1'), true);
  await eventually('Medicine still there', () => holds(s, 'slot-bastiano-inventory-2', 'card-added-2'), true);
  assertEqual(await holds(s, 'pile-villa_envelope', 'card-added-1'), false, 'the envelope no longer holds it');

  await s.click(tid('to-pack-up'));
  await s.waitFor(tid('sheet-pack_up'), 10_000);
  await eventually(
    'Smoke Bomb in Alessandra\'s bag',
    () => text(s, `${tid('sheet-bag-alessandra')} ${tid('sheet-card-added-1')}`),
    (t) => t?.includes('Smoke Bomb') && t?.includes(say({ en: 'Inventory 1', fr: 'Inventaire 1' })),
  );
  await eventually('Acrobatics in her bag', () => text(s, tid('sheet-bag-alessandra')), (t) => t?.includes('Acrobatics'));
  await s.fullPageScreenshot(join(ARTIFACTS, 'pack-up-sheet.png'));
  await shot('pack-up');
});
