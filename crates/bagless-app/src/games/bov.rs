//! Brotherhood of Venice's campaigns on the library's one road: kept by the
//! store as a [`SavedGame`] like every other game (its log and the state
//! `bagless_bov`'s `evolve` computed after the last entry), the store
//! calling none of its rules itself.

use crate::dto::Listing;
use bagless_bov::campaign::{Campaign, Event};
use bagless_game::Envelope;
use bagless_store::{CampaignRecord, Library, SavedGame, StoreError};

/// `campaigns.game` for a Brotherhood of Venice campaign.
pub const KIND: &str = "bov";

/// Brotherhood of Venice.
pub struct Bov;

impl SavedGame for Bov {
    const KIND: &'static str = KIND;
    const PACK_ID: &'static str = "core";
    const RULES: u32 = bagless_bov::EDITION;
    const SUMMARY: u32 = crate::dto::LISTING_SHAPE;
    type Event = Event;
    type State = Campaign;

    fn event_kind(event: &Event) -> String {
        event.kind().to_string()
    }

    /// A campaign is played with the box its players chose.
    fn pack_id(state: &Campaign) -> String {
        state.pack_id.clone()
    }

    /// A campaign's name is in its diary (renamed by an entry).
    fn name(state: &Campaign) -> Option<&str> {
        Some(&state.name)
    }

    /// The last date written in the diary: a campaign's days are the ones
    /// the players enter with each attempt, none before the first.
    fn played_on(state: &Campaign, _last: &Envelope<Event>) -> Option<String> {
        state
            .attempts
            .iter()
            .map(|a| a.played_on)
            .max()
            .map(|day| day.format("%Y-%m-%d").to_string())
    }

    fn evolve(state: &mut Campaign, event: &Event) {
        *state = bagless_bov::campaign::evolve(std::mem::take(state), event);
    }

    fn replay(log: &[Envelope<Event>]) -> Campaign {
        bagless_bov::campaign::replay_log(log)
    }

    fn invariants(state: &Campaign) -> Result<(), String> {
        bagless_bov::assassins::check_invariants(state)
            .map_err(|why| format!("its cards are out of place: {why}"))
    }

    /// The campaign's line in the library: how far it has come, by the
    /// rules' count (a campaign of a box this build does not know has
    /// none, and stays out of the list).
    fn summary(state: &Campaign) -> Option<serde_json::Value> {
        let packs = builtin_packs();
        let pack = packs.get(&state.pack_id).ok()?;
        serde_json::to_value(listing(state, pack)).ok()
    }

    fn differences(a: &Campaign, b: &Campaign) -> Option<String> {
        let parts = [
            ("name", a.name != b.name),
            ("box", a.pack_id != b.pack_id),
            (
                "assassins",
                a.assassins != b.assassins || a.roster != b.roster,
            ),
            ("cards", a.ledger != b.ledger),
            ("attempts", a.attempts != b.attempts),
            ("levels", a.levels_reached != b.levels_reached),
            ("declined memories", a.declined != b.declined),
            ("HQ", a.hq != b.hq || a.hq_level != b.hq_level),
            ("HQ stickers", a.hq_stickers != b.hq_stickers),
        ];
        let named: Vec<&str> = parts
            .iter()
            .filter(|(_, differs)| *differs)
            .map(|(part, _)| *part)
            .collect();
        (!named.is_empty()).then(|| named.join(", "))
    }
}

/// The boxes this build knows, read once.
fn builtin_packs() -> &'static crate::Packs {
    static PACKS: std::sync::OnceLock<crate::Packs> = std::sync::OnceLock::new();
    PACKS.get_or_init(crate::Packs::builtin)
}

/// What the library lists of a campaign of `pack`.
pub(crate) fn listing(state: &Campaign, pack: &bagless_bov::Pack) -> Listing {
    let progress = bagless_bov::views::summary::progress(state, pack);
    Listing {
        pack_name: pack.name.clone(),
        assassins: progress.assassins,
        xp: progress.xp,
        level: progress.level,
        next_memory: progress.next_memory,
        memories_done: progress.memories_done,
        main_memories: progress.main_memories,
        round: 0,
        leaders: Vec::new(),
        over: false,
    }
}

/// A campaign with its state, as the library keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredCampaign {
    pub record: CampaignRecord,
    pub state: Campaign,
}

/// The campaign `id` (refused as no such campaign when it is another
/// game's).
pub(crate) fn load(library: &Library, id: &str) -> Result<StoredCampaign, StoreError> {
    let (record, state) = library.game_state::<Bov>(id)?;
    Ok(StoredCampaign { record, state })
}

/// The campaign `id`'s whole log (refused as no such campaign when it is
/// another game's).
pub(crate) fn log(
    library: &Library,
    id: &str,
) -> Result<bagless_store::GameLog<Event>, StoreError> {
    if library.record(id)?.game != KIND {
        return Err(StoreError::NoSuchCampaign);
    }
    library.game_log::<Bov>(id)
}
