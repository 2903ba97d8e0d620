//! The deep check of the whole library: every game's history decided again
//! by its rules, entry by entry, as an import or a backup's preview decides
//! it, so that a library edited while the window was closed is named. It
//! runs in the background once the first screen is shown (after the check
//! of every saved state against its history), at most once a day and
//! again after a restore; what it found stays in the data folder
//! (`history-check.json`) and is shown in the library until the next one.

use crate::{App, AppDirs, AppError};
use bagless_store::{CampaignRecord, Library};
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::sync::atomic::Ordering;
use ts_rs::TS;

/// A game whose history its rules would not have written (an entry edited
/// by hand, its saved state not its history's): in a backup's preview, or
/// found in the library by the deep check.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct HistoryProblem {
    pub id: String,
    pub name: String,
    /// The box's name.
    pub pack_name: String,
    /// The first entry the rules would not have written, and its date
    /// ("2026-11-25 21:00"); none when its saved state is what is wrong.
    pub entry: Option<u32>,
    pub date: Option<String>,
    /// What is wrong, in English (the rules' sentence where they refuse).
    pub problem: String,
}

/// What is wrong with one game.
#[derive(Debug, Clone)]
pub(crate) struct Found {
    problem: String,
    entry: Option<u32>,
    date: Option<String>,
}

impl Found {
    /// The problem of the game `record` of the box `pack_name`.
    pub(crate) fn of(&self, record: &CampaignRecord, pack_name: &str) -> HistoryProblem {
        HistoryProblem {
            id: record.id.clone(),
            name: record.name.clone(),
            pack_name: pack_name.to_string(),
            entry: self.entry,
            date: self.date.clone(),
            problem: self.problem.clone(),
        }
    }
}

/// The game `record` of `library` checked: its history decided again by its
/// rules, then its saved state against the state that history gives.
pub(crate) fn found_in(
    library: &Library,
    record: &CampaignRecord,
) -> Result<Option<Found>, AppError> {
    use crate::games::DeepFinding;
    let finding = crate::games::deep_check(library, record).transpose()?;
    Ok(match finding {
        None => Some(Found {
            problem: format!(
                "it is a game this version of Bagless does not know ({})",
                record.game
            ),
            entry: None,
            date: None,
        }),
        Some(DeepFinding::Sound) => None,
        Some(DeepFinding::State(problem)) => Some(Found {
            problem,
            entry: None,
            date: None,
        }),
        Some(DeepFinding::History(why)) => Some(Found {
            problem: why.to_string(),
            entry: Some(why.seq),
            date: Some(why.recorded_at.format("%Y-%m-%d %H:%M").to_string()),
        }),
    })
}

/// What the last deep check found, and the day it ran.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
struct Finding {
    day: Option<NaiveDate>,
    problems: Vec<HistoryProblem>,
}

fn path(data_dir: &Path) -> std::path::PathBuf {
    data_dir.join("history-check.json")
}

/// What the last deep check found (nothing when it never ran, or its file
/// cannot be read: it runs again).
fn last(data_dir: &Path) -> Finding {
    std::fs::read(path(data_dir))
        .ok()
        .and_then(|bytes| serde_json::from_slice(&bytes).ok())
        .unwrap_or_default()
}

/// Whether the deep check ran `today` on the library of `data_dir` and
/// found every history sound: only then is a copy of it sealed (see
/// `seal`), as a backup believed without being decided again.
pub(crate) fn sound_today(data_dir: &Path, today: NaiveDate) -> bool {
    let finding = last(data_dir);
    finding.day == Some(today) && finding.problems.is_empty()
}

/// Seals the day's backups taken `today` (they are of the library the deep
/// check just found sound: its logs only grew since).
fn seal_todays_copies(dirs: &AppDirs, today: NaiveDate) {
    let Some(sealer) = crate::seal::Sealer::of(&dirs.data_dir) else {
        return;
    };
    let prefix = format!("bagless-daily-{}", today.format("%Y%m%d"));
    let Ok(entries) = std::fs::read_dir(dirs.backups()) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with(&prefix) && name.ends_with(".sqlite") {
            sealer.seal(&entry.path());
        }
    }
}

/// After a restore: the next start checks the library again.
pub(crate) fn forget(dirs: &AppDirs) {
    let _ = std::fs::remove_file(path(&dirs.data_dir));
}

impl App {
    /// The games the last deep check found wanting (shown in the library).
    pub fn history_problems(&self) -> Vec<HistoryProblem> {
        last(&self.dirs.data_dir).problems
    }

    /// Runs the deep check when none ran today (or since a restore), on a
    /// read-only connection of its own (the players may change the library
    /// meanwhile; a game changed since is read as it is now); whether it
    /// ran whole. What it found is kept for [`App::history_problems`].
    pub fn check_histories_if_due(&self) -> bool {
        let today = (self.clock)().date_naive();
        if last(&self.dirs.data_dir).day == Some(today) {
            return false;
        }
        let opened = self.opened();
        if opened.library.is_err() {
            return false;
        }
        let Ok(library) = Library::open_read_only(&self.dirs.library()) else {
            return false;
        };
        let Ok(records) = library.campaigns() else {
            return false;
        };
        let mut problems = Vec::new();
        for record in &records {
            // The app is closing: the check ends, to run again next time.
            if opened.stop.load(Ordering::Relaxed) {
                return false;
            }
            match found_in(&library, record) {
                Ok(Some(found)) => {
                    let pack_name = crate::games::registry::what(&record.game)
                        .map(str::to_string)
                        .or_else(|| self.packs.get(&record.pack_id).ok().map(|p| p.name.clone()))
                        .unwrap_or_else(|| record.pack_id.clone());
                    problems.push(found.of(record, &pack_name));
                }
                Ok(None) => {}
                // A game that cannot be read now is read next time.
                Err(_) => return false,
            }
        }
        let finding = Finding {
            day: Some(today),
            problems,
        };
        // Written whole or not at all: a file cut short is read as none,
        // and the check runs again.
        let file = path(&self.dirs.data_dir);
        let partial = file.with_extension("json.partial");
        let written = serde_json::to_vec_pretty(&finding)
            .ok()
            .is_some_and(|text| std::fs::write(&partial, text).is_ok());
        if written && std::fs::rename(&partial, &file).is_ok() && finding.problems.is_empty() {
            seal_todays_copies(&self.dirs, today);
        }
        true
    }
}
