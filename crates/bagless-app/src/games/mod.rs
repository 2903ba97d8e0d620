//! Every game, Brotherhood of Venice's campaigns included, through the same
//! door: each is a [`TableGame`] (its rules crate's `decide`, undo and
//! views) that the store saves as a [`SavedGame`] (its log and the state
//! its `evolve` computed). The window and the CLI reach them only through
//! here.

/// What every rules crate's door has alike: the store's [`SavedGame`]
/// (its events, `evolve` and `replay`), for a game `$game` of the rules
/// crate `$rules`, kept as `$kind` with the pack `$pack`.
macro_rules! saved_game {
    ($game:ident, $rules:ident, $kind:expr, $pack:expr) => {
        impl bagless_store::SavedGame for $game {
            const KIND: &'static str = $kind;
            const PACK_ID: &'static str = $pack;
            // The rules crate's edition: a state saved under another is
            // computed again from the log.
            const RULES: u32 = <$rules::Game as bagless_game::Rules>::EDITION;
            const SUMMARY: u32 = crate::dto::LISTING_SHAPE;
            type Event = $rules::Event;
            type State = $rules::Game;

            fn event_kind(event: &$rules::Event) -> String {
                super::event_kind(event)
            }

            fn evolve(state: &mut $rules::Game, event: &$rules::Event) {
                $rules::evolve(state, event);
            }

            fn replay(log: &[bagless_game::Envelope<$rules::Event>]) -> $rules::Game {
                $rules::replay(log)
            }

            fn remembered(events: &[$rules::Event]) -> Vec<(String, serde_json::Value)> {
                <$game as super::TableGame>::box_values_set(events)
            }

            fn summary(state: &$rules::Game) -> Option<serde_json::Value> {
                serde_json::to_value(super::listing::<$game>(state)).ok()
            }
        }
    };
}

/// Inside `impl TableGame`: the rules crate's `decide` (dice from the seed
/// the app draws), undo, redo and going back.
macro_rules! rules_decisions {
    ($rules:ident) => {
        fn decide(
            state: &$rules::Game,
            command: &$rules::Command,
            now: crate::DateTime,
            seed: u64,
        ) -> Result<Vec<$rules::Event>, crate::AppError> {
            let ctx = $rules::Context {
                now,
                seed: Some(seed),
            };
            Ok($rules::decide(state, command, &ctx)?)
        }

        fn undo(
            log: &[bagless_game::Envelope<$rules::Event>],
        ) -> Result<Vec<$rules::Event>, crate::AppError> {
            Ok($rules::decide_undo(log)?)
        }

        fn redo(
            log: &[bagless_game::Envelope<$rules::Event>],
        ) -> Result<Vec<$rules::Event>, crate::AppError> {
            Ok($rules::decide_redo(log)?)
        }

        fn jump_back(
            log: &[bagless_game::Envelope<$rules::Event>],
            seq: u32,
        ) -> Result<Vec<$rules::Event>, crate::AppError> {
            Ok($rules::decide_jump_back(log, seq)?)
        }

        fn believe(
            log: &[bagless_game::Envelope<$rules::Event>],
        ) -> Result<$rules::Game, bagless_game::Disbelieved> {
            bagless_game::decide_log_again::<$rules::Game>(log)
        }

        fn edition_step(state: &$rules::Game) -> Option<Vec<$rules::Event>> {
            <$rules::Game as bagless_game::Rules>::edition_step(state)
        }
    };
}

pub mod bov;
#[cfg(feature = "debug-writer")]
mod busy;
mod commands;
#[cfg(feature = "test-game")]
pub mod dice_race;
mod history;
mod import;
pub mod memory;
pub mod nation;
pub(crate) mod registry;
pub mod risk;
pub mod seats;
pub mod told;

pub use commands::Part as GamePart;
pub use history::GameHistory;
pub use import::{Fork, ForkChoice, ImportHow, Imported};
pub use registry::{GameAnswer, GameCommand};
pub use told::{GameTold, YearTold};

