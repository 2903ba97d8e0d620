// One campaign, two homes, through the real window: this computer's library
// (the window's) and another one's (a second library file, played and
// exported with the `bagless` command beside the app). Each import says
// what it did, in the players' words:
//   1. a file imported twice: "already here", nothing written;
//   2. played on in the other home, the file chosen here: "brought up to
//      date", with the memories, XP and level, next memory before and after,
//      and what was played there as the history says it;
//   3. played in both homes: both ways shown side by side, in a dialog
//      (axe), for a file dropped (Escape cancels: nothing written, the diary
//      under it stays), typed (this computer's kept, the file's listed
//      beside it as a copy) and chosen (the file's kept, this computer's
//      listed beside it as a copy).
// The chooser and the drop are the e2e build's hooks (src-tauri/src/dialogs.rs,
// src-tauri/src/e2e.rs).
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, realpathSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { APP_DATA_DIR, BIN, DATA_HOME, app, assert, assertEqual, audit, eventually, say, shot, test } from './harness.mjs';

const tid = (id) => `[data-testid="${id}"]`;
const text = (s, selector) =>
  s.executeScript('return document.querySelector(arguments[0])?.textContent?.trim() ?? null;', [selector]);
const count = (s, selector) => s.executeScript('return document.querySelectorAll(arguments[0]).length;', [selector]);
const attr = (s, selector, name) =>
  s.executeScript('return document.querySelector(arguments[0])?.getAttribute(arguments[1]) ?? null;', [selector, name]);
const cardNames = (s) =>
  s.executeScript(
    `return [...document.querySelectorAll('[data-testid="campaign-card"]')].map((c) => c.dataset.name).sort();`,
  );
/** Text as WebDriver reads it: no-break spaces (French typography) read as spaces. */
const plain = (words) => (words ?? '').replace(/[\u00a0\u202f]/g, ' ');

/** The `bagless` command, built beside the app. */
const CLI = process.env.BAGLESS_CLI ?? join(dirname(realpathSync(BIN)), 'bagless');
/** The other home's library. */
const OTHER = join(DATA_HOME, 'other-home', 'bagless.sqlite');
const BACKUPS = join(APP_DATA_DIR, 'backups');
const NAME = 'Two homes';

function bagless(...args) {
  return execFileSync(CLI, ['--library', OTHER, ...args], { encoding: 'utf8' });
}

/** The backups an import takes before it writes. */
const importBackups = () =>
  existsSync(BACKUPS) ? readdirSync(BACKUPS).filter((f) => f.startsWith('bagless-before-import-') && f.endsWith('.sqlite')).length : 0;

/** What the next chooser answers (src-tauri/src/dialogs.rs). */
const choose = (path) => writeFileSync(process.env.BAGLESS_E2E_CHOOSER, `${path}\n`);

/** Drops `path` onto the window (the file is written whole, then renamed in). */
function drop(path) {
  const file = process.env.BAGLESS_E2E_DROP;
  writeFileSync(`${file}.part`, `${path}\n`);
  renameSync(`${file}.part`, file);
}

/** An IPC command, called from the page. */
const invoke = (s, command, args = {}) =>
  s.executeAsync(
    `const done = arguments[arguments.length - 1];
     window.__TAURI_INTERNALS__.invoke(arguments[0], arguments[1]).then(done, (e) => done({ failed: String(e?.message ?? e) }));`,
    [command, args],
  );

/** The newest entry of a game's history here: unchanged when nothing was written. */
const newest = async (s, gameId) => (await invoke(s, 'game_history', { gameId, limit: 1 })).entries[0].seq;

/** Each line of what an import changed: what, before, after. */
const changes = (s, testid) =>
  s.executeScript(
    `return [...document.querySelectorAll(arguments[0])].map((row) => [row.dataset.what, row.dataset.before, row.dataset.after]);`,
    [`${tid(`${testid}-change`)}`],
  );
/** The words of each step an import shows under `selector`. */
const steps = (s, selector) =>
  s.executeScript(
    `return [...document.querySelectorAll(arguments[0])].map((li) => li.querySelector('[data-testid="history-words"]').textContent.trim());`,
    [selector],
  );

async function toLibrary(s) {
  if ((await count(s, tid('nav-library'))) > 0) await s.click(tid('nav-library'));
  await s.waitFor(tid('library'), 10_000);
  await s.waitFor(tid('import-form'), 20_000);
}

async function importTyped(s, path) {
  await toLibrary(s);
  await s.type(tid('import-path'), path);
  await s.click(tid('import-campaign'));
}

/** The campaign's id, and its files: the first export, and later ones. */
let id = null;
const file = (n) => join(DATA_HOME, `two-homes-${n}.bagless.json`);

