/**
 * One campaign as a screen shows it: the view the backend answered, the
 * last refusal or failure, the last notice, whether a change is on its way;
 * loading, changing, undoing and redoing, and the keyboard shortcuts.
 *
 * Every screen of a campaign (diary, boards, HQ, history, sheets) holds one
 * store over its own view. The store only runs what the screen hands it:
 * each call still goes through `$lib/ipc`.
 */
import { runShortcut, type ShortcutActions } from '$lib/keys';
import { Pending } from '$lib/pending.svelte';

/** Where a screen's view comes from, and what undo and redo answer. */
export interface CampaignSource<V> {
  /** Opens the screen's view of the campaign. */
  open: (campaignId: string) => Promise<V>;
  /** Undoes the last change; the view after, in the same round trip (a screen without it has no undo). */
  undo?: (campaignId: string) => Promise<V>;
  /** Redoes the change undone last; the view after. */
  redo?: (campaignId: string) => Promise<V>;
}

export interface ActOptions {
  /**
   * What to show of a failure: by default the error itself. `null` shows
   * nothing (the screen asks for what is missing instead).
   */
  refused?: (error: unknown) => unknown;
}

/** What each shortcut does on a screen; one left out is not taken (the browser keeps the key). */

export class CampaignStore<V> {
  /** The view last answered; `null` until the first one arrives. */
  view = $state<V | null>(null);
  /** The last failure or refusal, shown in an error box; `null` for none. */
  error = $state<unknown>(null);
  /** What the last change did, in the players' words. */
  notice = $state<string | null>(null);

  readonly #campaignId: () => string;
  readonly #source: CampaignSource<V>;
  /** Changes on their way: a screen may start one before the last answered. */
  readonly #pending = new Pending();

  /**
   * @param campaignId the campaign, read at each call (a screen's prop)
   * @param source how the view is opened, and undo and redo when they differ
   */
  constructor(campaignId: () => string, source: CampaignSource<V>) {
    this.#campaignId = campaignId;
    this.#source = source;
  }

  get campaignId(): string {
    return this.#campaignId();
  }

  /** True while a change is on its way. */
  get busy(): boolean {
    return this.#pending.busy;
  }

  /** A change on its way for longer than a moment: only then do buttons grey out (see Pending). */
  get slow(): boolean {
    return this.#pending.slow;
  }

  /**
   * Opens the view, or takes the one already asked for (`pending`). A
   * failure is kept in `error`; the answer says whether the view came.
   */
  async load(pending: Promise<V> | null = null): Promise<boolean> {
    try {
      this.view = await (pending ?? this.#source.open(this.campaignId));
      return true;
    } catch (e) {
      this.error = e;
      return false;
    }
  }

  /**
   * Runs one change: the last error and notice go, `work` answers the view
   * after (or nothing when the view stays). A failure is kept in `error`
   * (see `options.refused`); the answer says whether the change was made.
   */
  async act(work: () => Promise<V | void>, options: ActOptions = {}): Promise<boolean> {
    this.error = null;
    this.notice = null;
    // Nested: a change may start before the last answered, and is sent.
    const done = await this.#pending.run(async () => {
      try {
        const next = await work();
        if (next !== undefined) this.view = next;
        return true;
      } catch (e) {
        this.error = options.refused ? options.refused(e) : e;
        return false;
      }
    }, true);
    return done === true;
  }

  /** Undoes the last change of the campaign, as a change. */
  undo(): Promise<boolean> {
    const id = this.campaignId;
    const undo = this.#source.undo;
    return undo ? this.act(() => undo(id)) : Promise.resolve(false);
  }

  /** Redoes the change undone last, as a change. */
  redo(): Promise<boolean> {
    const id = this.campaignId;
    const redo = this.#source.redo;
    return redo ? this.act(() => redo(id)) : Promise.resolve(false);
  }

  /**
   * The keyboard shortcut `event` asks for (see keys.ts), run when the
   * screen offers it: the key's own effect is then prevented. True when run.
   */
  shortcut(event: KeyboardEvent, actions: ShortcutActions): boolean {
    return runShortcut(event, actions);
  }
}
