// Histories decided again, through the window. A game of RISK Assassin's
// Creed edited in the library file while the window was closed (the total
// of a turn's reinforcements raised by hand, its saved state deleted so that
// the start-up check, which compares saved states with histories, finds
// nothing) is named in the library by the deep check that runs after the
// first screen, with the entry where its history leaves the rules, and
// again at the next start of the day. A backup edited the same way is named
// in its preview: the plain restore is not offered (and the IPC refuses it),
// the others are restored leaving the game out, and the notice names it.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { app, assert, assertEqual, audit, eventually, say, shot, test, APP_DATA_DIR } from './harness.mjs';

const tid = (id) => `[data-testid="${id}"]`;
const FIXTURE = join(process.cwd(), 'tests', 'fixtures', 'library-schema-8.sqlite');
const LIBRARY = join(APP_DATA_DIR, 'bagless.sqlite');
const BACKUPS = join(APP_DATA_DIR, 'backups');
/** What the last deep check found, and the day it ran (crates/bagless-app/src/deep_check.rs). */
const CHECKED = join(APP_DATA_DIR, 'history-check.json');
/** A backup made by hand, as its name says (bagless-<reason>-<stamp>.sqlite). */
const BACKUP = 'bagless-manual-20261121-210000.sqlite';
/** The fixture's RISK game; its entry 4 (the first turn's reinforcements) is edited, so entry 3 is the last the rules wrote. */
const GAME = { id: 'c76faab8352deb801', name: 'Midnight map', entry: '3' };
/** The fixture's other games the library lists (Roma is in the bin, the memory in play is its campaign's). */
const OTHERS = ['Carnival nights', 'Quattro serate à Venise', 'Friday killers'];

/**
 * Raises the reinforcements the rules gave at the game's first turn to 40
 * in the library file `file`, and deletes the game's saved state.
 */
function editHistory(file) {
  const script = `
import json, sqlite3, sys
db = sqlite3.connect(sys.argv[1])
(payload,) = db.execute("SELECT payload FROM events WHERE campaign_id = ? AND seq = 4", (sys.argv[2],)).fetchone()
event = json.loads(payload)
assert event["type"] == "turn_started", event
event["total"] = 40
db.execute("UPDATE events SET payload = ? WHERE campaign_id = ? AND seq = 4", (json.dumps(event), sys.argv[2]))
assert db.execute("DELETE FROM game_states WHERE campaign_id = ?", (sys.argv[2],)).rowcount == 1
db.commit()
db.close()
`;
  execFileSync('python3', ['-c', script, file, GAME.id], { stdio: 'inherit' });
}

/** A library file in place, its journal files gone. */
function putLibrary(from) {
  for (const suffix of ['-wal', '-shm']) rmSync(LIBRARY + suffix, { force: true });
  copyFileSync(from, LIBRARY);
}

/** The day the deep check ran, as the app's clock (UTC) dates it. */
const today = () => new Date().toISOString().slice(0, 10);
const lastCheck = () => (existsSync(CHECKED) ? JSON.parse(readFileSync(CHECKED, 'utf8')) : null);

/** Each problem line under `selector`: the game, its entry, and the words saying where. */
const problems = (s, selector) =>
  s.executeScript(
    `return [...document.querySelectorAll(arguments[0])].map((li) => ({
       name: li.dataset.name,
       entry: li.dataset.entry,
       where: li.querySelector('[data-testid$="-where"]')?.textContent.replace(/[\u00a0\u202f]/g, ' ').trim() ?? null,
     }));`,
    [selector],
  );
const count = (s, selector) => s.executeScript('return document.querySelectorAll(arguments[0]).length;', [selector]);
const cardNames = (s) =>
  s.executeScript(
    `return [...document.querySelectorAll('[data-testid="campaign-card"]')].map((c) => c.dataset.name).sort();`,
  );
