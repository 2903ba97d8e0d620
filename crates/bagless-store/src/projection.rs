//! The projection tables: each event's effect, in SQL, and the campaign state
//! read back from them. `load` of what `apply` wrote must equal replaying the
//! log through `bagless_core::campaign::evolve` (a property test checks it).

use crate::{CampaignRecord, StoreError};
use bagless_core::campaign::{
    Attempt, Campaign, Difficulty, Event, EventEnvelope, Outcome, SyncColour, XpGained,
};
use chrono::NaiveDate;
use rusqlite::{params, Connection};

pub(crate) fn apply(
    conn: &Connection,
    campaign_id: &str,
    envelope: &EventEnvelope,
) -> Result<(), StoreError> {
    match &envelope.event {
        Event::CampaignCreated {
            name,
            pack_id,
            assassins,
        } => {
            // On a rebuild the row is already there, with its bin state.
            conn.execute(
                "INSERT INTO campaigns (id, name, pack_id, created_at) VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT (id) DO UPDATE SET name = excluded.name",
                params![
                    campaign_id,
                    name,
                    pack_id,
                    envelope.recorded_at.to_rfc3339()
                ],
            )?;
            let mut insert = conn.prepare_cached(
                "INSERT INTO campaign_assassins (campaign_id, position, assassin_id) VALUES (?1, ?2, ?3)",
            )?;
            for (position, assassin) in assassins.iter().enumerate() {
                insert.execute(params![campaign_id, position as u32, assassin])?;
            }
        }
        Event::CampaignRenamed { name } => {
            conn.execute(
                "UPDATE campaigns SET name = ?2 WHERE id = ?1",
                params![campaign_id, name],
            )?;
        }
        Event::AttemptRecorded { attempt } => {
            let position: u32 = conn.query_row(
                "SELECT count(*) FROM diary_attempts WHERE campaign_id = ?1",
                [campaign_id],
                |r| r.get(0),
            )?;
            conn.prepare_cached(
                "INSERT INTO diary_attempts (campaign_id, position, memory_id, attempt, outcome,
                    difficulty, xp_mandatory, xp_optional, xp_boss, xp_other, xp_credited,
                    synchronized, sync_colour, played_on, notes)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)",
            )?
            .execute(params![
                campaign_id,
                position,
                attempt.memory,
                attempt.number,
                text(attempt.outcome),
                text(attempt.difficulty),
                attempt.xp.mandatory,
                attempt.xp.optional,
                attempt.xp.boss,
                attempt.xp.other,
                attempt.xp_credited,
                attempt.synchronized,
                attempt.sync.map(text),
                attempt.played_on.to_string(),
                attempt.notes,
            ])?;
            let mut insert = conn.prepare_cached(
                "INSERT INTO diary_attempt_stickers (campaign_id, position, sticker_id) VALUES (?1, ?2, ?3)",
            )?;
            for sticker in &attempt.stickers {
                insert.execute(params![campaign_id, position, sticker])?;
            }
        }
        Event::LevelReached {
            level,
            after_memory,
        } => {
            conn.execute(
                "INSERT OR IGNORE INTO diary_levels (campaign_id, level, after_memory) VALUES (?1, ?2, ?3)",
                params![campaign_id, level, after_memory],
            )?;
        }
        Event::OptionalMemoryDeclined { memory } => {
            conn.execute(
                "INSERT OR IGNORE INTO diary_declined (campaign_id, memory_id) VALUES (?1, ?2)",
                params![campaign_id, memory],
            )?;
        }
        Event::HqStickerSet { number, marked } => {
            let sql = if *marked {
                "INSERT OR IGNORE INTO diary_hq_stickers (campaign_id, number) VALUES (?1, ?2)"
            } else {
                "DELETE FROM diary_hq_stickers WHERE campaign_id = ?1 AND number = ?2"
            };
            conn.execute(sql, params![campaign_id, number])?;
        }
        Event::EntryUndone { .. } => rebuild(conn, campaign_id, envelope)?,
    }
    Ok(())
}

/// Clears a campaign's projection and applies its effective log again, the
/// new undo marker included. Runs inside the caller's transaction.
fn rebuild(conn: &Connection, campaign_id: &str, undo: &EventEnvelope) -> Result<(), StoreError> {
    let mut log = crate::read_events(conn, campaign_id)?;
    log.push(undo.clone());
    for table in [
        "diary_attempt_stickers",
        "diary_attempts",
        "diary_levels",
        "diary_declined",
        "diary_hq_stickers",
        "campaign_assassins",
    ] {
        conn.execute(
            &format!("DELETE FROM {table} WHERE campaign_id = ?1"),
            [campaign_id],
        )?;
    }
    for envelope in bagless_core::campaign::effective(&log) {
        apply(conn, campaign_id, envelope)?;
    }
    Ok(())
}