use crate::dto::CampaignSummary;
use crate::{new_campaign_id, App, AppError, DateTime};
use bagless_game::limits::MAX_NAME_CHARS;
use bagless_game::Envelope;
use bagless_store::exchange::{self, GameExport};
use bagless_store::{CampaignRecord, Library, SavedGame};
use serde::Serialize;
use std::path::Path;
use ts_rs::TS;

/// A game the players play at the table, refereed by its rules crate.
pub trait TableGame: SavedGame<State: PartialEq, Event: PartialEq> {
    type Command: serde::de::DeserializeOwned;
    /// What the game's main screen shows.
    type View: Serialize;

    /// The rules' answer to a command: the events, or why not. `seed` is
    /// for the dice Bagless rolls (their faces are kept in the events).
    fn decide(
        state: &Self::State,
        command: &Self::Command,
        now: DateTime,
        seed: u64,
    ) -> Result<Vec<Self::Event>, AppError>;
    /// [`TableGame::decide`] where the library holds more of the game (a
    /// campaign's memory in play, which its rules ask about).
    fn decide_in(
        _library: &Library,
        _record: &CampaignRecord,
        state: &Self::State,
        command: &Self::Command,
        now: DateTime,
        seed: u64,
    ) -> Result<Vec<Self::Event>, AppError> {
        Self::decide(state, command, now, seed)
    }
    fn undo(log: &[Envelope<Self::Event>]) -> Result<Vec<Self::Event>, AppError>;
    fn redo(log: &[Envelope<Self::Event>]) -> Result<Vec<Self::Event>, AppError>;
    /// Every entry after `seq` undone, newest first.
    fn jump_back(log: &[Envelope<Self::Event>], seq: u32) -> Result<Vec<Self::Event>, AppError>;
    /// The log decided again from its first entry (every entry through the
    /// rules, every derived event compared, the invariants after every
    /// event): what a file from outside must pass before it is believed.
    fn believe(log: &[Envelope<Self::Event>]) -> Result<Self::State, bagless_game::Disbelieved>;
    /// The step moving the game to its rules crate's edition, when one is
    /// due (the game plays an older one and is at a clean point).
    fn edition_step(state: &Self::State) -> Option<Vec<Self::Event>>;
    /// [`TableGame::edition_step`] where the library holds more of the
    /// game (a campaign is at a clean point only with no memory of it in
    /// play).
    fn edition_step_in(
        _library: &Library,
        _record: &CampaignRecord,
        state: &Self::State,
    ) -> Option<Vec<Self::Event>> {
        Self::edition_step(state)
    }
    fn view(state: &Self::State) -> Self::View;
    /// A command its rules accept in most states, that leaves the game
    /// much where it was (a count corrected, a setting switched): what the
    /// crash tests' writer (`bagless debug-record-loop`, `busy.rs`) writes
    /// to any game, again and again, `round` being its write's number.
    /// `None`: no such command now.
    fn busy_command(_state: &Self::State, _round: u64, _now: DateTime) -> Option<Self::Command> {
        None
    }
    /// Which part of the game's screen an answer shows (a campaign's
    /// diary, boards or HQ); [`Whole`] for a game of one screen. The
    /// history is every game's part (see `commands`).
    type Part: serde::de::DeserializeOwned + Default;
    /// What `part` of the screen shows, with what the library holds beside
    /// the game (the other campaigns of its box); `now` for a part that
    /// asks the rules what a command would meet (a campaign's card picked
    /// up: where it may go).
    fn view_in(
        _library: &Library,
        _record: &CampaignRecord,
        state: &Self::State,
        _part: &Self::Part,
        _now: DateTime,
    ) -> Result<Self::View, AppError> {
        Ok(Self::view(state))
    }
    /// What the command's events leave to do elsewhere in the library once
    /// they are written (a memory in play ends with the attempt that
    /// records it); what could not be done is said in `view`, and the
    /// command stays written.
    fn settle(
        _library: &mut Library,
        _record: &CampaignRecord,
        _events: &[Self::Event],
        _now: DateTime,
        _view: &mut Self::View,
    ) {
    }
    /// The command that renames the game when its name is the rules' (a
    /// campaign's is in its diary); `None`: the library's name.
    fn rename_command(_name: &str) -> Option<Self::Command> {
        None
    }
    /// The game's line in the library; `None` keeps it out (a campaign of
    /// a box this build does not know).
    fn listing(state: &Self::State) -> Option<crate::dto::Listing>
    where
        Self: Sized,
    {
        Some(listing::<Self>(state))
    }
    /// The players' names, in order of play, for the library.
    fn players(state: &Self::State) -> Vec<String>;
    /// The turn or round the game is at, for the library.
    fn round(state: &Self::State) -> u32;
    /// Who leads by the game's own count (who won, once it is over), by
    /// name, for the library; none while the rules keep it hidden.
    fn standing(_state: &Self::State) -> Standing {
        Standing::default()
    }
    /// What its new-game form offers, as its rules have it (how many
    /// players, the colours…); `None` for a game made another way (a
    /// campaign from its box's pack, a memory from its diary).
    fn setup_offer() -> Option<Result<serde_json::Value, serde_json::Error>> {
        None
    }
    /// The box's name, for the library.
    fn box_name() -> &'static str;
    /// What the check and the backups call a game of this kind.
    fn what() -> &'static str {
        Self::box_name()
    }
    /// Whether the game has a line of its own in the library, the backups'
    /// previews and its own export file (a memory in play is its
    /// campaign's).
    const LISTED: bool = true;
    /// Whether its games are the library's campaigns, each named by the
    /// box it is played with (Brotherhood of Venice's).
    const CAMPAIGN: bool = false;
    /// Whether this build knows the box `pack_id` a file names for a game
    /// of this kind.
    fn knows_pack(pack_id: &str) -> bool {
        pack_id == Self::PACK_ID
    }
    /// Whether this build can play the game `record` holds (a campaign of
    /// a box it does not know stays in the file untouched, unlisted).
    fn known(_record: &CampaignRecord) -> bool {
        true
    }
    /// The history's words for each event of the log (its catalogue key
    /// and params), by seq, when the rules crate words them itself; else
    /// each event's serde type and fields are its words.
    fn history_words(_log: &[Envelope<Self::Event>]) -> Option<Words> {
        None
    }
    /// The newest `limit` steps of the game's history, in its words (by
    /// default each event's serde type and fields, or [`Self::history_words`]).
    fn history_page(
        _state: &Self::State,
        log: &[Envelope<Self::Event>],
        limit: usize,
    ) -> Result<bagless_game::history::HistoryPage, AppError> {
        Ok(history::page_by_fields::<Self>(log, limit))
    }
    /// The seats a phone can take at the game's table (issue 32): each
    /// player's, by id and name; none for a game that has none yet.
    fn seats(_state: &Self::State) -> Vec<seats::Seat> {
        Vec::new()
    }
    /// What `seat` sees on its own screen: its own secrets and the public
    /// table, never another seat's; `None` for a seat the game has not.
    fn seat_view(_state: &Self::State, _seat: &str) -> Option<serde_json::Value> {
        None
    }
    /// The command `seat` asks for from its phone (`action`, the game's own
    /// seat action as JSON), or why that seat may not ask it now, in its
    /// rules crate's words; then decided like the window's.
    fn seat_command(
        _state: &Self::State,
        _seat: &str,
        _action: serde_json::Value,
    ) -> Result<Self::Command, AppError> {
        Err(seats::no_action())
    }
    /// The game told back (issue 57), by its rules crate's views, each
    /// read from the whole log in one pass: its story; what was played
    /// since `since` (the evening's summary); what its games add up to
    /// (the year). `None`: the game tells nothing of the kind.
    fn story(_state: &Self::State, _log: &[Envelope<Self::Event>]) -> Told {
        None
    }
    fn evening(_state: &Self::State, _log: &[Envelope<Self::Event>], _since: DateTime) -> Told {
        None
    }
    fn year(_games: &[told::Played<Self>]) -> Told
    where
        Self: Sized,
    {
        None
    }
    /// The values of the box the players entered in these events (asked
    /// once, then remembered for every game of the box), by key.
    fn box_values_set(events: &[Self::Event]) -> Vec<(String, serde_json::Value)>;
    /// A set-up command given the values remembered for the box (those it
    /// names itself win).
    fn with_box_values(
        command: &Self::Command,
        remembered: &[(String, serde_json::Value)],
    ) -> Self::Command;
}

