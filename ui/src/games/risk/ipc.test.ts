import { beforeEach, describe, expect, it, vi } from 'vitest';

// The generic commands mocked: the game's own wrappers run for real.
const ipc = { call: vi.fn(), gameAct: vi.fn(), gameCreate: vi.fn(), gameOpen: vi.fn(), gameSetup: vi.fn(), gameUndo: vi.fn() };
vi.mock('$lib/ipc', async (original) => ({ ...(await original<typeof import('$lib/ipc')>()), ...ipc }));

const risk = await import('./ipc');

describe('RISK Assassin’s Creed’s commands, on the one command set', () => {
  beforeEach(() => Object.values(ipc).forEach((f) => f.mockReset().mockResolvedValue({})));

  it('tags each command with the game’s kind', async () => {
    await risk.riskAct('g-1', { type: 'end_turn' } as never);
    expect(ipc.gameAct).toHaveBeenCalledWith('g-1', { game: 'risk', command: { type: 'end_turn' } });
    await risk.riskCreate('Monteriggioni', { type: 'create_game' } as never);
    expect(ipc.gameCreate).toHaveBeenCalledWith('Monteriggioni', { game: 'risk', command: { type: 'create_game' } });
    await risk.riskSetup();
    expect(ipc.gameSetup).toHaveBeenCalledWith('risk');
    await risk.riskUndo('g-1');
    expect(ipc.gameUndo).toHaveBeenCalledWith('g-1');
  });

  it('sends its own two commands as they are', async () => {
    await risk.riskSheet('g-1');
    expect(ipc.call).toHaveBeenCalledWith('risk_sheet', { gameId: 'g-1' });
    await risk.riskOdds('g-1', 'florence' as never, 'siena' as never, 3);
    expect(ipc.call).toHaveBeenLastCalledWith('risk_odds', { gameId: 'g-1', from: 'florence', to: 'siena', force: 3 });
  });
});
