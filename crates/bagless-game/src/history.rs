//! A game's history as the players read it, the same for every game: one
//! step per entry (a player's input), newest first, with what the rules
//! derived from it under it, what was undone marked, and where "go back to
//! here" applies. Each game says its events in words of its own (a message
//! key and params, [`HistoryLine`]); how the steps stand is worked out here,
//! from the log and its undo stack ([`crate::undo`]).

use crate::undo::{Logged, UndoStack};
use crate::Envelope;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use ts_rs::TS;

/// Where a step stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum StepStatus {
    /// In effect.
    Done,
    /// Undone; Redo can bring it back.
    Redoable,
    /// Undone for good: a change was made after it was taken back.
    Undone,
}

/// A place in words the UI puts together: the place's kind ("equipped",
/// "bag", "main_hall"…), whose it is, the slot, a number counted from 1.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PlaceRef {
    pub place: String,
    pub assassin: Option<String>,
    pub slot: Option<String>,
    pub number: Option<u8>,
}

/// One line of the history: a message key of the game's catalogue with its
/// params. An event a game does not word has its kind as its key and its
/// fields as params: the UI falls back to a generic line when its
/// catalogue lacks the key.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct HistoryLine {
    /// The stored event kind ("card_moved").
    pub kind: String,
    pub key: String,
    pub params: BTreeMap<String, String>,
    /// Places named in the line ("from", "to"), put into words by the UI.
    pub places: BTreeMap<String, PlaceRef>,
}

/// One step of the history: a player's entry and what it derived.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct HistoryEntry {
    pub seq: u32,
    #[ts(type = "string")]
    pub recorded_at: DateTime<Utc>,
    pub line: HistoryLine,
    /// What the rules derived from it (a level reached, dice rolled…).
    pub details: Vec<HistoryLine>,
    pub status: StepStatus,
    #[ts(type = "string | null")]
    pub undone_at: Option<DateTime<Utc>>,
    /// The entry Redo brings back next.
    pub next_redo: bool,
    /// In effect with later entries in effect: "go back to here" undoes those.
    pub can_go_back_here: bool,
    /// A number typed over what the rules computed: marked as an override.
    pub overridden: bool,
    /// Who entered it, when not the host's window: a seat, from its phone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub by: Option<String>,
}

/// The newest steps of a history, and how many older ones there are
/// (the app sends them with the game's name: `GameHistory`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HistoryPage {
    /// Newest first.
    pub entries: Vec<HistoryEntry>,
    /// Older steps left out of `entries` (a long game is sent a page at a time).
    pub older: u32,
    pub can_undo: bool,
    pub can_redo: bool,
}

/// How a game words its events for [`page`].
pub trait Describe<'log, E> {
    /// The line of `event`, when `wanted` (the step is on the page). Called
    /// for every event but the markers, in log order, so that a game can
    /// learn as it goes (a card's name when it is dealt).
    fn line(&mut self, envelope: &'log Envelope<E>, wanted: bool) -> Option<HistoryLine>;
    /// Lines an entry adds under itself (what a new edition of the rules changed).
    fn extra_details(&self, _event: &E) -> Vec<HistoryLine> {
        Vec::new()
    }
    /// A number typed over what the rules computed.
    fn overridden(&self, _event: &E) -> bool {
        false
    }
}

/// The newest `limit` steps of the log's history, newest first. Only the
/// steps on the page are put into words: a step taken from a long game's
/// history answers with a page, so it must not cost the whole log's words.
pub fn page<'log, E: Logged>(
    log: &'log [Envelope<E>],
    limit: usize,
    words: &mut impl Describe<'log, E>,
) -> HistoryPage {
    let stack = UndoStack::of(log);
    let keep_from = stack.entries.len().saturating_sub(limit);
    let last_done = stack
        .entries
        .iter()
        .rev()
        .copied()
        .find(|seq| stack.is_in_effect(*seq));
    let next_redo = stack.next_redo();
    let mut entries: Vec<HistoryEntry> = Vec::new();
    let mut seen = 0usize;
    let mut kept = false;
    for envelope in log {
        let event = &envelope.event;
        if event.marker().is_some() {
            continue;
        }
        if event.is_entry() {
            kept = seen >= keep_from;
            seen += 1;
            let line = words.line(envelope, kept);
            if kept {
                let seq = envelope.seq;
                let undone_at = stack.undone_at(seq);
                let status = match undone_at {
                    None => StepStatus::Done,
                    Some(_) if stack.redo.contains(&seq) => StepStatus::Redoable,
                    Some(_) => StepStatus::Undone,
                };
                entries.push(HistoryEntry {
                    seq,
                    recorded_at: envelope.recorded_at,
                    line: line.unwrap_or_default(),
                    details: words.extra_details(event),
                    status,
                    undone_at,
                    next_redo: next_redo == Some(seq),
                    can_go_back_here: status == StepStatus::Done && Some(seq) != last_done,
                    overridden: words.overridden(event),
                    by: envelope.by.clone(),
                });
            }
        } else {
            let line = words.line(envelope, kept);
            if let (true, Some(entry), Some(line)) = (kept, entries.last_mut(), line) {
                entry.details.push(line);
            }
        }
    }
    entries.reverse();
    HistoryPage {
        entries,
        older: keep_from as u32,
        can_undo: stack.last_undoable().is_some(),
        can_redo: next_redo.is_some(),
    }
}

/// A history line from an event's own fields: its serde `type` as kind
/// and key, each other field a param (lists joined by ", "); `key` and
/// `params` replace them when the game words the event itself.
pub fn fields_line<E: Serialize>(event: &E) -> HistoryLine {
    fn word(value: &serde_json::Value) -> String {
        match value {
            serde_json::Value::String(s) => s.clone(),
            serde_json::Value::Array(items) => {
                items.iter().map(word).collect::<Vec<_>>().join(", ")
            }
            serde_json::Value::Null => String::new(),
            other => other.to_string(),
        }
    }
    let mut line = HistoryLine::default();
    if let Ok(serde_json::Value::Object(fields)) = serde_json::to_value(event) {
        for (name, value) in fields {
            if name == "type" {
                line.kind = word(&value);
            } else {
                line.params.insert(name, word(&value));
            }
        }
    }
    line.key = line.kind.clone();
    line
}
