//! Undo and redo (no heading of the rules for it: Bagless's own rule,
//! "SAVING THE GAME", the same for every game). The log stays append-only:
//! an undo is an `EntryUndone` marker, a redo an `EntryRedone` one, worked
//! out by [`bagless_game::undo`].

use crate::model::events::Event;
use crate::refusals::{refuse, RuleCode, RuleViolation, Section};
use bagless_game::undo::{self, Marker, UndoRefusal};
use bagless_game::Envelope;

fn event(marker: Marker) -> Event {
    match marker {
        Marker::Undone(seq) => Event::EntryUndone { seq },
        Marker::Redone(seq) => Event::EntryRedone { seq },
    }
}

fn refusal(refused: UndoRefusal) -> RuleViolation {
    let (code, message) = match refused {
        UndoRefusal::NothingToUndo => (RuleCode::NothingToUndo, "There is nothing to undo."),
        UndoRefusal::NothingToRedo => (RuleCode::NothingToRedo, "There is nothing to redo."),
        UndoRefusal::RedoAfterChange => (
            RuleCode::RedoAfterChange,
            "There is nothing to redo: a change made after the undo replaced what was taken back.",
        ),
        UndoRefusal::GoBackUnknown => (
            RuleCode::GoBackUnknown,
            "That entry is not in effect: it cannot be gone back to.",
        ),
        UndoRefusal::GoBackNothingAfter => (
            RuleCode::GoBackNothingAfter,
            "Nothing was changed after that entry.",
        ),
    };
    refuse(code, Section::SavingTheGame, message)
}

/// Undo: the marker that takes back the last entry in effect (never the
/// memory's start).
pub fn decide_undo(log: &[Envelope<Event>]) -> Result<Vec<Event>, RuleViolation> {
    undo::decide_undo(log)
        .map(|m| vec![event(m)])
        .map_err(refusal)
}

/// Redo: brings back the entry undone last, refused once something new
/// was entered.
pub fn decide_redo(log: &[Envelope<Event>]) -> Result<Vec<Event>, RuleViolation> {
    undo::decide_redo(log)
        .map(|m| vec![event(m)])
        .map_err(refusal)
}

/// Going back to the entry at `seq`: every later entry in effect undone,
/// the newest first.
pub fn decide_jump_back(log: &[Envelope<Event>], seq: u32) -> Result<Vec<Event>, RuleViolation> {
    undo::decide_jump_back(log, seq)
        .map(|ms| ms.into_iter().map(event).collect())
        .map_err(refusal)
}