/// The history's words of a log's events, by seq: a catalogue key and its
/// params.
pub type Words =
    std::collections::BTreeMap<u32, (String, std::collections::BTreeMap<String, String>)>;

/// A game told back, as its rules crate's view in JSON (see [`TableGame::story`]).
pub type Told = Option<Result<serde_json::Value, serde_json::Error>>;

/// The part asked of a game of one screen: the whole of it.
#[derive(Debug, Clone, Copy, Default, serde::Deserialize)]
pub struct Whole;

/// A game's screen: the game's record and what its rules crate shows.
#[derive(Debug, Clone, Serialize, serde::Deserialize, TS)]
#[ts(export)]
pub struct GameScreen<V> {
    pub id: String,
    pub name: String,
    pub in_bin: bool,
    pub view: V,
}

impl App {
    /// A new game of `G` named `name`, set up by `command` (its creation).
    pub(crate) fn game_create<G: TableGame>(
        &self,
        name: &str,
        command: &G::Command,
    ) -> Result<CampaignSummary, AppError> {
        // A name the rules keep (a campaign's) is theirs to refuse.
        let name = match G::rename_command(name) {
            Some(_) => name.trim().to_string(),
            None => game_name(name)?,
        };
        let now = (self.clock)();
        self.with_writable_library(|library| {
            let command = G::with_box_values(command, &library.box_values(G::KIND)?);
            let events = G::decide(&G::State::default(), &command, now, rand::random())?;
            let id = new_campaign_id();
            let state = library.create_game::<G>(&id, &name, &events, now)?;
            Ok(summary::<G>(&library.record(&id)?, &state))
        })
    }

