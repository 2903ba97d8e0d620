//! An assassin's own screen, on its player's phone (issue 32): its board as
//! the table keeps it (health, armor, equipment, inventory, skills) and the
//! campaign's action cubes and level. Nothing on an assassin board is
//! secret; the phone spares the player leaning over the shared screen, and
//! carries only that assassin's board.

use super::board_view::{board_view, AssassinView};
use crate::model::campaign::Campaign;
use crate::model::pack::Pack;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The seats a phone can take: the campaign's assassins, by id and name.
pub fn seats(campaign: &Campaign, pack: &Pack) -> Vec<(String, String)> {
    campaign
        .assassins
        .iter()
        .map(|id| {
            let name = pack
                .assassins
                .iter()
                .find(|a| &a.id == id)
                .map_or_else(|| id.clone(), |a| a.name.clone());
            (id.clone(), name)
        })
        .collect()
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "bov/", rename = "BovSeatView")]
pub struct SeatView {
    /// The campaign's level and its action cubes per assassin.
    pub level: u8,
    pub action_cubes: u8,
    /// The memory to play next, if any.
    pub next_memory: Option<String>,
    /// The seat's own assassin board.
    pub assassin: AssassinView,
}

/// What the seat of `assassin` sees; `None` for an assassin the campaign
/// has not.
pub fn seat_view(campaign: &Campaign, pack: &Pack, assassin: &str) -> Option<SeatView> {
    let board = board_view("", campaign, pack);
    // The assassins in play, as `seats` lists them.
    let own = board.assassins.into_iter().find(|a| a.id == assassin)?;
    Some(SeatView {
        level: board.level,
        action_cubes: board.action_cubes,
        next_memory: board.next_memory,
        assassin: own,
    })
}
