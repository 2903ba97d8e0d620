//! An entry read from a file, decided again ([`bagless_game::Rules`]): the
//! entry is turned back into the command the players gave, with what the
//! dice showed as if the players had entered it, and decided by the same
//! path as every command ([`super::decide_with`]), so every heading of the
//! rules summary applies. Only the Player One Token's re-rolls
//! ("STARTING THE GAME": Bagless rolls the tied players again) cannot be
//! entered: those faces are taken from the log as Bagless's own rolls and
//! checked to be faces a die shows. The caller compares the answer with
//! the log.

use super::{decide_with, Chance};
use crate::model::box_values::{known, BoxValue, ValueKey};
use crate::model::commands::Command;
use crate::model::events::Event;
use crate::model::state::{Attempt, Game};
use crate::refusals::{refuse, RuleCode, RuleViolation, Section};
use chrono::{DateTime, Utc};

/// The edition of the rules this crate plays. Edition 2 (issue 30, the
/// seed read a second time): the time of death belongs to each Weapon
/// Card played ("TIME OF DEATH", "Playing doubles of Weapon Cards:"), a
/// Contract Card is played with every attempt ("2) PLAY A CONTRACT CARD
/// AND ASSASSIN CARD(S) FACE-DOWN:"), and a hit-list bonus is taken as
/// printed, without a cap ("TOP SECRET HIT LIST CARDS x20"). A game
/// recorded under edition 1 keeps it until its next clean point
/// ([`Game::at_clean_point`]), where Bagless writes `EditionChanged`.
///
/// Edition 3 (issue 55, the seed read a third time): "1) REVEAL YOUR
/// ASSASSINATION ATTEMPTS" "All players now reveal all of their cards
/// face-up at the same time": the reveal waits for each player's attempt
/// or their pass, and turns the cards face up before any value printed on
/// them is asked (a question while they can still be taken back gives them
/// away).
pub const EDITION: u32 = 3;

impl bagless_game::Rules for Game {
    type Event = Event;
    type Refusal = RuleViolation;
    const EDITION: u32 = EDITION;

    fn evolve(&mut self, event: &Event) {
        crate::evolve(self, event)
    }

    fn decide_again(
        &self,
        recorded: &[Event],
        _now: DateTime<Utc>,
    ) -> Result<Vec<Event>, RuleViolation> {
        decide_again(self, recorded)
    }

    fn invariants(&self) -> Vec<String> {
        super::invariants::invariants(self)
    }

    fn played_edition(&self) -> u32 {
        self.edition
    }

    fn at_clean_point(&self) -> bool {
        Game::at_clean_point(self)
    }

    fn edition_step(&self) -> Option<Vec<Event>> {
        bagless_game::edition_due(self).map(|(from, to)| vec![Event::EditionChanged { from, to }])
    }
}

/// The events the rules give for `recorded[0]`, an entry; nothing for an
/// event no player enters (a derived event or a marker), which the caller
/// then finds differs from the log.
pub fn decide_again(game: &Game, recorded: &[Event]) -> Result<Vec<Event>, RuleViolation> {
    if let Some(Event::EditionChanged { from, to }) = recorded.first() {
        // A step an older Bagless wrote went to its own edition (1 to 2,
        // before edition 3): believed where it was due, like the step of
        // today (to this crate's edition).
        let due = bagless_game::edition_due(game)
            .is_some_and(|(now, _)| *from == now && (now + 1..=EDITION).contains(to));
        if !due {
            return Err(refuse(
                RuleCode::EditionNotDue,
                Section::SavingTheGame,
                "The rules change edition only between two rounds, to Bagless's own.",
            ));
        }
        return Ok(vec![Event::EditionChanged {
            from: *from,
            to: *to,
        }]);
    }
    match recorded.first().and_then(|entry| entered(game, entry)) {
        Some((command, chance)) => decide_with(game, &command, chance),
        None => Ok(Vec::new()),
    }
}

