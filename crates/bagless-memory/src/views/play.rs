//! The memory in play as the screen shows it: the turn and its phase track
//! with each step's reminders (catalogue keys, `memory.reminders.<key>`),
//! the alert state and what triggers it, each assassin's cubes, the
//! reinforcement deck and the card of the turn, the last square entered
//! and detection test, the attack under way, what the table waits for,
//! and the attempt to record in the diary, prefilled.

use super::bounds::{self, FieldBounds, WeaponDice};
use crate::model::box_values::{column, known, BoxValue, Guards, ValueKey};
use crate::model::commands::Command;
use crate::model::state::SQUARE_LIMIT;
use crate::model::state::{
    Attack, AttackStage, Detection, EntranceGuards, Game, PendingTest, SquareEntry, CUBES_PER_TURN,
};
use crate::model::types::{Condition, Difficulty, EndReason, Entrance, Outcome, Step};
use crate::rules::attack::{attack_step, suggested_hits};
use crate::rules::reinforcement::{entry_step, incognito};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// One step of the phase track.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "memory/")]
pub struct TrackStep {
    pub step: Step,
    pub current: bool,
    pub done: bool,
    /// One of the three steps of "3. ENEMY PHASE".
    pub enemy: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "memory/")]
pub struct AssassinView {
    pub id: String,
    /// Cubes left on the 3 grouped slots.
    pub cubes: u8,
    /// The grouped slots of the board ("Place 3 [cubes] on the grouped
    /// slots of each assassin's board").
    pub slots: u8,
    pub saved: bool,
    /// "SAVE 1" possible now.
    pub can_save: bool,
    /// Cubes usable now (the saved one only, in the enemy phase).
    pub usable: u8,
    pub exposed: bool,
    pub condition: Condition,
    /// In critical condition: the turn at whose end they are eliminated
    /// unless healed.
    pub eliminated_after_turn: Option<u32>,
    pub hits_taken: u32,
    /// The conditions the rules would set them to now (edition 3: one who
    /// went to the next memory is not offered a return).
    pub conditions: Vec<Condition>,
    /// The red-base switch is offered: the rules would clip their red base
    /// on, or take it off, now (edition 2: none is clipped on one in
    /// critical condition, eliminated or gone from the map).
    pub status_switch: bool,
    /// ASSASSIN ACTIONS: the cubes one action of theirs may be paid with
    /// now, as the rules take it (`bounds::spend`).
    pub spend: FieldBounds,
}

/// The deck as the players may see it: the pile's size, not its order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "memory/")]
pub struct DeckView {
    /// The icon of the cards in play: the number of assassins.
    pub assassins: u8,
    pub pile: u8,
    pub drawn: Option<u8>,
    pub discard: Vec<u8>,
    pub reshuffles: u32,
    /// The next draw first shuffles the discard into a new pile.
    pub reshuffle_next: bool,
    /// The cards the next draw may bring, by number (what the players may
    /// say they drew at the table): those in the pile, or, the pile
    /// exhausted, those of the discard it shuffles into a new pile ("<29>
    /// Enemy Reinforcement Step").
    pub drawable: Vec<u8>,
}

/// One entrance's lines of the card, as far as the box is known.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "memory/")]
pub struct EntranceLine {
    pub entrance: Entrance,
    pub on_map: bool,
    pub calm: Option<Guards>,
    pub alert: Option<Guards>,
}

/// The reinforcement card of the turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "memory/")]
pub struct ReinforcementView {
    pub card: u8,
    /// "calm" or "alert": the column used (edition 4: the alert state's as
    /// the card was drawn; editions 1 to 3: as the guards are placed).
    pub column: String,
    /// Edition 4: the alert state changed since the card was drawn and its
    /// guards are not placed yet; the card keeps the column it was drawn
    /// in.
    pub column_kept: bool,
    pub lines: Vec<EntranceLine>,
    /// The guards to place on each square in contact with each entrance on
    /// the map (once known), or those placed.
    pub to_place: Vec<EntranceGuards>,
    pub placed: bool,
    /// Keys of the lines still to enter for this column.
    pub missing: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "memory/")]
