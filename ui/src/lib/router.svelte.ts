/**
 * A state-based router: the current screen is plain reactive state, no URL.
 * Screens: the Library (all campaigns), and one campaign's Diary, assassin
 * boards, and pack-up / set-up sheets.
 */
import { LAST_PLAYED_KEY, lastPlayed, parseLastPlayed, type LastPlayed, type OtherGame } from '$lib/ipc/first';

export type SheetKind = 'pack_up' | 'set_up';
export type Route =
  | { name: 'library' }
  | { name: 'diary'; campaignId: string; campaignName?: string; resumed?: boolean }
  | { name: 'board'; campaignId: string }
  | { name: 'hq'; campaignId: string }
  | { name: 'sheet'; campaignId: string; kind: SheetKind }
  | { name: 'history'; campaignId: string }
  | { name: 'risk'; gameId: string; resumed?: boolean }
  | { name: 'risk_sheet'; gameId: string }
  | { name: 'nation'; gameId: string; resumed?: boolean }
  | { name: 'memory'; gameId: string; resumed?: boolean }
  | { name: 'game_history'; game: OtherGame; gameId: string };

export type { OtherGame };

// At start, straight into the campaign played last, without waiting for the
// library's list (Escape or the header's button goes to the library). If
// that diary cannot be opened, the diary sends the players to the library.
function resumeRoute(last: LastPlayed | null): Route {
  if (last === null) return { name: 'library' };
  if (last.game === 'bov') return { name: 'diary', campaignId: last.id, resumed: true };
  return { name: last.game, gameId: last.id, resumed: true };
}
let current = $state<Route>(resumeRoute(parseLastPlayed(lastPlayed())));

function remember(campaignId: string | null): void {
  try {
    if (campaignId === null) localStorage.removeItem(LAST_PLAYED_KEY);
    else localStorage.setItem(LAST_PLAYED_KEY, campaignId);
  } catch {
    // No storage (a private window): the app starts on the library.
  }
}

export const router = {
  get route(): Route {
    return current;
  },
  go(next: Route): void {
    current = next;
  },
  toLibrary(): void {
    router.go({ name: 'library' });
  },
  toDiary(campaignId: string, campaignName?: string): void {
    remember(campaignId);
    router.go({ name: 'diary', campaignId, campaignName });
  },
  /** The campaign played last could not be opened at start: the library instead. */
  resumeFailed(): void {
    remember(null);
    router.go({ name: 'library' });
  },
  toBoard(campaignId: string): void {
    router.go({ name: 'board', campaignId });
  },
  toHq(campaignId: string): void {
    router.go({ name: 'hq', campaignId });
  },
  toSheet(campaignId: string, kind: SheetKind): void {
    router.go({ name: 'sheet', campaignId, kind });
  },
  toHistory(campaignId: string): void {
    router.go({ name: 'history', campaignId });
  },
  /** A game of RISK Assassin's Creed or Assassin Nation, remembered as played last. */
  toGame(game: OtherGame, gameId: string): void {
    remember(`${game}:${gameId}`);
    router.go({ name: game, gameId });
  },
  /** A Brotherhood of Venice memory in play, remembered as played last. */
  toMemory(gameId: string): void {
    router.toGame('memory', gameId);
  },
  /** The history of a game of another box (a campaign's is `toHistory`; the same screen). */
  toGameHistory(game: OtherGame, gameId: string): void {
    router.go({ name: 'game_history', game, gameId });
  },
  toRiskSheet(gameId: string): void {
    router.go({ name: 'risk_sheet', gameId });
  },
};
