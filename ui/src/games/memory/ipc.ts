/**
 * A Brotherhood of Venice memory while it is played, a game of its own that
 * names its campaign: its commands on the one command set every game takes
 * (`$lib/ipc`'s `game_*`), and its own start from the campaign's diary.
 */
import {
  call,
  gameAct,
  gameHistory,
  gameJumpBack,
  gameOpen,
  gameRedo,
  gameUndo,
  type CampaignId,
  type GameId,
  type MemoryCommand,
  type MemoryScreen,
} from '$lib/ipc';
import type { GameCommand } from '$games/registry';

/** The kind the library records for a memory in play. */
export const KIND = 'memory';

const tagged = (command: MemoryCommand) => ({ game: KIND, command }) satisfies GameCommand;

/** Starts the campaign's next memory (`setup` is its `start_memory`), or answers with the one in play. */
export const memoryStart = (campaignId: CampaignId, setup: MemoryCommand): Promise<MemoryScreen> =>
  call('memory_start', { campaignId, setup });
export const memoryOpen = (gameId: GameId): Promise<MemoryScreen> => gameOpen(gameId);
export const memoryAct = (gameId: GameId, command: MemoryCommand): Promise<MemoryScreen> => gameAct(gameId, tagged(command));
export const memoryUndo = (gameId: GameId): Promise<MemoryScreen> => gameUndo(gameId);
export const memoryRedo = (gameId: GameId): Promise<MemoryScreen> => gameRedo(gameId);
export const memoryHistory = gameHistory;
export const memoryJumpBack = (gameId: GameId, seq: number): Promise<MemoryScreen> => gameJumpBack(gameId, seq);