    /// Another name for a game (the library's, not the rules').
    pub(crate) fn game_rename<G: TableGame>(
        &self,
        id: &str,
        name: &str,
        part: &G::Part,
    ) -> Result<GameScreen<G::View>, AppError> {
        if let Some(command) = G::rename_command(name) {
            return self.game_act::<G>(id, &command, part);
        }
        let name = game_name(name)?;
        self.with_writable_library(|library| {
            library.game_state::<G>(id)?;
            library.rename_game(id, &name)?;
            let (record, state) = library.game_state::<G>(id)?;
            screen::<G>(library, &record, &state, part, (self.clock)())
        })
    }

    /// What the game's screen shows.
    pub(crate) fn game_open<G: TableGame>(
        &self,
        id: &str,
        part: &G::Part,
    ) -> Result<GameScreen<G::View>, AppError> {
        self.with_library(|library| {
            library.reading(|library| {
                let (record, state) = library.game_state::<G>(id)?;
                screen::<G>(library, &record, &state, part, (self.clock)())
            })
        })
    }

    /// One command of the players, decided and saved; the screen after it.
    pub(crate) fn game_act<G: TableGame>(
        &self,
        id: &str,
        command: &G::Command,
        part: &G::Part,
    ) -> Result<GameScreen<G::View>, AppError> {
        self.game_act_by::<G, _>(id, part, |_| Ok((command, None)))
    }

