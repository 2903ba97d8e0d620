/**
 * One game of RISK Assassin's Creed as its screen holds it: the screen the
 * backend answered, the last refusal (its ids worded), the last notice,
 * whether a change is on its way, the box values a refused command asks
 * for (and the command to run again once they are saved), the territories
 * chosen on the map, and the odds of the attack they make.
 *
 * Every call goes through `$lib/ipc`; the store only keeps what came back.
 */
import { IpcError, type RiskCommand, type RiskOdds, type RiskScreen, type RiskView } from '$lib/ipc';
import { riskAct, riskOdds, riskOpen, riskRedo, riskRename, riskUndo } from '$games/risk/ipc';
import { runShortcut, type ShortcutActions } from '$lib/keys';
import { Pending } from '$lib/pending.svelte';
import { shareUnchanged } from '$lib/share';
import { t } from '$lib/i18n/index.svelte';
import type { BoxValue } from '$lib/ipc/types/risk/BoxValue';
import type { Territory } from '$lib/ipc/types/risk/Territory';
import type { TerritoryView } from '$lib/ipc/types/risk/TerritoryView';
import { parseKey, worded, type AskedValue } from './words';

/** Where the screen comes from (the IPC; tests hand in their own). */
export interface RiskDoor {
  open: (gameId: string) => Promise<RiskScreen>;
  act: (gameId: string, command: RiskCommand) => Promise<RiskScreen>;
  undo: (gameId: string) => Promise<RiskScreen>;
  redo: (gameId: string) => Promise<RiskScreen>;
  rename: (gameId: string, name: string) => Promise<RiskScreen>;
  /** The odds of an attack as the game is played (null: no attack the player can make). */
  odds: (gameId: string, from: Territory, to: Territory, force: number) => Promise<RiskOdds | null>;
}

export const ipcDoor: RiskDoor = {
  open: riskOpen,
  act: riskAct,
  undo: riskUndo,
  redo: riskRedo,
  rename: riskRename,
  odds: riskOdds,
};

/** The values a refused command needs, and that command, to run again once they are known. */
export interface Asked {
  values: AskedValue[];
  /** How many values of the kind the command still lacks (`missing`). */
  missing: number;
  /** The command to run again once they are saved; none when the form asked on its own. */
  retry: RiskCommand | null;
}

/** The odds the rules give for an attack, and the counts they are for: the force across the line and the defenders. */
export interface ShownOdds {
  attackers: number;
  defenders: number;
  odds: RiskOdds;
}

export class RiskGame {
  // Raw: each answer replaces the screen whole, nothing changes inside it,
  // so no deep proxy is made or read through (a redraw does less work).
  screen = $state.raw<RiskScreen | null>(null);
  /** The last failure or refusal, its ids worded; `null` for none. */
  error = $state<unknown>(null);
  notice = $state<string | null>(null);
  asked = $state<Asked | null>(null);
  /** The territory chosen first (to place on, attack or leave from) and second (to attack or reinforce). */
  source = $state<Territory | null>(null);
  target = $state<Territory | null>(null);
  odds = $state<ShownOdds | null>(null);
  /** The force chosen for the attack (null: the most the territory can send, as the view offers). */
  force = $state<number | null>(null);

  readonly #gameId: () => string;
  readonly #door: RiskDoor;
  readonly #pending = new Pending();
  #oddsAsked = '';

  constructor(gameId: () => string, door: RiskDoor = ipcDoor) {
    this.#gameId = gameId;
    this.#door = door;
  }

  get gameId(): string {
    return this.#gameId();
  }

  /** A change on its way (no second one is sent meanwhile). */
  get busy(): boolean {
    return this.#pending.busy;
  }

  /** A change on its way for longer than a moment: the buttons grey out. */
  get slow(): boolean {
    return this.#pending.slow;
  }

  get view(): RiskView | null {
    return this.screen?.view ?? null;
  }

  territory(id: Territory | null): TerritoryView | null {
    if (id === null) return null;
    return this.view?.territories.find((tv) => tv.id === id) ?? null;
  }

  /** Whether the player whose turn it is holds `id`. */
  mine(id: Territory | null): boolean {
    const v = this.view;
    return v !== null && v.current !== null && this.territory(id)?.owner === v.current;
  }

