/**
 * The only module that talks to the Rust backend.
 *
 * One async function per Tauri command. Command names are snake_case; the
 * argument object uses camelCase keys (Tauri converts them). A failed command
 * rejects with an `IpcError` whose `message` is already in players' words.
 */
import { invoke, isTauri } from '@tauri-apps/api/core';
import { listen, TauriEvent } from '@tauri-apps/api/event';
import { arrivedAnswer, openArgs, takeSent } from './first';
import { progressChannel } from './progress';

import type { AppError } from './types/AppError';
import type { AttemptInput } from './types/AttemptInput';
import type { CampaignSummary } from './types/CampaignSummary';
import type { ForkChoice } from './types/ForkChoice';
import type { Imported } from './types/Imported';
export type { Fork } from './types/Fork';
export type { ForkChoice } from './types/ForkChoice';
export type { ImportHow } from './types/ImportHow';
export type { Imported } from './types/Imported';
import type { DiaryView } from './types/DiaryView';
import type { ExportFileInfo } from './types/ExportFileInfo';
import type { ExportResult } from './types/ExportResult';
import type { LibraryInfo } from './types/LibraryInfo';
import type { LibraryView } from './types/LibraryView';
import type { NewCampaign } from './types/NewCampaign';
import type { PackSummary } from './types/PackSummary';
import type { Violation } from './types/Violation';
import type { Refusal } from './types/Refusal';
import type { RuleCode } from './types/RuleCode';
import type { Section } from './types/Section';
import type { OpenTable } from './types/OpenTable';
export type { OpenTable } from './types/OpenTable';
import type { Network } from './types/Network';
export type { Network } from './types/Network';
export type { SeatPass } from './types/SeatPass';
import type { MemoryRow } from './types/MemoryRow';
import type { SequenceRow } from './types/SequenceRow';
import type { TrackView } from './types/TrackView';
import type { NextMemory } from './types/NextMemory';
import type { Outcome } from './types/Outcome';
import type { Difficulty } from './types/Difficulty';
import type { XpGained } from './types/XpGained';
import type { Attempt } from './types/Attempt';
import type { HqStickerView } from './types/HqStickerView';
import type { BoardView } from './types/BoardView';
import type { Destination } from './types/Destination';
import type { DestinationsView } from './types/DestinationsView';
import type { AssassinView } from './types/AssassinView';
import type { AssassinStatus } from './types/AssassinStatus';
import type { CardDef } from './types/CardDef';
import type { CardKind } from './types/CardKind';
import type { ChestEnd } from './types/ChestEnd';
import type { Command } from './types/Command';
import type { EquipSlot } from './types/EquipSlot';
import type { PendingSkill } from './types/PendingSkill';
import type { Pile } from './types/Pile';
import type { Place } from './types/Place';
import type { SkillView } from './types/SkillView';
import type { PackAssassin } from './types/PackAssassin';
import type { HqView } from './types/HqView';
import type { MiniatureView } from './types/MiniatureView';
import type { Spot } from './types/Spot';
import type { AllyKind } from './types/AllyKind';
import type { ResolutionInput } from './types/ResolutionInput';
import type { HistoryEntry } from './types/HistoryEntry';
import type { HistoryLine } from './types/HistoryLine';
import type { PlaceRef } from './types/PlaceRef';
import type { StepStatus } from './types/StepStatus';
import type { BackupInfo } from './types/BackupInfo';
import type { BackupPreview } from './types/BackupPreview';
import type { BackupCampaign } from './types/BackupCampaign';
import type { HistoryProblem } from './types/HistoryProblem';
import type { RestoreResult } from './types/RestoreResult';
import type { Progress } from './types/Progress';
import type { ProgressStep } from './types/ProgressStep';
import type { OverrideInput } from './types/OverrideInput';
import type { OverrideTarget } from './types/OverrideTarget';
import type { HqDue } from './types/HqDue';
import type { Screen } from './types/Screen';
import type { ScreenView } from './types/ScreenView';
import type { BovPart } from './types/BovPart';
import type { BovView } from './types/BovView';

/** A refused Brotherhood of Venice command (`bagless_game::Refusal`). */
export type RuleViolation = Extract<Violation, Refusal<RuleCode, Section>>;
export type { Violation };

