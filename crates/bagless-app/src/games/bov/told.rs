//! A campaign told back (issue 57): its rules crate's story, evening and
//! year (`bagless_bov::views::told`), for the campaigns of a box this build
//! knows (one of another box tells nothing).

use super::{builtin_packs, Bov};
use crate::games::told::Played;
use crate::games::Told;
use crate::DateTime;
use bagless_bov::campaign::{Campaign, Event};
use bagless_bov::views::told::{evening, story, year};
use bagless_game::Envelope;

pub(super) fn story(state: &Campaign, log: &[Envelope<Event>]) -> Told {
    let pack = builtin_packs().get(&state.pack_id).ok()?;
    Some(serde_json::to_value(story::story(log, pack)))
}

pub(super) fn evening(state: &Campaign, log: &[Envelope<Event>], since: DateTime) -> Told {
    let pack = builtin_packs().get(&state.pack_id).ok()?;
    Some(serde_json::to_value(evening::evening(log, pack, since)))
}

/// Every campaign of a box this build knows; nothing when there is none.
pub(super) fn year(games: &[Played<Bov>]) -> Told {
    let packs = builtin_packs();
    let campaigns: Vec<year::YearCampaign<'_>> = games
        .iter()
        .filter_map(|game| {
            Some(year::YearCampaign {
                name: &game.record.name,
                log: &game.log,
                pack: packs.get(&game.state.pack_id).ok()?,
            })
        })
        .collect();
    (!campaigns.is_empty()).then(|| serde_json::to_value(year::year(&campaigns)))
}