pub struct AttackView {
    pub attack: Attack,
    pub coordinated: bool,
    pub total_hits: u32,
    /// Bagless's way to give the hits, while they are to be given.
    pub suggested_hits: Vec<u8>,
    /// Hits a special ability adds may be entered with them (edition 3:
    /// only when a [special] was rolled; `memory_bounds`: at most
    /// `MAX_BONUS`).
    pub bonus_hits: bool,
    /// The hits a special ability adds, as the rules take them now.
    pub bonus: FieldBounds,
    /// The hits one enemy may be given (4. ASSIGN).
    pub hits: FieldBounds,
}

/// What the table waits for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "type", rename_all = "snake_case")]
#[ts(export, export_to = "memory/")]
pub enum Waiting {
    Nothing,
    /// The next step of the turn.
    Advance,
    /// Nobody is left on the map and at least one assassin left through a
    /// fast travel station ("A MEMORY IS SUCCESSFUL AS SOON AS:"): the
    /// players end the memory a success if every objective is completed,
    /// else the turn goes on (the next step).
    NobodyOnMap,
    DrawCard,
    /// Lines of the card to enter ("value_needed" keys).
    CardValues {
        keys: Vec<String>,
    },
    PlaceGuards,
    AssignHits,
    Riposte,
    /// Edition 3, "DETECTION TEST": "perform a detection test before
    /// doing anything else": the tests due are rolled before the turn goes
    /// on (`PlayView::pending_tests`).
    DetectionTests,
}

/// The attempt for the diary's form, prefilled with what the memory knows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "memory/")]
pub struct AttemptDraft {
    pub campaign_id: String,
    pub memory: String,
    pub outcome: Option<Outcome>,
    pub reason: Option<EndReason>,
    pub difficulty: Difficulty,
    pub eliminated: Vec<String>,
    /// Still in critical condition at the end: the players say.
    pub critical: Vec<String>,
    pub turns: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "memory/")]
pub struct PlayView {
    pub started: bool,
    pub campaign_id: String,
    pub memory: String,
    pub turn: u32,
    pub step: Step,
    pub track: Vec<TrackStep>,
    /// Where Advance takes the track (after the end of turn, the next
    /// turn's event phase; `over` when the turn's end fails the memory);
    /// none before the memory starts or once it is over.
    pub next_step: Option<Step>,
    pub reminders: Vec<String>,
    pub alert: bool,
    /// What sets the alert, and what stops it (catalogue keys).
    pub alert_triggers: Vec<String>,
    pub easy: bool,
    pub assassins: Vec<AssassinView>,
    pub entrances: Vec<Entrance>,
    pub deck: DeckView,
    pub reinforcement: Option<ReinforcementView>,
    pub entry: Option<SquareEntry>,
    pub detection: Option<Detection>,
    /// The detection tests due, each rolled once ("1 detection test"):
    /// the bodies' and each incognito assassin's of the squares entered.
    pub pending_tests: Vec<PendingTest>,
    pub attack: Option<AttackView>,
    pub waiting: Waiting,
    pub attempt: AttemptDraft,
    pub offers: PlayOffers,
    /// What Bagless assumes where the summaries are silent or unclear (ids
    /// of the memory's pack, campaigns/memory/pack.json; words:
    /// `memory.assumptions.<id>`).
    pub assumptions: Vec<String>,
}

