//! What an override names (the campaign's commands and events carry it):
//! which computed number the players type over, and what they type. The
//! rules of overrides are in `overrides.rs`.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Which computed number the players type over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum OverrideTarget {
    /// The XP on the diary's track (the sum of the XP the memories credited).
    Xp,
    /// The HQ level (the back of the contract on top of the deck).
    HqLevel,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct OverrideInput {
    pub target: OverrideTarget,
    pub value: u32,
    /// Why, in the players' words (may be empty).
    pub reason: String,
}
