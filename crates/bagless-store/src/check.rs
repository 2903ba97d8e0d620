//! Checking a library file: SQLite's own integrity check, and what a file
//! holds before it replaces the library. Each game's saved state is checked
//! against its log by `Library::check_game` (games.rs).

use crate::{Library, StoreError};
use chrono::{DateTime, Utc};

impl Library {
    /// SQLite's full integrity check: empty when the file is sound, else
    /// every problem SQLite reports.
    pub fn integrity_check(&self) -> Result<Vec<String>, StoreError> {
        let mut stmt = self.conn.prepare("PRAGMA integrity_check")?;
        let lines = stmt
            .query_map([], |row| row.get::<_, String>(0))?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(lines.into_iter().filter(|line| line != "ok").collect())
    }

    /// The schema version of the open library (`user_version`).
    pub fn schema_version(&self) -> Result<u32, StoreError> {
        Ok(self
            .conn
            .pragma_query_value(None, "user_version", |r| r.get(0))?)
    }

    /// When the library was last written to: the newest entry of any
    /// campaign's history.
    pub fn last_change(&self) -> Result<Option<DateTime<Utc>>, StoreError> {
        // Every time is written as RFC 3339 in UTC, so text order is time order.
        let newest: Option<String> =
            self.conn
                .query_row("SELECT max(recorded_at) FROM events", [], |r| r.get(0))?;
        newest.as_deref().map(crate::parse_time).transpose()
    }

    /// When each campaign was last changed: its newest entry, by campaign id.
    pub fn last_changes(
        &self,
    ) -> Result<std::collections::BTreeMap<String, DateTime<Utc>>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT campaign_id, max(recorded_at) FROM events GROUP BY campaign_id",
        )?;
        let rows = stmt.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))?;
        rows.map(|row| {
            let (id, time) = row?;
            Ok((id, crate::parse_time(&time)?))
        })
        .collect()
    }

    /// Replaces the whole content of this library with `source`'s, through
    /// SQLite's backup API on the open connection, so the WAL is handled by
    /// SQLite and other readers never see a half-copied file.
    pub fn replace_with(&mut self, source: &Library) -> Result<(), StoreError> {
        self.replace_with_progress(source, &mut |_, _| {})
    }

    /// [`Library::replace_with`], telling `progress` how far it has come.
    pub fn replace_with_progress(
        &mut self,
        source: &Library,
        progress: crate::CopyProgress<'_>,
    ) -> Result<(), StoreError> {
        crate::backup::run_backup(&source.conn, &mut self.conn, progress)?;
        // Every log may have changed under the cache.
        self.forget_logs();
        Ok(())
    }
}

/// Copies the library file at `source` to `destination` without writing to
/// `source`: read-only, through SQLite's backup API (so a `-wal` beside it
/// is taken into account). A file that is not a Bagless library, is
/// damaged, or is newer than this build is refused. Returns its schema
/// version; open the copy with [`Library::open`] to bring it up to date.
pub fn copy_library_file(
    source: &std::path::Path,
    destination: &std::path::Path,
) -> Result<u32, StoreError> {
    copy_library_file_with(source, destination, &mut |_, _| {})
}

/// [`copy_library_file`], telling `progress` how far it has come.
pub fn copy_library_file_with(
    source: &std::path::Path,
    destination: &std::path::Path,
    progress: crate::CopyProgress<'_>,
) -> Result<u32, StoreError> {
    if !source.is_file() {
        return Err(StoreError::NotALibrary(source.to_path_buf()));
    }
    let side_file = |suffix: &str| {
        let mut name = source.as_os_str().to_owned();
        name.push(suffix);
        std::path::PathBuf::from(name)
    };
    let (wal, shm) = (side_file("-wal"), side_file("-shm"));
    let had_side_files = wal.exists() || shm.exists();
    let outcome = (|| {
        let version = crate::inspect_read_only(source, true)?;
        if version > crate::SCHEMA_VERSION {
            return Err(StoreError::NewerSchema {
                found: version,
                supported: crate::SCHEMA_VERSION,
            });
        }
        let conn = rusqlite::Connection::open_with_flags(
            source,
            rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY | rusqlite::OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .map_err(|e| StoreError::from_open(source, e))?;
        crate::backup::copy_with(&conn, destination, progress)?;
        Ok(version)
    })();
    // A read-only reader of a WAL file leaves an empty -wal and a -shm
    // behind; remove those it created so a backups folder stays tidy.
    if !had_side_files && std::fs::metadata(&wal).is_ok_and(|m| m.len() == 0) {
        let _ = std::fs::remove_file(&wal);
        let _ = std::fs::remove_file(&shm);
    }
    outcome
}