/// What the forms offer now, as the rules would take it (a form asks; the
/// rules decide).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "memory/")]
pub struct PlayOffers {
    /// An attack may be launched in this step (the Assassin Phase, or an
    /// enemy step with the cube saved for it).
    pub attack: bool,
    /// A square entered may be told in this step.
    pub entry: bool,
    /// Edition 3: an incognito assassin arriving on a square with enemies
    /// may be told ("As soon as an incognito assassin/ally moves to a
    /// square containing any enemies, perform a detection test").
    pub arrival: bool,
    /// The assassins a detection test may be rolled for (DETECTION TEST:
    /// those incognito).
    pub incognito: Vec<String>,
    /// The assassins who may attack now: those with a cube to pay for it
    /// (ASSASSIN ACTIONS; in an enemy step, the saved one).
    pub attackers: Vec<String>,
    /// The most enemies and bodies on one square (ENEMIES: "never more
    /// than 4"), so the most enemies one attack targets.
    pub square_limit: u8,
    /// The enemies an attack's form suggests by name (ENEMIES; others are
    /// typed, and asked once what the summary does not print).
    pub enemies: Vec<String>,
    /// The weapons it suggests (others are typed).
    pub weapons: Vec<String>,
    /// The reasons the memory may be ended with now, as the rules take
    /// them ("A MEMORY IS SUCCESSFUL / FAILED AS SOON AS:"): `completed`
    /// once nobody is left on the map and 1+ assassin left through a fast
    /// travel station, `all_eliminated` never while the memory is played
    /// (the last elimination ends it by itself); none while an attack is
    /// not settled, nor once the memory is over. A detection test due does
    /// not hold them back: the rules take an end while it waits.
    pub end_reasons: Vec<EndReason>,
    /// A correction's cubes on the grouped slots.
    pub adjust_cubes: FieldBounds,
    /// The guards a reinforcement card's line brings to a square.
    pub guards: FieldBounds,
    /// How many dice of an attacker show one face, a weapon's dice not
    /// known (2. ATTACK).
    pub faces: FieldBounds,
    /// The weapons whose dice the box is known to roll: one face shows on
    /// at most that many.
    pub weapon_dice: Vec<WeaponDice>,
}

/// The enemies suggested by name, those the summaries name: the two guards
/// ("There are 2 types of Guards: The Crossbowmen () and the Elites ()")
/// and the Agile of their examples ("Move 3 Agiles to the square").
pub const NAMED_ENEMIES: [&str; 3] = ["crossbowman", "elite", "agile"];

/// The weapons suggested by name, those the summaries name ("Attack with
/// their hidden blade").
pub const NAMED_WEAPONS: [&str; 1] = ["hidden_blade"];

/// The readings a memory in play rests on (campaigns/README.md, "a memory
/// in play"), each an id of campaigns/memory/pack.json's `assumptions`.
pub const ASSUMPTIONS: &[&str] = &[
    "memory_assassin_count",
    "memory_reinforcement_numbers",
    "memory_no_save_before_0_3",
    "memory_saved_cube_in_a_step",
    "memory_bounds",
    "memory_body_dice",
    "memory_body_detection",
    "memory_special_once_per_weapon",
    "memory_coordinated_retaliation",
    "memory_easy_crossbowmen",
    "memory_fast_travel_exposed",
    "memory_left_no_cubes",
    "memory_fast_travel_choice",
    "memory_detection_due",
    "memory_critical_eliminated_when",
    "memory_critical_on_map",
];

