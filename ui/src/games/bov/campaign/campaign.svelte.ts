/**
 * One campaign as a screen shows it: the store every box's screens keep
 * (`ViewStore`, over `GameStore`: the answer, the last refusal or failure,
 * the last notice, the change on its way, undo, redo and the keyboard
 * shortcuts), over the part of the campaign's screen this one shows (its
 * diary, boards, HQ or sheets), its commands the campaign's.
 *
 * A campaign's screens send their changes as the rules' commands (`act`,
 * through the one command set every game takes) or, for a flow of their
 * own, as work that answers the view after (`run`). Every call still goes
 * through `$lib/ipc`.
 */
import { ViewStore } from '$lib/view-store.svelte';
import type { Command } from '$lib/ipc';

export class CampaignStore<V> extends ViewStore<V, Command> {
  get campaignId(): string {
    return this.gameId;
  }
}
