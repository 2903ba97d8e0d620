//! The referee: [`decide`] sends each command to the module of its
//! heading (SETUP and DIFFICULTY LEVEL: `setup`; GAME TURN, its phases,
//! ASSASSIN ACTIONS and SAVE 1: `turn`; 1. ENEMY REINFORCEMENT, <29> Enemy
//! Reinforcement Step and ENEMIES: `reinforcement`; ALERT STATE,
//! INCOGNITO AND EXPOSED, DETECTION TEST, CRITICAL CONDITION and
//! ELIMINATED: `stealth`; USE A WEAPON, COORDINATED ATTACK and their
//! French pages: `attack`; A MEMORY IS SUCCESSFUL / FAILED AS SOON AS:
//! `end`; SAVING THE GAME: `undo`). Each returns the events, or the refusal
//! naming the rule; nothing here changes the memory. What chance gives
//! comes from `chance`; a log read from a file is decided again by
//! `again`, and what always holds is checked by `invariants`.

pub mod again;
pub mod attack;
pub(crate) mod chance;
pub mod end;
pub mod invariants;
pub mod reinforcement;
pub mod setup;
pub mod stealth;
pub mod turn;
pub mod undo;

use crate::model::commands::Command;
use crate::model::events::Event;
use crate::model::state::{evolve, AssassinState, AttackStage, Game};
use crate::model::types::{Condition, Outcome, Step};
use crate::refusals::{refuse, RuleCode, RuleViolation, Section};
use bagless_game::Envelope;
use chance::{Chance, Dice};
use chrono::{DateTime, Utc};

/// What a command is decided with besides the memory: the time, and the
/// seed of the dice and shuffles Bagless makes (none: the players enter
/// every die and every card).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Context {
    pub now: DateTime<Utc>,
    pub seed: Option<u64>,
}

/// Checks a command against the memory and the rules, and returns the
/// events it produces (its entry first, then what follows from it).
pub fn decide(game: &Game, command: &Command, ctx: &Context) -> Result<Vec<Event>, RuleViolation> {
    decide_with(game, command, Chance::Seed(ctx.seed))
}

/// [`decide`], what chance gives coming from `chance`: the seed, or what a
/// log recorded (an entry decided again).
pub(crate) fn decide_with(
    game: &Game,
    command: &Command,
    chance: Chance,
) -> Result<Vec<Event>, RuleViolation> {
    let starting = matches!(command, Command::StartMemory { .. });
    if !game.is_started() && !starting {
        return Err(refuse(
            RuleCode::NotStarted,
            Section::Setup,
            "The memory has not been set up yet.",
        ));
    }
    if game.step == Step::Over && !matches!(command, Command::SetBoxValue { .. }) {
        let section = match game.outcome() {
            Some(Outcome::Success) => Section::MemorySuccessful,
            _ => Section::MemoryFailed,
        };
        return Err(refuse(RuleCode::MemoryOver, section, "The memory is over."));
    }
    check_attack_settled(game, command)?;
    stealth::check_tests_rolled(game, command)?;
    let mut dice = Dice::new(chance);
    match command {
        Command::StartMemory { .. } => setup::start(game, command, &mut dice),
        Command::SetBoxValue { key, value } => setup::set_box_value(game, key, value),
        Command::SetEntrances { entrances } => setup::set_entrances(game, entrances),
        Command::SetDifficulty { easy } => setup::set_difficulty(game, *easy),
        Command::Advance => turn::advance(game),
        Command::SpendCubes { assassin, count } => turn::spend_cubes(game, assassin, *count),
        Command::SaveCube { assassin } => turn::save_cube(game, assassin),
        Command::Adjust {
            assassin,
            cubes,
            saved,
            reason,
        } => turn::adjust(game, assassin, *cubes, *saved, reason),
        Command::DrawReinforcement { card } => reinforcement::draw(game, *card, &mut dice),
        Command::PlaceReinforcements => reinforcement::place(game),
        Command::EnterSquare {
            entrance,
            enemies,
            bodies,
            entering,
            incognito,
        } => reinforcement::enter_square(game, *entrance, *enemies, *bodies, *entering, incognito),
        Command::SetAlert { on } => stealth::set_alert(game, *on),
        Command::SetExposed { assassin, exposed } => stealth::set_exposed(game, assassin, *exposed),
        Command::DetectionTest {
            assassin,
            dice: count,
            faces,
        } => stealth::detection_test(
            game,
            assassin.as_deref(),
            *count,
            faces.as_deref(),
            &mut dice,
        ),
        Command::SetCondition {
            assassin,
            condition,
        } => stealth::set_condition(game, assassin, *condition),
        Command::Attack { attackers, enemies } => {
            attack::attack(game, attackers, enemies, &mut dice)
        }
        Command::AssignHits { hits, bonus_hits } => {
            attack::assign_hits(game, hits.as_deref(), *bonus_hits)
        }
        Command::RollRiposte { hits } => attack::roll_riposte(game, hits.as_deref(), &mut dice),
        Command::EndMemory { reason } => end::end_memory(game, *reason),
    }
}

