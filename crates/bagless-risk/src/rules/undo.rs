//! Undo and redo (SAVING THE GAME: the save box's own rule), worked out from
//! the log by `bagless_game::undo`, the same for every game: here RISK
//! Assassin's Creed's events say which are entries and markers, and its
//! refusals word what cannot be undone or redone.

use crate::model::events::Event;
use crate::model::state::{evolve, Game};
use crate::refusals::{refuse, RuleCode, RuleViolation, Section};
use bagless_game::undo::{self, in_effect, Logged, Marker, UndoRefusal};
use bagless_game::Envelope;

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
        matches!(self, Event::GameCreated { .. })
    }
}

fn marker_event(marker: Marker) -> Event {
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

/// The game the log holds: the events in effect, applied in order.
pub fn replay(log: &[Envelope<Event>]) -> Game {
    let mut game = Game::default();
    for envelope in in_effect(log) {
        evolve(&mut game, &envelope.event);
    }
    game
}

/// Undo: the marker that takes back the last entry in effect.
pub fn decide_undo(log: &[Envelope<Event>]) -> Result<Vec<Event>, RuleViolation> {
    undo::decide_undo(log)
        .map(|m| vec![marker_event(m)])
        .map_err(refusal)
}

/// Redo: the marker that brings back the entry undone last, refused once a
/// new entry has been made since.
pub fn decide_redo(log: &[Envelope<Event>]) -> Result<Vec<Event>, RuleViolation> {
    undo::decide_redo(log)
        .map(|m| vec![marker_event(m)])
        .map_err(refusal)
}

/// Going back to the entry at `seq`: every later entry in effect undone,
/// the newest first, one undo each so redo brings them back one at a time.
pub fn decide_jump_back(log: &[Envelope<Event>], seq: u32) -> Result<Vec<Event>, RuleViolation> {
    undo::decide_jump_back(log, seq)
        .map(|markers| markers.into_iter().map(marker_event).collect())
        .map_err(refusal)
}
