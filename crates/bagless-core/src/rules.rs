//! Rule violations: why a command was refused, in the players' words.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use ts_rs::TS;

/// A refused command. `code` names the rule for the UI's message catalogue
/// (`rules.<code>`), `params` fill its placeholders, and `message` is the
/// English sentence for logs and for a catalogue that lacks the code.
///
/// Write the code as a string literal in the `RuleViolation::new("…")` or
/// `rule("…", …)` call, with its params chained as `.with("…", …)`:
/// tests/rule_codes.rs reads them from the source into
/// ui/src/lib/i18n/rule-codes.json, which the UI's tests check.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RuleViolation {
    pub code: String,
    pub message: String,
    pub params: BTreeMap<String, String>,
    /// The rulebook section behind the refusal ("EQUIP"), quoted to the players.
    #[serde(default)]
    pub section: Option<String>,
}

impl RuleViolation {
    pub fn new(code: &str, message: impl Into<String>) -> Self {
        RuleViolation {
            code: code.to_string(),
            message: message.into(),
            params: BTreeMap::new(),
            section: None,
        }
    }

    pub fn in_section(mut self, section: &str) -> Self {
        self.section = Some(section.to_string());
        self
    }

    pub fn with(mut self, key: &str, value: impl ToString) -> Self {
        self.params.insert(key.to_string(), value.to_string());
        self
    }
}

impl std::fmt::Display for RuleViolation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}
