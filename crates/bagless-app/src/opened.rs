//! The library as the app opened it, and the check run once it is open
//! (beside the first screen in the window; at the first change for the
//! `bagless` command): SQLite's checks of the file, the day's copy, every
//! game's history against its saved state. Its finding makes the library
//! read-only; a whole pass lets the app seal its copies (see `seal`).

use crate::{check_one, seal, AppDirs, AppError, Clock};
use bagless_store::Library;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::thread::JoinHandle;
use std::time::Duration;

/// The library as opened, with what the start-up check found.
pub(crate) struct Opened {
    /// `Err` when the library could not be opened: every command then
    /// answers with that error, and the UI explains it.
    pub(crate) library: Result<Mutex<Library>, AppError>,
    /// Set when a game's saved state does not match its history: the
    /// library is then read-only until a good backup is restored.
    pub(crate) read_only: Mutex<Option<AppError>>,
    /// What is checked before any change ([`check_at_start`]: the file's
    /// quick check, the day's backup, every game's history, the file's
    /// integrity check): in the
    /// window, begun on a connection of its own while the first screen is
    /// drawn; for the `bagless` command, only when a change needs its
    /// finding. The first change waits for it.
    pub(crate) checking: Mutex<Check>,
    /// The thread of the window's check, to wake while it waits for the
    /// first screen ([`CHECK_AFTER`]) without taking `checking`.
    pub(crate) checker: OnceLock<std::thread::Thread>,
    /// Set when the app closes: the check stops at the next game, and its
    /// connection is closed before the app's (no file left behind).
    pub(crate) stop: Arc<AtomicBool>,
    /// Set when the start-up check ran whole and found nothing: the file's
    /// integrity check, and every game's history read and matching (an
    /// error reading one, a stop or a panic leave it unset). Only then are
    /// the copies of the library sealed (see `seal`).
    pub(crate) passed: Arc<AtomicBool>,
    /// Where the day's backup goes, and the clock, for a check run late.
    pub(crate) backups: PathBuf,
    pub(crate) clock: Clock,
}

/// What is checked once the library is open, before any change: SQLite's
/// quick check of the file (a damaged file is never copied over a good
/// backup), the day's backup if the file held a library before, every
/// game's history against its saved state, then SQLite's integrity check
/// (what a backup's preview runs too); a whole pass is recorded in
/// `passed`, and the day's copy sealed.
pub(crate) fn check_at_start(
    library: &Library,
    existed: bool,
    backups: &Path,
    clock: Clock,
    stop: &AtomicBool,
    passed: &AtomicBool,
) -> Option<AppError> {
    if let Err(error) = library.quick_check() {
        return Some(AppError::from(error));
    }
    let daily = if existed {
        library.keep_daily_backup(backups, clock())
    } else {
        None
    };
    let (found, whole) = inconsistency(library, stop);
    if found.is_some() || !whole {
        return found;
    }
    // The check a backup's preview runs, SQLite's integrity check, for the
    // seals: a copy is sealed only of a library that passed all of it.
    match library.integrity_check() {
        Ok(problems) if problems.is_empty() => {}
        Ok(problems) => {
            return Some(AppError::from(bagless_store::StoreError::Damaged(
                problems.join("; "),
            )))
        }
        Err(_) => return None,
    }
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    passed.store(true, Ordering::Release);
    // The day's copy is of the library just found sound (nothing is
    // written before this check ends): sealed, it is shown and restored
    // without being checked again; only when every history was decided
    // again today and found sound too (else the deep check seals it when
    // it finds nothing: `deep_check`).
    if let (Some(daily), Some(data_dir)) = (daily, backups.parent()) {
        if crate::deep_check::sound_today(data_dir, clock().date_naive()) {
            if let Some(sealer) = seal::Sealer::of(data_dir) {
                sealer.seal(&daily);
            }
        }
    }
    None
}

/// Where the check of every game's history is.
pub(crate) enum Check {
    /// Not begun: run by the first change that needs its finding (with
    /// whether the file held a library before this opening).
    Pending {
        existed: bool,
    },
    Running(JoinHandle<Option<AppError>>),
    Done,
}

/// How long the window's check waits before it begins: the first screen is
/// drawn meanwhile, with the machine's cores to itself (the check of years
/// of play reads every game's history). A change that needs its finding, or
/// the app closing, wakes it at once.
pub(crate) const CHECK_AFTER: Duration = Duration::from_millis(1500);

/// The check's thread, woken if it still waits, then waited for.
fn finish(handle: JoinHandle<Option<AppError>>) -> std::thread::Result<Option<AppError>> {
    handle.thread().unpark();
    handle.join()
}

impl Drop for Opened {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        let checking = self.checking.get_mut().unwrap_or_else(|p| p.into_inner());
        if let Check::Running(handle) = std::mem::replace(checking, Check::Done) {
            let _ = finish(handle);
        }
    }
}

impl Opened {
    /// The window's library: checked beside the first screen, the check
    /// beginning `after` it opened.
    pub(crate) fn open(dirs: &AppDirs, clock: Clock, after: Duration) -> Opened {
        Opened::at(&dirs.library(), &dirs.backups(), clock, Some(after))
    }

