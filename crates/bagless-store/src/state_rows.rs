//! A campaign's rows written from its state, as `bagless_bov`'s `evolve`
//! left it: no rule here, only where each field of the state is kept. A
//! write compares the state before and after and writes the rows that
//! differ (after a command, after an undo or a redo, or every row of a new
//! or imported campaign).

use crate::projection::{place_columns, text};
use crate::StoreError;
use bagless_bov::board::{CardDef, Place, SkillChoice};
use bagless_bov::campaign::{Attempt, Campaign};
use bagless_bov::hq::HqState;
use rusqlite::{params, Connection};

/// Writes the rows that differ between `before`, the state the rows hold
/// now, and `after`, the state `evolve` gave: a recorded attempt writes its
/// row and the HQ's, not the whole campaign.
pub(crate) fn write_change(
    conn: &Connection,
    id: &str,
    before: &Campaign,
    after: &Campaign,
) -> Result<(), StoreError> {
    if (&before.name, before.xp_correction) != (&after.name, after.xp_correction) {
        conn.prepare_cached("UPDATE campaigns SET name = ?2, xp_correction = ?3 WHERE id = ?1")?
            .execute(params![id, after.name, after.xp_correction])?;
    }
    if before.assassins != after.assassins {
        conn.prepare_cached("DELETE FROM campaign_assassins WHERE campaign_id = ?1")?
            .execute([id])?;
        let mut insert = conn.prepare_cached(
            "INSERT INTO campaign_assassins (campaign_id, position, assassin_id) VALUES (?1, ?2, ?3)",
        )?;
        for (position, assassin) in after.assassins.iter().enumerate() {
            insert.execute(params![id, position as u32, assassin])?;
        }
    }
    if before.edition != after.edition {
        // The edition's one row (see projection::load_edition).
        conn.prepare_cached(
            "INSERT INTO game_states (campaign_id, state) VALUES (?1, json_object('edition', ?2))
             ON CONFLICT (campaign_id) DO UPDATE SET state = excluded.state",
        )?
        .execute(params![id, after.edition])?;
    }
    write_diary(conn, id, before, after)?;
    write_roster(conn, id, before, after)?;
    write_cards(conn, id, before, after)?;
    write_hq(conn, id, before, after)
}

/// Deletes the rows of `table` (keyed by `column`) for the keys `before`
/// has and `after` has not, and inserts those `after` has and `before` has not.
fn write_set<T: rusqlite::ToSql + Ord>(
    conn: &Connection,
    id: &str,
    table: &str,
    column: &str,
    before: impl IntoIterator<Item = T>,
    after: impl IntoIterator<Item = T>,
) -> Result<(), StoreError> {
    let before: std::collections::BTreeSet<T> = before.into_iter().collect();
    let after: std::collections::BTreeSet<T> = after.into_iter().collect();
    for gone in before.difference(&after) {
        conn.prepare_cached(&format!(
            "DELETE FROM {table} WHERE campaign_id = ?1 AND {column} = ?2"
        ))?
        .execute(params![id, gone])?;
    }
    for new in after.difference(&before) {
        conn.prepare_cached(&format!(
            "INSERT INTO {table} (campaign_id, {column}) VALUES (?1, ?2)"
        ))?
        .execute(params![id, new])?;
    }
    Ok(())
}

