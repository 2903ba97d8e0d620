// A good desktop citizen, through the real window (the e2e build, whose file
// choosers read their answer from $BAGLESS_E2E_CHOOSER: see
// src-tauri/src/dialogs.rs):
//   1. Export opens "Save as" with the campaign's name and date proposed;
//      Import opens the chooser and imports the file chosen: the campaign's
//      own file is already here, another library's campaign is added
//      (screenshot: desktop-imported.png); a cancelled chooser changes
//      nothing; a file edited by hand is refused naming the entry
//      (desktop-import-edited.png);
//   2. a second start of the app hands over to the running window and exits;
//   3. a restart reopens the campaign played last, at the window size left;
//      Escape goes back to the library;
//   4. an export file dropped onto the window is imported (said above the
//      screen: its own file is already here) and its diary opened; a folder
//      dropped is refused in plain words (the e2e build
//      drops the paths written to $BAGLESS_E2E_DROP: see src-tauri/src/e2e.rs).
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { BIN, DATA_HOME, app, assert, assertEqual, eventually, say, shot, test } from './harness.mjs';

const tid = (id) => `[data-testid="${id}"]`;
const text = (s, selector) =>
  s.executeScript('return document.querySelector(arguments[0])?.textContent?.trim() ?? null;', [selector]);
const count = (s, selector) => s.executeScript('return document.querySelectorAll(arguments[0]).length;', [selector]);
const present = (s, selector) => s.executeScript('return !!document.querySelector(arguments[0]);', [selector]);

const CHOOSER = process.env.BAGLESS_E2E_CHOOSER;
/** What the next chooser answers: a path, '' for a cancel, null for "accept the proposal". */
function choose(answer) {
  if (answer === null) rmSync(CHOOSER, { force: true });
  else writeFileSync(CHOOSER, `${answer}\n`);
}

/** Drops `paths` onto the window (the file is written whole, then renamed in). */
function drop(...paths) {
  const file = process.env.BAGLESS_E2E_DROP;
  writeFileSync(`${file}.part`, `${paths.join('\n')}\n`);
  renameSync(`${file}.part`, file);
}

const NAME = 'Desktop nights';
/** A campaign of another library (a committed fixture's, exported with the `bagless` command beside the app). */
const OTHER = 'Carnival nights';
/** Text as WebDriver reads it: no-break spaces (French typography) read as spaces. */
const plain = (words) => (words ?? '').replace(/[\u00a0\u202f]/g, ' ');

/** An export of `OTHER`, from a copy of the fixture library. */
function otherExport() {
  const cli = process.env.BAGLESS_CLI ?? join(dirname(realpathSync(BIN)), 'bagless');
  const library = join(DATA_HOME, 'elsewhere', 'bagless.sqlite');
  mkdirSync(dirname(library), { recursive: true });
  copyFileSync(join(process.cwd(), 'tests', 'fixtures', 'library-schema-8.sqlite'), library);
  const file = join(DATA_HOME, 'carnival.bagless.json');
  execFileSync(cli, ['--library', library, 'export', OTHER, file]);
  return file;
}
/** The export test 1 writes, dropped in test 4. */
let exported = null;

await test('export with Save as, import through the chooser, a cancel changes nothing', async () => {
  assert(CHOOSER, 'BAGLESS_E2E_CHOOSER is set by run.sh');
  const s = await app.start();
  await s.waitFor(tid('new-campaign-form'), 20_000);
  await s.type(tid('new-campaign-name'), NAME);
  await s.click(tid('assassin-claudio'));
  await s.click(tid('create-campaign'));
  await eventually('diary', () => text(s, tid('diary-name')), NAME);

  // Save as, the proposal accepted: the campaign's name and today's date.
  choose(null);
  await s.click(tid('export-campaign'));
  const path = await eventually(
    'export path',
    async () => {
      const p = await text(s, tid('export-path'));
      return p && /Desktop-nights-\d{4}-\d{2}-\d{2}\.bagless\.json$/.test(p) ? p : null;
    },
    (p) => p !== null,
  );
  assert(existsSync(path), `${path} written`);
  exported = path;

  // Import: the chooser answers with that file, which is already here.
  await s.pressKey('\uE00C'); // Escape: back to the library
  await s.waitFor(tid('library'), 10_000);
  choose(path);
  await s.click(tid('import-choose'));
  await eventually('already here', () => s.executeScript(`return document.querySelector('[data-testid="import-result"]')?.dataset.how ?? null;`), 'already_here');
  assertEqual(await count(s, tid('campaign-card')), 1, 'its own file adds nothing');

  // Another library's campaign is added.
  choose(otherExport());
  await s.click(tid('import-choose'));
  await eventually('two campaigns', () => count(s, tid('campaign-card')), 2);
  // Said by the import's answer (a chunk of its own), not by the list.
  await eventually(
    'the import is announced',
    async () => plain(await text(s, tid('import-result-said'))),
    plain(say({ en: `“${OTHER}” was imported as a new campaign.`, fr: `« ${OTHER} » a été importée comme nouvelle campagne.` })),
  );
  await shot('desktop-imported');

  // A cancelled chooser: nothing happens.
  choose('');
  await s.click(tid('import-choose'));
  await new Promise((r) => setTimeout(r, 500));
  assertEqual(await count(s, tid('campaign-card')), 2, 'campaigns after a cancel');

  // A folder is refused at once, in plain words.
  choose(DATA_HOME);
  await s.click(tid('import-choose'));
  await eventually(
    'folder refused',
    async () => (await text(s, tid('import-form')))?.includes(say({ en: 'not a folder', fr: 'pas un dossier' })),
    true,
  );

  // A file edited by hand (an assassin's health, which the rules derive
  // from the creation, raised) is decided again, refused naming the entry,
  // and nothing is imported.
  const file = JSON.parse(readFileSync(path, 'utf8'));
  const derived = file.events.findIndex((e) => e.event.kind === 'health_restored');
  assert(derived > 0, 'the creation derives the health');
  file.events[derived].event.health = 9;
  const edited = `${DATA_HOME}/edited.bagless.json`;
  writeFileSync(edited, JSON.stringify(file));
  choose(edited);
  await s.click(tid('import-choose'));
  const refusal = say({
    en: 'entry 1 (',
    fr: 'l’entrée 1 (',
  });
  await eventually(
    'the edited file refused, naming the entry',
    async () => {
      const said = await text(s, tid('import-form'));
      return said?.includes(refusal) && said.includes(say({ en: 'not what the rules give', fr: 'pas ce que donnent les règles' }));
    },
    true,
  );
  await shot('desktop-import-edited');
  assertEqual(await count(s, tid('campaign-card')), 2, 'campaigns after the edited file');
});

