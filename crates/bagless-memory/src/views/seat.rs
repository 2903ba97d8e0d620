//! An assassin's own screen during a memory in play, on its player's phone
//! (issue 32): the turn and its current step, the alert, the reinforcement
//! card drawn and where its guards enter, and that assassin's cubes and
//! condition. Nothing of a memory in play is secret; each phone carries
//! its own assassin only.

use super::play::{play_view, AssassinView, ReinforcementView};
use crate::model::state::Game;
use crate::model::types::Step;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "memory/", rename = "MemorySeatView")]
pub struct SeatView {
    pub memory: String,
    pub turn: u32,
    pub step: Step,
    pub alert: bool,
    /// The reinforcement card drawn this turn, with where its guards enter.
    pub reinforcement: Option<ReinforcementView>,
    /// The seat's own assassin: cubes, condition, exposed.
    pub assassin: AssassinView,
}

/// The seats a phone can take: the assassins playing the memory.
pub fn seats(game: &Game) -> Vec<String> {
    game.assassins.iter().map(|a| a.id.clone()).collect()
}

/// What the seat of `assassin` sees; `None` for an assassin not playing.
pub fn seat_view(game: &Game, assassin: &str) -> Option<SeatView> {
    let view = play_view(game);
    let own = view.assassins.into_iter().find(|a| a.id == assassin)?;
    Some(SeatView {
        memory: view.memory,
        turn: view.turn,
        step: view.step,
        alert: view.alert,
        reinforcement: view.reinforcement,
        assassin: own,
    })
}
