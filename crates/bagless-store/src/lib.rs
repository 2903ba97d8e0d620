//! The library file: one SQLite database holding every campaign.
//!
//! Each campaign has an append-only event log and projection tables that a
//! person can query with the sqlite3 shell; both are written in the same
//! transaction. SQL lives only in this crate.

mod backup;
pub mod check;
mod error;
pub mod exchange;
mod migrate;
mod projection;
mod state_rows;

pub use backup::{BACKUP_KEEP, BACKUP_MAX_BYTES, KEEP_PER_KIND};
pub use error::StoreError;
pub use migrate::SCHEMA_VERSION;

use bagless_core::campaign::{Campaign, Event, EventEnvelope};
use chrono::{DateTime, Utc};
use rusqlite::{Connection, OpenFlags, OptionalExtension, TransactionBehavior};
use std::path::{Path, PathBuf};

/// Marks a SQLite file as a Bagless library ("BAGL").
pub const APPLICATION_ID: i32 = 0x4241_474C;

/// A campaign row of the library, without its diary.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CampaignRecord {
    pub id: String,
    pub name: String,
    pub pack_id: String,
    pub created_at: DateTime<Utc>,
    pub deleted_at: Option<DateTime<Utc>>,
    pub last_seq: u32,
    pub last_played_on: Option<String>,
    pub xp_credited: u32,
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
        Ok(Library {
            conn,
            path: path.to_path_buf(),
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Appends the events of one command to a campaign's log and updates the
    /// projection, in one transaction. `expected_seq` is the last sequence
    /// number the caller decided on; a different one means someone else
    /// wrote first, and nothing is written. Creating a campaign is appending
    /// its `CampaignCreated` event with `expected_seq` 0.
    pub fn append(
        &mut self,
        campaign_id: &str,
        expected_seq: u32,
        events: &[Event],
        at: DateTime<Utc>,
    ) -> Result<u32, StoreError> {
        let envelopes: Vec<EventEnvelope> = events
            .iter()
            .zip(expected_seq + 1..)
            .map(|(event, seq)| EventEnvelope {
                seq,
                recorded_at: at,
                event: event.clone(),
            })
            .collect();
        self.append_envelopes(campaign_id, expected_seq, &envelopes)
    }

    /// Appends undo or redo markers decided on `log`, the campaign's whole
    /// log as just read with [`Library::events`]. The projection is rebuilt
    /// from `log` and the markers, without reading the log again; if the
    /// campaign changed since `log` was read, nothing is written.
    pub fn append_markers(
        &mut self,
        campaign_id: &str,
        log: &mut Vec<EventEnvelope>,
        markers: &[Event],
        at: DateTime<Utc>,
    ) -> Result<u32, StoreError> {
        let before = log.len();
        let expected_seq = log.last().map_or(0, |e| e.seq);
        let envelopes: Vec<EventEnvelope> = markers
            .iter()
            .zip(expected_seq + 1..)
            .map(|(event, seq)| EventEnvelope {
                seq,
                recorded_at: at,
                event: event.clone(),
            })
            .collect();
        // The caller's log becomes the log as written, so that it need not
        // read it back (the history answers an undo from it).
        log.extend(envelopes.iter().cloned());
        let written = self.write_envelopes(campaign_id, expected_seq, &envelopes, Some(log));
        if written.is_err() {
            log.truncate(before);
        }
        written
    }

    /// Writes a whole log at once (an import): a new campaign, all or nothing.
    pub fn insert_log(
        &mut self,
        campaign_id: &str,
        envelopes: &[EventEnvelope],
    ) -> Result<u32, StoreError> {
        self.append_envelopes(campaign_id, 0, envelopes)
    }

    fn append_envelopes(
        &mut self,
        campaign_id: &str,
        expected_seq: u32,
        envelopes: &[EventEnvelope],
    ) -> Result<u32, StoreError> {
        self.write_envelopes(campaign_id, expected_seq, envelopes, None)
    }

    /// `full_log`, when given, is the campaign's log once `envelopes` are in:
    /// a rebuild then need not read it back.
    fn write_envelopes(
        &mut self,
        campaign_id: &str,
        expected_seq: u32,
        envelopes: &[EventEnvelope],
        full_log: Option<&[EventEnvelope]>,
    ) -> Result<u32, StoreError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let current: Option<u32> = tx
            .query_row(
                "SELECT last_seq FROM campaigns WHERE id = ?1",
                [campaign_id],
                |row| row.get(0),
            )
            .optional()?;
        if current.unwrap_or(0) != expected_seq || (expected_seq == 0 && current.is_some()) {
            return Err(StoreError::Conflict);
        }
        let mut last = expected_seq;
        // An undo or redo rebuilds the campaign's projection from its log:
        // once, after the whole batch is in (a jump back holds many markers).
        let mut rebuild = false;
        {
            let mut insert = tx.prepare_cached(
                "INSERT INTO events (campaign_id, seq, kind, payload, recorded_at)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
            )?;
            for envelope in envelopes {
                if envelope.seq != last + 1 {
                    return Err(StoreError::Conflict);
                }
                // RFC 3339 holds years 0 to 9999 only: never write what cannot be read.
                if !(1..=9999).contains(&chrono::Datelike::year(&envelope.recorded_at)) {
                    return Err(StoreError::BadTime(envelope.recorded_at.to_string()));
                }
                rebuild |= envelope.event.is_undo_marker();
                if !rebuild {
                    projection::apply(&tx, campaign_id, envelope)?;
                }
                insert.execute(rusqlite::params![
                    campaign_id,
                    envelope.seq,
                    envelope.event.kind(),
                    serde_json::to_string(&envelope.event)?,
                    envelope.recorded_at.to_rfc3339(),
                ])?;
                last = envelope.seq;
            }
        }
        if rebuild {
            match full_log {
                Some(log) => projection::rebuild(&tx, campaign_id, log)?,
                None => projection::rebuild(&tx, campaign_id, &read_events(&tx, campaign_id)?)?,
            }
        }
        tx.execute(
            "UPDATE campaigns SET last_seq = ?2 WHERE id = ?1",
            rusqlite::params![campaign_id, last],
        )?;
        tx.commit()?;
        Ok(last)
    }

    /// Every campaign, those in the bin included, oldest first.
    pub fn campaigns(&self) -> Result<Vec<CampaignRecord>, StoreError> {
        let mut stmt = self.conn.prepare_cached(RECORD_QUERY)?;
        let rows = stmt.query_map([], record_from_row)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    pub fn record(&self, campaign_id: &str) -> Result<CampaignRecord, StoreError> {
        self.conn
            .query_row(
                &format!("SELECT * FROM ({RECORD_QUERY}) WHERE id = ?1"),
                [campaign_id],
                record_from_row,
            )
            .optional()?
            .ok_or(StoreError::NoSuchCampaign)
    }

    /// A campaign's state from the projection tables.
    pub fn load(&self, campaign_id: &str) -> Result<StoredCampaign, StoreError> {
        let record = self.record(campaign_id)?;
        let state = projection::load(&self.conn, &record)?;
        Ok(StoredCampaign { record, state })
    }

    /// A campaign's event log, in order.
    pub fn events(&self, campaign_id: &str) -> Result<Vec<EventEnvelope>, StoreError> {
        read_events(&self.conn, campaign_id)
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

const RECORD_QUERY: &str = "SELECT c.id, c.name, c.pack_id, c.created_at, c.deleted_at, c.last_seq,
        (SELECT max(played_on) FROM diary_attempts a WHERE a.campaign_id = c.id),
        (SELECT coalesce(sum(xp_credited), 0) FROM diary_attempts a WHERE a.campaign_id = c.id)
     FROM campaigns c ORDER BY c.created_at, c.id";

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
        xp_credited: row.get(7)?,
    })
}

fn parse_time(text: &str) -> Result<DateTime<Utc>, StoreError> {
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
