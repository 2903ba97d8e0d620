//! What a campaign's screens show beside its own state: what the other
//! campaigns of its box unlocked or read off the cards, and the memory of
//! it in play.

use super::load;
use crate::AppError;
use bagless_bov::board_view::{board_view, BoardView};
use bagless_bov::campaign::Campaign;
use bagless_bov::diary::{diary_view, DiaryView, LaterCampaign};
use bagless_bov::hq_view::{hq_view, HqView};
use bagless_store::{CampaignRecord, Library};

/// The diary, with what other campaigns of the box unlocked for it and
/// the memory of it in play.
pub(super) fn diary(
    library: &Library,
    record: &CampaignRecord,
    state: &Campaign,
    pack: &bagless_bov::Pack,
) -> Result<DiaryView, AppError> {
    // "Every 100% sync unlocked in a campaign is valid for all the
    // campaigns you played before": load the later ones of the same box.
    let records = library.campaigns()?;
    let mut later = Vec::new();
    for other in &records {
        let is_later = (&other.created_at, &other.id) > (&record.created_at, &record.id);
        if is_later && other.pack_id == pack.id && other.deleted_at.is_none() {
            later.push(load(library, &other.id)?);
        }
    }
    let later: Vec<LaterCampaign<'_>> = later
        .iter()
        .map(|c| LaterCampaign {
            name: &c.record.name,
            campaign: &c.state,
        })
        .collect();
    let mut view = diary_view(&record.id, state, pack, &later);
    // In the same answer, so that the diary draws "Resume" at once.
    view.memory_in_play = match &view.next {
        Some(next) => {
            crate::games::memory::in_play_among(library, &records, &record.id, &next.memory)
                .into_iter()
                .next()
        }
        None => None,
    };
    Ok(view)
}

/// The assassin boards, the piles and what the sheets list.
pub(super) fn board(
    library: &Library,
    record: &CampaignRecord,
    state: &Campaign,
    pack: &bagless_bov::Pack,
) -> Result<BoardView, AppError> {
    let mut view = board_view(&record.id, state, pack);
    // What the players said of a card in another campaign of the same box
    // (its kind, slot, health, removal icon) is offered again: the cards
    // are the same.
    let mut known = std::collections::BTreeMap::new();
    for other in others_of_the_box(library, record, pack)? {
        for placed in other.ledger.cards.values() {
            if placed.card.added {
                known
                    .entry(placed.card.name.clone())
                    .or_insert_with(|| placed.card.clone());
            }
        }
    }
    view.known_cards = known.into_values().collect();
    Ok(view)
}

/// The HQ board: miniatures, buildings, patients, the numbers known.
pub(super) fn hq(
    library: &Library,
    record: &CampaignRecord,
    state: &Campaign,
    pack: &bagless_bov::Pack,
) -> Result<HqView, AppError> {
    let mut view = hq_view(&record.id, state, pack);
    // Numbers read off the cards in other campaigns of the same box are
    // offered as defaults: the cards are the same.
    for other in others_of_the_box(library, record, pack)? {
        for (key, value) in other.hq.iter().flat_map(|hq| &hq.values) {
            view.suggested.entry(key.clone()).or_insert(*value);
        }
    }
    Ok(view)
}

/// The other campaigns of the box `pack` (in the bin or not): what the
/// players read off the same cards there is offered again.
fn others_of_the_box(
    library: &Library,
    record: &CampaignRecord,
    pack: &bagless_bov::Pack,
) -> Result<Vec<std::sync::Arc<Campaign>>, AppError> {
    let mut others = Vec::new();
    for other in library.campaigns()? {
        if other.id != record.id && other.pack_id == pack.id {
            others.push(load(library, &other.id)?.state);
        }
    }
    Ok(others)
}
