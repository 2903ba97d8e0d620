//! The library file: one SQLite database holding every game of every box.
//!
//! Each game (a Brotherhood of Venice campaign, a game of RISK Assassin's
//! Creed…) has an append-only event log and the state its rules crate's
//! `evolve` computed after the last event, both written in the same
//! transaction (see `games.rs`). SQL lives only in this crate, and this
//! crate knows no game: a [`SavedGame`] hands it a game's `evolve`.

mod backup;
mod cache;
pub mod check;
mod error;
mod games;
mod migrate;
mod transaction;

pub use backup::{CopyProgress, BACKUP_KEEP, BACKUP_MAX_BYTES, KEEP_PER_KIND};
/// The export file (its own crate, so that the fuzzing of its parser builds
/// no SQLite).
pub use bagless_exchange as exchange;
pub use error::StoreError;
pub use games::{summary_of, Author, GameLog, SavedGame, CACHED_ENTRIES, SAVED_EVERY};
pub use migrate::SCHEMA_VERSION;

use chrono::{DateTime, Utc};
use rusqlite::{Connection, OpenFlags, OptionalExtension};
use std::cell::RefCell;
use std::path::{Path, PathBuf};

// A command that panics leaves nothing half-written: `Store::transaction`
// catches the unwind and rolls its writes back, and the window turns the
// panic into a refusal (src-tauri's `blocking`). A build that aborts on panic
// (Tauri's app-size guide suggests it; Cargo.toml's release profile does not
// take it) would close the window mid-game instead: it is not built.
#[cfg(not(panic = "unwind"))]
compile_error!(
    "bagless-store needs panics to unwind: Store::transaction rolls a panicking command back"
);

/// Marks a SQLite file as a Bagless library ("BAGL").
pub const APPLICATION_ID: i32 = 0x4241_474C;

/// A campaign row of the library, without its diary.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CampaignRecord {
    pub id: String,
    pub name: String,
    pub pack_id: String,
    /// The box the campaign or game is from: "bov", "risk" or "nation".
    pub game: String,
    pub created_at: DateTime<Utc>,
    pub deleted_at: Option<DateTime<Utc>>,
    pub last_seq: u32,
    pub last_played_on: Option<String>,
}

pub struct Library {
    conn: Connection,
    path: PathBuf,
    /// The logs of the last few games used, decoded (see `games.rs`).
    game_logs: RefCell<cache::GameLogCache>,
    /// Whether the file held a library before this opening.
    existed: bool,
}

/// How many prepared statements a library keeps.
const STATEMENT_CACHE: usize = 128;

impl Library {
    /// Opens (or creates) the library at `path`. A file that is not a
    /// Bagless library, is damaged, or was written by a newer Bagless is
    /// refused and left exactly as it was. Before a migration, and once a
    /// day, a copy goes into `backups_dir`.
    pub fn open(
        path: &Path,
        backups_dir: &Path,
        now: DateTime<Utc>,
    ) -> Result<Library, StoreError> {
        let library = Library::open_keeping(path, Some(backups_dir), now, true)?;
        if library.existed {
            library.keep_daily_backup(backups_dir, now);
        }
        Ok(library)
    }

    /// [`Library::open`] without the day's copy nor SQLite's quick check
    /// of a file already up to date, which the caller takes later with
    /// [`Library::keep_daily_backup`] and [`Library::quick_check`] (the
    /// window: beside its first screen, before any change). A file to be
    /// migrated is checked and copied first, as always.
    pub fn open_for_now(
        path: &Path,
        backups_dir: &Path,
        now: DateTime<Utc>,
    ) -> Result<Library, StoreError> {
        Library::open_keeping(path, Some(backups_dir), now, false)
    }

    /// SQLite's quick check of the whole file: its pages and records are
    /// sound (a cost that grows with the file: 0.4 s for 80 MB).
    pub fn quick_check(&self) -> Result<(), StoreError> {
        let verdict: String = self
            .conn
            .pragma_query_value(None, "quick_check", |r| r.get(0))?;
        if verdict != "ok" {
            return Err(StoreError::Damaged(verdict));
        }
        Ok(())
    }

    /// Whether the file held a library before this opening (a new one
    /// gets no copy of the day).
    pub fn existed(&self) -> bool {
        self.existed
    }

