//! Copies of the library: before every migration, before every import and
//! once a day (the newest 14 kept), in a folder
//! the players can see. Always through SQLite's backup API, never a file copy
//! (the library is in WAL mode).

use crate::StoreError;
use chrono::{DateTime, Utc};
use rusqlite::Connection;
use std::path::Path;

/// How many daily copies are kept.
pub const BACKUP_KEEP: usize = 14;
const PREFIX: &str = "bagless-";
const DAILY: &str = "daily";

pub(crate) fn copy(conn: &Connection, destination: &Path) -> Result<(), StoreError> {
    if let Some(parent) = destination.parent() {
        std::fs::create_dir_all(parent)?;
    }
    // Write beside, then rename: a half-written copy never carries the name.
    let partial = destination.with_extension("partial");
    let _ = std::fs::remove_file(&partial);
    {
        let mut target = Connection::open(&partial)?;
        let backup = rusqlite::backup::Backup::new(conn, &mut target)?;
        backup.run_to_completion(256, std::time::Duration::ZERO, None)?;
    }
    std::fs::rename(&partial, destination)?;
    Ok(())
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
    Ok(path)
}

/// Takes today's copy unless there is one, and keeps the newest few.
pub(crate) fn rotate_daily(
    conn: &Connection,
    dir: &Path,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    let today = format!("{PREFIX}{DAILY}-{}", now.format("%Y%m%d"));
    let mut daily: Vec<String> = match std::fs::read_dir(dir) {
        Ok(entries) => entries
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter(|n| n.starts_with(&format!("{PREFIX}{DAILY}-")) && n.ends_with(".sqlite"))
            .collect(),
        Err(_) => Vec::new(),
    };
    if !daily.iter().any(|n| n.starts_with(&today)) {
        take(conn, dir, DAILY, now)?;
        daily.push(format!("{today}.sqlite"));
    }
    daily.sort();
    let excess = daily.len().saturating_sub(BACKUP_KEEP);
    for old in &daily[..excess] {
        let _ = std::fs::remove_file(dir.join(old));
    }
    Ok(())
}
