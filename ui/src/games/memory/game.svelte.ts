/**
 * A memory in play as its screen shows it: the screen the backend
 * answered, the assassins' names (from the campaign's diary), the last
 * refusal or failure (its params in the players' words), the last notice,
 * whether a change is on its way, and the value Bagless asks for before a
 * refused command runs again; loading, commands, undo, redo and the
 * keyboard shortcuts. Every call goes through `$lib/ipc`.
 */
import { t, tDynamic } from '$lib/i18n/index.svelte';
import { IpcError, type MemoryCommand, type MemoryScreen, type Violation } from '$lib/ipc';
import { memoryAct, memoryOpen, memoryRedo, memoryUndo } from '$games/memory/ipc';
import { openDiary } from '$games/bov/ipc';
import type { BoxValue } from '$lib/ipc/types/memory/BoxValue';
import type { Condition } from '$lib/ipc/types/memory/Condition';
import { GameStore } from '$lib/game-store.svelte';
import { conditionLabel, CONDITIONS, describeKey, entranceLabel, parseKey, withBounds, type AskedValue } from './words';

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
    else if (param === 'step') params[param] = tDynamic(`memory.step.${value}`) ?? value;
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
    if (asked) return withBounds(asked, v.params);
  }
  return null;
}

export class MemoryGameStore extends GameStore<MemoryScreen, MemoryCommand, AskedValue> {
  /** The assassins' names by id, from the campaign's diary (ids until it answers). */
  names = $state<Record<string, string>>({});

  /** @param gameId the memory's game, read at each call (the screen's prop) */
  constructor(gameId: () => string) {
    super(gameId, { open: memoryOpen, act: memoryAct, undo: memoryUndo, redo: memoryRedo });
  }

  /** An assassin's name (the id when the diary does not say). */
  name(id: string): string {
    return this.names[id] ?? id;
  }

  /** Opens the memory, then names its assassins; a failure is kept in `error`. True when it came. */
  override async load(): Promise<boolean> {
    if (!(await super.load()) || this.screen === null) return false;
    try {
      const diary = await openDiary(this.screen.view.campaign_id);
      this.names = Object.fromEntries(diary.assassins.map((a) => [a.id, a.name]));
    } catch {
      // The ids stand for the names.
    }
    return true;
  }

  protected worded(error: unknown): unknown {
    return worded(error, this.names);
  }

  protected valueAsked(error: unknown): AskedValue | null {
    return valueAsked(error);
  }

  protected valueCommand(key: string, value: unknown): MemoryCommand {
    return { type: 'set_box_value', key, value: value as BoxValue };
  }

  protected stepped(done: 'undone' | 'redone'): string {
    return done === 'undone' ? t('memory.screen.undone') : t('memory.screen.redone');
  }
}
