//! The projection tables: each event's effect, in SQL, and the campaign state
//! read back from them. `load` of what `apply` wrote must equal replaying the
//! log through `bagless_core::campaign::evolve` (a property test checks it).

use crate::{CampaignRecord, StoreError};
use bagless_core::board::{
    AssassinState, CardDef, CardKind, ChestEnd, EquipSlot, Ledger, Place, PlacedCard, SkillChoice,
};
use bagless_core::campaign::{
    Attempt, Campaign, Difficulty, Event, EventEnvelope, Outcome, SyncColour, XpGained,
};
use bagless_core::hq::{AllyKind, HqPhase, HqState, Spot};
use bagless_core::overrides::OverrideTarget;
use chrono::NaiveDate;
use rusqlite::{params, Connection, OptionalExtension};

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
            execute(
                conn,
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
                upsert_assassin(conn, campaign_id, assassin, 0)?;
            }
        }
        Event::CampaignRenamed { name } => {
            execute(
                conn,
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
            crate::state_rows::insert_attempt(conn, campaign_id, position, attempt)?;
            execute(
                conn,
                "UPDATE cards SET drawn_order = NULL WHERE campaign_id = ?1 AND drawn_order IS NOT NULL",
                [campaign_id],
            )?;
            conn.execute(
                "UPDATE hq SET phase = 'resolution' WHERE campaign_id = ?1 AND phase = 'memory'",
                [campaign_id],
            )?;
        }
        Event::LevelReached {
            level,
            after_memory,
        } => {
            execute(conn,
                "INSERT OR IGNORE INTO diary_levels (campaign_id, level, after_memory) VALUES (?1, ?2, ?3)",
                params![campaign_id, level, after_memory],
            )?;
        }
        Event::OptionalMemoryDeclined { memory } => {
            execute(
                conn,
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
            execute(conn, sql, params![campaign_id, number])?;
        }
        // The caller rebuilds once the markers are written: see `rebuild`.
        Event::EntryUndone { .. } | Event::EntryRedone { .. } => {}
        Event::CardsDealt { cards } => {
            for placed in cards {
                insert_card(conn, campaign_id, placed)?;
            }
        }
        Event::CardAdded { placed } => insert_card(conn, campaign_id, placed)?,
        Event::CardMoved {
            card,
            to,
            chest: Some(ChestEnd::Top),
            ..
        } if *to == Place::ChestDeck => {
            move_card(conn, campaign_id, card, to)?;
            execute(
                conn,
                "UPDATE cards SET chest_position =
                    (SELECT coalesce(min(chest_position), 0) - 1 FROM cards
                     WHERE campaign_id = ?1 AND place = 'chest_deck')
                 WHERE campaign_id = ?1 AND card_id = ?2",
                params![campaign_id, card],
            )?;
        }
        Event::CardMoved { card, to, .. } => move_card(conn, campaign_id, card, to)?,
        Event::ChestCardDrawn { card, to } => {
            move_card(conn, campaign_id, card, to)?;
            execute(
                conn,
                "UPDATE cards SET drawn_order =
                    (SELECT coalesce(max(drawn_order), 0) + 1 FROM cards WHERE campaign_id = ?1)
                 WHERE campaign_id = ?1 AND card_id = ?2",
                params![campaign_id, card],
            )?;
        }
        Event::ChestCardsReturned { cards } => {
            let top: i64 = conn.query_row(
                "SELECT coalesce(min(chest_position), 0) FROM cards WHERE campaign_id = ?1",
                [campaign_id],
                |r| r.get(0),
            )?;
            let first = top - cards.len() as i64;
            for (offset, card) in cards.iter().enumerate() {
                execute(
                    conn,
                    "UPDATE cards SET place = 'chest_deck', assassin_id = NULL, slot = NULL,
                        inventory_index = NULL, chest_position = ?3, drawn_order = NULL
                     WHERE campaign_id = ?1 AND card_id = ?2",
                    params![campaign_id, card, first + offset as i64],
                )?;
            }
        }
        Event::CardsStored { cards, to } => {
            for card in cards {
                move_card(conn, campaign_id, card, to)?;
            }
        }
        Event::SkillChosen {
            assassin,
            level,
            name,
            hq_level_required,
        } => set_skill(
            conn,
            campaign_id,
            assassin,
            *level,
            Some(name),
            *hq_level_required,
        )?,
        Event::SkillPostponed { assassin, level } => {
            set_skill(conn, campaign_id, assassin, *level, None, None)?
        }
        Event::HealthSet { assassin, health }
        | Event::HealthRestored { assassin, health }
        | Event::HealthLowered { assassin, health } => {
            upsert_assassin(conn, campaign_id, assassin, *health)?;
        }
        Event::AssassinEliminated { assassin } => {
            upsert_assassin(conn, campaign_id, assassin, 0)?;
            execute(
                conn,
                "UPDATE assassins SET eliminated = 1 WHERE campaign_id = ?1 AND assassin_id = ?2",
                params![campaign_id, assassin],
            )?;
        }
        Event::AssassinRecovered { assassin, health } => {
            upsert_assassin(conn, campaign_id, assassin, *health)?;
            execute(
                conn,
                "UPDATE assassins SET eliminated = 0 WHERE campaign_id = ?1 AND assassin_id = ?2",
                params![campaign_id, assassin],
            )?;
        }
        Event::AssassinJoined {
            assassin, health, ..
        } => {
            upsert_assassin(conn, campaign_id, assassin, *health)?;
            execute(
                conn,
                "INSERT INTO campaign_assassins (campaign_id, position, assassin_id)
                 SELECT ?1, coalesce(max(position), -1) + 1, ?2 FROM campaign_assassins
                 WHERE campaign_id = ?1
                 ON CONFLICT (campaign_id, assassin_id) DO NOTHING",
                params![campaign_id, assassin],
            )?;
        }
        Event::HqUnlocked { ally } => {
            conn.execute(
                "INSERT INTO hq (campaign_id, ally, phase, first_done, contract, second_attempt, level)
                 VALUES (?1, ?2, 'assignment', 0, 1, 0, 0)",
                params![campaign_id, text(ally)],
            )?;
        }
        Event::HqValueSet { key, value } => {
            conn.execute(
                "INSERT INTO hq_values (campaign_id, key, value) VALUES (?1, ?2, ?3)
                 ON CONFLICT (campaign_id, key) DO UPDATE SET value = excluded.value",
                params![campaign_id, key, value],
            )?;
        }
        Event::MiniatureAssigned { miniature, spot } => match spot {
            Some(spot) => {
                conn.execute(
                    "INSERT INTO hq_spots (campaign_id, miniature, spot) VALUES (?1, ?2, ?3)
                     ON CONFLICT (campaign_id, miniature) DO UPDATE SET spot = excluded.spot",
                    params![campaign_id, miniature, text(spot)],
                )?;
            }
            None => {
                conn.execute(
                    "DELETE FROM hq_spots WHERE campaign_id = ?1 AND miniature = ?2",
                    params![campaign_id, miniature],
                )?;
            }
        },
        Event::AssignmentConfirmed => {
            conn.execute(
                "UPDATE hq SET phase = 'memory', first_done = 1 WHERE campaign_id = ?1",
                [campaign_id],
            )?;
        }
        Event::HqResolved { fulfilled, .. } => {
            conn.execute("DELETE FROM hq_spots WHERE campaign_id = ?1", [campaign_id])?;
            conn.execute(
                "UPDATE hq SET phase = 'assignment',
                    contract = contract + ?2, second_attempt = ?3
                 WHERE campaign_id = ?1",
                params![campaign_id, u32::from(*fulfilled), !*fulfilled],
            )?;
        }
        Event::HqLevelChanged { level } => {
            conn.execute(
                "UPDATE hq SET level = ?2 WHERE campaign_id = ?1",
                params![campaign_id, level],
            )?;
        }
        Event::ValueOverridden {
            target, from, to, ..
        } => match target {
            OverrideTarget::Xp => {
                conn.execute(
                    "UPDATE campaigns SET xp_correction = xp_correction + ?2 WHERE id = ?1",
                    params![campaign_id, i64::from(*to) - i64::from(*from)],
                )?;
            }
            OverrideTarget::HqLevel => {
                conn.execute(
                    "UPDATE hq SET level = ?2 WHERE campaign_id = ?1",
                    params![campaign_id, to],
                )?;
            }
        },
        Event::CardBuilt { card } => {
            conn.execute(
                "UPDATE cards SET kind = 'special_equipment' WHERE campaign_id = ?1 AND card_id = ?2",
                params![campaign_id, card],
            )?;
        }
        Event::AssassinLeft {
            assassin,
            replaced_by,
        } => match replaced_by {
            Some(joining) => {
                execute(
                    conn,
                    "UPDATE campaign_assassins SET assassin_id = ?3
                     WHERE campaign_id = ?1 AND assassin_id = ?2",
                    params![campaign_id, assassin, joining],
                )?;
            }
            None => {
                execute(
                    conn,
                    "DELETE FROM campaign_assassins WHERE campaign_id = ?1 AND assassin_id = ?2",
                    params![campaign_id, assassin],
                )?;
                // Positions stay 0, 1, 2…, as the state's list numbers them.
                let staying: Vec<String> = conn
                    .prepare_cached(
                        "SELECT assassin_id FROM campaign_assassins WHERE campaign_id = ?1 ORDER BY position",
                    )?
                    .query_map([campaign_id], |r| r.get(0))?
                    .collect::<Result<_, _>>()?;
                execute(
                    conn,
                    "DELETE FROM campaign_assassins WHERE campaign_id = ?1",
                    [campaign_id],
                )?;
                for (position, id) in staying.iter().enumerate() {
                    execute(
                        conn,
                        "INSERT INTO campaign_assassins (campaign_id, position, assassin_id) VALUES (?1, ?2, ?3)",
                        params![campaign_id, position as u32, id],
                    )?;
                }
            }
        },
    }
    Ok(())
}