export type {
  BovPart,
  BovView,
  HqDue,
  Screen,
  ScreenView,
  AppError,
  AttemptInput,
  CampaignSummary,
  DiaryView,
  ExportFileInfo,
  ExportResult,
  LibraryInfo,
  LibraryView,
  NewCampaign,
  PackSummary,
  MemoryRow,
  SequenceRow,
  TrackView,
  NextMemory,
  Outcome,
  Difficulty,
  XpGained,
  Attempt,
  HqStickerView,
  BoardView,
  Destination,
  DestinationsView,
  AssassinView,
  AssassinStatus,
  CardDef,
  CardKind,
  ChestEnd,
  Command,
  EquipSlot,
  PendingSkill,
  Pile,
  Place,
  SkillView,
  PackAssassin,
  HqView,
  MiniatureView,
  Spot,
  AllyKind,
  ResolutionInput,
  HistoryEntry,
  HistoryLine,
  PlaceRef,
  StepStatus,
  BackupInfo,
  BackupPreview,
  BackupCampaign,
  HistoryProblem,
  RestoreResult,
  Progress,
  ProgressStep,
  OverrideInput,
  OverrideTarget,
};

/** The steps of the headquarters. */
export type HqCommand = Extract<
  Command,
  { type: 'unlock_hq' | 'set_hq_value' | 'assign_miniature' | 'confirm_assignment' | 'resolve_hq' }
>;

/** The commands that change the assassins and their cards. */
export type BoardCommand = Exclude<
  Command,
  | { type: 'create' | 'rename' | 'record_attempt' | 'decline_optional' | 'set_hq_sticker' | 'override' }
  | HqCommand
>;

export type CampaignId = string;
export type MemoryId = string;

/** The error every backend command rejects with (`AppError` on the Rust side). */
export class IpcError extends Error {
  readonly code: string;
  readonly violations: Violation[];
  /** What the catalogue's message for `code` names (an entry, a date). */
  readonly params: Readonly<Record<string, string>>;
  constructor(
    code: string,
    message: string,
    violations: Violation[] = [],
    params: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'IpcError';
    this.code = code;
    this.violations = violations;
    this.params = params;
  }
}

/** True inside the Tauri window, false in a plain browser (vite dev, tests). */
export function inApp(): boolean {
  return isTauri();
}

