// Assassin Nation told back (issue 57) through the real window, in the
// run's language (only data attributes and numbers are asserted, never
// words):
//   1. a 3-player game set up and played through the IPC to its end (each
//      target at +5, so every Sniper Rifle attempt succeeds, a target per
//      player per round), Cy's hit list earning a bonus, the count closed;
//   2. its story opened from the game's screen: the table twin holds the
//      figures the rules' story gives (each player's money at the start and
//      at each round's end), the last round's money is the game's
//      scoreboard, the count explained is the game's end count line by
//      line; the chart draws a line per player and a mark per target, the
//      marks reached by Tab; axe finds nothing serious, nothing sticks out
//      at 1280×720; screenshots of the chart and of the count;
//   3. back to the game, and to the story again from the game's history.
import { app, assert, assertEqual, audit, eventually, noError, shot, test } from './harness.mjs';

const tid = (id) => `[data-testid="${id}"]`;
const STARTUP_TIMEOUT = 20_000;

const attr = (s, selector, name) =>
  s.executeScript('return document.querySelector(arguments[0])?.getAttribute(arguments[1]) ?? null;', [selector, name]);
const count = (s, selector) => s.executeScript('return document.querySelectorAll(arguments[0]).length;', [selector]);
const scrollTo = (s, selector) =>
  s.executeScript('document.querySelector(arguments[0])?.scrollIntoView({ block: "start" });', [selector]);

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

let gameId = null;
let told = null;