pub(crate) fn load(conn: &Connection, record: &CampaignRecord) -> Result<Campaign, StoreError> {
    let id = record.id.as_str();
    let strings = |sql: &str| -> Result<Vec<String>, StoreError> {
        let mut stmt = conn.prepare_cached(sql)?;
        let rows = stmt.query_map([id], |r| r.get(0))?;
        Ok(rows.collect::<Result<_, _>>()?)
    };
    let assassins = strings(
        "SELECT assassin_id FROM campaign_assassins WHERE campaign_id = ?1 ORDER BY position",
    )?;
    let declined = strings("SELECT memory_id FROM diary_declined WHERE campaign_id = ?1")?;

    let mut stickers_of: std::collections::BTreeMap<u32, Vec<String>> = Default::default();
    {
        let mut stmt = conn.prepare_cached(
            "SELECT position, sticker_id FROM diary_attempt_stickers WHERE campaign_id = ?1 ORDER BY position, sticker_id",
        )?;
        let rows = stmt.query_map([id], |r| Ok((r.get::<_, u32>(0)?, r.get::<_, String>(1)?)))?;
        for row in rows {
            let (position, sticker) = row?;
            stickers_of.entry(position).or_default().push(sticker);
        }
    }
    let mut attempts = Vec::new();
    {
        let mut stmt = conn.prepare_cached(
            "SELECT position, memory_id, attempt, outcome, difficulty, xp_mandatory, xp_optional,
                    xp_boss, xp_other, xp_credited, synchronized, sync_colour, played_on, notes
             FROM diary_attempts WHERE campaign_id = ?1 ORDER BY position",
        )?;
        let mut rows = stmt.query([id])?;
        while let Some(r) = rows.next()? {
            let position: u32 = r.get(0)?;
            let played_on: String = r.get(12)?;
            let damaged = |what: &str| StoreError::Damaged(format!("attempt {position}: {what}"));
            attempts.push(Attempt {
                memory: r.get(1)?,
                number: r.get(2)?,
                outcome: parse::<Outcome>(&r.get::<_, String>(3)?)
                    .ok_or_else(|| damaged("outcome"))?,
                difficulty: parse::<Difficulty>(&r.get::<_, String>(4)?)
                    .ok_or_else(|| damaged("difficulty"))?,
                xp: XpGained {
                    mandatory: r.get(5)?,
                    optional: r.get(6)?,
                    boss: r.get(7)?,
                    other: r.get(8)?,
                },
                xp_credited: r.get(9)?,
                synchronized: r.get(10)?,
                sync: match r.get::<_, Option<String>>(11)? {
                    None => None,
                    Some(text) => Some(parse::<SyncColour>(&text).ok_or_else(|| damaged("sync"))?),
                },
                stickers: stickers_of.remove(&position).unwrap_or_default(),
                played_on: NaiveDate::parse_from_str(&played_on, "%Y-%m-%d")
                    .map_err(|_| damaged("date"))?,
                notes: r.get(13)?,
            });
        }
    }
    let mut levels_reached = std::collections::BTreeMap::new();
    {
        let mut stmt = conn.prepare_cached(
            "SELECT level, after_memory FROM diary_levels WHERE campaign_id = ?1",
        )?;
        let rows = stmt.query_map([id], |r| Ok((r.get::<_, u8>(0)?, r.get::<_, String>(1)?)))?;
        for row in rows {
            let (level, memory) = row?;
            levels_reached.insert(level, memory);
        }
    }
    let hq_stickers = {
        let mut stmt =
            conn.prepare_cached("SELECT number FROM diary_hq_stickers WHERE campaign_id = ?1")?;
        let rows = stmt.query_map([id], |r| r.get::<_, u8>(0))?;
        rows.collect::<Result<_, _>>()?
    };
    Ok(Campaign {
        name: record.name.clone(),
        pack_id: record.pack_id.clone(),
        assassins,
        attempts,
        levels_reached,
        declined: declined.into_iter().collect(),
        hq_stickers,
    })
}

/// The text an enum is stored as: its serde name (`"partly_easy"`), the
/// same words the migration's CHECK constraints list.
fn text<T: serde::Serialize>(value: T) -> String {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::String(text)) => text,
        other => unreachable!("a unit enum serializes to a string, not {other:?}"),
    }
}

fn parse<T: serde::de::DeserializeOwned>(text: &str) -> Option<T> {
    serde_json::from_value(serde_json::Value::String(text.to_string())).ok()
}
