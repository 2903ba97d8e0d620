import { beforeEach, describe, expect, it, vi } from 'vitest';

const invoke = vi.fn();
vi.mock('@tauri-apps/api/core', () => ({ invoke, isTauri: () => true }));

const ipc = await import('./index');

describe('ipc inside the app', () => {
  beforeEach(() => {
    invoke.mockReset();
  });

  it('calls the snake_case command with camelCase args', async () => {
    invoke.mockResolvedValue({ ok: true });
    await ipc.setHqSticker('c-1', 4, true);
    expect(invoke).toHaveBeenCalledWith('set_hq_sticker', { campaignId: 'c-1', number: 4, marked: true });
    await ipc.declineOptional('c-1', 'M.A');
    expect(invoke).toHaveBeenLastCalledWith('decline_optional', { campaignId: 'c-1', memoryId: 'M.A' });
    await ipc.libraryInfo();
    expect(invoke).toHaveBeenLastCalledWith('library_info', undefined);
  });

  it('turns a backend error into an IpcError with code and message', async () => {
    invoke.mockImplementation(async () => {
      throw { code: 'not_found', message: 'This campaign no longer exists.' };
    });
    const err = await ipc.openDiary('gone').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ipc.IpcError);
    const { code, message } = err as InstanceType<typeof ipc.IpcError>;
    expect({ code, message }).toEqual({ code: 'not_found', message: 'This campaign no longer exists.' });
  });

  it('keeps a plain string error readable', async () => {
    invoke.mockImplementation(async () => {
      throw 'boom';
    });
    const err = (await ipc.listCampaigns().catch((e: unknown) => e)) as InstanceType<typeof ipc.IpcError>;
    expect([err.code, err.message]).toEqual(['unknown', 'boom']);
  });

  it('marks when each command’s answer arrived, keeping only the last of each', async () => {
    invoke.mockResolvedValue({ ok: true });
    const before = performance.now();
    await ipc.libraryInfo();
    await ipc.libraryInfo();
    const marks = performance.getEntriesByName('ipc:library_info', 'mark');
    expect(marks).toHaveLength(1);
    expect(marks[0].startTime).toBeGreaterThanOrEqual(before);
  });
});
