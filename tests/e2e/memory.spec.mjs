// A Brotherhood of Venice memory played in the window, in the run's
// language (only data attributes are asserted, never words):
//   1. a campaign with 3 assassins created in the library; from the diary,
//      its next memory (0.1) set up (the 3 assassins, entrances A, B and C
//      on the map) and opened; turn 1: a cube spent, undone and redone;
//      the reinforcement card drawn by Bagless in the calm state, its calm
//      column entered when asked, the guards placed; in the movement step
//      4 guards enter a square holding 1 enemy and 3 bodies (<29>'s
//      example: 3 enter, 1 is ignored, 3 bodies removed, 9 detection dice),
//      the bodies' test finds them (the alert is on), Bastiano's does not;
//      axe finds nothing serious, nothing sticks out at 1280×720;
//      screenshot of the phase track and the deck; turn 2 begins and a
//      cube is spent;
//   2. quit and relaunch mid-turn: the memory reopens at turn 2's assassin
//      phase; an attack with a riposte, the elite picked from the enemies
//      the rules know (screenshot of the form), its faces entered (the values of
//      the box asked once), the riposte's hits entered; the reinforcement
//      card drawn at the table in the alert state, its alert column
//      entered; screenshot of the deck; Claudio eliminated, "not enough
//      miniatures": the memory is failed;
//   3. "Record in the diary": the diary's attempt form opens prefilled
//      (failure, Claudio eliminated); saved, the diary shows the failure
//      and the memory in play is done with.
import { app, assert, assertEqual, audit, eventually, noError, setValue, shot, test } from './harness.mjs';

const tid = (id) => `[data-testid="${id}"]`;
const STARTUP_TIMEOUT = 20_000;
const ASSASSINS = ['alessandra', 'bastiano', 'claudio'];

const attr = (s, selector, name) =>
  s.executeScript('return document.querySelector(arguments[0])?.getAttribute(arguments[1]) ?? null;', [selector, name]);
const count = (s, selector) => s.executeScript('return document.querySelectorAll(arguments[0]).length;', [selector]);
const present = async (s, selector) => (await count(s, selector)) > 0;
const checked = (s, selector) => s.executeScript('return document.querySelector(arguments[0])?.checked ?? null;', [selector]);

/**
 * Set an input or select the way a player's edit would: the native value
 * setter, then 'input' and 'change' (Svelte's bindings listen to them).
 */

/** Tick a checkbox or radio (from the page if WebDriver cannot click it) and check it took. */
async function tick(s, selector, wanted = true) {
  await s.waitFor(selector);
  if ((await checked(s, selector)) === wanted) return;
  try {
    await s.click(selector);
  } catch {
    await s.executeScript('document.querySelector(arguments[0]).click();', [selector]);
  }
  await eventually(`${selector} checked=${wanted}`, () => checked(s, selector), wanted, 3_000);
}

const scrollTo = (s, selector) =>
  s.executeScript('document.querySelector(arguments[0])?.scrollIntoView({ block: "start" });', [selector]);

/** The memory's screen with no change on its way (and at `step`, when given). */
const game = (step) => `${tid('memory-game')}${step ? `[data-step="${step}"]` : ''}[data-busy="false"]`;



/** At 1280×720 the page is no wider than the window. */
async function fits(s, screen) {
  await s.setWindowRect({ width: 1280, height: 720 });
  await eventually(`${screen} at 1280 wide`, () => s.executeScript('return window.innerWidth;'), (w) => w <= 1280, 5_000);
  const wide = await s.executeScript(
    `const limit = window.innerWidth;
     if (document.documentElement.scrollWidth <= limit) return [];
     return [...document.querySelectorAll('body *')]
       .filter((el) => el.getBoundingClientRect().right > limit + 1)
       .slice(0, 5)
       .map((el) => el.tagName.toLowerCase() + (el.dataset.testid ? '[' + el.dataset.testid + ']' : ''));`,
  );
  assertEqual(wide, [], `${screen} fits 1280×720`);
}

