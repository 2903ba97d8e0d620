/**
 * Views of a game for the tests: the pyramid as the pack lays it out (six
 * $3,000 tiles at the bottom to three $10,000 at the top), three players.
 */
import type { NationSetupOffer } from '$lib/ipc';
import type { NationScreen, NationView } from '$lib/ipc';
import type { AttemptView } from '$lib/ipc/types/nation/AttemptView';
import type { EndCount } from '$lib/ipc/types/nation/EndCount';
import type { MsrExplanation } from '$lib/ipc/types/nation/MsrExplanation';
import type { TargetView } from '$lib/ipc/types/nation/TargetView';

const ROWS = [
  { row: 1, value: 3000, count: 6 },
  { row: 2, value: 5000, count: 5 },
  { row: 3, value: 7000, count: 4 },
  { row: 4, value: 10000, count: 3 },
];

export function pyramid(): TargetView[] {
  const tiles: TargetView[] = [];
  for (const r of ROWS) {
    for (let position = 0; position < r.count; position += 1) {
      tiles.push({
        id: tiles.length + 1,
        row: r.row,
        position,
        name: null,
        value: r.value,
        msr: null,
        cash: 0,
        pays: r.value,
        holder: null,
        available: r.row === 1,
      });
    }
  }
  return tiles;
}

export function view(more: Partial<NationView> = {}): NationView {
  const made: NationView = {
    phase: 'intel',
    round: 1,
    first_player: 0,
    storytelling: false,
    duel: null,
    pyramid: pyramid(),
    players: ['Ann', 'Bo', 'Cy'].map((name, seat) => ({
      seat,
      name,
      specialist: seat + 1,
      specialist_name: null,
      specialist_weapon: null,
      cash: 2000,
      debt: 0,
      tiles: [],
      tiles_value: 0,
      running: 2000,
      cards_affordable: 2,
      first_player: seat === 0,
      declared: false,
      passed: false,
      hit_list_kept: false,
    })),
    attempts: [],
    waiting: { type: 'nothing' },
    asks: null,
    round_track: [],
    bank: -6000,
    winner: null,
    end_count: null,
    offers: {
      order: [0, 1, 2],
      card_price: 1000,
      token: 1000,
      hit_list_size: 6,
      max_bonus: null,
      max_amount: 500000,
      contract_needed: true,
      contract_offered: true,
      max_objective: 80,
      max_name: 40,
      card_times: true,
      awaited: [],
      reveal_cards_by: [],
      can_end_round: false,
      can_buy: true,
      weapons: ['pistol', 'knife', 'sniper_rifle', 'rope', 'sabotage', 'poison'],
      modifiers: ['stealth'],
      attributes: ['loud', 'silent', 'gunshot', 'asphyxiation', 'accident'],
    },
    assumptions: ['players', 'contracts'],
    ...more,
  };
  // As Rust's view gives it: cards are bought in the Intel Phase, not the
  // duel's; a Reveal card is offered while an attempt waits for its roll
  // and none is rolled (by the tied players in the duel); the round ends
  // once no attempt waits for its roll (not in the duel); the round's
  // track marks its step.
  const open =
    made.phase === 'reveal' &&
    made.attempts.some((a) => a.status === 'revealed') &&
    !made.attempts.some((a) => a.status === 'succeeded' || a.status === 'failed' || a.status === 'discarded');
  const revealBy = made.players.map((p) => p.seat).filter((s) => open && (made.duel === null || made.duel.players.includes(s)));
  return {
    ...made,
    offers: {
      ...made.offers,
      can_buy: made.phase === 'intel' && made.duel === null,
      reveal_cards_by: 'offers' in more ? made.offers.reveal_cards_by : revealBy,
      can_end_round:
        'offers' in more
          ? made.offers.can_end_round
          : made.phase === 'reveal' && made.duel === null && !made.attempts.some((a) => a.status === 'revealed'),
    },
    round_track: 'round_track' in more ? made.round_track : roundTrack(made),
  };
}

/** The round's track as table.rs marks it. */
function roundTrack(v: NationView): NationView['round_track'] {
  const current =
    v.phase === 'intel' || v.phase === 'assassination'
      ? v.phase
      : v.phase === 'reveal'
        ? v.waiting.type === 'nothing' && v.duel === null
          ? 'end'
          : 'reveal'
        : v.phase === 'count' || v.phase === 'over'
          ? 'end'
          : null;
  return (['intel', 'assassination', 'reveal', 'end'] as const).map((step) => ({ step, current: step === current }));
}

export function screen(v: NationView = view(), name = 'Friday contracts'): NationScreen {
  return { id: 'g1', name, in_bin: false, view: v };
}

export function msr(more: Partial<MsrExplanation> = {}): MsrExplanation {
  return {
    weapon: 'pistol',
    base: 3,
    doubled: 0,
    modifiers: [],
    target: 0,
    storytelling: 0,
    need: 3,
    outcome: 'roll',
    dice: 1,
    chance: 4 / 6,
    ...more,
  };
}

export function attempt(player: number, more: Partial<AttemptView> = {}): AttemptView {
  const made: AttemptView = {
    player,
    target: 1,
    weapon: 'pistol',
    doubled: false,
    time: 900,
    card_times: [900],
    status: 'revealed',
    conflict: false,
    msr: msr(),
    msr_if_doubted: null,
    dice: [],
    believed: null,
    chance: null,
    unread: false,
    ...more,
  };
  // As Rust's view gives it: a chance only while the roll is to come.
  return 'chance' in more ? made : { ...made, chance: made.status === 'revealed' ? made.msr.chance : null };
}

/** The view's end count for the three players, nobody's card shown yet. */
export function endCount(more: Partial<EndCount> = {}): EndCount {
  return {
    lines: ['Ann', 'Bo', 'Cy'].map((name, seat) => ({
      seat,
      name,
      tiles: [],
      tiles_value: 0,
      cash: 2000,
      bonuses: 0,
      debt: 0,
      total: 2000,
      hit_list: null,
    })),
    // No leader while a hit list is hidden, as Rust's view gives it.
    leaders: [],
    missing_hit_lists: [0, 1, 2],
    closed: false,
    winner: null,
    duel: null,
    ...more,
  };
}

/** The new-game form's offer, as bagless-nation's setup_offer() gives it. */
export function setupOffer(): NationSetupOffer {
  return {
    min_players: 2,
    max_players: 6,
    specialists: [1, 2, 3, 4, 5, 6],
    weapons: ['pistol', 'knife', 'sniper_rifle', 'rope', 'sabotage', 'poison'],
    max_name: 40,
  };
}
