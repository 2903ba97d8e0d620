/**
 * RISK Assassin's Creed's commands, on the one command set every game takes
 * (`$lib/ipc`'s `game_*`), and its own two: the "put it back on the board"
 * sheet and an attack's odds.
 */
import {
  call,
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
  type RiskCommand,
  type RiskOdds,
  type RiskScreen,
  type RiskSetupOffer,
  type RiskSheet,
} from '$lib/ipc';
import type { Territory } from '$lib/ipc/types/risk/Territory';
import type { GameCommand } from '$games/registry';

/** The kind the library records for a game of RISK Assassin's Creed. */
export const KIND = 'risk';

const tagged = (command: RiskCommand) => ({ game: KIND, command }) satisfies GameCommand;

export const riskSetup = (): Promise<RiskSetupOffer> => gameSetup(KIND);
export const riskCreate = (name: string, setup: RiskCommand): Promise<CampaignSummary> => gameCreate(name, tagged(setup));
export const riskOpen = (gameId: GameId): Promise<RiskScreen> => gameOpen(gameId);
export const riskAct = (gameId: GameId, command: RiskCommand): Promise<RiskScreen> => gameAct(gameId, tagged(command));
export const riskUndo = (gameId: GameId): Promise<RiskScreen> => gameUndo(gameId);
export const riskRedo = (gameId: GameId): Promise<RiskScreen> => gameRedo(gameId);
export const riskRename = (gameId: GameId, name: string): Promise<RiskScreen> => gameRename(gameId, name);
/** The "put it back on the board" sheet. */
export const riskSheet = (gameId: GameId): Promise<RiskSheet> => call('risk_sheet', { gameId });
/**
 * The exact odds of the attack from `from` on `to` with a force of `force`,
 * as the game `gameId` is played (the rules' `attack_odds`: the aptitude
 * cards in play counted); null when it is no attack the player can make.
 */
export const riskOdds = (gameId: GameId, from: Territory, to: Territory, force: number): Promise<RiskOdds | null> =>
  call('risk_odds', { gameId, from, to, force });

export const riskHistory = gameHistory;
/** Back to the entry at `seq`: every later entry undone, each redoable. */
export const riskJumpBack = (gameId: GameId, seq: number): Promise<RiskScreen> => gameJumpBack(gameId, seq);
