//! What the campaign's forms offer, as `decide` takes it now (issue 55: a
//! form offers only what the rules accept, and writes no rule): who may
//! leave, join or be swapped (ADJUSTING THE NUMBER OF PLAYERS), which kinds
//! of card the "Add a card" form makes and where it puts them (EQUIP,
//! CHEST), and where each HQ miniature may be put (ASSIGNMENTS). Each offer
//! is the command itself asked of `decide`, with the app's own check of a
//! memory in play first where it makes one (`check_no_memory_in_play`).

use crate::model::board::{CardKind, EquipSlot, Place};
use crate::model::campaign::{Campaign, Command, Context};
use crate::model::pack::Pack;
use crate::refusals::{RuleCode, RuleViolation};
use crate::rules::assassins::{check_no_memory_in_play, storage};
use crate::rules::hq::{HqPhase, Spot};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The refusals `decide` gives `command` now (none: it takes it), the
/// check of a memory in play first. No command asked here reads the clock
/// (only an attempt's date does), so any time will do.
fn refusals(
    state: &Campaign,
    pack: &Pack,
    command: &Command,
    memory_in_play: Option<&str>,
) -> Option<Vec<RuleViolation>> {
    let ctx = Context {
        now: chrono::DateTime::UNIX_EPOCH,
    };
    check_no_memory_in_play(state, command, memory_in_play)
        .and_then(|()| crate::game::decide(state, pack, command, &ctx).map(|_| ()))
        .err()
}

/// Whether `decide` takes `command` now.
fn takes(state: &Campaign, pack: &Pack, command: &Command, memory_in_play: Option<&str>) -> bool {
    refusals(state, pack, command, memory_in_play).is_none()
}

/// ADJUSTING THE NUMBER OF PLAYERS: the changes the players' form offers.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RosterOffers {
    /// The assassins in play who may leave now.
    pub leave: Vec<String>,
    /// The assassins of the box who may join now.
    pub join: Vec<String>,
    /// Each assassin of the box who may take the place of one in play now,
    /// with whom.
    pub swap: Vec<SwapOffer>,
    /// None of these offered: the rule that refuses them (a memory being
    /// played, …), as the first of them would meet it.
    pub closed_by: Option<RuleViolation>,
}

/// An assassin of the box, and those in play they may be swapped for now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct SwapOffer {
    pub joining: String,
    pub leaving: Vec<String>,
}

/// Who may leave, join or be swapped now, each asked of `decide` (between
/// 2 memories, never during one; no assassin in hospital replaced by
/// another, …), with `memory_in_play` (a memory of the campaign the library
/// holds in play) refusing every change as the app's door does.
pub fn roster_offers(state: &Campaign, pack: &Pack, memory_in_play: Option<&str>) -> RosterOffers {
    let takes = |command: Command| takes(state, pack, &command, memory_in_play);
    let out_of_play: Vec<&str> = pack
        .assassins
        .iter()
        .map(|a| a.id.as_str())
        .filter(|id| !state.in_play(id))
        .collect();
    let mut offers = RosterOffers {
        leave: state
            .assassins
            .iter()
            .filter(|id| {
                takes(Command::LeaveAssassin {
                    assassin: (*id).clone(),
                })
            })
            .cloned()
            .collect(),
        join: out_of_play
            .iter()
            .filter(|id| {
                takes(Command::JoinAssassin {
                    assassin: id.to_string(),
                })
            })
            .map(|id| id.to_string())
            .collect(),
        swap: out_of_play
            .iter()
            .map(|joining| SwapOffer {
                joining: joining.to_string(),
                leaving: state
                    .assassins
                    .iter()
                    .filter(|leaving| {
                        takes(Command::SwapAssassin {
                            leaving: (*leaving).clone(),
                            joining: joining.to_string(),
                        })
                    })
                    .cloned()
                    .collect(),
            })
            .filter(|offer| !offer.leaving.is_empty())
            .collect(),
        closed_by: None,
    };
    if offers.leave.is_empty() && offers.join.is_empty() && offers.swap.is_empty() {
        let first = match (state.assassins.first(), out_of_play.first()) {
            (Some(leaving), _) => Some(Command::LeaveAssassin {
                assassin: leaving.clone(),
            }),
            (None, Some(joining)) => Some(Command::JoinAssassin {
                assassin: joining.to_string(),
            }),
            (None, None) => None,
        };
        offers.closed_by = first
            .and_then(|command| refusals(state, pack, &command, memory_in_play))
            .and_then(|refusals| refusals.into_iter().next());
    }
    offers
}

/// One kind of card the "Add a card" form makes now: the slots it may fit
/// (`null`: none) and the places it may be put.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct AddCardOffer {
    pub kind: CardKind,
    pub fits: Vec<Option<EquipSlot>>,
    pub to: Vec<Place>,
}

/// The places the form adding a card names: the storage (the villa
/// envelope, or the HQ's main hall), the chest deck, the equipment deck and
/// the box.
fn add_places(state: &Campaign) -> [Place; 4] {
    [
        storage(state),
        Place::ChestDeck,
        Place::EquipmentDeck,
        Place::Box,
    ]
}

fn add_card(kind: CardKind, fits: Option<EquipSlot>, to: Place) -> Command {
    Command::AddCard {
        name: "?".to_string(),
        kind,
        fits,
        health_bonus: 0,
        removal_mark: false,
        to,
    }
}

/// Each kind of card `decide` adds now, where, and fitting which slot: the
/// places asked with a card fitting none, the slots with the first place
/// taken (where a card goes does not hang on its slot, nor its slot on its
/// place, for the places the form names). A kind no place takes is not
/// offered.
pub fn add_card_offers(
    state: &Campaign,
    pack: &Pack,
    memory_in_play: Option<&str>,
) -> Vec<AddCardOffer> {
    let takes = |command: Command| takes(state, pack, &command, memory_in_play);
    CardKind::ALL
        .into_iter()
        .filter_map(|kind| {
            let to: Vec<Place> = add_places(state)
                .into_iter()
                .filter(|place| takes(add_card(kind, None, place.clone())))
                .collect();
            let first = to.first()?.clone();
            let fits = std::iter::once(None)
                .chain(EquipSlot::ALL.into_iter().map(Some))
                .filter(|fits| takes(add_card(kind, *fits, first.clone())))
                .collect();
            Some(AddCardOffer { kind, fits, to })
        })
        .collect()
}

/// ASSIGNMENTS: where each miniature may be put now (a building, or back
/// to the pool: `null`), as `decide` takes the assignment; a building
/// whose number the players are yet to give (Ezio's brown card) is
/// offered, the form asking for it. None outside the assignment step.
pub fn spots_offered(state: &Campaign, pack: &Pack, miniature: &str) -> Vec<Option<Spot>> {
    if state.hq.as_ref().map(|hq| hq.phase) != Some(HqPhase::Assignment) {
        return Vec::new();
    }
    std::iter::once(None)
        .chain(Spot::ALL.into_iter().map(Some))
        .filter(|spot| {
            let command = Command::AssignMiniature {
                miniature: miniature.to_string(),
                spot: *spot,
            };
            refusals(state, pack, &command, None)
                .is_none_or(|refusals| refusals.iter().all(|r| r.code == RuleCode::ValueNeeded))
        })
        .collect()
}
