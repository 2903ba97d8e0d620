/**
 * One game of Assassin Nation as its screen shows it: the screen the
 * backend answered, the last refusal or failure (its seats already named),
 * the last notice, whether a change is on its way, and the value Bagless
 * asks for before a refused command runs again; loading, commands, undo,
 * redo, rename and the keyboard shortcuts (see `GameStore`). Every call
 * goes through `$lib/ipc`.
 */
import { t } from '$lib/i18n/index.svelte';
import { IpcError, type NationCommand, type NationScreen, type NationView, type Violation } from '$lib/ipc';
import { nationAct, nationOpen, nationRedo, nationRename, nationUndo } from '$games/nation/ipc';
import type { BoxValue } from '$lib/ipc/types/nation/BoxValue';
import { GameStore } from '$lib/game-store.svelte';
import { describeKey, modifierLabel, money, parseKey, seatName, seatNames, weaponLabel, withBounds, type AskedValue } from './words';

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
    if (asked) return withBounds(asked, v.params);
  }
  return null;
}

export class NationGameStore extends GameStore<NationScreen, NationCommand, AskedValue> {
  /** @param gameId the game, read at each call (the screen's prop) */
  constructor(gameId: () => string) {
    super(gameId, { open: nationOpen, act: nationAct, undo: nationUndo, redo: nationRedo });
  }

  /** The players' names by seat. */
  get names(): string[] {
    return this.view?.players.map((p) => p.name) ?? [];
  }

  protected worded(error: unknown): unknown {
    return worded(error, this.names);
  }

  protected valueAsked(error: unknown): AskedValue | null {
    return valueAsked(error);
  }

  protected valueCommand(key: string, value: unknown): NationCommand {
    return { type: 'set_box_value', key, value: value as BoxValue };
  }

  protected stepped(done: 'undone' | 'redone'): string {
    return done === 'undone' ? t('nation.screen.undone') : t('nation.screen.redone');
  }

  rename(name: string): Promise<boolean> {
    const id = this.gameId;
    return this.change(() => nationRename(id, name), null, () => t('nation.screen.renamed', { name: name.trim() }));
  }
}
