//! The referee: [`decide`] sends each command to the module of its heading
//! in the rules summary (SETUP and STARTING THE GAME: `setup`; INTEL PHASE:
//! `intel`; ASSASSINATION PHASE: `assassination`; Conflicting Targets: and
//! TIME OF DEATH: `conflicts`; REVEAL PHASE, ASSASSINATION SUCCESS: and
//! ASSASSINATION FAILURE: `reveal`; END OF ROUND, WINNING THE GAME and
//! TIES: `end`; CASH AND DEBT TOKENS x90 corrections: `overrides`; SAVING
//! THE GAME: `undo`). Each returns the events, or the refusal naming the
//! rule; nothing here changes the game. A log read from a file is decided
//! again through the same path (`again`), and what always holds is in
//! `invariants`.

pub mod again;
pub mod assassination;
pub mod conflicts;
pub mod end;
pub mod intel;
pub mod invariants;
pub mod overrides;
pub mod reveal;
pub mod seats;
pub mod setup;
pub mod undo;

use crate::model::commands::Command;
use crate::model::events::Event;
use crate::model::state::{evolve, Game, Phase};
use crate::refusals::{refuse, RuleCode, RuleViolation, Section};
use bagless_game::Envelope;
use chrono::{DateTime, Utc};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// What a command is decided with besides the game: the time, and the seed
/// of the dice Bagless rolls (none: the players enter every die).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Context {
    pub now: DateTime<Utc>,
    pub seed: Option<u64>,
}

/// Checks a command against the game and the rules, and returns the events
/// it produces (its entry first, then what follows from it).
pub fn decide(game: &Game, command: &Command, ctx: &Context) -> Result<Vec<Event>, RuleViolation> {
    decide_with(game, command, Chance::Seed(ctx.seed))
}

/// Where the dice Bagless rolls come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Chance {
    /// Rolled from the context's seed (none: the players enter every die).
    Seed(Option<u64>),
    /// A log decided again: the faces it recorded for Bagless's rolls, in
    /// the order the rules roll them.
    Recorded(Vec<u8>),
}

/// [`decide`] with its chance given: the one path every command goes
/// through, the players' and a file's.
pub(crate) fn decide_with(
    game: &Game,
    command: &Command,
    chance: Chance,
) -> Result<Vec<Event>, RuleViolation> {
    let creating = matches!(command, Command::CreateGame { .. });
    if !game.is_created() && !creating {
        return Err(refuse(
            RuleCode::NotCreated,
            Section::StartingTheGame,
            "The game has not been set up yet.",
        ));
    }
    let correcting = matches!(command, Command::SetBoxValue { .. });
    if game.phase == Phase::Over && !correcting {
        return Err(refuse(
            RuleCode::GameOver,
            Section::WinningTheGame,
            "The game is over: the winner is named.",
        ));
    }
    let mut dice = Dice::from_chance(chance);
    match command {
        Command::CreateGame { .. } => setup::create(game, command, &mut dice),
        Command::SetBoxValue { key, value } => setup::set_box_value(game, key, value),
        Command::BuyCards { player, count } => intel::buy(game, *player, *count),
        Command::EndIntel => intel::end(game),
        Command::DeclareAttempt { .. } => assassination::declare(game, command),
        Command::WithdrawAttempt { player } => assassination::withdraw(game, *player),
        Command::PassAttempt { player } => assassination::pass(game, *player),
        Command::Reveal => assassination::reveal(game),
        Command::PlayModifier {
            player,
            card,
            played_by,
        } => reveal::play_modifier(game, *player, card, *played_by),
        Command::RollForOrder {
            target,
            dice: faces,
        } => conflicts::roll_for_order(game, *target, faces.as_deref(), &mut dice),
        Command::Resolve {
            player,
            dice: faces,
            believed,
        } => reveal::resolve(game, *player, faces.as_deref(), *believed, &mut dice),
        Command::EndRound => end::end_round(game),
        Command::RevealHitList { player, entries } => end::reveal_hit_list(game, *player, entries),
        Command::KeepHitList { player, entries } => end::keep_hit_list(game, *player, entries),
        Command::CloseCount => end::close_count(game),
        Command::Adjust {
            player,
            cash,
            debt,
            reason,
        } => overrides::adjust(game, *player, *cash, *debt, reason),
        Command::AdjustTarget {
            target,
            cash,
            reason,
        } => overrides::adjust_target(game, *target, *cash, reason),
    }
}

