//! A game's story: the territories and assassins of each brotherhood at
//! the end of every turn (COMMENT JOUER ?: "chaque tour"), with the
//! conquests, the missions accomplished and the brotherhoods eliminated
//! marked on the turn they happened, and the winner once it is over.

use super::{brotherhoods, counts, mark, won, Brotherhood, Conquest, Elimination, Mark};
use super::{MissionDone, Won};
use crate::model::events::Event;
use crate::model::ids::Colour;
use crate::model::state::{evolve, Game};
use crate::EventEnvelope;
use bagless_game::undo::in_effect;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The board at the end of a turn (turn 0: as dealt, before the first).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct TurnPoint {
    /// The game's turn, counted across the players (1, 2, 3…).
    pub turn: u32,
    /// Whose turn it was (none for the deal).
    pub player: Option<Colour>,
    /// The log's entry the point is read after.
    pub seq: u32,
    /// Each brotherhood's territories, in [`Story::brotherhoods`]' order.
    pub territories: Vec<u32>,
    /// Each brotherhood's assassins on the board, in the same order.
    pub assassins: Vec<u32>,
    /// The turn under way when the log ends: the board as it stands.
    pub in_progress: bool,
}

/// The whole game, turn by turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct Story {
    pub brotherhoods: Vec<Brotherhood>,
    /// The board's territories (APERÇU DES ÉLÉMENTS: 42, once dealt).
    pub board: u32,
    pub turns: Vec<TurnPoint>,
    pub conquests: Vec<Conquest>,
    pub missions: Vec<MissionDone>,
    pub eliminations: Vec<Elimination>,
    /// The events read (those in effect: undone entries left out).
    pub events: u32,
    pub won: Option<Won>,
}

fn point(game: &Game, turn: u32, player: Option<Colour>, seq: u32, open: bool) -> TurnPoint {
    let (territories, assassins) = counts(game, &game.brotherhoods());
    TurnPoint {
        turn,
        player,
        seq,
        territories,
        assassins,
        in_progress: open && game.outcome.is_none(),
    }
}

/// The story the log tells, read in one pass over its events in effect.
pub fn story_view(log: &[EventEnvelope]) -> Story {
    let mut game = Game::default();
    let mut turns = Vec::new();
    let (mut conquests, mut missions, mut eliminations) = (Vec::new(), Vec::new(), Vec::new());
    // The turn under way: its number and player.
    let mut open: Option<(u32, Colour)> = None;
    let mut events = 0;
    let mut last_seq = 0;
    for envelope in in_effect(log) {
        events += 1;
        last_seq = envelope.seq;
        let event = &envelope.event;
        if let Event::TurnStarted { player, turn, .. } = event {
            if turns.is_empty() {
                turns.push(point(&game, 0, None, envelope.seq, false));
            }
            open = Some((*turn, *player));
        }
        evolve(&mut game, event);
        let turn = open.map_or(0, |(turn, _)| turn);
        match mark(event, envelope.seq, turn) {
            Some(Mark::Conquest(c)) => conquests.push(c),
            Some(Mark::Mission(m)) => missions.push(m),
            Some(Mark::Elimination(e)) => eliminations.push(e),
            None => {}
        }
        if let (Event::TurnEnded { .. }, Some((turn, player))) = (event, open) {
            turns.push(point(&game, turn, Some(player), envelope.seq, false));
            open = None;
        }
    }
    match open {
        Some((turn, player)) => turns.push(point(&game, turn, Some(player), last_seq, true)),
        None if turns.is_empty() && !game.map.is_empty() => {
            turns.push(point(&game, 0, None, last_seq, false));
        }
        None => {}
    }
    Story {
        brotherhoods: brotherhoods(&game),
        board: game.map.len() as u32,
        turns,
        conquests,
        missions,
        eliminations,
        events,
        won: won(&game),
    }
}
