//! Where a card picked up on the board may be put now: for every place the
//! board shows, the answer the move itself would get from `decide` (EQUIP,
//! CHEST, HEADQUARTERS, ASSASSINS' HEALTH…), so the board offers "Put here"
//! only where the rules take the card, and says elsewhere which rule refuses
//! it, without a rule written twice. Asked on demand when a card is picked
//! up, apart from the board's own view.

use super::board_view::places;
use crate::model::board::Place;
use crate::model::campaign::{Campaign, Command, Context};
use crate::model::pack::Pack;
use crate::refusals::RuleViolation;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Where the card held may be put, place by place.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct DestinationsView {
    /// The card held.
    pub card: String,
    /// Every place the board shows, in its order (each assassin in play's
    /// slots and inventory, the storage, the shared piles).
    pub places: Vec<Destination>,
}

/// One place, and whether the card held goes there now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct Destination {
    pub place: Place,
    /// `null` when the rules take the card here now; else the first rule
    /// the move would break, as its refusal would say it.
    pub refused: Option<RuleViolation>,
}

/// The command the board sends when `card` is put at `to`: the card on top
/// of the chest deck put on an assassin's board is drawn from the chest (it
/// goes back on the deck if the memory fails: CHEST); every other card is
/// moved. The board's `drop` (ui/src/games/bov/screens/Board.svelte) sends
/// the same; the end of the chest deck a card goes to changes no decision.
pub fn put_command(state: &Campaign, card: &str, to: &Place) -> Command {
    let chest_top = state.ledger.chest_deck.first().map(String::as_str) == Some(card);
    if chest_top && to.is_on_board() {
        Command::DrawChestCard { to: to.clone() }
    } else {
        Command::MoveCard {
            card: card.to_string(),
            to: to.clone(),
            chest: None,
        }
    }
}

/// For each place the board shows, whether `card` may be put there now:
/// the campaign's `decide` asked for the move, as the move would be.
pub fn destinations(state: &Campaign, pack: &Pack, card: &str, ctx: &Context) -> DestinationsView {
    destinations_in(state, pack, card, ctx, None)
}

/// [`destinations`] while `memory_in_play` (a memory of the campaign the
/// library holds in play, which the campaign's log does not know) is being
/// played: each move asked as the app's door decides it, the memory's own
/// refusal first (`check_no_memory_in_play`: the villa envelope, edition 5).
pub fn destinations_in(
    state: &Campaign,
    pack: &Pack,
    card: &str,
    ctx: &Context,
    memory_in_play: Option<&str>,
) -> DestinationsView {
    let places = places(state)
        .into_iter()
        .map(|place| {
            let command = put_command(state, card, &place);
            let refused =
                crate::rules::assassins::check_no_memory_in_play(state, &command, memory_in_play)
                    .and_then(|()| crate::game::decide(state, pack, &command, ctx).map(|_| ()))
                    .err()
                    .and_then(|violations| violations.into_iter().next());
            Destination { place, refused }
        })
        .collect();
    DestinationsView {
        card: card.to_string(),
        places,
    }
}