    /// [`App::game_act`], the command `asked` of the game's state as it is
    /// when the write begins: with who entered it when not the host's
    /// window (a seat at the table, from its phone), which the history
    /// says.
    pub(crate) fn game_act_by<G: TableGame, C: std::borrow::Borrow<G::Command>>(
        &self,
        id: &str,
        part: &G::Part,
        asked: impl FnOnce(&G::State) -> Result<(C, Option<String>), AppError>,
    ) -> Result<GameScreen<G::View>, AppError> {
        // One transaction: the state read, the entry written, the screen
        // built and what the entry settles.
        self.with_writable_library(|library| {
            library.writing(|library| {
                let (record, state) = library.game_state::<G>(id)?;
                if record.deleted_at.is_some() {
                    return Err(AppError::in_bin());
                }
                let now = (self.clock)();
                // A game of an older edition of its rules moves to its crate's
                // at a clean point: the step is written with the command, which
                // is decided (and asked, from a phone) under the new edition
                // (nothing is written if the rules refuse the command). The
                // step is the app's own, never a seat's.
                let mut events = G::edition_step_in(library, &record, &state).unwrap_or_default();
                let step = events.len();
                let upgraded = if events.is_empty() {
                    std::borrow::Cow::Borrowed(&*state)
                } else {
                    let mut upgraded = G::State::clone(&state);
                    for event in &events {
                        G::evolve(&mut upgraded, event);
                    }
                    std::borrow::Cow::Owned(upgraded)
                };
                let (command, by) = asked(&upgraded)?;
                let decided = G::decide_in(
                    library,
                    &record,
                    &upgraded,
                    command.borrow(),
                    now,
                    rand::random(),
                )?;
                // A seat's write that changes nothing is refused, not
                // written (issue 56: a phone looping the same hit list
                // grew the history by as many entries): the game's state
                // after its events, compared with the state before.
                if by.is_some() {
                    let mut after = G::State::clone(&upgraded);
                    for event in &decided {
                        G::evolve(&mut after, event);
                    }
                    if after == *upgraded {
                        return Err(seats::nothing_changed());
                    }
                }
                events.extend(decided);
                drop(upgraded);
                let by = by
                    .as_deref()
                    .map(|name| bagless_store::Author { name, from: step });
                let (after, record) =
                    library.append_game_by::<G>(id, record.last_seq, state, &events, now, by)?;
                let mut screen = screen::<G>(library, &record, &after, part, now)?;
                G::settle(library, &record, &events, now, &mut screen.view);
                Ok(screen)
            })
        })
    }

    /// Undo (`forward` false) or redo (true), worked out from the log.
    pub(crate) fn game_step<G: TableGame>(
        &self,
        id: &str,
        forward: bool,
        part: &G::Part,
    ) -> Result<GameScreen<G::View>, AppError> {
        self.with_writable_library(|library| {
            library.writing(|library| {
                let (record, state) = library.game_state::<G>(id)?;
                if record.deleted_at.is_some() {
                    return Err(AppError::in_bin());
                }
                let log = library.game_log::<G>(id)?;
                let markers = if forward {
                    G::redo(&log)?
                } else {
                    G::undo(&log)?
                };
                // Let go, so the store extends the log in place.
                drop(log);
                let now = (self.clock)();
                let (after, record) =
                    library.append_game::<G>(id, record.last_seq, state, &markers, now)?;
                screen::<G>(library, &record, &after, part, now)
            })
        })
    }
}

/// The library's line for the game `record` holds, `None` inside when the
/// game has no line of its own; `None` when its kind is no game's here. A
/// line computed again (`saved` was written by other rules or in an older
/// shape) is saved again when `keep`.
pub(crate) fn summary_of(
    library: &Library,
    record: &CampaignRecord,
    saved: Option<&str>,
    keep: bool,
) -> Option<Result<Option<CampaignSummary>, AppError>> {
    struct Summary<'a> {
        library: &'a Library,
        record: &'a CampaignRecord,
        saved: Option<&'a str>,
        keep: bool,
    }
    impl registry::Visit for Summary<'_> {
        type Out = Result<Option<CampaignSummary>, AppError>;
        fn visit<G: TableGame>(self) -> Self::Out {
            if !G::LISTED || !G::known(self.record) {
                return Ok(None);
            }
            let saved = self.saved.and_then(bagless_store::summary_of::<G>);
            if let Some(listing) = saved.and_then(|v| serde_json::from_value(v).ok()) {
                return Ok(Some(CampaignSummary::of(self.record, listing)));
            }
            // Saved by other rules or in an older shape: computed again,
            // and kept for the next list.
            let (record, state) = self.library.game_state::<G>(&self.record.id)?;
            if self.keep {
                self.library
                    .keep_summary::<G>(&record.id, record.last_seq, &state);
            }
            Ok(G::listing(&state).map(|listing| CampaignSummary::of(&record, listing)))
        }
    }
    registry::visit(
        &record.game,
        Summary {
            library,
            record,
            saved,
            keep,
        },
    )
}

