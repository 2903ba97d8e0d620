//! Undo and redo worked out from the log (no rulebook has a heading for it:
//! this is the save box's own rule, the same for every game).
//!
//! The log stays append-only. An undo is an "entry undone" marker, a redo
//! an "entry redone" marker, and which entries count is found by replaying
//! the markers as a classic undo stack:
//! - an entry (a player's input) clears the redo stack: what was undone
//!   before it stays undone for good;
//! - undoing `seq` takes back an entry in effect and puts it on top of the
//!   redo stack;
//! - redoing `seq` brings back the entry on top of the redo stack.
//!
//! Markers that break these rules (only a hand-made file can hold them) are
//! ignored, so every log has exactly one meaning. One step is one entry
//! with the events derived from it.

use crate::Envelope;
use chrono::{DateTime, Utc};

/// What a game's events tell the undo stack.
pub trait Logged {
    /// The undo or redo marker this event is, if it is one.
    fn marker(&self) -> Option<Marker>;
    /// A player's input: not an event derived from one, not a marker.
    fn is_entry(&self) -> bool;
    /// The game's creation, which is never undone.
    fn is_creation(&self) -> bool;
}

/// An undo or a redo, as the log records it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Marker {
    Undone(u32),
    Redone(u32),
}

/// Why an undo, a redo or a jump back was refused; each game words it
/// with its own rule code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UndoRefusal {
    NothingToUndo,
    NothingToRedo,
    /// Something was entered after the undo: what was taken back is gone.
    RedoAfterChange,
    /// The entry gone back to is not in effect (or not an entry).
    GoBackUnknown,
    GoBackNothingAfter,
}

impl UndoRefusal {
    /// The rule code every game's catalogue words it with.
    pub fn code(self) -> &'static str {
        match self {
            UndoRefusal::NothingToUndo => "nothing_to_undo",
            UndoRefusal::NothingToRedo => "nothing_to_redo",
            UndoRefusal::RedoAfterChange => "redo_after_change",
            UndoRefusal::GoBackUnknown => "go_back_unknown",
            UndoRefusal::GoBackNothingAfter => "go_back_nothing_after",
        }
    }

    /// The sentence in English, for logs.
    pub fn message(self) -> &'static str {
        match self {
            UndoRefusal::NothingToUndo => "There is nothing to undo.",
            UndoRefusal::NothingToRedo => "There is nothing to redo.",
            UndoRefusal::RedoAfterChange => {
                "There is nothing to redo: a change made after the undo replaced what was taken back."
            }
            UndoRefusal::GoBackUnknown => "That entry is not in effect: it cannot be gone back to.",
            UndoRefusal::GoBackNothingAfter => "Nothing was changed after that entry.",
        }
    }

    /// The refusal of a game whose rule codes include the five above (a
    /// game lacking one fails its first undo test), under `section`.
    pub fn refusal<C, S>(self, section: S) -> crate::Refusal<C, S>
    where
        C: crate::Code + serde::de::DeserializeOwned,
    {
        let code = serde_json::from_value(serde_json::Value::from(self.code()))
            .unwrap_or_else(|_| panic!("the game's rule codes lack {}", self.code()));
        crate::Refusal::new(code, section, self.message())
    }
}

/// A game's events as the shared undo makes them: its markers, and its
/// refusal of an undo that cannot be.
pub trait Undoable: Logged + Sized {
    type Refusal;
    fn marker_event(marker: Marker) -> Self;
    fn undo_refusal(refused: UndoRefusal) -> Self::Refusal;
}

/// [`decide_undo`] as the game's events.
pub fn undo_events<E: Undoable>(log: &[Envelope<E>]) -> Result<Vec<E>, E::Refusal> {
    decide_undo(log)
        .map(|m| vec![E::marker_event(m)])
        .map_err(E::undo_refusal)
}

/// [`decide_redo`] as the game's events.
pub fn redo_events<E: Undoable>(log: &[Envelope<E>]) -> Result<Vec<E>, E::Refusal> {
    decide_redo(log)
        .map(|m| vec![E::marker_event(m)])
        .map_err(E::undo_refusal)
}