fn write_diary(
    conn: &Connection,
    id: &str,
    before: &Campaign,
    after: &Campaign,
) -> Result<(), StoreError> {
    // The diary is written in order: what differs is a tail (an attempt
    // recorded or undone), rewritten from its first changed row.
    let same = before
        .attempts
        .iter()
        .zip(&after.attempts)
        .take_while(|(b, a)| b == a)
        .count();
    if same < before.attempts.len() {
        // Its stickers and eliminations go with it (ON DELETE CASCADE).
        conn.prepare_cached(
            "DELETE FROM diary_attempts WHERE campaign_id = ?1 AND position >= ?2",
        )?
        .execute(params![id, same as u32])?;
    }
    for (position, attempt) in after.attempts.iter().enumerate().skip(same) {
        insert_attempt(conn, id, position as u32, attempt)?;
    }
    if before.levels_reached != after.levels_reached {
        conn.prepare_cached("DELETE FROM diary_levels WHERE campaign_id = ?1")?
            .execute([id])?;
        let mut level_row = conn.prepare_cached(
            "INSERT INTO diary_levels (campaign_id, level, after_memory) VALUES (?1, ?2, ?3)",
        )?;
        for (level, memory) in &after.levels_reached {
            level_row.execute(params![id, level, memory])?;
        }
    }
    write_set(
        conn,
        id,
        "diary_declined",
        "memory_id",
        &before.declined,
        &after.declined,
    )?;
    write_set(
        conn,
        id,
        "diary_hq_stickers",
        "number",
        &before.hq_stickers,
        &after.hq_stickers,
    )
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

fn write_roster(
    conn: &Connection,
    id: &str,
    before: &Campaign,
    after: &Campaign,
) -> Result<(), StoreError> {
    if before.roster == after.roster {
        return Ok(());
    }
    let mut assassin_row = conn.prepare_cached(
        "INSERT INTO assassins (campaign_id, assassin_id, health, eliminated) VALUES (?1, ?2, ?3, ?4)",
    )?;
    let mut skill_row = conn.prepare_cached(
        "INSERT INTO assassin_skills (campaign_id, assassin_id, level, skill_name, hq_level_required)
         VALUES (?1, ?2, ?3, ?4, ?5)",
    )?;
    let ids: std::collections::BTreeSet<&String> =
        before.roster.keys().chain(after.roster.keys()).collect();
    for assassin in ids {
        let (was, is) = (before.roster.get(assassin), after.roster.get(assassin));
        if was == is {
            continue;
        }
        if was.is_some() {
            // Its skills go with it (ON DELETE CASCADE).
            conn.prepare_cached(
                "DELETE FROM assassins WHERE campaign_id = ?1 AND assassin_id = ?2",
            )?
            .execute(params![id, assassin])?;
        }
        let Some(entry) = is else { continue };
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

/// A card's row as the state gives it: the card, its place, its rank in the
/// chest deck and in the draw order of the attempt under way.
fn card_row<'a>(
    ledger: &'a bagless_bov::board::Ledger,
    card_id: &str,
) -> Option<(&'a CardDef, &'a Place, Option<i64>, Option<i64>)> {
    let placed = ledger.cards.get(card_id)?;
    let rank = |list: &[String]| list.iter().position(|c| c == card_id).map(|p| p as i64);
    Some((
        &placed.card,
        &placed.place,
        rank(&ledger.chest_deck),
        rank(&ledger.drawn_this_attempt).map(|p| p + 1),
    ))
}

fn write_cards(
    conn: &Connection,
    id: &str,
    before: &Campaign,
    after: &Campaign,
) -> Result<(), StoreError> {
    let (was, is) = (&before.ledger, &after.ledger);
    if was == is {
        return Ok(());
    }
    // Rows written by an older Bagless number the chest deck their own way:
    // when the deck's order changes, every card in it is numbered again.
    let renumber_chest = was.chest_deck != is.chest_deck;
    let renumber_drawn = was.drawn_this_attempt != is.drawn_this_attempt;
    let ids: std::collections::BTreeSet<&String> =
        was.cards.keys().chain(is.cards.keys()).collect();
    for card_id in ids {
        let (old, new) = (card_row(was, card_id), card_row(is, card_id));
        let ranked = |row: &Option<(&CardDef, &Place, Option<i64>, Option<i64>)>| {
            row.is_some_and(|r| {
                (renumber_chest && r.2.is_some()) || (renumber_drawn && r.3.is_some())
            })
        };
        if old == new && !ranked(&old) && !ranked(&new) {
            continue;
        }
        if old.is_some() {
            conn.prepare_cached("DELETE FROM cards WHERE campaign_id = ?1 AND card_id = ?2")?
                .execute(params![id, card_id])?;
        }
        if let Some((card, place, chest, drawn)) = new {
            insert_card(conn, id, card, place, chest, drawn)?;
        }
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

fn write_hq(
    conn: &Connection,
    id: &str,
    before: &Campaign,
    after: &Campaign,
) -> Result<(), StoreError> {
    let Some(hq) = &after.hq else {
        if before.hq.is_some() {
            // Its spots and values go with it (ON DELETE CASCADE).
            conn.prepare_cached("DELETE FROM hq WHERE campaign_id = ?1")?
                .execute([id])?;
        }
        return Ok(());
    };
    let was = before.hq.as_ref();
    let row = |h: &HqState, level: u8| {
        (
            h.ally,
            h.phase,
            h.first_done,
            h.contract,
            h.second_attempt,
            level,
        )
    };
    if was.map(|h| row(h, before.hq_level)) != Some(row(hq, after.hq_level)) {
        conn.prepare_cached(
            "INSERT INTO hq (campaign_id, ally, phase, first_done, contract, second_attempt, level)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
             ON CONFLICT (campaign_id) DO UPDATE SET ally = excluded.ally, phase = excluded.phase,
                first_done = excluded.first_done, contract = excluded.contract,
                second_attempt = excluded.second_attempt, level = excluded.level",
        )?
        .execute(params![
            id,
            text(hq.ally),
            text(hq.phase),
            hq.first_done,
            hq.contract,
            hq.second_attempt,
            after.hq_level,
        ])?;
    }
    let no_spots = Default::default();
    let no_values = Default::default();
    let (old_spots, old_values) = was.map_or((&no_spots, &no_values), |h| (&h.spots, &h.values));
    write_map(
        conn,
        id,
        "hq_spots",
        "miniature",
        "spot",
        old_spots,
        &hq.spots,
        |s| text(s),
    )?;
    write_map(
        conn,
        id,
        "hq_values",
        "key",
        "value",
        old_values,
        &hq.values,
        |v| *v,
    )
}

/// Writes the entries of a keyed table that differ between two maps.
#[allow(clippy::too_many_arguments)]
fn write_map<V: PartialEq, S: rusqlite::ToSql>(
    conn: &Connection,
    id: &str,
    table: &str,
    key: &str,
    column: &str,
    before: &std::collections::BTreeMap<String, V>,
    after: &std::collections::BTreeMap<String, V>,
    stored: impl Fn(&V) -> S,
) -> Result<(), StoreError> {
    for gone in before.keys().filter(|k| !after.contains_key(*k)) {
        conn.prepare_cached(&format!(
            "DELETE FROM {table} WHERE campaign_id = ?1 AND {key} = ?2"
        ))?
        .execute(params![id, gone])?;
    }
    for (k, value) in after {
        if before.get(k) != Some(value) {
            conn.prepare_cached(&format!(
                "INSERT INTO {table} (campaign_id, {key}, {column}) VALUES (?1, ?2, ?3)
                 ON CONFLICT (campaign_id, {key}) DO UPDATE SET {column} = excluded.{column}"
            ))?
            .execute(params![id, k, stored(value)])?;
        }
    }
    Ok(())
}
