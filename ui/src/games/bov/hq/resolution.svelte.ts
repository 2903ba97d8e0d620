/**
 * The HQ's resolution step: what the players fill in, building by building
 * (the form), and what the step did once resolved (the summary).
 */
import { t } from '$lib/i18n/index.svelte';
import type { HqCommand, HqView } from '$lib/ipc';

export type ResolveCommand = Extract<HqCommand, { type: 'resolve_hq' }>;

/** The resolution form: healing, building, keeping cards, the command room's dice. */
export class ResolutionForm {
  /** Each patient's health after the hospital, by assassin. */
  heal = $state<Record<string, number>>({});
  build = $state(false);
  /** Cards paid for the blueprint. */
  paid = $state<string[]>([]);
  /** Cards kept from the shop. */
  kept = $state<string[]>([]);
  /** Where each kept card goes: `main_hall`, or an assassin's id (their first free inventory slot). */
  keptTo = $state<Record<string, string>>({});
  /** The free inventory slots of each assassin in play, as the HQ view gives them. */
  private free: Record<string, number[]> = {};
  /** The ★ of each die the command room rolled, as the players read them. */
  stars = $state<number[]>([]);

  /** Starts again from what the HQ shows now. */
  reset(hq: HqView): void {
    this.heal = Object.fromEntries(hq.patients.map((p) => [p.assassin, p.health]));
    this.build = false;
    this.paid = [];
    this.kept = [];
    this.keptTo = {};
    this.free = Object.fromEntries(hq.free_inventory.map((f) => [f.assassin, [...f.slots]]));
    this.stars = Array.from({ length: hq.dice ?? 0 }, () => 0);
  }

  /** As many dice as the HQ rolls now (new numbers may change it), the ★ typed kept. */
  fitDice(hq: HqView): void {
    this.stars = Array.from({ length: hq.dice ?? 0 }, (_, i) => this.stars[i] ?? 0);
  }

  /**
   * Each kept card with its place: the main hall, or the next free inventory slot of the assassin chosen.
   * A card sent to an assassin whose free slots the other cards took goes to the last of them, as the
   * players asked: the rules refuse it in their words (EQUIP: one slot holds one card), it never goes
   * elsewhere without a word.
   */
  private keptPlaces(): ResolveCommand['kept'] {
    const taken: Record<string, number> = {};
    return this.kept.map((card) => {
      const assassin = this.keptTo[card] ?? 'main_hall';
      if (assassin === 'main_hall') return { card, to: { place: 'main_hall' as const } };
      const slots = this.free[assassin] ?? [];
      const index = slots[taken[assassin] ?? 0] ?? slots.at(-1) ?? 0;
      taken[assassin] = (taken[assassin] ?? 0) + 1;
      return { card, to: { place: 'inventory' as const, assassin, index } };
    });
  }

  /** The step as the form says it: the dice rolled by Bagless, or the ★ typed. */
  command(roll: boolean): ResolveCommand {
    return {
      type: 'resolve_hq',
      heal: Object.entries(this.heal).map(([assassin, health]) => ({ assassin, health: Number(health) })),
      build: this.build,
      paid: this.build ? this.paid : [],
      kept: this.keptPlaces(),
      dice: roll ? { dice: 'roll' } : { dice: 'entered', stars: this.stars.map(Number) },
    };
  }
}

/** What the last resolution did, building by building. */
export type ResolutionSummary = {
  fulfilled: boolean;
  level: number;
  contract: number;
  healed: string[];
  built: string | null;
  kept: string[];
  stars: number | null;
};

/** What `command` did, from the HQ before it and after (what it counted is the rules': `after.resolved`). */
export function summarize(before: HqView, after: HqView, command: ResolveCommand): ResolutionSummary {
  const patient = (id: string) => before.patients.find((p) => p.assassin === id);
  const cardName = (id: string) => before.equipment_deck.find((c) => c.id === id)?.name ?? id;
  return {
    fulfilled: after.resolved?.fulfilled ?? false,
    level: after.level,
    contract: before.contract,
    healed: command.heal
      .filter((h) => h.health > (patient(h.assassin)?.health ?? 0))
      .map((h) => t('hq.healed', { name: patient(h.assassin)?.name ?? h.assassin, health: h.health })),
    built: command.build ? (before.blueprint?.name ?? null) : null,
    kept: command.kept.map((k) => cardName(k.card)),
    stars: after.resolved?.stars ?? null,
  };
}