fn upsert_assassin(
    conn: &Connection,
    campaign_id: &str,
    assassin: &str,
    health: u8,
) -> Result<(), StoreError> {
    conn.prepare_cached(
        "INSERT INTO assassins (campaign_id, assassin_id, health, eliminated) VALUES (?1, ?2, ?3, 0)
         ON CONFLICT (campaign_id, assassin_id) DO UPDATE SET health = excluded.health",
    )?
    .execute(params![campaign_id, assassin, health])?;
    Ok(())
}

fn set_skill(
    conn: &Connection,
    campaign_id: &str,
    assassin: &str,
    level: u8,
    name: Option<&String>,
    hq_level_required: Option<u8>,
) -> Result<(), StoreError> {
    conn.prepare_cached(
        "INSERT INTO assassin_skills (campaign_id, assassin_id, level, skill_name, hq_level_required)
         VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT (campaign_id, assassin_id, level)
         DO UPDATE SET skill_name = excluded.skill_name, hq_level_required = excluded.hq_level_required",
    )?
    .execute(params![campaign_id, assassin, level, name, hq_level_required])?;
    Ok(())
}

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

fn insert_card(
    conn: &Connection,
    campaign_id: &str,
    placed: &PlacedCard,
) -> Result<(), StoreError> {
    // Into the chest deck means at the bottom.
    let chest = if placed.place == Place::ChestDeck {
        Some(conn.query_row(
            "SELECT coalesce(max(chest_position), -1) + 1 FROM cards WHERE campaign_id = ?1",
            [campaign_id],
            |r| r.get::<_, i64>(0),
        )?)
    } else {
        None
    };
    crate::state_rows::insert_card(conn, campaign_id, &placed.card, &placed.place, chest, None)
}