/// The command behind an entry, and where its dice come from.
fn entered(game: &Game, entry: &Event) -> Option<(Command, Chance)> {
    let entered = Chance::Seed(None);
    let command = match entry.clone() {
        Event::GameCreated { .. } => return starting_the_game(entry),
        Event::BoxValueSet { key, value } => Command::SetBoxValue { key, value },
        Event::CardsBought { player, count } => Command::BuyCards { player, count },
        Event::IntelEnded => Command::EndIntel,
        Event::AttemptDeclared { attempt } => declared(game, &attempt),
        Event::AttemptWithdrawn { player } => Command::WithdrawAttempt { player },
        Event::AttemptPassed { player } => Command::PassAttempt { player },
        Event::AttemptsRevealed => Command::Reveal,
        Event::ModifierPlayed { player, modifier } => Command::PlayModifier {
            player,
            card: modifier.card,
            played_by: modifier.played_by,
        },
        Event::OrderRolled { target, faces, .. } => Command::RollForOrder {
            target,
            dice: Some(faces),
        },
        // An automatic success or failure rolls no die.
        Event::AttemptResolved {
            player,
            dice,
            believed,
            ..
        } => Command::Resolve {
            player,
            dice: (!dice.is_empty()).then_some(dice),
            believed,
        },
        Event::RoundEnded { .. } => Command::EndRound,
        Event::HitListRevealed { player, entries } => Command::RevealHitList { player, entries },
        Event::HitListKept { player, entries } => Command::KeepHitList { player, entries },
        Event::CountClosed { .. } => Command::CloseCount,
        Event::Adjusted {
            player,
            cash,
            debt,
            reason,
            ..
        } => Command::Adjust {
            player,
            cash,
            debt,
            reason,
        },
        Event::TargetAdjusted {
            target,
            cash,
            reason,
            ..
        } => Command::AdjustTarget {
            target,
            cash,
            reason,
        },
        Event::AttemptMissed { .. }
        | Event::TargetEliminated { .. }
        | Event::TargetRaised { .. }
        | Event::AttemptDiscarded { .. }
        | Event::AllTargetsEliminated
        | Event::HitListTurnedOver { .. }
        | Event::GameWon { .. }
        | Event::DuelBegan { .. }
        | Event::DuelRoundBegan { .. }
        | Event::EditionChanged { .. }
        | Event::EntryUndone { .. }
        | Event::EntryRedone { .. } => return None,
    };
    Some((command, entered))
}

/// "STARTING THE GAME": the Player One Token given, or the dice rolled for
/// it. One round of dice is what the players could have entered; more
/// rounds are Bagless's re-rolls of a tie, taken from the log (a 0 marks a
/// player who did not roll again).
fn starting_the_game(entry: &Event) -> Option<(Command, Chance)> {
    let Event::GameCreated {
        players,
        first_player,
        first_rolls,
        storytelling,
        box_values,
        specialist_rolls,
        edition,
    } = entry.clone()
    else {
        return None;
    };
    // Bagless's rolls, in the order the rules roll them: the specialists
    // dealt, then the Player One Token's re-rolls.
    let mut recorded = specialist_rolls.clone();
    let (first_player, dice) = match first_rolls.as_slice() {
        [] => (Some(first_player), None),
        [faces] => (None, Some(faces.clone())),
        rounds => {
            recorded.extend(rounds.iter().flatten().copied().filter(|f| *f != 0));
            (None, None)
        }
    };
    let chance = if recorded.is_empty() {
        Chance::Seed(None)
    } else {
        Chance::Recorded(recorded)
    };
    let command = Command::CreateGame {
        players,
        first_player,
        dice,
        storytelling,
        box_values,
        deal_specialists: (!specialist_rolls.is_empty()).then_some(true),
        edition: Some(edition),
    };
    Some((command, chance))
}

/// "2) PLAY A CONTRACT CARD AND ASSASSIN CARD(S) FACE-DOWN:" the cards as
/// the players named them; under edition 1 the time of death is entered
/// only where the card prints another than the weapon's known time, under
/// edition 2 the time printed on each Weapon Card played.
fn declared(game: &Game, attempt: &Attempt) -> Command {
    let cards = attempt.weapon.as_ref().and_then(|w| w.cards.clone());
    let (time, second_time) = match cards {
        Some(cards) => (cards.first().copied(), cards.get(1).copied()),
        None => (edition_1_time(game, attempt), None),
    };
    Command::DeclareAttempt {
        player: attempt.player,
        target: attempt.target,
        weapon: attempt.weapon.as_ref().map(|w| w.id.clone()),
        doubled: attempt.doubled,
        modifiers: attempt.modifiers.iter().map(|m| m.card.clone()).collect(),
        contract: attempt.contract.clone(),
        time,
        second_time,
    }
}

/// Edition 1: a time typed only where it differs from the weapon's.
fn edition_1_time(game: &Game, attempt: &Attempt) -> Option<u16> {
    attempt.weapon.as_ref().and_then(|weapon| {
        let printed = known(&game.box_values, &ValueKey::WeaponTime(weapon.id.clone()));
        (printed != Some(BoxValue::Number(i32::from(weapon.time)))).then_some(weapon.time)
    })
}