/** An error's params, keeping only names with string values. */
function stringParams(raw: unknown): Record<string, string> {
  if (raw === null || typeof raw !== 'object') return {};
  return Object.fromEntries(
    Object.entries(raw as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

function toIpcError(raw: unknown): IpcError {
  if (raw instanceof IpcError) return raw;
  if (raw !== null && typeof raw === 'object' && 'message' in raw) {
    const r = raw as Partial<Record<keyof AppError, unknown>>;
    return new IpcError(
      typeof r.code === 'string' ? r.code : 'unknown',
      typeof r.message === 'string' ? r.message : String(r.message),
      Array.isArray(r.violations) ? (r.violations as Violation[]) : [],
      stringParams(r.params),
    );
  }
  return new IpcError('unknown', typeof raw === 'string' ? raw : String(raw));
}

/** The last answer that was a game's whole first screen (`GameScreen`), and whose. */
let screenAnswered: { gameId: string; answer: unknown } | null = null;

/**
 * Notes `answer` when it is a game's first screen (asked with its id and no
 * part, answered with that id and a view): what the window keeps its screen
 * with ($lib/frame/keep).
 */
function noteScreen(args: Record<string, unknown> | undefined, answer: unknown): void {
  const gameId = args?.gameId;
  if (typeof gameId !== 'string' || args?.part !== undefined || answer === null || typeof answer !== 'object') return;
  if ((answer as { id?: unknown }).id === gameId && 'view' in answer) {
    screenAnswered = { gameId, answer };
    screenAnswers += 1;
  }
}

/** How many answers were a game's first screen, so far. */
let screenAnswers = 0;
export const screensAnswered = (): number => screenAnswers;

/** The last answer that was the first screen of the game `gameId`, or null. */
export function answeredScreen(gameId: string): unknown {
  return screenAnswered?.gameId === gameId ? screenAnswered.answer : null;
}

/**
 * A command sent as is: the generic ones below, and a game's own (RISK's sheet
 * and odds, a memory's start), from its folder's `ipc.ts`.
 */
export async function call<T>(command: string, args?: Record<string, unknown>): Promise<T> {
  if (!isTauri()) throw new IpcError('not_in_app', `"${command}" needs the Bagless application.`);
  try {
    // The first command of all may have been sent at start already (./first).
    const answer = await ((takeSent(command, args) as Promise<T> | null) ?? invoke<T>(command, args));
    // When the answer arrived (read, parsed), for the timings of what the
    // page does with it: the last of each command only.
    performance.clearMarks(`ipc:${command}`);
    performance.mark(`ipc:${command}`);
    noteScreen(args, answer);
    return answer;
  } catch (raw) {
    throw toIpcError(raw);
  }
}

export const listPacks = (): Promise<PackSummary[]> => call('list_packs');

export const listCampaigns = (): Promise<LibraryView> => call('list_campaigns');

// Brotherhood of Venice's campaigns, like every game, go through the one
// command set (`game_*`, below); its own wrappers, which ask for a part of
// a campaign's screen (its diary, boards or HQ), are in its folder's
// `ipc.ts`. The library, the bin, files and backups are every
// game's.

export const deleteCampaign = (campaignId: CampaignId): Promise<void> =>
  call('delete_campaign', { campaignId });

export const restoreCampaign = (campaignId: CampaignId): Promise<void> =>
  call('restore_campaign', { campaignId });

export const exportCampaign = (campaignId: CampaignId): Promise<ExportResult> =>
  call('export_campaign', { campaignId });

export const listExportFiles = (): Promise<ExportFileInfo[]> => call('list_export_files');

/**
 * Imports the export file at `path`: a game the library does not hold is
 * added; one it holds is compared by history (brought up to date, already
 * here, or, when both went different ways, shown both ways until the
 * players give `choice`: `Imported.how` says which).
 */
export const importCampaign = (path: string, choice: ForkChoice | null = null): Promise<Imported> =>
  call('import_campaign', { path, choice });

/** Opens the system's file chooser on the exports folder, filtered to
 * Bagless exports, and imports the file chosen; `null` if cancelled. The
 * path never passes through the page: Rust resolves and checks it (the
 * answer names it, to import it again with the players' choice). */
export const importChosen = (title: string, filter: string): Promise<Imported | null> =>
  call('import_chosen', { title, filter });

/** "Save as" with the campaign's name and date proposed; `null` if cancelled. */
export const exportChosen = (campaignId: CampaignId, title: string, filter: string): Promise<ExportResult | null> =>
  call('export_chosen', { campaignId, title, filter });

/**
 * The evening's picture (`png`, a PNG's bytes) saved through a "Save as"
 * proposing `bagless-evening-<date>.png` in the exports folder; where it was
 * written, or `null` if cancelled. Rust checks the bytes are a PNG and writes
 * them whole or not at all.
 */
export const savePicture = (png: Uint8Array, title: string, filter: string): Promise<ExportResult | null> =>
  call('save_picture', { bytes: Array.from(png), title, filter });

/**
 * Calls `handler` with the paths of files dropped onto the window. Only the
 * drop is listened to (one listener): the drag's entering, moving and
 * leaving are not sent to the page.
 */
export async function onFilesDropped(handler: (paths: string[]) => void): Promise<() => void> {
  if (!isTauri()) return () => {};
  return listen<{ paths: string[] }>(TauriEvent.DRAG_DROP, (event) => handler(event.payload.paths));
}

export const libraryInfo = (): Promise<LibraryInfo> => call('library_info');

/**
 * Calls `handler` when the check of every game's history, begun with the
 * library while the first screen is drawn, has ended (`LibraryInfo.checking`
 * was true): ask `libraryInfo` again for what it found.
 */
export async function onLibraryChecked(handler: () => void): Promise<() => void> {
  if (!isTauri()) return () => {};
  return listen('library-checked', () => handler());
}

/**
 * Calls `handler` with the game's id each time a seat's action from a
 * phone (issue 32) was written: the screen showing that game opens it again.
 */
export async function onSeatActed(handler: (gameId: string) => void): Promise<() => void> {
  if (!isTauri()) return () => {};
  return listen<string>('seat-acted', (event) => handler(event.payload));
}

// Backups: the copies in the backups folder, named by file name only.

export const listBackups = (): Promise<BackupInfo[]> => call('list_backups');

/**
 * A long command that tells its progress to `onProgress` on a channel
 * (none outside the application, or when nobody listens). Its answer comes
 * after every word the channel carried (./progress); a word that comes
 * later still (after a refusal, or past the wait's bound) is dropped, so
 * that it never shows in the next command's progress.
 */
async function callHearing<T>(
  command: string,
  args: Record<string, unknown>,
  onProgress?: (progress: Progress) => void,
): Promise<T> {
  if (!onProgress || !isTauri()) return call<T>(command, args);
  let live = true;
  const { channel, allHeard } = progressChannel((progress) => {
    if (live) onProgress(progress);
  });
  try {
    const answer = await call<T>(command, { ...args, onProgress: channel });
    await allHeard();
    return answer;
  } finally {
    live = false;
  }
}

/** What a backup holds, once copied beside the library and checked; `onProgress` hears how far that has come. */
export const previewBackup = (fileName: string, onProgress?: (progress: Progress) => void): Promise<BackupPreview> =>
  callHearing('preview_backup', { fileName }, onProgress);

/**
 * Puts a backup in the library's place; `onProgress` hears how far that has
 * come. A backup with a game whose history is not what the rules give
 * (`BackupPreview.problems`) is refused, unless `leaveOut`: then the others
 * are restored and `RestoreResult.left_out` names those left out.
 */
export const restoreBackup = (
  fileName: string,
  leaveOut: boolean,
  onProgress?: (progress: Progress) => void,
): Promise<RestoreResult> => callHearing('restore_backup', { fileName, leaveOut }, onProgress);

// Each game's screen gets its view in one round trip, after any command,
// undo or redo. The games' own types, as their rules crates export them
// (generated in ./types/<kind>), under the names the rest of the UI uses.

export type { GameScreen } from './types/GameScreen';
export type { GameHistory } from './types/GameHistory';
import type { GameHistory } from './types/GameHistory';
export type { RiskCommand, RiskView, RiskSheet, RiskScreen, RiskOdds, RiskSetupOffer } from './risk';
export type { NationCommand, NationView, NationScreen, NationSetupOffer } from './nation';
export type { MemoryCommand, MemoryView, MemoryScreen } from './memory';
export type GameId = string;

// Every game goes through one command set (`game_*`), which finds each
// game's kind in the library; a command is sent with the kind of game it is
// for, and each answer is that game's own screen, or the part of it asked
// for. Each game's wrappers, typed with its own commands and views, are its
// folder's (`$games/<kind>/ipc.ts`); the union of every game's commands is
// the shelf's (`GameCommand` in `$games/registry`).
/** A command with the kind of game it is for (`GameCommand` in Rust). */
export interface TaggedCommand {
  game: string;
  command: unknown;
}
/** A part of a game's screen (a campaign's diary, board or HQ; a history; a story). */
export type ScreenPart = { part: string } & Record<string, unknown>;
const withPart = (args: Record<string, unknown>, part?: ScreenPart) => (part === undefined ? args : { ...args, part });
/** What a box's new-game form offers, as its rules have it. */
export const gameSetup = <O>(game: string): Promise<O> => call('game_setup', { game });
/** A new game, set up by `setup` (the game's own creating command). */
export const gameCreate = (name: string, setup: TaggedCommand): Promise<CampaignSummary> =>
  call('game_create', { name, setup });
export const gameOpen = <S>(gameId: GameId, part?: ScreenPart): Promise<S> =>
  call('game_open', withPart(openArgs(gameId), part));
export const gameAct = <S>(gameId: GameId, command: TaggedCommand, part?: ScreenPart): Promise<S> =>
  call('game_act', withPart({ gameId, command }, part));
export const gameUndo = <S>(gameId: GameId, part?: ScreenPart): Promise<S> => call('game_undo', withPart({ gameId }, part));
/**
 * A game's screen, when it is the game played last and the answer to the
 * command sent at start (./first) has arrived already: its screen draws it
 * in the window's first frame, with no loading line before it, as the diary
 * does (`resumeDiary`). The answer stays for the screen's own `gameOpen`,
 * which takes it instead of asking again. Null otherwise.
 */
export function arrivedGame<S>(gameId: GameId): S | null {
  return (arrivedAnswer('game_open', { gameId })?.value as S | undefined) ?? null;
}
export const gameRedo = <S>(gameId: GameId, part?: ScreenPart): Promise<S> => call('game_redo', withPart({ gameId }, part));
export const gameRename = <S>(gameId: GameId, name: string, part?: ScreenPart): Promise<S> =>
  call('game_rename', withPart({ gameId, name }, part));
export const gameJumpBack = <S>(gameId: GameId, seq: number): Promise<S> => call('game_jump_back', { gameId, seq });
/** A game's history: its newest steps (50 unless `limit` says more) and how many older ones there are. */
export const gameHistory = (gameId: GameId, limit: number | null = null): Promise<GameHistory> =>
  call('game_history', { gameId, limit });

// A step taken from a game's history answers with the history (as far back
// as `limit`), in the same round trip: every game has that part.
const historyPart = (limit: number | null) => ({ part: 'history', limit });
/** Undo, answered with the history. */
export const historyUndo = (gameId: GameId, limit: number | null = null): Promise<GameHistory> =>
  call('game_undo', { gameId, part: historyPart(limit) });
/** Redo, answered with the history. */
export const historyRedo = (gameId: GameId, limit: number | null = null): Promise<GameHistory> =>
  call('game_redo', { gameId, part: historyPart(limit) });
/** Back to the step at `seq` (every later one undone, redoable), answered with the history. */
export const historyJumpBack = (gameId: GameId, seq: number, limit: number | null = null): Promise<GameHistory> =>
  call('game_jump_back', { gameId, seq, part: historyPart(limit) });

// A game told back (issue 57): its story and an evening are parts of its
// screen, like its history; the figures are its rules crate's.
export type { GameTold } from './types/GameTold';
export type { YearTold } from './types/YearTold';
import type { GameTold } from './types/GameTold';
import type { YearTold } from './types/YearTold';
/** A game's story, from its first entry. */
export const gameStory = (gameId: GameId): Promise<GameTold> => call('game_open', { gameId, part: { part: 'story' } });
/** What was played of a game since `since` (since Bagless was opened: null). */
export const gameEvening = (gameId: GameId, since: string | null = null): Promise<GameTold> =>
  call('game_open', { gameId, part: { part: 'evening', since } });
/** Every game played since `since` (since Bagless was opened: null), most recent first. */
export const libraryEvening = (since: string | null = null): Promise<GameTold[]> => call('library_evening', { since });
/** What a year of play adds up to, game by game. */
export const libraryYear = (): Promise<YearTold[]> => call('library_year');

/**
 * The players' phones (issue 32): the game's table opened to them (one
 * link and QR code per seat, each with its own secret token; a table open
 * before is closed), what is open now with the phones connected, and the
 * table closed (every link then opens nothing).
 */
export const tableOpen = (gameId: GameId, network: string | null = null): Promise<OpenTable> =>
  call('table_open', { gameId, network });
/** The networks the table may be opened on (an interface's name and address), the usual one first. */
export const tableNetworks = (): Promise<Network[]> => call('table_networks', {});
/** One seat let go by the phone holding it: the next other phone that opens its link claims it. */
export const tableFree = (seat: string): Promise<OpenTable> => call('table_free', { seat });
/** One seat given a new link (and QR code), the others untouched. */
export const tableRenew = (seat: string): Promise<OpenTable> => call('table_renew', { seat });
export const tableStatus = (): Promise<OpenTable | null> => call('table_status', {});
export const tableClose = (): Promise<void> => call('table_close', {});

// Handing a game over to another Bagless on the same network, without a
// file: the sender offers it behind a one-time code, the receiver types the
// sender's address and the code; what arrives is imported like a file.
export type { HandoverTicket } from './types/HandoverTicket';
export type { HandoverStatus } from './types/HandoverStatus';

/** Offers the game to another Bagless behind a new one-time code. */
export const handoverOffer = (gameId: CampaignId): Promise<import('./types/HandoverTicket').HandoverTicket> =>
  call('handover_offer', { gameId });

/** The offer made, and whether the other Bagless took it. */
export const handoverStatus = (): Promise<import('./types/HandoverStatus').HandoverStatus | null> =>
  call('handover_status');

/** Withdraws the offer: its code opens nothing any more. */
export const handoverWithdraw = (): Promise<void> => call('handover_withdraw');

/** Receives the game another Bagless offers at `address` behind `code`, and imports it. */
export const handoverReceive = (address: string, code: string): Promise<Imported> =>
  call('handover_receive', { address, code });

/** The players' choice for the game received, when it and the library went different ways. */
export const handoverChoose = (choice: ForkChoice): Promise<Imported> => call('handover_choose', { choice });
