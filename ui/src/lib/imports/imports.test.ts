import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { flushSync } from 'svelte';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { locale } from '$lib/i18n/index.svelte';
import { broughtUpToDate, entry, history, imported, line, PATH, summary, wentDifferentWays } from './fixtures';

const ipc = vi.hoisted(() => ({ importCampaign: vi.fn() }));
vi.mock('$lib/ipc', async (original) => ({ ...(await original<typeof import('$lib/ipc')>()), ...ipc }));

const { ImportFlow } = await import('./import-flow.svelte');
const ImportAnswer = (await import('./ImportAnswer.svelte')).default;

type Imported = import('$lib/ipc').Imported;

/** An import through a flow, shown: what the library answered with is `answer`. */
async function shown(answer: Imported, done = vi.fn()) {
  const flow = new ImportFlow(done);
  render(ImportAnswer, { flow });
  await flow.run(() => Promise.resolve(answer));
  flushSync();
  return { flow, done };
}

const said = () => screen.getByTestId('import-result-said').textContent?.trim();
const changes = () =>
  screen.getAllByTestId('import-result-change').map((row) => row.textContent?.replace(/\s+/g, ' ').trim());

describe('what an import did, in the players’ words', () => {
  beforeEach(() => ipc.importCampaign.mockReset());
  afterEach(() => locale.set('en', false));

  it('says a campaign, or another game, was added', async () => {
    const { done } = await shown(imported('added'));
    expect(screen.getByTestId('import-result').dataset.how).toBe('added');
    expect(said()).toBe('“Venice nights” was imported as a new campaign.');
    expect(screen.getByTestId('import-result-file').textContent).toBe(
      'From the file Venice-nights-2026-12-01.bagless.json',
    );
    expect(screen.queryByTestId('import-result-change')).toBeNull();
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('says a game of another box was added as a game', async () => {
    await shown(imported('added', { game: summary({ game: 'risk', name: 'Midnight map', round: 3 }) }));
    expect(said()).toBe('“Midnight map” was imported as a new game.');
  });

  it('says a campaign brought up to date: memories, XP and level, next memory, and what was played, as its history says it', async () => {
    await shown(broughtUpToDate);
    expect(said()).toBe('“Venice nights” was brought up to date: 2 entries played elsewhere were added.');
    expect(changes()).toEqual([
      'Memories done 1 → 3',
      'XP and level 10 XP · level 1 → 25 XP · level 2',
      'Next memory 1.1 → 1.3',
    ]);
    const steps = await screen.findAllByTestId('import-result-since-entry');
    expect(steps.map((li) => li.dataset.seq)).toEqual(['14', '12']);
    expect(steps.map((li) => within(li).getByTestId('history-words').textContent?.trim())).toEqual([
      'Memory 1.2 recorded: success, 7 XP',
      'Memory 1.1 recorded: success, 8 XP',
    ]);
    expect(within(steps[0]).getByTestId('history-detail').textContent).toBe('Level II reached after 1.2');
  });

  it('says a game of another box brought up to date with its turn, in its box’s words', async () => {
    const risk = summary({ id: 'r1', game: 'risk', name: 'Midnight map', round: 5 });
    await shown(
      imported('brought_up_to_date', {
        game: risk,
        before: { ...risk, round: 3 },
        since: history([entry(30, line('some_future_event', { turn: '5' }))], { game: 'risk', id: 'r1' }),
      }),
    );
    expect(said()).toBe('“Midnight map” was brought up to date: 1 entry played elsewhere was added.');
    expect(changes()).toEqual(['Where the game stands Turn 3 → Turn 5']);
    expect((await screen.findAllByTestId('import-result-since-entry'))).toHaveLength(1);
  });

  it('says nothing changed when the file is already here, or older than what is here', async () => {
    const { flow } = await shown(imported('already_here'));
    expect(said()).toBe('“Venice nights” is already here as this file holds it: nothing was changed.');
    expect(screen.queryByTestId('import-result-change')).toBeNull();
    await flow.run(() => Promise.resolve(imported('more_recent_here')));
    flushSync();
    expect(said()).toBe('“Venice nights” is more recent here than in this file: nothing was changed.');
  });

  it('is said in French too', async () => {
    await locale.set('fr', false);
    await shown(broughtUpToDate);
    expect(said()).toBe('«\u00a0Venice nights\u00a0» a été mise à jour\u00a0: 2 entrées jouées ailleurs ont été ajoutées.');
    expect(changes()[0]).toBe('Souvenirs terminés 1 → 3');
  });

  it('is put away with Close', async () => {
    await shown(imported('already_here'));
    await fireEvent.click(screen.getByTestId('import-result-close'));
    expect(screen.queryByTestId('import-result')).toBeNull();
  });
});

describe('both ways, when the file and the library went different ways', () => {
  let opener: HTMLButtonElement;
  beforeEach(() => {
    ipc.importCampaign.mockReset();
    opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
  });
  afterEach(() => {
    opener.remove();
    locale.set('en', false);
  });

  it('shows both ways side by side in a labelled modal dialog, the focus on its title, and writes nothing', async () => {
    const { done } = await shown(wentDifferentWays);
    const dialog = await screen.findByRole('dialog', { name: '“Venice nights” was played two ways' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.dataset.common).toBe('11');
    expect(document.activeElement).toBe(within(dialog).getByRole('heading', { level: 3 }));
    expect(dialog.textContent).toContain('Choose which stays the campaign');
    const here = within(screen.getByTestId('import-fork-here'));
    const there = within(screen.getByTestId('import-fork-there'));
    expect(here.getByRole('heading').textContent).toBe('On this computer');
    expect(there.getByRole('heading').textContent).toBe('In the file');
    expect(here.getByText('1 entry since they were last the same')).toBeTruthy();
    expect(there.getByText('2 entries since they were last the same')).toBeTruthy();
    expect((await here.findAllByTestId('history-words')).map((p) => p.textContent?.trim())).toEqual([
      'Memory 1.1 recorded: failure, to be replayed',
    ]);
    expect(there.getAllByTestId('history-words').map((p) => p.textContent?.trim())).toEqual([
      'Memory 1.2 recorded: success, 7 XP',
      'Memory 1.1 recorded: success, 8 XP',
    ]);
    expect(screen.getByTestId('import-keep-here').textContent).toBe(
      'Keep this computer’s (the file’s is kept beside it as a copy)',
    );
    expect(screen.getByTestId('import-keep-file').textContent).toBe(
      'Keep the file’s (this computer’s is kept beside it as a copy)',
    );
    expect(ipc.importCampaign).not.toHaveBeenCalled();
    expect(done).not.toHaveBeenCalled();
    expect(screen.queryByTestId('import-result')).toBeNull();
  });

  it('says “the game” for a game of another box', async () => {
    const risk = summary({ id: 'r1', game: 'risk', name: 'Midnight map' });
    const fork = wentDifferentWays.fork!;
    await shown({
      ...wentDifferentWays,
      game: risk,
      fork: { ...fork, here: { ...fork.here, game: 'risk' }, there: { ...fork.there, game: 'risk' } },
    });
    expect((await screen.findByRole('dialog')).textContent).toContain('Choose which stays the game');
  });

  it('Escape cancels: nothing written, said so, the focus back where it was', async () => {
    const { flow, done } = await shown(wentDifferentWays);
    const settled = vi.fn();
    void flow.settled().then(settled);
    const dialog = await screen.findByRole('dialog');
    await fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(ipc.importCampaign).not.toHaveBeenCalled();
    expect(done).not.toHaveBeenCalled();
    expect(screen.getByTestId('import-result').dataset.how).toBe('cancelled');
    expect(said()).toBe(
      'Nothing was changed: “Venice nights” stays as this computer has it, and the file was not imported.',
    );
    expect(document.activeElement).toBe(opener);
    await vi.waitFor(() => expect(settled).toHaveBeenCalled());
  });

  it('Cancel does the same', async () => {
    await shown(wentDifferentWays);
    await fireEvent.click(await screen.findByTestId('import-fork-cancel'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(ipc.importCampaign).not.toHaveBeenCalled();
    expect(screen.getByTestId('import-result').dataset.how).toBe('cancelled');
  });

  it('keeps the focus inside: Tab goes round its buttons', async () => {
    await shown(wentDifferentWays);
    const dialog = await screen.findByRole('dialog');
    const cancel = screen.getByTestId('import-fork-cancel');
    const keepHere = screen.getByTestId('import-keep-here');
    // Back from the title: the last button.
    await fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(cancel);
    // On from the last: the first.
    await fireEvent.keyDown(cancel, { key: 'Tab' });
    expect(document.activeElement).toBe(keepHere);
    await fireEvent.keyDown(keepHere, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(cancel);
    // A focus that leaves it comes back.
    opener.focus();
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('keeps this computer’s: the file imported again with that choice, the copy named', async () => {
    const copy = summary({ id: 'c2', name: 'Venice nights (copy of 2026-12-01)' });
    ipc.importCampaign.mockResolvedValue(imported('kept_here_and_copy', { copy }));
    const { flow, done } = await shown(wentDifferentWays);
    const settled = vi.fn();
    void flow.settled().then(settled);
    await fireEvent.click(await screen.findByTestId('import-keep-here'));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(ipc.importCampaign).toHaveBeenCalledWith(PATH, 'keep_here');
    expect(done).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('import-result').dataset.how).toBe('kept_here_and_copy');
    expect(said()).toBe(
      '“Venice nights” stays as this computer had it. The file’s way is kept beside it as “Venice nights (copy of 2026-12-01)”.',
    );
    await vi.waitFor(() => expect(settled).toHaveBeenCalled());
  });

  it('keeps the file’s: this computer’s kept beside it, named', async () => {
    const copy = summary({ id: 'c3', name: 'Venice nights (copy of 2026-12-02)' });
    ipc.importCampaign.mockResolvedValue(imported('took_file_and_copy', { copy }));
    await shown(wentDifferentWays);
    await fireEvent.click(await screen.findByTestId('import-keep-file'));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(ipc.importCampaign).toHaveBeenCalledWith(PATH, 'keep_file');
    expect(said()).toBe(
      '“Venice nights” is now as the file had it. This computer’s way is kept beside it as “Venice nights (copy of 2026-12-02)”.',
    );
  });

  it('a choice refused is said in the dialog, which stays', async () => {
    const { IpcError } = await import('$lib/ipc');
    ipc.importCampaign.mockRejectedValue(new IpcError('export_unreadable', 'The file could not be read.'));
    await shown(wentDifferentWays);
    await fireEvent.click(await screen.findByTestId('import-keep-file'));
    const dialog = screen.getByRole('dialog');
    expect((await within(dialog).findByTestId('error')).textContent).toBeTruthy();
    expect(screen.queryByTestId('import-result')).toBeNull();
  });

  it('is in French too', async () => {
    await locale.set('fr', false);
    await shown(wentDifferentWays);
    const dialog = await screen.findByRole('dialog', { name: '«\u00a0Venice nights\u00a0» a été jouée de deux façons' });
    expect(within(dialog).getByTestId('import-keep-here').textContent).toBe(
      'Garder celle de cet ordinateur (celle du fichier est gardée à côté, comme copie)',
    );
    expect(within(dialog).getByTestId('import-keep-file').textContent).toBe(
      'Garder celle du fichier (celle de cet ordinateur est gardée à côté, comme copie)',
    );
  });
});

describe('the flow', () => {
  it('says why an import was refused, and a chooser cancelled says nothing', async () => {
    const flow = new ImportFlow();
    const refused = new Error('no');
    expect(await flow.run(() => Promise.reject(refused))).toBeNull();
    expect(flow.error).toBe(refused);
    expect(await flow.run(() => Promise.resolve(null))).toBeNull();
    expect(flow.error).toBeNull();
    expect(flow.answered).toBe(false);
  });

  it('makes the choice through its own command when given one (a game handed over, without a file)', async () => {
    ipc.importCampaign.mockReset();
    const again = vi.fn().mockResolvedValue(imported('kept_here_and_copy', { path: '' }));
    const flow = new ImportFlow(undefined, again);
    await flow.run(() => Promise.resolve({ ...wentDifferentWays, path: '' }));
    expect(flow.fork).not.toBeNull();
    await flow.choose('keep_here');
    expect(again).toHaveBeenCalledWith(expect.objectContaining({ how: 'went_different_ways' }), 'keep_here');
    expect(ipc.importCampaign).not.toHaveBeenCalled();
    expect(flow.result?.how).toBe('kept_here_and_copy');
    render(ImportAnswer, { flow });
    expect(screen.queryByTestId('import-result-file')).toBeNull();
  });
});

describe('a game handed over by another Bagless, in the same card and dialog', () => {
  afterEach(() => locale.set('en', false));

  /** An answer of the handover: no file, the choice through `again`. */
  async function received(answer: Imported, again = vi.fn()) {
    const flow = new ImportFlow(vi.fn(), again, 'handover');
    render(ImportAnswer, { flow, testid: 'handover-result' });
    await flow.run(() => Promise.resolve({ ...answer, path: '' }));
    flushSync();
    return { flow, again };
  }
  const receivedSaid = () => screen.getByTestId('handover-result-said').textContent?.trim();

  it('names the other Bagless where a file’s import names the file', async () => {
    const { flow } = await received(imported('already_here'));
    expect(screen.getByTestId('handover-result-from').textContent).toBe('Received from another Bagless');
    expect(screen.queryByTestId('handover-result-file')).toBeNull();
    expect(receivedSaid()).toBe('“Venice nights” is already here as the other Bagless sent it: nothing was changed.');
    await flow.run(() => Promise.resolve(imported('more_recent_here', { path: '' })));
    flushSync();
    expect(receivedSaid()).toBe('“Venice nights” is more recent here than what the other Bagless sent: nothing was changed.');
    await flow.run(() => Promise.resolve(imported('added', { path: '' })));
    flushSync();
    expect(receivedSaid()).toBe('“Venice nights” was imported as a new campaign.');
  });

  it('shows both ways as this computer’s and the other Bagless’s, and chooses through its own command', async () => {
    const copy = summary({ id: 'c4', name: 'Venice nights (copy of 2026-12-02)' });
    const again = vi.fn().mockResolvedValue(imported('took_file_and_copy', { copy, path: '' }));
    await received(wentDifferentWays, again);
    const dialog = await screen.findByRole('dialog', { name: '“Venice nights” was played two ways' });
    expect(dialog.dataset.from).toBe('handover');
    expect(dialog.textContent).toContain('on this computer and on the other Bagless');
    expect(within(screen.getByTestId('import-fork-there')).getByRole('heading').textContent).toBe('On the other Bagless');
    expect(screen.getByTestId('import-keep-here').textContent).toBe(
      'Keep this computer’s (the other Bagless’s is kept beside it as a copy)',
    );
    await fireEvent.click(screen.getByTestId('import-keep-file'));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(again).toHaveBeenCalledWith(expect.objectContaining({ how: 'went_different_ways' }), 'keep_file');
    expect(ipc.importCampaign).not.toHaveBeenCalled();
    expect(receivedSaid()).toBe(
      '“Venice nights” is now as the other Bagless had it. This computer’s way is kept beside it as “Venice nights (copy of 2026-12-02)”.',
    );
  });

  it('says a cancel, and the copy kept, in the same words', async () => {
    const { flow } = await received(wentDifferentWays);
    await fireEvent.click(await screen.findByTestId('import-fork-cancel'));
    expect(receivedSaid()).toBe(
      'Nothing was changed: “Venice nights” stays as this computer has it, and what the other Bagless sent was not taken.',
    );
    const copy = summary({ id: 'c5', name: 'Venice nights (copy)' });
    await flow.run(() => Promise.resolve(imported('kept_here_and_copy', { copy, path: '' })));
    flushSync();
    expect(receivedSaid()).toBe(
      '“Venice nights” stays as this computer had it. The other Bagless’s way is kept beside it as “Venice nights (copy)”.',
    );
  });

  it('is in French too', async () => {
    await locale.set('fr', false);
    await received(wentDifferentWays);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('import-keep-file').textContent).toBe(
      'Garder celle de l’autre Bagless (celle de cet ordinateur est gardée à côté, comme copie)',
    );
    expect(within(screen.getByTestId('import-fork-there')).getByRole('heading').textContent).toBe('Sur l’autre Bagless');
  });
});