/// [`decide_jump_back`] as the game's events.
pub fn jump_back_events<E: Undoable>(log: &[Envelope<E>], seq: u32) -> Result<Vec<E>, E::Refusal> {
    decide_jump_back(log, seq)
        .map(|ms| ms.into_iter().map(E::marker_event).collect())
        .map_err(E::undo_refusal)
}

/// Undo and redo replayed over a log.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct UndoStack {
    /// Every entry (a player's input, not a derived event), in log order.
    pub entries: Vec<u32>,
    /// Beside each of `entries`: when it was taken back, if it is undone.
    /// (A list beside the entries rather than a map by seq: a long game's
    /// every command reads it, and the list costs no allocation per undo.)
    undone_at: Vec<Option<DateTime<Utc>>>,
    /// The undone entries a redo can bring back: the next one last.
    pub redo: Vec<u32>,
    /// The game's creation, which is never undone.
    pub creation: Option<u32>,
}

impl UndoStack {
    pub fn of<E: Logged>(log: &[Envelope<E>]) -> UndoStack {
        let mut stack = UndoStack::default();
        for envelope in log {
            match envelope.event.marker() {
                Some(Marker::Undone(seq)) => {
                    // Undo never picks the creation, but a hand-made file
                    // may: the game then holds nothing (imports refuse it).
                    if let Some(at) = stack.index(seq) {
                        if stack.undone_at[at].is_none() {
                            stack.undone_at[at] = Some(envelope.recorded_at);
                            stack.redo.push(seq);
                        }
                    }
                }
                Some(Marker::Redone(seq)) if stack.redo.last() == Some(&seq) => {
                    stack.redo.pop();
                    if let Some(at) = stack.index(seq) {
                        stack.undone_at[at] = None;
                    }
                }
                Some(Marker::Redone(_)) => {}
                None if envelope.event.is_entry() => {
                    if envelope.event.is_creation() && stack.creation.is_none() {
                        stack.creation = Some(envelope.seq);
                    }
                    stack.entries.push(envelope.seq);
                    stack.undone_at.push(None);
                    stack.redo.clear();
                }
                None => {}
            }
        }
        stack
    }

    /// Where the entry at `seq` is in `entries` (in log order, so sorted
    /// by seq).
    fn index(&self, seq: u32) -> Option<usize> {
        self.entries.binary_search(&seq).ok()
    }

    /// When the entry at `seq` was taken back, if it is undone.
    pub fn undone_at(&self, seq: u32) -> Option<DateTime<Utc>> {
        self.index(seq).and_then(|at| self.undone_at[at])
    }

    /// Whether any entry is undone (for good or redoable).
    pub fn any_undone(&self) -> bool {
        self.undone_at.iter().any(Option::is_some)
    }

    pub fn is_in_effect(&self, seq: u32) -> bool {
        self.undone_at(seq).is_none()
    }

    /// The entry "Undo" takes back: the last one in effect, the creation aside.
    pub fn last_undoable(&self) -> Option<u32> {
        self.entries
            .iter()
            .rev()
            .copied()
            .zip(self.undone_at.iter().rev())
            .find(|(seq, undone)| undone.is_none() && Some(*seq) != self.creation)
            .map(|(seq, _)| seq)
    }

    /// The entry "Redo" brings back.
    pub fn next_redo(&self) -> Option<u32> {
        self.redo.last().copied()
    }
}

/// The events in effect, in log order: every event but the markers and
/// what belongs to an undone entry (an entry's derived events follow it).
pub fn in_effect<E: Logged>(log: &[Envelope<E>]) -> Vec<&Envelope<E>> {
    in_effect_by(log, &UndoStack::of(log))
}

/// [`in_effect`], for a caller that already holds the log's `stack`.
fn in_effect_by<'log, E: Logged>(
    log: &'log [Envelope<E>],
    stack: &UndoStack,
) -> Vec<&'log Envelope<E>> {
    // The log's entries are `stack.entries` in order: the n-th entry met is
    // the n-th of the stack (no lookup per event).
    let mut entries = stack.undone_at.iter();
    let mut owner_undone = false;
    log.iter()
        .filter(|envelope| {
            if envelope.event.marker().is_some() {
                return false;
            }
            if envelope.event.is_entry() {
                owner_undone = entries.next().is_some_and(Option::is_some);
            }
            !owner_undone
        })
        .collect()
}