/** Advance one step of the game turn (the table waits for it), to `step`. */
async function advance(s, step) {
  await s.waitFor(`${game()}[data-waiting="advance"]`);
  await s.click(tid('memory-advance'));
  await s.waitFor(game(step));
  await noError(s, `on to ${step}`);
}

/**
 * The values of the box Bagless asks for, one at a time, answered from
 * `answers` (a number, or 'yes' / 'no'), until none is asked.
 */
async function answerValues(s, answers) {
  const asked = [];
  for (let guard = 0; guard < 10; guard += 1) {
    await s.waitFor(game());
    if (!(await present(s, tid('memory-values')))) break;
    const key = await attr(s, tid('memory-values'), 'data-key');
    assert(key in answers, `a value asked that the spec did not expect: ${key}`);
    asked.push(key);
    const answer = answers[key];
    if (answer === 'yes' || answer === 'no') await tick(s, tid(`memory-value-${answer}`));
    else await s.type(tid('memory-value-input'), String(answer));
    await s.click(tid('memory-values-save'));
    await eventually(
      `the value ${key} taken`,
      async () => (await present(s, tid('memory-values'))) ? await attr(s, tid('memory-values'), 'data-key') : null,
      (k) => k !== key,
    );
  }
  return asked;
}

/** The card's column entered when Bagless asks for it: `lines` per entrance on the map. */
async function enterColumn(s, column, lines) {
  await s.waitFor(`${tid('memory-card-values')}[data-column="${column}"]`);
  const entrances = await s.executeScript(
    `return [...document.querySelectorAll('[data-testid="memory-card-value"]')].map((l) => l.dataset.entrance);`,
  );
  assertEqual(entrances, Object.keys(lines), `the lines asked for the ${column} column`);
  for (const [entrance, [guard, n]] of Object.entries(lines)) {
    await setValue(s, tid(`memory-card-guard-${entrance}`), guard);
    await s.type(tid(`memory-card-count-${entrance}`), String(n));
  }
  await s.click(tid('memory-card-values-save'));
  await s.waitFor(`${game('reinforcement')}[data-waiting="place_guards"]`);
  await noError(s, `after the ${column} column`);
}

/** The guards to place, as the screen says them: entrance:guard:count. */
const toPlace = (s) =>
  s.executeScript(
    `return [...document.querySelectorAll('[data-testid="memory-to-place-line"]')]
       .map((l) => l.dataset.entrance + ':' + l.dataset.guard + ':' + l.dataset.count);`,
  );

const assassinAttr = (s, id, name) => attr(s, `${tid('memory-assassin')}[data-assassin="${id}"]`, name);

let campaignId = null;
let gameId = null;
let firstCard = null;

