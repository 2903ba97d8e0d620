import { beforeEach, describe, expect, it, vi } from 'vitest';

const invoke = vi.fn();
vi.mock('@tauri-apps/api/core', () => ({ invoke, isTauri: () => true }));

const ipc = await import('./index');

describe('ipc inside the app', () => {
  beforeEach(() => {
    invoke.mockReset();
  });

  it('calls the snake_case command with camelCase args', async () => {
    invoke.mockResolvedValue({ id: 'c-1', name: 'V', in_bin: false, view: { part: 'diary', shown: { diary: 1 } } });
    await expect(ipc.setHqSticker('c-1', 4, true)).resolves.toEqual({ diary: 1 });
    expect(invoke).toHaveBeenCalledWith('game_act', {
      gameId: 'c-1',
      command: { game: 'bov', command: { type: 'set_hq_sticker', number: 4, marked: true } },
      part: { part: 'diary' },
    });
    await ipc.declineOptional('c-1', 'M.A');
    expect(invoke).toHaveBeenLastCalledWith('game_act', {
      gameId: 'c-1',
      command: { game: 'bov', command: { type: 'decline_optional', memory: 'M.A' } },
      part: { part: 'diary' },
    });
    await ipc.libraryInfo();
    expect(invoke).toHaveBeenLastCalledWith('library_info', undefined);
  });

  it('takes a campaign’s part of the screen from the one command set, and no other part', async () => {
    invoke.mockResolvedValue({ id: 'c-1', name: 'V', in_bin: false, view: { part: 'hq', shown: { miniatures: [] } } });
    await expect(ipc.openHq('c-1')).resolves.toEqual({ miniatures: [] });
    expect(invoke).toHaveBeenLastCalledWith('game_open', { gameId: 'c-1', part: { part: 'hq' } });
    await expect(ipc.undo('c-1', 'hq')).resolves.toEqual({ miniatures: [] });
    expect(invoke).toHaveBeenLastCalledWith('game_undo', { gameId: 'c-1', part: { part: 'hq' } });
    await expect(ipc.openBoard('c-1')).rejects.toBeInstanceOf(ipc.IpcError);
  });

  it('asks every game’s history through the one command set, a page or more', async () => {
    invoke.mockResolvedValue({ game: 'bov', entries: [] });
    await ipc.gameHistory('c-1');
    expect(invoke).toHaveBeenLastCalledWith('game_history', { gameId: 'c-1', limit: null });
    await ipc.gameHistory('r-1', 400);
    expect(invoke).toHaveBeenLastCalledWith('game_history', { gameId: 'r-1', limit: 400 });
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
