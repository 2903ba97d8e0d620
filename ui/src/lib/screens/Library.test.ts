import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { HistoryProblem, LibraryInfo } from '$lib/ipc';
import { broughtUpToDate, imported, PATH, summary, wentDifferentWays } from '$lib/imports/fixtures';

const ipc = vi.hoisted(() => ({
  libraryInfo: vi.fn(),
  listPacks: vi.fn(),
  listCampaigns: vi.fn(),
  listExportFiles: vi.fn(),
  listBackups: vi.fn(),
  previewBackup: vi.fn(),
  restoreBackup: vi.fn(),
  onLibraryChecked: vi.fn(),
  importCampaign: vi.fn(),
  importChosen: vi.fn(),
  handoverOffer: vi.fn(),
  handoverStatus: vi.fn(),
  handoverWithdraw: vi.fn(),
  handoverReceive: vi.fn(),
  handoverChoose: vi.fn(),
}));
vi.mock('$lib/ipc', async (original) => ({ ...(await original<typeof import('$lib/ipc')>()), ...ipc }));

const Library = (await import('./Library.svelte')).default;

const edited: HistoryProblem = {
  id: 'c76faab8352deb801',
  name: 'Midnight map',
  pack_name: 'RISK Assassin’s Creed',
  entry: 3,
  date: '2026-11-21 20:30',
  problem: 'entry 3 (2026-11-21 20:30) is not followed by what the rules give',
};

const info = (history_problems: HistoryProblem[] = []): LibraryInfo => ({
  library_path: '/data/bagless.sqlite',
  backups_dir: '/data/backups',
  exports_dir: '/data/exports',
  app_version: '0.1.0',
  error: null,
  read_only: null,
  checking: false,
  good_backup: null,
  history_problems,
});

/** The library-checked handler the screen registered: the backend's event, by hand. */
let checked: () => void = () => {};

describe('the library', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    ipc.listPacks.mockResolvedValue([]);
    ipc.listCampaigns.mockResolvedValue({ campaigns: [], bin: [] });
    ipc.listExportFiles.mockResolvedValue([]);
    ipc.listBackups.mockResolvedValue([]);
    ipc.onLibraryChecked.mockImplementation(async (handler: () => void) => {
      checked = handler;
      return () => {};
    });
  });

  it('shows no history warning when the deep check found nothing', async () => {
    ipc.libraryInfo.mockResolvedValue(info());
    render(Library);
    await screen.findByTestId('library-empty');
    expect(screen.queryByTestId('library-history-problems')).toBeNull();
  });

  it('names each game whose history was changed outside Bagless, its entry and date, and what to do', async () => {
    ipc.libraryInfo.mockResolvedValue(info([edited]));
    render(Library);
    const card = await screen.findByTestId('library-history-problems');
    expect(card.getAttribute('role')).toBe('alert');
    expect(within(card).getByRole('heading', { level: 3 }).textContent).toBe(
      'A game’s history was changed outside Bagless',
    );
    const [problem, ...more] = within(card).getAllByTestId('library-history-problem');
    expect(more).toEqual([]);
    expect(problem.dataset.name).toBe('Midnight map');
    expect(problem.dataset.entry).toBe('3');
    expect(problem.textContent).toContain('RISK Assassin’s Creed');
    expect(within(problem).getByTestId('library-history-problem-where').textContent).toMatch(/^entry 3, .*2026/);
    expect(card.textContent).toContain('not what the rules give');
    expect(card.textContent).toContain('in Backups below, preview a backup from before the change');
    expect(card.textContent).toContain('export the game and ask for help');
  });

  it('shows what the deep check found when it ends after the first screen', async () => {
    ipc.libraryInfo.mockResolvedValueOnce(info()).mockResolvedValue(info([edited, { ...edited, id: 'b', name: 'Friday killers' }]));
    render(Library);
    await screen.findByTestId('library-empty');
    expect(screen.queryByTestId('library-history-problems')).toBeNull();
    checked();
    const card = await screen.findByTestId('library-history-problems');
    expect(within(card).getByRole('heading', { level: 3 }).textContent).toBe(
      'Games’ histories were changed outside Bagless',
    );
    expect(within(card).getAllByTestId('library-history-problem').map((p) => p.dataset.name)).toEqual([
      'Midnight map',
      'Friday killers',
    ]);
  });

  it('asks again what is known of the library after a restore from the backups: the warning goes', async () => {
    ipc.libraryInfo.mockResolvedValueOnce(info([edited])).mockResolvedValue(info());
    ipc.listBackups.mockResolvedValue([
      { file_name: 'bagless-daily-20261120-210000.sqlite', kind: 'daily', taken_at: null, size_bytes: 4096 },
    ]);
    ipc.previewBackup.mockResolvedValue({
      file_name: 'bagless-daily-20261120-210000.sqlite',
      kind: 'daily',
      taken_at: null,
      last_change: null,
      campaigns: [],
      problems: [],
    });
    ipc.restoreBackup.mockResolvedValue({ kept_file_name: 'kept.sqlite', campaigns: 0, left_out: [] });
    render(Library);
    await screen.findByTestId('library-history-problems');
    await fireEvent.click(await screen.findByTestId('backup-preview'));
    await fireEvent.click(await screen.findByTestId('backup-restore'));
    await fireEvent.click(screen.getByTestId('backup-restore-confirm'));
    await screen.findByTestId('backup-notice');
    await vi.waitFor(() => expect(screen.queryByTestId('library-history-problems')).toBeNull());
  });
});

