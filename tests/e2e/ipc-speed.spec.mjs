// Speed through the real IPC: every command the UI sends, timed from the
// page on a campaign of 5,000 events, 95th percentile reported (not
// asserted: machines differ). The campaign is tests/fixtures/
// library-5000-events.sqlite, written by the `bagless` command's test
// writer (`bagless debug-record-loop --count 5000`). English run only.
import { copyFileSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_DATA_DIR, ARTIFACTS, BIN, LOCALE, app, assert, assertEqual, eventually, setValue, test } from './harness.mjs';
import { FRAME_MS, redrawSpread, spread, timedPlacement, timedScreen } from './redraw.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
// `make bench` runs the spec a second time on the library of 21 games that
// scripts/bench-library.sh built (the 5,000-event campaign and 20 imports
// of the RISK game below): BAGLESS_IPC_LIBRARY names it.
const FIXTURE = process.env.BAGLESS_IPC_LIBRARY || join(ROOT, 'tests', 'fixtures', 'library-5000-events.sqlite');
const LIBRARY_WORDS = process.env.BAGLESS_IPC_LIBRARY ? `a library of ${process.env.BAGLESS_IPC_LIBRARY_GAMES ?? 'many'} games` : 'a library of 1 campaign';
// A game of RISK Assassin's Creed of 20,000 events (a bot's 1,353 turns),
// as an export: imported, then every RISK command is timed on it.
const LONG_RISK = join(ROOT, 'tests', 'fixtures', 'risk-20000-events.bagless.json');
const tid = (id) => `[data-testid="${id}"]`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
// How long players look at a game's screen before asking for its story
// (issue 57's first openings are timed after it): the told-back screens'
// code is fetched, and the RISK story drawn once out of sight, 1.5 s after
// the screen came, once the window is idle ($lib/told/ahead, $lib/told/warm).
const LOOK_MS = 2500;
// `make test` asks fewer (IPC_SPEED_RUNS): its debug build's figures are
// reported, never a target; `make bench` keeps these.
const RUNS = Number(process.env.IPC_SPEED_RUNS ?? 40);
// The story screens opened and drawn, each time from its game's screen.
const STORY_RUNS = Number(process.env.IPC_SPEED_STORY_RUNS ?? 11);
// `make test` drives the debug build: its figures say so (`make bench`
// times the release build).
const BUILD_WORDS = BIN && realpathSync(BIN).includes('/debug/') ? ' (debug build: `make bench` times the release)' : '';
// How the window paints: the app as installed paints without WebKitGTK's
// compositor (src-tauri/src/main.rs), which the end-to-end build keeps for
// WebDriver's screenshots. `make bench` runs this spec as installed
// (WEBKIT_DISABLE_COMPOSITING_MODE=1, no screenshots: E2E_SHOTS=off); the
// figures say which.
const PAINT_WORDS =
  process.env.WEBKIT_DISABLE_COMPOSITING_MODE === '1' ? ' (painted as installed, without the compositor)' : " (painted with WebKit's compositor, as the end-to-end build does)";

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
  // The campaign (the only Brotherhood of Venice game in either library).
  campaignId = await s.executeAsync(
    `const done = arguments[arguments.length - 1];
     window.__TAURI_INTERNALS__.invoke('list_campaigns').then((l) => done(l.campaigns.find((c) => c.game === 'bov')?.id ?? null), () => done(null));`,
  );
  assert(campaignId, 'the 5,000-event campaign in the library');
  // Each group runs RUNS times; its calls run in turn, each timed on its own
  // (an undo then its redo; a value set then set back).
  const diary = await s.executeAsync(
    `const done = arguments[arguments.length - 1];
     window.__TAURI_INTERNALS__.invoke('game_open', { gameId: arguments[0], part: { part: 'diary' } }).then((s) => done(s.view.shown), () => done(null));`,
    [campaignId],
  );
  // The fixture's campaign was played to the end (memories at seq 4 to 105,
  // then thousands of renames, stickers and undos), by a Bagless that did
  // not yet require the HQ. Go back to before its last memory (4.5, at seq
  // 105) and set the HQ up, so that recording an attempt and the HQ's
  // numbers are timed as real writes.
  const open = await s.executeAsync(
    `const [campaignId, done] = arguments;
     const invoke = window.__TAURI_INTERNALS__.invoke;
     const gameId = campaignId;
     const hqAct = (command) => invoke('game_act', { gameId, command: { game: 'bov', command }, part: { part: 'hq' } });
     (async () => {
       await invoke('game_jump_back', { gameId, seq: 101 });
       await hqAct({ type: 'unlock_hq', ally: 'mercenaries' });
       const hq = (await invoke('game_open', { gameId, part: { part: 'hq' } })).view.shown;
       const layout = {};
       for (const m of hq.miniatures) if (m.kind === 'assassin' || m.kind === 'ezio') layout[m.id] = 'memory';
       const helpers = hq.miniatures.filter((m) => m.kind === 'apprentice' || m.kind === 'ally').map((m) => m.id);
       const ally = helpers.find((id) => id.startsWith('ally-'));
       layout[ally] = 'memory';
       const rest = helpers.filter((id) => id !== ally);
       ['hospital_white', 'workshop', 'shop'].forEach((spot, i) => (layout[rest[i]] = spot));
       for (const id of rest.slice(3)) layout[id] = 'command_room';
       for (const [miniature, spot] of Object.entries(layout)) {
         await hqAct({ type: 'assign_miniature', miniature, spot });
       }
       await hqAct({ type: 'set_hq_value', key: 'contract.1.level', value: 1 });
       await hqAct({ type: 'confirm_assignment' });
       return (await invoke('game_open', { gameId, part: { part: 'diary' } })).view.shown.next?.memory ?? null;
     })().then(done, (e) => done({ error: JSON.stringify(e) }));`,
    [campaignId],
  );
  assert(typeof open === 'string', `a memory to record on the 5,000-event campaign: ${JSON.stringify(open)}`);
  // A small campaign to export and import (importing the big one 40 times
  // would only measure its replay, already timed by `make bench`).
  const small = await s.executeAsync(
    `const done = arguments[arguments.length - 1];
     const invoke = window.__TAURI_INTERNALS__.invoke;
     invoke('game_create', { name: 'Speed export', setup: { game: 'bov', command: { type: 'create', name: 'Speed export', pack_id: 'core', assassins: ['daria'] } } })
       .then((c) => invoke('export_campaign', { campaignId: c.id }).then((e) => done({ id: c.id, path: e.path })))
       .catch((e) => done({ error: JSON.stringify(e) }));`,
  );
  assert(!small.error, `the small campaign: ${small.error}`);
  // The other boxes: the long RISK game imported, an Assassin Nation game
  // of 3 players with every printed value given.
  const games = await s.executeAsync(
    `const [path, done] = arguments;
     const invoke = window.__TAURI_INTERNALS__.invoke;
     const values = {};
     for (let n = 1; n <= 18; n += 1) values['target.' + n + '.msr'] = 0;
     ['knife', 'pistol', 'rope'].forEach((w, i) => (values['specialist.' + (i + 1) + '.weapon'] = w));
     (async () => {
       const risk = (await invoke('import_campaign', { path })).game;
       const nation = await invoke('game_create', { name: 'Speed nation', setup: { game: 'nation', command: { type: 'create_game',
         players: [{ name: 'Ada', specialist: 1 }, { name: 'Bo', specialist: 2 }, { name: 'Cy', specialist: 3 }],
         first_player: 0, dice: null, storytelling: false, box_values: values } } });
       return { risk: risk.id, nation: nation.id };
     })().then(done, (e) => done({ error: JSON.stringify(e) }));`,
    [LONG_RISK],
  );
  assert(!games.error, `the other boxes' games: ${games.error}`);
  writeFileSync(process.env.BAGLESS_E2E_CHOOSER, `${small.path}\n`);
  await s.setTimeouts({ script: 600_000 });
  // Every command the UI sends, each timed on its own, RUNS times (fewer for
  // those that add a campaign or replace the library). A command refused by
  // the rules is timed too (its answer is the refusal) and marked so.
  const timings = await s.executeAsync(
    `const [id, small, games, runs, done] = arguments;
     const invoke = window.__TAURI_INTERNALS__.invoke;
     const out = {};
     const refused = {};
     const commands = new Set();
     // Each figure is named by its command, and by what it did when the
     // command is the one every game takes (a campaign's diary opened…).
     async function timed(name, args, label = name) {
       const start = performance.now();
       let answer;
       try {
         answer = await invoke(name, args);
       } catch (e) {
         if (!e || !Array.isArray(e.violations) || e.violations.length === 0) throw new Error(label + ': ' + JSON.stringify(e));
         refused[label] = e.violations[0].code;
       }
       (out[label] ??= []).push(performance.now() - start);
       commands.add(name);
       return answer;
     }
     const campaignId = id;
     // A campaign's commands: the one command set, with the part shown.
     const part = (p, more = {}) => ({ gameId: campaignId, part: { part: p, ...more } });
     const bovAct = (command, p, label) =>
       timed('game_act', { gameId: campaignId, command: { game: 'bov', command }, part: { part: p } }, label).then((s) => s?.view.shown);
     const bovInvoke = (name, args) => invoke(name, args).then((s) => s.view.shown);
     const newest = async () => (await invoke('game_history', { gameId: campaignId, limit: 1 })).entries[0].seq;
     const rounds = {
       reads: async () => {
         await timed('library_info', {});
         await timed('list_packs', {});
         await timed('list_campaigns', {});
         await timed('list_export_files', {});
         await timed('list_backups', {});
         await timed('game_open', part('diary'), 'game_open (campaign diary)');
         await timed('game_open', part('board'), 'game_open (campaign boards)');
         await timed('game_open', part('hq'), 'game_open (campaign HQ)');
         // A card picked up on the boards: where it may go (issue 55).
         const boards = await bovInvoke('game_open', part('board'));
         const held = [...boards.assassins.flatMap((a) => [...a.equipped.map((s) => s.card), ...a.inventory]),
           ...boards.storage.cards, ...boards.piles.flatMap((p) => p.cards)].find((c) => c) ?? { id: 'no-card' };
         await timed('game_open', part('destinations', { card: held.id }), 'game_open (campaign card picked up)');
         await timed('game_history', { gameId: campaignId, limit: null }, 'game_history (campaign)');
         await timed('game_open', { gameId: campaignId, part: { part: 'story' } }, 'game_open (campaign story)');
         await timed('library_evening', { since: null });
         await timed('library_year', {});
       },
       writes: async () => {
         await bovAct({ type: 'set_hq_sticker', number: 1, marked: true }, 'diary', 'game_act (campaign sticker)');
         await bovAct({ type: 'set_hq_sticker', number: 1, marked: false }, 'diary', 'game_act (campaign sticker)');
         await timed('game_rename', { ...part('diary'), name: 'Speed A' }, 'game_rename (campaign)');
         await timed('game_undo', part('diary'), 'game_undo (campaign diary)');
         await timed('game_redo', part('board'), 'game_redo (campaign boards)');
         // From the history screen: the step, then the history again.
         await timed('game_undo', { gameId: campaignId }, 'game_undo (campaign, from its history)');
         await timed('game_history', { gameId: campaignId, limit: null }, 'game_history (campaign)');
         // Record an attempt and take it back.
         const diary = await bovInvoke('game_open', part('diary'));
         const memory = diary.next.memory;
         await bovAct({ type: 'record_attempt',
           memory, outcome: 'success', difficulty: 'normal',
           xp: { mandatory: 0, optional: 0, boss: 0, other: 0 }, sync_met: false, stickers: [],
           played_on: new Date().toISOString().slice(0, 10), notes: '', eliminated: [] }, 'diary', 'game_act (campaign attempt)');
         await invoke('game_undo', part('diary'));
         // A card added to an assassin's bag, moved to the discard, both
         // taken back. The memory group is out (memory 4.5 set up above):
         // the HQ's main hall is closed until its end (edition 2), so the
         // card goes where a card may go during a memory.
         const assassin = (await bovInvoke('game_open', part('board'))).assassins[0].id;
         await bovAct({ type: 'add_card', name: 'Speed card',
           kind: 'black_equipment', fits: null, health_bonus: 0, removal_mark: false, to: { place: 'bag', assassin } }, 'board', 'game_act (campaign card)');
         const board = await bovInvoke('game_open', part('board'));
         const added = board.assassins[0].bag.find((c) => c.name === 'Speed card');
         await bovAct({ type: 'move_card', card: added.id, to: { place: 'equipment_discard' } }, 'board', 'game_act (campaign card)');
         await invoke('game_undo', part('diary'));
         await invoke('game_undo', part('diary'));
         // Two renames, then back to the first: the second is undone.
         await invoke('game_rename', { ...part('diary'), name: 'Speed B' });
         const back = await newest();
         await invoke('game_rename', { ...part('diary'), name: 'Speed C' });
         await timed('game_jump_back', { gameId: campaignId, seq: back }, 'game_jump_back (campaign)');
         await invoke('game_undo', part('diary'));
         // The XP one up and back (the track starts at 0).
         await bovAct({ type: 'override', target: 'xp', value: 1, reason: '' }, 'diary', 'game_act (campaign override)');
         await bovAct({ type: 'override', target: 'xp', value: 0, reason: '' }, 'diary', 'game_act (campaign override)');
         // A number read off a card, typed and put back.
         await bovAct({ type: 'set_hq_value', key: 'contract.1.stars', value: 3 }, 'hq', 'game_act (campaign HQ)');
         await invoke('game_undo', part('diary'));
         // Every optional memory is behind this campaign: its refusal is timed.
         await bovAct({ type: 'decline_optional', memory: 'M.A' }, 'diary', 'game_act (campaign decline)');
         // The bin and back.
         await timed('delete_campaign', { campaignId });
         await timed('restore_campaign', { campaignId });
         await timed('export_campaign', { campaignId: small.id });
         // The evening's picture: a PNG's signature and a few bytes, saved where
         // the chooser answers (the small campaign's export file), then that
         // file written again as the export by export_chosen, just after.
         await timed('save_picture', { bytes: [137, 80, 78, 71, 13, 10, 26, 10, ...new Array(2048).fill(0)], title: 'Picture', filter: 'PNG' });
         await timed('export_chosen', { campaignId: small.id, title: 'Export', filter: 'Bagless' });
       },
       adds: async () => {
         const made = await timed('game_create', { name: 'Speed new', setup: { game: 'bov', command: { type: 'create',
           name: 'Speed new', pack_id: 'core', assassins: ['claudio'] } } }, 'game_create (campaign)');
         // The campaign's own file: already here, nothing written.
         const imported = await timed('import_campaign', { path: small.path });
         if (imported.how !== 'already_here') throw new Error('the same campaign imported again: ' + imported.how);
         await timed('game_setup', { game: 'risk' });
         const risk = await timed('game_create', { name: 'Speed risk', setup: { game: 'risk', command: { type: 'create_game',
           players: [{ name: 'A', colour: 'red' }, { name: 'B', colour: 'grey' }, { name: 'C', colour: 'black' }],
           sigma: true, box_values: [] } } });
         const nation = await invoke('game_create', { name: 'Speed nation 2', setup: { game: 'nation', command: { type: 'create_game',
           players: [{ name: 'A', specialist: 4 }, { name: 'B', specialist: 5 }],
           first_player: 0, dice: null, storytelling: false, box_values: {} } } });
         for (const c of [risk, nation]) await invoke('delete_campaign', { campaignId: c.id });
         const chosen = await timed('import_chosen', { title: 'Import', filter: 'Bagless' });
         // A game handed over to another Bagless (on 127.0.0.1 in this
         // build): offered, asked, received back here (already here), the
         // choice with nothing received refused in words, withdrawn.
         const ticket = await timed('handover_offer', { gameId: small.id });
         await timed('handover_status', {});
         await timed('handover_receive', { address: ticket.address, code: ticket.code });
         {
           const start = performance.now();
           try {
             await invoke('handover_choose', { choice: 'keep_here' });
           } catch (e) {
             if (!e || e.code !== 'handover_nothing_received') throw new Error('handover_choose: ' + JSON.stringify(e));
             refused.handover_choose = e.code;
           }
           (out.handover_choose ??= []).push(performance.now() - start);
           commands.add('handover_choose');
         }
         await timed('handover_withdraw', {});
         await invoke('delete_campaign', { campaignId: made.id });
         if (chosen && chosen.how === 'added') await invoke('delete_campaign', { campaignId: chosen.game.id });
       },
       games: async () => {
         // RISK Assassin's Creed, on the 20,000-event game, in its placement.
         const gameId = games.risk;
         const map = await timed('game_open', { gameId });
         const own = map.view.territories.find((t) => t.owner === map.view.current).id;
         // The odds of an attack as the rules give them for this game: the
         // turn's new assassins placed and the placement ended, an attack
         // from a territory that can send a force on an enemy one beside
         // it; then both taken back.
         let steps = 0;
         let attack = map.view;
         try {
           if (attack.pool > 0) {
             attack = (await invoke('game_act', { gameId, command: { game: 'risk', command: { type: 'place', territory: own, count: attack.pool } } })).view;
             steps += 1;
           }
           attack = (await invoke('game_act', { gameId, command: { game: 'risk', command: { type: 'end_placement' } } })).view;
           steps += 1;
         } catch {
           // Still in the placement: the odds answer that it is no attack.
         }
         const owner = (id) => attack.territories.find((t) => t.id === id).owner;
         const line = (attack.attack?.forces ?? [])
           .flatMap((f) => attack.territories.find((t) => t.id === f.territory).neighbours
             .filter((n) => owner(n) !== attack.current)
             .map((n) => [f.territory, n, f.count]))[0] ?? [own, own, 1];
         await timed('risk_odds', { gameId, from: line[0], to: line[1], force: line[2] });
         for (; steps > 0; steps -= 1) await invoke('game_undo', { gameId });
         await timed('game_act', { gameId, command: { game: 'risk', command: { type: 'place', territory: own, count: 1 } } });
         await timed('game_undo', { gameId });
         await timed('game_redo', { gameId });
         const placed = (await timed('game_history', { gameId })).entries[0].seq;
         await invoke('game_act', { gameId, command: { game: 'risk', command: { type: 'place', territory: own, count: 1 } } });
         await timed('game_jump_back', { gameId, seq: placed });
         await invoke('game_undo', { gameId });
         await timed('risk_sheet', { gameId });
         await timed('game_rename', { gameId, name: 'A long night' });
         // The table opened to the phones (on 127.0.0.1 in this build), asked, closed.
         await timed('table_networks', {});
         const table = await timed('table_open', { gameId, network: null });
         await timed('table_status', {});
         // One seat freed, one seat given a new link.
         await timed('table_free', { seat: table.seats[0].seat.id });
         await timed('table_renew', { seat: table.seats[0].seat.id });
         await timed('table_close', {});
         // Assassin Nation: a phase ended, undone, redone, gone back from.
         const nationId = games.nation;
         await timed('game_open', { gameId: nationId });
         await timed('game_act', { gameId: nationId, command: { game: 'nation', command: { type: 'end_intel' } } });
         await timed('game_undo', { gameId: nationId });
         await timed('game_redo', { gameId: nationId });
         await timed('game_history', { gameId: nationId });
         await timed('game_jump_back', { gameId: nationId, seq: 1 });
         await timed('game_rename', { gameId: nationId, name: 'Speed nation' });
         // A memory in play of the small campaign: a step, undone, redone, gone back from.
         const next = (await bovInvoke('game_open', { gameId: small.id, part: { part: 'diary' } })).next.memory;
         const memory = await timed('memory_start', { campaignId: small.id, setup: { type: 'start_memory',
           campaign_id: small.id, memory: next, assassins: ['daria'], box_values: {}, entrances: ['a', 'b'], easy: false } });
         await timed('game_open', { gameId: memory.id });
         await timed('game_act', { gameId: memory.id, command: { game: 'memory', command: { type: 'advance' } } });
         await timed('game_undo', { gameId: memory.id });
         await timed('game_redo', { gameId: memory.id });
         await timed('game_history', { gameId: memory.id });
         await timed('game_jump_back', { gameId: memory.id, seq: 1 });
       },
       library: async () => {
         const backups = await invoke('list_backups', {});
         await timed('preview_backup', { fileName: backups[0].file_name });
         await timed('restore_backup', { fileName: backups[0].file_name, leaveOut: false });
       },
     };
     (async () => {
       for (let i = 0; i < runs; i += 1) await rounds.reads();
       for (let i = 0; i < runs; i += 1) await rounds.writes();
       for (let i = 0; i < runs; i += 1) await rounds.games();
       for (let i = 0; i < 5; i += 1) await rounds.adds();
       for (let i = 0; i < 3; i += 1) await rounds.library();
       return { out, refused, commands: [...commands] };
     })().then(done, (e) => done({ error: String(e) }));`,
    [campaignId, small, games, RUNS],
  );
  assert(!timings.error, `a command failed: ${timings.error}`);
  // The writes are timed as writes: the card added and moved is accepted.
  const card = 'game_act (campaign card)';
  assert(!timings.refused[card], `${card} refused: ${timings.refused[card]}`);
  // Every command declared in Rust has its figure.
  const list = readFileSync(join(ROOT, 'src-tauri', 'src', 'command_list.rs'), 'utf8');
  const declared = list
    .slice(list.indexOf('$then!(') + 7, list.indexOf(')', list.indexOf('$then!(')))
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean)
    .sort();
  assertEqual([...timings.commands].sort(), declared, 'commands timed');
  const events = await s.executeAsync(
    `const done = arguments[arguments.length - 1];
     window.__TAURI_INTERNALS__.invoke('game_history', { gameId: arguments[0], limit: null }).then((h) => done(h.entries?.length ?? null), () => done(null));`,
    [campaignId],
  );
  const rows = Object.entries(timings.out).map(([name, ms]) => {
    const sorted = [...ms].sort((a, b) => a - b);
    const p95 = sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)];
    return { command: name, p50: sorted[Math.floor(sorted.length / 2)], p95, target: 16, refused: timings.refused[name] ?? null };
  });
  console.log(`  ipc-speed: a campaign of 5,000 events (${events ?? '?'} history steps) in ${LIBRARY_WORDS}, ${RUNS} calls each${BUILD_WORDS}`);
  for (const r of rows) {
    const note = r.refused ? `   (refused: ${r.refused})` : '';
    console.log(`  ipc-speed: ${r.command.padEnd(34)} p50 ${r.p50.toFixed(1).padStart(6)} ms   p95 ${r.p95.toFixed(1).padStart(6)} ms   (target < ${r.target} ms)${note}`);
  }
  writeFileSync(join(ARTIFACTS, process.env.BAGLESS_IPC_LIBRARY ? 'ipc-speed-library.json' : 'ipc-speed.json'), JSON.stringify(rows, null, 2));
});