    /// Takes the day's copy into `backups_dir` if none is there yet (the
    /// file written, if one was), and
    /// lets the oldest go. A convenience: a full disk or an unwritable
    /// folder must not keep the players from their games, so a failure is
    /// only told on the error output.
    pub fn keep_daily_backup(&self, backups_dir: &Path, now: DateTime<Utc>) -> Option<PathBuf> {
        match backup::rotate_daily(&self.conn, backups_dir, now) {
            Ok(written) => written,
            Err(error) => {
                eprintln!("bagless: today's backup was not taken: {error}");
                None
            }
        }
    }

    /// [`Library::open`] of a copy made to be checked (a backup staged
    /// beside the library): brought up to date like any library (checked
    /// first if it must be migrated), but no copy of it is kept, as its
    /// source is one already; the caller runs the full integrity check.
    pub fn open_copy(path: &Path, now: DateTime<Utc>) -> Result<Library, StoreError> {
        // Its caller checks the copy whole (integrity_check) next.
        Library::open_keeping(path, None, now, false)
    }

    fn open_keeping(
        path: &Path,
        backups_dir: Option<&Path>,
        now: DateTime<Utc>,
        quick_check: bool,
    ) -> Result<Library, StoreError> {
        let existed = path.exists() && std::fs::metadata(path)?.len() > 0;
        let found_version = if existed {
            inspect_read_only(path, quick_check)?
        } else {
            0
        };
        if found_version > SCHEMA_VERSION {
            return Err(StoreError::NewerSchema {
                found: found_version,
                supported: SCHEMA_VERSION,
            });
        }
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        let mut conn = Connection::open_with_flags(
            path,
            // One thread at a time uses a connection (the app holds it
            // behind a lock): SQLite's own mutex around every call, every
            // column read, is not needed.
            OpenFlags::SQLITE_OPEN_READ_WRITE
                | OpenFlags::SQLITE_OPEN_CREATE
                | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .map_err(|e| StoreError::from_open(path, e))?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        // A save must survive a power cut.
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        // A cached statement is planned once, not for the values bound to
        // it: without this, SQLite prepares again, for each campaign id
        // bound, every query whose plan looked at the value (here, those
        // with an ORDER BY): more than half of loading a campaign.
        conn.set_db_config(
            rusqlite::config::DbConfig::SQLITE_DBCONFIG_ENABLE_QPSG,
            true,
        )?;
        if let (true, true, Some(backups_dir)) =
            (existed, found_version < SCHEMA_VERSION, backups_dir)
        {
            backup::take(
                &conn,
                backups_dir,
                &format!("before-v{SCHEMA_VERSION}"),
                now,
            )?;
        }
        migrate::run(&mut conn)?;
        // Every statement a write or a load uses stays prepared: the
        // default cache (16) is smaller than the store's statements, and
        // preparing again cost a sixth of recording an attempt.
        conn.set_prepared_statement_cache_capacity(STATEMENT_CACHE);
        Ok(Library {
            conn,
            path: path.to_path_buf(),
            game_logs: RefCell::default(),
            existed,
        })
    }

    /// A second look at a library another connection opened (and brought
    /// up to date): read only, taking no backup, for a check that runs
    /// beside the app.
    pub fn open_read_only(path: &Path) -> Result<Library, StoreError> {
        let conn = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .map_err(|e| StoreError::from_open(path, e))?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        conn.set_prepared_statement_cache_capacity(STATEMENT_CACHE);
        Ok(Library {
            conn,
            path: path.to_path_buf(),
            game_logs: RefCell::default(),
            existed: true,
        })
    }

    /// How many entries of the games' logs are kept decoded now (at most
    /// [`CACHED_ENTRIES`] beside the log last used).
    pub fn cached_entries(&self) -> usize {
        self.game_logs.borrow().cached_entries()
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Drops every cached log (the file was replaced under them).
    pub(crate) fn forget_logs(&self) {
        *self.game_logs.borrow_mut() = cache::GameLogCache::default();
    }

    /// Runs `read`, the reads one answer makes (a screen built from a
    /// game's state and the library's other games), in one read
    /// transaction: they see one moment of the file, whose locks are taken
    /// once, not for each query (each taking cost a few microseconds of
    /// every command). What `read` saves on the way (a state computed again
    /// from its log, its summary) is best effort: kept if it can be, and
    /// what was read is answered either way.
    pub fn reading<T, E: From<StoreError>>(
        &self,
        read: impl FnOnce(&Library) -> Result<T, E>,
    ) -> Result<T, E> {
        transaction::read_at_once(&self.conn, || read(self))
    }

    /// Runs `work`, one command's reads and writes (a command decided on a
    /// game's state, written, and its screen built from the library), in
    /// one write transaction taken at once: all or nothing, and the file's
    /// locks taken once, not at each query. The writes inside are
    /// savepoints of it; what was kept in memory of them is forgotten if
    /// the whole is rolled back.
    pub fn writing<T, E: From<StoreError>>(
        &mut self,
        work: impl FnOnce(&mut Library) -> Result<T, E>,
    ) -> Result<T, E> {
        if !self.conn.is_autocommit() {
            // Only a transaction left open by a failure gets here (commands
            // do not nest). Nothing in it was ever reported saved: it is
            // undone, with what was kept decoded of it, and the command
            // goes on (not as a savepoint that no commit would keep).
            let _ = self.conn.execute_batch("ROLLBACK");
            self.game_logs.replace(cache::GameLogCache::default());
        }
        self.conn
            .prepare_cached("BEGIN IMMEDIATE")
            .and_then(|mut begin| begin.execute([]))
            .map_err(StoreError::from)?;
        let changes = self.conn.total_changes();
        let done = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(self)));
        let ended = match &done {
            // SQLite undoes a whole transaction itself on some failures (a
            // full disk, an I/O error): a command that went on as if its
            // writes stood is refused, not reported as kept.
            Ok(Ok(_)) if self.conn.is_autocommit() => {
                Err(unsaved("the library undid it while it was written"))
            }
            Ok(Ok(_)) => self
                .conn
                .prepare_cached("COMMIT")
                .and_then(|mut commit| commit.execute([]))
                .map(|_| ())
                .map_err(StoreError::from),
            _ => Ok(()),
        };
        if !matches!(done, Ok(Ok(_))) || ended.is_err() {
            if !self.conn.is_autocommit() {
                // An error rolling back is not reported: the one that
                // made the command fail is.
                let _ = self.conn.execute_batch("ROLLBACK");
            }
            // The decoded logs and states kept followed writes now undone
            // (a command the rules refused wrote nothing: what is kept
            // stays, and the next undo need not decode the log again; a
            // panic may have stopped half-way through changing them).
            if done.is_err() || self.conn.total_changes() != changes {
                self.game_logs.replace(cache::GameLogCache::default());
            }
        }
        match done {
            Err(panic) => std::panic::resume_unwind(panic),
            Ok(Ok(value)) => ended.map(|()| value).map_err(E::from),
            Ok(Err(error)) => Err(error),
        }
    }

