//! The library file: one SQLite database holding every campaign.
//!
//! Each campaign has an append-only event log and projection tables that a
//! person can query with the sqlite3 shell; both are written in the same
//! transaction. SQL lives only in this crate.

mod backup;
pub mod check;
mod error;
pub mod exchange;
mod games;
mod migrate;
mod projection;
mod state_rows;
mod transaction;

pub use backup::{BACKUP_KEEP, BACKUP_MAX_BYTES, KEEP_PER_KIND};
pub use error::StoreError;
pub use games::{GameLog, SavedGame};
pub use migrate::SCHEMA_VERSION;

use transaction::{read_at_once, Writing};

use bagless_bov::campaign::{Campaign, Event, EventEnvelope};
use chrono::{DateTime, Utc};
use rusqlite::{Connection, OpenFlags, OptionalExtension};
use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// `campaigns.game` for a Brotherhood of Venice campaign.
pub const BOV: &str = "bov";

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

/// A campaign with its state, as read from the projection tables.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredCampaign {
    pub record: CampaignRecord,
    pub state: Campaign,
}

pub struct Library {
    conn: Connection,
    path: PathBuf,
    /// The logs and states read or written lately, decoded: an undo, a redo
    /// and the history of a long campaign then need not read and decode
    /// thousands of events again, nor a command read back the rows its
    /// campaign's last view was built from. See [`LogCache`].
    logs: RefCell<LogCache>,
    /// The same for the other games' logs (see `games.rs`).
    game_logs: RefCell<games::GameLogCache>,
}

/// A campaign's whole log, as read or written.
pub type Log = Arc<Vec<EventEnvelope>>;

/// Decoded logs and states of the last few campaigns used. A log is
/// append-only, so a cached one is good while the campaign's `last_seq` is
/// its last event's; a state, while the campaign's `last_seq` is the one it
/// was read or written at (every change of a campaign's state goes with new
/// events; the bin's mark is the record's, read each time). A write by
/// another connection (the `bagless` command, the sqlite3 shell) changes
/// SQLite's `data_version`, and everything cached is then dropped.
#[derive(Default)]
struct LogCache {
    data_version: i64,
    /// Most recently used last.
    logs: Vec<(String, Log)>,
    /// Each with the `last_seq` it is at; most recently used last.
    states: Vec<(String, u32, Campaign)>,
}

/// How many prepared statements a library keeps.
const STATEMENT_CACHE: usize = 128;

/// How many campaigns' logs are kept decoded.
const CACHED_LOGS: usize = 4;

impl LogCache {
    fn take(&mut self, campaign_id: &str) -> Option<Log> {
        let at = self.logs.iter().position(|(id, _)| id == campaign_id)?;
        Some(self.logs.remove(at).1)
    }

    fn put(&mut self, campaign_id: &str, log: Log) {
        self.take(campaign_id);
        if self.logs.len() >= CACHED_LOGS {
            self.logs.remove(0);
        }
        self.logs.push((campaign_id.to_string(), log));
    }

    /// Drops everything if another connection wrote since the cache was
    /// filled.
    fn check(&mut self, conn: &Connection) -> Result<(), StoreError> {
        let data_version: i64 = conn
            .prepare_cached("PRAGMA data_version")?
            .query_row([], |r| r.get(0))?;
        if self.data_version != data_version {
            *self = LogCache {
                data_version,
                ..LogCache::default()
            };
        }
        Ok(())
    }

    /// The campaign's state at `last_seq`, if it is kept.
    fn state(&mut self, campaign_id: &str, last_seq: u32) -> Option<&Campaign> {
        let at = self
            .states
            .iter()
            .position(|(id, _, _)| id == campaign_id)?;
        let entry = self.states.remove(at);
        if entry.1 != last_seq {
            return None;
        }
        self.states.push(entry);
        self.states.last().map(|(_, _, state)| state)
    }

