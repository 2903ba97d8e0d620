/**
 * A state-based router: the current screen is plain reactive state, no URL.
 * Screens: the library, and each game's own (a campaign's diary, boards,
 * HQ and sheets; a RISK game and its sheet; every game's history…), which
 * the shelf (`$games/registry`) names: the router knows no game.
 */
import { LAST_PLAYED_KEY, lastPlayed, parseLastPlayed, type LastPlayed } from '$lib/ipc/first';

/** One of a game's screens. */
export interface GameRoute {
  name: 'game';
  /**
   * The game's kind; empty for a game remembered by an older window without
   * its kind (the shelf says which: a campaign's).
   */
  kind: string;
  /** Which of the game's screens (the shelf's name for it); empty for its first. */
  screen: string;
  gameId: string;
  /** What else the screen is drawn with (a sheet's kind, a campaign's name). */
  params: Readonly<Record<string, string>>;
  /** The window started here, in the game played last. */
  resumed?: boolean;
}

/**
 * The told-back screens every game shares (issue 57), routed as the library
 * is: the evening's summary (every game played since `since`, null: since
 * the window opened; `closing` when the window's close brought it), and
 * the year.
 */
export type ToldRoute = { name: 'evening'; since: string | null; closing: boolean } | { name: 'year' };

export type Route = { name: 'library' } | GameRoute | ToldRoute;

// At start, straight into the game played last, without waiting for the
// library's list (Escape or the header's button goes to the library). If
// that game cannot be opened, its screen sends the players to the library.
function resumeRoute(last: LastPlayed | null): Route {
  if (last === null) return { name: 'library' };
  return { name: 'game', kind: last.game, screen: '', gameId: last.id, params: {}, resumed: true };
}
let current = $state<Route>(resumeRoute(parseLastPlayed(lastPlayed())));
/** Where the told-back screens' "Back" returns: the screen they were opened from. */
let before: Route = { name: 'library' };

/** When this window opened: the evening's summary starts there unless the players choose. */
export const openedAt = new Date().toISOString();

function remember(last: string | null): void {
  try {
    if (last === null) localStorage.removeItem(LAST_PLAYED_KEY);
    else localStorage.setItem(LAST_PLAYED_KEY, last);
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
  /**
   * The screen `screen` of the game `gameId` (of kind `kind`); `played` when
   * it is the screen the game opens on, remembered as the game played last.
   */
  toScreen(
    kind: string,
    gameId: string,
    screen: string,
    params: Readonly<Record<string, string>> = {},
    played = false,
  ): void {
    if (played) remember(`${kind}:${gameId}`);
    router.go({ name: 'game', kind, screen, gameId, params });
  },
  /** The evening's summary: since `since` (null: since the window opened); `closing` when the close asked for it. */
  toEvening(since: string | null = null, closing = false): void {
    if (current.name !== 'evening' && current.name !== 'year') before = current;
    router.go({ name: 'evening', since, closing });
  },
  /** What a year of play adds up to, game by game. */
  toYear(): void {
    if (current.name !== 'evening' && current.name !== 'year') before = current;
    router.go({ name: 'year' });
  },
  /** Back from the evening or the year to the screen they were opened from. */
  back(): void {
    router.go(before);
  },
  /** The game played last could not be opened at start: the library instead. */
  resumeFailed(): void {
    remember(null);
    router.go({ name: 'library' });
  },
  /** Whether the window started on the game `gameId` and is still on it. */
  resumedOn(gameId: string): boolean {
    return current.name === 'game' && current.gameId === gameId && current.resumed === true;
  },
};