    /// Every campaign, those in the bin included, oldest first.
    pub fn campaigns(&self) -> Result<Vec<CampaignRecord>, StoreError> {
        oldest_first(&self.conn, RECORD_QUERY, [], record_from_row)
    }

    /// Every game of one kind (`campaigns.game`), those in the bin
    /// included, oldest first.
    pub fn games_of(&self, game: &str) -> Result<Vec<CampaignRecord>, StoreError> {
        oldest_first(&self.conn, RECORDS_OF_KIND, [game], record_from_row)
    }

    /// Every game, those in the bin included, oldest first, each with the
    /// summary saved beside its state (read with [`summary_of`]); no state
    /// or log is read.
    pub fn summaries(&self) -> Result<Vec<(CampaignRecord, Option<String>)>, StoreError> {
        oldest_first(&self.conn, RECORD_QUERY, [], |row| {
            Ok((record_from_row(row)?, row.get(8)?))
        })
    }

    /// When each game's newest entry was written, by game id (games with no
    /// entry left out): what was played since a time (the evening's
    /// summary) is read from it without reading any log.
    pub fn last_entries(&self) -> Result<Vec<(String, DateTime<Utc>)>, StoreError> {
        let mut stmt = self.conn.prepare_cached(LAST_ENTRIES)?;
        let rows = stmt.query_map([], |row| {
            Ok((row.get::<_, String>(0)?, row.get::<_, String>(1)?))
        })?;
        let mut last = Vec::new();
        for row in rows {
            let (id, at) = row?;
            last.push((id, parse_time(&at)?));
        }
        Ok(last)
    }

    pub fn record(&self, campaign_id: &str) -> Result<CampaignRecord, StoreError> {
        record_in(&self.conn, campaign_id)
    }

