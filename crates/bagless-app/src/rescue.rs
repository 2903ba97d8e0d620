//! The library as the `bagless` command sees it: any library file (a copy,
//! a backup), listed and checked as it is stored, and copied whole. The
//! command reaches the library through these and the window's use-cases
//! only; a restore is the window's (see `backups.rs`).

use crate::backups::dated_path;
use crate::games::bov::Campaign;
use crate::{App, AppDirs, AppError, Clock, Opened};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

pub use crate::backups::{Replaced, Restored, StagedBackup};
/// The library format (SQLite `user_version`) this build reads and writes.
pub use bagless_store::SCHEMA_VERSION;

/// A campaign as it is stored: its row and its saved state, whatever its
/// box (one this build does not know included).
#[derive(Debug, Clone, PartialEq)]
pub struct StoredCampaignView {
    pub id: String,
    pub name: String,
    pub pack_id: String,
    pub in_bin: bool,
    pub last_played_on: Option<String>,
    /// The seq of the last event of its history.
    pub last_seq: u32,
    pub state: Campaign,
}

/// What `bagless check` reports: the file, then each campaign.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LibraryCheck {
    /// The library format of the file, once opened (so brought up to date).
    pub format: u32,
    /// SQLite's integrity check: empty when the file is sound.
    pub file_problems: Vec<String>,
    /// Each campaign and what is wrong with it; an error when the list of
    /// campaigns itself cannot be read.
    pub campaigns: Result<Vec<CampaignCheck>, AppError>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CampaignCheck {
    pub id: String,
    pub name: String,
    /// What it is when not a campaign of Brotherhood of Venice: "a memory
    /// in play" (kept with its campaign) or a game's box.
    pub what: Option<&'static str>,
    pub in_bin: bool,
    /// Its saved diary against its history; `None` when they agree.
    pub problem: Option<String>,
}

/// A copy of the whole library, made by [`App::back_up`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BackedUp {
    pub path: PathBuf,
    pub campaigns: usize,
}

/// The folders of the library file at `library`: its backups go beside it,
/// in `backups`, as the window's do.
pub fn dirs_of(library: &Path) -> AppDirs {
    let data_dir = match library.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    };
    AppDirs { data_dir }
}

impl App {
    /// The app on the library file at `library`, whatever its name. Unlike
    /// [`App::open`], a missing file is not created: every command then
    /// answers `library_missing`, and only a restore puts one there.
    pub fn open_file(library: &Path, clock: Clock) -> App {
        let app = App::unopened(dirs_of(library), clock);
        let opened = if library.exists() {
            // The command checks every game only when a change needs it
            // (`bagless check` reads everything itself).
            Opened::at(library, &app.dirs.backups(), clock, None)
        } else {
            Opened {
                library: Err(AppError::new(
                    "library_missing",
                    format!("There is no library at {}.", library.display()),
                )),
                read_only: Mutex::new(None),
                checking: Mutex::new(crate::Check::Done),
                checker: Default::default(),
                stop: Default::default(),
                passed: Default::default(),
                backups: app.dirs.backups(),
                clock,
            }
        };
        let _ = app.opened.set(opened);
        app
    }

    /// Why the library could not be opened, if it could not.
    pub fn library_error(&self) -> Option<AppError> {
        self.opened().library.as_ref().err().cloned()
    }

    /// Checks the library without changing it: SQLite's integrity check,
    /// then each campaign's saved diary against a replay of its history.
    pub fn check_library(&self) -> Result<LibraryCheck, AppError> {
        self.check_library_with(&|_| {})
    }

    /// [`App::check_library`], telling `progress` how many games are
    /// checked.
    pub fn check_library_with(
        &self,
        progress: crate::dto::OnProgress<'_>,
    ) -> Result<LibraryCheck, AppError> {
        use crate::dto::{Progress, ProgressStep};
        self.with_library(|library| {
            let format = library.schema_version()?;
            let file_problems = library.integrity_check()?;
            let campaigns = match library.campaigns() {
                Ok(records) => Ok((0u32..)
                    .zip(records.iter())
                    .map(|(done, record)| {
                        Progress::tell(
                            progress,
                            ProgressStep::Checking,
                            done,
                            records.len() as u32,
                        );
                        let record = record.clone();
                        Ok(CampaignCheck {
                            problem: crate::check_one(library, &record, true)?,
                            what: crate::games::registry::what(&record.game),
                            in_bin: record.deleted_at.is_some(),
                            id: record.id,
                            name: record.name,
                        })
                    })
                    .collect::<Result<Vec<_>, AppError>>()?),
                Err(error) => Err(error.into()),
            };
            Ok(LibraryCheck {
                format,
                file_problems,
                campaigns,
            })
        })
    }

    /// A complete copy of the library into `file`, or into a dated
    /// "manual" file of the backups folder. An existing file is never
    /// written over.
    pub fn back_up(&self, file: Option<&Path>) -> Result<BackedUp, AppError> {
        let now = (self.clock)();
        // A copy into the backups folder of a library found sound is sealed
        // (see `seal`; the check runs first if it has not yet). A file
        // chosen elsewhere is not: nothing watches it there.
        let sealer = (file.is_none() && self.read_only_error().is_none() && self.known_sound())
            .then(|| crate::seal::Sealer::of(&self.dirs.data_dir))
            .flatten();
        self.with_library(|library| {
            let path = match file {
                Some(file) if file.exists() => {
                    return Err(AppError::new(
                        "backup_file_exists",
                        format!("{} already exists; choose a new file name", file.display()),
                    ))
                }
                Some(file) => file.to_path_buf(),
                None => dated_path(&self.dirs.backups(), "manual", now),
            };
            library.backup_to(&path)?;
            if let Some(sealer) = &sealer {
                sealer.seal(&path);
            }
            // Counted as a backup's preview counts them: a memory in play
            // is its campaign's.
            let campaigns = library
                .campaigns()?
                .iter()
                .filter(|r| crate::games::registry::listed(&r.game) != Some(false))
                .count();
            Ok(BackedUp { path, campaigns })
        })
    }
}
