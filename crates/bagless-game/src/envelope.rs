//! An event as the log keeps it.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// An event as stored: its place in the game's log and when it was recorded.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct Envelope<E> {
    pub seq: u32,
    #[ts(type = "string")]
    pub recorded_at: DateTime<Utc>,
    pub event: E,
}