/// An attack is settled before anything else is done at the table but the
/// corrections: its hits given, then its retaliation rolled. Edition 2:
/// no one leaves the map before it is settled (they would take its hits
/// though "Assassins who have left the map ... [are not] affected by
/// anything").
fn check_attack_settled(game: &Game, command: &Command) -> Result<(), RuleViolation> {
    let Some(attack) = game.open_attack() else {
        return Ok(());
    };
    let leaving = matches!(
        command,
        Command::SetCondition {
            condition: Condition::LeftMap,
            ..
        }
    );
    let allowed = !(leaving && game.follows_edition_2())
        && matches!(
            command,
            Command::AssignHits { .. }
                | Command::RollRiposte { .. }
                | Command::SetBoxValue { .. }
                | Command::SetAlert { .. }
                | Command::SetExposed { .. }
                | Command::SetCondition { .. }
                | Command::SetDifficulty { .. }
                | Command::SetEntrances { .. }
                | Command::Adjust { .. }
        );
    if allowed {
        return Ok(());
    }
    Err(match attack.stage {
        AttackStage::Riposte => refuse(
            RuleCode::RipostePending,
            Section::Retaliation,
            "The enemies retaliate first: roll the black dice.",
        ),
        _ => refuse(
            RuleCode::AttackPending,
            Section::Assign,
            "Assign the hits of the attack first.",
        ),
    })
}

/// The memory the events in effect build (undone entries left out).
pub fn replay(log: &[Envelope<Event>]) -> Game {
    let mut game = Game::default();
    for envelope in bagless_game::undo::in_effect(log) {
        evolve(&mut game, &envelope.event);
    }
    game
}

/// The refusal when Bagless has no seed to roll with.
pub fn dice_needed(section: Section) -> RuleViolation {
    refuse(
        RuleCode::DiceNeeded,
        section,
        "Enter the dice rolled at the table, or let Bagless roll.",
    )
}

/// A faces entry checked for its count.
pub fn check_count<T>(faces: &[T], count: usize, section: Section) -> Result<(), RuleViolation> {
    if faces.len() == count {
        return Ok(());
    }
    Err(refuse(
        RuleCode::DiceCount,
        section,
        format!("{count} dice are rolled here."),
    )
    .with("count", count))
}

/// An assassin of the memory.
pub fn assassin<'a>(
    game: &'a Game,
    id: &str,
    section: Section,
) -> Result<&'a AssassinState, RuleViolation> {
    game.assassin(id).ok_or_else(|| {
        refuse(
            RuleCode::AssassinUnknown,
            section,
            format!("{id} is not in this memory."),
        )
        .with("assassin", id.chars().take(60).collect::<String>())
    })
}

/// An assassin on the map and not laid down ("CRITICAL CONDITION": "They
/// cannot do anything"; "Assassins who have left the map cannot do
/// anything").
pub fn able<'a>(
    game: &'a Game,
    id: &str,
    section: Section,
) -> Result<&'a AssassinState, RuleViolation> {
    let a = assassin(game, id, section)?;
    if a.can_act() {
        return Ok(a);
    }
    Err(refuse(
        RuleCode::AssassinCannotAct,
        section,
        format!("{id} cannot do anything now."),
    )
    .with("assassin", id)
    .with_id("condition", a.condition))
}

/// An enemy's or a weapon's id: lowercase letters, digits and `_`.
pub fn check_id(id: &str, what: &str, section: Section) -> Result<(), RuleViolation> {
    use crate::model::box_values::{is_slug, MAX_ID};
    if id.is_empty() {
        return Err(refuse(RuleCode::IdEmpty, section, "A name is needed.").with("what", what));
    }
    if id.chars().count() > MAX_ID {
        return Err(refuse(
            RuleCode::IdTooLong,
            section,
            format!("An id has at most {MAX_ID} characters."),
        )
        .with("what", what)
        .with("max", MAX_ID));
    }
    if !is_slug(id) {
        return Err(refuse(
            RuleCode::IdInvalid,
            section,
            "An id is written in lowercase letters, digits and _.",
        )
        .with("what", what));
    }
    Ok(())
}

/// A name typed by the players (a campaign, a memory, an assassin): not
/// empty, not too long, no control characters.
pub fn check_text(
    text: &str,
    what: &str,
    max: usize,
    section: Section,
) -> Result<(), RuleViolation> {
    if text.trim().is_empty() {
        return Err(refuse(RuleCode::IdEmpty, section, "A name is needed.").with("what", what));
    }
    if text.chars().count() > max {
        return Err(refuse(
            RuleCode::IdTooLong,
            section,
            format!("A name has at most {max} characters."),
        )
        .with("what", what)
        .with("max", max));
    }
    if text.chars().any(char::is_control) {
        return Err(refuse(
            RuleCode::IdControl,
            section,
            "A name cannot hold control characters.",
        )
        .with("what", what));
    }
    Ok(())
}

/// Refuses a command made outside its step.
pub fn wrong_step(game: &Game, section: Section) -> RuleViolation {
    refuse(
        RuleCode::WrongStep,
        section,
        format!("That is not done in the {:?} step.", game.step),
    )
    .with_id("step", game.step)
}
