//! A campaign's rows written from its state, as `bagless_core`'s `evolve`
//! left it: no rule here, only where each field of the state is kept. Used
//! after an undo, a redo or an import, where the log is replayed in memory
//! (fast, pure) and the rows written once, instead of applying every event
//! of the log to the tables one by one.

use crate::projection::{place_columns, text};
use crate::StoreError;
use bagless_core::board::{CardDef, Place, SkillChoice};
use bagless_core::campaign::{Attempt, Campaign};
use rusqlite::{params, Connection};

/// The tables that hold a campaign's state (the log and the campaign's own
/// row apart), children first.
pub(crate) const STATE_TABLES: [&str; 13] = [
    "hq_values",
    "hq_spots",
    "hq",
    "cards",
    "assassin_skills",
    "assassins",
    "diary_attempt_eliminations",
    "diary_attempt_stickers",
    "diary_attempts",
    "diary_levels",
    "diary_declined",
    "diary_hq_stickers",
    "campaign_assassins",
];

/// Replaces every row of the campaign's state with what `state` says.
pub(crate) fn write(conn: &Connection, id: &str, state: &Campaign) -> Result<(), StoreError> {
    for table in STATE_TABLES {
        conn.prepare_cached(&format!("DELETE FROM {table} WHERE campaign_id = ?1"))?
            .execute([id])?;
    }
    conn.prepare_cached("UPDATE campaigns SET name = ?2, xp_correction = ?3 WHERE id = ?1")?
        .execute(params![id, state.name, state.xp_correction])?;
    let mut insert = conn.prepare_cached(
        "INSERT INTO campaign_assassins (campaign_id, position, assassin_id) VALUES (?1, ?2, ?3)",
    )?;
    for (position, assassin) in state.assassins.iter().enumerate() {
        insert.execute(params![id, position as u32, assassin])?;
    }
    write_diary(conn, id, state)?;
    write_roster(conn, id, state)?;
    write_cards(conn, id, state)?;
    write_hq(conn, id, state)
}

fn write_diary(conn: &Connection, id: &str, state: &Campaign) -> Result<(), StoreError> {
    for (position, attempt) in state.attempts.iter().enumerate() {
        insert_attempt(conn, id, position as u32, attempt)?;
    }
    let mut level_row = conn.prepare_cached(
        "INSERT INTO diary_levels (campaign_id, level, after_memory) VALUES (?1, ?2, ?3)",
    )?;
    for (level, memory) in &state.levels_reached {
        level_row.execute(params![id, level, memory])?;
    }
    let mut declined_row =
        conn.prepare_cached("INSERT INTO diary_declined (campaign_id, memory_id) VALUES (?1, ?2)")?;
    for memory in &state.declined {
        declined_row.execute(params![id, memory])?;
    }
    let mut sticker_row =
        conn.prepare_cached("INSERT INTO diary_hq_stickers (campaign_id, number) VALUES (?1, ?2)")?;
    for number in &state.hq_stickers {
        sticker_row.execute(params![id, number])?;
    }
    Ok(())
}