/// What is wrong with the game `record` holds (its saved state against its
/// log; when `deep`, its log decided again too, unless this build cannot
/// play it), `None` when its kind is no game's here.
pub(crate) fn check(
    library: &Library,
    record: &CampaignRecord,
    deep: bool,
) -> Option<Result<Option<String>, bagless_store::StoreError>> {
    if deep {
        return deep_check(library, record).map(|found| {
            found.map(|found| match found {
                DeepFinding::Sound => None,
                DeepFinding::State(problem) => Some(problem),
                DeepFinding::History(why) => {
                    Some(format!("its history is not what the rules give ({why})"))
                }
            })
        });
    }
    struct Check<'a>(&'a Library, &'a CampaignRecord);
    impl registry::Visit for Check<'_> {
        type Out = Result<Option<String>, bagless_store::StoreError>;
        fn visit<G: TableGame>(self) -> Self::Out {
            self.0.check_game::<G>(&self.1.id)
        }
    }
    registry::visit(&record.game, Check(library, record))
}

/// What is wrong with the game `record` holds, looked at whole: its history
/// decided again by its rules (what a file from outside must pass: the
/// first entry they would not have written), then its saved state against
/// the state that history gives (read once, decided once); `None` when its
/// kind is no game's here.
pub(crate) fn deep_check(
    library: &Library,
    record: &CampaignRecord,
) -> Option<Result<DeepFinding, bagless_store::StoreError>> {
    struct Deep<'a>(&'a Library, &'a CampaignRecord);
    impl registry::Visit for Deep<'_> {
        type Out = Result<DeepFinding, bagless_store::StoreError>;
        fn visit<G: TableGame>(self) -> Self::Out {
            let Deep(library, record) = self;
            if !G::known(record) {
                return Ok(match library.check_game::<G>(&record.id)? {
                    Some(problem) => DeepFinding::State(problem),
                    None => DeepFinding::Sound,
                });
            }
            let log = match library.game_log::<G>(&record.id) {
                Ok(log) => log,
                // Said as the cheap check says it.
                Err(bagless_store::StoreError::Damaged(_)) => {
                    return Ok(match library.check_game::<G>(&record.id)? {
                        Some(problem) => DeepFinding::State(problem),
                        None => DeepFinding::Sound,
                    })
                }
                Err(other) => return Err(other),
            };
            let believed = match G::believe(&log) {
                Ok(state) => state,
                Err(why) => return Ok(DeepFinding::History(why)),
            };
            drop(log);
            Ok(
                match library.check_game_as::<G>(&record.id, Some(believed))? {
                    Some(problem) => DeepFinding::State(problem),
                    None => DeepFinding::Sound,
                },
            )
        }
    }
    registry::visit(&record.game, Deep(library, record))
}

/// What [`deep_check`] found.
pub(crate) enum DeepFinding {
    Sound,
    /// Its history is not what its rules give.
    History(bagless_game::Disbelieved),
    /// Its saved state (or its record) is not what its history gives.
    State(String),
}

/// Writes the game `record` holds to `path`, whole or not at all (none:
/// answers with the file's bytes, to hand over another way); `None` when
/// its kind is no game's here or it has no file of its own.
pub(crate) fn export_of(
    library: &Library,
    record: &CampaignRecord,
    path: Option<&Path>,
    now: DateTime,
) -> Option<Result<Vec<u8>, AppError>> {
    struct Export<'a>(&'a Library, &'a CampaignRecord, Option<&'a Path>, DateTime);
    impl registry::Visit for Export<'_> {
        type Out = Option<Result<Vec<u8>, AppError>>;
        fn visit<G: TableGame>(self) -> Self::Out {
            G::LISTED.then(|| export::<G>(self.0, self.1, self.2, self.3))
        }
    }
    registry::visit(&record.game, Export(library, record, path, now)).flatten()
}

