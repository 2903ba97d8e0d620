//! The backups folder through the UI: list the copies, show what one holds,
//! and put one in place of the library (after keeping the current one).
//! The restore here is the only one: `bagless restore` uses it too.
//!
//! The UI names a backup by its file name only: nothing outside the
//! backups folder can be read or restored from the window.

use crate::deep_check::{found_in, Found, HistoryProblem};
use crate::dto::{OnProgress, Progress, ProgressStep};
use crate::seal::Sealer;
use crate::{App, AppError, Clock, DateTime, Packs};
use bagless_store::check::copy_library_file_with;
use bagless_store::{Library, StoreError};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use ts_rs::TS;

/// One file of the backups folder.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct BackupInfo {
    pub file_name: String,
    /// Why it was taken: "daily", "before_import", "before_restore",
    /// "before_upgrade", "manual", or "other".
    pub kind: String,
    /// RFC 3339, from the file name (or the file's time when the name has none).
    pub taken_at: Option<String>,
    pub size_bytes: u32,
}

/// What a backup holds, read from a copy before anything is replaced.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct BackupPreview {
    pub file_name: String,
    pub kind: String,
    pub taken_at: Option<String>,
    /// The newest entry of any campaign in it.
    pub last_change: Option<String>,
    pub campaigns: Vec<BackupCampaign>,
    /// The games whose history is not what their rules give (decided again
    /// entry by entry, as an import is): restored only when the players
    /// choose to leave them out.
    pub problems: Vec<HistoryProblem>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct BackupCampaign {
    pub name: String,
    /// The box's name, or its id when this build does not know it.
    pub pack_name: String,
    pub in_bin: bool,
    pub last_change: Option<String>,
    pub entries: u32,
    /// Its history is not what the rules give: see `BackupPreview::problems`.
    pub history_problem: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RestoreResult {
    /// The backup of the library as it was just before, in the backups folder.
    pub kept_file_name: String,
    pub campaigns: u32,
    /// The games left out of the restore, by name (their history was not
    /// what the rules give).
    pub left_out: Vec<String>,
}

const PREFIX: &str = "bagless-";
const SUFFIX: &str = ".sqlite";

impl App {
    /// The backups folder, newest first.
    pub fn list_backups(&self) -> Vec<BackupInfo> {
        let mut found: Vec<(std::time::SystemTime, BackupInfo)> =
            std::fs::read_dir(self.dirs.backups())
                .into_iter()
                .flatten()
                .filter_map(|entry| {
                    let entry = entry.ok()?;
                    let name = entry.file_name().into_string().ok()?;
                    if !is_backup_name(&name) {
                        return None;
                    }
                    let meta = entry.metadata().ok().filter(|m| m.is_file())?;
                    let modified = meta.modified().ok()?;
                    let (kind, stamp) = parse_name(&name);
                    let taken_at = stamp.unwrap_or_else(|| DateTime::from(modified).to_rfc3339());
                    Some((
                        modified,
                        BackupInfo {
                            file_name: name,
                            kind,
                            taken_at: Some(taken_at),
                            size_bytes: u32::try_from(meta.len()).unwrap_or(u32::MAX),
                        },
                    ))
                })
                .collect();
        // Newest first by the time in the name, then by the file's time.
        found.sort_by(|a, b| (&b.1.taken_at, b.0).cmp(&(&a.1.taken_at, a.0)));
        found.into_iter().map(|(_, info)| info).collect()
    }

    /// What the backup `file_name` holds: its campaigns and when each was
    /// last changed. The backup itself is never written to.
    pub fn preview_backup(&self, file_name: &str) -> Result<BackupPreview, AppError> {
        self.preview_backup_with(file_name, &|_| {})
    }

    /// [`App::preview_backup`], telling `progress` how far it has come.
    pub fn preview_backup_with(
        &self,
        file_name: &str,
        progress: OnProgress<'_>,
    ) -> Result<BackupPreview, AppError> {
        let source = self.backup_path(file_name)?;
        let staged = StagedBackup::stage(
            &self.dirs.library(),
            &source,
            &self.packs,
            self.clock,
            progress,
        )?;
        Ok(staged.preview.clone())
    }

    /// Puts the backup `file_name` in place of the library: see
    /// [`App::restore_staged`]. A backup with a game whose history is not
    /// what the rules give is refused, unless `leave_out`: then every other
    /// game is restored, and those are named in the answer.
    pub fn restore_backup(
        &self,
        file_name: &str,
        leave_out: bool,
    ) -> Result<RestoreResult, AppError> {
        self.restore_backup_with(file_name, leave_out, &|_| {})
    }

    /// [`App::restore_backup`], telling `progress` how far it has come.
    pub fn restore_backup_with(
        &self,
        file_name: &str,
        leave_out: bool,
        progress: OnProgress<'_>,
    ) -> Result<RestoreResult, AppError> {
        let source = self.backup_path(file_name)?;
        let staged = StagedBackup::stage(
            &self.dirs.library(),
            &source,
            &self.packs,
            self.clock,
            progress,
        )?;
        let restored = if leave_out {
            self.restore_staged_leaving_out(staged, progress)?
        } else {
            self.restore_staged_with(staged, progress)?
        };
        Ok(RestoreResult {
            left_out: restored.left_out,
            kept_file_name: restored
                .replaced
                .path()
                .and_then(Path::file_name)
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default(),
            campaigns: restored.campaigns,
        })
    }

    /// Copies the backup at `source` beside the library at `library`,
    /// brings the copy up to date and checks it, to show what it holds and
    /// then to restore it ([`App::restore_staged`]). The backup itself is
    /// never written to; one that does not pass the check is refused.
    pub fn stage_backup(
        library: &Path,
        source: &Path,
        clock: Clock,
    ) -> Result<StagedBackup, AppError> {
        Self::stage_backup_with(library, source, clock, &|_| {})
    }

    /// [`App::stage_backup`], telling `progress` how far it has come.
    pub fn stage_backup_with(
        library: &Path,
        source: &Path,
        clock: Clock,
        progress: OnProgress<'_>,
    ) -> Result<StagedBackup, AppError> {
        StagedBackup::stage(library, source, &Packs::builtin(), clock, progress)
    }

    /// The one restore, for the window and the `bagless` command alike:
    /// puts `staged` in place of this app's library. The library as it was
    /// goes into the backups folder first. One that cannot be read (damaged,
    /// not a library) has its files moved there as they are, and the backup
    /// is copied in its place; the app must then be opened again to use it
    /// (the window offers no restore when its library did not open). A
    /// library from a newer Bagless is never replaced.
    pub fn restore_staged(&self, staged: StagedBackup) -> Result<Restored, AppError> {
        self.restore_staged_with(staged, &|_| {})
    }

    /// [`App::restore_staged`], telling `progress` how far it has come. A
    /// backup with a game whose history is not what the rules give is
    /// refused, naming it: see [`App::restore_staged_leaving_out`].
    pub fn restore_staged_with(
        &self,
        staged: StagedBackup,
        progress: OnProgress<'_>,
    ) -> Result<Restored, AppError> {
        if !staged.preview.problems.is_empty() {
            return Err(not_believed(&staged.preview.problems));
        }
        self.put_in_place(staged, Vec::new(), progress)
    }

    /// [`App::restore_staged_with`], the games whose history is not what
    /// the rules give left out of it (taken out of the staged copy first):
    /// the answer names them.
    pub fn restore_staged_leaving_out(
        &self,
        mut staged: StagedBackup,
        progress: OnProgress<'_>,
    ) -> Result<Restored, AppError> {
        let left_out: Vec<String> = staged
            .preview
            .problems
            .iter()
            .map(|p| p.name.clone())
            .collect();
        let ids = std::mem::take(&mut staged.not_believed);
        if let Some(library) = staged.library.as_mut() {
            for id in &ids {
                library.remove_game(id)?;
            }
        }
        staged.preview.campaigns.retain(|c| !c.history_problem);
        staged.preview.problems.clear();
        self.put_in_place(staged, left_out, progress)
    }

    fn put_in_place(
        &self,
        staged: StagedBackup,
        left_out: Vec<String>,
        progress: OnProgress<'_>,
    ) -> Result<Restored, AppError> {
        let now = (self.clock)();
        let campaigns = staged.preview.campaigns.len() as u32;
        let backups = self.dirs.backups();
        let replaced = match &self.opened().library {
            Ok(_) => {
                // A check of the library under way ends first: what it
                // finds (and the day's copy it seals) is of this file, not
                // of the one put in its place.
                self.wait_for_running_check();
                // The library as it was, kept first, is sealed when it is
                // known sound (see `seal`); no check is run for it.
                let sealer = self
                    .known_sound()
                    .then(|| Sealer::of(&self.dirs.data_dir))
                    .flatten();
                self.with_library(|library| {
                    if library.path() != staged.target {
                        return Err(not_this_library());
                    }
                    let kept = dated_path(&backups, "before-restore", now);
                    library.backup_to_with(&kept, &mut |done, total| {
                        Progress::tell(progress, ProgressStep::Keeping, done, total)
                    })?;
                    if let Some(sealer) = &sealer {
                        sealer.seal(&kept);
                    }
                    library.replace_with_progress(staged.library(), &mut |done, total| {
                        Progress::tell(progress, ProgressStep::Restoring, done, total)
                    })?;
                    // Reopen: the connection starts afresh on the restored
                    // file, the staged copy checked (or sealed) whole, so
                    // not read whole again.
                    *library = Library::open_for_now(&staged.target, &backups, now)?;
                    Ok(Replaced::Kept(kept))
                })?
            }
            Err(error) => {
                if crate::rescue::dirs_of(&staged.target).data_dir != self.dirs.data_dir {
                    return Err(not_this_library());
                }
                let replaced = match error.code.as_str() {
                    "library_missing" => Replaced::Nothing,
                    "library_damaged" | "library_foreign" => {
                        let aside = dated_path(&backups, "unreadable", now);
                        std::fs::create_dir_all(&backups).map_err(io_error)?;
                        move_library_files(&staged.target, &aside).map_err(io_error)?;
                        Replaced::SetAside(aside)
                    }
                    _ => return Err(error.clone()),
                };
                if let Err(error) = staged.library().backup_to(&staged.target) {
                    // Not written (a full disk): the files set aside go back.
                    if let Replaced::SetAside(aside) = &replaced {
                        let _ = move_library_files(aside, &staged.target);
                    }
                    return Err(error.into());
                }
                replaced
            }
        };
        // The restored library is the staged copy, which passed the check:
        // changes are allowed again without checking it a second time.
        self.trust_restored();
        self.changed();
        // The next start decides every history of the library again.
        crate::deep_check::forget(&self.dirs);
        Ok(Restored {
            replaced,
            campaigns,
            left_out,
        })
    }

    /// A dated copy of the library in the backups folder, named after
    /// `reason`, sealed when the library is known sound (see `seal`).
    pub(crate) fn take_backup(
        &self,
        library: &Library,
        reason: &str,
        now: DateTime,
    ) -> Result<PathBuf, AppError> {
        let path = library.take_backup(&self.dirs.backups(), reason, now)?;
        if self.known_sound() {
            if let Some(sealer) = Sealer::of(&self.dirs.data_dir) {
                sealer.seal(&path);
            }
        }
        Ok(path)
    }

    /// The path of a backup named by the UI: a plain file name in the
    /// backups folder, nothing else.
    fn backup_path(&self, file_name: &str) -> Result<PathBuf, AppError> {
        let path = self.dirs.backups().join(file_name);
        if !is_backup_name(file_name) || !path.is_file() {
            return Err(AppError::new(
                "backup_unknown",
                format!("There is no backup called {file_name} in the backups folder."),
            ));
        }
        Ok(path)
    }
}

fn is_backup_name(name: &str) -> bool {
    name.starts_with(PREFIX)
        && name.ends_with(SUFFIX)
        && !name.contains(['/', '\\'])
        && Path::new(name).file_name().is_some_and(|n| n == name)
}

/// The kind and the time written in a backup's name,
/// `bagless-<reason>-<YYYYmmdd-HHMMSS>[-n].sqlite`.
fn parse_name(name: &str) -> (String, Option<String>) {
    let stem = name
        .strip_prefix(PREFIX)
        .and_then(|s| s.strip_suffix(SUFFIX))
        .unwrap_or_default();
    const STAMP: usize = "20261120-210000".len();
    let found = stem.char_indices().rev().find_map(|(i, _)| {
        let stamp = stem.get(i..i + STAMP)?;
        let rest = &stem[i + STAMP..];
        let numbered = rest.is_empty()
            || rest
                .strip_prefix('-')
                .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
        let time = chrono::NaiveDateTime::parse_from_str(stamp, "%Y%m%d-%H%M%S").ok()?;
        let reason = stem[..i].strip_suffix('-')?;
        numbered.then(|| (reason, time.and_utc().to_rfc3339()))
    });
    let (reason, time) = match found {
        Some((reason, time)) => (reason, Some(time)),
        None => (stem, None),
    };
    let kind = match reason {
        "daily" => "daily",
        "before-import" => "before_import",
        "before-restore" => "before_restore",
        "manual" => "manual",
        r if r.starts_with("before-v") => "before_upgrade",
        _ => "other",
    };
    (kind.to_string(), time)
}

/// A backup copied beside the library it is to replace, brought up to
/// date and checked ([`App::stage_backup`]). The copy is removed when this
/// is dropped.
pub struct StagedBackup {
    /// Always `Some` until dropped: closed before its folder is removed.
    library: Option<Library>,
    dir: PathBuf,
    /// The library it is to replace.
    target: PathBuf,
    preview: BackupPreview,
    /// The ids of the games of `preview.problems`, in its order.
    not_believed: Vec<String>,
}

/// What a restore did with the library it replaced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Replaced {
    /// A copy of it went into the backups folder, here.
    Kept(PathBuf),
    /// It could not be read: its files were moved here as they were.
    SetAside(PathBuf),
    /// There was no library.
    Nothing,
}

