/**
 * A memory in play as its screen shows it: the screen the backend
 * answered, the assassins' names (from the campaign's diary), the last
 * refusal or failure (its params in the players' words), the last notice,
 * whether a change is on its way, and the value Bagless asks for before a
 * refused command runs again; loading, commands, undo, redo and the
 * keyboard shortcuts. Every call goes through `$lib/ipc`.
 */
import { t } from '$lib/i18n/index.svelte';
import {
  IpcError,
  memoryAct,
  memoryOpen,
  memoryRedo,
  memoryUndo,
  openDiary,
  type MemoryCommand,
  type MemoryScreen,
  type MemoryView,
  type Violation,
} from '$lib/ipc';
import type { BoxValue } from '$lib/ipc/types/memory/BoxValue';
import type { Condition } from '$lib/ipc/types/memory/Condition';
import type { Step } from '$lib/ipc/types/memory/Step';
import { shortcut, type Shortcut } from '$lib/keys';
import { conditionLabel, CONDITIONS, describeKey, entranceLabel, parseKey, stepLabel, TRACK, type AskedValue } from './words';

/** The ids a refusal's `what` names. */
const ID_KINDS = new Set(['campaign', 'memory', 'assassin', 'weapon', 'enemy']);

/** A refusal's params in the players' words: assassins by name, steps, conditions, entrances and keys in words. */
export function wordParams(violation: Violation, names: Readonly<Record<string, string>>): Violation {
  if (violation.game !== 'memory') return violation;
  const name = (id: string) => names[id] ?? id;
  const params: Record<string, string> = {};
  for (const [param, value] of Object.entries(violation.params)) {
    if (param === 'assassin') params[param] = name(value);
    else if (param === 'assassins')
      params[param] = value
        .split(',')
        .map((v) => v.trim())
        .filter((v) => v !== '')
        .map(name)
        .join(t('memory.list_separator'));
    else if (param === 'step' && ([...TRACK, 'not_started', 'over'] as string[]).includes(value)) params[param] = stepLabel(value as Step);
    else if (param === 'condition' && (CONDITIONS as string[]).includes(value)) params[param] = conditionLabel(value as Condition);
    else if (param === 'entrance') params[param] = entranceLabel(value);
    else if (param === 'column' && (value === 'calm' || value === 'alert')) params[param] = t(`memory.column.${value}`);
    else if (param === 'key') params[param] = describeKey(value);
    else if (param === 'what' && ID_KINDS.has(value)) params[param] = t(`memory.ids.${value as 'memory'}`);
    else params[param] = value;
  }
  if (violation.code === 'value_needed' && violation.params.key) params.what = describeKey(violation.params.key);
  return { ...violation, params };
}

/** An error with its refusals in the players' words (other errors as they are). */
export function worded(error: unknown, names: Readonly<Record<string, string>>): unknown {
  if (!(error instanceof IpcError) || error.violations.length === 0) return error;
  return new IpcError(
    error.code,
    error.message,
    error.violations.map((v) => wordParams(v, names)),
  );
}

/** The value a `value_needed` refusal asks for, if that is why a command was refused. */
export function valueAsked(error: unknown): AskedValue | null {
  if (!(error instanceof IpcError)) return null;
  for (const v of error.violations) {
    if (v.code !== 'value_needed') continue;
    const asked = parseKey(v.params.key ?? '');
    if (asked) return asked;
  }
  return null;
}

export type ShortcutActions = Partial<Record<Shortcut, () => unknown>>;

