//! Brotherhood of Venice's campaigns on the library's one road: kept by the
//! store as a [`SavedGame`] like every other game (its log and the state
//! `bagless_bov`'s `evolve` computed after the last entry), the store
//! calling none of its rules itself.

mod campaign;
pub mod packs;
mod told;
mod views;

pub use bagless_bov::board_view::BoardView;
pub use bagless_bov::campaign::{AttemptInput, Campaign, Command as PlayerCommand};
pub use bagless_bov::destinations::DestinationsView;
pub use bagless_bov::diary::DiaryView;
pub use bagless_bov::hq_view::HqView;
pub use bagless_bov::overrides::OverrideInput;
pub use bagless_bov::pack::PackAssassin;
/// A rule of Brotherhood of Venice a refused command broke.
pub use bagless_bov::RuleViolation as BovViolation;

use super::TableGame;
use crate::dto::Listing;
use crate::{AppError, DateTime};
use bagless_bov::campaign::{Command, Context, Event};
use bagless_bov::diary::diary_view;
use bagless_game::Envelope;
use bagless_store::{CampaignRecord, Library, SavedGame, StoreError};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// `campaigns.game` for a Brotherhood of Venice campaign.
pub const KIND: &str = "bov";

/// Brotherhood of Venice.
pub struct Bov;

impl SavedGame for Bov {
    const KIND: &'static str = KIND;
    const PACK_ID: &'static str = DEFAULT_PACK;
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

/// Which of a campaign's screens an answer shows.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "part", rename_all = "snake_case")]
#[ts(export, rename = "BovPart")]
pub enum Part {
    /// The diary: the memories, the attempts, the XP.
    #[default]
    Diary,
    /// The assassin boards and the cards.
    Board,
    /// The headquarters.
    Hq,
    /// Where the card `card`, picked up on the boards, may be put now:
    /// asked when it is picked up, apart from the boards' own view.
    Destinations { card: String },
}

/// What a campaign's screen shows: the part asked for.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(tag = "part", content = "shown", rename_all = "snake_case")]
#[ts(export, rename = "BovView")]
pub enum View {
    Diary(DiaryView),
    Board(BoardView),
    Hq(HqView),
    Destinations(DestinationsView),
}

/// "Play this memory": refused by the campaign's rules before the HQ steps
/// and skill choices due first, as its record would be.
pub(crate) fn check_memory_start(
    state: &Campaign,
    pack: &bagless_bov::Pack,
    memory: &str,
) -> Result<(), AppError> {
    Ok(bagless_bov::memories::check_memory_start(
        state, pack, memory,
    )?)
}

impl TableGame for Bov {
    type Command = Command;
    type View = View;
    type Part = Part;
    const CAMPAIGN: bool = true;

    fn known(record: &CampaignRecord) -> bool {
        builtin_packs().get(&record.pack_id).is_ok()
    }

    fn decide(
        state: &Campaign,
        command: &Command,
        now: DateTime,
        seed: u64,
    ) -> Result<Vec<Event>, AppError> {
        let pack_id = match command {
            Command::Create { pack_id, .. } => pack_id,
            // The app gives the edition step itself, at a clean point with
            // no memory in play (`edition_step_in`), with the players' next
            // command; a file's recorded step is decided by the rules crate.
            Command::TakeEdition { .. } => {
                return Err(AppError::new(
                    "edition_by_app",
                    "Bagless moves a campaign to a new edition of the rules itself, between two memories.",
                ))
            }
            _ => &state.pack_id,
        };
        let pack = builtin_packs().get(pack_id)?;
        // The HQ's dice are thrown here, from the seed the app drew; the
        // faces end up in the event.
        let command = match command {
            Command::ResolveHq(input) => {
                let mut input = input.clone();
                if let bagless_bov::hq::DiceInput::Roll { seed: thrown } = &mut input.dice {
                    *thrown = Some(u64::from(seed as u32));
                }
                &Command::ResolveHq(input)
            }
            command => command,
        };
        Ok(bagless_bov::campaign::decide(
            state,
            pack,
            command,
            &Context { now },
        )?)
    }

    /// A memory of the campaign in play in Bagless: no assassin joins,
    /// leaves or is swapped until it is recorded, and no card goes into or
    /// out of the villa envelope (edition 5) (the rules' own refusal).
    fn decide_in(
        library: &Library,
        record: &CampaignRecord,
        state: &Campaign,
        command: &Command,
        now: DateTime,
        seed: u64,
    ) -> Result<Vec<Event>, AppError> {
        let pack = builtin_packs().get(&state.pack_id).ok();
        if let Some(pack) =
            pack.filter(|_| bagless_bov::assassins::asks_memory_in_play(state, command))
        {
            let next = state.next_memory(pack).unwrap_or_default();
            let playing = !super::memory::in_play(library, &record.id, next)?.is_empty();
            bagless_bov::assassins::check_no_memory_in_play(
                state,
                command,
                playing.then_some(next),
            )?;
        }
        Self::decide(state, command, now, seed)
    }

