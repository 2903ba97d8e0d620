//! "4. END OF TURN PHASE": "Check if the memory is a success or a
//! failure." "A MEMORY IS SUCCESSFUL AS SOON AS:" every objective is
//! completed, 1+ assassin has left through a fast travel station and none
//! is left on the map; "A MEMORY IS FAILED AS SOON AS:" all assassins are
//! eliminated, the memory's own failure condition is met, or there are not
//! enough miniatures to place all the guards. "ELIMINATED": an assassin in
//! critical condition not healed "before the end of the next game turn".

use super::wrong_step;
use crate::model::events::Event;
use crate::model::state::Game;
use crate::model::types::{Condition, EndReason};
use crate::refusals::{refuse, RuleCode, RuleViolation, Section};

/// The assassins still on the map (those in critical condition too:
/// `memory_critical_on_map`).
fn on_map(game: &Game) -> Vec<&str> {
    game.assassins
        .iter()
        .filter(|a| matches!(a.condition, Condition::OnMap | Condition::Critical))
        .map(|a| a.id.as_str())
        .collect()
}

/// "A MEMORY IS SUCCESSFUL AS SOON AS: ... At least 1 assassin has left the
/// map using a fast travel station and No assassin is left on the map."
/// The objectives are the players' to say (not tracked).
pub fn success_met(game: &Game) -> bool {
    on_map(game).is_empty()
        && game
            .assassins
            .iter()
            .any(|a| a.condition == Condition::LeftMap)
}

/// Whether the success is met once `eliminated` (the end of turn's
/// events) are applied: no one left on the map, 1+ assassin gone.
pub fn success_after(game: &Game, eliminated: &[Event]) -> bool {
    let gone = |id: &str| {
        eliminated
            .iter()
            .any(|e| matches!(e, Event::AssassinEliminated { assassin } if assassin == id))
    };
    game.assassins
        .iter()
        .all(|a| !matches!(a.condition, Condition::OnMap | Condition::Critical) || gone(&a.id))
        && game
            .assassins
            .iter()
            .any(|a| a.condition == Condition::LeftMap)
}

/// The memory declared a success or a failure.
pub fn end_memory(game: &Game, reason: EndReason) -> Result<Vec<Event>, RuleViolation> {
    if !game.is_started() {
        return Err(wrong_step(game, Section::MemoryFailed));
    }
    match reason {
        EndReason::Completed => {
            if !success_met(game) {
                return Err(refuse(
                    RuleCode::SuccessNotMet,
                    Section::MemorySuccessful,
                    "At least 1 assassin must have left using a fast travel station, and none be left on the map.",
                )
                .with("assassins", on_map(game).join(", ")));
            }
        }
        EndReason::AllEliminated => {
            if !all_eliminated(game.assassins.iter().map(|a| a.condition)) {
                return Err(refuse(
                    RuleCode::NotAllEliminated,
                    Section::MemoryFailed,
                    "Not every assassin has been eliminated.",
                ));
            }
        }
        EndReason::FailureCondition | EndReason::NotEnoughMiniatures => {}
    }
    Ok(vec![Event::MemoryEnded { reason }])
}

pub fn all_eliminated(mut conditions: impl Iterator<Item = Condition>) -> bool {
    conditions.all(|c| c == Condition::Eliminated)
}

/// What follows the end of turn: those in critical condition since an
/// earlier turn are eliminated, and the memory fails when none is left.
pub fn end_of_turn(game: &Game) -> Vec<Event> {
    let mut events: Vec<Event> = game
        .assassins
        .iter()
        .filter(|a| a.condition == Condition::Critical)
        .filter(|a| a.critical_since.is_some_and(|t| t < game.turn))
        .map(|a| Event::AssassinEliminated {
            assassin: a.id.clone(),
        })
        .collect();
    let conditions = game.assassins.iter().map(|a| {
        let eliminated = events
            .iter()
            .any(|e| matches!(e, Event::AssassinEliminated { assassin } if *assassin == a.id));
        if eliminated {
            Condition::Eliminated
        } else {
            a.condition
        }
    });
    if !events.is_empty() && all_eliminated(conditions) {
        events.push(Event::MemoryFailed {
            reason: EndReason::AllEliminated,
        });
    }
    events
}
