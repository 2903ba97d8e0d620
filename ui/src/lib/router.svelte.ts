/**
 * A state-based router: the current screen is plain reactive state, no URL.
 * Screens: the Library (all campaigns) and one campaign's Diary.
 */
export type Route = { name: 'library' } | { name: 'diary'; campaignId: string; campaignName?: string };

let current = $state<Route>({ name: 'library' });

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
    router.go({ name: 'diary', campaignId, campaignName });
  },
};
