//! Undo and redo (SAVING THE GAME: the save box's own rule), worked out
//! from the log by `bagless_game::undo`, the same for every game: here
//! Brotherhood of Venice's events say which are entries and markers, and
//! its refusals word what cannot be undone or redone.

use crate::model::campaign::{Event, EventEnvelope};
use crate::refusals::{RuleViolation, Section};
use bagless_game::undo::{self, Logged, Marker, UndoRefusal, Undoable};

pub use bagless_game::undo::UndoStack;

impl Logged for Event {
    fn marker(&self) -> Option<Marker> {
        match self {
            Event::EntryUndone { seq } => Some(Marker::Undone(*seq)),
            Event::EntryRedone { seq } => Some(Marker::Redone(*seq)),
            _ => None,
        }
    }

    fn is_entry(&self) -> bool {
        Event::is_entry(self)
    }

    fn is_creation(&self) -> bool {
        matches!(self, Event::CampaignCreated { .. })
    }
}

impl Undoable for Event {
    type Refusal = RuleViolation;

    fn marker_event(marker: Marker) -> Event {
        match marker {
            Marker::Undone(seq) => Event::EntryUndone { seq },
            Marker::Redone(seq) => Event::EntryRedone { seq },
        }
    }

    fn undo_refusal(refused: UndoRefusal) -> RuleViolation {
        refused.refusal(Section::SavingTheGame)
    }
}

/// Undo: the marker that takes back the last entry in effect (never the
/// campaign's creation).
pub fn decide_undo(log: &[EventEnvelope]) -> Result<Vec<Event>, RuleViolation> {
    undo::undo_events(log)
}

/// Redo: brings back the entry undone last, refused once something new
/// was entered.
pub fn decide_redo(log: &[EventEnvelope]) -> Result<Vec<Event>, RuleViolation> {
    undo::redo_events(log)
}

/// Going back to the entry at `seq`: every later entry in effect undone,
/// the newest first.
pub fn decide_jump_back(log: &[EventEnvelope], seq: u32) -> Result<Vec<Event>, RuleViolation> {
    undo::jump_back_events(log, seq)
}
