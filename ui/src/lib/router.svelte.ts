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
  | { name: 'history'; campaignId: string };

/** The campaign whose diary was open last, kept across runs. */
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
const last = lastPlayed();
let current = $state<Route>(last === null ? { name: 'library' } : { name: 'diary', campaignId: last, resumed: true });

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
};
