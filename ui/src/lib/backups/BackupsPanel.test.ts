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
