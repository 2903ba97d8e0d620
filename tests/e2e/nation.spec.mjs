// Assassin Nation through the real window, in the run's language (only
// data attributes are asserted, never words):
//   1. a 3-player game set up in the library's new-game panel (specialty
//      weapons read at set-up, Ann holds the Player One Token);
//   2. round 1: a purchase undone and redone; three attempts played face
//      down (each target's MSR adjustment asked once); Ann and Bo on the
//      same target, Bo's earlier time of death goes first; Bo fails, which
//      puts $1,000 from the bank on the target, and Ann takes it with that
//      cash; axe finds nothing serious, nothing sticks out at 1280×720;
//   3. quit and relaunch mid-round: the game reopens at the same place
//      (Cy's attempt still to roll); Cy fails (cash on target 2), the round
//      ends, the Player One Token passes to Bo; screenshot of the pyramid;
//      the game's history lists it;
//   4. the other rounds are played through the IPC with dice entered (a
//      6 each time) until every target is down; back in the window the
//      hit lists are shown, a correction (Adjust) gives Cy the most money,
//      the count is closed and Cy is named the winner; axe again;
//      screenshot of the end count.
import { app, assert, assertEqual, audit, eventually, noError, say, setValue, shot, test } from './harness.mjs';

const tid = (id) => `[data-testid="${id}"]`;
const STARTUP_TIMEOUT = 20_000;

const attr = (s, selector, name) =>
  s.executeScript('return document.querySelector(arguments[0])?.getAttribute(arguments[1]) ?? null;', [selector, name]);
const count = (s, selector) => s.executeScript('return document.querySelectorAll(arguments[0]).length;', [selector]);
const present = async (s, selector) => (await count(s, selector)) > 0;

/**
 * Set an input or select the way a player's edit would: the native value
 * setter, then 'input' and 'change' (Svelte's bindings listen to them).
 */

const scrollTo = (s, selector) =>
  s.executeScript('document.querySelector(arguments[0])?.scrollIntoView({ block: "start" });', [selector]);

/** The game's screen, waiting for no change on its way. */
const game = (phase) => `${tid('nation-game')}[data-phase="${phase}"][data-busy="false"]`;
const score = (seat) => `${tid('nation-score')}[data-seat="${seat}"]`;
const target = (id) => `${tid('nation-target')}[data-target="${id}"]`;
const attemptOf = (seat) => `${tid('nation-attempt')}[data-seat="${seat}"]`;



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

/**
 * One attempt played face down through the form; `asked` is the key of the
 * value Bagless asks for first, if any (from edition 2 nothing printed on
 * a face-down card is asked before the reveal).
 */
async function declare(s, { seat, targetId, time, asked = null }) {
  await s.waitFor(`${game('assassination')} ${tid('nation-attempt-form')}`);
  await setValue(s, tid('nation-attempt-player'), seat);
  await setValue(s, tid('nation-attempt-target'), targetId);
  await setValue(s, tid('nation-attempt-weapon'), 'pistol');
  await s.type(tid('nation-attempt-time'), time);
  await s.click(tid('nation-declare'));
  if (asked) {
    await eventually(`value asked for ${asked}`, () => attr(s, tid('nation-values'), 'data-key'), asked);
    await s.type(tid('nation-value-input'), '0');
    await s.click(tid('nation-values-save'));
  }
  await eventually(
    `attempt of seat ${seat} face down`,
    () => attr(s, `${tid('nation-declared')}[data-seat="${seat}"]`, 'data-declared'),
    'true',
  );
  assert(!(await present(s, tid('nation-values'))), 'no value left to ask');
  await noError(s, `after the attempt of seat ${seat}`);
}

/** Resolves `seat`'s attempt with the die entered. */
/**
 * Answers, with 0, each value the game asks after the reveal (a target's
 * adjustment printed on its tile), as it asks them: edition 3 asks what an
 * attempt to roll next needs, once the cards are face up. Returns the keys.
 */