describe('an import from the library', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    ipc.libraryInfo.mockResolvedValue(info());
    ipc.listPacks.mockResolvedValue([]);
    ipc.listCampaigns.mockResolvedValue({ campaigns: [], bin: [] });
    ipc.listExportFiles.mockResolvedValue([]);
    ipc.listBackups.mockResolvedValue([]);
    ipc.onLibraryChecked.mockResolvedValue(() => {});
  });

  async function typed(path: string): Promise<void> {
    render(Library);
    await fireEvent.input(await screen.findByTestId('import-path'), { target: { value: path } });
    await fireEvent.submit(screen.getByTestId('import-form'));
  }

  it('says what a typed path brought, and lists the library again', async () => {
    ipc.importCampaign.mockResolvedValue(broughtUpToDate);
    await typed(PATH);
    const result = await screen.findByTestId('import-result');
    expect(ipc.importCampaign).toHaveBeenCalledWith(PATH);
    expect(result.dataset.how).toBe('brought_up_to_date');
    expect(within(result).getByTestId('import-result-said').textContent).toContain('was brought up to date');
    expect(await within(result).findAllByTestId('import-result-since-entry')).toHaveLength(2);
    await vi.waitFor(() => expect(ipc.listCampaigns).toHaveBeenCalledTimes(2));
    expect((screen.getByTestId('import-path') as HTMLInputElement).value).toBe('');
  });

  it('says a file chosen is already here', async () => {
    ipc.importChosen.mockResolvedValue(imported('already_here'));
    render(Library);
    await fireEvent.click(await screen.findByTestId('import-choose'));
    const result = await screen.findByTestId('import-result');
    expect(result.dataset.how).toBe('already_here');
    expect(result.textContent).toContain('nothing was changed');
  });

  it('says nothing when the chooser is cancelled', async () => {
    ipc.importChosen.mockResolvedValue(null);
    render(Library);
    await fireEvent.click(await screen.findByTestId('import-choose'));
    await vi.waitFor(() => expect(ipc.importChosen).toHaveBeenCalled());
    expect(screen.queryByTestId('import-result')).toBeNull();
    expect(screen.queryByTestId('error')).toBeNull();
  });

  it('shows both ways of a file typed, and keeps the file’s as chosen, the copy listed', async () => {
    const copy = summary({ id: 'c2', name: 'Venice nights (copy of 2026-12-02)' });
    ipc.importCampaign.mockResolvedValueOnce(wentDifferentWays);
    ipc.importCampaign.mockResolvedValueOnce(imported('took_file_and_copy', { copy }));
    await typed(PATH);
    const dialog = await screen.findByRole('dialog');
    // Nothing written yet: the library is not listed again.
    expect(ipc.listCampaigns).toHaveBeenCalledTimes(1);
    ipc.listCampaigns.mockResolvedValue({ campaigns: [summary(), copy], bin: [] });
    await fireEvent.click(within(dialog).getByTestId('import-keep-file'));
    expect(ipc.importCampaign).toHaveBeenLastCalledWith(PATH, 'keep_file');
    const result = await screen.findByTestId('import-result');
    expect(result.dataset.how).toBe('took_file_and_copy');
    expect(result.textContent).toContain('“Venice nights (copy of 2026-12-02)”');
    await vi.waitFor(() => expect(screen.getAllByTestId('campaign-card')).toHaveLength(2));
  });

  it('shows both ways of a file chosen; a cancel writes nothing', async () => {
    ipc.importChosen.mockResolvedValue(wentDifferentWays);
    render(Library);
    await fireEvent.click(await screen.findByTestId('import-choose'));
    await fireEvent.keyDown(await screen.findByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(ipc.importCampaign).not.toHaveBeenCalled();
    expect((await screen.findByTestId('import-result')).dataset.how).toBe('cancelled');
  });

  it('says why a file was refused in the import panel', async () => {
    const { IpcError } = await import('$lib/ipc');
    ipc.importCampaign.mockRejectedValue(new IpcError('export_unreadable', 'The file could not be read.'));
    await typed('/nowhere.json');
    expect(await within(screen.getByTestId('import-form')).findByTestId('error')).toBeTruthy();
    expect(screen.queryByTestId('import-result')).toBeNull();
  });
});

