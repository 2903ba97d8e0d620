//! What the screens show: the map ([`map`]), what the attack form offers
//! ([`attack`]), what the trade and aptitude forms offer ([`trade`],
//! [`aptitude`]), the "put it back on the board" sheet ([`sheet`]), the
//! history's words ([`history`]), a seat's own screen on its phone
//! ([`seat`]) and the game told back: its story, an evening, a year
//! ([`told`]).

pub mod aptitude;
pub mod attack;
pub mod history;
pub mod map;
pub mod seat;
pub mod setup;
pub mod sheet;
pub mod told;
pub mod trade;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A count in the box's pieces (LES CONFRÉRIES D'ASSASSINS: "L'Assassin
/// représente 1 Unité, le Blason des Assassins en vaut 5 et l'Aigle en
/// représente 10"), the fewest pieces first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct Pieces {
    pub eagles: u32,
    pub crests: u32,
    pub assassins: u32,
}

pub fn pieces(count: u32) -> Pieces {
    Pieces {
        eagles: count / 10,
        crests: count % 10 / 5,
        assassins: count % 5,
    }
}
