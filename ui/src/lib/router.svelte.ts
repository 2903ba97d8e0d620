/**
 * A state-based router: the current screen is plain reactive state, no URL.
 * Screens: the Library (all campaigns), and one campaign's Diary, assassin
 * boards, and pack-up / set-up sheets.
 */
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

/** The boxes whose games open on their own screen (not a diary), and a memory in play. */
export type OtherGame = 'risk' | 'nation' | 'memory';

/**
 * The campaign whose diary was open last, kept across runs, or the game
 * played last as `<game>:<id>` ("risk:c0123…").
 */
const LAST_KEY = 'bagless.lastCampaign';

function lastPlayed(): string | null {
  try {
    return localStorage.getItem(LAST_KEY);
  } catch {
    return null;
  }
}

// At start, straight into the campaign played last, without waiting for the
// library's list (Escape or the header's button goes to the library). If
// that diary cannot be opened, the diary sends the players to the library.
function resumeRoute(last: string | null): Route {
  if (last === null) return { name: 'library' };
  const [game, id] = last.split(':', 2);
  if (id !== undefined && (game === 'risk' || game === 'nation' || game === 'memory')) return { name: game, gameId: id, resumed: true };
  return { name: 'diary', campaignId: last, resumed: true };
}
let current = $state<Route>(resumeRoute(lastPlayed()));

function remember(campaignId: string | null): void {
  try {
    if (campaignId === null) localStorage.removeItem(LAST_KEY);
    else localStorage.setItem(LAST_KEY, campaignId);
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
  /** The timeline of a game of another box. */
  toGameHistory(game: OtherGame, gameId: string): void {
    router.go({ name: 'game_history', game, gameId });
  },
  toRiskSheet(gameId: string): void {
    router.go({ name: 'risk_sheet', gameId });
  },
};
