/** Assassin Nation's commands, on the one command set every game takes (`$lib/ipc`'s `game_*`). */
import {
  gameAct,
  gameCreate,
  gameHistory,
  gameJumpBack,
  gameOpen,
  gameRedo,
  gameRename,
  gameSetup,
  gameUndo,
  type CampaignSummary,
  type GameId,
  type NationCommand,
  type NationScreen,
  type NationSetupOffer,
} from '$lib/ipc';
import type { GameCommand } from '$games/registry';

/** The kind the library records for a game of Assassin Nation. */
export const KIND = 'nation';

const tagged = (command: NationCommand) => ({ game: KIND, command }) satisfies GameCommand;

export const nationSetup = (): Promise<NationSetupOffer> => gameSetup(KIND);
export const nationCreate = (name: string, setup: NationCommand): Promise<CampaignSummary> => gameCreate(name, tagged(setup));
export const nationOpen = (gameId: GameId): Promise<NationScreen> => gameOpen(gameId);
export const nationAct = (gameId: GameId, command: NationCommand): Promise<NationScreen> => gameAct(gameId, tagged(command));
export const nationUndo = (gameId: GameId): Promise<NationScreen> => gameUndo(gameId);
export const nationRedo = (gameId: GameId): Promise<NationScreen> => gameRedo(gameId);
export const nationRename = (gameId: GameId, name: string): Promise<NationScreen> => gameRename(gameId, name);
export const nationHistory = gameHistory;
/** Back to the entry at `seq`: every later entry undone, each redoable. */
export const nationJumpBack = (gameId: GameId, seq: number): Promise<NationScreen> => gameJumpBack(gameId, seq);
