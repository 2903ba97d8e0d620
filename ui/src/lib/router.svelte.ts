/**
 * A state-based router: the current screen is plain reactive state, no URL.
 * Screens: the Library (all campaigns), and one campaign's Diary, assassin
 * boards, and pack-up / set-up sheets.
 */
export type SheetKind = 'pack_up' | 'set_up';
export type Route =
  | { name: 'library' }
  | { name: 'diary'; campaignId: string; campaignName?: string }
  | { name: 'board'; campaignId: string }
  | { name: 'hq'; campaignId: string }
  | { name: 'sheet'; campaignId: string; kind: SheetKind }
  | { name: 'history'; campaignId: string };

let current = $state<Route>({ name: 'library' });

/** The campaign whose diary was open last, kept across runs. */
const LAST_KEY = 'bagless.lastCampaign';
let resumed = false;

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
  /** Once per run, at start: the campaign played last, if any. */
  resume(): string | null {
    if (resumed) return null;
    resumed = true;
    try {
      return localStorage.getItem(LAST_KEY);
    } catch {
      return null;
    }
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