  async load(): Promise<boolean> {
    try {
      this.screen = shareUnchanged(this.screen, await this.#door.open(this.gameId));
      this.#keepChoice();
      return true;
    } catch (e) {
      this.error = worded(e, this.view);
      return false;
    }
  }

  /**
   * Runs one change. A refusal for box values Bagless does not know yet
   * asks for them (`asked`) instead of showing an error; saving them runs
   * `command` again. True when the change was made.
   */
  act(command: RiskCommand): Promise<boolean> {
    return this.#run(() => this.#door.act(this.gameId, command), command);
  }

  /**
   * Runs `work` as a change, unless one is on its way and this is not part
   * of it (`nested`): then nothing is sent and the answer is false.
   */
  async #run(work: () => Promise<RiskScreen>, command: RiskCommand | null, keepAsked = false, nested = false): Promise<boolean> {
    const made = await this.#pending.run(async () => {
      this.error = null;
      this.notice = null;
      try {
        // The parts the change left as they were stay the objects drawn: only
        // what changed is redrawn.
        this.screen = shareUnchanged(this.screen, await work());
        if (!keepAsked) this.asked = null;
        this.#keepChoice();
        return true;
      } catch (e) {
        this.error = this.#refused(e, command);
        return false;
      }
    }, nested);
    return made === true;
  }

  /** The values asked for, if the refusal is for them; what is left to show. */
  #refused(error: unknown, command: RiskCommand | null): unknown {
    const violations = error instanceof IpcError ? error.violations : [];
    const needed = violations.filter((v) => v.game === 'risk' && v.code === 'value_needed');
    if (needed.length === 0 || command === null || command.type === 'set_box_value') {
      return worded(error, this.view);
    }
    this.asked = {
      values: needed.map((v) => parseKey(v.params.key ?? '')),
      missing: Math.max(1, ...needed.map((v) => Number(v.params.missing ?? 1) || 1)),
      retry: command,
    };
    const others = violations.filter((v) => !(v.game === 'risk' && v.code === 'value_needed'));
    return others.length > 0 ? worded(new IpcError('rules', '', others), this.view) : null;
  }

  /**
   * Saves the box values the players entered, one `set_box_value` each,
   * then runs the command they were asked for again. True when all is done.
   */
  async saveValues(values: BoxValue[]): Promise<boolean> {
    const retry = this.asked?.retry ?? null;
    // One change from the first value to the command run again.
    const made = await this.#pending.run(async () => {
      for (const value of values) {
        const saved = await this.#run(() => this.#door.act(this.gameId, { type: 'set_box_value', value }), null, true, true);
        if (!saved) return false;
      }
      this.asked = null;
      return retry ? this.#run(() => this.#door.act(this.gameId, retry), retry, false, true) : true;
    });
    return made === true;
  }

  /**
   * CHOISISSEZ UN TERRITOIRE: asks for the board's fast-travel routes, when
   * the attack view says they are unknown (its targets name only the ways
   * known): an attack across a route then can be chosen.
   */
  askRoutes(): void {
    this.asked = { values: [parseKey('fast_travel_routes')], missing: 1, retry: null };
  }

  /** Forgets the values asked for, without running the command again. */
  dismissAsked(): void {
    this.asked = null;
  }

  undo(): Promise<boolean> {
    return this.#step(() => this.#door.undo(this.gameId), 'undone');
  }

  redo(): Promise<boolean> {
    return this.#step(() => this.#door.redo(this.gameId), 'redone');
  }

  async #step(work: () => Promise<RiskScreen>, done: 'undone' | 'redone'): Promise<boolean> {
    const ok = await this.#run(work, null);
    if (ok) this.notice = done === 'undone' ? t('risk.screen.undone') : t('risk.screen.redone');
    return ok;
  }

  async rename(name: string): Promise<boolean> {
    return this.#run(() => this.#door.rename(this.gameId, name), null);
  }

  /**
   * A territory chosen on the map. In the attack phase one of the
   * player's territories is the first choice, an enemy one the second; in
   * the manoeuvre phase the first is left from, the second reinforced;
   * otherwise one territory is chosen. Choosing it again lets it go.
   */
  choose(id: Territory): void {
    const phase = this.view?.phase;
    // An attack under way keeps its territories until it ends.
    if (phase === 'attack' && this.view?.attack?.battle) return;
    if (id === this.source) {
      this.source = null;
      this.target = null;
    } else if (id === this.target) {
      this.target = null;
    } else if (phase === 'attack') {
      if (this.mine(id)) {
        if (this.source !== id) this.force = null;
        this.source = id;
        if (this.target !== null && !this.attackable(this.target)) this.target = null;
      } else if (this.attackable(id)) {
        this.target = id;
      }
    } else if (phase === 'manoeuvre') {
      if (this.source === null) this.source = id;
      else this.target = id;
    } else {
      this.source = id;
      this.target = null;
    }
    void this.refreshOdds();
  }

  /**
   * CHOISISSEZ UN TERRITOIRE: whether `id` is one the territory chosen may
   * attack, as the view offers (joined to it, an enemy's, and from edition
   * 3 not retreated from this turn); none before a territory is chosen.
   */
  attackable(id: Territory | null): boolean {
    const offer = this.view?.attack;
    if (!offer || id === null || this.source === null) return false;
    return offer.targets.some((t) => t.from === this.source && t.to.includes(id));
  }

  clearChoice(): void {
    this.source = null;
    this.target = null;
    this.force = null;
    this.odds = null;
  }

  /** The force chosen for the next attack; the odds follow it. */
  chooseForce(force: number): void {
    this.force = force;
    void this.refreshOdds();
  }

  /** The most assassins the territory `id` can send across the line now, as the view offers (0: none). */
  maxForce(id: Territory | null): number {
    const offer = this.view?.attack;
    if (!offer || id === null) return 0;
    return offer.forces.find((f) => f.territory === id)?.count ?? 0;
  }

  /** After each answer: a choice the phase no longer fits goes, the odds follow the counts. */
  #keepChoice(): void {
    const v = this.view;
    if (v === null) return;
    const phase = v.phase;
    if (phase !== 'placement' && phase !== 'attack' && phase !== 'manoeuvre') {
      this.source = null;
      this.target = null;
    } else if (phase === 'placement') {
      this.target = null;
      if (!this.mine(this.source)) this.source = null;
    } else if (phase === 'attack') {
      const battle = v.attack?.battle ?? null;
      if (battle) {
        // The attack under way is the one shown.
        this.source = battle.from;
        this.target = battle.to;
      } else {
        // After a conquest, what was attacked is now the player's own; after
        // a retreat (edition 3) it is no longer offered.
        if (!this.mine(this.source)) this.source = null;
        if (this.target !== null && !this.attackable(this.target)) this.target = null;
      }
    }
    void this.refreshOdds();
  }

  /**
   * The counts the attack chosen would be fought with, if it is one: the
   * force across the line (the one under way, or the one chosen, at most
   * what the view offers) and the defenders.
   */
  get attackCounts(): { from: Territory; to: Territory; attackers: number; defenders: number } | null {
    const v = this.view;
    if (v?.phase !== 'attack') return null;
    const from = this.territory(this.source);
    const to = this.territory(this.target);
    if (!from || !to || from.owner !== v.current || to.owner === v.current) return null;
    const battle = v.attack?.battle ?? null;
    if (battle) return { from: from.id, to: to.id, attackers: battle.force, defenders: to.assassins };
    const max = this.maxForce(from.id);
    if (max === 0) return null;
    return { from: from.id, to: to.id, attackers: Math.min(this.force ?? max, max), defenders: to.assassins };
  }

  /**
   * Asks the rules for the odds of the attack chosen, as this game is played
   * (the aptitude cards in play for its next roll counted), unless already
   * shown; the attack under way's come with the view.
   */
  async refreshOdds(): Promise<void> {
    const counts = this.attackCounts;
    if (counts === null) {
      this.odds = null;
      this.#oddsAsked = '';
      return;
    }
    // The attack under way: the view gives its odds, the cards in play counted.
    const shown = { attackers: counts.attackers, defenders: counts.defenders };
    const given = this.view?.attack?.battle_odds ?? null;
    if (this.view?.attack?.battle && given) {
      this.#oddsAsked = '';
      this.odds = { ...shown, odds: given };
      return;
    }
    // Asked again when anything the rules count may have changed: the
    // counts, and the cards in play for the next roll.
    const inPlay = this.view?.attack?.cards_in_play.length ?? 0;
    const asked = `${counts.from}>${counts.to}:${counts.attackers}:${counts.defenders}:${inPlay}`;
    if (asked === this.#oddsAsked) return;
    this.#oddsAsked = asked;
    try {
      const odds = await this.#door.odds(this.gameId, counts.from, counts.to, counts.attackers);
      if (this.#oddsAsked === asked) this.odds = odds === null ? null : { ...shown, odds };
    } catch {
      if (this.#oddsAsked === asked) this.odds = null;
    }
  }

  /**
   * The keyboard shortcut `event` asks for, run when the screen offers it;
   * the key's own effect is then prevented. True when run.
   */
  shortcut(event: KeyboardEvent, actions: ShortcutActions): boolean {
    return runShortcut(event, actions);
  }
}