await test('a file imported twice is already here: nothing written', async () => {
  mkdirSync(dirname(OTHER), { recursive: true });
  const s = await app.start();
  await s.waitFor(tid('new-campaign-form'), 20_000);
  await s.type(tid('new-campaign-name'), NAME);
  await s.click(tid('assassin-claudio'));
  await s.click(tid('create-campaign'));
  await eventually('diary', () => text(s, tid('diary-name')), NAME);
  id = await s.executeScript(`return document.querySelector('[data-testid="diary"]')?.dataset.campaignId ?? null;`);
  assert(id, 'the diary names its campaign');

  // Exported here, and taken to the other home.
  const exported = await invoke(s, 'export_campaign', { campaignId: id });
  assert(exported.path, `exported: ${JSON.stringify(exported)}`);
  copyFileSync(exported.path, file(1));
  const added = bagless('import', file(1));
  assert(added.includes('as a new campaign'), `the other home adds it: ${added}`);

  // The same file imported here: it is already here.
  const before = { seq: await newest(s, id), backups: importBackups() };
  await importTyped(s, file(1));
  await eventually('the import answered', () => attr(s, tid('import-result'), 'data-how'), 'already_here');
  const said = plain(await text(s, tid('import-result-said')));
  assertEqual(
    said,
    plain(
      say({
        en: `“${NAME}” is already here as this file holds it: nothing was changed.`,
        fr: `« ${NAME} » est déjà ici telle que ce fichier la contient : rien n’a été changé.`,
      }),
    ),
    'already here, in words',
  );
  assertEqual(await cardNames(s), [NAME], 'one campaign');
  assertEqual(await newest(s, id), before.seq, 'its history unchanged');
  assertEqual(importBackups(), before.backups, 'no backup taken: nothing written');
  await shot('already-here');
});

await test('played on in the other home, the file chosen here: brought up to date, what was played shown', async () => {
  // The other home records memory 0.1, and exports.
  const played = bagless('debug-record-loop', '--campaign', id, '--count', '1');
  assert(played.startsWith(`committed ${id}`), `played there: ${played}`);
  bagless('export', id, file(2));

  const s = await app.start();
  await toLibrary(s);
  const backups = importBackups();
  choose(file(2));
  await s.click(tid('import-choose'));
  await eventually('brought up to date', () => attr(s, tid('import-result'), 'data-how'), 'brought_up_to_date');
  const said = plain(await text(s, tid('import-result-said')));
  assert(
    said.startsWith(plain(say({ en: `“${NAME}” was brought up to date: `, fr: `« ${NAME} » a été mise à jour : ` }))),
    `brought up to date, in words: ${said}`,
  );
  const lines = await changes(s, 'import-result');
  assertEqual(lines[0], ['memories', '0', '1'], 'one memory more');
  assertEqual(lines[2]?.[0], 'next_memory', 'the next memory');
  assertEqual(lines[2][1], '0.1', 'the next memory was 0.1');
  assert(lines[2][2] !== '0.1', `the next memory is another now: ${lines[2][2]}`);
  assertEqual(lines[1]?.[0], 'xp_level', 'XP and level');
  const brought = await eventually(
    'what was played shown',
    () => steps(s, tid('import-result-since-entry')),
    (words) => words.length > 0,
  );
  assert(
    brought.some((words) =>
      plain(words).includes(plain(say({ en: 'Memory 0.1 recorded: success', fr: 'Souvenir 0.1 enregistré : réussite' }))),
    ),
    `the memory played there, as the history says it: ${JSON.stringify(brought)}`,
  );
  assertEqual(importBackups(), backups + 1, 'a backup taken before it wrote');
  // The library's line says it too.
  assert(
    plain(await text(s, `${tid('campaign-card')}[data-name="${NAME}"]`)).includes(
      plain(say({ en: '1 memory done', fr: '1 souvenir terminé' })),
    ),
    'the campaign card is up to date',
  );
  await shot('brought-up-to-date');
  await audit(s, 'import-result');
});