// The map of that long game redrawn after a move, RUNS times: a new
// assassin placed with the Place button, timed in the page (redraw.mjs),
// then taken back with the Undo button. The flows of risk.spec time a few
// placements of a short game; this gives the percentile.
await test('a move redraws the RISK map within one frame (p95 reported)', async () => {
  const s = await app.start();
  await s.waitFor(tid('campaign-list'), 20_000);
  const gameId = await s.executeAsync(
    `const [path, done] = arguments;
     window.__TAURI_INTERNALS__.invoke('import_campaign', { path }).then((g) => done(g.game.id), (e) => done({ error: JSON.stringify(e) }));`,
    [LONG_RISK],
  );
  assert(typeof gameId === 'string', `the long RISK game imported: ${JSON.stringify(gameId)}`);
  await s.setWindowRect({ width: 1280, height: 720 });
  await s.executeScript(`localStorage.setItem('bagless.lastCampaign', 'risk:' + arguments[0]); location.reload();`, [gameId]);
  const still = `${tid('risk-game')}[data-phase="placement"][data-busy="false"]`;
  await s.waitFor(still, 20_000);
  const where = await s.executeScript(
    `const current = document.querySelector('[data-testid="risk-game"]').dataset.current;
     return document.querySelector('[data-testid="risk-territory"][data-owner="' + current + '"]').dataset.territory;`,
  );
  const token = `${tid('risk-territory')}[data-territory="${where}"]`;
  const countOf = () => s.executeScript('return document.querySelector(arguments[0]).dataset.count;', [token]);
  await s.click(token);
  const before = await countOf();
  const redraws = [];
  for (let i = 0; i < RUNS; i += 1) {
    await setValue(s, tid('risk-place-count'), 1);
    const redraw = await timedPlacement(s, where);
    assert(redraw, `placement ${i + 1}: the count of ${where} changed`);
    assert(!redraw.error, `placement ${i + 1}: ${redraw.error}`);
    redraws.push(redraw);
    await s.click(tid('risk-undo'));
    await eventually('the placement undone', countOf, before);
    await s.waitFor(still);
  }
  console.log(`  ipc-speed: a placement on the map of the 20,000-event RISK game, ${RUNS} times, update + paint (target < ${FRAME_MS.toFixed(1)} ms): ${redrawSpread(redraws)}${BUILD_WORDS}${PAINT_WORDS}`);
  writeFileSync(join(ARTIFACTS, 'risk-redraw.json'), JSON.stringify(redraws, null, 2));
  // Issue 57: the story of that game (1,354 turns) computed and drawn in
  // the window, from the click on Story to its chart painted. Players look
  // at the map a moment before they ask for its story: by then the story's
  // code has been fetched and drawn once out of sight ($lib/told/warm, once
  // the screen has been up 1.5 s and the window is idle), and the first
  // opening is timed after that moment.
  await sleep(LOOK_MS);
  const stories = [];
  for (let i = 0; i < STORY_RUNS; i += 1) {
    // Drawn: both charts' lines in the page (the assassins' chart is the
    // second), then painted; the conquests' tally and the table twin, below
    // the first view, come in the frame after.
    const story = await timedScreen(s, tid('risk-to-story'), `${tid('risk-story-assassins-line')}[d^="M"]`);
    assert(!story.error, `the story drawn: ${story.error}`);
    stories.push(story.ms);
    await s.click(tid('risk-story-back'));
    await s.waitFor(still);
  }
  console.log(`  ipc-speed: the story of the 20,000-event RISK game computed and drawn, ${STORY_RUNS} times (target < 100 ms): first ${stories[0].toFixed(1)} ms; then ${spread(stories.slice(1))}${BUILD_WORDS}${PAINT_WORDS}`);
  writeFileSync(join(ARTIFACTS, 'risk-story.json'), JSON.stringify(stories, null, 2));
});

