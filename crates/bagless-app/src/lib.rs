//! The use-cases the UI calls, one method per command, and the types that
//! cross to the UI (TypeScript types are generated from them by ts-rs).
//!
//! A use-case loads what it needs from the store, asks `bagless-bov` to
//! decide, and hands the resulting events to the store to append.

mod backups;
pub use backups::{BackupCampaign, BackupInfo, BackupPreview, RestoreResult};
mod dto;
mod error;
mod files;
pub mod games;
mod history;
mod lock;
mod opened;
mod packs;
pub mod rescue;
mod seal;
pub use lock::LibraryLock;
pub(crate) use opened::{Check, Opened};

pub use dto::*;
pub use error::{AppError, Violation};
pub use games::memory::{MemoryCommand, MemoryScreen};
pub use games::nation::{NationCommand, NationScreen};
pub use games::risk::{RiskCommand, RiskOdds, RiskScreen, RiskSheet};
pub use games::{GameAnswer, GameCommand, GameHistory, GameHistoryLine};
pub use packs::Packs;

use bagless_bov::board_view::board_view;
use bagless_bov::campaign::{decide, Campaign, Command, CommandGroup, Context};
use bagless_bov::diary::{diary_view, LaterCampaign};
use bagless_bov::hq_view::hq_view;

use bagless_store::Library;
use chrono::Utc;
use games::bov::{self, Bov, StoredCampaign};
use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::sync::{Mutex, OnceLock};

/// Where the app keeps its files, resolved by the shell.
#[derive(Debug, Clone)]
pub struct AppDirs {
    pub data_dir: PathBuf,
}

impl AppDirs {
    pub fn library(&self) -> PathBuf {
        self.data_dir.join("bagless.sqlite")
    }
    pub fn backups(&self) -> PathBuf {
        self.data_dir.join("backups")
    }
    pub fn exports(&self) -> PathBuf {
        self.data_dir.join("exports")
    }
}

pub use bagless_bov::board_view::BoardView;
pub use bagless_bov::campaign::AttemptInput;
pub use bagless_bov::campaign::Command as PlayerCommand;
pub use bagless_bov::diary::DiaryView;
pub use bagless_bov::history::HistoryView;
pub use bagless_bov::hq_view::HqView;
pub use bagless_bov::overrides::OverrideInput;

pub type DateTime = chrono::DateTime<Utc>;

/// The clock, passed in so tests can fix the time.
pub type Clock = fn() -> DateTime;

/// The wall clock, for the shell.
pub fn now() -> DateTime {
    Utc::now()
}

/// Longest import log accepted: far beyond any real campaign.
pub const MAX_IMPORT_EVENTS: usize = 100_000;

pub struct App {
    dirs: AppDirs,
    packs: Packs,
    clock: Clock,
    /// The library being opened on a thread of its own while the window
    /// starts (`open_in_background`); the first command that needs it
    /// waits for it there.
    opening: Mutex<Option<std::thread::JoinHandle<Opened>>>,
    opened: OnceLock<Opened>,
}

impl App {
    /// Opens the library in `dirs`. Never fails: a library that cannot be
    /// opened is reported by every command instead, so the window can say why.
    pub fn open(dirs: AppDirs, clock: Clock) -> App {
        let app = App::unopened(dirs, clock);
        let opened = Opened::open(&app.dirs, clock);
        let _ = app.opened.set(opened);
        app
    }

    /// Like `open`, but the library is opened (and checked) on another
    /// thread, so the window need not wait for it to start.
    pub fn open_in_background(dirs: AppDirs, clock: Clock) -> App {
        let app = App::unopened(dirs, clock);
        let thread_dirs = app.dirs.clone();
        let handle = std::thread::Builder::new()
            .name("bagless-open-library".into())
            .spawn(move || Opened::open(&thread_dirs, clock));
        // With no thread to be had, the first command opens it instead.
        if let Ok(handle) = handle {
            *app.opening.lock().unwrap_or_else(|p| p.into_inner()) = Some(handle);
        }
        app
    }

    fn unopened(dirs: AppDirs, clock: Clock) -> App {
        App {
            dirs,
            packs: Packs::builtin(),
            clock,
            opening: Mutex::new(None),
            opened: OnceLock::new(),
        }
    }

