//! "Conflicting Targets:" attempts on the same target are resolved before
//! all the others; "TIME OF DEATH": the earliest time goes first, "In the
//! case of a tie, each player rolls a die – the higher value goes first";
//! "Unarmed Assassination:" goes last. In the tie duel ("TIES:") every
//! attempt is in one group, the earliest time first.

use super::{check_phase, faces, Dice};
use crate::model::events::Event;
use crate::model::state::{Attempt, AttemptStatus, Game, Phase};
use crate::refusals::{refuse, RuleCode, RuleViolation, Section};
use std::cmp::Reverse;

/// Who goes next in a group.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Next {
    Player(u8),
    /// These players are level for the next attempt (the same earliest
    /// time, or all unarmed, with no time): they roll for the order.
    Tie(Vec<u8>),
}

/// The order of a group: armed before unarmed, earliest time, then the
/// dice rolled for a tie, highest first.
fn order_key(attempt: &Attempt) -> (bool, u16, Reverse<Vec<u8>>) {
    (
        attempt.weapon.is_none(),
        attempt.minutes().unwrap_or(0),
        Reverse(attempt.order_rolls.clone()),
    )
}

/// The attempts of a group: the same target (or the duel), none missed.
pub fn group(game: &Game, target: Option<u8>) -> Vec<&Attempt> {
    game.attempts
        .iter()
        .filter(|a| a.target == target && a.status != AttemptStatus::Missed)
        .collect()
}

/// The groups of two or more attempts on one target (the duel: one group).
pub fn conflicts(game: &Game) -> Vec<Option<u8>> {
    if game.duel.is_some() {
        return vec![None];
    }
    let mut targets: Vec<Option<u8>> = game.attempts.iter().map(|a| a.target).collect();
    targets.sort();
    targets.dedup();
    targets
        .into_iter()
        .filter(|t| group(game, *t).len() >= 2)
        .collect()
}

/// The pending attempts of a group in resolution order.
pub fn ordered(game: &Game, target: Option<u8>) -> Vec<&Attempt> {
    let mut pending: Vec<&Attempt> = group(game, target)
        .into_iter()
        .filter(|a| a.is_pending())
        .collect();
    pending.sort_by_key(|a| order_key(a));
    pending
}

/// Who resolves next in a group; `None` once all are settled.
pub fn next_in(game: &Game, target: Option<u8>) -> Option<Next> {
    let pending = ordered(game, target);
    let first = pending.first()?;
    let key = order_key(first);
    let tied: Vec<u8> = pending
        .iter()
        .filter(|a| order_key(a) == key)
        .map(|a| a.player)
        .collect();
    Some(if tied.len() > 1 {
        Next::Tie(tied)
    } else {
        Next::Player(first.player)
    })
}

/// Whether `attempt` may be resolved now, or the refusal saying who goes
/// first.
pub fn check_turn(game: &Game, attempt: &Attempt) -> Result<(), RuleViolation> {
    let section = if game.duel.is_some() {
        Section::Ties
    } else {
        Section::ConflictingTargets
    };
    let groups = conflicts(game);
    let tie = |players: &[u8]| {
        refuse(
            RuleCode::TieRollNeeded,
            Section::TimeOfDeath,
            "These players are level for the next attempt (the same earliest time, or unarmed attempts, which have no time): each rolls a die, the higher goes first.",
        )
        .with("players", join(players))
    };
    let first_of = |next: &Next| match next {
        Next::Player(p) => *p,
        Next::Tie(players) => players[0],
    };
    if groups.contains(&attempt.target) {
        return match next_in(game, attempt.target) {
            Some(Next::Player(p)) if p == attempt.player => Ok(()),
            Some(Next::Tie(players)) if players.contains(&attempt.player) => Err(tie(&players)),
            Some(next) => Err(refuse(
                RuleCode::NotNext,
                section,
                "Another player's time of death is earlier: they go first.",
            )
            .with("player", attempt.player)
            .with("next", first_of(&next))),
            None => Ok(()),
        };
    }
    if let Some(next) = groups.iter().find_map(|t| next_in(game, *t)) {
        return Err(refuse(
            RuleCode::ConflictsFirst,
            Section::ConflictingTargets,
            "Attempts on the same target are resolved before all other attempts.",
        )
        .with("player", attempt.player)
        .with("next", first_of(&next)));
    }
    Ok(())
}

fn join(players: &[u8]) -> String {
    players
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// "TIME OF DEATH": the tied players each roll a die; the higher goes
/// first (a new tie among them rolls again).
pub fn roll_for_order(
    game: &Game,
    target: Option<u8>,
    entered: Option<&[u8]>,
    dice: &mut Dice,
) -> Result<Vec<Event>, RuleViolation> {
    check_phase(game, Phase::Reveal, Section::TimeOfDeath)?;
    super::assassination::values_read(game)?;
    let Some(Next::Tie(players)) =
        next_in(game, target).filter(|_| conflicts(game).contains(&target))
    else {
        return Err(refuse(
            RuleCode::NoTie,
            Section::TimeOfDeath,
            "No players are tied for the next attempt on that target.",
        ));
    };
    let faces = faces(entered, players.len(), dice, Section::TimeOfDeath)?;
    Ok(vec![Event::OrderRolled {
        target,
        players,
        faces,
    }])
}