await test('a memory with 3 assassins: turn 1 drawn in calm, bodies in the way, the alert set off', async () => {
  const s = await app.start();
  await s.setWindowRect({ width: 1280, height: 720 });

  // The campaign, with 3 assassins.
  await s.waitFor(tid('library'), STARTUP_TIMEOUT);
  // The form may sit behind a "New campaign" button.
  const nameField = tid('new-campaign-name');
  if (!(await present(s, nameField)) || !(await (await s.find(nameField)).displayed())) {
    if (await present(s, tid('new-campaign'))) await s.click(tid('new-campaign'));
  }
  await s.type(tid('new-campaign-name'), 'Venice by night');
  await setValue(s, tid('new-campaign-pack'), 'core');
  for (const a of ASSASSINS) await tick(s, tid(`assassin-${a}`));
  await s.click(tid('create-campaign'));
  await s.waitFor(tid('diary'), STARTUP_TIMEOUT);
  campaignId = await eventually('the campaign id', () => attr(s, tid('diary'), 'data-campaign-id'), (v) => !!v);
  await eventually('memory 0.1 next', () => attr(s, tid('next-memory'), 'data-memory'), '0.1');

  // Its next memory, set up and opened.
  await s.click(tid('memory-play'));
  await s.waitFor(tid('memory-setup'));
  for (const a of ASSASSINS) assertEqual(await checked(s, tid(`memory-setup-assassin-${a}`)), true, `${a} in play`);
  for (const e of ['a', 'b', 'c']) await tick(s, tid(`memory-setup-entrance-${e}`));
  await s.click(tid('memory-setup-start'));
  await s.waitFor(game('event'), STARTUP_TIMEOUT);
  gameId = await attr(s, tid('memory-game'), 'data-game-id');
  assert(gameId, 'the memory has a game id');
  assertEqual(await attr(s, tid('memory-game'), 'data-memory'), '0.1', 'memory 0.1');
  assertEqual(await attr(s, tid('memory-game'), 'data-campaign-id'), campaignId, 'of the campaign');
  assertEqual(await attr(s, tid('memory-track'), 'data-turn'), '1', 'turn 1');
  assertEqual(await count(s, tid('memory-track-step')), 6, 'six steps on the track');
  assertEqual(await attr(s, `${tid('memory-track-step')}[data-current="true"]`, 'data-step'), 'event', 'the event phase lit');
  assert((await count(s, tid('memory-reminder'))) > 0, 'the step’s reminders');
  assertEqual(await count(s, tid('memory-assassin')), 3, 'three assassins');
  assertEqual(await attr(s, tid('memory-deck'), 'data-assassins'), '3', 'the cards for 3 assassins');
  assertEqual(await attr(s, tid('memory-deck'), 'data-pile'), '8', 'a pile of 8');
  assertEqual(await attr(s, tid('memory-map'), 'data-entrances'), 'a,b,c', 'entrances A, B and C on the map');
  assertEqual(await attr(s, tid('memory-alert'), 'data-alert'), 'false', 'calm');

  // Assassin phase: a cube spent, undone, redone.
  await advance(s, 'assassin');
  await s.click(tid('memory-spend-alessandra'));
  await eventually('a cube spent', () => assassinAttr(s, 'alessandra', 'data-cubes'), '2');
  await s.click(tid('memory-undo'));
  await eventually('the cube back', () => assassinAttr(s, 'alessandra', 'data-cubes'), '3');
  await s.click(tid('memory-redo'));
  await eventually('the cube spent again', () => assassinAttr(s, 'alessandra', 'data-cubes'), '2');

  // Reinforcement, calm: Bagless draws; the calm column asked once.
  await advance(s, 'reinforcement');
  assertEqual(await assassinAttr(s, 'alessandra', 'data-cubes'), '0', 'unused cubes removed');
  await s.waitFor(`${game('reinforcement')}[data-waiting="draw_card"]`);
  await s.click(tid('memory-draw'));
  await s.waitFor(tid('memory-card'));
  firstCard = await attr(s, tid('memory-card'), 'data-card');
  assert(Number(firstCard) >= 1 && Number(firstCard) <= 8, `a card of the 8: ${firstCard}`);
  assertEqual(await attr(s, tid('memory-card'), 'data-column'), 'calm', 'the calm column in force');
  assertEqual(await attr(s, tid('memory-deck'), 'data-pile'), '7', 'the pile down to 7');
  assertEqual(
    await attr(s, `${tid('memory-card-line')}[data-entrance="d"]`, 'data-on-map'),
    'false',
    'entrance D is not on the map',
  );
  await audit(s, 'memory-card-values');
  await fits(s, 'memory-card-values');
  await enterColumn(s, 'calm', { a: ['elite', 1], b: ['crossbowman', 1], c: ['', 0] });
  assertEqual(await attr(s, `${tid('memory-card-line')}[data-entrance="a"]`, 'data-calm'), 'elite:1', 'line A kept');
  assertEqual(await toPlace(s), ['a:elite:1', 'b:crossbowman:1', 'c::0'], 'the guards to place per entrance');
  await s.click(tid('memory-place'));
  await eventually('the guards placed', () => attr(s, tid('memory-card'), 'data-placed'), 'true');
  await scrollTo(s, tid('memory-deck'));
  await shot('memory-deck-calm');

  // Movement: 4 guards enter a square with 1 enemy and 3 bodies, Bastiano there incognito.
  await advance(s, 'movement');
  assertEqual(await attr(s, tid('memory-deck'), 'data-discard'), '1', 'the card discarded');
  await setValue(s, tid('memory-entry-entrance'), 'a');
  await s.type(tid('memory-entry-enemies'), '1');
  await s.type(tid('memory-entry-bodies'), '3');
  await s.type(tid('memory-entry-entering'), '4');
  await tick(s, tid('memory-entry-incognito-bastiano'));
  await s.click(tid('memory-entry-save'));
  await s.waitFor(tid('memory-entry'));
  assertEqual(await attr(s, tid('memory-entry'), 'data-entered'), '3', '3 guards enter');
  assertEqual(await attr(s, tid('memory-entry'), 'data-blocked'), '1', 'the 4th is ignored');
  assertEqual(await attr(s, tid('memory-entry'), 'data-bodies-removed'), '3', 'the 3 bodies removed');
  assertEqual(await attr(s, tid('memory-entry'), 'data-body-dice'), '9', '9 dice for the bodies');
  assertEqual(await attr(s, tid('memory-entry'), 'data-detection-dice'), '4', '4 dice for Bastiano');
  const bodies = `${tid('memory-detection-form')}[data-assassin=""]`;
  assertEqual(await attr(s, bodies, 'data-dice'), '9', 'the bodies’ test asks 9 dice');
  await s.type(`${bodies} ${tid('memory-detection-detected')}`, '1');
  await s.click(`${bodies} ${tid('memory-detection-roll')}`);
  await eventually('the bodies found', () => attr(s, tid('memory-detection'), 'data-detected'), 'true');
  await eventually('the alert set off', () => attr(s, tid('memory-alert'), 'data-alert'), 'true');
  const bastiano = `${tid('memory-detection-form')}[data-assassin="bastiano"]`;
  assertEqual(await attr(s, bastiano, 'data-dice'), '4', 'Bastiano rolls 4 dice');
  await s.click(`${bastiano} ${tid('memory-detection-roll')}`);
  await eventually('Bastiano’s test', () => attr(s, tid('memory-detection'), 'data-assassin'), 'bastiano');
  assertEqual(await attr(s, tid('memory-detection'), 'data-detected'), 'false', 'Bastiano stays incognito');
  assertEqual(await assassinAttr(s, 'bastiano', 'data-exposed'), 'false', 'no red base for Bastiano');
  await noError(s, 'after the detection tests');

  // The rest of turn 1, then turn 2 begins; Alessandra spends a cube.
  await advance(s, 'combat');
  await advance(s, 'end_of_turn');
  await scrollTo(s, tid('memory-track'));
  await shot('memory-phase-track');
  await advance(s, 'event');
  assertEqual(await attr(s, tid('memory-track'), 'data-turn'), '2', 'turn 2');
  assertEqual(await assassinAttr(s, 'alessandra', 'data-cubes'), '3', '3 cubes again');
  await advance(s, 'assassin');
  await s.click(tid('memory-spend-alessandra'));
  await eventually('a cube spent in turn 2', () => assassinAttr(s, 'alessandra', 'data-cubes'), '2');
  await noError(s, 'mid-turn 2');
});