/// The events in effect among `tail`, the events after entry `at` of a
/// log, when every undo and redo among them takes back or brings back an
/// entry after `at`: the state the log leads to is then the state its
/// events up to `at` lead to with these played on it, and a long game's
/// undo need not replay its whole log. `None` when a marker reaches back
/// to `at` or before (only the whole log then says what counts).
///
/// The stack of the tail alone gives its entries the status the whole
/// log's gives them: a marker of the tail names an entry of the tail, and
/// a redo brings back the top of the redo stack, which is an entry of the
/// tail whenever the tail's own undos put one there (an entry before `at`
/// left on it could only be brought back by a marker naming it).
pub fn in_effect_after<E: Logged>(tail: &[Envelope<E>], at: u32) -> Option<Vec<&Envelope<E>>> {
    let reaches_back = tail.iter().any(|envelope| {
        matches!(
            envelope.event.marker(),
            Some(Marker::Undone(seq) | Marker::Redone(seq)) if seq <= at
        )
    });
    (!reaches_back).then(|| in_effect(tail))
}

/// Undo: the marker that takes back the last entry in effect.
pub fn decide_undo<E: Logged>(log: &[Envelope<E>]) -> Result<Marker, UndoRefusal> {
    UndoStack::of(log)
        .last_undoable()
        .map(Marker::Undone)
        .ok_or(UndoRefusal::NothingToUndo)
}

/// Redo: the marker that brings back the entry undone last, refused once a
/// new entry has been made since.
pub fn decide_redo<E: Logged>(log: &[Envelope<E>]) -> Result<Marker, UndoRefusal> {
    let stack = UndoStack::of(log);
    match stack.next_redo() {
        Some(seq) => Ok(Marker::Redone(seq)),
        None if stack.any_undone() => Err(UndoRefusal::RedoAfterChange),
        None => Err(UndoRefusal::NothingToRedo),
    }
}