    fn undo(log: &[Envelope<Event>]) -> Result<Vec<Event>, AppError> {
        bagless_bov::history::decide_undo(log).map_err(refused)
    }

    fn redo(log: &[Envelope<Event>]) -> Result<Vec<Event>, AppError> {
        bagless_bov::history::decide_redo(log).map_err(refused)
    }

    fn jump_back(log: &[Envelope<Event>], seq: u32) -> Result<Vec<Event>, AppError> {
        bagless_bov::history::decide_jump_back(log, seq).map_err(refused)
    }

    /// Decided again like every game's log (`bagless_game::Rules`, which
    /// the rules crate implements for a campaign).
    fn believe(log: &[Envelope<Event>]) -> Result<Campaign, bagless_game::Disbelieved> {
        bagless_game::decide_log_again::<Campaign>(log)
    }

    fn edition_step(state: &Campaign) -> Option<Vec<Event>> {
        bagless_game::Rules::edition_step(state)
    }

    fn knows_pack(pack_id: &str) -> bool {
        bagless_bov::packs::pack(pack_id).is_some()
    }

    /// Between two memories, with no memory of the campaign in play.
    fn edition_step_in(
        library: &Library,
        record: &CampaignRecord,
        state: &Campaign,
    ) -> Option<Vec<Event>> {
        let pack = builtin_packs().get(&state.pack_id).ok()?;
        let step = Self::edition_step(state)?;
        let next = state.next_memory(pack).unwrap_or_default();
        super::memory::in_play(library, &record.id, next)
            .ok()?
            .is_empty()
            .then_some(step)
    }

    /// Each assassin of the campaign, on its player's phone (issue 32).
    fn seats(state: &Campaign) -> Vec<super::seats::Seat> {
        let Ok(pack) = builtin_packs().get(&state.pack_id) else {
            return Vec::new();
        };
        bagless_bov::views::seat::seats(state, pack)
            .into_iter()
            .map(|(id, name)| super::seats::Seat { id, name })
            .collect()
    }

    /// The seat's assassin board: health, armor, equipment, skills.
    fn seat_view(state: &Campaign, seat: &str) -> Option<serde_json::Value> {
        let pack = builtin_packs().get(&state.pack_id).ok()?;
        serde_json::to_value(bagless_bov::views::seat::seat_view(state, pack, seat)?).ok()
    }

    /// The diary by its rules alone (the window's answers are
    /// [`TableGame::view_in`]'s, with the library's other campaigns); a
    /// campaign of a box this build does not know opens nowhere, and is
    /// shown here by the core box's memories.
    fn view(state: &Campaign) -> View {
        let packs = builtin_packs();
        let pack = packs
            .get(&state.pack_id)
            .or_else(|_| packs.get(DEFAULT_PACK))
            .expect("the core box is built in");
        View::Diary(diary_view("", state, pack, &[]))
    }

    /// Every other write, the attempt of the memory the diary says is
    /// next (while there is one); else an HQ sticker marked or unmarked.
    fn busy_command(state: &Campaign, round: u64, now: DateTime) -> Option<Command> {
        let pack = builtin_packs().get(&state.pack_id).ok()?;
        match state.next_memory(pack) {
            Some(memory) if round.is_multiple_of(2) => Some(Command::RecordAttempt(
                bagless_bov::campaign::AttemptInput {
                    memory: memory.to_string(),
                    outcome: bagless_bov::campaign::Outcome::Success,
                    difficulty: bagless_bov::campaign::Difficulty::Normal,
                    xp: bagless_bov::campaign::XpGained::default(),
                    sync_met: false,
                    stickers: vec![],
                    played_on: now.date_naive(),
                    notes: format!("write {round}"),
                    eliminated: vec![],
                },
            )),
            _ => {
                let number = (round / 2 % 9) as u8 + 1;
                Some(Command::SetHqSticker {
                    number,
                    marked: !state.hq_stickers.contains(&number),
                })
            }
        }
    }

