import { beforeEach, describe, expect, it, vi } from 'vitest';

const invoke = vi.fn();
vi.mock('@tauri-apps/api/core', () => ({ invoke, isTauri: () => true }));

const ipc = await import('./index');

describe('ipc inside the app', () => {
  beforeEach(() => {
    invoke.mockReset();
  });

  it('calls the snake_case command with camelCase args', async () => {
    invoke.mockResolvedValue({ id: 'g-1', name: 'V', in_bin: false, view: {} });
    await ipc.gameAct('g-1', { game: 'a_game', command: { type: 'roll' } }, { part: 'board' });
    expect(invoke).toHaveBeenCalledWith('game_act', {
      gameId: 'g-1',
      command: { game: 'a_game', command: { type: 'roll' } },
      part: { part: 'board' },
    });
    // Without a part, none is sent (the game's whole screen).
    await ipc.gameUndo('g-1');
    expect(invoke).toHaveBeenLastCalledWith('game_undo', { gameId: 'g-1' });
    await ipc.libraryInfo();
    expect(invoke).toHaveBeenLastCalledWith('library_info', undefined);
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
    const err = await ipc.gameOpen('gone').catch((e: unknown) => e);
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