const scrollTo = (s, selector) =>
  s.executeScript(`document.querySelector(arguments[0])?.scrollIntoView({ block: 'start' }); return true;`, [
    selector,
  ]);

/** Text as WebDriver reads it: no-break spaces (French typography) read as spaces. */
const plain = (text) => text.replace(/[\u00a0\u202f]/g, ' ');

const ENTRY = say({ en: `entry ${GAME.entry}, `, fr: `entrée ${GAME.entry}, ` });

await test('a game edited while the window was closed is named in the library, with its entry', async () => {
  mkdirSync(APP_DATA_DIR, { recursive: true });
  putLibrary(FIXTURE);
  editHistory(LIBRARY);
  rmSync(CHECKED, { force: true });

  const s = await app.start();
  await s.waitFor(tid('campaign-list'), 30_000);
  // The deep check runs after the first screen: its finding comes when it ends.
  const card = await s.waitFor(tid('library-history-problems'), 120_000);
  assertEqual(await card.attribute('role'), 'alert', 'the warning is an alert');
  const heading = plain(await s.text(`${tid('library-history-problems')} h3`));
  assertEqual(
    heading,
    say({ en: 'A game’s history was changed outside Bagless', fr: 'L’historique d’une partie a été modifié hors de Bagless' }),
    'the warning’s heading',
  );
  const named = await problems(s, tid('library-history-problem'));
  assertEqual(named.map(({ name, entry }) => ({ name, entry })), [{ name: GAME.name, entry: GAME.entry }], 'the game named');
  assert(named[0].where.startsWith(ENTRY) && named[0].where.includes('2026'), `its entry and date: ${named[0].where}`);
  const text = plain(await s.text(tid('library-history-problems')));
  for (const words of [
    say({ en: 'RISK Assassin', fr: 'RISK Assassin' }),
    say({ en: 'not what the rules give', fr: 'pas ce que donnent les règles' }),
    say({ en: 'preview a backup from before the change', fr: 'une sauvegarde d’avant la modification' }),
    say({ en: 'export the game and ask for help', fr: 'exportez la partie et demandez de l’aide' }),
  ]) {
    assert(text.includes(plain(words)), `the warning says “${words}”: ${text}`);
  }
  // The game stays in the library, beside the others.
  assertEqual(await cardNames(s), [...OTHERS, GAME.name].sort(), 'every game still listed');
  const found = lastCheck();
  assertEqual(found?.day, today(), 'the deep check’s finding is kept, of today');
  assertEqual(found.problems.map((p) => [p.id, p.entry]), [[GAME.id, Number(GAME.entry)]], 'what it kept');
  await shot('library-history-problems');
  await audit(s, 'library-history-problems');

  // The next start of the day shows it again, without a check.
  const again = await app.restart();
  await again.waitFor(tid('library-history-problems'), 30_000);
  assertEqual(
    (await problems(again, tid('library-history-problem'))).map((p) => p.name),
    [GAME.name],
    'named again at the next start',
  );
});

