//! Schema migrations: every pending one in a single transaction, the version
//! kept in `user_version`. Files in migrations/ are append-only once released.

use crate::{StoreError, APPLICATION_ID};
use rusqlite::Connection;

/// A migration: its SQL, then (for what SQL alone cannot do) a step in
/// Rust, in the same transaction.
type Step = fn(&rusqlite::Transaction) -> Result<(), StoreError>;

const MIGRATIONS: &[(&str, Option<Step>)] = &[
    (include_str!("../../../migrations/0001_library.sql"), None),
    (
        include_str!("../../../migrations/0002_assassins_and_cards.sql"),
        None,
    ),
    (
        include_str!("../../../migrations/0003_headquarters.sql"),
        None,
    ),
    (include_str!("../../../migrations/0004_overrides.sql"), None),
    (include_str!("../../../migrations/0005_games.sql"), None),
    (
        include_str!("../../../migrations/0006_rules_out_of_sql.sql"),
        Some(drop_rule_checks),
    ),
    (include_str!("../../../migrations/0007_one_road.sql"), None),
    (
        include_str!("../../../migrations/0008_state_every_few_entries.sql"),
        None,
    ),
];

/// The schema version this build writes.
pub const SCHEMA_VERSION: u32 = MIGRATIONS.len() as u32;

pub(crate) fn run(conn: &mut Connection) -> Result<(), StoreError> {
    let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Exclusive)?;
    let current: u32 = tx.pragma_query_value(None, "user_version", |r| r.get(0))?;
    if current > SCHEMA_VERSION {
        return Err(StoreError::NewerSchema {
            found: current,
            supported: SCHEMA_VERSION,
        });
    }
    for (sql, step) in &MIGRATIONS[current as usize..] {
        tx.execute_batch(sql)?;
        if let Some(step) = step {
            step(&tx)?;
        }
    }
    if current < SCHEMA_VERSION {
        tx.pragma_update(None, "user_version", SCHEMA_VERSION)?;
        tx.pragma_update(None, "application_id", APPLICATION_ID)?;
    }
    tx.commit()?;
    Ok(())
}

/// Migration 6: every CHECK that is not a storage invariant
/// ([`storage_invariant`]) taken out of the tables' CREATE statements.
/// Dropping a constraint changes no stored row: SQLite's documented way is
/// to rewrite the statement in sqlite_schema with writable_schema on and
/// the schema version raised, then check the file. Any error rolls the
/// whole migration back.
fn drop_rule_checks(tx: &rusqlite::Transaction) -> Result<(), StoreError> {
    let tables: Vec<(String, String)> = tx
        .prepare("SELECT name, sql FROM sqlite_schema WHERE type = 'table' AND sql LIKE '%CHECK%'")?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<Result<_, _>>()?;
    let version: i64 = tx.pragma_query_value(None, "schema_version", |r| r.get(0))?;
    tx.pragma_update(None, "writable_schema", true)?;
    let mut rewritten = Vec::new();
    for (name, sql) in &tables {
        let without = without_rule_checks(sql);
        if &without != sql {
            tx.execute(
                "UPDATE sqlite_schema SET sql = ?1 WHERE type = 'table' AND name = ?2",
                rusqlite::params![without, name],
            )?;
            rewritten.push(name);
        }
    }
    tx.pragma_update(None, "schema_version", version + 1)?;
    tx.pragma_update(None, "writable_schema", false)?;
    // The schema read again: every table rewritten still reads, and the file
    // is whole.
    for name in rewritten {
        tx.prepare(&format!("SELECT * FROM \"{name}\" LIMIT 0"))?;
    }
    let whole: String = tx.pragma_query_value(None, "integrity_check", |r| r.get(0))?;
    if whole != "ok" {
        return Err(StoreError::Sqlite(rusqlite::Error::InvalidQuery));
    }
    Ok(())
}