    /// Opens the library file at `library` (backups into `backups`),
    /// reading only what is asked; [`check_at_start`] runs on a thread of
    /// its own `beside` the window (after that long, or when a change
    /// needs its finding), else when a change first needs it. A damaged or
    /// inconsistent library is made read-only when the check finds it.
    pub(crate) fn at(
        library: &Path,
        backups: &Path,
        clock: Clock,
        beside: Option<Duration>,
    ) -> Opened {
        // Beside the window, SQLite's quick check of the file and the day's
        // copy come after the first screen too, before the check of every
        // game: the first start of an evening does not wait for a reading
        // or a copy of years of play. Changes wait for all three.
        let opened = Library::open_for_now(library, backups, clock())
            .map(Mutex::new)
            .map_err(AppError::from);
        let stop = Arc::new(AtomicBool::new(false));
        let passed = Arc::new(AtomicBool::new(false));
        let checker = OnceLock::new();
        let checking = match &opened {
            Ok(opened) if beside.is_some() => {
                let after = beside.unwrap_or_default();
                let existed = opened.lock().unwrap_or_else(|p| p.into_inner()).existed();
                let (path, backups) = (library.to_path_buf(), backups.to_path_buf());
                let (stop, passed) = (Arc::clone(&stop), Arc::clone(&passed));
                std::thread::Builder::new()
                    .name("bagless-check-library".into())
                    .spawn(move || {
                        if !after.is_zero() {
                            std::thread::park_timeout(after);
                        }
                        // Woken by the app closing: nothing to read or copy.
                        if stop.load(Ordering::Relaxed) {
                            return None;
                        }
                        // A file the check cannot read is not taken as sound.
                        match Library::open_read_only(&path) {
                            Ok(library) => {
                                check_at_start(&library, existed, &backups, clock, &stop, &passed)
                            }
                            Err(error) => Some(AppError::from(error)),
                        }
                    })
                    // With no thread to be had, the first change checks.
                    .map_or(Check::Pending { existed }, |handle| {
                        let _ = checker.set(handle.thread().clone());
                        Check::Running(handle)
                    })
            }
            Ok(opened) => Check::Pending {
                existed: opened.lock().unwrap_or_else(|p| p.into_inner()).existed(),
            },
            Err(_) => Check::Done,
        };
        Opened {
            library: opened,
            read_only: Mutex::new(None),
            checking: Mutex::new(checking),
            checker,
            stop,
            passed,
            backups: backups.to_path_buf(),
            clock,
        }
    }

    /// Whether the start-up check still runs.
    /// The check has ended (its finding may not be kept yet: `settle`
    /// keeps it without waiting).
    pub(crate) fn check_ended(&self) -> bool {
        match &*self.checking.lock().unwrap_or_else(|p| p.into_inner()) {
            Check::Done => true,
            Check::Running(handle) => handle.is_finished(),
            Check::Pending { .. } => false,
        }
    }

    pub(crate) fn is_checking(&self) -> bool {
        matches!(
            &*self.checking.lock().unwrap_or_else(|p| p.into_inner()),
            Check::Running(handle) if !handle.is_finished()
        )
    }

    /// Waits for the check (woken if it still waits for the first screen,
    /// or run, if not begun), and keeps its finding.
    pub(crate) fn settle(&self) {
        if let Some(checker) = self.checker.get() {
            checker.unpark();
        }
        let mut checking = self.checking.lock().unwrap_or_else(|p| p.into_inner());
        let found = match std::mem::replace(&mut *checking, Check::Done) {
            Check::Running(handle) => handle.join().ok().flatten(),
            Check::Pending { existed } => match &self.library {
                Ok(library) => check_at_start(
                    &library.lock().unwrap_or_else(|p| p.into_inner()),
                    existed,
                    &self.backups,
                    self.clock,
                    &self.stop,
                    &self.passed,
                ),
                Err(_) => None,
            },
            Check::Done => None,
        };
        if found.is_some() {
            *self.read_only.lock().unwrap_or_else(|p| p.into_inner()) = found;
        }
    }

    /// Waits for the check in its own time (not woken: the first screen
    /// keeps the machine), without holding it up for anyone, then keeps its
    /// finding: what the window waits on to show it.
    pub(crate) fn wait_for_check(&self) {
        while self.is_checking() {
            std::thread::sleep(Duration::from_millis(50));
        }
        self.settle();
    }

    /// The library was just replaced by a copy that passed the check: any
    /// check of the file it replaced is let go, its finding dropped.
    pub(crate) fn checked_sound(&self) {
        let mut checking = self.checking.lock().unwrap_or_else(|p| p.into_inner());
        if let Check::Running(handle) = std::mem::replace(&mut *checking, Check::Done) {
            let _ = finish(handle);
        }
        *self.read_only.lock().unwrap_or_else(|p| p.into_inner()) = None;
        // Checked whole as a backup (integrity and every game), or sealed
        // once it was.
        self.passed.store(true, Ordering::Release);
    }
}

/// The first campaign whose saved state does not match its history, as the
/// error every change answers with; and whether every game was read whole
/// (not when one could not be read, nor when the app closed meanwhile).
fn inconsistency(library: &Library, stop: &AtomicBool) -> (Option<AppError>, bool) {
    let Ok(campaigns) = library.campaigns() else {
        return (None, false);
    };
    let mut whole = true;
    for record in campaigns {
        // The app is closing: the check ends, its finding no longer needed.
        if stop.load(Ordering::Relaxed) {
            return (None, false);
        }
        let problem = match check_one(library, &record, false) {
            Ok(problem) => problem,
            Err(_) => {
                whole = false;
                None
            }
        };
        if let Some(problem) = problem {
            return (Some(AppError::new(
                "library_inconsistent",
                format!(
                    "The saved diary of “{}” does not match its history ({problem}). Bagless opened the library read-only: restore a backup.",
                    record.name
                ),
            )), true);
        }
    }
    (None, whole)
}
