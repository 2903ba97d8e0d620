//! Schema migrations: every pending one in a single transaction, the version
//! kept in `user_version`. Files in migrations/ are append-only once released.

use crate::{StoreError, APPLICATION_ID};
use rusqlite::Connection;

const MIGRATIONS: &[&str] = &[
    include_str!("../../../migrations/0001_library.sql"),
    include_str!("../../../migrations/0002_assassins_and_cards.sql"),
    include_str!("../../../migrations/0003_headquarters.sql"),
    include_str!("../../../migrations/0004_overrides.sql"),
    include_str!("../../../migrations/0005_games.sql"),
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
    for sql in &MIGRATIONS[current as usize..] {
        tx.execute_batch(sql)?;
    }
    if current < SCHEMA_VERSION {
        tx.pragma_update(None, "user_version", SCHEMA_VERSION)?;
        tx.pragma_update(None, "application_id", APPLICATION_ID)?;
    }
    tx.commit()?;
    Ok(())
}
