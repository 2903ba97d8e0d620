import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { HistoryProblem, LibraryInfo } from '$lib/ipc';

const ipc = vi.hoisted(() => ({
  libraryInfo: vi.fn(),
  listPacks: vi.fn(),
  listCampaigns: vi.fn(),
  listExportFiles: vi.fn(),
  listBackups: vi.fn(),
  previewBackup: vi.fn(),
  restoreBackup: vi.fn(),
  onLibraryChecked: vi.fn(),
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
