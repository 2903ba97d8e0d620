/**
 * A screen's store over one view of a game (a campaign's diary, boards or
 * HQ, a game's history): the store every box's screens keep (`GameStore`:
 * the answer, the last refusal or failure, the last notice, the change on
 * its way, undo, redo and the keyboard shortcuts), where the answer is the
 * view itself.
 *
 * The screen sends its changes as the rules' commands (`act`) or, for a
 * flow of its own, as work that answers the view after (`run`). Every call
 * still goes through `$lib/ipc`.
 */
import { GameStore } from '$lib/game-store.svelte';

/** Where a screen's view comes from, and what its commands, undo and redo answer. */
export interface ViewSource<V, C> {
  /** Opens the screen's view of the game. */
  open: (gameId: string) => Promise<V>;
  /** One command of the players; the view after, in the same round trip. */
  act?: (gameId: string, command: C) => Promise<V>;
  /** Undoes the last change; the view after, in the same round trip (a screen without it has no undo). */
  undo?: (gameId: string) => Promise<V>;
  /** Redoes the change undone last; the view after. */
  redo?: (gameId: string) => Promise<V>;
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

export class ViewStore<V, C extends { type: string } = never> extends GameStore<Shown<V>, C, never> {
  /**
   * @param gameId the game, read at each call (a screen's prop)
   * @param source how the view is opened, and the commands, undo and redo when the screen has them
   */
  constructor(gameId: () => string, source: ViewSource<V, C>) {
    const act = source.act;
    super(
      gameId,
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

  /** Refusals are worded by the screen's error box. */
  protected worded(error: unknown): unknown {
    return error;
  }

  /** A view's screen asks for no value of the box. */
  protected valueAsked(): never | null {
    return null;
  }

  protected valueCommand(): C {
    throw new Error('This screen asks for no value of the box.');
  }

  /** Each screen says what its undo and redo did. */
  protected stepped(): string | null {
    return null;
  }
}
