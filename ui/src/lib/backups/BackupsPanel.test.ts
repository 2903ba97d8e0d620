import { fireEvent, render, screen } from '@testing-library/svelte';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BackupPreview, Progress } from '$lib/ipc';

const ipc = vi.hoisted(() => ({
  listBackups: vi.fn(),
  previewBackup: vi.fn(),
  restoreBackup: vi.fn(),
}));
vi.mock('$lib/ipc', async (original) => ({ ...(await original<typeof import('$lib/ipc')>()), ...ipc }));

const BackupsPanel = (await import('./BackupsPanel.svelte')).default;

const preview: BackupPreview = {
  file_name: 'bagless-daily-20261120-210000.sqlite',
  kind: 'daily',
  taken_at: '2026-11-20T21:00:00+00:00',
  last_change: null,
  campaigns: [],
  problems: [],
};

describe('the backups panel', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    ipc.listBackups.mockResolvedValue([{ file_name: preview.file_name, kind: 'daily', taken_at: preview.taken_at, size_bytes: 4096 }]);
  });

  it('shows how far a preview has come while it runs, as the backend tells it', async () => {
    let tell: (p: Progress) => void = () => {};
    let finish: (p: BackupPreview) => void = () => {};
    ipc.previewBackup.mockImplementation((_file: string, onProgress: (p: Progress) => void) => {
      tell = onProgress;
      return new Promise((resolve) => (finish = resolve));
    });
    render(BackupsPanel, { backupsDir: '/tmp/backups', onrestored: async () => {} });
    await fireEvent.click(await screen.findByTestId('backup-preview'));
    expect(ipc.previewBackup).toHaveBeenCalledWith(preview.file_name, expect.any(Function));

    tell({ step: 'copying', done: 40, total: 160 });
    const bar = await screen.findByTestId('progress');
    await vi.waitFor(() => expect(bar.dataset.percent).toBe('25'));
    expect(bar.dataset.step).toBe('copying');
    expect(screen.getByRole('progressbar', { name: 'Copying the backup… 25%' })).toBeTruthy();

    tell({ step: 'checking', done: 3, total: 21 });
    await vi.waitFor(() => expect(screen.getByTestId('progress').textContent).toContain('3 of 21'));

    finish(preview);
    await screen.findByTestId('backup-preview-panel');
    expect(screen.queryByTestId('progress')).toBeNull();
  });
});

