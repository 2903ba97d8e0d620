//! A dice race: the smallest game that goes Bagless's whole road, kept to
//! show (and test) what adding a game costs. Two to six players roll one
//! die in turn; the first whose total reaches the target wins. It has
//! everything a real rules crate has: entries and derived events, dice
//! whose faces are kept in the log, refusals, undo and redo, an
//! invariant, its entries decided again, and a clean point (a round's
//! start) for a new edition of its rules.
//!
//! Registered in the app only in test builds (`bagless-app`'s feature
//! `test-game`).

// A game's decide and evolve read as its rulebook's sections: no function
// over the lines of clippy.toml's `too-many-lines-threshold` (a view or a
// file's reading says so where it lists one thing per line).
#![deny(clippy::too_many_lines)]

use bagless_game::undo::{self, Logged, Marker, UndoRefusal, Undoable};
use bagless_game::{Envelope, Rules};
use chrono::{DateTime, Utc};
use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

pub mod seats;

/// The players' commands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "type", rename_all = "snake_case")]
#[ts(export, export_to = "dice_race/")]
pub enum Command {
    CreateGame {
        players: Vec<String>,
        target: u32,
    },
    /// A roll: the face the players read, or none for Bagless to roll.
    Roll {
        #[serde(default)]
        #[ts(optional)]
        face: Option<u8>,
    },
}

/// What the log keeps.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    GameCreated { players: Vec<String>, target: u32 },
    Rolled { player: usize, face: u8 },
    Won { player: usize },
    Undone { seq: u32 },
    Redone { seq: u32 },
}

impl Logged for Event {
    fn marker(&self) -> Option<Marker> {
        match self {
            Event::Undone { seq } => Some(Marker::Undone(*seq)),
            Event::Redone { seq } => Some(Marker::Redone(*seq)),
            _ => None,
        }
    }
    fn is_entry(&self) -> bool {
        matches!(self, Event::GameCreated { .. } | Event::Rolled { .. })
    }
    fn is_creation(&self) -> bool {
        matches!(self, Event::GameCreated { .. })
    }
}

/// Why the rules refuse a command: a code, the section of the race's rules
/// it rests on, and the sentence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub code: &'static str,
    pub section: &'static str,
    pub message: String,
}

/// The race's rules, by heading: the set-up (2 to 6 players, a target),
/// the rolls (one die in turn until a total reaches the target), and
/// Bagless's own (undo and redo).
pub const SETTING_UP: &str = "SETTING UP";
pub const ROLLING: &str = "ROLLING";
pub const SAVING_THE_GAME: &str = "SAVING THE GAME";

impl bagless_game::RuleRefusal for Refusal {
    fn section(&self) -> String {
        self.section.to_string()
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

fn refuse<T>(code: &'static str, section: &'static str, message: &str) -> Result<T, Refusal> {
    Err(Refusal {
        code,
        section,
        message: message.to_string(),
    })
}

impl Undoable for Event {
    type Refusal = Refusal;
    fn marker_event(marker: Marker) -> Self {
        match marker {
            Marker::Undone(seq) => Event::Undone { seq },
            Marker::Redone(seq) => Event::Redone { seq },
        }
    }
    fn undo_refusal(refused: UndoRefusal) -> Refusal {
        Refusal {
            code: refused.code(),
            section: SAVING_THE_GAME,
            message: refused.message().to_string(),
        }
    }
}

/// The race as the log leaves it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    pub players: Vec<String>,
    pub target: u32,
    pub totals: Vec<u32>,
    /// Whose roll it is.
    pub next: usize,
    pub winner: Option<usize>,
    /// Rolls so far.
    pub rolls: u32,
}

impl Game {
    /// The round being played: every player rolls once a round.
    pub fn round(&self) -> u32 {
        1 + self.rolls / self.players.len().max(1) as u32
    }
}

/// What the rules take from outside: the time and the seed of Bagless's die.
pub struct Context {
    pub now: DateTime<Utc>,
    pub seed: Option<u64>,
}

/// The highest target the race takes.
pub const MAX_TARGET: u32 = 100;

pub fn decide(game: &Game, command: &Command, ctx: &Context) -> Result<Vec<Event>, Refusal> {
    match command {
        Command::CreateGame { players, target } => {
            if !game.players.is_empty() {
                return refuse("already_created", SETTING_UP, "The race has begun.");
            }
            if !(2..=6).contains(&players.len()) {
                return refuse("players", SETTING_UP, "A race takes 2 to 6 players.");
            }
            if !(1..=MAX_TARGET).contains(target) {
                return refuse("target", SETTING_UP, "The target is 1 to 100.");
            }
            Ok(vec![Event::GameCreated {
                players: players.clone(),
                target: *target,
            }])
        }
        Command::Roll { face } => {
            if game.players.is_empty() {
                return refuse("not_created", ROLLING, "There is no race yet.");
            }
            if game.winner.is_some() {
                return refuse("over", ROLLING, "The race is over.");
            }
            let face = match face {
                Some(face) if (1..=6).contains(face) => *face,
                Some(_) => return refuse("face", ROLLING, "A die shows 1 to 6."),
                None => {
                    let mut rng = rand::rngs::StdRng::seed_from_u64(ctx.seed.unwrap_or(0));
                    rng.random_range(1..=6)
                }
            };
            let player = game.next;
            let mut events = vec![Event::Rolled { player, face }];
            if game.totals[player] + u32::from(face) >= game.target {
                events.push(Event::Won { player });
            }
            Ok(events)
        }
    }
}

pub fn evolve(game: &mut Game, event: &Event) {
    match event {
        Event::GameCreated { players, target } => {
            *game = Game {
                players: players.clone(),
                target: *target,
                totals: vec![0; players.len()],
                next: 0,
                winner: None,
                rolls: 0,
            };
        }
        Event::Rolled { player, face } => {
            if let Some(total) = game.totals.get_mut(*player) {
                *total += u32::from(*face);
            }
            game.next = (player + 1) % game.players.len().max(1);
            game.rolls += 1;
        }
        Event::Won { player } => game.winner = Some(*player),
        Event::Undone { .. } | Event::Redone { .. } => {}
    }
}

/// The state a log leads to (undone entries left out).
pub fn replay(log: &[Envelope<Event>]) -> Game {
    let mut game = Game::default();
    for envelope in undo::in_effect(log) {
        evolve(&mut game, &envelope.event);
    }
    game
}

pub fn decide_undo(log: &[Envelope<Event>]) -> Result<Vec<Event>, Refusal> {
    undo::undo_events(log)
}

pub fn decide_redo(log: &[Envelope<Event>]) -> Result<Vec<Event>, Refusal> {
    undo::redo_events(log)
}

pub fn decide_jump_back(log: &[Envelope<Event>], seq: u32) -> Result<Vec<Event>, Refusal> {
    undo::jump_back_events(log, seq)
}

impl Rules for Game {
    type Event = Event;
    type Refusal = Refusal;
    const EDITION: u32 = 1;