await test('a backup edited the same way is named in its preview, and restored leaving the game out', async () => {
  // A sound library, checked today; a backup of it, made by hand, then edited.
  putLibrary(FIXTURE);
  rmSync(CHECKED, { force: true });
  rmSync(BACKUPS, { recursive: true, force: true });
  mkdirSync(BACKUPS, { recursive: true });
  copyFileSync(FIXTURE, join(BACKUPS, BACKUP));
  editHistory(join(BACKUPS, BACKUP));

  const s = await app.start();
  await s.waitFor(tid('campaign-list'), 30_000);
  await eventually('the deep check of the sound library', () => lastCheck()?.day ?? null, today(), 120_000, 250);
  assertEqual(lastCheck().problems, [], 'nothing found in the sound library');
  assertEqual(await count(s, tid('library-history-problems')), 0, 'no warning in the library');

  await s.click(`${tid('backup')}[data-file="${BACKUP}"] ${tid('backup-preview')}`);
  const block = await s.waitFor(tid('backup-problems'), 120_000);
  assertEqual(await block.attribute('role'), 'alert', 'the backup’s problems are an alert');
  const named = await problems(s, tid('backup-problem'));
  assertEqual(named.map(({ name, entry }) => ({ name, entry })), [{ name: GAME.name, entry: GAME.entry }], 'the game named');
  assert(named[0].where.startsWith(ENTRY), `its entry and date: ${named[0].where}`);
  const heading = plain(await s.text(`${tid('backup-problems')} h5`));
  assertEqual(
    heading,
    say({
      en: '1 game in this backup cannot be restored',
      fr: '1 partie de cette sauvegarde ne peut pas être restaurée',
    }),
    'the block’s heading',
  );
  const rows = await s.executeScript(
    `return [...document.querySelectorAll('[data-testid="backup-campaign"]')]
       .map((r) => [r.dataset.name, r.dataset.problem, r.querySelector('[data-testid="backup-campaign-problem"]') !== null]);`,
  );
  assertEqual(
    rows.filter(([, problem]) => problem === 'true'),
    [[GAME.name, 'true', true]],
    `only the game’s row is marked: ${JSON.stringify(rows)}`,
  );
  assertEqual(await count(s, tid('backup-restore')), 0, 'the plain restore is not offered');
  const offer = plain(await s.text(tid('backup-restore-leaving-out')));
  assertEqual(
    offer,
    say({ en: 'Restore the others, leaving this one out', fr: 'Restaurer les autres, sans celle-ci' }),
    'the restore offered',
  );
  await scrollTo(s, tid('backup-preview-panel'));
  await shot('backup-problems');
  await audit(s, 'backup-problems');

  // Asked for all the same (as an older window would), the restore is refused and nothing changes.
  const refused = await s.executeAsync(
    `const done = arguments[arguments.length - 1];
     window.__TAURI_INTERNALS__.invoke('restore_backup', { fileName: arguments[0], leaveOut: false, onProgress: null })
       .then(() => done({ code: 'restored' }), (e) => done({ code: e?.code ?? String(e), params: e?.params ?? null }));`,
    [BACKUP],
  );
  assertEqual(refused.code, 'backup_not_believed', `the plain restore refused: ${JSON.stringify(refused)}`);
  assertEqual(refused.params?.count, '1', 'one game named in the refusal');
  const listed = await s.executeAsync(
    `const done = arguments[arguments.length - 1];
     window.__TAURI_INTERNALS__.invoke('list_campaigns').then((l) => done(l.campaigns.length), (e) => done(String(e)));`,
  );
  assertEqual(listed, OTHERS.length + 1, 'nothing replaced');

  await s.click(tid('backup-restore-leaving-out'));
  const confirm = await s.waitFor(tid('backup-restore-confirm'));
  assertEqual(await confirm.attribute('data-leave-out'), 'true', 'the confirmation leaves the game out');
  const asked = plain(await s.text(`${tid('backup-preview-panel')} .confirm`));
  assert(
    asked.includes(say({ en: 'without the game named above?', fr: 'sans la partie nommée ci-dessus ?' })),
    `the confirmation says the game is left out: ${asked}`,
  );
  await shot('backup-restore-leaving-out');
  await s.click(tid('backup-restore-confirm'));

  const notice = await s.waitFor(tid('backup-notice'), 120_000);
  const said = plain(await notice.text());
  assert(
    said.includes(say({ en: `leaving out “${GAME.name}”: its history`, fr: `sans « ${GAME.name} » : son historique` })),
    `the notice names the game left out: ${said}`,
  );
  await eventually('the others restored, the game left out', () => cardNames(s), (names) =>
    JSON.stringify(names) === JSON.stringify([...OTHERS].sort()),
  );
  assertEqual(await count(s, tid('library-history-problems')), 0, 'no warning after the restore');
  await scrollTo(s, tid('backup-notice'));
  await shot('backup-restored-leaving-out');
});
