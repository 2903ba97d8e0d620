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
