import { beforeEach, describe, expect, it, vi } from 'vitest';

// The generic commands mocked: the campaign's own wrappers run for real.
const ipc = { gameAct: vi.fn(), gameOpen: vi.fn(), gameUndo: vi.fn(), gameRedo: vi.fn(), gameRename: vi.fn() };
vi.mock('$lib/ipc', async (original) => ({ ...(await original<typeof import('$lib/ipc')>()), ...ipc }));

const bov = await import('./ipc');
const { IpcError } = await import('$lib/ipc');

const screen = (part: string, shown: unknown) => ({ id: 'c-1', name: 'V', in_bin: false, view: { part, shown } });

describe('a campaign’s commands, on the one command set', () => {
  beforeEach(() => Object.values(ipc).forEach((f) => f.mockReset()));

  it('tags each command as a campaign’s and asks for the part of the screen it answers with', async () => {
    ipc.gameAct.mockResolvedValue(screen('diary', { diary: 1 }));
    await expect(bov.setHqSticker('c-1', 4, true)).resolves.toEqual({ diary: 1 });
    expect(ipc.gameAct).toHaveBeenCalledWith(
      'c-1',
      { game: 'bov', command: { type: 'set_hq_sticker', number: 4, marked: true } },
      { part: 'diary' },
    );
    await bov.declineOptional('c-1', 'M.A');
    expect(ipc.gameAct).toHaveBeenLastCalledWith('c-1', { game: 'bov', command: { type: 'decline_optional', memory: 'M.A' } }, { part: 'diary' });
    ipc.gameAct.mockResolvedValue(screen('board', { assassins: [] }));
    await expect(bov.boardAct('c-1', { type: 'end_memory' } as never)).resolves.toEqual({ assassins: [] });
    expect(ipc.gameAct).toHaveBeenLastCalledWith('c-1', { game: 'bov', command: { type: 'end_memory' } }, { part: 'board' });
  });

  it('takes the part asked for from the answer, and no other part', async () => {
    ipc.gameOpen.mockResolvedValue(screen('hq', { miniatures: [] }));
    await expect(bov.openHq('c-1')).resolves.toEqual({ miniatures: [] });
    expect(ipc.gameOpen).toHaveBeenLastCalledWith('c-1', { part: 'hq' });
    ipc.gameUndo.mockResolvedValue(screen('hq', { miniatures: [] }));
    await expect(bov.undo('c-1', 'hq')).resolves.toEqual({ miniatures: [] });
    expect(ipc.gameUndo).toHaveBeenLastCalledWith('c-1', { part: 'hq' });
    await expect(bov.openBoard('c-1')).rejects.toBeInstanceOf(IpcError);
    // The diary is the campaign's whole screen: asked with no part, as the first command sent at start.
    ipc.gameOpen.mockResolvedValue(screen('diary', { diary: 2 }));
    await expect(bov.openDiary('c-1')).resolves.toEqual({ diary: 2 });
    expect(ipc.gameOpen).toHaveBeenLastCalledWith('c-1');
    ipc.gameRename.mockResolvedValue(screen('diary', { diary: 3 }));
    await expect(bov.renameCampaign('c-1', 'Venice')).resolves.toEqual({ diary: 3 });
    expect(ipc.gameRename).toHaveBeenLastCalledWith('c-1', 'Venice', { part: 'diary' });
  });

  it('asks where a card picked up may go as a part of the screen, with the card', async () => {
    ipc.gameOpen.mockResolvedValue(screen('destinations', { card: 'added-1', places: [] }));
    await expect(bov.openDestinations('c-1', 'added-1')).resolves.toEqual({ card: 'added-1', places: [] });
    expect(ipc.gameOpen).toHaveBeenLastCalledWith('c-1', { part: 'destinations', card: 'added-1' });
  });
});