impl Replaced {
    /// Where the library as it was went, if there was one.
    pub fn path(&self) -> Option<&Path> {
        match self {
            Replaced::Kept(path) | Replaced::SetAside(path) => Some(path),
            Replaced::Nothing => None,
        }
    }
}

/// A restore done.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Restored {
    pub replaced: Replaced,
    pub campaigns: u32,
    /// The games left out, by name.
    pub left_out: Vec<String>,
}

impl StagedBackup {
    fn stage(
        library: &Path,
        source: &Path,
        packs: &Packs,
        clock: Clock,
        progress: OnProgress<'_>,
    ) -> Result<StagedBackup, AppError> {
        if let (Ok(a), Ok(b)) = (library.canonicalize(), source.canonicalize()) {
            if a == b {
                return Err(AppError::new(
                    "backup_is_library",
                    format!("{} is the library itself, not a backup.", source.display()),
                ));
            }
        }
        let data_dir = crate::rescue::dirs_of(library).data_dir;
        let dir = data_dir.join(format!(".restore-{:016x}", rand::random::<u64>()));
        std::fs::create_dir_all(&dir).map_err(io_error)?;
        let mut staged = StagedBackup {
            library: None,
            dir,
            target: library.to_path_buf(),
            preview: BackupPreview {
                file_name: String::new(),
                kind: String::new(),
                taken_at: None,
                last_change: None,
                campaigns: vec![],
                problems: vec![],
            },
            not_believed: vec![],
        };
        // On an error, dropping `staged` removes the copy.
        // Only a key already there: a preview makes none.
        let sealer = Sealer::existing(&data_dir);
        let (library, found) =
            Self::check(&staged.dir, source, sealer.as_ref(), clock(), progress)?;
        staged.library = Some(library);
        let file_name = source
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        staged.preview = preview_of(staged.library(), packs, &file_name, &found)?;
        staged.not_believed = found.into_iter().map(|(id, _)| id).collect();
        Ok(staged)
    }