/// One attempt of the diary, its stickers and the assassins eliminated in it.
pub(crate) fn insert_attempt(
    conn: &Connection,
    id: &str,
    position: u32,
    attempt: &Attempt,
) -> Result<(), StoreError> {
    conn.prepare_cached(
        "INSERT INTO diary_attempts (campaign_id, position, memory_id, attempt, outcome,
            difficulty, xp_mandatory, xp_optional, xp_boss, xp_other, xp_credited,
            synchronized, sync_colour, played_on, notes)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)",
    )?
    .execute(params![
        id,
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
    let mut sticker_row = conn.prepare_cached(
        "INSERT INTO diary_attempt_stickers (campaign_id, position, sticker_id) VALUES (?1, ?2, ?3)",
    )?;
    for sticker in &attempt.stickers {
        sticker_row.execute(params![id, position, sticker])?;
    }
    let mut eliminated_row = conn.prepare_cached(
        "INSERT INTO diary_attempt_eliminations (campaign_id, position, rank, assassin_id)
         VALUES (?1, ?2, ?3, ?4)",
    )?;
    for (rank, assassin) in attempt.eliminated.iter().enumerate() {
        eliminated_row.execute(params![id, position, rank as u32, assassin])?;
    }
    Ok(())
}

fn write_roster(conn: &Connection, id: &str, state: &Campaign) -> Result<(), StoreError> {
    let mut assassin_row = conn.prepare_cached(
        "INSERT INTO assassins (campaign_id, assassin_id, health, eliminated) VALUES (?1, ?2, ?3, ?4)",
    )?;
    let mut skill_row = conn.prepare_cached(
        "INSERT INTO assassin_skills (campaign_id, assassin_id, level, skill_name, hq_level_required)
         VALUES (?1, ?2, ?3, ?4, ?5)",
    )?;
    for (assassin, entry) in &state.roster {
        assassin_row.execute(params![id, assassin, entry.health, entry.eliminated])?;
        for (level, choice) in &entry.skills {
            let (name, required) = match choice {
                SkillChoice::Chosen {
                    name,
                    hq_level_required,
                } => (Some(name.as_str()), *hq_level_required),
                SkillChoice::Postponed => (None, None),
            };
            skill_row.execute(params![id, assassin, level, name, required])?;
        }
    }
    Ok(())
}

fn write_cards(conn: &Connection, id: &str, state: &Campaign) -> Result<(), StoreError> {
    let ledger = &state.ledger;
    for (card_id, placed) in &ledger.cards {
        let position = |list: &[String]| list.iter().position(|c| c == card_id).map(|p| p as i64);
        let chest = position(&ledger.chest_deck);
        let drawn = position(&ledger.drawn_this_attempt).map(|p| p + 1);
        insert_card(conn, id, &placed.card, &placed.place, chest, drawn)?;
    }
    Ok(())
}

/// One card's row: what it is, where it is, its place in the chest deck
/// and in the draw order of the attempt under way.
pub(crate) fn insert_card(
    conn: &Connection,
    id: &str,
    card: &CardDef,
    place: &Place,
    chest: Option<i64>,
    drawn: Option<i64>,
) -> Result<(), StoreError> {
    let (place, assassin, slot, index) = place_columns(place);
    conn.prepare_cached(
        "INSERT INTO cards (campaign_id, card_id, name, kind, fits, health_bonus, removal_mark,
            added, place, assassin_id, slot, inventory_index, chest_position, drawn_order)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
    )?
    .execute(params![
        id,
        card.id,
        card.name,
        text(card.kind),
        card.fits.map(text),
        card.health_bonus,
        card.removal_mark,
        card.added,
        place,
        assassin,
        slot,
        index,
        chest,
        drawn,
    ])?;
    Ok(())
}

fn write_hq(conn: &Connection, id: &str, state: &Campaign) -> Result<(), StoreError> {
    let Some(hq) = &state.hq else {
        return Ok(());
    };
    conn.prepare_cached(
        "INSERT INTO hq (campaign_id, ally, phase, first_done, contract, second_attempt, level)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?
    .execute(params![
        id,
        text(hq.ally),
        text(hq.phase),
        hq.first_done,
        hq.contract,
        hq.second_attempt,
        state.hq_level,
    ])?;
    let mut spot_row = conn.prepare_cached(
        "INSERT INTO hq_spots (campaign_id, miniature, spot) VALUES (?1, ?2, ?3)",
    )?;
    for (miniature, spot) in &hq.spots {
        spot_row.execute(params![id, miniature, text(spot)])?;
    }
    let mut value_row =
        conn.prepare_cached("INSERT INTO hq_values (campaign_id, key, value) VALUES (?1, ?2, ?3)")?;
    for (key, value) in &hq.values {
        value_row.execute(params![id, key, value])?;
    }
    Ok(())
}