/// Each step's reminders, as catalogue keys.
pub fn reminders(step: Step) -> Vec<String> {
    let keys: &[&str] = match step {
        Step::Event => &[
            "event.place_cubes",
            "event.draw_event_card",
            "event.this_turn_only",
            "event.deck_reshuffle",
        ],
        Step::Assassin => &[
            "assassin.use_cubes",
            "assassin.save_one",
            "assassin.detection_on_entry",
            "assassin.remove_unused",
        ],
        Step::Reinforcement => &[
            "enemy.saved_cube",
            "reinforcement.draw",
            COLUMN_AS_DRAWN,
            "reinforcement.each_square",
            "reinforcement.missing_entrances",
            "reinforcement.square_full",
            "reinforcement.behind_wall",
            "reinforcement.not_enough_miniatures",
        ],
        Step::Movement => &[
            "enemy.saved_cube",
            "movement.red_bases",
            "movement.event_direction",
            "movement.row_order",
            "movement.objective_base",
            "movement.square_limit",
            "movement.detection_tests",
        ],
        Step::Combat => &[
            "enemy.saved_cube",
            "combat.exposed_targets",
            "combat.target_square",
            "combat.split_dice",
            "combat.critical_condition",
        ],
        Step::EndOfTurn => &[
            "end.check_outcome",
            "end.critical_eliminated",
            "end.discard_event_card",
            "end.remove_red_bases",
        ],
        Step::NotStarted | Step::Over => &[],
    };
    keys.iter().map(|k| k.to_string()).collect()
}

/// Edition 4's reminder of the card's column: the alert state's as the
/// card is drawn ("Draw 1 reinforcement card and select the column that
/// corresponds to the alert state").
const COLUMN_AS_DRAWN: &str = "reinforcement.column_drawn";

/// Editions 1 to 3's: the alert state's in force as the guards are placed.
const COLUMN_IN_FORCE: &str = "reinforcement.column";

/// The reminders of the memory's step, in the reading of its edition.
fn step_reminders(game: &Game) -> Vec<String> {
    let mut keys = reminders(game.step);
    if !game.follows_edition_4() {
        for key in keys.iter_mut().filter(|k| *k == COLUMN_AS_DRAWN) {
            *key = COLUMN_IN_FORCE.to_string();
        }
    }
    keys
}

/// "ALERT STATE" and "INCOGNITO AND EXPOSED": what turns the token red,
/// and the one thing that turns it back.
pub const ALERT_TRIGGERS: [&str; 5] = [
    "alert.exposed",
    "alert.weapon_icon",
    "alert.retaliation",
    "alert.detection",
    "alert.stops_by_card_only",
];

/// The step Advance leads to, as the rules decide it (the memory may end
/// there: "ELIMINATED"); while Advance waits for something (a card to
/// draw), the step after this one.
fn next_step(game: &Game) -> Option<Step> {
    if !Step::TRACK.contains(&game.step) {
        return None;
    }
    match crate::rules::turn::advance(game) {
        Ok(events) => {
            let mut after = game.clone();
            for event in &events {
                crate::model::evolve::evolve(&mut after, event);
            }
            Some(after.step)
        }
        Err(_) => Some(game.step.next()),
    }
}

fn track(game: &Game) -> Vec<TrackStep> {
    let at = Step::TRACK.iter().position(|s| *s == game.step);
    Step::TRACK
        .iter()
        .enumerate()
        .map(|(i, step)| TrackStep {
            step: *step,
            current: at == Some(i),
            done: match at {
                Some(at) => i < at,
                None => game.step == Step::Over,
            },
            enemy: step.is_enemy(),
        })
        .collect()
}

fn line(game: &Game, card: u8, alert: bool, entrance: Entrance) -> Option<Guards> {
    let key = ValueKey::Reinforcement {
        assassins: game.deck.assassins,
        card,
        alert,
        entrance,
    };
    match known(&game.box_values, &key) {
        Some(BoxValue::Guards(g)) => Some(g),
        _ => None,
    }
}