/// Going back to the entry at `seq`: every entry in effect after it is
/// undone, the newest first, in one write. It is recorded as one undo per
/// entry rather than one marker for the lot, so redo brings the entries
/// back one step at a time, exactly as if Undo had been pressed that many
/// times, and the redo stack needs no second kind of step.
pub fn decide_jump_back<E: Logged>(
    log: &[Envelope<E>],
    seq: u32,
) -> Result<Vec<Marker>, UndoRefusal> {
    let stack = UndoStack::of(log);
    if stack.index(seq).is_none() || !stack.is_in_effect(seq) {
        return Err(UndoRefusal::GoBackUnknown);
    }
    let later: Vec<Marker> = stack
        .entries
        .iter()
        .zip(&stack.undone_at)
        .rev()
        .take_while(|(entry, _)| **entry != seq)
        .filter(|(_, undone)| undone.is_none())
        .map(|(entry, _)| Marker::Undone(*entry))
        .collect();
    if later.is_empty() {
        return Err(UndoRefusal::GoBackNothingAfter);
    }
    Ok(later)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A game of one kind of entry, one derived event and the markers.
    #[derive(Debug, Clone, PartialEq)]
    enum Ev {
        Created,
        Entry(u8),
        Derived,
        Undone(u32),
        Redone(u32),
    }

    impl Logged for Ev {
        fn marker(&self) -> Option<Marker> {
            match self {
                Ev::Undone(seq) => Some(Marker::Undone(*seq)),
                Ev::Redone(seq) => Some(Marker::Redone(*seq)),
                _ => None,
            }
        }
        fn is_entry(&self) -> bool {
            matches!(self, Ev::Created | Ev::Entry(_))
        }
        fn is_creation(&self) -> bool {
            matches!(self, Ev::Created)
        }
    }

    fn push(log: &mut Vec<Envelope<Ev>>, event: Ev) {
        let seq = log.len() as u32 + 1;
        log.push(Envelope {
            seq,
            recorded_at: DateTime::<Utc>::UNIX_EPOCH,
            event,
            by: None,
        });
    }

    fn marker_event(marker: Marker) -> Ev {
        match marker {
            Marker::Undone(seq) => Ev::Undone(seq),
            Marker::Redone(seq) => Ev::Redone(seq),
        }
    }

    fn values(log: &[Envelope<Ev>]) -> Vec<u8> {
        in_effect(log)
            .iter()
            .filter_map(|e| match e.event {
                Ev::Entry(v) => Some(v),
                _ => None,
            })
            .collect()
    }

    #[derive(Debug, Clone)]
    enum Step {
        Enter(u8),
        Undo,
        Redo,
    }

    proptest! {
        /// Undo then redo is a classic stack: what is in effect always
        /// equals a model kept with two plain vectors.
        #[test]
        fn undo_and_redo_behave_as_a_stack(steps in proptest::collection::vec(
            prop_oneof![any::<u8>().prop_map(Step::Enter), Just(Step::Undo), Just(Step::Redo)],
            0..60,
        )) {
            let mut log = Vec::new();
            push(&mut log, Ev::Created);
            let (mut done, mut redo): (Vec<u8>, Vec<u8>) = (Vec::new(), Vec::new());
            for step in steps {
                match step {
                    Step::Enter(v) => {
                        push(&mut log, Ev::Entry(v));
                        push(&mut log, Ev::Derived);
                        done.push(v);
                        redo.clear();
                    }
                    Step::Undo => match decide_undo(&log) {
                        Ok(marker) => {
                            push(&mut log, marker_event(marker));
                            redo.push(done.pop().unwrap());
                        }
                        Err(refusal) => {
                            prop_assert_eq!(refusal, UndoRefusal::NothingToUndo);
                            prop_assert!(done.is_empty());
                        }
                    },
                    Step::Redo => match decide_redo(&log) {
                        Ok(marker) => {
                            push(&mut log, marker_event(marker));
                            done.push(redo.pop().unwrap());
                        }
                        Err(_) => prop_assert!(redo.is_empty()),
                    },
                }
                prop_assert_eq!(values(&log), done.clone());
            }
            // Cut anywhere between two commands: where no marker after the
            // cut reaches back before it, the tail played on what the head
            // leads to is what the whole log leads to.
            let whole = values(&log);
            for cut in 1..log.len() {
                if log[cut].event == Ev::Derived {
                    continue;
                }
                let at = log[cut - 1].seq;
                let reaches_back = log[cut..].iter().any(|e| {
                    matches!(e.event, Ev::Undone(s) | Ev::Redone(s) if s <= at)
                });
                match in_effect_after(&log[cut..], at) {
                    Some(tail) => {
                        prop_assert!(!reaches_back);
                        let mut joined = values(&log[..cut]);
                        joined.extend(tail.iter().filter_map(|e| match e.event {
                            Ev::Entry(v) => Some(v),
                            _ => None,
                        }));
                        prop_assert_eq!(&joined, &whole);
                    }
                    None => prop_assert!(reaches_back),
                }
            }
        }
    }

    #[test]
    fn jump_back_undoes_each_later_entry_newest_first() {
        let mut log = Vec::new();
        push(&mut log, Ev::Created);
        push(&mut log, Ev::Entry(1));
        push(&mut log, Ev::Entry(2));
        push(&mut log, Ev::Entry(3));
        assert_eq!(
            decide_jump_back(&log, 2),
            Ok(vec![Marker::Undone(4), Marker::Undone(3)])
        );
        assert_eq!(
            decide_jump_back(&log, 4),
            Err(UndoRefusal::GoBackNothingAfter)
        );
        assert_eq!(decide_jump_back(&log, 9), Err(UndoRefusal::GoBackUnknown));
    }

    #[test]
    fn the_creation_is_never_undone() {
        let mut log = Vec::new();
        push(&mut log, Ev::Created);
        assert_eq!(decide_undo(&log), Err(UndoRefusal::NothingToUndo));
    }
}