    /// The backup copied to `dir` and checked: SQLite's integrity check (a
    /// damaged backup is refused), then every game's saved state against
    /// its history and its history decided again by its rules; the games
    /// found wanting, by id. A backup this app sealed, unchanged since, is
    /// believed as it was checked then.
    fn check(
        dir: &Path,
        source: &Path,
        sealer: Option<&Sealer>,
        now: DateTime,
        progress: OnProgress<'_>,
    ) -> Result<(Library, Vec<(String, Found)>), AppError> {
        let path = dir.join("bagless.sqlite");
        // A backup this app sealed, unchanged since: copied byte for byte
        // (what was copied is what matched the seal) and believed.
        let sealed = sealer.is_some_and(|sealer| {
            sealer.copy_if_sealed(source, &path, &mut |done, total| {
                let kib = |bytes: u64| u32::try_from(bytes / 1024).unwrap_or(u32::MAX);
                Progress::tell(progress, ProgressStep::Copying, kib(done), kib(total))
            })
        });
        if sealed {
            let library = Library::open_copy(&path, now).map_err(backup_error)?;
            let total = library.campaigns()?.len() as u32;
            Progress::tell(progress, ProgressStep::Checking, total, total);
            return Ok((library, Vec::new()));
        }
        copy_library_file_with(source, &path, &mut |done, total| {
            Progress::tell(progress, ProgressStep::Copying, done, total)
        })
        .map_err(backup_error)?;
        let library = Library::open_copy(&path, now).map_err(backup_error)?;
        // A backup that fails the check would only swap one problem for another.
        if let Some(problem) = library.integrity_check()?.into_iter().next() {
            return Err(AppError::new(
                "backup_damaged",
                format!("This backup is damaged ({problem}). Nothing was changed."),
            ));
        }
        let records = library.campaigns()?;
        let total = records.len() as u32;
        Progress::tell(progress, ProgressStep::Checking, 0, total);
        // Each game's history decided again on every core at hand, each
        // worker on a read-only connection of its own: the check is most
        // of a preview.
        let workers = std::thread::available_parallelism()
            .map_or(1, |n| n.get())
            .clamp(1, 4);
        let per_worker = records.len().div_ceil(workers).max(1);
        let done = std::sync::Mutex::new(0u32);
        let found = std::thread::scope(|scope| {
            let checks: Vec<_> = records
                .chunks(per_worker)
                .map(|chunk| {
                    let (path, done) = (&path, &done);
                    scope.spawn(move || -> Result<Vec<(String, Found)>, AppError> {
                        let own = Library::open_read_only(path)?;
                        let mut found = Vec::new();
                        for record in chunk {
                            if let Some(problem) = found_in(&own, record)? {
                                found.push((record.id.clone(), problem));
                            }
                            // Counted and told under one lock: the bar only
                            // goes forward.
                            let mut done = done.lock().unwrap_or_else(|p| p.into_inner());
                            *done += 1;
                            Progress::tell(progress, ProgressStep::Checking, *done, total);
                        }
                        Ok(found)
                    })
                })
                .collect();
            let mut found = Ok(Vec::new());
            for check in checks {
                let outcome = check
                    .join()
                    .unwrap_or_else(|_| Err(AppError::new("internal", "a check stopped")));
                match (&mut found, outcome) {
                    (Ok(all), Ok(more)) => all.extend(more),
                    (Ok(_), Err(error)) => found = Err(error),
                    (Err(_), _) => {}
                }
            }
            found
        })?;
        Ok((library, found))
    }