await test('a game of Assassin Nation played to its end, told back round by round with its count', async () => {
  const s = await app.start();
  await s.setWindowRect({ width: 1280, height: 720 });
  await s.waitFor(tid('new-game-box'), STARTUP_TIMEOUT);

  await s.setTimeouts({ script: 120_000 });
  const played = await s.executeAsync(
    `const [done] = arguments;
     const invoke = window.__TAURI_INTERNALS__.invoke;
     (async () => {
       const box_values = {
         'specialist.1.weapon': 'knife', 'specialist.2.weapon': 'pistol', 'specialist.3.weapon': 'rope',
         'weapon.sniper_rifle.msr': 2, 'weapon.sniper_rifle.noise': 'loud', 'weapon.sniper_rifle.cause': 'gunshot',
       };
       for (let n = 1; n <= 18; n += 1) box_values['target.' + n + '.msr'] = 5;
       const created = await invoke('game_create', { name: 'Story night', setup: { game: 'nation', command: {
         type: 'create_game', first_player: 0, dice: null, storytelling: false, box_values,
         players: [{ name: 'Ann', specialist: 1 }, { name: 'Bo', specialist: 2 }, { name: 'Cy', specialist: 3 }] } } });
       const gameId = created.id;
       const act = (command) => invoke('game_act', { gameId, command: { game: 'nation', command } });
       let screen = await invoke('game_open', { gameId });
       for (let guard = 0; guard < 400 && screen.view.end_count === null; guard += 1) {
         const v = screen.view;
         if (v.phase === 'intel') {
           screen = await act({ type: 'end_intel' });
         } else if (v.phase === 'assassination') {
           const open = v.pyramid.filter((t) => t.available);
           for (const p of v.players) {
             const t = open[p.seat];
             if (!t) {
               await act({ type: 'pass_attempt', player: p.seat });
               continue;
             }
             await act({ type: 'declare_attempt', player: p.seat, target: t.id, weapon: 'sniper_rifle', doubled: false,
               modifiers: [], contract: { objective: '', positive: [], negative: [] }, time: 1345 });
           }
           screen = await act({ type: 'reveal' });
         } else if (v.waiting.type === 'resolve') {
           screen = await act({ type: 'resolve', player: v.waiting.players[0], dice: null, believed: null });
         } else {
           screen = await act({ type: 'end_round' });
         }
       }
       const cys = screen.view.players[2].tiles[0];
       await act({ type: 'reveal_hit_list', player: 2, entries: [{ target: cys, bonus: 20000 }] });
       await act({ type: 'reveal_hit_list', player: 0, entries: [] });
       await act({ type: 'reveal_hit_list', player: 1, entries: [] });
       screen = await act({ type: 'close_count' });
       const story = await invoke('game_open', { gameId, part: { part: 'story' } });
       return { gameId, phase: screen.view.phase, story: story.told,
         running: screen.view.players.map((p) => p.running),
         totals: screen.view.end_count.lines.map((l) => l.total) };
     })().then(done, (e) => done({ error: JSON.stringify(e) }));`,
    [],
  );
  assert(!played.error, `the game through the IPC: ${played.error}`);
  assertEqual(played.phase, 'over', 'the game is over');
  gameId = played.gameId;
  told = played.story;
  assertEqual(told.targets.length, 18, 'every target taken, told');

  // The game in the window (the library read again: it was made behind
  // its back), then its story from its screen.
  await s.executeScript('location.reload();');
  await s.waitFor(`${tid('campaign-card')}[data-campaign-id="${gameId}"]`, STARTUP_TIMEOUT);
  await s.click(`${tid('campaign-card')}[data-campaign-id="${gameId}"] ${tid('open-campaign')}`);
  await s.waitFor(`${tid('nation-game')}[data-phase="over"]`, STARTUP_TIMEOUT);
  const endTotals = await s.executeScript(
    `return [...document.querySelectorAll('[data-testid="nation-end-line"]')].map((l) => Number(l.dataset.total));`,
  );
  await s.click(tid('nation-to-story'));
  await s.waitFor(tid('nation-story-money'), STARTUP_TIMEOUT);
  await noError(s, 'on the story');

  // The table twin: a row per point (the start, each round), a cell per player.
  const rows = await s.executeScript(
    `return [...document.querySelectorAll('[data-testid="nation-story-round"]')].map((r) => ({
       round: Number(r.dataset.round),
       money: [...r.querySelectorAll('[data-testid="nation-story-cell"]')].map((c) => Number(c.dataset.running)),
       taken: [...r.querySelectorAll('[data-testid="nation-story-taken"]')].map((c) => Number(c.dataset.target)),
     }));`,
  );
  assertEqual(
    rows.map((r) => r.round),
    told.rounds.map((p) => p.round),
    'a row per round of the rules’ story',
  );
  assertEqual(
    rows.map((r) => r.money),
    told.rounds.map((p) => p.money.map((m) => m.running)),
    'the twin’s figures are the rules’ story’s',
  );
  assertEqual(rows[rows.length - 1].money, played.running, 'the last round’s money is the scoreboard’s');
  assertEqual(rows.flatMap((r) => r.taken).sort((a, b) => a - b), told.targets.map((t) => t.target).sort((a, b) => a - b), 'every target taken, in its round');
  assertEqual(rows[0].money, [2000, 2000, 2000], 'the starting cash');

  // The count explained is the game's end count.
  const lines = await s.executeScript(
    `return [...document.querySelectorAll('[data-testid="nation-story-count-line"]')].map((l) => ({
       total: Number(l.dataset.total), winner: l.dataset.winner }));`,
  );
  assertEqual(lines.map((l) => l.total), endTotals, 'the totals are the end count’s');
  assertEqual(lines.map((l) => l.total), played.totals, 'and the rules’');
  assertEqual(lines.filter((l) => l.winner === 'true').length, 1, 'one winner');

  // The chart: a line per player through the twin's points, a mark per target.
  assertEqual(await count(s, `${tid('line-chart')} path[data-series]`), 3, 'a line per player');
  assertEqual(
    await s.executeScript(
      `return [...document.querySelectorAll('[data-testid="line-chart"] path[data-series]')].map((p) => Number(p.dataset.points));`,
    ),
    [rows.length, rows.length, rows.length],
    'each line through every point of the twin',
  );
  assertEqual(await count(s, tid('chart-mark')), 18, 'a mark per target taken');
  assert((await attr(s, `${tid('line-chart')} svg`, 'aria-label')) !== null, 'the picture is named');
  assertEqual(
    await attr(s, `${tid('line-chart')} svg`, 'aria-details'),
    await attr(s, tid('nation-story-money'), 'id'),
    'the picture points to its table twin',
  );
  // Tab reaches the marks from the buttons of the header.
  await s.executeScript('document.querySelector(arguments[0]).focus();', [tid('nation-story-to-history')]);
  let reached = false;
  for (let i = 0; i < 6 && !reached; i += 1) {
    await s.pressKey('\uE004');
    reached = await s.executeScript('return document.activeElement?.dataset.testid === "chart-mark";');
  }
  assert(reached, 'a chart mark is reached with Tab');

  await audit(s, 'nation-story');
  await fits(s, 'nation-story');
  await scrollTo(s, tid('nation-story'));
  await shot('nation-story-chart');
  await scrollTo(s, tid('nation-story-count'));
  await shot('nation-story-count');

  // From the story back to the game, and to it again from the history.
  await s.click(tid('nation-story-to-game'));
  await s.waitFor(`${tid('nation-game')}[data-phase="over"]`, STARTUP_TIMEOUT);
  await s.click(tid('nation-to-history'));
  await s.waitFor(tid('history-to-story'), STARTUP_TIMEOUT);
  await s.click(tid('history-to-story'));
  await s.waitFor(tid('nation-story-money'), STARTUP_TIMEOUT);
  assertEqual(await count(s, tid('nation-story-round')), told.rounds.length, 'the same story');
  await noError(s, 'back on the story');
});