describe('handing a game over to another Bagless', () => {
  const ticket = { address: '127.0.0.1:43817', code: 'K7QM-2XPA-9RTD', seconds: 600 };

  beforeEach(() => {
    vi.clearAllMocks();
    ipc.libraryInfo.mockResolvedValue(info());
    ipc.listPacks.mockResolvedValue([]);
    ipc.listCampaigns.mockResolvedValue({
      campaigns: [summary(), summary({ id: 'r1', game: 'risk', name: 'Midnight map', round: 3 })],
      bin: [],
    });
    ipc.listExportFiles.mockResolvedValue([]);
    ipc.listBackups.mockResolvedValue([]);
    ipc.onLibraryChecked.mockResolvedValue(() => {});
    ipc.handoverOffer.mockResolvedValue(ticket);
    ipc.handoverStatus.mockResolvedValue({ ticket, taken: false });
    ipc.handoverWithdraw.mockResolvedValue(undefined);
  });

  const card = async (name: string) =>
    (await screen.findAllByTestId('campaign-card')).find((c) => c.dataset.name === name)!;

  it('offers each game from its line, the panel under it; closing gives the focus back and withdraws', async () => {
    render(Library);
    const venice = await card('Venice nights');
    const send = within(venice).getByTestId('handover-send');
    expect(send.textContent).toBe('Send to another Bagless');
    expect(send.getAttribute('aria-expanded')).toBe('false');
    await fireEvent.click(send);
    const panel = await within(venice).findByTestId('handover-offer');
    await vi.waitFor(() => expect(panel.dataset.state).toBe('open'));
    expect(ipc.handoverOffer).toHaveBeenCalledWith('c1');
    expect(send.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(send.getAttribute('aria-controls')!)?.contains(panel)).toBe(true);
    expect(within(panel).getByTestId('handover-code').textContent).toBe('K7QM-2XPA-9RTD');
    await fireEvent.keyDown(panel, { key: 'Escape' });
    await vi.waitFor(() => expect(screen.queryByTestId('handover-offer')).toBeNull());
    expect(ipc.handoverWithdraw).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(send);
    expect(send.getAttribute('aria-expanded')).toBe('false');
  });

  it('offers one game at a time: another game’s panel closes first, its offer withdrawn before the next', async () => {
    render(Library);
    await fireEvent.click(within(await card('Venice nights')).getByTestId('handover-send'));
    await screen.findByTestId('handover-offer');
    const map = await card('Midnight map');
    await fireEvent.click(within(map).getByTestId('handover-send'));
    await vi.waitFor(() => expect(ipc.handoverOffer).toHaveBeenCalledTimes(2));
    expect(ipc.handoverOffer).toHaveBeenLastCalledWith('r1');
    expect(screen.getAllByTestId('handover-offer')).toHaveLength(1);
    expect(within(map).getByTestId('handover-offer')).toBeTruthy();
    const [withdrawn] = ipc.handoverWithdraw.mock.invocationCallOrder;
    const [first, second] = ipc.handoverOffer.mock.invocationCallOrder;
    expect(first).toBeLessThan(withdrawn);
    expect(withdrawn).toBeLessThan(second);
  });

  async function receive(address: string, code: string): Promise<void> {
    await fireEvent.input(await screen.findByTestId('handover-receive-address'), { target: { value: address } });
    await fireEvent.input(screen.getByTestId('handover-receive-code'), { target: { value: code } });
    await fireEvent.submit(screen.getByTestId('handover-receive-form'));
  }

  it('receives by address and code: what it did said like a file’s import, the library listed again', async () => {
    ipc.handoverReceive.mockResolvedValue(imported('brought_up_to_date', { ...broughtUpToDate, path: '' }));
    render(Library);
    const form = await screen.findByTestId('handover-receive-form');
    expect(within(form).getByRole('heading', { level: 3 }).textContent).toBe('Receive from another Bagless');
    expect((within(form).getByTestId('handover-receive') as HTMLButtonElement).disabled).toBe(true);
    await receive(' 192.168.1.20:43817 ', ' k7qm 2xpa 9rtd ');
    const result = await screen.findByTestId('handover-result');
    expect(ipc.handoverReceive).toHaveBeenCalledWith('192.168.1.20:43817', 'k7qm 2xpa 9rtd');
    expect(result.dataset.how).toBe('brought_up_to_date');
    expect(within(result).getByTestId('handover-result-from').textContent).toBe('Received from another Bagless');
    expect(within(result).queryByTestId('handover-result-file')).toBeNull();
    await vi.waitFor(() => expect(ipc.listCampaigns).toHaveBeenCalledTimes(2));
    // The code is spent: both fields are emptied.
    expect((screen.getByTestId('handover-receive-code') as HTMLInputElement).value).toBe('');
    expect((screen.getByTestId('handover-receive-address') as HTMLInputElement).value).toBe('');
  });

  it('says a refusal in the players’ words in the receiving form, the fields kept to correct', async () => {
    const { IpcError } = await import('$lib/ipc');
    ipc.handoverReceive.mockRejectedValue(
      new IpcError(
        'handover_refused',
        'The other Bagless does not offer a game with that code (a wrong code, or one already used or out of time).',
      ),
    );
    render(Library);
    await receive('127.0.0.1:43817', 'K7QM-2XPA-9RTE');
    const form = screen.getByTestId('handover-receive-form');
    const error = await within(form).findByTestId('error');
    expect(error.dataset.code).toBe('handover_refused');
    expect(error.textContent?.trim()).toBe(
      'The other Bagless does not offer a game with that code (a wrong code, or one already used or out of time).',
    );
    expect(within(error).queryByText('Details')).toBeNull();
    expect(screen.queryByTestId('handover-result')).toBeNull();
    expect((screen.getByTestId('handover-receive-code') as HTMLInputElement).value).toBe('K7QM-2XPA-9RTE');
  });

  it('says no Bagless answers with what the players may have missed: a code works once, for ten minutes', async () => {
    const { IpcError } = await import('$lib/ipc');
    ipc.handoverReceive.mockRejectedValue(
      new IpcError(
        'handover_unreachable',
        'No Bagless answers at that address: check it, and that both computers are on the same network.',
      ),
    );
    render(Library);
    await receive('127.0.0.1:43817', 'K7QM-2XPA-9RTD');
    const error = await within(screen.getByTestId('handover-receive-form')).findByTestId('error');
    expect(error.textContent?.trim()).toBe(
      'No Bagless answers at that address: check it, that both computers are on the same network, and that the other Bagless still offers the game (a code works once, for ten minutes).',
    );
  });

  it('shows both ways when they went different ways, and keeps the choice through the handover', async () => {
    const copy = summary({ id: 'c2', name: 'Venice nights (copy of 2026-12-02)' });
    ipc.handoverReceive.mockResolvedValue({ ...wentDifferentWays, path: '' });
    ipc.handoverChoose.mockResolvedValue(imported('kept_here_and_copy', { copy, path: '' }));
    render(Library);
    await receive('127.0.0.1:43817', 'K7QM-2XPA-9RTD');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('import-fork-there').textContent).toContain('On the other Bagless');
    expect(ipc.listCampaigns).toHaveBeenCalledTimes(1);
    await fireEvent.click(within(dialog).getByTestId('import-keep-here'));
    await vi.waitFor(() => expect(ipc.handoverChoose).toHaveBeenCalledWith('keep_here'));
    expect(ipc.importCampaign).not.toHaveBeenCalled();
    const result = await screen.findByTestId('handover-result');
    expect(result.dataset.how).toBe('kept_here_and_copy');
    expect(result.textContent).toContain('The other Bagless’s way is kept beside it as “Venice nights (copy of 2026-12-02)”');
    await vi.waitFor(() => expect(ipc.listCampaigns).toHaveBeenCalledTimes(2));
  });

  it('puts a file import’s answer away when a game is received, and the other way round', async () => {
    ipc.importCampaign.mockResolvedValue(imported('already_here'));
    ipc.handoverReceive.mockResolvedValue(imported('already_here', { path: '' }));
    render(Library);
    await fireEvent.input(await screen.findByTestId('import-path'), { target: { value: PATH } });
    await fireEvent.submit(screen.getByTestId('import-form'));
    await screen.findByTestId('import-result');
    await receive('127.0.0.1:43817', 'K7QM-2XPA-9RTD');
    await screen.findByTestId('handover-result');
    expect(screen.queryByTestId('import-result')).toBeNull();
    await fireEvent.input(screen.getByTestId('import-path'), { target: { value: PATH } });
    await fireEvent.submit(screen.getByTestId('import-form'));
    await screen.findByTestId('import-result');
    expect(screen.queryByTestId('handover-result')).toBeNull();
  });
});
