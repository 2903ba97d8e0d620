//! What the new-game form offers (MISE EN PLACE 1–2), so that no form
//! restates a rule: how many players, the brotherhoods' colours, and the
//! count at which the neutral brotherhoods join (PARTIE À 2 JOUEURS).

use crate::model::ids::Colour;
use crate::rules::setup::{MAX_NAME, MAX_PLAYERS, MIN_PLAYERS};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct SetupOffer {
    /// "De 2 à 5 joueurs".
    pub min_players: u8,
    pub max_players: u8,
    /// LES CONFRÉRIES D'ASSASSINS: one colour per player, in the box's order.
    pub colours: Vec<Colour>,
    /// PARTIE À 2 JOUEURS: with this many players, three neutral
    /// brotherhoods join the game.
    pub neutrals_with: u8,
    /// The longest name a player may have.
    pub max_name: u8,
}

pub fn setup_offer() -> SetupOffer {
    SetupOffer {
        min_players: MIN_PLAYERS as u8,
        max_players: MAX_PLAYERS as u8,
        colours: Colour::all().collect(),
        neutrals_with: crate::rules::two_players::PLAYERS as u8,
        max_name: MAX_NAME as u8,
    }
}
