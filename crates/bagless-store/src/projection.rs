//! The campaign state read back from the projection tables (written by
//! `state_rows` from what `bagless_bov::campaign::evolve` gives). `load` of
//! what was written must equal replaying the log (a property test and the
//! start-up check see to it).

use crate::{CampaignRecord, StoreError};
use bagless_bov::board::{
    AssassinState, CardDef, CardKind, EquipSlot, Ledger, Place, PlacedCard, SkillChoice,
};
use bagless_bov::campaign::{Attempt, Campaign, Difficulty, Outcome, SyncColour, XpGained};
use bagless_bov::hq::{AllyKind, HqPhase, HqState, Spot};
use chrono::NaiveDate;
use rusqlite::{Connection, OptionalExtension};

/// A place as its columns: (place, assassin_id, slot, inventory_index).
pub(crate) fn place_columns(place: &Place) -> (String, Option<&str>, Option<String>, Option<u8>) {
    let name = match serde_json::to_value(place) {
        Ok(serde_json::Value::Object(map)) => map
            .get("place")
            .and_then(|v| v.as_str())
            .unwrap_or_default()
            .to_string(),
        _ => String::new(),
    };
    let (slot, index) = match place {
        Place::Equipped { slot, .. } => (Some(text(slot)), None),
        Place::Inventory { index, .. } => (None, Some(*index)),
        _ => (None, None),
    };
    (name, place.assassin(), slot, index)
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
    let xp_correction: i32 = conn
        .prepare_cached("SELECT xp_correction FROM campaigns WHERE id = ?1")?
        .query_row([id], |r| r.get(0))?;

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
    let mut eliminated_in: std::collections::BTreeMap<u32, Vec<String>> = Default::default();
    {
        let mut stmt = conn.prepare_cached(
            "SELECT position, assassin_id FROM diary_attempt_eliminations WHERE campaign_id = ?1 ORDER BY position, rank",
        )?;
        let rows = stmt.query_map([id], |r| Ok((r.get::<_, u32>(0)?, r.get::<_, String>(1)?)))?;
        for row in rows {
            let (position, assassin) = row?;
            eliminated_in.entry(position).or_default().push(assassin);
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
                eliminated: eliminated_in.remove(&position).unwrap_or_default(),
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
    let hq = load_hq(conn, id)?;
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
        roster: load_roster(conn, id)?,
        ledger: load_ledger(conn, id)?,
        hq_level: hq.as_ref().map_or(0, |(_, level)| *level),
        hq: hq.map(|(hq, _)| hq),
        attempts,
        levels_reached,
        declined: declined.into_iter().collect(),
        hq_stickers,
        xp_correction,
        edition: load_edition(conn, id)?,
    })
}

/// The edition of the rules a campaign plays: kept in `game_states` as
/// `{"edition": n}` (the schema has no column for it); a campaign without
/// that row was written before editions were kept, and plays edition 1.
fn load_edition(conn: &Connection, id: &str) -> Result<u32, StoreError> {
    let edition: Option<Option<u32>> = conn
        .prepare_cached(
            "SELECT json_extract(state, '$.edition') FROM game_states WHERE campaign_id = ?1",
        )?
        .query_row([id], |r| r.get(0))
        .optional()?;
    Ok(edition.flatten().unwrap_or(bagless_game::first_edition()))
}

fn load_hq(conn: &Connection, id: &str) -> Result<Option<(HqState, u8)>, StoreError> {
    let row = conn
        .prepare_cached(
            "SELECT ally, phase, first_done, contract, second_attempt, level FROM hq WHERE campaign_id = ?1",
        )?
        .query_row(
            [id],
            |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, bool>(2)?,
                    r.get::<_, u32>(3)?,
                    r.get::<_, bool>(4)?,
                    r.get::<_, u8>(5)?,
                ))
            },
        )
        .optional()?;
    let Some((ally, phase, first_done, contract, second_attempt, level)) = row else {
        return Ok(None);
    };
    let damaged = |what: &str| StoreError::Damaged(format!("HQ: {what}"));
    let mut spots = std::collections::BTreeMap::new();
    let mut stmt =
        conn.prepare_cached("SELECT miniature, spot FROM hq_spots WHERE campaign_id = ?1")?;
    let rows = stmt.query_map([id], |r| {
        Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?))
    })?;
    for row in rows {
        let (miniature, spot) = row?;
        spots.insert(
            miniature,
            parse::<Spot>(&spot).ok_or_else(|| damaged("spot"))?,
        );
    }
    let mut stmt =
        conn.prepare_cached("SELECT key, value FROM hq_values WHERE campaign_id = ?1")?;
    let values = stmt
        .query_map([id], |r| Ok((r.get::<_, String>(0)?, r.get::<_, u32>(1)?)))?
        .collect::<Result<_, _>>()?;
    let hq = HqState {
        ally: parse::<AllyKind>(&ally).ok_or_else(|| damaged("ally"))?,
        phase: parse::<HqPhase>(&phase).ok_or_else(|| damaged("phase"))?,
        first_done,
        spots,
        contract,
        second_attempt,
        values,
    };
    Ok(Some((hq, level)))
}