    fn view_in(
        library: &Library,
        record: &CampaignRecord,
        state: &Campaign,
        part: &Part,
        now: DateTime,
    ) -> Result<View, AppError> {
        let pack = builtin_packs().get(&state.pack_id)?;
        Ok(match part {
            Part::Diary => View::Diary(views::diary(library, record, state, pack)?),
            Part::Board => View::Board(views::board(library, record, state, pack)?),
            Part::Hq => View::Hq(views::hq(library, record, state, pack)?),
            Part::Destinations { card } => {
                // Decided as the move would be: on the state the door
                // decides it on, after the edition step it would write
                // first (`game_act_by`).
                let step = Self::edition_step_in(library, record, state).unwrap_or_default();
                let mut upgraded = std::borrow::Cow::Borrowed(state);
                for event in &step {
                    <Self as SavedGame>::evolve(upgraded.to_mut(), event);
                }
                let next = upgraded.next_memory(pack).unwrap_or_default();
                let in_play = super::memory::in_play(library, &record.id, next)?;
                View::Destinations(bagless_bov::destinations::destinations_in(
                    &upgraded,
                    pack,
                    card,
                    &Context { now },
                    (!in_play.is_empty()).then_some(next),
                ))
            }
        })
    }

    /// The campaign's steps in its own words: cards named as they were
    /// then, places, overrides marked, what a new edition changed.
    fn history_page(
        state: &Campaign,
        log: &[Envelope<Event>],
        limit: usize,
    ) -> Result<bagless_game::history::HistoryPage, AppError> {
        let pack = builtin_packs().get(&state.pack_id)?;
        Ok(bagless_bov::history::history_page(log, pack, limit))
    }

    /// A memory in play ends with the attempt that records it (or its
    /// refusal): it is moved to the bin. When it cannot be, the diary says
    /// it is left open.
    fn settle(
        library: &mut Library,
        record: &CampaignRecord,
        events: &[Event],
        now: DateTime,
        view: &mut View,
    ) {
        // The answer to a resolution step says what it counted.
        if let View::Hq(hq) = view {
            hq.resolved = bagless_bov::hq_view::resolved(events);
        }
        for event in events {
            let memory = match event {
                Event::AttemptRecorded { attempt, .. } => &attempt.memory,
                Event::OptionalMemoryDeclined { memory } => memory,
                _ => continue,
            };
            // What cannot be read or binned is left open, and said so.
            let (in_play, mut all_binned) =
                match super::memory::in_play(library, &record.id, memory) {
                    Ok(in_play) => (in_play, true),
                    Err(_) => (Vec::new(), false),
                };
            for id in in_play {
                if let View::Diary(diary) = view {
                    if diary.memory_in_play.as_ref() == Some(&id) {
                        diary.memory_in_play = None;
                    }
                }
                all_binned &= library.move_to_bin(&id, now).is_ok();
            }
            if !all_binned {
                if let View::Diary(diary) = view {
                    diary.memory_left_open = Some(memory.clone());
                }
            }
        }
    }

    fn rename_command(name: &str) -> Option<Command> {
        Some(Command::Rename {
            name: name.to_string(),
        })
    }

    fn listing(state: &Campaign) -> Option<Listing> {
        let pack = builtin_packs().get(&state.pack_id).ok()?;
        Some(listing(state, pack))
    }

    fn players(state: &Campaign) -> Vec<String> {
        Self::listing(state)
            .map(|listing| listing.assassins)
            .unwrap_or_default()
    }

    fn round(_state: &Campaign) -> u32 {
        0
    }

    fn box_name() -> &'static str {
        "Brotherhood of Venice"
    }

    fn box_values_set(_events: &[Event]) -> Vec<(String, serde_json::Value)> {
        Vec::new()
    }

    /// The campaign attempt by attempt (`bagless_bov::views::told`).
    fn story(state: &Campaign, log: &[Envelope<Event>]) -> super::Told {
        told::story(state, log)
    }

    fn evening(state: &Campaign, log: &[Envelope<Event>], since: DateTime) -> super::Told {
        told::evening(state, log, since)
    }

    fn year(games: &[super::told::Played<Self>]) -> super::Told {
        told::year(games)
    }

    fn with_box_values(command: &Command, _remembered: &[(String, serde_json::Value)]) -> Command {
        command.clone()
    }
}

/// A refusal of the campaign's history (undo, redo, going back).
fn refused(violation: bagless_bov::RuleViolation) -> AppError {
    AppError::new(violation.code.as_str(), violation.message)
}

/// The box every build knows.
const DEFAULT_PACK: &str = "core";

/// The boxes this build knows, read once.
pub(crate) fn builtin_packs() -> &'static packs::Packs {
    static PACKS: std::sync::OnceLock<packs::Packs> = std::sync::OnceLock::new();
    PACKS.get_or_init(packs::Packs::builtin)
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
    pub state: std::sync::Arc<Campaign>,
}

/// The campaign `id` (refused as no such campaign when it is another
/// game's).
pub(crate) fn load(library: &Library, id: &str) -> Result<StoredCampaign, StoreError> {
    let (record, state) = library.game_state::<Bov>(id)?;
    Ok(StoredCampaign { record, state })
}