export class MemoryGameStore {
  /** The screen last answered; `null` until the first one arrives. */
  // Raw: each answer replaces the screen whole (see the RISK game's).
  screen = $state.raw<MemoryScreen | null>(null);
  /** The assassins' names by id, from the campaign's diary (ids until it answers). */
  names = $state<Record<string, string>>({});
  /** The last failure or refusal (in the players' words), shown in an error box. */
  error = $state<unknown>(null);
  /** What the last change did, in the players' words. */
  notice = $state<string | null>(null);
  /** True while a change is on its way. */
  busy = $state(false);
  /** The value Bagless asks for before the refused command runs again. */
  asked = $state<AskedValue | null>(null);
  /** The command refused for that value, run again once it is given. */
  retry = $state<MemoryCommand | null>(null);
  /** The command the last change made (a form resets once its own is made). */
  lastDone = $state<MemoryCommand | null>(null);
  /** Counts the changes made, so forms can tell a new answer from the last. */
  changes = $state(0);

  readonly #gameId: () => string;
  #running = 0;

  /** @param gameId the memory's game, read at each call (the screen's prop) */
  constructor(gameId: () => string) {
    this.#gameId = gameId;
  }

  get gameId(): string {
    return this.#gameId();
  }

  get view(): MemoryView | null {
    return this.screen?.view ?? null;
  }

  /** An assassin's name (the id when the diary does not say). */
  name(id: string): string {
    return this.names[id] ?? id;
  }

  /** Opens the memory, then names its assassins; a failure is kept in `error`. True when it came. */
  async load(): Promise<boolean> {
    try {
      this.screen = await memoryOpen(this.gameId);
    } catch (e) {
      this.error = worded(e, this.names);
      return false;
    }
    const campaignId = this.screen.view.campaign_id;
    try {
      const diary = await openDiary(campaignId);
      this.names = Object.fromEntries(diary.assassins.map((a) => [a.id, a.name]));
    } catch {
      // The ids stand for the names.
    }
    return true;
  }

  /**
   * Runs one change: the last error and notice go, `work` answers the
   * screen after. A refusal asking for a value opens the question (and
   * `command`, when given, runs again once it is answered); any other
   * failure is kept in `error`. True when the change was made.
   */
  async #change(work: () => Promise<MemoryScreen>, command: MemoryCommand | null, notice?: () => string | null): Promise<boolean> {
    this.error = null;
    this.notice = null;
    this.#running += 1;
    this.busy = true;
    try {
      this.screen = await work();
      if (command?.type !== 'set_box_value') {
        // Another change made: the question left open is dropped.
        this.asked = null;
        this.retry = null;
      }
      this.lastDone = command;
      this.changes += 1;
      this.notice = notice?.() ?? null;
      return true;
    } catch (e) {
      const asked = command ? valueAsked(e) : null;
      if (asked) {
        this.asked = asked;
        this.retry = command;
      } else {
        this.error = worded(e, this.names);
      }
      return false;
    } finally {
      this.#running -= 1;
      this.busy = this.#running > 0;
    }
  }

  /** One command of the players. */
  act(command: MemoryCommand, notice?: () => string | null): Promise<boolean> {
    const id = this.gameId;
    return this.#change(() => memoryAct(id, command), command, notice);
  }

  /**
   * The values asked for, given (`[key, value]`, in order), then the command
   * refused for them run again (it may ask for the next one). A refusal of
   * a value keeps the question open.
   */
  async answer(values: [string, BoxValue][]): Promise<boolean> {
    const asked = this.asked;
    const again = this.retry;
    for (const [key, value] of values) {
      if (!(await this.act({ type: 'set_box_value', key, value }))) {
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
    const id = this.gameId;
    this.dismiss();
    return this.#change(() => memoryUndo(id), null, () => t('memory.screen.undone'));
  }

  redo(): Promise<boolean> {
    const id = this.gameId;
    this.dismiss();
    return this.#change(() => memoryRedo(id), null, () => t('memory.screen.redone'));
  }

  /**
   * The keyboard shortcut `event` asks for (see keys.ts), run when the
   * screen offers it: the key's own effect is then prevented. True when run.
   */
  shortcut(event: KeyboardEvent, actions: ShortcutActions): boolean {
    const action = shortcut(event);
    const run = action === null ? undefined : actions[action];
    if (run === undefined) return false;
    event.preventDefault();
    void run();
    return true;
  }
}