// Issue 57: the story of the 5,000-event campaign computed and drawn in the
// window, from the diary's button to its XP chart painted.
await test('the story of the 5,000-event campaign is drawn (p95 reported)', async () => {
  const s = await app.start();
  await s.waitFor(tid('campaign-list'), 20_000);
  await s.setWindowRect({ width: 1280, height: 720 });
  await s.executeScript(`localStorage.setItem('bagless.lastCampaign', 'bov:' + arguments[0]); location.reload();`, [campaignId]);
  await s.waitFor(tid('to-story'), 20_000);
  // As for the RISK story: the diary has been up a moment (the story's code
  // fetched while the window was idle) before the first opening is timed.
  await sleep(LOOK_MS);
  const stories = [];
  const wholes = [];
  for (let i = 0; i < STORY_RUNS; i += 1) {
    // Drawn: the XP chart's line in the page, then painted. Its table twin,
    // the memories, assassins and HQ below the first view come in the frame
    // after: the whole story is its HQ table painted too, reported beside it.
    const story = await timedScreen(s, tid('to-story'), '#story-xp path[data-series="xp"][d^="M"]', tid('story-hq-table'));
    assert(!story.error, `the story drawn: ${story.error}`);
    stories.push(story.ms);
    wholes.push(story.wholeMs);
    await s.click(tid('story-to-diary'));
    await s.waitFor(tid('to-story'));
  }
  console.log(`  ipc-speed: the story of the 5,000-event campaign computed and drawn, ${STORY_RUNS} times (target < 100 ms): first ${stories[0].toFixed(1)} ms; then ${spread(stories.slice(1))}${BUILD_WORDS}${PAINT_WORDS}`);
  console.log(`  ipc-speed:   the whole story, its parts below the first view painted too: first ${wholes[0].toFixed(1)} ms; then ${spread(wholes.slice(1))}`);
  writeFileSync(join(ARTIFACTS, 'campaign-story.json'), JSON.stringify({ drawn: stories, whole: wholes }, null, 2));
});
