//! The backups folder through the UI: list the copies, show what one holds,
//! and put one in place of the library (after keeping the current one).
//!
//! The UI names a backup by its file name only: nothing outside the
//! backups folder can be read or restored from the window.

use crate::{App, AppError, DateTime};
use bagless_store::check::copy_library_file;
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
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RestoreResult {
    /// The backup of the library as it was just before, in the backups folder.
    pub kept_file_name: String,
    pub campaigns: u32,
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
        let source = self.backup_path(file_name)?;
        let staged = Staged::open(&self.dirs.data_dir, &source, (self.clock)())?;
        let (kind, taken_at) = parse_name(file_name);
        let library = staged.library();
        let last_changes = library.last_changes()?;
        let mut campaigns = Vec::new();
        for record in library.campaigns()? {
            let pack_name = self
                .packs
                .get(&record.pack_id)
                .map_or_else(|_| record.pack_id.clone(), |p| p.name.clone());
            campaigns.push(BackupCampaign {
                name: record.name.clone(),
                pack_name,
                in_bin: record.deleted_at.is_some(),
                last_change: last_changes.get(&record.id).map(|t| t.to_rfc3339()),
                entries: record.last_seq,
            });
        }
        Ok(BackupPreview {
            file_name: file_name.to_string(),
            kind,
            taken_at,
            last_change: library.last_change()?.map(|t| t.to_rfc3339()),
            campaigns,
        })
    }

    /// Puts the backup `file_name` in place of the library. The library as
    /// it is goes into the backups folder first; a backup that does not
    /// pass the check replaces nothing.
    pub fn restore_backup(&self, file_name: &str) -> Result<RestoreResult, AppError> {
        let source = self.backup_path(file_name)?;
        let now = (self.clock)();
        let staged = Staged::open(&self.dirs.data_dir, &source, now)?;
        let campaigns = staged.library().campaigns()?.len() as u32;
        let kept = self.with_library(|library| {
            let kept = library.take_backup(&self.dirs.backups(), "before-restore", now)?;
            library.replace_with(staged.library())?;
            // Reopen: the connection starts afresh on the restored file.
            *library = Library::open(&self.dirs.library(), &self.dirs.backups(), now)?;
            Ok(kept)
        })?;
        // The restored library may be sound: changes are allowed again if so.
        self.recheck();
        Ok(RestoreResult {
            kept_file_name: kept
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default(),
            campaigns,
        })
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

/// A backup copied beside the library, brought up to date and checked. The
/// copy is removed when this is dropped.
struct Staged {
    /// Always `Some` until dropped: closed before its folder is removed.
    library: Option<Library>,
    dir: PathBuf,
}

impl Staged {
    fn open(data_dir: &Path, source: &Path, now: DateTime) -> Result<Staged, AppError> {
        let dir = data_dir.join(format!(".restore-{:016x}", rand::random::<u64>()));
        std::fs::create_dir_all(&dir).map_err(|e| AppError::from(StoreError::Io(e)))?;
        match Self::check(&dir, source, now) {
            Ok(library) => Ok(Staged {
                library: Some(library),
                dir,
            }),
            Err(error) => {
                let _ = std::fs::remove_dir_all(&dir);
                Err(error)
            }
        }
    }

    fn check(dir: &Path, source: &Path, now: DateTime) -> Result<Library, AppError> {
        let path = dir.join("bagless.sqlite");
        copy_library_file(source, &path).map_err(backup_error)?;
        let library = Library::open(&path, &dir.join("backups"), now).map_err(backup_error)?;
        // A backup that fails the check would only swap one problem for another.
        if let Some(problem) = library.integrity_check()?.into_iter().next() {
            return Err(AppError::new(
                "backup_damaged",
                format!("This backup is damaged ({problem}). Nothing was changed."),
            ));
        }
        for record in library.campaigns()? {
            if let Some(problem) = library.check_campaign(&record.id)? {
                return Err(AppError::new(
                    "backup_check_failed",
                    format!(
                        "This backup does not pass the check: “{}”: {problem}. Nothing was changed.",
                        record.name
                    ),
                ));
            }
        }
        Ok(library)
    }
}

impl Staged {
    fn library(&self) -> &Library {
        self.library.as_ref().expect("open until dropped")
    }
}

impl Drop for Staged {
    fn drop(&mut self) {
        drop(self.library.take());
        let _ = std::fs::remove_dir_all(&self.dir);
    }
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
                "This backup was written by a newer Bagless (library format {found}; this version reads up to {supported}). Nothing was changed."
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
