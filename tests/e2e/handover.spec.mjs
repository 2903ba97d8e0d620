// A game handed over to another Bagless on the same network, without a file,
// through the real window. The e2e build offers on 127.0.0.1, and one window
// both sends and receives: it offers a game from its line in the library
// (the panel shows the address and the one-time code, counts down, and says
// when the other Bagless took it), and its "Receive from another Bagless"
// form takes the address and code it shows. What arrives is compared with
// the library by history, as a file is:
//   1. a wrong code is refused in words; the right one (typed in lower case,
//      with spaces) answers "already here", and the sender's panel says the
//      game was taken; the same code again is refused; Escape closes the
//      panel, its offer withdrawn, the focus back on its button (axe on the
//      panel and the answer);
//   2. the library put back (a backup restored through the IPC) to before
//      the game offered existed: "added"; to before what was played since
//      the offer: "brought up to date"; played on after the offer: "more
//      recent here";
//   3. played both here and elsewhere (the other home's way brought in by a
//      file, with the `bagless` command beside the app, after the offer):
//      both ways shown as this computer's and the other Bagless's, in the
//      dialog (axe), and the other Bagless's kept through the handover's
//      own choice, this computer's beside it as a copy.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { BIN, DATA_HOME, app, assert, assertEqual, audit, eventually, say, shot, test } from './harness.mjs';

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

/** An IPC command, called from the page. */
const invoke = (s, command, args = {}) =>
  s.executeAsync(
    `const done = arguments[arguments.length - 1];
     window.__TAURI_INTERNALS__.invoke(arguments[0], arguments[1]).then(done, (e) => done({ failed: String(e?.message ?? e) }));`,
    [command, args],
  );

/** The `bagless` command, built beside the app. */
const CLI = process.env.BAGLESS_CLI ?? join(dirname(realpathSync(BIN)), 'bagless');
/** The other home's library (test 3). */
const OTHER = join(DATA_HOME, 'other-home', 'bagless.sqlite');
const bagless = (...args) => execFileSync(CLI, ['--library', OTHER, ...args], { encoding: 'utf8' });

const NAME = 'Handed over';
const SECOND = 'Handed back';

/** What the catalogue says for each refusal, in this run's language. */
const REFUSED = {
  handover_refused: say({
    en: 'The other Bagless does not offer a game with that code (a wrong code, or one already used or out of time).',
    fr: 'L’autre Bagless ne propose aucune partie avec ce code (un code faux, déjà utilisé ou expiré).',
  }),
  // Said in the receiving form with what the players may have missed.
  handover_unreachable: say({
    en: 'No Bagless answers at that address: check it, that both computers are on the same network, and that the other Bagless still offers the game (a code works once, for ten minutes).',
    fr: 'Aucun Bagless ne répond à cette adresse : vérifiez-la, vérifiez que les deux ordinateurs sont sur le même réseau, et que l’autre Bagless propose encore la partie (un code sert une fois, pendant dix minutes).',
  }),
};

const card = (name) => `${tid('campaign-card')}[data-name="${name}"]`;
const idOf = (s, name) => attr(s, card(name), 'data-campaign-id');

async function toLibrary(s) {
  if ((await count(s, tid('nav-library'))) > 0) await s.click(tid('nav-library'));
  await s.waitFor(tid('library'), 10_000);
  await s.waitFor(tid('handover-receive-form'), 20_000);
}

/** A campaign started through the library's form (it opens its diary), then the library again. */
async function create(s, name) {
  await s.waitFor(tid('new-campaign-form'), 20_000);
  await s.type(tid('new-campaign-name'), name);
  await s.click(tid('assassin-claudio'));
  await s.click(tid('create-campaign'));
  await eventually('diary', () => text(s, tid('diary-name')), name);
  await toLibrary(s);
  await s.waitFor(card(name), 10_000);
}

/** The game offered from its line: the panel open, its address and code as shown. */
async function offer(s, name) {
  await s.click(`${card(name)} ${tid('handover-send')}`);
  await eventually('the code made', () => attr(s, `${card(name)} ${tid('handover-offer')}`, 'data-state'), 'open', 15_000);
  return {
    address: await text(s, tid('handover-address')),
    code: await text(s, tid('handover-code')),
  };
}

/** The address and code typed into the receiving form, and sent. */
async function receive(s, address, code) {
  await s.type(tid('handover-receive-address'), address);
  await s.type(tid('handover-receive-code'), code);
  await s.click(tid('handover-receive'));
}

