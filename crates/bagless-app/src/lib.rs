//! The use-cases the UI calls, one method per command, and the types that
//! cross to the UI (TypeScript types are generated from them by ts-rs).
//!
//! A use-case loads what it needs from the store, asks the game's rules
//! (through its door in `games/`) to decide, and hands the resulting events
//! to the store to append.

mod backups;
mod deep_check;
pub use backups::{BackupCampaign, BackupInfo, BackupPreview, RestoreResult};
/// The largest export file Bagless reads.
pub use bagless_store::exchange::MAX_EXPORT_BYTES;
pub use deep_check::HistoryProblem;
mod dto;
mod error;
mod files;
pub mod games;
mod lock;
#[cfg(unix)]
pub mod one_window;
mod opened;
mod picture;
pub use picture::PNG_SIGNATURE;
pub mod rescue;
mod seal;
pub use lock::LibraryLock;
pub(crate) use opened::{Check, Opened};

pub use dto::*;
pub use error::{AppError, Violation};
pub use games::bov::packs::Packs;
pub use games::memory::{MemoryCommand, MemoryScreen};
pub use games::nation::{NationCommand, NationScreen};
pub use games::risk::{RiskCommand, RiskOdds, RiskScreen, RiskSheet};
pub use games::{
    Fork, ForkChoice, GameAnswer, GameCommand, GameHistory, GamePart, GameTold, ImportHow,
    Imported, YearTold,
};

use bagless_store::Library;
use chrono::Utc;
use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

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

pub use games::bov::{AttemptInput, BoardView, DiaryView, HqView, OverrideInput, PlayerCommand};

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
    /// When this Bagless was opened: where the evening's summary starts
    /// unless the players choose another time.
    started: DateTime,
    /// The library being opened on a thread of its own while the window
    /// starts (`open_in_background`); the first command that needs it
    /// waits for it there.
    opening: Mutex<Option<std::thread::JoinHandle<Opened>>>,
    opened: OnceLock<Opened>,
    /// Told after every change written (the players' phones follow the
    /// table: issue 32), by the number [`App::watch`] gave.
    watchers: Mutex<std::collections::BTreeMap<u64, Arc<Watcher>>>,
    /// The number the next watcher gets (never one given before).
    next_watcher: std::sync::atomic::AtomicU64,
    /// The kind of each game the one command set reached, by id: read once
    /// (`games::commands`), checked again whenever the game answers with
    /// an error.
    kinds: Mutex<std::collections::HashMap<String, String>>,
}

/// What [`App::watch`] calls after each change.
pub type Watcher = Box<dyn Fn() + Send + Sync>;

impl App {
    /// Opens the library in `dirs`. Never fails: a library that cannot be
    /// opened is reported by every command instead, so the window can say why.
    pub fn open(dirs: AppDirs, clock: Clock) -> App {
        let app = App::unopened(dirs, clock);
        let opened = Opened::open(&app.dirs, clock, Duration::ZERO);
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
            .spawn(move || Opened::open(&thread_dirs, clock, opened::CHECK_AFTER));
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
            started: clock(),
            clock,
            opening: Mutex::new(None),
            opened: OnceLock::new(),
            watchers: Mutex::new(Default::default()),
            next_watcher: std::sync::atomic::AtomicU64::new(1),
            kinds: Mutex::new(Default::default()),
        }
    }

    /// Calls `watcher` after every change written to the library, until
    /// [`App::unwatch`] is given the number this answers.
    pub fn watch(&self, watcher: Watcher) -> u64 {
        let number = self.next_watcher.fetch_add(1, Ordering::Relaxed);
        self.watchers
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(number, Arc::new(watcher));
        number
    }

    pub fn unwatch(&self, number: u64) {
        self.watchers
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .remove(&number);
    }

    /// Tells every watcher that the library changed (each called with no
    /// lock held: a watcher may watch or unwatch).
    pub(crate) fn changed(&self) {
        let watchers: Vec<Arc<Watcher>> = self
            .watchers
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .values()
            .cloned()
            .collect();
        for watcher in watchers {
            watcher();
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
                .unwrap_or_else(|| Opened::open(&self.dirs, self.clock, opened::CHECK_AFTER))
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
        let done = self.with_library(work);
        if done.is_ok() {
            self.changed();
        }
        done
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
        self.opened().wait_for_check();
        self.read_only_now().is_some()
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

    pub fn library_info(&self) -> LibraryInfo {
        LibraryInfo {
            library_path: self.dirs.library().display().to_string(),
            backups_dir: self.dirs.backups().display().to_string(),
            exports_dir: self.dirs.exports().display().to_string(),
            app_version: env!("CARGO_PKG_VERSION").to_string(),
            error: self.opened().library.as_ref().err().cloned(),
            good_backup: self.read_only_now().and_then(|_| self.newest_good_backup()),
            history_problems: self.history_problems(),
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
                        // A memory in play belongs to its campaign's diary;
                        // a campaign of a box this build does not know
                        // stays in the file untouched.
                        None => continue,
                    },
                    // A game of a kind this build does not know stays in
                    // the file untouched; it must not hide the others.
                    None => continue,
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

    pub fn delete_campaign(&self, campaign_id: &str) -> Result<(), AppError> {
        let now = (self.clock)();
        self.with_writable_library(|library| Ok(library.move_to_bin(campaign_id, now)?))
    }

    pub fn restore_campaign(&self, campaign_id: &str) -> Result<(), AppError> {
        self.with_writable_library(|library| Ok(library.restore_from_bin(campaign_id)?))
    }
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
    deep: bool,
) -> Result<Option<String>, bagless_store::StoreError> {
    games::check(library, record, deep).unwrap_or_else(|| {
        Ok(Some(format!(
            "it is a game this version of Bagless does not know ({})",
            record.game
        )))
    })
}