fn reinforcement(game: &Game) -> Option<ReinforcementView> {
    let r = game.this_turns_card()?;
    let alert = game.column_of(r);
    let lines: Vec<EntranceLine> = Entrance::ALL
        .iter()
        .map(|e| EntranceLine {
            entrance: *e,
            on_map: game.entrances.contains(e),
            calm: line(game, r.card, false, *e),
            alert: line(game, r.card, true, *e),
        })
        .collect();
    let missing = game
        .entrances
        .iter()
        .filter(|e| line(game, r.card, alert, **e).is_none())
        .map(|e| {
            ValueKey::Reinforcement {
                assassins: game.deck.assassins,
                card: r.card,
                alert,
                entrance: *e,
            }
            .id()
        })
        .collect();
    let to_place = match &r.placed {
        Some(p) => p.guards.clone(),
        None => game
            .entrances
            .iter()
            .filter_map(|e| {
                line(game, r.card, alert, *e).map(|g| EntranceGuards {
                    entrance: *e,
                    guard: g.guard,
                    count: g.count,
                })
            })
            .collect(),
    };
    Some(ReinforcementView {
        card: r.card,
        column: column(alert).to_string(),
        column_kept: r.placed.is_none() && alert != game.alert,
        lines,
        to_place,
        placed: r.placed.is_some(),
        missing,
    })
}

fn waiting(game: &Game, card: Option<&ReinforcementView>) -> Waiting {
    if !game.is_started() || game.step == Step::Over {
        return Waiting::Nothing;
    }
    if let Some(attack) = game.open_attack() {
        return match attack.stage {
            AttackStage::Riposte => Waiting::Riposte,
            _ => Waiting::AssignHits,
        };
    }
    if game.follows_edition_3() && !game.pending_tests.is_empty() {
        return Waiting::DetectionTests;
    }
    let advance = if crate::rules::end::success_met(game) {
        Waiting::NobodyOnMap
    } else {
        Waiting::Advance
    };
    if game.step == Step::Reinforcement {
        return match card {
            None => Waiting::DrawCard,
            Some(c) if c.placed => advance,
            Some(c) if !c.missing.is_empty() => Waiting::CardValues {
                keys: c.missing.clone(),
            },
            Some(_) => Waiting::PlaceGuards,
        };
    }
    advance
}

/// The attempt for the diary's form, prefilled.
pub fn attempt_draft(game: &Game) -> AttemptDraft {
    let ids = |c: Condition| {
        game.assassins
            .iter()
            .filter(|a| a.condition == c)
            .map(|a| a.id.clone())
            .collect::<Vec<_>>()
    };
    AttemptDraft {
        campaign_id: game.campaign_id.clone(),
        memory: game.memory.clone(),
        outcome: game.outcome(),
        reason: game.end,
        difficulty: game.difficulty(),
        eliminated: ids(Condition::Eliminated),
        critical: ids(Condition::Critical),
        turns: game.turn,
    }
}

pub fn play_view(game: &Game) -> PlayView {
    // At the start of a game turn of a memory of an older edition, the
    // app writes the edition step with the next command and decides that
    // command under the new edition: the view offers what it will take.
    if let Some(step) = bagless_game::Rules::edition_step(game) {
        let mut stepped = game.clone();
        for event in &step {
            crate::model::evolve::evolve(&mut stepped, event);
        }
        return view_of(&stepped);
    }
    view_of(game)
}