/// Puts a card in a place; into the chest deck means at the bottom.
fn move_card(
    conn: &Connection,
    campaign_id: &str,
    card: &str,
    to: &Place,
) -> Result<(), StoreError> {
    let (place, assassin, slot, index) = place_columns(to);
    conn.prepare_cached(
        "UPDATE cards SET place = ?3, assassin_id = ?4, slot = ?5, inventory_index = ?6,
            chest_position = CASE WHEN ?3 = 'chest_deck' THEN
                (SELECT coalesce(max(chest_position), -1) + 1 FROM cards WHERE campaign_id = ?1)
                ELSE NULL END,
            drawn_order = CASE WHEN ?3 = 'chest_deck' THEN NULL ELSE drawn_order END
         WHERE campaign_id = ?1 AND card_id = ?2",
    )?
    .execute(params![campaign_id, card, place, assassin, slot, index])?;
    Ok(())
}

/// Recomputes a campaign's projection from its whole log (undo and redo
/// markers included): the effective events replayed in memory by the core's
/// `evolve`, then the rows written once from the state it gives.
pub(crate) fn rebuild(
    conn: &Connection,
    campaign_id: &str,
    log: &[EventEnvelope],
) -> Result<(), StoreError> {
    let state = bagless_core::campaign::replay_log(log);
    crate::state_rows::write(conn, campaign_id, &state)
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
    })
}

fn load_hq(conn: &Connection, id: &str) -> Result<Option<(HqState, u8)>, StoreError> {
    let row = conn
        .query_row(
            "SELECT ally, phase, first_done, contract, second_attempt, level FROM hq WHERE campaign_id = ?1",
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

/// `Connection::execute` through the statement cache: a rebuild applies
/// thousands of events with the same few statements.
fn execute(conn: &Connection, sql: &str, params: impl rusqlite::Params) -> rusqlite::Result<usize> {
    conn.prepare_cached(sql)?.execute(params)
}
