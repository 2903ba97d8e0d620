//! Undo and redo (no heading of the rules summary: Bagless's own rule,
//! "SAVING THE GAME", the same for every game). The log stays append-only:
//! an undo is an `EntryUndone` marker, a redo an `EntryRedone` one, worked
//! out by [`bagless_game::undo`].

use crate::model::events::Event;
use crate::refusals::{RuleViolation, Section};
use bagless_game::undo::{self, Marker, UndoRefusal, Undoable};
use bagless_game::Envelope;

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
/// game's creation).
pub fn decide_undo(log: &[Envelope<Event>]) -> Result<Vec<Event>, RuleViolation> {
    undo::undo_events(log)
}

/// Redo: brings back the entry undone last, refused once something new
/// was entered.
pub fn decide_redo(log: &[Envelope<Event>]) -> Result<Vec<Event>, RuleViolation> {
    undo::redo_events(log)
}

/// Going back to the entry at `seq`: every later entry in effect undone,
/// the newest first.
pub fn decide_jump_back(log: &[Envelope<Event>], seq: u32) -> Result<Vec<Event>, RuleViolation> {
    undo::jump_back_events(log, seq)
}
