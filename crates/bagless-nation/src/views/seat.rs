//! An assassin's own screen, on its player's phone (issue 32): its cash,
//! debt and target tiles as the table shows them, the phase, its own
//! attempt (face down to the others in the Assassination Phase: "secretly
//! draw an 'X'"), and its hit list, kept on the phone while the game is
//! played or shown at the count (TOP SECRET HIT LIST CARDS: "Players can
//! look at this card, but should keep it secret from the other players"):
//! a seat's view carries its own, never another's.

use super::table::{attempt_view, table_view, AttemptView, Offers, PlayerView, TargetView};
use crate::model::commands::HitListEntry;
use crate::model::state::{Game, Phase};
use crate::rules::assassination::{play_order, withdraw};
use crate::rules::conflicts::conflicts;
use crate::rules::end::keep_hit_list;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The seats a phone can take: every player, by seat number.
pub fn seats(game: &Game) -> Vec<(u8, String)> {
    game.players
        .iter()
        .enumerate()
        .map(|(i, p)| (i as u8, p.name.clone()))
        .collect()
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "nation/")]
pub struct SeatView {
    pub phase: Phase,
    pub round: u32,
    /// The seat's line of the table (cash, debt, tiles, what its cash buys).
    pub player: PlayerView,
    /// Its hit list, once shown at the count; no other seat's.
    pub hit_list: Option<Vec<HitListEntry>>,
    /// Its hit list as kept on the phone, secret from the table until the
    /// count; no other seat's.
    pub hit_list_kept: Option<Vec<HitListEntry>>,
    /// The rules let it keep (or correct) its card on the phone now.
    pub hit_list_keepable: bool,
    /// Its attempt this round, as entered, even while face down to the
    /// others (without whether another aims at the same target: that is
    /// for the reveal).
    pub attempt: Option<AttemptView>,
    /// The Target Pyramid, as the board shows it to everyone: what the
    /// seat's attempt may aim at.
    pub pyramid: Vec<TargetView>,
    /// "TIES:" the duel is on: no target is marked.
    pub duel: bool,
    /// The seat may play (or pass) an attempt now: the Assassination
    /// Phase, and in the duel only a tied player ("TIES:").
    pub can_declare: bool,
    /// The seat may take back its face-down attempt or its pass now, as
    /// `withdraw_attempt` accepts it.
    pub can_withdraw: bool,
    /// What the seat's attempt form offers, as the rules have it.
    pub offers: Offers,
}

/// What the seat `seat` sees; `None` for a seat the game has not.
pub fn seat_view(game: &Game, seat: u8) -> Option<SeatView> {
    let own = game.players.get(usize::from(seat))?;
    let table = table_view(game);
    Some(SeatView {
        phase: game.phase,
        round: table.round,
        player: table.players.into_iter().find(|p| p.seat == seat)?,
        pyramid: table.pyramid,
        duel: table.duel.is_some(),
        can_declare: game.phase == Phase::Assassination && play_order(game).contains(&seat),
        can_withdraw: withdraw(game, seat).is_ok(),
        offers: table.offers,
        hit_list: own.hit_list.clone(),
        hit_list_kept: game.hit_lists_kept.get(&seat).cloned(),
        hit_list_keepable: keep_hit_list(game, seat, &[]).is_ok(),
        attempt: game.attempt(seat).map(|a| {
            let mut view = attempt_view(game, a, &conflicts(game));
            if game.phase == Phase::Assassination {
                view.conflict = false;
            }
            view
        }),
    })
}
