//! Copies of the library: before every migration, every import and every
//! restore, and once a day, in a folder the players can see. Each kind is
//! rotated: the newest [`BACKUP_KEEP`] daily copies and [`KEEP_PER_KIND`] of
//! every other kind are kept, and the oldest go first while the folder holds
//! more than [`BACKUP_MAX_BYTES`] (the newest copy of each kind always
//! stays). Always through SQLite's backup API, never a file copy (the
//! library is in WAL mode).

use crate::StoreError;
use chrono::{DateTime, Utc};
use rusqlite::Connection;
use std::path::Path;

/// How many daily copies are kept.
pub const BACKUP_KEEP: usize = 14;
/// How many copies of each other kind (before an import, a restore, an
/// upgrade) are kept.
pub const KEEP_PER_KIND: usize = 5;
/// The most the backups folder may hold before the oldest copies go.
pub const BACKUP_MAX_BYTES: u64 = 512 * 1024 * 1024;
const PREFIX: &str = "bagless-";
const DAILY: &str = "daily";

/// How far a copy has come: pages copied, pages in all (SQLite's pages of
/// 4 KiB), called after each step.
pub type CopyProgress<'a> = &'a mut dyn FnMut(u32, u32);

/// Runs SQLite's backup from `source` into `target` in steps, telling
/// `progress` after each.
pub(crate) fn run_backup(
    source: &Connection,
    target: &mut Connection,
    progress: CopyProgress<'_>,
) -> Result<(), StoreError> {
    use rusqlite::backup::StepResult;
    let backup = rusqlite::backup::Backup::new(source, target)?;
    loop {
        let step = backup.step(1024)?;
        let at = backup.progress();
        let total = u32::try_from(at.pagecount).unwrap_or(u32::MAX);
        let left = u32::try_from(at.remaining).unwrap_or(0);
        progress(total.saturating_sub(left), total);
        match step {
            StepResult::Done => return Ok(()),
            StepResult::More => {}
            // Another connection holds the file for a moment.
            _ => std::thread::sleep(std::time::Duration::from_millis(1)),
        }
    }
}

pub(crate) fn copy(conn: &Connection, destination: &Path) -> Result<(), StoreError> {
    copy_with(conn, destination, &mut |_, _| {})
}

pub(crate) fn copy_with(
    conn: &Connection,
    destination: &Path,
    progress: CopyProgress<'_>,
) -> Result<(), StoreError> {
    if let Some(parent) = destination.parent() {
        std::fs::create_dir_all(parent)?;
    }
    // Write beside, then rename: a half-written copy never carries the name.
    let partial = destination.with_extension("partial");
    let _ = std::fs::remove_file(&partial);
    let written = (|| -> Result<(), StoreError> {
        let mut target = Connection::open(&partial)?;
        // A new file no one reads before it is whole: no journal and no
        // sync at each step of the copy, one sync of the whole file below,
        // before it takes its name (a copy cut short is removed).
        target.pragma_update(None, "journal_mode", "OFF")?;
        target.pragma_update(None, "synchronous", "OFF")?;
        run_backup(conn, &mut target, progress)?;
        drop(target);
        std::fs::File::open(&partial)?.sync_all()?;
        Ok(())
    })()
    .and_then(|()| Ok(std::fs::rename(&partial, destination)?))
    .map(|()| {
        // The new name made durable too (where the system allows it).
        if let Some(dir) = destination.parent() {
            let _ = std::fs::File::open(dir).and_then(|d| d.sync_all());
        }
    });
    if written.is_err() {
        // A copy cut short (a full disk) leaves nothing behind.
        let _ = std::fs::remove_file(&partial);
        let _ = std::fs::remove_file(partial.with_extension("partial-journal"));
    }
    written
}

pub(crate) fn take(
    conn: &Connection,
    dir: &Path,
    reason: &str,
    now: DateTime<Utc>,
) -> Result<std::path::PathBuf, StoreError> {
    let name = format!("{PREFIX}{reason}-{}.sqlite", now.format("%Y%m%d-%H%M%S"));
    let path = dir.join(name);
    copy(conn, &path)?;
    rotate(dir);
    Ok(path)
}

/// The kind of a backup file ("daily", "before-import", "before-v4"): its
/// name without the prefix and the date.
fn kind_of(name: &str) -> Option<String> {
    let rest = name.strip_prefix(PREFIX)?.strip_suffix(".sqlite")?;
    let (kind, date) = rest.split_at(rest.len().checked_sub(15)?);
    let kind = kind.strip_suffix('-')?;
    let dated = date.len() == 15 && date.as_bytes()[8] == b'-';
    if dated && kind.starts_with("before-v") {
        return Some("before-upgrade".into());
    }
    dated.then(|| kind.to_string())
}

