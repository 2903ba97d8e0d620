/**
 * Brotherhood of Venice's commands, on the one command set every game
 * takes (`$lib/ipc`'s `game_*`): each answer shows the part of the
 * campaign's screen asked for (its diary, boards or HQ). Its history, its
 * file and its bin are every game's.
 */
import {
  arrivedGame,
  gameAct,
  gameOpen,
  gameRedo,
  gameRename,
  gameUndo,
  IpcError,
  type AttemptInput,
  type BoardView,
  type BovPart,
  type BovView,
  type CampaignId,
  type Command,
  type DestinationsView,
  type DiaryView,
  type GameScreen,
  type HqView,
  type MemoryId,
  type OverrideInput,
  type Screen,
} from '$lib/ipc';
import type { GameCommand } from '$games/registry';

/** The kind the library records for a campaign. */
export const KIND = 'bov';

const tagged = (command: Command) => ({ game: KIND, command }) satisfies GameCommand;

/** What each part of a campaign's screen shows. */
interface Shown {
  diary: DiaryView;
  board: BoardView;
  hq: HqView;
  destinations: DestinationsView;
}
/** What part `P` of a campaign's screen shows. */
type ShownIn<P extends BovPart['part']> = Shown[P];

/** The part of a campaign's screen an answer shows. */
function shown<P extends BovPart['part']>(part: P, screen: GameScreen<BovView>): ShownIn<P> {
  if (screen.view.part !== part) throw new IpcError('unknown', `The campaign answered with its ${screen.view.part}, not its ${part}.`);
  return screen.view.shown as ShownIn<P>;
}

/** A part of a campaign's screen that a screen draws (a card's destinations are asked apart). */
type ScreenName = Exclude<BovPart['part'], 'destinations'>;

const partOf = (part: ScreenName): BovPart => ({ part });

/** A campaign command, answered with `part` of its screen. */
const bovAct = async <P extends ScreenName>(campaignId: CampaignId, command: Command, part: P): Promise<ShownIn<P>> =>
  shown(part, await gameAct<GameScreen<BovView>>(campaignId, tagged(command), partOf(part)));

export const openDiary = async (campaignId: CampaignId): Promise<DiaryView> =>
  shown('diary', await gameOpen<GameScreen<BovView>>(campaignId));

/**
 * A view asked for at start (see `$lib/ipc/first`): `view` when its answer
 * has arrived already, so the screen draws it in its first frame; `answer`
 * either way (a refusal comes there).
 */
export interface Resumed<V> {
  view: V | null;
  answer: Promise<V>;
}

/** The diary of the campaign played last, asked for at start. */
export function resumeDiary(campaignId: CampaignId): Resumed<DiaryView> {
  const screen = arrivedGame<GameScreen<BovView>>(campaignId);
  return {
    view: screen?.view.part === 'diary' ? screen.view.shown : null,
    answer: openDiary(campaignId),
  };
}

export const recordAttempt = (campaignId: CampaignId, input: AttemptInput): Promise<DiaryView> =>
  bovAct(campaignId, { type: 'record_attempt', ...input }, 'diary');

export const declineOptional = (campaignId: CampaignId, memoryId: MemoryId): Promise<DiaryView> =>
  bovAct(campaignId, { type: 'decline_optional', memory: memoryId }, 'diary');

export const setHqSticker = (campaignId: CampaignId, number: number, marked: boolean): Promise<DiaryView> =>
  bovAct(campaignId, { type: 'set_hq_sticker', number, marked }, 'diary');

export const overrideValue = (campaignId: CampaignId, input: OverrideInput): Promise<DiaryView> =>
  bovAct(campaignId, { type: 'override', ...input }, 'diary');

export const renameCampaign = async (campaignId: CampaignId, name: string): Promise<DiaryView> =>
  shown('diary', await gameRename<GameScreen<BovView>>(campaignId, name, partOf('diary')));

export const openBoard = async (campaignId: CampaignId): Promise<BoardView> =>
  shown('board', await gameOpen<GameScreen<BovView>>(campaignId, partOf('board')));

export const boardAct = (campaignId: CampaignId, command: Command): Promise<BoardView> => bovAct(campaignId, command, 'board');

/**
 * Where the card `card`, picked up on the boards, may be put now: for each
 * place the boards show, the refusal the move would meet there (`null`
 * where the rules take it), as the rules decide the move itself.
 */
export const openDestinations = async (campaignId: CampaignId, card: string): Promise<DestinationsView> =>
  shown('destinations', await gameOpen<GameScreen<BovView>>(campaignId, { part: 'destinations', card }));

export const openHq = async (campaignId: CampaignId): Promise<HqView> =>
  shown('hq', await gameOpen<GameScreen<BovView>>(campaignId, partOf('hq')));

export const hqAct = (campaignId: CampaignId, command: Command): Promise<HqView> => bovAct(campaignId, command, 'hq');

// Undo and redo from a campaign's screens (its history is every game's:
// `gameHistory`, `historyUndo`…).

/** What a screen shows, as undo and redo answer it. */
export type ViewOf<S extends Screen> = ShownIn<S>;

/** Takes back the last change, from any screen; answers with the view that screen shows. */
export const undo = async <S extends Screen>(campaignId: CampaignId, screen: S): Promise<ViewOf<S>> =>
  shown(screen, await gameUndo<GameScreen<BovView>>(campaignId, partOf(screen)));

/** Brings back the change undone last; answers with the view `screen` shows. */
export const redo = async <S extends Screen>(campaignId: CampaignId, screen: S): Promise<ViewOf<S>> =>
  shown(screen, await gameRedo<GameScreen<BovView>>(campaignId, partOf(screen)));
