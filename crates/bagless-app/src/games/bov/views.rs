//! What a campaign's screens show beside its own state: every campaign of
//! the library handed to the rules crate, which reads from the other
//! campaigns of the box what the rules let it (`bagless_bov::views::shelf`),
//! and the memory of it in play.

use super::{load, StoredCampaign, KIND};
use crate::AppError;
use bagless_bov::board_view::BoardView;
use bagless_bov::campaign::Campaign;
use bagless_bov::diary::DiaryView;
use bagless_bov::hq_view::HqView;
use bagless_bov::views::shelf::{self, OnTheShelf};
use bagless_store::{CampaignRecord, Library};

/// The campaigns the library lists under the box of `state` (in the bin or
/// not), loaded once for one screen; the rules crate chooses among them.
fn campaigns(
    library: &Library,
    records: &[CampaignRecord],
    state: &Campaign,
) -> Result<Vec<StoredCampaign>, AppError> {
    records
        .iter()
        .filter(|record| record.game == KIND && record.pack_id == state.pack_id)
        .map(|record| Ok(load(library, &record.id)?))
        .collect()
}

fn on_the_shelf(stored: &StoredCampaign) -> OnTheShelf<'_> {
    OnTheShelf {
        id: &stored.record.id,
        name: &stored.record.name,
        begun: stored.record.created_at,
        in_bin: stored.record.deleted_at.is_some(),
        campaign: &stored.state,
    }
}

/// `this` campaign and the shelf it is read beside, for `show`.
fn with_the_shelf<T>(
    library: &Library,
    records: &[CampaignRecord],
    record: &CampaignRecord,
    state: &Campaign,
    show: impl FnOnce(&OnTheShelf<'_>, &[OnTheShelf<'_>]) -> T,
) -> Result<T, AppError> {
    let stored = campaigns(library, records, state)?;
    let shelf: Vec<OnTheShelf<'_>> = stored.iter().map(on_the_shelf).collect();
    let this = OnTheShelf {
        id: &record.id,
        name: &record.name,
        begun: record.created_at,
        in_bin: record.deleted_at.is_some(),
        campaign: state,
    };
    Ok(show(&this, &shelf))
}

/// The diary, with what other campaigns of the box unlocked for it and
/// the memory of it in play.
pub(super) fn diary(
    library: &Library,
    record: &CampaignRecord,
    state: &Campaign,
    pack: &bagless_bov::Pack,
) -> Result<DiaryView, AppError> {
    let records = library.campaigns()?;
    let mut view = with_the_shelf(library, &records, record, state, |this, shelf| {
        shelf::diary(this, pack, shelf)
    })?;
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
    let records = library.campaigns()?;
    let mut view = with_the_shelf(library, &records, record, state, |this, shelf| {
        shelf::board(this, pack, shelf)
    })?;
    // The storage closed while a memory of the campaign is played, as the
    // move's refusal says (`decide_in`).
    let next = state.next_memory(pack).unwrap_or_default();
    let in_play = crate::games::memory::in_play_among(library, &records, &record.id, next);
    bagless_bov::board_view::close_for_memory_in_play(
        &mut view,
        state,
        pack,
        (!in_play.is_empty()).then_some(next),
    );
    Ok(view)
}

/// The HQ board: miniatures, buildings, patients, the numbers known.
pub(super) fn hq(
    library: &Library,
    record: &CampaignRecord,
    state: &Campaign,
    pack: &bagless_bov::Pack,
) -> Result<HqView, AppError> {
    let records = library.campaigns()?;
    with_the_shelf(library, &records, record, state, |this, shelf| {
        shelf::hq(this, pack, shelf)
    })
}