/// The view of `game` as it plays now, its edition step taken if due.
fn view_of(game: &Game) -> PlayView {
    let card = reinforcement(game);
    let can_save = game.step == Step::Assassin && game.can_save();
    PlayView {
        started: game.is_started(),
        campaign_id: game.campaign_id.clone(),
        memory: game.memory.clone(),
        turn: game.turn,
        step: game.step,
        track: track(game),
        next_step: next_step(game),
        reminders: step_reminders(game),
        alert: game.alert,
        alert_triggers: ALERT_TRIGGERS.iter().map(|k| k.to_string()).collect(),
        easy: game.easy,
        assassins: game
            .assassins
            .iter()
            .map(|a| AssassinView {
                id: a.id.clone(),
                cubes: a.cubes.min(CUBES_PER_TURN),
                slots: CUBES_PER_TURN,
                saved: a.saved,
                can_save: can_save && a.can_act() && !a.saved && a.cubes > 0,
                usable: match game.step {
                    _ if !a.can_act() => 0,
                    Step::Assassin => a.cubes + u8::from(a.saved),
                    s if s.is_enemy() => u8::from(a.saved),
                    _ => 0,
                },
                exposed: a.exposed,
                condition: a.condition,
                eliminated_after_turn: a.critical_since.map(|t| t + 1),
                hits_taken: a.hits_taken,
                conditions: Condition::ALL
                    .iter()
                    .copied()
                    .filter(|c| condition_offered(game, &a.id, *c))
                    .collect(),
                status_switch: offered(
                    game,
                    Command::SetExposed {
                        assassin: a.id.clone(),
                        exposed: !a.exposed,
                    },
                ),
                spend: bounds::spend(game, &a.id),
            })
            .collect(),
        entrances: game.entrances.clone(),
        deck: DeckView {
            assassins: game.deck.assassins,
            pile: game.deck.pile.len() as u8,
            drawn: game.deck.drawn,
            discard: game.deck.discard.clone(),
            reshuffles: game.deck.reshuffles,
            reshuffle_next: game.is_started() && game.deck.pile.is_empty(),
            drawable: drawable(game),
        },
        waiting: waiting(game, card.as_ref()),
        reinforcement: card,
        entry: game.entry.clone(),
        detection: game.detection.clone(),
        pending_tests: game.pending_tests.clone(),
        attack: game.attack.as_ref().map(|a| AttackView {
            attack: a.clone(),
            coordinated: a.attackers.len() > 1,
            total_hits: a.total_hits(),
            suggested_hits: if a.stage == AttackStage::Hits {
                suggested_hits(&a.enemies, a.total_hits())
            } else {
                Vec::new()
            },
            bonus_hits: a.stage == AttackStage::Hits
                && crate::rules::attack::bonus_allowed(game, a),
            bonus: bounds::bonus(game, a),
            hits: bounds::hits(game, a),
        }),
        attempt: attempt_draft(game),
        offers: PlayOffers {
            attack: attack_step(game),
            entry: entry_step(game),
            arrival: game.follows_edition_3() && entry_step(game),
            incognito: incognito(game),
            attackers: game
                .assassins
                .iter()
                .filter(|a| {
                    attack_step(game)
                        && crate::rules::turn::cube_for(
                            game,
                            &a.id,
                            crate::refusals::Section::Attack,
                        )
                        .is_ok()
                })
                .map(|a| a.id.clone())
                .collect(),
            square_limit: SQUARE_LIMIT,
            enemies: NAMED_ENEMIES.iter().map(|e| e.to_string()).collect(),
            weapons: NAMED_WEAPONS.iter().map(|w| w.to_string()).collect(),
            end_reasons: EndReason::ALL
                .into_iter()
                .filter(|reason| offered(game, Command::EndMemory { reason: *reason }))
                .collect(),
            adjust_cubes: bounds::adjust_cubes(),
            guards: bounds::guards(),
            faces: bounds::faces(),
            weapon_dice: bounds::weapon_dice(game),
        },
        assumptions: ASSUMPTIONS.iter().map(|id| id.to_string()).collect(),
    }
}

/// Whether the rules would set `id` to `condition` now.
fn condition_offered(game: &Game, id: &str, condition: Condition) -> bool {
    offered(
        game,
        Command::SetCondition {
            assassin: id.to_string(),
            condition,
        },
    )
}

/// Whether the rules would take `command` now (decided by `decide`'s own
/// path, nothing rolled).
pub(crate) fn offered(game: &Game, command: Command) -> bool {
    crate::rules::decide_with(game, &command, crate::rules::chance::Chance::Seed(None)).is_ok()
}

/// The cards the next draw may bring (see [`DeckView::drawable`]).
fn drawable(game: &Game) -> Vec<u8> {
    let deck = &game.deck;
    let mut cards = if deck.pile.is_empty() {
        deck.discard.clone()
    } else {
        deck.pile.clone()
    };
    cards.sort_unstable();
    cards
}