/// The game the events in effect build (undone entries left out).
pub fn replay(log: &[Envelope<Event>]) -> Game {
    let mut game = Game::default();
    for envelope in bagless_game::undo::in_effect(log) {
        evolve(&mut game, &envelope.event);
    }
    game
}

/// The dice Bagless rolls for one command: from the context's seed, or
/// the faces a log recorded.
pub struct Dice {
    rng: Option<StdRng>,
    recorded: Option<std::collections::VecDeque<u8>>,
}

impl Dice {
    pub fn new(seed: Option<u64>) -> Dice {
        Dice::from_chance(Chance::Seed(seed))
    }

    pub(crate) fn from_chance(chance: Chance) -> Dice {
        match chance {
            Chance::Seed(seed) => Dice {
                rng: seed.map(StdRng::seed_from_u64),
                recorded: None,
            },
            Chance::Recorded(faces) => Dice {
                rng: None,
                recorded: Some(faces.into()),
            },
        }
    }

    /// `count` faces, or `None` without a seed (or once the recorded
    /// faces run out).
    pub fn roll(&mut self, count: usize) -> Option<Vec<u8>> {
        if let Some(recorded) = &mut self.recorded {
            if recorded.len() < count {
                return None;
            }
            return Some(recorded.drain(..count).collect());
        }
        let rng = self.rng.as_mut()?;
        Some((0..count).map(|_| rng.random_range(1..=6u8)).collect())
    }
}

/// The faces the players entered, or Bagless's roll: `count` dice of 1 to 6.
pub fn faces(
    entered: Option<&[u8]>,
    count: usize,
    dice: &mut Dice,
    section: Section,
) -> Result<Vec<u8>, RuleViolation> {
    match entered {
        Some(faces) => {
            if faces.len() != count {
                return Err(refuse(
                    RuleCode::DiceCount,
                    section,
                    format!("{count} dice are rolled here."),
                )
                .with("count", count));
            }
            check_faces(faces)?;
            Ok(faces.to_vec())
        }
        None => {
            let rolled = dice.roll(count).ok_or_else(|| {
                refuse(
                    RuleCode::DiceNeeded,
                    section,
                    "Enter the dice rolled at the table, or let Bagless roll.",
                )
            })?;
            // A recorded roll is one a die could show.
            check_faces(&rolled)?;
            Ok(rolled)
        }
    }
}

/// "COMPONENTS", "DICE x6": a die shows 1 to 6.
fn check_faces(faces: &[u8]) -> Result<(), RuleViolation> {
    match faces.iter().find(|f| !(1..=6).contains(*f)) {
        Some(face) => Err(refuse(
            RuleCode::DieFace,
            Section::Components,
            format!("A six-sided die shows 1 to 6, not {face}."),
        )
        .with("face", face)),
        None => Ok(()),
    }
}

/// A player's seat, checked.
pub fn check_player(game: &Game, player: u8, section: Section) -> Result<(), RuleViolation> {
    if (player as usize) < game.players.len() {
        Ok(())
    } else {
        Err(refuse(
            RuleCode::PlayerUnknown,
            section,
            format!("There is no player {player}."),
        )
        .with("player", player))
    }
}

/// Refuses a command made outside its phase.
pub fn check_phase(game: &Game, phase: Phase, section: Section) -> Result<(), RuleViolation> {
    if game.phase == phase {
        Ok(())
    } else {
        Err(wrong_phase(game, section))
    }
}

pub fn wrong_phase(game: &Game, section: Section) -> RuleViolation {
    refuse(
        RuleCode::WrongPhase,
        section,
        format!("That is not done in the {:?} phase.", game.phase),
    )
    .with_id("phase", game.phase)
}