/// A game's whole log with its identity, written to `path` whole or not at
/// all, or as bytes.
fn export<G: TableGame>(
    library: &Library,
    record: &CampaignRecord,
    path: Option<&Path>,
    now: DateTime,
) -> Result<Vec<u8>, AppError> {
    let file = GameExport {
        format: exchange::EXPORT_FORMAT.to_string(),
        version: exchange::EXPORT_VERSION,
        exported_at: now,
        app_version: env!("CARGO_PKG_VERSION").to_string(),
        name: record.name.clone(),
        game: G::KIND.to_string(),
        pack_id: record.pack_id.clone(),
        id: Some(record.id.clone()),
        events: library.game_log::<G>(&record.id)?.to_vec(),
    };
    match path {
        Some(path) => exchange::write_export(path, &file)
            .map(|()| Vec::new())
            .map_err(AppError::export),
        None => serde_json::to_vec(&file)
            .map_err(|e| AppError::new("internal", format!("the game could not be written: {e}"))),
    }
}

/// An event's name for the log's `kind` column: its serde tag (`type`).
pub(crate) fn event_kind<E: Serialize>(event: &E) -> String {
    serde_json::to_value(event)
        .ok()
        .and_then(|v| v.get("type")?.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// A game's name: as for a campaign, not empty, at most the library's
/// `MAX_NAME_CHARS` characters, no control characters.
fn game_name(name: &str) -> Result<String, AppError> {
    let name = name.trim();
    let max = MAX_NAME_CHARS;
    if name.is_empty() || name.chars().count() > max || name.chars().any(char::is_control) {
        return Err(AppError::new(
            "game_name",
            format!("Give the game a name of 1 to {max} characters."),
        ));
    }
    Ok(name.to_string())
}

/// What `part` of the game's screen shows, `now`.
pub(crate) fn screen<G: TableGame>(
    library: &Library,
    record: &CampaignRecord,
    state: &G::State,
    part: &G::Part,
    now: DateTime,
) -> Result<GameScreen<G::View>, AppError> {
    Ok(GameScreen {
        id: record.id.clone(),
        name: record.name.clone(),
        in_bin: record.deleted_at.is_some(),
        view: G::view_in(library, record, state, part, now)?,
    })
}

/// The library's line of a game.
pub(crate) fn summary<G: TableGame>(record: &CampaignRecord, state: &G::State) -> CampaignSummary {
    CampaignSummary::of(
        record,
        G::listing(state).unwrap_or_else(|| listing::<G>(state)),
    )
}

/// Every game's kind and the edition of its rules, Brotherhood of
/// Venice's too ("bov 2, risk 2, …"): what a backup's seal was checked
/// under.
pub(crate) fn rules_editions() -> String {
    struct Edition;
    impl registry::Visit for Edition {
        type Out = String;
        fn visit<G: TableGame>(self) -> String {
            format!("{} {}", G::KIND, G::RULES)
        }
    }
    registry::KINDS
        .iter()
        .filter_map(|kind| registry::visit(kind, Edition))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Who leads a game, for its line in the library ([`TableGame::standing`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Standing {
    /// Who leads, or who won once the game is over.
    pub leaders: Vec<String>,
    pub over: bool,
}

/// What the library lists of a game of `G`.
pub(crate) fn listing<G: TableGame + ?Sized>(state: &G::State) -> crate::dto::Listing {
    let Standing { leaders, over } = G::standing(state);
    crate::dto::Listing {
        pack_name: G::box_name().to_string(),
        assassins: G::players(state),
        round: G::round(state),
        leaders,
        over,
        ..Default::default()
    }
}