fn load_roster(
    conn: &Connection,
    id: &str,
) -> Result<std::collections::BTreeMap<String, AssassinState>, StoreError> {
    let mut roster = std::collections::BTreeMap::new();
    let mut stmt = conn.prepare_cached(
        "SELECT assassin_id, health, eliminated FROM assassins WHERE campaign_id = ?1",
    )?;
    let rows = stmt.query_map([id], |r| {
        Ok((
            r.get::<_, String>(0)?,
            r.get::<_, u8>(1)?,
            r.get::<_, bool>(2)?,
        ))
    })?;
    for row in rows {
        let (assassin, health, eliminated) = row?;
        roster.insert(
            assassin,
            AssassinState {
                health,
                eliminated,
                skills: Default::default(),
            },
        );
    }
    let mut stmt = conn.prepare_cached(
        "SELECT assassin_id, level, skill_name, hq_level_required FROM assassin_skills WHERE campaign_id = ?1",
    )?;
    let mut rows = stmt.query([id])?;
    while let Some(r) = rows.next()? {
        let assassin: String = r.get(0)?;
        let choice = match r.get::<_, Option<String>>(2)? {
            Some(name) => SkillChoice::Chosen {
                name,
                hq_level_required: r.get(3)?,
            },
            None => SkillChoice::Postponed,
        };
        roster
            .get_mut(&assassin)
            .ok_or_else(|| StoreError::Damaged(format!("skill of unknown assassin {assassin}")))?
            .skills
            .insert(r.get(1)?, choice);
    }
    Ok(roster)
}

fn load_ledger(conn: &Connection, id: &str) -> Result<Ledger, StoreError> {
    let mut ledger = Ledger::default();
    let mut chest: Vec<(i64, String)> = Vec::new();
    let mut drawn: Vec<(i64, String)> = Vec::new();
    let mut stmt = conn.prepare_cached(
        "SELECT card_id, name, kind, fits, health_bonus, removal_mark, added, place, assassin_id,
                slot, inventory_index, chest_position, drawn_order
         FROM cards WHERE campaign_id = ?1",
    )?;
    let mut rows = stmt.query([id])?;
    while let Some(r) = rows.next()? {
        let card_id: String = r.get(0)?;
        let damaged = |what: &str| StoreError::Damaged(format!("card {card_id}: {what}"));
        let kind = parse::<CardKind>(&r.get::<_, String>(2)?).ok_or_else(|| damaged("kind"))?;
        let fits = match r.get::<_, Option<String>>(3)? {
            Some(slot) => Some(parse::<EquipSlot>(&slot).ok_or_else(|| damaged("slot"))?),
            None => None,
        };
        let place_name: String = r.get(7)?;
        let assassin: Option<String> = r.get(8)?;
        let mut place = serde_json::Map::new();
        place.insert("place".into(), place_name.into());
        if let Some(assassin) = assassin {
            place.insert("assassin".into(), assassin.into());
        }
        if let Some(slot) = r.get::<_, Option<String>>(9)? {
            place.insert("slot".into(), slot.into());
        }
        if let Some(index) = r.get::<_, Option<u8>>(10)? {
            place.insert("index".into(), index.into());
        }
        let place: Place = serde_json::from_value(serde_json::Value::Object(place))
            .map_err(|_| damaged("place"))?;
        if let Some(position) = r.get::<_, Option<i64>>(11)? {
            chest.push((position, card_id.clone()));
        }
        if let Some(order) = r.get::<_, Option<i64>>(12)? {
            drawn.push((order, card_id.clone()));
        }
        let card = CardDef {
            id: card_id.clone(),
            name: r.get(1)?,
            kind,
            fits,
            health_bonus: r.get(4)?,
            removal_mark: r.get(5)?,
            added: r.get(6)?,
        };
        ledger.cards.insert(card_id, PlacedCard { card, place });
    }
    chest.sort();
    drawn.sort();
    ledger.chest_deck = chest.into_iter().map(|(_, c)| c).collect();
    ledger.drawn_this_attempt = drawn.into_iter().map(|(_, c)| c).collect();
    Ok(ledger)
}

/// The text an enum is stored as: its serde name (`"partly_easy"`), the
/// same words the migration's CHECK constraints list.
pub(crate) fn text<T: serde::Serialize>(value: T) -> String {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::String(text)) => text,
        other => unreachable!("a unit enum serializes to a string, not {other:?}"),
    }
}

fn parse<T: serde::de::DeserializeOwned>(text: &str) -> Option<T> {
    serde_json::from_value(serde_json::Value::String(text.to_string())).ok()
}
