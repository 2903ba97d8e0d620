import { beforeEach, describe, expect, it, vi } from 'vitest';

// The generic commands mocked: the game's own wrappers run for real.
const ipc = { gameAct: vi.fn(), gameCreate: vi.fn(), gameSetup: vi.fn(), gameRename: vi.fn() };
vi.mock('$lib/ipc', async (original) => ({ ...(await original<typeof import('$lib/ipc')>()), ...ipc }));

const nation = await import('./ipc');

describe('Assassin Nation’s commands, on the one command set', () => {
  beforeEach(() => Object.values(ipc).forEach((f) => f.mockReset().mockResolvedValue({})));

  it('tags each command with the game’s kind', async () => {
    await nation.nationAct('g-2', { type: 'pass_attempt' } as never);
    expect(ipc.gameAct).toHaveBeenCalledWith('g-2', { game: 'nation', command: { type: 'pass_attempt' } });
    await nation.nationCreate('Roma', { type: 'create_game' } as never);
    expect(ipc.gameCreate).toHaveBeenCalledWith('Roma', { game: 'nation', command: { type: 'create_game' } });
    await nation.nationSetup();
    expect(ipc.gameSetup).toHaveBeenCalledWith('nation');
    await nation.nationRename('g-2', 'Firenze');
    expect(ipc.gameRename).toHaveBeenCalledWith('g-2', 'Firenze');
  });
});
