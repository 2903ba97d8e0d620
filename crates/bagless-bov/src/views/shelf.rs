//! What a campaign reads from the other campaigns of its box on the shelf
//! (the app hands every campaign of the library, this module chooses):
//! - CAMPAIGN: "every 100% sync unlocked in a campaign is valid for all the
//!   campaigns you played before": the campaigns of the same box begun
//!   after this one, out of the bin;
//! - the numbers and cards the players read off the same box's cards in
//!   another campaign (brown cards, contracts, a card's kind and slot),
//!   offered again: the cards are the same, in the bin or not.

use crate::model::board::CardDef;
use crate::model::campaign::Campaign;
use crate::model::pack::Pack;
use crate::views::board_view::{board_view, BoardView};
use crate::views::diary::{diary_view, DiaryView, LaterCampaign};
use crate::views::hq_view::{hq_view, HqView};
use std::collections::BTreeMap;

/// A campaign of the library, as the app hands it: its id, its name in the
/// library, when it was begun (as the library keeps it), whether it is in
/// the bin, and its state.
#[derive(Debug, Clone, Copy)]
pub struct OnTheShelf<'a> {
    pub id: &'a str,
    pub name: &'a str,
    pub begun: chrono::DateTime<chrono::Utc>,
    pub in_bin: bool,
    pub campaign: &'a Campaign,
}

impl OnTheShelf<'_> {
    /// Whether `other` was begun after this one. Two begun at the same
    /// instant are not: a copy kept beside a campaign (two ways of one
    /// campaign, from two homes) shares its beginning, and neither was
    /// played "before" the other.
    fn begun_before(&self, other: &OnTheShelf<'_>) -> bool {
        other.begun > self.begun
    }

    /// The other campaigns of this one's box (`pack`), in the bin or not.
    fn same_box<'s>(
        &self,
        pack: &'s Pack,
        shelf: &'s [OnTheShelf<'s>],
    ) -> impl Iterator<Item = &'s OnTheShelf<'s>> + 's
    where
        Self: 's,
    {
        let id = self.id.to_string();
        shelf
            .iter()
            .filter(move |other| other.id != id && other.campaign.pack_id == pack.id)
    }
}

/// The diary of `this`, with the 100% syncs of the campaigns of its box
/// begun after it.
pub fn diary(this: &OnTheShelf<'_>, pack: &Pack, shelf: &[OnTheShelf<'_>]) -> DiaryView {
    let later: Vec<LaterCampaign<'_>> = this
        .same_box(pack, shelf)
        .filter(|other| !other.in_bin && this.begun_before(other))
        .map(|other| LaterCampaign {
            name: other.name,
            campaign: other.campaign,
        })
        .collect();
    diary_view(this.id, this.campaign, pack, &later)
}

/// The boards of `this`, with the cards the players described in another
/// campaign of its box offered again.
pub fn board(this: &OnTheShelf<'_>, pack: &Pack, shelf: &[OnTheShelf<'_>]) -> BoardView {
    let mut view = board_view(this.id, this.campaign, pack);
    let mut known: BTreeMap<String, CardDef> = BTreeMap::new();
    for other in this.same_box(pack, shelf) {
        for placed in other.campaign.ledger.cards.values() {
            if placed.card.added {
                known
                    .entry(placed.card.name.clone())
                    .or_insert_with(|| placed.card.clone());
            }
        }
    }
    view.known_cards = known.into_values().collect();
    view
}

/// The HQ of `this`, with the numbers read off the same cards in another
/// campaign of its box suggested.
/// An ally's brown card is the mercenaries' or the courtesans' (HQ: the
/// allies unlocked): its numbers are offered only to a campaign with the
/// same allies.
pub fn hq(this: &OnTheShelf<'_>, pack: &Pack, shelf: &[OnTheShelf<'_>]) -> HqView {
    let mut view = hq_view(this.id, this.campaign, pack);
    let ally = this.campaign.hq.as_ref().map(|hq| hq.ally);
    for other in this.same_box(pack, shelf) {
        let Some(hq) = other.campaign.hq.as_ref() else {
            continue;
        };
        for (key, value) in &hq.values {
            if ally_card(key) && Some(hq.ally) != ally {
                continue;
            }
            view.suggested.entry(key.clone()).or_insert(*value);
        }
    }
    view
}

/// Whether a value is read off an ally's brown card.
fn ally_card(key: &str) -> bool {
    matches!(
        crate::model::value_keys::ValueKey::parse(key),
        Some(crate::model::value_keys::ValueKey::Brown { miniature, .. })
            if miniature.starts_with("ally-")
    )
}
