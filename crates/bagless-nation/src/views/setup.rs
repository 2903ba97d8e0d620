//! What the new-game form offers ("SETUP"), so that no form restates a
//! rule: how many players, the specialists to choose from, the weapons a
//! specialist's card may name.

use crate::model::box_values::MAX_NAME;
use crate::pack::pack;
use crate::rules::setup::{MAX_PLAYERS, MIN_PLAYERS};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "nation/")]
pub struct SetupOffer {
    /// How many players, 2 to 6 (the assumption `players`: "DRY-ERASE
    /// MARKERS x6").
    pub min_players: u8,
    pub max_players: u8,
    /// "SPECIALIST CARDS x6": the cards a player may take.
    pub specialists: Vec<u8>,
    /// The weapons the rules summary names, for a specialist's card
    /// (others are asked once at the table).
    pub weapons: Vec<String>,
    /// The longest name a player may have.
    pub max_name: u8,
}

pub fn setup_offer() -> SetupOffer {
    SetupOffer {
        min_players: MIN_PLAYERS as u8,
        max_players: MAX_PLAYERS as u8,
        specialists: pack().specialists.clone(),
        weapons: pack().weapons.iter().map(|w| w.id.clone()).collect(),
        max_name: MAX_NAME as u8,
    }
}