    /// The kind of game `campaign_id` is (its record's `game`), read alone:
    /// what the app's one command set asks first, to find the game's rules,
    /// before it reads the whole record with the state.
    pub fn kind_of(&self, campaign_id: &str) -> Result<String, StoreError> {
        self.conn
            .prepare_cached("SELECT game FROM campaigns WHERE id = ?1")?
            .query_row([campaign_id], |row| row.get(0))
            .optional()?
            .ok_or(StoreError::NoSuchCampaign)
    }

    /// Moves a campaign to the bin; nothing of it is removed.
    pub fn move_to_bin(&mut self, campaign_id: &str, at: DateTime<Utc>) -> Result<(), StoreError> {
        self.set_deleted(campaign_id, Some(at))
    }

    /// Takes the game `campaign_id` out of the library for good, its log
    /// and saved state with it (a backup's game left out of a restore, in
    /// the copy being restored; never the players' library itself).
    pub fn remove_game(&mut self, campaign_id: &str) -> Result<(), StoreError> {
        let removed = self
            .conn
            .execute("DELETE FROM campaigns WHERE id = ?1", [campaign_id])?;
        *self.game_logs.borrow_mut() = cache::GameLogCache::default();
        if removed == 0 {
            return Err(StoreError::NoSuchCampaign);
        }
        Ok(())
    }

    pub fn restore_from_bin(&mut self, campaign_id: &str) -> Result<(), StoreError> {
        self.set_deleted(campaign_id, None)
    }

    fn set_deleted(
        &mut self,
        campaign_id: &str,
        at: Option<DateTime<Utc>>,
    ) -> Result<(), StoreError> {
        let changed = self.conn.execute(
            "UPDATE campaigns SET deleted_at = ?2 WHERE id = ?1",
            rusqlite::params![campaign_id, at.map(|t| t.to_rfc3339())],
        )?;
        if changed == 0 {
            return Err(StoreError::NoSuchCampaign);
        }
        Ok(())
    }

    /// A dated copy in `dir` named after `reason` ("before-import"); its path.
    pub fn take_backup(
        &self,
        dir: &Path,
        reason: &str,
        now: DateTime<Utc>,
    ) -> Result<PathBuf, StoreError> {
        backup::take(&self.conn, dir, reason, now)
    }

    /// A consistent copy of the whole library (SQLite backup API).
    pub fn backup_to(&self, destination: &Path) -> Result<(), StoreError> {
        backup::copy(&self.conn, destination)
    }

    /// [`Library::backup_to`], telling `progress` how far it has come.
    pub fn backup_to_with(
        &self,
        destination: &Path,
        progress: CopyProgress<'_>,
    ) -> Result<(), StoreError> {
        backup::copy_with(&self.conn, destination, progress)
    }
}

pub(crate) fn record_in(
    conn: &Connection,
    campaign_id: &str,
) -> Result<CampaignRecord, StoreError> {
    conn.prepare_cached(RECORD_BY_ID)?
        .query_row([campaign_id], record_from_row)
        .optional()?
        .ok_or(StoreError::NoSuchCampaign)
}

/// The columns of a campaign row, as `record_from_row` reads them.
macro_rules! record_select {
    () => {
        "SELECT c.id, c.name, c.pack_id, c.created_at, c.deleted_at, c.last_seq,
        c.played_on, c.game, c.summary
     FROM campaigns c"
    };
}

/// A command that could not be saved, and why: nothing of it was.
fn unsaved(why: &str) -> StoreError {
    StoreError::Io(std::io::Error::other(format!(
        "The change was not saved: {why}."
    )))
}

/// Every record, in no order ([`oldest_first`] sorts them).
const RECORD_QUERY: &str = record_select!();

const RECORDS_OF_KIND: &str = concat!(record_select!(), " WHERE c.game = ?1");

/// Each game's id and when its newest entry was written: the games read
/// first, each one's newest entry found by its key (`CROSS JOIN` keeps that
/// order). With a plain join SQLite chose to read every event of the
/// library, payloads and all: 7 ms of the evening's summary beside a
/// 20,000-event game (issue 57).
const LAST_ENTRIES: &str = "SELECT c.id, e.recorded_at FROM campaigns c
     CROSS JOIN events e ON e.campaign_id = c.id AND e.seq = c.last_seq";

