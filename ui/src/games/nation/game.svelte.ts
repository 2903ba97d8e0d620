/**
 * One game of Assassin Nation as its screen shows it: the screen the
 * backend answered, the last refusal or failure (its seats already named),
 * the last notice, whether a change is on its way, and the value Bagless
 * asks for before a refused command runs again; loading, commands, undo,
 * redo, rename and the keyboard shortcuts. Every call goes through
 * `$lib/ipc`.
 */
import { t } from '$lib/i18n/index.svelte';
import {
  IpcError,
  nationAct,
  nationOpen,
  nationRedo,
  nationRename,
  nationUndo,
  type NationCommand,
  type NationScreen,
  type NationView,
  type Violation,
} from '$lib/ipc';
import type { BoxValue } from '$lib/ipc/types/nation/BoxValue';
import { shortcut, type Shortcut } from '$lib/keys';
import { describeKey, modifierLabel, money, parseKey, seatName, seatNames, weaponLabel, type AskedValue } from './words';

/** The params whose value is a seat. */
const SEAT_PARAMS = new Set(['player', 'next']);
/** The params that are dollars, by code. */
const MONEY_PARAMS: Readonly<Record<string, readonly string[]>> = {
  adjust_too_high: ['max'],
  bonus_invalid: ['max'],
  not_enough_cash: ['cash', 'cost'],
};

/**
 * A refusal's params in the players' words: seats as names, the phase,
 * weapons, modifiers and keys in words, dollars as money.
 */
export function wordParams(violation: Violation, names: readonly string[]): Violation {
  if (violation.game !== 'nation') return violation;
  const params: Record<string, string> = {};
  const dollars = MONEY_PARAMS[violation.code] ?? [];
  for (const [name, value] of Object.entries(violation.params)) {
    const n = Number(value);
    if (SEAT_PARAMS.has(name) && value !== '' && Number.isInteger(n)) params[name] = seatName(names, n);
    else if (name === 'players') params[name] = seatNames(names, value.split(',').filter((v) => v !== '').map(Number));
    else if (name === 'phase') params[name] = t(`nation.phase.${value as NationView['phase']}`);
    else if (name === 'weapon') params[name] = weaponLabel(value);
    else if (name === 'modifier') params[name] = modifierLabel(value);
    else if (name === 'key') params[name] = describeKey(value);
    else if (name === 'time' && Number.isInteger(n)) params[name] = String(n).padStart(4, '0');
    else if (dollars.includes(name) && Number.isInteger(n)) params[name] = money(n);
    else params[name] = value;
  }
  if (violation.code === 'value_needed' && violation.params.key) params.what = describeKey(violation.params.key);
  return { ...violation, params };
}

/** An error with its refusals in the players' words (other errors as they are). */
export function worded(error: unknown, names: readonly string[]): unknown {
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

export class NationGameStore {
  /** The screen last answered; `null` until the first one arrives. */
  // Raw: each answer replaces the screen whole (see the RISK game's).
  screen = $state.raw<NationScreen | null>(null);
  /** The last failure or refusal (seats named), shown in an error box. */
  error = $state<unknown>(null);
  /** What the last change did, in the players' words. */
  notice = $state<string | null>(null);
  /** True while a change is on its way. */
  busy = $state(false);
  /** The value Bagless asks for before the refused command runs again. */
  asked = $state<AskedValue | null>(null);
  /** The command refused for that value, run again once it is given. */
  retry = $state<NationCommand | null>(null);
  /** The command the last change made (a form resets once its own is made). */
  lastDone = $state<NationCommand | null>(null);
  /** Counts the changes made, so forms can tell a new answer from the last. */
  changes = $state(0);

  readonly #gameId: () => string;
  #running = 0;

  /** @param gameId the game, read at each call (the screen's prop) */
  constructor(gameId: () => string) {
    this.#gameId = gameId;
  }

  get gameId(): string {
    return this.#gameId();
  }

  get view(): NationView | null {
    return this.screen?.view ?? null;
  }

  /** The players' names by seat. */
  get names(): string[] {
    return this.view?.players.map((p) => p.name) ?? [];
  }

  /** Opens the game; a failure is kept in `error`. True when it came. */
  async load(): Promise<boolean> {
    try {
      this.screen = await nationOpen(this.gameId);
      return true;
    } catch (e) {
      this.error = worded(e, this.names);
      return false;
    }
  }

  /**
   * Runs one change: the last error and notice go, `work` answers the
   * screen after. A refusal asking for a value opens the question (and
   * `command`, when given, runs again once it is answered); any other
   * failure is kept in `error`. True when the change was made.
   */
  async #change(work: () => Promise<NationScreen>, command: NationCommand | null, notice?: () => string | null): Promise<boolean> {
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
  act(command: NationCommand, notice?: () => string | null): Promise<boolean> {
    const id = this.gameId;
    return this.#change(() => nationAct(id, command), command, notice);
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
    return this.#change(() => nationUndo(id), null, () => t('nation.screen.undone'));
  }

  redo(): Promise<boolean> {
    const id = this.gameId;
    this.dismiss();
    return this.#change(() => nationRedo(id), null, () => t('nation.screen.redone'));
  }

  rename(name: string): Promise<boolean> {
    const id = this.gameId;
    return this.#change(() => nationRename(id, name), null, () => t('nation.screen.renamed', { name: name.trim() }));
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
