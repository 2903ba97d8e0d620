//! Undo and redo worked out from the log (the rulebook has no heading for
//! it: this is the save box's own rule).
//!
//! The log stays append-only. An undo is an `EntryUndone` marker, a redo an
//! `EntryRedone` marker, and which entries count is found by replaying the
//! markers as a classic undo stack:
//! - an entry (a player's input) clears the redo stack: what was undone
//!   before it stays undone for good;
//! - `EntryUndone { seq }` takes back an entry in effect and puts it on top
//!   of the redo stack;
//! - `EntryRedone { seq }` brings back the entry on top of the redo stack.
//!
//! Markers that break these rules (only a hand-made file can hold them) are
//! ignored, so every log has exactly one meaning. One step is one entry
//! with the events derived from it.

use crate::campaign::{Event, EventEnvelope};
use crate::rules::{refuse, RuleCode, RuleViolation, Section};
use chrono::{DateTime, Utc};
use std::collections::BTreeMap;

/// Undo and redo replayed over a log.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct UndoStack {
    /// Every entry (a player's input, not a derived event), in log order.
    pub entries: Vec<u32>,
    /// Entries taken back, with when they were taken back.
    pub undone: BTreeMap<u32, DateTime<Utc>>,
    /// The undone entries a redo can bring back: the next one last.
    pub redo: Vec<u32>,
    /// The campaign's creation, which is never undone.
    pub creation: Option<u32>,
}

impl UndoStack {
    pub fn of(log: &[EventEnvelope]) -> UndoStack {
        let mut stack = UndoStack::default();
        for envelope in log {
            match &envelope.event {
                Event::EntryUndone { seq } => {
                    // Undo never picks the creation, but a hand-made file
                    // may: the campaign then holds nothing (imports refuse it).
                    // `entries` is in log order, so sorted by seq.
                    let known = stack.entries.binary_search(seq).is_ok();
                    let in_effect = known && !stack.undone.contains_key(seq);
                    if in_effect {
                        stack.undone.insert(*seq, envelope.recorded_at);
                        stack.redo.push(*seq);
                    }
                }
                Event::EntryRedone { seq } if stack.redo.last() == Some(seq) => {
                    stack.redo.pop();
                    stack.undone.remove(seq);
                }
                Event::EntryRedone { .. } => {}
                event if event.is_entry() => {
                    if matches!(event, Event::CampaignCreated { .. }) && stack.creation.is_none() {
                        stack.creation = Some(envelope.seq);
                    }
                    stack.entries.push(envelope.seq);
                    stack.redo.clear();
                }
                _ => {}
            }
        }
        stack
    }

    pub fn is_in_effect(&self, seq: u32) -> bool {
        !self.undone.contains_key(&seq)
    }

    /// The entry "Undo" takes back: the last one in effect, the creation aside.
    pub fn last_undoable(&self) -> Option<u32> {
        self.entries
            .iter()
            .rev()
            .copied()
            .find(|seq| self.is_in_effect(*seq) && Some(*seq) != self.creation)
    }

    /// The entry "Redo" brings back.
    pub fn next_redo(&self) -> Option<u32> {
        self.redo.last().copied()
    }
}

/// Undo: the marker that takes back the last entry in effect.
pub fn decide_undo(log: &[EventEnvelope]) -> Result<Vec<Event>, RuleViolation> {
    let seq = UndoStack::of(log).last_undoable().ok_or_else(|| {
        refuse(
            RuleCode::NothingToUndo,
            Section::SavingTheGame,
            "There is nothing to undo.",
        )
    })?;
    Ok(vec![Event::EntryUndone { seq }])
}

/// Redo: the marker that brings back the entry undone last, refused once a
/// new entry has been made since.
pub fn decide_redo(log: &[EventEnvelope]) -> Result<Vec<Event>, RuleViolation> {
    let stack = UndoStack::of(log);
    match stack.next_redo() {
        Some(seq) => Ok(vec![Event::EntryRedone { seq }]),
        None if !stack.undone.is_empty() => Err(refuse(
            RuleCode::RedoAfterChange,
            Section::SavingTheGame,
            "There is nothing to redo: a change made after the undo replaced what was taken back.",
        )),
        None => Err(refuse(
            RuleCode::NothingToRedo,
            Section::SavingTheGame,
            "There is nothing to redo.",
        )),
    }
}

/// Going back to the entry at `seq`: every entry in effect after it is
/// undone, the newest first, in one write. It is recorded as one undo per
/// entry rather than one marker for the lot, so redo brings the entries
/// back one step at a time, exactly as if Undo had been pressed that many
/// times, and the redo stack needs no second kind of step.
pub fn decide_jump_back(log: &[EventEnvelope], seq: u32) -> Result<Vec<Event>, RuleViolation> {
    let stack = UndoStack::of(log);
    if !stack.entries.contains(&seq) || !stack.is_in_effect(seq) {
        return Err(refuse(
            RuleCode::GoBackUnknown,
            Section::SavingTheGame,
            "That entry is not in effect: it cannot be gone back to.",
        ));
    }
    let later: Vec<Event> = stack
        .entries
        .iter()
        .rev()
        .take_while(|entry| **entry != seq)
        .filter(|entry| stack.is_in_effect(**entry))
        .map(|entry| Event::EntryUndone { seq: *entry })
        .collect();
    if later.is_empty() {
        return Err(refuse(
            RuleCode::GoBackNothingAfter,
            Section::SavingTheGame,
            "Nothing was changed after that entry.",
        ));
    }
    Ok(later)
}