await test('a second start focuses the running window and exits', async () => {
  const s = await app.start();
  await s.waitFor(tid('library'), 20_000);
  const env = { ...process.env, XDG_DATA_HOME: DATA_HOME, XDG_CONFIG_HOME: `${DATA_HOME}.config` };
  const second = spawn(BIN, [], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let said = '';
  second.stderr.on('data', (chunk) => (said += chunk));
  const code = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      second.kill('SIGKILL');
      reject(new Error('the second start opened a window of its own'));
    }, 15_000);
    // A signal says how it ended when it did not exit by itself.
    second.on('exit', (c, signal) => {
      clearTimeout(timer);
      resolve(c ?? signal);
    });
  });
  assertEqual(code, 0, 'the second start exits cleanly (its exit code, or the signal that ended it)');
  // The running window answered that it came forward (it answers "gone"
  // when it has no window any more: src-tauri/src/one_window.rs).
  assert(said.includes('its window was brought forward'), `the second start says the window came forward: ${said}`);
  // The first window still answers.
  assert(await present(s, tid('library')), 'the first window is still there');
});

await test('a restart reopens the last campaign at the same window size; Escape shows the library', async () => {
  let s = await app.start();
  await s.waitFor(tid('library'), 20_000);
  await s.click(tid('open-campaign'));
  await s.waitFor(tid('diary-name'), 10_000);
  const name = await text(s, tid('diary-name'));
  await s.setWindowRect({ width: 1100, height: 760 });
  const before = await s.windowRect();
  await new Promise((r) => setTimeout(r, 500));

  s = await app.restart({ resume: true });
  await eventually('reopened on the diary', () => text(s, tid('diary-name')), name, 20_000);
  const after = await s.windowRect();
  assertEqual(after.width, before.width, 'width after restart');
  assertEqual(after.height, before.height, 'height after restart');
  await shot('desktop-reopened');

  await s.pressKey('\uE00C');
  await s.waitFor(tid('library'), 10_000);
  await eventually('the library lists both campaigns', () => count(s, tid('campaign-card')), 2);

  // A campaign played last that is gone: the app starts on the library,
  // with no error, and forgets it.
  await s.executeScript(`localStorage.setItem('bagless.lastCampaign', 'gone-for-good')`);
  s = await app.restart({ resume: true });
  await s.waitFor(tid('library'), 20_000);
  assert(!(await present(s, tid('error'))), 'no error is shown for a campaign that is gone');
  assertEqual(
    await s.executeScript(`return localStorage.getItem('bagless.lastCampaign')`),
    null,
    'the campaign that is gone is forgotten',
  );
});

await test('a file dropped onto the window is imported and its diary opened; a folder is refused', async () => {
  assert(process.env.BAGLESS_E2E_DROP, 'BAGLESS_E2E_DROP is set by run.sh');
  assert(exported, 'the export of the first test');
  const s = await app.start();
  await s.waitFor(tid('library'), 20_000);
  // The library's cards come with its list, a moment after the screen.
  await eventually('campaigns before the drop', () => count(s, tid('campaign-card')), 2);
  // The window listens for drops once its start has settled (App.svelte).
  await s.waitFor(`${tid('app')}[data-drops="heard"]`, 5_000);

  drop(exported);
  await eventually('the dropped campaign opened', () => text(s, tid('diary-name')), NAME);
  // Said above the screen by the import's answer, a chunk of its own this
  // start has not loaded yet: it may come after the diary.
  await eventually(
    'the drop says what it did',
    async () => plain(await text(s, tid('drop-outcome-said'))),
    plain(
      say({
        en: `“${NAME}” is already here as this file holds it: nothing was changed.`,
        fr: `« ${NAME} » est déjà ici telle que ce fichier la contient : rien n’a été changé.`,
      }),
    ),
  );
  await shot('desktop-dropped');

  drop(DATA_HOME);
  await eventually(
    'folder dropped, refused',
    async () => (await text(s, tid('drop-result')))?.includes(say({ en: 'not a folder', fr: 'pas un dossier' })),
    true,
  );
  await s.pressKey('\uE00C');
  await s.waitFor(tid('library'), 10_000);
  // The refusal is shown: nothing more is on its way.
  await eventually('campaigns after the folder: none added', () => count(s, tid('campaign-card')), 2);
});