async function answerAsked(s) {
  const keys = [];
  for (let i = 0; i < 6; i += 1) {
    // The question comes with the view; give it a moment.
    let key = null;
    for (let wait = 0; wait < 10 && key === null; wait += 1) {
      if (await present(s, tid('nation-values'))) key = await attr(s, tid('nation-values'), 'data-key');
      else await new Promise((r) => setTimeout(r, 200));
    }
    if (key === null || keys.includes(key)) break;
    keys.push(key);
    await s.type(tid('nation-value-input'), '0');
    await s.click(tid('nation-values-save'));
    // The answer taken: the question goes, or the next one comes.
    for (let wait = 0; wait < 25; wait += 1) {
      const now = (await present(s, tid('nation-values'))) ? await attr(s, tid('nation-values'), 'data-key') : null;
      if (now !== key) break;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return keys;
}

async function resolve(s, seat, die) {
  await eventually(`seat ${seat} may roll`, () => attr(s, attemptOf(seat), 'data-ready'), 'true');
  await s.type(tid(`nation-die-${seat}-0`), String(die));
  await s.click(tid(`nation-resolve-${seat}`));
  await eventually(
    `seat ${seat} settled`,
    () => attr(s, attemptOf(seat), 'data-status'),
    (status) => status === 'succeeded' || status === 'failed',
  );
}

let gameId = null;

await test('a 3-player game: a conflict settled by time of death, a failure that leaves cash on a target', async () => {
  const s = await app.start();
  await s.setWindowRect({ width: 1280, height: 720 });
  await s.waitFor(tid('new-game-box'), STARTUP_TIMEOUT);
  await setValue(s, tid('new-game-box'), 'nation');
  await s.waitFor(tid('nation-new-form'));
  // The rules' offer has come: how many players, the specialists, the weapons.
  await s.waitFor(tid('nation-new-add-player'));
  await s.type(tid('nation-new-name'), 'Nation night');
  const players = [
    ['Ann', 'knife'],
    ['Bo', 'rope'],
    ['Cy', 'poison'],
  ];
  // "Each player is randomly assigned one Specialist card": Bagless deals
  // them unless the table did; here the table did, each card entered (none
  // is pre-filled), with its specialty weapon.
  await setValue(s, tid('nation-new-dealing'), 'table');
  for (const [i, [name, weapon]] of players.entries()) {
    await s.type(tid(`nation-new-player-name-${i}`), name);
    await setValue(s, tid(`nation-new-specialist-${i}`), String(i + 1));
    await setValue(s, tid(`nation-new-weapon-${i}`), weapon);
  }
  await setValue(s, tid('nation-new-first'), '0');
  await shot('nation-new-form');
  await s.click(tid('nation-new-create'));

  await s.waitFor(game('intel'), STARTUP_TIMEOUT);
  gameId = await attr(s, tid('nation-game'), 'data-game-id');
  assert(gameId, 'the game has an id');
  assertEqual(await attr(s, tid('nation-phase'), 'data-round'), '1', 'round 1');
  assertEqual(await attr(s, tid('nation-phase'), 'data-first-player'), '0', 'Ann holds the Player One Token');
  assertEqual(await count(s, tid('nation-target')), 18, 'the pyramid of 18 targets');
  assertEqual(await count(s, `${tid('nation-target')}[data-available="true"]`), 6, 'the bottom row is available');
  for (const seat of [0, 1, 2]) assertEqual(await attr(s, score(seat), 'data-cash'), '2000', `starting cash of seat ${seat}`);

  // Intel: Ann buys a card; undone, then redone.
  await setValue(s, tid('nation-buy-player'), 0);
  await s.type(tid('nation-buy-count'), '1');
  await s.click(tid('nation-buy'));
  await eventually('Ann paid a token', () => attr(s, score(0), 'data-cash'), '1000');
  await s.click(tid('nation-undo'));
  await eventually('purchase undone', () => attr(s, score(0), 'data-cash'), '2000');
  await s.click(tid('nation-redo'));
  await eventually('purchase redone', () => attr(s, score(0), 'data-cash'), '1000');
  await s.click(tid('nation-end-intel'));

  // Assassination: Ann and Bo on target 1, Cy on target 2.
  await s.waitFor(game('assassination'));
  // Nothing printed on a face-down card, nor a target's adjustment, is asked
  // before the reveal; the reveal waits for every player's attempt or pass,
  // turns the cards face up, then asks each target's, in turn (edition 3).
  await declare(s, { seat: 0, targetId: 1, time: '0900' });
  await declare(s, { seat: 1, targetId: 1, time: '0800' });
  await declare(s, { seat: 2, targetId: 2, time: '1000' });
  await s.click(tid('nation-reveal'));
  const asked = await answerAsked(s);
  assert(asked.includes('target.1.msr'), `target 1's adjustment asked after the reveal: ${asked}`);

  // Reveal: the conflict first, Bo's earlier time of death before Ann's.
  await s.waitFor(game('reveal'));
  assertEqual(await attr(s, attemptOf(0), 'data-conflict'), 'true', 'Ann is in the conflict');
  assertEqual(await attr(s, attemptOf(1), 'data-conflict'), 'true', 'Bo is in the conflict');
  assertEqual(await attr(s, attemptOf(2), 'data-conflict'), 'false', 'Cy is not');
  assertEqual(await attr(s, attemptOf(1), 'data-time'), '800', 'Bo at 08:00');
  assertEqual(await attr(s, attemptOf(1), 'data-ready'), 'true', 'Bo goes first');
  assertEqual(await attr(s, attemptOf(0), 'data-ready'), 'false', 'Ann waits');
  assertEqual(await attr(s, attemptOf(2), 'data-ready'), 'false', 'Cy waits for the conflict');
  // The MSR and the chance are shown before the roll: a Pistol at 6-3 on a target adjusted 0.
  assertEqual(await attr(s, `${attemptOf(1)} ${tid('nation-msr')}`, 'data-need'), '3', 'Bo needs 3 or more');
  assertEqual(await attr(s, `${attemptOf(1)} ${tid('nation-msr')}`, 'data-dice-count'), '1', 'one die');
  const chance = Number(await attr(s, `${attemptOf(1)} ${tid('nation-chance')}`, 'data-chance'));
  assert(Math.abs(chance - 4 / 6) < 1e-9, `chance of 4 in 6: ${chance}`);
  await audit(s, 'nation-reveal');
  await fits(s, 'nation-reveal');

  await resolve(s, 1, 1);
  assertEqual(await attr(s, attemptOf(1), 'data-status'), 'failed', 'Bo failed');
  await eventually('$1,000 from the bank on target 1', () => attr(s, target(1), 'data-cash'), '1000');
  await resolve(s, 0, 6);
  assertEqual(await attr(s, attemptOf(0), 'data-status'), 'succeeded', 'Ann succeeded');
  await eventually('Ann took target 1', () => attr(s, target(1), 'data-holder'), '0');
  assertEqual(await attr(s, score(0), 'data-cash'), '2000', 'Ann collected the cash on the target');
  assertEqual(await attr(s, score(0), 'data-tiles'), '1', 'Ann holds one tile');
  assertEqual(await attr(s, attemptOf(2), 'data-status'), 'revealed', 'Cy still to roll');
  await noError(s, 'after the conflict');
});

await test('quit and relaunch mid-round: the game reopens at the same place', async () => {
  assert(gameId, 'the game of the first flow');
  const s = await app.start({ resume: true });
  await s.setWindowRect({ width: 1280, height: 720 });
  await s.waitFor(game('reveal'), STARTUP_TIMEOUT);
  assertEqual(await attr(s, tid('nation-game'), 'data-game-id'), gameId, 'the same game');
  assertEqual(await attr(s, tid('nation-phase'), 'data-round'), '1', 'still round 1');
  assertEqual(await attr(s, target(1), 'data-holder'), '0', 'target 1 still Ann’s');
  assertEqual(await attr(s, attemptOf(1), 'data-status'), 'failed', 'Bo’s failure kept');
  // Target 2's adjustment, if it was not asked before, is asked before Cy's roll.
  await answerAsked(s);
  assertEqual(await attr(s, attemptOf(2), 'data-ready'), 'true', 'Cy rolls next');

  await resolve(s, 2, 1);
  await eventually('$1,000 on target 2', () => attr(s, target(2), 'data-cash'), '1000');
  await s.click(tid('nation-end-round'));
  await s.waitFor(game('intel'));
  assertEqual(await attr(s, tid('nation-phase'), 'data-round'), '2', 'round 2');
  assertEqual(await attr(s, tid('nation-phase'), 'data-first-player'), '1', 'the token passed to Bo');
  assertEqual(await attr(s, target(2), 'data-cash'), '1000', 'the cash stays on target 2');
  await scrollTo(s, tid('nation-pyramid'));
  await shot('nation-pyramid');

  // The game's timeline lists the round, then back to the table.
  await s.click(tid('nation-to-history'));
  // The one history screen every game has: steps, what they derived under them.
  await s.waitFor(`${tid('history')}[data-game="nation"]`);
  await eventually('history steps', () => count(s, tid('history-entry')), (n) => n > 5);
  assert(
    await present(s, `${tid('history-entry')}[data-key="target_raised"], ${tid('history-detail')}[data-key="target_raised"]`),
    'the cash put on a target is in the history',
  );
  await shot('nation-history');
  await s.click(tid('history-to-game'));
  await s.waitFor(game('intel'));
});

await test('the last targets fall, the count is closed and the winner named', async () => {
  assert(gameId, 'the game of the first flow');
  const s = await app.start({ resume: true });
  await s.setWindowRect({ width: 1280, height: 720 });
  await s.waitFor(game('intel'), STARTUP_TIMEOUT);

  // The other rounds through the IPC, dice entered: each player goes after
  // an available target of their own with a Pistol at 09:0x and rolls a 6.
  await s.setTimeouts({ script: 120_000 });
  const played = await s.executeAsync(
    `const [gameId, done] = arguments;
     const invoke = window.__TAURI_INTERNALS__.invoke;
     const act = (command) => invoke('game_act', { gameId, command: { game: 'nation', command } });
     (async () => {
       let screen = await invoke('game_open', { gameId });
       let commands = 0;
       for (let guard = 0; guard < 400 && screen.view.phase !== 'count'; guard += 1) {
         const v = screen.view;
         commands += 1;
         if (v.phase === 'intel') {
           screen = await act({ type: 'end_intel' });
         } else if (v.phase === 'assassination') {
           const open = v.pyramid.filter((t) => t.available);
           for (const p of v.players) {
             const t = open[p.seat];
             // The reveal waits for each player's attempt or pass (edition 3).
             if (!t) {
               await act({ type: 'pass_attempt', player: p.seat });
               continue;
             }
             if (t.msr === null) await act({ type: 'set_box_value', key: 'target.' + t.id + '.msr', value: 0 });
             await act({ type: 'declare_attempt', player: p.seat, target: t.id, weapon: 'pistol', doubled: false,
               modifiers: [], contract: { objective: '', positive: [], negative: [] }, time: 900 + p.seat });
           }
           screen = await act({ type: 'reveal' });
         } else if (v.waiting.type === 'resolve') {
           screen = await act({ type: 'resolve', player: v.waiting.players[0], dice: [6], believed: null });
         } else if (v.waiting.type === 'tie_roll') {
           screen = await act({ type: 'roll_for_order', target: v.waiting.target, dice: v.waiting.players.map((_, i) => 6 - i) });
         } else {
           screen = await act({ type: 'end_round' });
         }
       }
       return { phase: screen.view.phase, left: screen.view.pyramid.filter((t) => t.holder === null).length, commands };
     })().then(done, (e) => done({ error: JSON.stringify(e) }));`,
    [gameId],
  );
  assert(!played.error, `the rounds through the IPC: ${played.error}`);
  assertEqual(played.phase, 'count', 'every target down');
  assertEqual(played.left, 0, 'no target left in the pyramid');

  // Back in the window: the library, then the game again.
  await s.click(tid('nav-library'));
  await s.waitFor(tid('campaign-list'), STARTUP_TIMEOUT);
  await s.click(`${tid('campaign-card')}[data-campaign-id="${gameId}"] ${tid('open-campaign')}`);
  await s.waitFor(game('count'), STARTUP_TIMEOUT);
  assertEqual(await count(s, `${tid('nation-target')}[data-holder=""]`), 0, 'the pyramid is empty');

  // A mistake corrected: Cy's Cash Tokens set to 200, with a reason.
  await s.click(tid('nation-adjust-open'));
  await setValue(s, tid('nation-adjust-player'), 2);
  await s.type(tid('nation-adjust-cash'), '200');
  await s.type(tid('nation-adjust-reason'), 'Cy’s stack was miscounted');
  await s.click(tid('nation-adjust-save'));
  await eventually('Cy’s cash corrected', () => attr(s, score(2), 'data-cash'), '200000');

  // The hit lists: Ann's names target 1 (hers) for $2,000; Bo and Cy show theirs with no line entered.
  await s.click(tid('nation-hitlist-add-0'));
  await setValue(s, tid('nation-hitlist-target-0-0'), 1);
  await s.type(tid('nation-hitlist-bonus-0-0'), '2000');
  for (const seat of [0, 1, 2]) {
    await s.click(tid(`nation-hitlist-save-${seat}`));
    await eventually(`hit list of seat ${seat} shown`, () => attr(s, tid(`nation-hitlist-${seat}`), 'data-shown'), 'true');
  }
  await noError(s, 'after the hit lists');
  await s.click(tid('nation-close-count'));

  await s.waitFor(game('over'), 10_000);
  await eventually('Cy named the winner', () => attr(s, tid('nation-winner'), 'data-seat'), '2');
  assertEqual(await attr(s, tid('nation-end-count'), 'data-winner'), '2', 'the end count names the winner');
  assertEqual(await count(s, tid('nation-end-line')), 3, 'a line per player');
  assertEqual(
    await attr(s, `${tid('nation-end-line')}[data-seat="2"]`, 'data-winner'),
    'true',
    'Cy’s line is the winner’s',
  );
  const totals = await s.executeScript(
    `return [...document.querySelectorAll('[data-testid="nation-end-line"]')].map((l) => Number(l.dataset.total));`,
  );
  assert(totals[2] > totals[0] && totals[2] > totals[1], `Cy has the most money: ${totals}`);
  await noError(s, 'at the end');
  await audit(s, 'nation-end');
  await fits(s, 'nation-end');
  await scrollTo(s, tid('nation-count'));
  await shot('nation-end-count');

  // The library says it in the game's own words: its round and who won.
  await s.click(tid('nav-library'));
  await s.waitFor(tid('campaign-list'), STARTUP_TIMEOUT);
  const line = `${tid('campaign-card')}[data-campaign-id="${gameId}"] ${tid('campaign-leaders')}`;
  assertEqual(await attr(s, line, 'data-over'), 'true', 'listed as over');
  assertEqual(
    await s.executeScript('return document.querySelector(arguments[0])?.textContent.trim();', [line]),
    say({ en: 'Won by Cy', fr: 'Gagnée par Cy' }),
    'the winner in the library',
  );
});