    /// What the backup holds.
    pub fn preview(&self) -> &BackupPreview {
        &self.preview
    }

    fn library(&self) -> &Library {
        self.library.as_ref().expect("open until dropped")
    }
}

impl Drop for StagedBackup {
    fn drop(&mut self) {
        drop(self.library.take());
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// What a staged backup holds: its campaigns and when each last changed.
fn preview_of(
    library: &Library,
    packs: &Packs,
    file_name: &str,
    found: &[(String, Found)],
) -> Result<BackupPreview, AppError> {
    let (kind, taken_at) = parse_name(file_name);
    let last_changes = library.last_changes()?;
    let mut campaigns = Vec::new();
    let mut problems = Vec::new();
    for record in library.campaigns()? {
        let pack_name = match crate::games::registry::what(&record.game) {
            Some(name) => name.to_string(),
            None => packs
                .get(&record.pack_id)
                .map_or_else(|_| record.pack_id.clone(), |p| p.name.clone()),
        };
        let problem = found
            .iter()
            .find(|(id, _)| *id == record.id)
            .map(|(_, f)| f);
        if let Some(found) = problem {
            problems.push(found.of(&record, &pack_name));
        }
        // A memory in play is kept with its campaign, not one of its own
        // (the library lists it in that campaign's diary too).
        if crate::games::registry::listed(&record.game) == Some(false) {
            continue;
        }
        campaigns.push(BackupCampaign {
            name: record.name.clone(),
            pack_name,
            in_bin: record.deleted_at.is_some(),
            last_change: last_changes.get(&record.id).map(|t| t.to_rfc3339()),
            entries: record.last_seq,
            history_problem: problem.is_some(),
        });
    }
    Ok(BackupPreview {
        file_name: file_name.to_string(),
        kind,
        taken_at,
        last_change: library.last_change()?.map(|t| t.to_rfc3339()),
        campaigns,
        problems,
    })
}

/// A backup refused for its games whose history is not what the rules give.
fn not_believed(problems: &[HistoryProblem]) -> AppError {
    let named: Vec<String> = problems
        .iter()
        .map(|p| match (&p.entry, &p.date) {
            (Some(entry), Some(date)) => format!("“{}” (entry {entry}, {date})", p.name),
            _ => format!("“{}”", p.name),
        })
        .collect();
    AppError::new(
        "backup_not_believed",
        format!(
            "In this backup, the history of {} is not what the rules give: restore it leaving {} out, or choose another backup. Nothing was changed.",
            named.join(", "),
            if problems.len() == 1 { "it" } else { "them" }
        ),
    )
    .with("games", named.join(", "))
    .with("count", problems.len())
}

/// `<dir>/bagless-<reason>-<date>.sqlite`, numbered if that name is taken.
pub(crate) fn dated_path(dir: &Path, reason: &str, now: DateTime) -> PathBuf {
    let stamp = now.format("%Y%m%d-%H%M%S");
    (1..)
        .map(|n| match n {
            1 => dir.join(format!("{PREFIX}{reason}-{stamp}{SUFFIX}")),
            n => dir.join(format!("{PREFIX}{reason}-{stamp}-{n}{SUFFIX}")),
        })
        .find(|path| !path.exists())
        .expect("an unused name exists")
}

/// Moves a library file and its `-wal` and `-shm`, as they are. A library
/// SQLite cannot read cannot be copied through SQLite.
fn move_library_files(from: &Path, to: &Path) -> std::io::Result<()> {
    for suffix in ["", "-wal", "-shm"] {
        let mut source = from.as_os_str().to_owned();
        source.push(suffix);
        let mut destination = to.as_os_str().to_owned();
        destination.push(suffix);
        if Path::new(&source).exists() {
            std::fs::rename(&source, &destination)?;
        }
    }
    Ok(())
}

fn io_error(error: std::io::Error) -> AppError {
    StoreError::from(error).into()
}

/// A backup staged for another library than this app's.
fn not_this_library() -> AppError {
    AppError::new(
        "backup_not_staged_here",
        "This backup was prepared for another library. Nothing was changed.",
    )
}

/// A backup's problem, said of the backup rather than of the library.
fn backup_error(error: StoreError) -> AppError {
    match error {
        StoreError::NotALibrary(_) => AppError::new(
            "backup_foreign",
            "This file is not a Bagless library backup. Nothing was changed.",
        ),
        StoreError::Damaged(why) => AppError::new(
            "backup_damaged",
            format!("This backup is damaged ({why}). Nothing was changed."),
        ),
        StoreError::NewerSchema { found, supported } => AppError::new(
            "backup_newer",
            format!(
                "This backup was written by a newer version of Bagless (library format {found}; this version reads up to {supported}). Nothing was changed."
            ),
        ),
        other => other.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backup_names_give_their_kind_and_time() {
        assert_eq!(
            parse_name("bagless-daily-20261120-210000.sqlite"),
            ("daily".into(), Some("2026-11-20T21:00:00+00:00".into()))
        );
        assert_eq!(
            parse_name("bagless-before-import-20261120-210000-2.sqlite").0,
            "before_import"
        );
        assert_eq!(
            parse_name("bagless-before-v2-20261120-210000.sqlite").0,
            "before_upgrade"
        );
        assert_eq!(parse_name("bagless-odd.sqlite"), ("other".into(), None));
        assert!(!is_backup_name("../bagless-daily-20261120-210000.sqlite"));
        assert!(!is_backup_name("bagless-x/../../bagless.sqlite"));
        assert!(!is_backup_name("bagless.sqlite"));
    }
}