/// The rows `query` gives, oldest first, then by id (`created_at` and `id`
/// compared as SQLite compares text): sorted here, where SQLite's sorter
/// took a large buffer at every reading of the list.
fn oldest_first<T>(
    conn: &Connection,
    query: &str,
    params: impl rusqlite::Params,
    mut read: impl FnMut(&rusqlite::Row<'_>) -> rusqlite::Result<T>,
) -> Result<Vec<T>, StoreError> {
    let mut stmt = conn.prepare_cached(query)?;
    let mut rows: Vec<((String, String), T)> = stmt
        .query_map(params, |row| Ok(((row.get(3)?, row.get(0)?), read(row)?)))?
        .collect::<Result<_, _>>()?;
    rows.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(rows.into_iter().map(|(_, value)| value).collect())
}

/// One campaign's row: a constant, so that looking its statement up in the
/// cache formats nothing.
const RECORD_BY_ID: &str = concat!(record_select!(), " WHERE c.id = ?1");

fn record_from_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<CampaignRecord> {
    let time = |i: usize| -> rusqlite::Result<DateTime<Utc>> {
        let text: String = row.get(i)?;
        parse_time(&text).map_err(|e| {
            rusqlite::Error::FromSqlConversionFailure(i, rusqlite::types::Type::Text, Box::new(e))
        })
    };
    let deleted: Option<String> = row.get(4)?;
    Ok(CampaignRecord {
        id: row.get(0)?,
        name: row.get(1)?,
        pack_id: row.get(2)?,
        created_at: time(3)?,
        deleted_at: match deleted {
            Some(_) => Some(time(4)?),
            None => None,
        },
        last_seq: row.get(5)?,
        last_played_on: row.get(6)?,
        game: row.get(7)?,
    })
}

pub(crate) fn parse_time(text: &str) -> Result<DateTime<Utc>, StoreError> {
    DateTime::parse_from_rfc3339(text)
        .map(|t| t.with_timezone(&Utc))
        .map_err(|e| StoreError::Damaged(format!("time {text:?}: {e}")))
}

/// Reads the schema version of an existing file without writing to it, and
/// checks that it is an intact Bagless library.
fn inspect_read_only(path: &Path, quick: bool) -> Result<u32, StoreError> {
    let mut header = [0u8; 16];
    {
        use std::io::Read;
        let mut file = std::fs::File::open(path)?;
        if file.read_exact(&mut header).is_err() || &header != b"SQLite format 3\0" {
            return Err(StoreError::NotALibrary(path.to_path_buf()));
        }
    }
    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(|e| StoreError::from_open(path, e))?;
    let check = || -> rusqlite::Result<(i32, u32, String, u32)> {
        let app_id: i32 = conn.pragma_query_value(None, "application_id", |r| r.get(0))?;
        let tables: u32 = conn.query_row("SELECT count(*) FROM sqlite_master", [], |r| r.get(0))?;
        let version: u32 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
        // A file about to be migrated is always checked first; one already
        // up to date may leave it to the caller (`Library::quick_check`).
        let verdict: String = if quick || version != SCHEMA_VERSION {
            conn.pragma_query_value(None, "quick_check", |r| r.get(0))?
        } else {
            "ok".to_string()
        };
        Ok((app_id, version, verdict, tables))
    };
    let (app_id, version, verdict, tables) = check().map_err(|e| StoreError::from_open(path, e))?;
    // Someone else's database: never migrate into it.
    let blank = app_id == 0 && version == 0 && tables == 0;
    if app_id != APPLICATION_ID && !blank {
        return Err(StoreError::NotALibrary(path.to_path_buf()));
    }
    if version > SCHEMA_VERSION {
        return Ok(version);
    }
    if verdict != "ok" {
        return Err(StoreError::Damaged(verdict));
    }
    Ok(version)
}

#[cfg(test)]
mod tests {
    /// The evening's summary reads one event per game, by its key, however
    /// many events the library holds.
    #[test]
    fn each_games_newest_entry_is_found_by_its_key_not_by_reading_every_event() {
        let dir = tempfile::tempdir().unwrap();
        let library = super::Library::open(
            &dir.path().join("bagless.sqlite"),
            &dir.path().join("backups"),
            chrono::Utc::now(),
        )
        .unwrap();
        let plan: Vec<String> = library
            .conn
            .prepare(&format!("EXPLAIN QUERY PLAN {}", super::LAST_ENTRIES))
            .unwrap()
            .query_map([], |row| row.get::<_, String>(3))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(
            plan,
            [
                "SCAN c",
                "SEARCH e USING PRIMARY KEY (campaign_id=? AND seq=?)"
            ],
            "{plan:?}"
        );
    }
}
