/** The dice race's commands, on the one command set every game takes (`$lib/ipc`'s `game_*`). */
import { gameAct, gameCreate, gameOpen, gameRedo, gameUndo, type CampaignSummary, type GameId, type GameScreen } from '$lib/ipc';
import type { Command } from '$lib/ipc/types/dice_race/Command';
import type { RaceView } from '$lib/ipc/types/dice_race/RaceView';
import { KIND } from './go';

export type RaceScreen = GameScreen<RaceView>;
export type { RaceView };

const tagged = (command: Command) => ({ game: KIND, command });

export const raceCreate = (name: string, players: string[], target: number): Promise<CampaignSummary> =>
  gameCreate(name, tagged({ type: 'create_game', players, target }));
export const raceOpen = (gameId: GameId): Promise<RaceScreen> => gameOpen(gameId);
/** A roll: Bagless rolls the die. */
export const raceRoll = (gameId: GameId): Promise<RaceScreen> => gameAct(gameId, tagged({ type: 'roll' }));
export const raceUndo = (gameId: GameId): Promise<RaceScreen> => gameUndo(gameId);
export const raceRedo = (gameId: GameId): Promise<RaceScreen> => gameRedo(gameId);
