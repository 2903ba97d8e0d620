import { beforeEach, describe, expect, it, vi } from 'vitest';

// The generic commands mocked: the game's own wrappers run for real.
const ipc = { call: vi.fn(), gameAct: vi.fn(), gameRedo: vi.fn() };
vi.mock('$lib/ipc', async (original) => ({ ...(await original<typeof import('$lib/ipc')>()), ...ipc }));

const memory = await import('./ipc');

describe('a memory in play’s commands, on the one command set', () => {
  beforeEach(() => Object.values(ipc).forEach((f) => f.mockReset().mockResolvedValue({})));

  it('tags each command with the game’s kind, and starts from its campaign', async () => {
    await memory.memoryAct('m-1', { type: 'spend_cubes', assassin: 'ezio', count: 2 } as never);
    expect(ipc.gameAct).toHaveBeenCalledWith('m-1', { game: 'memory', command: { type: 'spend_cubes', assassin: 'ezio', count: 2 } });
    await memory.memoryRedo('m-1');
    expect(ipc.gameRedo).toHaveBeenCalledWith('m-1');
    await memory.memoryStart('c-1', { type: 'start_memory' } as never);
    expect(ipc.call).toHaveBeenCalledWith('memory_start', { campaignId: 'c-1', setup: { type: 'start_memory' } });
  });
});