describe('a backup with games whose history is not what the rules give', () => {
  const edited: BackupPreview = {
    ...preview,
    last_change: '2026-11-21T20:30:00+00:00',
    campaigns: [
      { name: 'Carnival nights', pack_name: 'Brotherhood of Venice', in_bin: false, last_change: null, entries: 23, history_problem: false },
      { name: 'Midnight map', pack_name: 'RISK Assassin’s Creed', in_bin: false, last_change: null, entries: 6, history_problem: true },
    ],
    problems: [
      {
        id: 'c76faab8352deb801',
        name: 'Midnight map',
        pack_name: 'RISK Assassin’s Creed',
        entry: 3,
        date: '2026-11-21 20:30',
        problem: 'entry 3 (2026-11-21 20:30) is not followed by what the rules give',
      },
    ],
  };

  beforeEach(() => {
    vi.clearAllMocks();
    ipc.listBackups.mockResolvedValue([{ file_name: preview.file_name, kind: 'daily', taken_at: preview.taken_at, size_bytes: 4096 }]);
    ipc.previewBackup.mockResolvedValue(edited);
  });

  async function previewed(onrestored: () => Promise<void> = async () => {}): Promise<void> {
    render(BackupsPanel, { backupsDir: '/tmp/backups', onrestored });
    await fireEvent.click(await screen.findByTestId('backup-preview'));
    await screen.findByTestId('backup-preview-panel');
  }

  it('names each game in a warning, with its box and the entry and date where it leaves the rules', async () => {
    await previewed();
    const block = screen.getByTestId('backup-problems');
    expect(block.getAttribute('role')).toBe('alert');
    expect(screen.getByRole('heading', { name: '1 game in this backup cannot be restored' })).toBeTruthy();
    const [problem, ...more] = screen.getAllByTestId('backup-problem');
    expect(more).toEqual([]);
    expect(problem.dataset.name).toBe('Midnight map');
    expect(problem.dataset.entry).toBe('3');
    expect(problem.textContent).toContain('Midnight map');
    expect(problem.textContent).toContain('RISK Assassin’s Creed');
    // The date, written by the backend in UTC, in the players' words.
    const where = screen.getByTestId('backup-problem-where').textContent ?? '';
    expect(where).toMatch(/^entry 3, .*2026/);
    expect(where).toContain('November');
    // The rules' own sentence, in English, kept under Details.
    expect(problem.querySelector('details [lang="en"]')?.textContent).toContain('not followed by what the rules give');
  });

  it('marks the game’s row among the backup’s games, and only it', async () => {
    await previewed();
    const rows = screen.getAllByTestId('backup-campaign');
    expect(rows.map((r) => [r.dataset.name, r.dataset.problem])).toEqual([
      ['Carnival nights', 'false'],
      ['Midnight map', 'true'],
    ]);
    const marks = screen.getAllByTestId('backup-campaign-problem');
    expect(marks).toHaveLength(1);
    expect(rows[1].contains(marks[0])).toBe(true);
  });

  it('does not offer the plain restore, but the restore of the others, confirmed first, leaving the game out', async () => {
    const onrestored = vi.fn(async () => {});
    ipc.restoreBackup.mockResolvedValue({
      kept_file_name: 'bagless-before_restore-20261202-101500.sqlite',
      campaigns: 1,
      left_out: ['Midnight map'],
    });
    await previewed(onrestored);
    expect(screen.queryByTestId('backup-restore')).toBeNull();
    const offer = screen.getByTestId('backup-restore-leaving-out');
    expect(offer.textContent).toBe('Restore the others, leaving this one out');

    await fireEvent.click(offer);
    expect(ipc.restoreBackup).not.toHaveBeenCalled();
    expect(screen.getByText(/without the game named above\?/)).toBeTruthy();
    const confirm = screen.getByTestId('backup-restore-confirm');
    expect(confirm.dataset.leaveOut).toBe('true');
    await fireEvent.click(confirm);

    expect(ipc.restoreBackup).toHaveBeenCalledWith(preview.file_name, true, expect.any(Function));
    const notice = await screen.findByTestId('backup-notice');
    expect(notice.textContent).toBe(
      'The backup was restored (1 campaign), leaving out “Midnight map”: its history is not what the rules give. The library as it was, with it, is kept as bagless-before_restore-20261202-101500.sqlite.',
    );
    expect(onrestored).toHaveBeenCalledOnce();
    expect(screen.queryByTestId('backup-preview-panel')).toBeNull();
  });

  it('names every game left out, in a plural', async () => {
    ipc.restoreBackup.mockResolvedValue({ kept_file_name: 'kept.sqlite', campaigns: 0, left_out: ['Midnight map', 'Friday killers'] });
    ipc.previewBackup.mockResolvedValue({
      ...edited,
      problems: [edited.problems[0], { ...edited.problems[0], id: 'x', name: 'Friday killers', entry: null, date: null }],
    });
    await previewed();
    expect(screen.getByRole('heading', { name: '2 games in this backup cannot be restored' })).toBeTruthy();
    expect(screen.getAllByTestId('backup-problem-where').map((w) => w.textContent)[1]).toBe(
      'its saved state does not match its history',
    );
    await fireEvent.click(screen.getByTestId('backup-restore-leaving-out'));
    await fireEvent.click(screen.getByTestId('backup-restore-confirm'));
    const notice = await screen.findByTestId('backup-notice');
    expect(notice.textContent).toContain('leaving out “Midnight map”, “Friday killers”: their history');
    expect(notice.textContent).toContain('with them');
  });

  it('says a refusal for such games in the players’ words', async () => {
    const { IpcError } = await import('$lib/ipc');
    ipc.previewBackup.mockResolvedValue(preview);
    ipc.restoreBackup.mockRejectedValue(
      new IpcError('backup_not_believed', 'In this backup, the history of “Midnight map” (entry 3, 2026-11-21 20:30) is not what the rules give', [], {
        games: '“Midnight map” (entry 3, 2026-11-21 20:30)',
        count: '1',
      }),
    );
    await previewed();
    await fireEvent.click(screen.getByTestId('backup-restore'));
    await fireEvent.click(screen.getByTestId('backup-restore-confirm'));
    expect(ipc.restoreBackup).toHaveBeenCalledWith(preview.file_name, false, expect.any(Function));
    const refused = await screen.findByTestId('backup-error');
    expect(refused.dataset.code).toBe('backup_not_believed');
    expect(refused.textContent?.trim()).toBe(
      'In this backup, the history of 1 game is not what the rules give. Nothing was changed: restore it leaving that game out, or choose another backup.',
    );
  });

  it('restores a backup without problems as before, nothing left out', async () => {
    ipc.previewBackup.mockResolvedValue(preview);
    ipc.restoreBackup.mockResolvedValue({ kept_file_name: 'kept.sqlite', campaigns: 0, left_out: [] });
    await previewed();
    expect(screen.queryByTestId('backup-problems')).toBeNull();
    expect(screen.queryByTestId('backup-restore-leaving-out')).toBeNull();
    await fireEvent.click(screen.getByTestId('backup-restore'));
    await fireEvent.click(screen.getByTestId('backup-restore-confirm'));
    expect(ipc.restoreBackup).toHaveBeenCalledWith(preview.file_name, false, expect.any(Function));
    expect((await screen.findByTestId('backup-notice')).textContent).toBe(
      'The backup was restored (0 campaigns). The library as it was is kept as kept.sqlite.',
    );
  });
});