    fn opened(&self) -> &Opened {
        self.opened.get_or_init(|| {
            let pending = self
                .opening
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .take();
            pending
                .and_then(|handle| handle.join().ok())
                .unwrap_or_else(|| Opened::open(&self.dirs, self.clock))
        })
    }

    /// Like `with_library`, for a change: refused while the library is
    /// read-only, so nothing is written over a state that does not add up.
    fn with_writable_library<T>(
        &self,
        work: impl FnOnce(&mut Library) -> Result<T, AppError>,
    ) -> Result<T, AppError> {
        if let Some(error) = self.read_only_error() {
            return Err(error);
        }
        self.with_library(work)
    }

    /// Why the library is read-only, once the start-up check is over
    /// (waited for).
    fn read_only_error(&self) -> Option<AppError> {
        self.opened().settle();
        self.read_only_now()
    }

    /// Why the library is read-only, as far as is known now: the start-up
    /// check may still run.
    fn read_only_now(&self) -> Option<AppError> {
        self.opened()
            .read_only
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// Whether the library is known sound now, without running or waiting
    /// for its check: the check has ended, ran whole and found nothing.
    pub(crate) fn known_sound(&self) -> bool {
        let opened = self.opened();
        if !opened.check_ended() {
            return false;
        }
        opened.settle();
        opened.passed.load(Ordering::Acquire) && self.read_only_now().is_none()
    }

    /// Waits for the start-up check when it runs (one not begun stays so):
    /// what it finds is of the file as it is now, before it is replaced.
    pub(crate) fn wait_for_running_check(&self) {
        let opened = self.opened();
        if matches!(
            &*opened.checking.lock().unwrap_or_else(|p| p.into_inner()),
            Check::Running(_)
        ) {
            opened.settle();
        }
    }

    /// Waits for the check of every game's history that starts with the
    /// library (the window shows its finding when it comes): whether the
    /// library is read-only.
    pub fn wait_for_check(&self) -> bool {
        self.read_only_error().is_some()
    }

    /// After a restore of a staged copy that passed the check: the library
    /// is sound (the start-up check, which looked at the file replaced, is
    /// waited for and its finding dropped).
    pub(crate) fn trust_restored(&self) {
        self.opened().checked_sound();
    }

    fn with_library<T>(
        &self,
        work: impl FnOnce(&mut Library) -> Result<T, AppError>,
    ) -> Result<T, AppError> {
        let library = self.opened().library.as_ref().map_err(Clone::clone)?;
        // A panic while holding the lock leaves nothing half-written (every
        // write is one transaction), so the library is still good to use.
        let mut guard = library.lock().unwrap_or_else(|p| p.into_inner());
        work(&mut guard)
    }

    fn ctx(&self) -> Context {
        Context {
            now: (self.clock)(),
        }
    }

    pub fn library_info(&self) -> LibraryInfo {
        LibraryInfo {
            library_path: self.dirs.library().display().to_string(),
            backups_dir: self.dirs.backups().display().to_string(),
            exports_dir: self.dirs.exports().display().to_string(),
            app_version: env!("CARGO_PKG_VERSION").to_string(),
            error: self.opened().library.as_ref().err().cloned(),
            good_backup: self.read_only_now().and_then(|_| self.newest_good_backup()),
            read_only: self.read_only_now(),
            checking: self.opened().is_checking(),
        }
    }

    /// The newest backup that opens and passes the check, if any.
    fn newest_good_backup(&self) -> Option<String> {
        let mut backups = self.list_backups();
        backups.sort_by(|a, b| b.file_name.cmp(&a.file_name));
        backups
            .into_iter()
            .find(|b| self.preview_backup(&b.file_name).is_ok())
            .map(|b| b.file_name)
    }

    pub fn list_packs(&self) -> Vec<PackSummary> {
        self.packs.summaries()
    }

    pub fn list_campaigns(&self) -> Result<LibraryView, AppError> {
        self.with_library(|library| {
            let mut view = LibraryView {
                campaigns: vec![],
                bin: vec![],
            };
            // A line computed again is kept only in a library known sound
            // and writable (nothing is written while the start-up check runs).
            let keep = self.known_sound();
            for (record, saved) in library.summaries()? {
                let summary = match games::summary_of(library, &record, saved.as_deref(), keep) {
                    Some(summary) => match summary? {
                        Some(summary) => summary,
                        // A memory in play belongs to its campaign's diary.
                        None => continue,
                    },
                    // A campaign of a box this build does not know stays in
                    // the file untouched; it must not hide the others.
                    None if self.packs.get(&record.pack_id).is_err() => continue,
                    None => match saved
                        .as_deref()
                        .and_then(bagless_store::summary_of::<Bov>)
                        .and_then(|listing| serde_json::from_value(listing).ok())
                    {
                        Some(listing) => CampaignSummary::of(&record, listing),
                        // Saved by other rules or in an older shape:
                        // computed again, and kept for the next list.
                        None => {
                            let stored = bov::load(library, &record.id)?;
                            if keep {
                                library.keep_summary::<Bov>(
                                    &record.id,
                                    stored.record.last_seq,
                                    &stored.state,
                                );
                            }
                            self.summary(&stored)?
                        }
                    },
                };
                if record.deleted_at.is_some() {
                    view.bin.push(summary);
                } else {
                    view.campaigns.push(summary);
                }
            }
            // Most recently played first; new campaigns before old unplayed ones.
            view.campaigns.sort_by(|a, b| {
                (&b.last_played_on, &b.created_at).cmp(&(&a.last_played_on, &a.created_at))
            });
            Ok(view)
        })
    }

    fn summary(&self, stored: &StoredCampaign) -> Result<CampaignSummary, AppError> {
        let pack = self.packs.get(&stored.record.pack_id)?;
        // How far the campaign has come is the rules' count.
        Ok(CampaignSummary::of(
            &stored.record,
            bov::listing(&stored.state, pack),
        ))
    }

    pub fn create_campaign(&self, input: NewCampaign) -> Result<CampaignSummary, AppError> {
        let pack = self.packs.get(&input.pack_id)?;
        let command = Command::Create {
            name: input.name,
            pack_id: input.pack_id.clone(),
            assassins: input.assassins,
        };
        let ctx = self.ctx();
        let events = decide(&Campaign::default(), pack, &command, &ctx)?;
        self.with_writable_library(|library| {
            let id = new_campaign_id();
            let state = library.create_game::<Bov>(&id, "", &events, ctx.now)?;
            let record = library.record(&id)?;
            self.summary(&StoredCampaign { record, state })
        })
    }

    pub fn open_diary(&self, campaign_id: &str) -> Result<DiaryView, AppError> {
        self.with_library(|library| self.diary(library, campaign_id))
    }

    fn diary(&self, library: &Library, campaign_id: &str) -> Result<DiaryView, AppError> {
        let stored = bov::load(library, campaign_id)?;
        let pack = self.packs.get(&stored.record.pack_id)?;
        // "Every 100% sync unlocked in a campaign is valid for all the
        // campaigns you played before": load the later ones of the same box.
        let records = library.campaigns()?;
        let mut later = Vec::new();
        for record in &records {
            let is_later =
                (&record.created_at, &record.id) > (&stored.record.created_at, &stored.record.id);
            if is_later && record.pack_id == pack.id && record.deleted_at.is_none() {
                later.push(bov::load(library, &record.id)?);
            }
        }
        let later: Vec<LaterCampaign<'_>> = later
            .iter()
            .map(|c| LaterCampaign {
                name: &c.record.name,
                campaign: &c.state,
            })
            .collect();
        let mut view = diary_view(campaign_id, &stored.state, pack, &later);
        // In the same answer, so that the diary draws "Resume" at once.
        view.memory_in_play = match &view.next {
            Some(next) => {
                games::memory::in_play_among(library, &records, campaign_id, &next.memory)
                    .into_iter()
                    .next()
            }
            None => None,
        };
        Ok(view)
    }

    /// Decides `command` on the campaign and appends its events.
    fn execute(&self, campaign_id: &str, command: Command) -> Result<DiaryView, AppError> {
        self.execute_then(campaign_id, command, |library| {
            self.diary(library, campaign_id)
        })
    }

    /// Decides `command`, appends its events, and answers with `view`.
    fn execute_then<T>(
        &self,
        campaign_id: &str,
        command: Command,
        view: impl FnOnce(&Library) -> Result<T, AppError>,
    ) -> Result<T, AppError> {
        let ctx = self.ctx();
        self.with_writable_library(|library| {
            let stored = bov::load(library, campaign_id)?;
            if stored.record.deleted_at.is_some() {
                return Err(AppError::in_bin());
            }
            let pack = self.packs.get(&stored.record.pack_id)?;
            let events = with_edition_step(library, campaign_id, &stored.state, pack, |state| {
                decide(state, pack, &command, &ctx)
            })?;
            library.append_game::<Bov>(
                campaign_id,
                stored.record.last_seq,
                &stored.state,
                &events,
                ctx.now,
            )?;
            view(library)
        })
    }

    /// The assassin boards, the piles and what the sheets list.
    pub fn open_board(&self, campaign_id: &str) -> Result<BoardView, AppError> {
        self.with_library(|library| self.board(library, campaign_id))
    }

    fn board(&self, library: &Library, campaign_id: &str) -> Result<BoardView, AppError> {
        let stored = bov::load(library, campaign_id)?;
        let pack = self.packs.get(&stored.record.pack_id)?;
        let mut view = board_view(campaign_id, &stored.state, pack);
        // What the players said of a card in another campaign of the same
        // box (its kind, slot, health, removal icon) is offered again: the
        // cards are the same.
        let mut known = std::collections::BTreeMap::new();
        for record in library.campaigns()? {
            if record.id != campaign_id && record.pack_id == pack.id {
                for placed in bov::load(library, &record.id)?
                    .state
                    .ledger
                    .cards
                    .into_values()
                {
                    if placed.card.added {
                        known.entry(placed.card.name.clone()).or_insert(placed.card);
                    }
                }
            }
        }
        view.known_cards = known.into_values().collect();
        Ok(view)
    }

    /// The HQ board: miniatures, buildings, patients, the numbers known.
    pub fn open_hq(&self, campaign_id: &str) -> Result<HqView, AppError> {
        self.with_library(|library| self.hq(library, campaign_id))
    }

    fn hq(&self, library: &Library, campaign_id: &str) -> Result<HqView, AppError> {
        let stored = bov::load(library, campaign_id)?;
        let pack = self.packs.get(&stored.record.pack_id)?;
        let mut view = hq_view(campaign_id, &stored.state, pack);
        // Numbers read off the cards in other campaigns of the same box are
        // offered as defaults: the cards are the same.
        for record in library.campaigns()? {
            if record.id != campaign_id && record.pack_id == pack.id {
                if let Some(hq) = bov::load(library, &record.id)?.state.hq {
                    for (key, value) in hq.values {
                        view.suggested.entry(key).or_insert(value);
                    }
                }
            }
        }
        Ok(view)
    }

    /// An HQ step: unlock, a number from a card, a placement, the end of
    /// the assignment, or the whole resolution step (one entry, one undo).
    pub fn hq_act(&self, campaign_id: &str, command: Command) -> Result<HqView, AppError> {
        if command.group() != CommandGroup::Hq {
            return Err(AppError::new(
                "not_an_hq_step",
                "That is not a step of the headquarters.",
            ));
        }
        let command = match command {
            // The dice are thrown here, outside the pure core; the faces
            // end up in the event.
            Command::ResolveHq(mut input) => {
                if let bagless_bov::hq::DiceInput::Roll { seed } = &mut input.dice {
                    *seed = Some(u64::from(rand::random::<u32>()));
                }
                Command::ResolveHq(input)
            }
            command => command,
        };
        self.execute_then(campaign_id, command, |library| {
            self.hq(library, campaign_id)
        })
    }

    /// A change to the assassins or their cards: skills, health, joins and
    /// leaves, card moves. Diary entries have their own use-cases.
    pub fn board_act(&self, campaign_id: &str, command: Command) -> Result<BoardView, AppError> {
        if command.group() != CommandGroup::Board {
            return Err(AppError::new(
                "not_a_board_change",
                "That is not a change to the assassins or their cards.",
            ));
        }
        self.execute_then(campaign_id, command, |library| {
            self.board(library, campaign_id)
        })
    }

    pub fn record_attempt(
        &self,
        campaign_id: &str,
        input: bagless_bov::campaign::AttemptInput,
    ) -> Result<DiaryView, AppError> {
        let memory = input.memory.clone();
        let mut view = self.execute(campaign_id, Command::RecordAttempt(input))?;
        self.close_memories(campaign_id, &memory, &mut view);
        Ok(view)
    }

    pub fn decline_optional(&self, campaign_id: &str, memory: &str) -> Result<DiaryView, AppError> {
        let mut view = self.execute(
            campaign_id,
            Command::DeclineOptional {
                memory: memory.to_string(),
            },
        )?;
        self.close_memories(campaign_id, memory, &mut view);
        Ok(view)
    }

    pub fn set_hq_sticker(
        &self,
        campaign_id: &str,
        number: u8,
        marked: bool,
    ) -> Result<DiaryView, AppError> {
        self.execute(campaign_id, Command::SetHqSticker { number, marked })
    }

    /// A number typed over what the rules computed (the XP, the HQ level),
    /// recorded as an override with the players' reason.
    pub fn override_value(
        &self,
        campaign_id: &str,
        input: OverrideInput,
    ) -> Result<DiaryView, AppError> {
        self.execute(campaign_id, Command::Override(input))
    }

    pub fn rename_campaign(&self, campaign_id: &str, name: &str) -> Result<DiaryView, AppError> {
        let name = name.to_string();
        self.execute(campaign_id, Command::Rename { name })
    }

    pub fn delete_campaign(&self, campaign_id: &str) -> Result<(), AppError> {
        let now = (self.clock)();
        self.with_writable_library(|library| Ok(library.move_to_bin(campaign_id, now)?))
    }

    pub fn restore_campaign(&self, campaign_id: &str) -> Result<(), AppError> {
        self.with_writable_library(|library| Ok(library.restore_from_bin(campaign_id)?))
    }
}

/// The command's events, after the campaign's edition step when one is due
/// (a campaign played under an older edition of the rules, between two
/// memories, with no memory of it in play): the step is an entry of its
/// own, written in the same write, and nothing is written if the command
/// is refused.
fn with_edition_step(
    library: &Library,
    campaign_id: &str,
    state: &Campaign,
    pack: &bagless_bov::Pack,
    decide: impl FnOnce(&Campaign) -> Result<Vec<bagless_bov::Event>, Vec<bagless_bov::RuleViolation>>,
) -> Result<Vec<bagless_bov::Event>, AppError> {
    let step = bagless_bov::edition_step(state, pack).filter(|_| {
        let next = state.next_memory(pack).unwrap_or_default();
        library.campaigns().is_ok_and(|records| {
            games::memory::in_play_among(library, &records, campaign_id, next).is_empty()
        })
    });
    let Some(mut events) = step else {
        return Ok(decide(state)?);
    };
    let stepped = events
        .iter()
        .fold(state.clone(), bagless_bov::campaign::evolve);
    events.extend(decide(&stepped)?);
    Ok(events)
}

pub(crate) fn new_campaign_id() -> String {
    format!("c{:016x}", rand::random::<u64>())
}

/// What is wrong with one campaign or game: its saved state against a
/// replay of its history, by its game's rules. `deep` (the rescue
/// command's check) also decides its history again, entry by entry, as an
/// import does: a library edited under the app's feet is named.
pub(crate) fn check_one(
    library: &Library,
    record: &bagless_store::CampaignRecord,
    deep: Option<&Packs>,
) -> Result<Option<String>, bagless_store::StoreError> {
    if let Some(found) = games::check(library, &record.id, &record.game, deep.is_some()) {
        return found;
    }
    let found = library.check_game::<Bov>(&record.id)?;
    match (found, deep.map(|packs| packs.get(&record.pack_id))) {
        (None, Some(Ok(pack))) => {
            let log = library.game_log::<Bov>(&record.id)?;
            Ok(files::believe_campaign(pack, &log)
                .err()
                .map(|why| format!("its history is not what the rules give ({why})")))
        }
        (found, _) => Ok(found),
    }
}
