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
    /// Who entered it, when not the host's window: a seat at the table,
    /// from its phone (issue 32), by the seat's name then ("Alice").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub by: Option<String>,
}