await test('quit and relaunch mid-turn: the memory reopens; an attack with a riposte, turn 2 drawn in alert, the memory failed', async () => {
  assert(gameId, 'the memory of the first flow');
  const s = await app.start({ resume: true });
  await s.setWindowRect({ width: 1280, height: 720 });
  await s.waitFor(game('assassin'), STARTUP_TIMEOUT);
  assertEqual(await attr(s, tid('memory-game'), 'data-game-id'), gameId, 'the same memory');
  assertEqual(await attr(s, tid('memory-track'), 'data-turn'), '2', 'still turn 2');
  assertEqual(await attr(s, tid('memory-game'), 'data-alert'), 'true', 'still in alert');
  assertEqual(await assassinAttr(s, 'alessandra', 'data-cubes'), '2', 'the cube spent kept');

  // Alessandra attacks an elite with her hidden blade: a hit and a riposte, entered.
  await tick(s, tid('memory-attacker-alessandra'));
  await s.type(tid('memory-weapon-alessandra'), 'hidden_blade');
  await setValue(s, tid('memory-attack-mode-alessandra'), 'entered');
  await s.type(tid('memory-face-alessandra-hit'), '1');
  await s.type(tid('memory-face-alessandra-riposte'), '1');
  // The enemy picked among those the rules know (named in the run's language, the id sent).
  await setValue(s, tid('memory-enemy-0'), 'elite');
  await scrollTo(s, tid('memory-attack-form'));
  await shot('memory-attack-form');
  await s.click(tid('memory-attack-save'));
  const values = {
    'enemy.elite.health': 2,
    'weapon.hidden_blade.exposes': 'no',
    'weapon.hidden_blade.alerts': 'no',
    'enemy.elite.dice': 2,
    'enemy.elite.ranged': 'no',
  };
  const asked = await answerValues(s, values);
  assert(asked.includes('enemy.elite.health'), `the elite's health asked: ${asked}`);
  await s.waitFor(`${tid('memory-attack')}[data-stage="hits"]`);
  assertEqual(await attr(s, tid('memory-attack'), 'data-total-hits'), '1', 'one hit to give');
  assertEqual(await attr(s, tid('memory-attack-roll'), 'data-riposte'), 'true', 'a riposte face');
  assertEqual(await assassinAttr(s, 'alessandra', 'data-cubes'), '1', 'the attack paid 1 cube');
  await s.type(tid('memory-hits-0'), '1');
  await s.click(tid('memory-assign'));
  await answerValues(s, values);
  await s.waitFor(`${tid('memory-attack')}[data-stage="riposte"]`);
  assertEqual(
    await attr(s, `${tid('memory-attack-enemy')}[data-index="0"]`, 'data-eliminated'),
    'false',
    'the elite’s armor absorbs the hit',
  );
  const share = `${tid('memory-riposte-share')}[data-assassin="alessandra"]`;
  assertEqual(await attr(s, share, 'data-dice'), '2', 'the elite retaliates with 2 black dice');
  assertEqual(await assassinAttr(s, 'alessandra', 'data-exposed'), 'true', 'Alessandra exposed by the riposte');
  await audit(s, 'memory-riposte');
  await s.type(tid('memory-riposte-hits-0'), '1');
  await s.click(tid('memory-riposte-save'));
  await s.waitFor(`${tid('memory-attack')}[data-stage="done"]`);
  assertEqual(await attr(s, share, 'data-hits'), '1', 'the riposte hit once');
  assertEqual(await assassinAttr(s, 'alessandra', 'data-hits-taken'), '1', 'Alessandra took 1 hit');
  await noError(s, 'after the attack');

  // Reinforcement in alert: the card drawn at the table; the alert column asked once.
  await advance(s, 'reinforcement');
  await s.waitFor(`${game('reinforcement')}[data-waiting="draw_card"]`);
  const cards = await s.executeScript(
    `return [...document.querySelector('[data-testid="memory-draw-card"]').options].map((o) => o.value).filter((v) => v !== '');`,
  );
  assertEqual(cards.length, 7, `7 cards left in the pile: ${cards}`);
  assert(!cards.includes(firstCard), `turn 1's card ${firstCard} is in the discard`);
  const second = cards[0];
  await setValue(s, tid('memory-draw-card'), second);
  await s.click(tid('memory-draw-entered'));
  await eventually('the card drawn at the table', () => attr(s, tid('memory-card'), 'data-card'), second);
  assertEqual(await attr(s, tid('memory-card'), 'data-column'), 'alert', 'the alert column in force');
  assertEqual(await attr(s, tid('memory-deck'), 'data-pile'), '6', 'the pile down to 6');
  assertEqual(await attr(s, tid('memory-deck'), 'data-discard'), '1', 'turn 1’s card in the discard');
  await enterColumn(s, 'alert', { a: ['crossbowman', 2], b: ['elite', 1], c: ['', 0] });
  assertEqual(await toPlace(s), ['a:crossbowman:2', 'b:elite:1', 'c::0'], 'the alert guards to place');
  await s.click(tid('memory-place'));
  await eventually('the alert guards placed', () => attr(s, tid('memory-card'), 'data-placed'), 'true');
  await scrollTo(s, tid('memory-deck'));
  await shot('memory-deck-alert');
  await fits(s, 'memory-reinforcement-alert');

  // Claudio is eliminated; not enough miniatures: the memory is failed.
  await setValue(s, tid('memory-condition-claudio'), 'eliminated');
  await s.click(tid('memory-condition-save-claudio'));
  await eventually('Claudio eliminated', () => assassinAttr(s, 'claudio', 'data-condition'), 'eliminated');
  // No red base is clipped on an eliminated assassin: the switch is not offered.
  assertEqual(await assassinAttr(s, 'claudio', 'data-status-switch'), 'false', 'no red-base switch for Claudio');
  assertEqual(await assassinAttr(s, 'bastiano', 'data-status-switch'), 'true', 'Bastiano’s switch offered');
  // The end form offers what the rules take now: no success with assassins on the map.
  assertEqual(await attr(s, tid('memory-end-form'), 'data-reasons'), 'failure_condition,not_enough_miniatures', 'the reasons offered');
  await s.click(tid('memory-not-enough'));
  await s.click(tid('memory-not-enough-confirm'));
  await s.waitFor(game('over'));
  assertEqual(await attr(s, tid('memory-end'), 'data-outcome'), 'failure', 'the memory is failed');
  assertEqual(await attr(s, tid('memory-end'), 'data-reason'), 'not_enough_miniatures', 'for want of miniatures');
  assertEqual(await attr(s, tid('memory-end'), 'data-eliminated'), 'claudio', 'Claudio eliminated');
  await noError(s, 'at the end of the memory');
  await audit(s, 'memory-over');
});