/** The refusal the receiving form shows: its code, and its words. */
async function refusal(s) {
  const box = `${tid('handover-receive-form')} ${tid('error')}`;
  await s.waitFor(box, 15_000);
  return { code: await attr(s, box, 'data-code'), words: plain(await text(s, box)) };
}

/** The answer to a game received: how, once it came. */
const answered = (s, how) => eventually(`received: ${how}`, () => attr(s, tid('handover-result'), 'data-how'), how, 20_000);

/** The panel closed with its Stop or Close button: gone, its offer withdrawn. */
async function closePanel(s, button) {
  await s.click(tid(button));
  await s.waitGone(tid('handover-offer'), 10_000);
  assertEqual(await invoke(s, 'handover_status'), null, 'the offer withdrawn');
}

/** A step recorded on a campaign through the IPC (the library stays on screen). */
const sticker = (s, gameId, number, marked) =>
  invoke(s, 'game_act', {
    gameId,
    command: { game: 'bov', command: { type: 'set_hq_sticker', number, marked } },
    part: { part: 'diary' },
  });

/** The library put back as `file_name` held it (the restore's own screen is the backups spec's). */
async function restore(s, fileName) {
  const restored = await invoke(s, 'restore_backup', { fileName, leaveOut: false, onProgress: null });
  assert(!restored?.failed, `restored ${fileName}: ${JSON.stringify(restored)}`);
}

/** The newest entry of a game's history. */
const newest = async (s, gameId) => (await invoke(s, 'game_history', { gameId, limit: 1 })).entries[0].seq;

await test('a wrong code refused in words; the right one answers, the sender sees it taken; used again, refused', async () => {
  const s = await app.start();
  await create(s, NAME);
  const send = `${card(NAME)} ${tid('handover-send')}`;
  assertEqual(await attr(s, send, 'aria-expanded'), 'false', 'the panel closed at first');
  const { address, code } = await offer(s, NAME);
  assert(/^127\.0\.0\.1:\d+$/.test(address), `the address, on 127.0.0.1 in the e2e build: ${address}`);
  assert(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/.test(code), `the code, in groups of four: ${code}`);
  assertEqual(await attr(s, send, 'aria-expanded'), 'true', 'its button says the panel is open');
  const panel = `${card(NAME)} ${tid('handover-offer')}`;
  assert(
    await s.executeScript(`return document.querySelector(arguments[0]).contains(document.activeElement);`, [panel]),
    'the focus came to the panel',
  );
  assertEqual(
    plain(await text(s, `${panel} h4`)),
    plain(say({ en: `Sending “${NAME}” to another Bagless`, fr: `Envoi de « ${NAME} » à un autre Bagless` })),
    'its title',
  );
  const status = await invoke(s, 'handover_status');
  assertEqual([status?.ticket.address, status?.ticket.code, status?.taken], [address, code, false], 'the offer the backend holds');
  // It counts down from the ten minutes the code opens the game.
  const first = Number(await attr(s, tid('handover-time'), 'data-left'));
  assert(first > 590 && first <= 600, `ten minutes left: ${first}`);
  await eventually('counted down', async () => Number(await attr(s, tid('handover-time'), 'data-left')), (left) => left < first, 5_000);
  assert(
    /\b(10|9):\d\d\b/.test(await text(s, tid('handover-time'))),
    `minutes and seconds: ${await text(s, tid('handover-time'))}`,
  );
  await shot('offered');
  await audit(s, 'handover-offer');

  // A wrong code: refused in words, the offer still open.
  const wrong = (code.at(-1) === 'A' ? `${code.slice(0, -1)}B` : `${code.slice(0, -1)}A`);
  await receive(s, address, wrong);
  const refused = await refusal(s);
  assertEqual(refused.code, 'handover_refused', 'a wrong code');
  assertEqual(refused.words, plain(REFUSED.handover_refused), 'said in words');
  assertEqual(await attr(s, panel, 'data-state'), 'open', 'the offer still open');
  assertEqual(await count(s, tid('handover-result')), 0, 'nothing imported');
  await shot('wrong-code');

  // The right code, typed as a player might (lower case, spaces): the game
  // is already here, and the sender's panel says it was taken.
  await receive(s, address, code.toLowerCase().replaceAll('-', ' '));
  await answered(s, 'already_here');
  assertEqual(
    plain(await text(s, tid('handover-result-said'))),
    plain(
      say({
        en: `“${NAME}” is already here as the other Bagless sent it: nothing was changed.`,
        fr: `« ${NAME} » est déjà ici telle que l’autre Bagless l’a envoyée : rien n’a été changé.`,
      }),
    ),
    'already here, in words',
  );
  assertEqual(
    plain(await text(s, tid('handover-result-from'))),
    say({ en: 'Received from another Bagless', fr: 'Reçue d’un autre Bagless' }),
    'where it came from',
  );
  assertEqual(await count(s, `${tid('handover-receive-form')} ${tid('error')}`), 0, 'the refusal put away');
  await eventually('the sender sees it taken', () => attr(s, panel, 'data-state'), 'taken', 10_000);
  assertEqual(
    plain(await text(s, tid('handover-said'))),
    plain(
      say({
        en: `The other Bagless received “${NAME}”. The code opens nothing any more.`,
        fr: `L’autre Bagless a reçu « ${NAME} ». Le code n’ouvre plus rien.`,
      }),
    ),
    'taken, in words',
  );
  assertEqual(await count(s, tid('handover-code')), 0, 'the spent code no longer shown');
  assertEqual(await cardNames(s), [NAME], 'one campaign still');
  await shot('taken-already-here');
  await audit(s, 'handover-result');

  // The same code again: refused (the sender stopped listening once it was taken).
  await receive(s, address, code);
  const again = await refusal(s);
  assert(again.code in REFUSED, `refused: ${again.code}`);
  assertEqual(again.words, plain(REFUSED[again.code]), 'said in words');
  await shot('code-used-twice');

  // Escape in the panel closes it: the offer withdrawn, the focus back on its button.
  await s.executeScript(`document.querySelector(arguments[0]).focus();`, [tid('handover-close')]);
  await s.pressKey('\uE00C');
  await s.waitGone(tid('handover-offer'), 10_000);
  assertEqual(await invoke(s, 'handover_status'), null, 'the offer withdrawn');
  assert(
    await s.executeScript(`return document.activeElement === document.querySelector(arguments[0]);`, [send]),
    'the focus back on its button',
  );
  assertEqual(await attr(s, send, 'aria-expanded'), 'false', 'its button says the panel is closed');
});

