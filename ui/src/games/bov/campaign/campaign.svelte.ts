/**
 * One campaign as a screen shows it: the store every box's screens keep
 * (`GameStore`: the answer, the last refusal or failure, the last notice,
 * the change on its way, undo, redo and the keyboard shortcuts), over the
 * part of the campaign's screen this one shows (its diary, boards, HQ,
 * history or sheets).
 *
 * A campaign's screens send their changes as the rules' commands (`act`,
 * through the one command set every game takes) or, for a flow of their
 * own, as work that answers the view after (`run`). Every call still goes
 * through `$lib/ipc`.
 */
import { GameStore } from '$lib/game-store.svelte';
import type { Command } from '$lib/ipc';

/** Where a screen's view comes from, and what its commands, undo and redo answer. */
export interface CampaignSource<V> {
  /** Opens the screen's view of the campaign. */
  open: (campaignId: string) => Promise<V>;
  /** One command of the players; the view after, in the same round trip. */
  act?: (campaignId: string, command: Command) => Promise<V>;
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

/** A screen's answer, as the store keeps every box's: its view. */
interface Shown<V> {
  view: V;
}

const shown = <V>(view: V): Shown<V> => ({ view });

/** What a door answers, as the store keeps it. */
function kept<V>(answer: ((id: string) => Promise<V>) | undefined) {
  return answer && ((id: string) => answer(id).then(shown));
}

export class CampaignStore<V> extends GameStore<Shown<V>, Command, never> {
  /**
   * @param campaignId the campaign, read at each call (a screen's prop)
   * @param source how the view is opened, and the commands, undo and redo when the screen has them
   */
  constructor(campaignId: () => string, source: CampaignSource<V>) {
    const act = source.act;
    super(
      campaignId,
      {
        open: (id) => source.open(id).then(shown),
        act: (id, command) =>
          act ? act(id, command).then(shown) : Promise.reject(new Error('This screen takes no command.')),
        undo: kept(source.undo),
        redo: kept(source.redo),
      },
      // A change may start another as part of it (an attempt recorded from
      // the diary's own flow): both are sent.
      { nested: true },
    );
  }

  get campaignId(): string {
    return this.gameId;
  }

  /** The view last answered; `null` until the first one arrives. */
  override get view(): V | null {
    return this.screen?.view ?? null;
  }

  /** The view a screen was handed by a form of its own (it made the change itself). */
  override set view(view: V | null) {
    this.screen = view === null ? null : shown(view);
  }

  /** Takes the view already asked for (`pending`: the first command, sent at start), or opens it. */
  resume(pending: Promise<V> | null): Promise<boolean> {
    return this.load(pending?.then(shown) ?? null);
  }

  /**
   * Runs one change of the screen's own flow: the last error and notice go,
   * `work` answers the view after (or nothing when the view stays). A
   * failure is kept in `error` (see `options.refused`); the answer says
   * whether the change was made.
   */
  run(work: () => Promise<V | void>, options: ActOptions = {}): Promise<boolean> {
    return this.change(
      async () => {
        const next = await work();
        return next === undefined ? this.screen : shown(next);
      },
      null,
      undefined,
      options.refused,
    );
  }

  /** A campaign's refusals are worded by the screen's error box. */
  protected worded(error: unknown): unknown {
    return error;
  }

  /** A campaign asks for no value of its box. */
  protected valueAsked(): never | null {
    return null;
  }

  protected valueCommand(): Command {
    throw new Error('A campaign asks for no value of its box.');
  }

  /** Each screen says what its undo and redo did. */
  protected stepped(): string | null {
    return null;
  }
}