/// Whether a CHECK's expression is one storage needs whatever the game:
/// valid JSON, a positive seq, a 0/1 flag.
fn storage_invariant(expression: &str) -> bool {
    let e = expression.trim();
    e.starts_with("json_valid(")
        || e == "seq > 0"
        || e.strip_suffix(" IN (0, 1)")
            .is_some_and(|column| column.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
}

/// `sql` (a CREATE TABLE statement) without its CHECK constraints other
/// than storage invariants: a column's `CHECK (...)` goes with the space
/// before it, a table's with the comma before it.
pub(crate) fn without_rule_checks(sql: &str) -> String {
    let mut out = String::with_capacity(sql.len());
    let mut rest = sql;
    while let Some(at) = rest.find("CHECK (") {
        let open = at + "CHECK ".len();
        let Some(close) = closing(&rest[open..]).map(|n| open + n) else {
            break;
        };
        let expression = &rest[open + 1..close];
        let (before, after) = (&rest[..at], &rest[close + 1..]);
        if storage_invariant(expression) {
            out.push_str(&rest[..=close]);
        } else {
            let kept = before.trim_end();
            // A table constraint follows a comma; a column's, its type.
            out.push_str(kept.strip_suffix(',').unwrap_or(kept));
        }
        rest = after;
    }
    out.push_str(rest);
    out
}

/// The byte offset of the parenthesis closing the one `text` starts with.
fn closing(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut quoted = false;
    for (i, c) in text.char_indices() {
        match c {
            '\'' => quoted = !quoted,
            '(' if !quoted => depth += 1,
            ')' if !quoted => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rule_check_goes_and_a_storage_invariant_stays() {
        let sql = "CREATE TABLE t (\n    a INTEGER NOT NULL CHECK (a IN (1, 2)),\n    b TEXT CHECK (b IN ('x', 'y')),\n    c TEXT NOT NULL CHECK (json_valid(c)),\n    d INTEGER NOT NULL CHECK (d IN (0, 1)),\n    seq INTEGER NOT NULL CHECK (seq > 0),\n    PRIMARY KEY (a),\n    CHECK ((b = 'x') = (a IS NOT NULL)),\n    CHECK ((b IN ('y')) = (d = 1))\n) STRICT";
        assert_eq!(
            without_rule_checks(sql),
            "CREATE TABLE t (\n    a INTEGER NOT NULL,\n    b TEXT,\n    c TEXT NOT NULL CHECK (json_valid(c)),\n    d INTEGER NOT NULL CHECK (d IN (0, 1)),\n    seq INTEGER NOT NULL CHECK (seq > 0),\n    PRIMARY KEY (a)\n) STRICT"
        );
    }

    #[test]
    fn every_table_of_a_new_library_keeps_only_storage_checks_and_its_rows() {
        let mut conn = Connection::open_in_memory().unwrap();
        run(&mut conn).unwrap();
        let schema: Vec<(String, String)> = conn
            .prepare("SELECT name, sql FROM sqlite_schema WHERE type = 'table'")
            .unwrap()
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        // One road for every game (migration 7): the library's own tables,
        // none of any game's.
        let mut tables: Vec<&str> = schema.iter().map(|(name, _)| name.as_str()).collect();
        tables.sort_unstable();
        assert_eq!(tables, ["box_values", "campaigns", "events", "game_states"]);
        for (name, sql) in schema {
            let mut rest = sql.as_str();
            while let Some(at) = rest.find("CHECK (") {
                let open = at + "CHECK ".len();
                let close = open + closing(&rest[open..]).unwrap();
                let expression = &rest[open + 1..close];
                assert!(
                    storage_invariant(expression),
                    "{name}: CHECK ({expression})"
                );
                rest = &rest[close..];
            }
            for game in ["'bov'", "'risk'", "'success'", "'equipped'", "'courtesans'"] {
                let checks = sql.matches("CHECK").count();
                assert!(
                    checks == 0 || !sql.contains(&format!("IN ({game}")),
                    "{name} still names {game}"
                );
            }
        }
        // A row the old CHECKs refused is storage's to keep now.
        conn.execute(
            "INSERT INTO campaigns (id, name, pack_id, created_at, game) VALUES ('x', 'x', 'p', '2026-11-25', 'race')",
            [],
        )
        .unwrap();
    }
}
