/** Memories in play for the tests: a PlayView as play.rs builds it, and its screen. */
import type { MemoryScreen, MemoryView } from '$lib/ipc';
import type { AssassinView } from '$lib/ipc/types/memory/AssassinView';
import type { PlayOffers } from '$lib/ipc/types/memory/PlayOffers';
import type { Step } from '$lib/ipc/types/memory/Step';
import type { TrackStep } from '$lib/ipc/types/memory/TrackStep';

const TRACK: Step[] = ['event', 'assassin', 'reinforcement', 'movement', 'combat', 'end_of_turn'];

export function track(step: Step): TrackStep[] {
  const at = TRACK.indexOf(step);
  const enemy = (s: Step) => ['reinforcement', 'movement', 'combat'].includes(s);
  return TRACK.map((s, i) => ({ step: s, current: i === at, done: at < 0 ? step === 'over' : i < at, enemy: enemy(s) }));
}

/** The step after `step` on the track, as play.rs gives it. */
export function nextStep(step: Step): Step | null {
  const at = TRACK.indexOf(step);
  return at < 0 ? null : TRACK[(at + 1) % TRACK.length];
}

export function assassin(id: string, more: Partial<AssassinView> = {}): AssassinView {
  return {
    id,
    cubes: 3,
    slots: 3,
    saved: false,
    can_save: false,
    usable: 3,
    exposed: false,
    condition: 'on_map',
    eliminated_after_turn: null,
    hits_taken: 0,
    conditions: (['critical', 'left_map', 'eliminated'] as const).filter((c) => c !== (more.condition ?? 'on_map')),
    // Edition 2: no red base is clipped on one laid down or gone.
    status_switch: (more.condition ?? 'on_map') === 'on_map' || (more.exposed ?? false),
    // ASSASSIN ACTIONS: 1 to the cubes usable, 4 at most.
    spend: { fewest: 1, most: Math.min(more.usable ?? 3, 4) },
    ...more,
  };
}

/** The offers as play.rs gives them in `step` (for these fixtures only). */
export function offers(step: Step, assassins: AssassinView[]): PlayOffers {
  const enemy = ['reinforcement', 'movement', 'combat'].includes(step);
  return {
    attack: step === 'assassin' || enemy,
    entry: step === 'event' || step === 'assassin' || enemy,
    arrival: step === 'event' || step === 'assassin' || enemy,
    incognito: assassins.filter((a) => a.condition === 'on_map' && !a.exposed).map((a) => a.id),
    attackers: step === 'assassin' || enemy ? assassins.filter((a) => a.usable > 0).map((a) => a.id) : [],
    square_limit: 4,
    enemies: ['crossbowman', 'elite', 'agile'],
    weapons: ['hidden_blade'],
    // The success is met only once nobody is on the map and someone left.
    end_reasons: [
      ...(assassins.length > 0 && assassins.every((a) => a.condition === 'left_map' || a.condition === 'eliminated') && assassins.some((a) => a.condition === 'left_map')
        ? (['completed'] as const)
        : []),
      'failure_condition',
      'not_enough_miniatures',
    ],
    adjust_cubes: { fewest: 0, most: 3 },
    guards: { fewest: 0, most: 4 },
    faces: { fewest: 0, most: 10 },
    weapon_dice: [{ weapon: 'hidden_blade', dice: 2 }],
  };
}

/** The tests an entry calls for, as evolve.rs keeps them until rolled. */
export function pendingTests(entry: MemoryView['entry']): MemoryView['pending_tests'] {
  if (!entry) return [];
  const due: MemoryView['pending_tests'] = [];
  if (entry.body_dice > 0) due.push({ assassin: null, dice: entry.body_dice });
  if (entry.detection_dice > 0) for (const a of entry.incognito) due.push({ assassin: a, dice: entry.detection_dice });
  return due;
}

export function view(more: Partial<MemoryView> = {}): MemoryView {
  const step = more.step ?? 'assassin';
  const assassins = more.assassins ?? [assassin('alessandra', { can_save: true, usable: 3 }), assassin('bastiano'), assassin('claudio')];
  return {
    started: true,
    campaign_id: 'c1',
    memory: '0.3',
    turn: 1,
    step,
    track: track(step),
    next_step: nextStep(step),
    reminders: ['assassin.use_cubes', 'assassin.save_one'],
    alert: false,
    alert_triggers: ['alert.exposed', 'alert.weapon_icon', 'alert.retaliation', 'alert.detection', 'alert.stops_by_card_only'],
    easy: false,
    assassins,
    entrances: ['a', 'b', 'c'],
    deck: { assassins: 3, pile: 8, drawn: null, discard: [], reshuffles: 0, reshuffle_next: false, drawable: [1, 2, 3, 4, 5, 6, 7, 8] },
    reinforcement: null,
    entry: null,
    detection: null,
    pending_tests: pendingTests(more.entry ?? null),
    attack: null,
    waiting: { type: 'advance' },
    attempt: {
      campaign_id: 'c1',
      memory: '0.3',
      outcome: null,
      reason: null,
      difficulty: 'normal',
      eliminated: [],
      critical: [],
      turns: 1,
    },
    assumptions: ['memory_critical_eliminated_when', 'memory_body_detection'],
    offers: offers(step, assassins),
    ...more,
  };
}

export function screen(v: MemoryView = view(), more: Partial<MemoryScreen> = {}): MemoryScreen {
  return { id: 'g1', name: 'Venice nights', in_bin: false, view: v, ...more };
}

/** The reinforcement step with card 5 drawn, its calm column for A and B known. */
export function drawn(more: Partial<MemoryView> = {}): MemoryView {
  return view({
    step: 'reinforcement',
    reminders: ['reinforcement.draw', 'reinforcement.column'],
    deck: { assassins: 3, pile: 7, drawn: 5, discard: [], reshuffles: 0, reshuffle_next: false, drawable: [1, 2, 3, 4, 6, 7, 8] },
    reinforcement: {
      card: 5,
      column: 'calm',
      column_kept: false,
      lines: [
        { entrance: 'a', on_map: true, calm: { guard: 'elite', count: 1 }, alert: null },
        { entrance: 'b', on_map: true, calm: { guard: 'crossbowman', count: 2 }, alert: null },
        { entrance: 'c', on_map: true, calm: null, alert: null },
        { entrance: 'd', on_map: false, calm: null, alert: null },
      ],
      to_place: [
        { entrance: 'a', guard: 'elite', count: 1 },
        { entrance: 'b', guard: 'crossbowman', count: 2 },
      ],
      placed: false,
      missing: ['reinforcement.3.5.calm.c'],
    },
    waiting: { type: 'card_values', keys: ['reinforcement.3.5.calm.c'] },
    ...more,
  });
}