await test('what arrives is compared by history: added, brought up to date, more recent here', async () => {
  // Started again: the day's backup holds the library as it is (the first campaign only).
  const s = await app.start();
  await toLibrary(s);
  // Taken by the check that runs after the first screen.
  const daily = await eventually(
    'the day’s backup',
    async () => (await invoke(s, 'list_backups')).find((b) => b.kind === 'daily') ?? null,
    (b) => b !== null,
    30_000,
    250,
  );
  const first = await idOf(s, NAME);

  // Added: a second campaign offered, then the library put back to before it existed.
  await create(s, SECOND);
  const second = await idOf(s, SECOND);
  let ticket = await offer(s, SECOND);
  await restore(s, daily.file_name);
  await receive(s, ticket.address, ticket.code);
  await answered(s, 'added');
  assertEqual(
    plain(await text(s, tid('handover-result-said'))),
    plain(
      say({
        en: `“${SECOND}” was imported as a new campaign.`,
        fr: `« ${SECOND} » a été importée comme nouvelle campagne.`,
      }),
    ),
    'added, in words',
  );
  await eventually('listed again', () => cardNames(s), (n) => n.join() === [NAME, SECOND].sort().join());
  assertEqual(await idOf(s, SECOND), second, 'the same game, its identity kept');
  await eventually('taken', () => attr(s, tid('handover-offer'), 'data-state'), 'taken', 10_000);
  await shot('added');
  await closePanel(s, 'handover-close');

  // Brought up to date: played on here, offered, then the library put back to before.
  const marked = await sticker(s, first, 1, true);
  assert(!marked?.failed, `played on: ${JSON.stringify(marked)}`);
  const played = await newest(s, first);
  ticket = await offer(s, NAME);
  await restore(s, daily.file_name);
  assert((await newest(s, first)) < played, 'put back to before');
  await receive(s, ticket.address, ticket.code);
  await answered(s, 'brought_up_to_date');
  const said = plain(await text(s, tid('handover-result-said')));
  assert(
    said.startsWith(plain(say({ en: `“${NAME}” was brought up to date: 1 entry`, fr: `« ${NAME} » a été mise à jour : 1 entrée` }))),
    `brought up to date, in words: ${said}`,
  );
  const brought = await eventually(
    'what was played shown',
    () => count(s, tid('handover-result-since-entry')),
    (n) => n > 0,
  );
  assertEqual(brought, 1, 'the one step played since');
  assertEqual(await newest(s, first), played, 'what was played is back');
  await shot('brought-up-to-date');
  await closePanel(s, 'handover-close');

  // More recent here: offered, then played on here before it is received.
  ticket = await offer(s, NAME);
  await sticker(s, first, 1, false);
  await receive(s, ticket.address, ticket.code);
  await answered(s, 'more_recent_here');
  assertEqual(
    plain(await text(s, tid('handover-result-said'))),
    plain(
      say({
        en: `“${NAME}” is more recent here than what the other Bagless sent: nothing was changed.`,
        fr: `« ${NAME} » est plus récente ici que celle que l’autre Bagless a envoyée : rien n’a été changé.`,
      }),
    ),
    'more recent here, in words',
  );
  await shot('more-recent-here');
  await closePanel(s, 'handover-close');
});