await test('the failure recorded in the diary, prefilled', async () => {
  assert(gameId && campaignId, 'the memory of the first flows');
  const s = await app.start({ resume: true });
  await s.setWindowRect({ width: 1280, height: 720 });
  await s.waitFor(game('over'), STARTUP_TIMEOUT);
  await s.click(tid('memory-record'));

  await s.waitFor(`${tid('diary')}[data-campaign-id="${campaignId}"]`, STARTUP_TIMEOUT);
  await s.waitFor(`${tid('attempt-form')}[data-prefilled="true"]`);
  assertEqual(await attr(s, tid('attempt-prefilled'), 'data-outcome'), 'failure', 'the outcome prefilled');
  assertEqual(await checked(s, tid('outcome-failure')), true, 'failure ticked');
  assertEqual(await checked(s, tid('difficulty-normal')), true, 'played in normal difficulty');
  assertEqual(await checked(s, tid('eliminated-claudio')), true, 'Claudio ticked as eliminated');
  assertEqual(await checked(s, tid('eliminated-alessandra')), false, 'Alessandra not');
  await shot('memory-attempt-prefilled');
  await s.click(tid('save-attempt'));
  await s.waitGone(tid('attempt-form'), 10_000);
  await noError(s, 'after recording the attempt');

  await eventually('memory 0.1 failed once', () => attr(s, tid('memory-0.1'), 'data-status'), (v) => v !== null && v !== 'not_played');
  await eventually('0.1 to be played again', () => attr(s, tid('next-memory'), 'data-attempt'), '2');
  // The memory in play is done with: the next one is offered to play, not to resume.
  await s.waitFor(tid('memory-play'));
  assert(!(await present(s, tid('memory-resume'))), 'no memory left in play');
});