/// Keeps the newest few of each kind, then the oldest go while the folder
/// is over its size (the newest of each kind always stays).
pub(crate) fn rotate(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    // (name, kind, size), oldest first: the names sort by date in a kind.
    let mut files: Vec<(String, String, u64)> = entries
        .filter_map(|e| {
            let e = e.ok()?;
            let name = e.file_name().into_string().ok()?;
            let size = e.metadata().ok()?.len();
            Some((kind_of(&name)?, name, size))
        })
        .map(|(kind, name, size)| (name, kind, size))
        .collect();
    files.sort_by(|a, b| date_key(&a.0).cmp(date_key(&b.0)));
    let mut kept: Vec<(String, String, u64)> = Vec::new();
    let kinds: std::collections::BTreeSet<String> = files.iter().map(|f| f.1.clone()).collect();
    for kind in kinds {
        let of_kind: Vec<_> = files.iter().filter(|f| f.1 == kind).cloned().collect();
        let keep = if kind == DAILY {
            BACKUP_KEEP
        } else {
            KEEP_PER_KIND
        };
        let excess = of_kind.len().saturating_sub(keep);
        for (name, ..) in &of_kind[..excess] {
            remove_backup(dir, name);
        }
        kept.extend(of_kind.into_iter().skip(excess));
    }
    kept.sort_by(|a, b| date_key(&a.0).cmp(date_key(&b.0)));
    let mut total: u64 = kept.iter().map(|f| f.2).sum();
    let newest_of_kind =
        |kept: &[(String, String, u64)], i: usize| !kept[i + 1..].iter().any(|f| f.1 == kept[i].1);
    let mut i = 0;
    while total > BACKUP_MAX_BYTES && i < kept.len() {
        if newest_of_kind(&kept, i) {
            i += 1;
            continue;
        }
        let (name, _, size) = kept.remove(i);
        if remove_backup(dir, &name) {
            total -= size;
        }
    }
}

/// Removes a backup and what is kept beside it (its seal, written by the
/// app: `<name>.seal`); whether the backup went.
fn remove_backup(dir: &Path, name: &str) -> bool {
    let removed = std::fs::remove_file(dir.join(name)).is_ok();
    let _ = std::fs::remove_file(dir.join(format!("{name}.seal")));
    removed
}

/// The date in a backup's name ("20261121-203000"), for sorting by age.
fn date_key(name: &str) -> &str {
    let stem = name.strip_suffix(".sqlite").unwrap_or(name);
    &stem[stem.len().saturating_sub(15)..]
}

/// Takes today's copy unless there is one, and keeps the newest few.
/// Takes the day's copy unless one was taken today: the file written, if
/// one was.
pub(crate) fn rotate_daily(
    conn: &Connection,
    dir: &Path,
    now: DateTime<Utc>,
) -> Result<Option<std::path::PathBuf>, StoreError> {
    let today = format!("{PREFIX}{DAILY}-{}", now.format("%Y%m%d"));
    let taken = std::fs::read_dir(dir).is_ok_and(|entries| {
        entries
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .any(|n| n.starts_with(&today) && n.ends_with(".sqlite"))
    });
    let written = if taken {
        None
    } else {
        Some(take(conn, dir, DAILY, now)?)
    };
    rotate(dir);
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_are_read_from_the_names() {
        assert_eq!(
            kind_of("bagless-daily-20261121-203000.sqlite").as_deref(),
            Some("daily")
        );
        assert_eq!(
            kind_of("bagless-before-import-20261121-203000.sqlite").as_deref(),
            Some("before-import")
        );
        assert_eq!(
            kind_of("bagless-before-v3-20261121-203000.sqlite").as_deref(),
            Some("before-upgrade")
        );
        assert_eq!(kind_of("notes.txt"), None);
        assert_eq!(kind_of("bagless-x.sqlite"), None);
    }

    #[test]
    fn a_backup_rotated_out_takes_its_seal_with_it() {
        let dir = tempfile::tempdir().unwrap();
        let names: Vec<String> = (0..KEEP_PER_KIND + 1)
            .map(|i| format!("{PREFIX}manual-2026112{i}-210000.sqlite"))
            .collect();
        for name in &names {
            std::fs::write(dir.path().join(name), b"a copy").unwrap();
            std::fs::write(dir.path().join(format!("{name}.seal")), b"seal").unwrap();
        }
        rotate(dir.path());
        let oldest = &names[0];
        assert!(!dir.path().join(oldest).exists());
        assert!(!dir.path().join(format!("{oldest}.seal")).exists());
        let newest = &names[KEEP_PER_KIND];
        assert!(dir.path().join(format!("{newest}.seal")).exists());
    }
}