await test('played two ways: both shown as this computer’s and the other Bagless’s; the other’s kept by the handover’s choice', async () => {
  const s = await app.start();
  await toLibrary(s);
  const id = await idOf(s, NAME);

  // The other home takes the campaign as it is now, and plays its next memory.
  mkdirSync(dirname(OTHER), { recursive: true });
  const exported = await invoke(s, 'export_campaign', { campaignId: id });
  assert(exported?.path, `exported: ${JSON.stringify(exported)}`);
  const there = join(DATA_HOME, 'handover-there.bagless.json');
  copyFileSync(exported.path, join(DATA_HOME, 'handover-0.bagless.json'));
  bagless('import', join(DATA_HOME, 'handover-0.bagless.json'));
  bagless('debug-record-loop', '--campaign', id, '--count', '1');
  bagless('export', id, there);

  // Here: a step played, and the campaign offered as it is now.
  await sticker(s, id, 2, true);
  const here = await newest(s, id);
  const ticket = await offer(s, NAME);

  // Meanwhile the other home's file is imported here, its way kept: the
  // campaign here is now the other home's, this computer's kept as a copy.
  const before = (await cardNames(s)).length;
  await s.type(tid('import-path'), there);
  await s.click(tid('import-campaign'));
  await s.waitFor(`${tid('import-fork')}[data-from="file"]`, 15_000);
  await s.click(tid('import-keep-file'));
  await eventually('the file’s way kept', () => attr(s, tid('import-result'), 'data-how'), 'took_file_and_copy', 15_000);
  const copies = await eventually('its copy listed', () => cardNames(s), (n) => n.length === before + 1);

  // What the offer holds and the library went two ways: both shown.
  await receive(s, ticket.address, ticket.code);
  const dialog = `${tid('import-fork')}[data-from="handover"]`;
  await s.waitFor(dialog, 20_000);
  assertEqual(await count(s, tid('import-result')), 0, 'the file’s answer put away');
  assertEqual(
    plain(await text(s, '#import-fork-there')),
    say({ en: 'On the other Bagless', fr: 'Sur l’autre Bagless' }),
    'the other Bagless’s way',
  );
  assert(
    await s.executeScript(`return document.querySelector(arguments[0]).contains(document.activeElement);`, [dialog]),
    'the focus is in the dialog',
  );
  const ways = {
    here: await eventually('this computer’s way', () => count(s, tid('import-fork-here-steps-entry')), (n) => n > 0),
    there: await eventually('the other Bagless’s way', () => count(s, tid('import-fork-there-steps-entry')), (n) => n > 0),
  };
  assertEqual(ways, { here: 1, there: 1 }, 'one step each since they were last the same');
  assert(
    plain(await text(s, tid('import-fork-here-steps'))).includes(
      plain(say({ en: 'recorded: success', fr: 'enregistré : réussite' })),
    ),
    'this computer’s way: the memory the other home played, brought by its file',
  );
  await shot('both-ways');
  await audit(s, 'handover-fork');

  // The other Bagless's kept, through the handover's own choice.
  await s.click(tid('import-keep-file'));
  await answered(s, 'took_file_and_copy');
  const names = await eventually('a second copy listed', () => cardNames(s), (n) => n.length === copies.length + 1);
  const copy = names.find((n) => !copies.includes(n));
  const said = plain(await text(s, tid('handover-result-said')));
  assert(
    said.includes(plain(say({ en: 'is now as the other Bagless had it', fr: 'est désormais telle que l’autre Bagless l’avait' }))),
    `which stays: ${said}`,
  );
  assert(copy && said.includes(copy), `the copy named: ${copy} in ${said}`);
  assertEqual(await newest(s, id), here, 'the campaign is as it was offered');
  await shot('kept-the-other-bagless');
  await closePanel(s, 'handover-close');
});
