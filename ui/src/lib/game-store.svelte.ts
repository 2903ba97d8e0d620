/**
 * What the screens of every box played in Bagless (a Brotherhood of Venice
 * campaign's, RISK Assassin's Creed's, Assassin Nation's, a memory in
 * play's) keep of their game: the screen the
 * backend answered, the last refusal or failure (in the players' words),
 * the last notice, the change on its way (one at a time, see `Pending`),
 * and the value Bagless asks for before a refused command runs again;
 * loading, commands, undo, redo and the keyboard shortcuts. Each box gives
 * its door to the backend (`$lib/ipc`), how it words a refusal and how it
 * reads the value a refusal asks for.
 */
import { runShortcut, type ShortcutActions } from '$lib/keys';
import { Pending } from '$lib/pending.svelte';
import { shareUnchanged } from '$lib/share';

/** A box's commands through the IPC, for one game (a screen without undo has none). */
export interface GameDoor<S, C> {
  open: (gameId: string) => Promise<S>;
  act: (gameId: string, command: C) => Promise<S>;
  undo?: (gameId: string) => Promise<S>;
  redo?: (gameId: string) => Promise<S>;
}

/** What a screen shows of its answer: its `view`. */
export type ViewIn<S> = S extends { view: infer V } ? V : never;

/** How a box's screens send their changes. */
export interface StoreOptions {
  /**
   * A change may start while another is on its way, as part of it (a
   * campaign's diary records an attempt from inside a change); without it,
   * a second change is not sent (a double click places one assassin).
   */
  nested?: boolean;
}

/** A command that gives Bagless a value the box holds. */
export interface ValueCommand<K, V> {
  type: 'set_box_value';
  key: K;
  value: V;
}

export abstract class GameStore<S, C extends { type: string }, A> {
  /** The screen last answered; `null` until the first one arrives. */
  // Raw: each answer replaces the screen whole; its unchanged parts keep the
  // objects drawn (shareUnchanged), so only what changed is redrawn.
  screen = $state.raw<S | null>(null);
  /** The last failure or refusal (in the players' words), shown in an error box. */
  error = $state<unknown>(null);
  /** What the last change did, in the players' words. */
  notice = $state<string | null>(null);
  /** The value Bagless asks for before the refused command runs again. */
  asked = $state<A | null>(null);
  /** The command refused for that value, run again once it is given. */
  retry = $state<C | null>(null);
  /** The command the last change made (a form resets once its own is made). */
  lastDone = $state<C | null>(null);
  /** Counts the changes made, so forms can tell a new answer from the last. */
  changes = $state(0);

  readonly #gameId: () => string;
  readonly #door: GameDoor<S, C>;
  readonly #pending = new Pending();
  readonly #nested: boolean;

  /**
   * @param gameId the game, read at each call (the screen's prop)
   * @param door its commands through the IPC
   */
  constructor(gameId: () => string, door: GameDoor<S, C>, options: StoreOptions = {}) {
    this.#gameId = gameId;
    this.#door = door;
    this.#nested = options.nested ?? false;
  }

  /** A failure with its refusals in the players' words. */
  protected abstract worded(error: unknown): unknown;
  /** The value a `value_needed` refusal asks for, if that is why a command was refused. */
  protected abstract valueAsked(error: unknown): A | null;
  /** The command that gives the value of `key`. */
  protected abstract valueCommand(key: string, value: unknown): C;
  /** The notices of an undo and a redo (none: the screen says its own). */
  protected abstract stepped(done: 'undone' | 'redone'): string | null;

  get gameId(): string {
    return this.#gameId();
  }

  get view(): ViewIn<S> | null {
    return ((this.screen as { view?: ViewIn<S> } | null)?.view ?? null) as ViewIn<S> | null;
  }

  /** A change on its way (no second one is sent meanwhile). */
  get busy(): boolean {
    return this.#pending.busy;
  }

  /** A change on its way for longer than a moment: the buttons grey out. */
  get slow(): boolean {
    return this.#pending.slow;
  }

  /**
   * Opens the game, or takes the answer already asked for (`pending`: the
   * first command, sent at start); a failure is kept in `error`. True when
   * it came.
   */
  async load(pending: Promise<S> | null = null): Promise<boolean> {
    try {
      this.screen = shareUnchanged(this.screen, await (pending ?? this.#door.open(this.gameId)));
      return true;
    } catch (e) {
      this.error = this.worded(e);
      return false;
    }
  }

  /**
   * Runs one change, unless one is on its way (then nothing is sent): the
   * last error and notice go, `work` answers the screen after. A refusal
   * asking for a value opens the question (and `command`, when given, runs
   * again once it is answered); any other failure is kept in `error`, as
   * `refused` words it when given (`null`: nothing shown). True when the
   * change was made.
   */
  protected async change(
    work: () => Promise<S | null>,
    command: C | null,
    notice?: () => string | null,
    refused?: (error: unknown) => unknown,
  ): Promise<boolean> {
    const made = await this.#pending.run(async () => {
      this.error = null;
      this.notice = null;
      try {
        this.screen = shareUnchanged(this.screen, await work());
        if (command?.type !== 'set_box_value') {
          // Another change made: the question left open is dropped.
          this.asked = null;
          this.retry = null;
        }
        this.lastDone = command;
        this.changes += 1;
        // Cleared when the change began; a change of the screen's own flow
        // running meanwhile may have said something since: kept.
        if (notice) this.notice = notice();
        return true;
      } catch (e) {
        const asked = command ? this.valueAsked(e) : null;
        if (asked) {
          this.asked = asked;
          this.retry = command;
        } else {
          this.error = refused ? refused(e) : this.worded(e);
        }
        return false;
      }
    }, this.#nested);
    return made === true;
  }

  /** One command of the players. */
  act(command: C, notice?: () => string | null): Promise<boolean> {
    const id = this.gameId;
    return this.change(() => this.#door.act(id, command), command, notice);
  }

  /**
   * The values asked for, given (`[key, value]`, in order), then the command
   * refused for them run again (it may ask for the next one). A refusal of
   * a value keeps the question open.
   */
  async answer(values: [string, unknown][]): Promise<boolean> {
    const asked = this.asked;
    const again = this.retry;
    for (const [key, value] of values) {
      if (!(await this.act(this.valueCommand(key, value)))) {
        this.asked ??= asked;
        this.retry ??= again;
        return false;
      }
    }
    this.asked = null;
    this.retry = null;
    return again ? this.act(again) : true;
  }

  /** Leaves the question unanswered: the refused command is dropped. */
  dismiss(): void {
    this.asked = null;
    this.retry = null;
  }

  undo(): Promise<boolean> {
    return this.#step(this.#door.undo, 'undone');
  }

  redo(): Promise<boolean> {
    return this.#step(this.#door.redo, 'redone');
  }

  #step(work: ((gameId: string) => Promise<S>) | undefined, done: 'undone' | 'redone'): Promise<boolean> {
    if (this.busy || !work) return Promise.resolve(false);
    const id = this.gameId;
    this.dismiss();
    return this.change(() => work(id), null, () => this.stepped(done));
  }

  /** The keyboard shortcut `event` asks for, run when the screen offers it (see keys.ts). */
  shortcut(event: KeyboardEvent, actions: ShortcutActions): boolean {
    return runShortcut(event, actions);
  }
}
