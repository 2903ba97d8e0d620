/**
 * One import through the window, from its file to what it did: the same
 * road whether the file was chosen, its path typed, or the file dropped
 * onto the window. The library answers with what the import did
 * (`Imported`): a game added, brought up to date, already here, more
 * recent here; or, when the file and the library went different ways, both
 * ways, and nothing is written until the players choose which stays the
 * game (the other is kept beside it as a copy) or cancel.
 */
import { importCampaign, type ForkChoice, type Imported } from '$lib/ipc';

/** Where an import's game comes from: a file, or another Bagless. */
export type ImportSource = 'file' | 'handover';

export class ImportFlow {
  /** What the last import did, shown until the next one (or closed). */
  result = $state<Imported | null>(null);
  /** Both ways a game went: the players' choice awaited. */
  fork = $state<Imported | null>(null);
  /** The players cancelled their choice: nothing was written. */
  cancelled = $state<Imported | null>(null);
  /** An import, or a choice, is on its way. */
  busy = $state(false);
  /** Why the import was refused (shown where it was asked for). */
  error = $state<unknown>(null);
  /** Why the choice was refused (shown in the choice). */
  choiceError = $state<unknown>(null);

  /** There is something to show: what an import did, or both ways. */
  get answered(): boolean {
    return this.result !== null || this.fork !== null || this.cancelled !== null;
  }

  /** Settles the wait for the choice (`settled`). */
  #settle: (() => void) | null = null;

  /**
   * @param done What follows an import that ended (not one waiting for
   *   the players' choice): the library listed again, a game opened.
   * @param again The import again with the players' choice: the file's
   *   path imported again by default (a game handed over without a file
   *   is chosen for through its own command).
   * @param from Where the game comes from, for the words that name it: a
   *   file, or another Bagless that handed it over.
   */
  constructor(
    private readonly done: (imported: Imported) => void | Promise<void> = () => {},
    private readonly again: (waiting: Imported, choice: ForkChoice) => Promise<Imported> = (waiting, choice) =>
      importCampaign(waiting.path, choice),
    readonly from: ImportSource = 'file',
  ) {}

  /**
   * Runs an import: `work` answers with what it did, or `null` (a chooser
   * cancelled). Answers with what it did; when both went different ways
   * the choice is then awaited (`fork`, `settled`).
   */
  async run(work: () => Promise<Imported | null>): Promise<Imported | null> {
    if (this.busy || this.fork) return null;
    this.busy = true;
    this.error = null;
    this.result = null;
    this.cancelled = null;
    try {
      const imported = await work();
      if (imported === null) return null;
      if (imported.how === 'went_different_ways') {
        this.choiceError = null;
        this.fork = imported;
      } else {
        await this.#ended(imported);
      }
      return imported;
    } catch (e) {
      this.error = e;
      return null;
    } finally {
      this.busy = false;
    }
  }

  /** Settles once no choice is awaited: at once when none is. */
  settled(): Promise<void> {
    if (!this.fork) return Promise.resolve();
    return new Promise((resolve) => {
      const before = this.#settle;
      this.#settle = () => {
        before?.();
        resolve();
      };
    });
  }

  /** The players' choice: the import made again with it. */
  async choose(choice: ForkChoice): Promise<void> {
    const waiting = this.fork;
    if (!waiting || this.busy) return;
    this.busy = true;
    this.choiceError = null;
    try {
      const imported = await this.again(waiting, choice);
      this.fork = null;
      await this.#ended(imported);
      this.#settled();
    } catch (e) {
      this.choiceError = e;
    } finally {
      this.busy = false;
    }
  }

  /** The players chose neither: nothing was written. */
  cancel(): void {
    if (!this.fork || this.busy) return;
    this.cancelled = this.fork;
    this.fork = null;
    this.#settled();
  }

  /** What was said is put away. */
  close(): void {
    this.result = null;
    this.cancelled = null;
  }

  /** What an import that ended did: shown, then followed (an error of what follows is the import's). */
  async #ended(imported: Imported): Promise<void> {
    this.result = imported;
    try {
      await this.done(imported);
    } catch (e) {
      this.error = e;
    }
  }

  #settled(): void {
    const settle = this.#settle;
    this.#settle = null;
    settle?.();
  }
}