await test('played in both homes: both ways shown; a cancel writes nothing; each choice keeps both', async () => {
  // Here: the next memory recorded in the window.
  const s = await app.start();
  await toLibrary(s);
  await s.click(`${tid('campaign-card')}[data-name="${NAME}"] ${tid('open-campaign')}`);
  await eventually('diary', () => text(s, tid('diary-name')), NAME);
  await s.click(tid('record-attempt'));
  await s.waitFor(tid('attempt-form'));
  await s.click(tid('outcome-failure'));
  await s.click(tid('save-attempt'));
  await s.waitGone(tid('attempt-form'), 10_000);
  const here = await newest(s, id);
  // There: the next memory recorded in the other home, exported.
  bagless('debug-record-loop', '--campaign', id, '--count', '1');
  bagless('export', id, file(3));
  const backups = importBackups();

  // Dropped onto the diary: both ways, side by side.
  await s.waitFor(`${tid('app')}[data-drops="heard"]`, 10_000);
  drop(file(3));
  const dialog = await s.waitFor(tid('import-fork'), 15_000);
  assertEqual(await dialog.attribute('role'), 'dialog', 'a dialog');
  assertEqual(await dialog.attribute('aria-modal'), 'true', 'modal');
  assertEqual(
    plain(await text(s, '#import-fork-heading')),
    plain(say({ en: `“${NAME}” was played two ways`, fr: `« ${NAME} » a été jouée de deux façons` })),
    'its title',
  );
  assert(
    await s.executeScript(`return document.querySelector('[data-testid="import-fork"]').contains(document.activeElement);`),
    'the focus is in the dialog',
  );
  const ways = {
    here: await eventually('this computer’s way', () => steps(s, tid('import-fork-here-steps-entry')), (w) => w.length > 0),
    there: await eventually('the file’s way', () => steps(s, tid('import-fork-there-steps-entry')), (w) => w.length > 0),
  };
  assertEqual(ways.here.length, 1, `one entry here since: ${JSON.stringify(ways)}`);
  assertEqual(ways.there.length, 1, `one entry there since: ${JSON.stringify(ways)}`);
  assert(
    plain(ways.here[0]).includes(plain(say({ en: 'recorded: failure', fr: 'enregistré : échec' }))),
    `this computer’s way: the failure recorded here: ${ways.here[0]}`,
  );
  assert(
    plain(ways.there[0]).includes(plain(say({ en: 'recorded: success', fr: 'enregistré : réussite' }))),
    `the file’s way: the success recorded there: ${ways.there[0]}`,
  );
  await shot('both-ways');
  await audit(s, 'import-fork');

  // Escape cancels: nothing written, and the diary under it stays.
  await s.pressKey('\uE00C');
  await s.waitGone(tid('import-fork'), 5_000);
  await eventually('said so', () => attr(s, tid('drop-outcome'), 'data-how'), 'cancelled');
  assertEqual(await count(s, tid('diary')), 1, 'still on the diary');
  assertEqual(await newest(s, id), here, 'nothing written');
  assertEqual(importBackups(), backups, 'no backup taken: nothing written');
  await s.click(tid('drop-outcome-close'));

  // Typed: this computer's kept, the file's beside it as a copy.
  await importTyped(s, file(3));
  await s.waitFor(tid('import-fork'), 15_000);
  await s.click(tid('import-keep-here'));
  await eventually('kept here', () => attr(s, tid('import-result'), 'data-how'), 'kept_here_and_copy');
  let names = await eventually('the copy listed', () => cardNames(s), (n) => n.length === 2);
  const firstCopy = names.find((n) => n !== NAME);
  assert(names.includes(NAME) && firstCopy, `the campaign and its copy: ${names}`);
  let said = plain(await text(s, tid('import-result-said')));
  assert(said.includes(firstCopy), `the copy named: ${said}`);
  assert(
    said.includes(plain(say({ en: 'stays as this computer had it', fr: 'reste telle que cet ordinateur l’avait' }))),
    `which stays: ${said}`,
  );
  assertEqual(await newest(s, id), here, 'the campaign is this computer’s');
  await shot('kept-here');

  // Chosen: the file's kept, this computer's beside it as a copy.
  choose(file(3));
  await s.click(tid('import-choose'));
  await s.waitFor(tid('import-fork'), 15_000);
  await s.click(tid('import-keep-file'));
  await eventually('took the file’s', () => attr(s, tid('import-result'), 'data-how'), 'took_file_and_copy');
  names = await eventually('both copies listed', () => cardNames(s), (n) => n.length === 3);
  const secondCopy = names.find((n) => n !== NAME && n !== firstCopy);
  assert(names.includes(NAME) && secondCopy, `the campaign and both copies: ${names}`);
  said = plain(await text(s, tid('import-result-said')));
  assert(said.includes(secondCopy), `the copy named: ${said}`);
  assert(
    said.includes(plain(say({ en: 'is now as the file had it', fr: 'est désormais telle que le fichier l’avait' }))),
    `which stays: ${said}`,
  );
  await shot('took-file');

  // Nothing played is lost: this computer's attempt is in the second copy,
  // the other home's in the campaign.
  const listed = (await invoke(s, 'list_campaigns')).campaigns;
  const copy = listed.find((c) => c.name === secondCopy);
  const campaign = listed.find((c) => c.name === NAME);
  assertEqual(campaign.id, id, 'the campaign keeps its identity');
  assertEqual(campaign.memories_done, 2, 'the file’s two memories');
  assertEqual(copy.memories_done, 1, 'this computer’s one memory and its failure, in the copy');
  assertEqual(copy.next_memory, '0.2', 'the copy replays the memory it failed');
});