    fn put_state(&mut self, campaign_id: &str, last_seq: u32, state: Campaign) {
        self.states.retain(|(id, _, _)| id != campaign_id);
        if self.states.len() >= CACHED_LOGS {
            self.states.remove(0);
        }
        self.states.push((campaign_id.to_string(), last_seq, state));
    }
}

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
        let existed = path.exists() && std::fs::metadata(path)?.len() > 0;
        let found_version = if existed { inspect_read_only(path)? } else { 0 };
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
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_CREATE,
        )
        .map_err(|e| StoreError::from_open(path, e))?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        // Room for every projection statement: a rebuild cycles through them.
        conn.set_prepared_statement_cache_capacity(64);
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
        if existed && found_version < SCHEMA_VERSION {
            backup::take(
                &conn,
                backups_dir,
                &format!("before-v{SCHEMA_VERSION}"),
                now,
            )?;
        }
        migrate::run(&mut conn)?;
        // The daily copy is a convenience: a full disk or an unwritable
        // folder must not keep the players from their campaigns.
        if existed {
            if let Err(error) = backup::rotate_daily(&conn, backups_dir, now) {
                eprintln!("bagless: today's backup was not taken: {error}");
            }
        }
        // Every statement a write or a load uses stays prepared: the
        // default cache (16) is smaller than the store's statements, and
        // preparing again cost a sixth of recording an attempt.
        conn.set_prepared_statement_cache_capacity(STATEMENT_CACHE);
        Ok(Library {
            conn,
            path: path.to_path_buf(),
            logs: RefCell::default(),
            game_logs: RefCell::default(),
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Appends the events of one command to a campaign's log and saves the
    /// state `evolve` gives, in one transaction. `expected_seq` is the last
    /// sequence number the caller decided on; a different one means someone
    /// else wrote first, and nothing is written. Creating a campaign is
    /// appending its `CampaignCreated` event with `expected_seq` 0.
    pub fn append(
        &mut self,
        campaign_id: &str,
        expected_seq: u32,
        events: &[Event],
        at: DateTime<Utc>,
    ) -> Result<u32, StoreError> {
        self.append_to(campaign_id, expected_seq, None, events, at)
    }

    /// Like [`Library::append`], given the state the caller decided on (as
    /// [`Library::load`] read it at `expected_seq`), so that it is not read
    /// again.
    pub fn append_to(
        &mut self,
        campaign_id: &str,
        expected_seq: u32,
        before: Option<&Campaign>,
        events: &[Event],
        at: DateTime<Utc>,
    ) -> Result<u32, StoreError> {
        let envelopes = envelopes(events, expected_seq, at);
        let last = self.write_envelopes(campaign_id, expected_seq, &envelopes, before, None)?;
        self.remember_appended(campaign_id, expected_seq, envelopes);
        Ok(last)
    }

    /// Appends undo or redo markers decided on `log`, the campaign's whole
    /// log as just read with [`Library::log`]; answers with the log as
    /// written. If the campaign changed since `log` was read, nothing is
    /// written.
    pub fn append_markers(
        &mut self,
        campaign_id: &str,
        log: Log,
        markers: &[Event],
        at: DateTime<Utc>,
    ) -> Result<Log, StoreError> {
        let expected_seq = log.last().map_or(0, |e| e.seq);
        let added = envelopes(markers, expected_seq, at);
        // The cache's copy is let go first, so the log is extended in place.
        self.logs.borrow_mut().take(campaign_id);
        let mut full = Arc::unwrap_or_clone(log);
        full.extend(added.iter().cloned());
        self.write_envelopes(campaign_id, expected_seq, &added, None, Some(&full))?;
        let full = Arc::new(full);
        self.logs.borrow_mut().put(campaign_id, full.clone());
        Ok(full)
    }

    /// Writes a whole log at once (an import): a new campaign, all or nothing.
    pub fn insert_log(
        &mut self,
        campaign_id: &str,
        envelopes: &[EventEnvelope],
    ) -> Result<u32, StoreError> {
        self.write_envelopes(campaign_id, 0, envelopes, None, Some(envelopes))
    }

    /// Drops every cached log (the file was replaced under them).
    pub(crate) fn forget_logs(&self) {
        *self.logs.borrow_mut() = LogCache::default();
        *self.game_logs.borrow_mut() = games::GameLogCache::default();
    }

    /// Keeps a cached log in step with what was just appended to it.
    fn remember_appended(&self, campaign_id: &str, expected_seq: u32, added: Vec<EventEnvelope>) {
        let mut cache = self.logs.borrow_mut();
        if let Some(mut log) = cache.take(campaign_id) {
            if log.last().map_or(0, |e| e.seq) == expected_seq {
                Arc::make_mut(&mut log).extend(added);
                cache.put(campaign_id, log);
            }
        }
    }

    /// Writes `envelopes` after `expected_seq` and the rows of the state they
    /// lead to. `before` is the state at `expected_seq` when the caller has
    /// it; `full_log`, the campaign's log once `envelopes` are in, when the
    /// caller has it (an undo's markers need the whole log replayed).
    fn write_envelopes(
        &mut self,
        campaign_id: &str,
        expected_seq: u32,
        envelopes: &[EventEnvelope],
        before: Option<&Campaign>,
        full_log: Option<&[EventEnvelope]>,
    ) -> Result<u32, StoreError> {
        let tx = Writing::begin(&mut self.conn)?;
        let current: Option<u32> = tx
            .prepare_cached("SELECT last_seq FROM campaigns WHERE id = ?1")?
            .query_row([campaign_id], |row| row.get(0))
            .optional()?;
        if current.unwrap_or(0) != expected_seq || (expected_seq == 0 && current.is_some()) {
            return Err(StoreError::Conflict);
        }
        let mut last = expected_seq;
        for envelope in envelopes {
            if envelope.seq != last + 1 {
                return Err(StoreError::Conflict);
            }
            // RFC 3339 holds years 0 to 9999 only: never write what cannot be read.
            if !(1..=9999).contains(&chrono::Datelike::year(&envelope.recorded_at)) {
                return Err(StoreError::BadTime(envelope.recorded_at.to_string()));
            }
            last = envelope.seq;
        }
        // The state before, as its rows hold it, and after, as the core's
        // `evolve` says: the rows that differ are written. No rule here.
        let mut cache = self.logs.borrow_mut();
        cache.check(&tx)?;
        let loaded;
        let before = match before {
            Some(state) => state,
            None if expected_seq == 0 => {
                loaded = Campaign::default();
                &loaded
            }
            None => match cache.state(campaign_id, expected_seq) {
                Some(state) => state,
                None => {
                    loaded = projection::load(&tx, &record_in(&tx, campaign_id)?)?;
                    &loaded
                }
            },
        };
        let markers = envelopes.iter().any(|e| e.event.is_undo_marker());
        let after = match full_log {
            // An undo or redo changes which earlier entries are in effect.
            Some(log) if markers || expected_seq == 0 => bagless_bov::campaign::replay_log(log),
            _ if markers => {
                let mut log = read_events(&tx, campaign_id)?;
                log.extend_from_slice(envelopes);
                bagless_bov::campaign::replay_log(&log)
            }
            _ => envelopes.iter().fold(before.clone(), |state, e| {
                bagless_bov::campaign::evolve(state, &e.event)
            }),
        };
        if expected_seq == 0 {
            let created_at = envelopes.first().map_or(Utc::now(), |e| e.recorded_at);
            tx.prepare_cached(
                "INSERT INTO campaigns (id, name, pack_id, created_at) VALUES (?1, ?2, ?3, ?4)",
            )?
            .execute(rusqlite::params![
                campaign_id,
                after.name,
                after.pack_id,
                created_at.to_rfc3339()
            ])?;
        }
        {
            let mut insert = tx.prepare_cached(
                "INSERT INTO events (campaign_id, seq, kind, payload, recorded_at)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
            )?;
            for envelope in envelopes {
                insert.execute(rusqlite::params![
                    campaign_id,
                    envelope.seq,
                    envelope.event.kind(),
                    serde_json::to_string(&envelope.event)?,
                    envelope.recorded_at.to_rfc3339(),
                ])?;
            }
        }
        state_rows::write_change(&tx, campaign_id, before, &after)?;
        tx.prepare_cached("UPDATE campaigns SET last_seq = ?2 WHERE id = ?1")?
            .execute(rusqlite::params![campaign_id, last])?;
        tx.commit()?;
        // The rows now hold `after`: the next load need not read them back.
        cache.put_state(campaign_id, last, after);
        Ok(last)
    }

    /// Every campaign, those in the bin included, oldest first.
    pub fn campaigns(&self) -> Result<Vec<CampaignRecord>, StoreError> {
        let mut stmt = self.conn.prepare_cached(RECORD_QUERY)?;
        let rows = stmt.query_map([], record_from_row)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    pub fn record(&self, campaign_id: &str) -> Result<CampaignRecord, StoreError> {
        record_in(&self.conn, campaign_id)
    }

    /// A campaign's state from the projection tables (kept decoded for the
    /// next load while nothing writes to the campaign).
    pub fn load(&self, campaign_id: &str) -> Result<StoredCampaign, StoreError> {
        read_at_once(&self.conn, || {
            let record = self.bov_record(campaign_id)?;
            let mut cache = self.logs.borrow_mut();
            cache.check(&self.conn)?;
            if let Some(state) = cache.state(campaign_id, record.last_seq) {
                let state = state.clone();
                return Ok(StoredCampaign { record, state });
            }
            let state = projection::load(&self.conn, &record)?;
            cache.put_state(campaign_id, record.last_seq, state.clone());
            Ok(StoredCampaign { record, state })
        })
    }

    /// A campaign's state as its rows hold it now, never from the cache:
    /// what a check compares with the replayed log.
    pub(crate) fn load_rows(&self, campaign_id: &str) -> Result<StoredCampaign, StoreError> {
        read_at_once(&self.conn, || {
            let record = self.bov_record(campaign_id)?;
            let state = projection::load(&self.conn, &record)?;
            Ok(StoredCampaign { record, state })
        })
    }

    fn bov_record(&self, campaign_id: &str) -> Result<CampaignRecord, StoreError> {
        let record = self.record(campaign_id)?;
        // Another game's id never reads as a Brotherhood of Venice campaign.
        if record.game != BOV {
            return Err(StoreError::NoSuchCampaign);
        }
        Ok(record)
    }

    /// A campaign's event log, in order.
    pub fn events(&self, campaign_id: &str) -> Result<Vec<EventEnvelope>, StoreError> {
        Ok(Arc::unwrap_or_clone(self.log(campaign_id)?))
    }

    /// A campaign's event log, in order, shared with the cache: decoded
    /// once, then kept while nothing else writes to the campaign.
    pub fn log(&self, campaign_id: &str) -> Result<Log, StoreError> {
        read_at_once(&self.conn, || {
            let found: Option<(u32, String)> = self
                .conn
                .prepare_cached("SELECT last_seq, game FROM campaigns WHERE id = ?1")?
                .query_row([campaign_id], |r| Ok((r.get(0)?, r.get(1)?)))
                .optional()?;
            // Another game's log is never read as a campaign's.
            if found.as_ref().is_some_and(|(_, game)| game != BOV) {
                return Err(StoreError::NoSuchCampaign);
            }
            let last_seq = found.map(|(seq, _)| seq);
            let mut cache = self.logs.borrow_mut();
            cache.check(&self.conn)?;
            if let Some(log) = cache.take(campaign_id) {
                if Some(log.last().map_or(0, |e| e.seq)) == last_seq {
                    cache.put(campaign_id, log.clone());
                    return Ok(log);
                }
            }
            let log = Arc::new(read_events(&self.conn, campaign_id)?);
            if last_seq.is_some() {
                cache.put(campaign_id, log.clone());
            }
            Ok(log)
        })
    }

    /// Moves a campaign to the bin; nothing of it is removed.
    pub fn move_to_bin(&mut self, campaign_id: &str, at: DateTime<Utc>) -> Result<(), StoreError> {
        self.set_deleted(campaign_id, Some(at))
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
}

fn envelopes(events: &[Event], after_seq: u32, at: DateTime<Utc>) -> Vec<EventEnvelope> {
    events
        .iter()
        .zip(after_seq + 1..)
        .map(|(event, seq)| EventEnvelope {
            seq,
            recorded_at: at,
            event: event.clone(),
        })
        .collect()
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

pub(crate) fn read_events(
    conn: &Connection,
    campaign_id: &str,
) -> Result<Vec<EventEnvelope>, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT seq, recorded_at, payload FROM events WHERE campaign_id = ?1 ORDER BY seq",
    )?;
    let rows = stmt.query_map([campaign_id], |row| {
        Ok((
            row.get::<_, u32>(0)?,
            row.get::<_, String>(1)?,
            row.get::<_, String>(2)?,
        ))
    })?;
    rows.map(|row| {
        let (seq, recorded_at, payload) = row?;
        Ok(EventEnvelope {
            seq,
            recorded_at: parse_time(&recorded_at)?,
            event: serde_json::from_str(&payload)
                .map_err(|e| StoreError::Damaged(format!("event {seq}: {e}")))?,
        })
    })
    .collect()
}

/// The columns of a campaign row, as `record_from_row` reads them.
macro_rules! record_select {
    () => {
        "SELECT c.id, c.name, c.pack_id, c.created_at, c.deleted_at, c.last_seq,
        coalesce((SELECT max(played_on) FROM diary_attempts a WHERE a.campaign_id = c.id),
                 (SELECT substr(e.recorded_at, 1, 10) FROM events e
                   WHERE e.campaign_id = c.id AND e.seq = c.last_seq AND c.game <> 'bov')),
        c.game
     FROM campaigns c"
    };
}

const RECORD_QUERY: &str = concat!(record_select!(), " ORDER BY c.created_at, c.id");

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
fn inspect_read_only(path: &Path) -> Result<u32, StoreError> {
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
        let verdict: String = conn.pragma_query_value(None, "quick_check", |r| r.get(0))?;
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