    fn evolve(&mut self, event: &Event) {
        evolve(self, event)
    }

    fn decide_again(&self, recorded: &[Event], now: DateTime<Utc>) -> Result<Vec<Event>, Refusal> {
        let command = match &recorded[0] {
            Event::GameCreated { players, target } => Command::CreateGame {
                players: players.clone(),
                target: *target,
            },
            // The face recorded is one a die can show, or the rules refuse it.
            Event::Rolled { face, .. } => Command::Roll { face: Some(*face) },
            _ => {
                return refuse(
                    "not_an_entry",
                    SAVING_THE_GAME,
                    "That is no player's entry.",
                )
            }
        };
        decide(self, &command, &Context { now, seed: None })
    }

    fn invariants(&self) -> Vec<String> {
        let mut broken = Vec::new();
        if self.totals.len() != self.players.len() {
            broken.push("a player has no total".to_string());
        }
        if self
            .winner
            .is_some_and(|w| self.totals.get(w) < Some(&self.target))
        {
            broken.push("the winner has not reached the target".to_string());
        }
        broken
    }

    fn at_clean_point(&self) -> bool {
        self.next == 0
    }
}

/// What the race's screen shows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export, export_to = "dice_race/")]
pub struct RaceView {
    pub players: Vec<String>,
    pub totals: Vec<u32>,
    pub target: u32,
    pub next: usize,
    pub winner: Option<usize>,
    /// Whether a roll is taken now.
    pub can_roll: bool,
}

pub fn view(game: &Game) -> RaceView {
    RaceView {
        players: game.players.clone(),
        totals: game.totals.clone(),
        target: game.target,
        next: game.next,
        winner: game.winner,
        can_roll: !game.players.is_empty() && game.winner.is_none(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ctx(seed: u64) -> Context {
        Context {
            now: DateTime::<Utc>::UNIX_EPOCH,
            seed: Some(seed),
        }
    }

    fn play(game: &mut Game, command: Command) -> Vec<Event> {
        let events = decide(game, &command, &ctx(7)).unwrap();
        for event in &events {
            evolve(game, event);
        }
        events
    }

    #[test]
    fn the_first_to_reach_the_target_wins_and_the_race_stops() {
        let mut game = Game::default();
        play(
            &mut game,
            Command::CreateGame {
                players: vec!["Ana".into(), "Bruno".into()],
                target: 8,
            },
        );
        play(&mut game, Command::Roll { face: Some(6) });
        assert!(!game.at_clean_point());
        play(&mut game, Command::Roll { face: Some(1) });
        let last = play(&mut game, Command::Roll { face: Some(2) });
        assert_eq!(last[1], Event::Won { player: 0 });
        let again = decide(&game, &Command::Roll { face: None }, &ctx(1));
        assert_eq!(again.unwrap_err().code, "over");
        assert!(game.invariants().is_empty());
    }

    #[test]
    fn a_face_no_die_shows_and_a_race_of_one_are_refused() {
        let game = Game::default();
        let one = Command::CreateGame {
            players: vec!["Ana".into()],
            target: 8,
        };
        assert_eq!(decide(&game, &one, &ctx(1)).unwrap_err().code, "players");
        let mut game = Game::default();
        play(
            &mut game,
            Command::CreateGame {
                players: vec!["Ana".into(), "Bruno".into()],
                target: 8,
            },
        );
        let seven = Command::Roll { face: Some(7) };
        assert_eq!(decide(&game, &seven, &ctx(1)).unwrap_err().code, "face");
        let rolled = decide(&game, &Command::Roll { face: None }, &ctx(3)).unwrap();
        assert!(matches!(rolled[0], Event::Rolled { face: 1..=6, .. }));
    }
}
