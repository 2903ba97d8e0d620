//! An undo or a redo played on the game's saved state rather than on its
//! whole log (issue 31: what an undo costs does not grow with the game).
//!
//! Which entries count changes at an undo or a redo, so the state cannot
//! follow from the state before it. But the saved state (the game's
//! `game_states` row, at most [`super::SAVED_EVERY`] entries back) still
//! holds when the markers after it reach only entries after it: the
//! entries after it in effect, played on it, give the state the whole log
//! gives (`bagless_game::undo::in_effect_after`). A marker that reaches
//! back further has the log replayed up to just before the entries it
//! reaches, and that state saved ([`new_point`]): the row never has such a
//! marker after it, and the undos and redos that follow (an undo then its
//! redo, again and again) are played on it too.

use super::SavedGame;
use crate::{Library, StoreError};
use bagless_game::undo::{in_effect_after, Logged, Marker};
use bagless_game::Envelope;
use std::sync::Arc;

/// A saved state and the entry it is at.
type SavedPoint<S> = (u32, Arc<S>);

impl Library {
    /// The state `log` (the game's whole log, an undo or redo just added
    /// after entry `expected_seq`) leads to, played on the saved state;
    /// `None` when only the whole log can say (no saved state by these
    /// rules, or a marker reaching back to it or before).
    pub(super) fn replayed_from_saved<G: SavedGame>(
        &self,
        id: &str,
        log: &[Envelope<G::Event>],
        expected_seq: u32,
    ) -> Result<Option<G::State>, StoreError> {
        let Some((at, saved)) = self.saved_point::<G>(id, expected_seq)? else {
            return Ok(None);
        };
        let start = log.partition_point(|envelope| envelope.seq <= at);
        let Some(tail) = in_effect_after(&log[start..], at) else {
            return Ok(None);
        };
        let mut state = G::State::clone(&saved);
        for envelope in tail {
            G::evolve(&mut state, &envelope.event);
        }
        Ok(Some(state))
    }

    /// The game's saved state and the entry it is at (a row written before
    /// rows named it is at `last_seq`, when every write saved the state),
    /// kept decoded after its first reading while the row is not written
    /// again.
    fn saved_point<G: SavedGame>(
        &self,
        id: &str,
        last_seq: u32,
    ) -> Result<Option<SavedPoint<G::State>>, StoreError> {
        if let Some(point) = self.game_logs.borrow_mut().saved::<G::State>(id) {
            return Ok(Some(point));
        }
        let Some(saved) = self.saved_row::<G>(id)? else {
            return Ok(None);
        };
        let at = saved.seq.unwrap_or(last_seq);
        if at > last_seq {
            return Ok(None);
        }
        let state = Arc::new(saved.state);
        self.game_logs.borrow_mut().put_saved(id, at, state.clone());
        Ok(Some((at, state)))
    }
}

/// For an undo or redo reaching back before the saved state: the new saved
/// point (the entry just before the earliest one the log's markers after
/// it reach, and the state there) and the state the whole log leads to.
/// A point at the game's creation or before is none: the state is then
/// saved at the last entry.
pub(super) fn new_point<G: SavedGame>(
    log: &[Envelope<G::Event>],
    added: &[Envelope<G::Event>],
) -> (SavedPoint<G::State>, G::State) {
    let last = log.last().map_or(0, |e| e.seq);
    let reached = |after: u32| {
        log[log.partition_point(|e| e.seq <= after)..]
            .iter()
            .filter_map(|e| match e.event.marker() {
                Some(Marker::Undone(seq) | Marker::Redone(seq)) => Some(seq),
                None => None,
            })
            .min()
    };
    let mut at = reached(added.first().map_or(last, |e| e.seq - 1)).map_or(last, |seq| seq - 1);
    while let Some(seq) = reached(at).filter(|seq| *seq <= at) {
        at = seq - 1;
    }
    let start = log.partition_point(|e| e.seq <= at);
    // Between two commands (a marker of a hand-edited file may name an
    // event derived from an entry, not the entry).
    let between = log
        .get(start)
        .is_none_or(|e| e.event.is_entry() || e.event.marker().is_some());
    if at > 1 && between {
        if let Some(tail) = in_effect_after(&log[start..], at) {
            let saved = G::replay(&log[..start]);
            let mut after = saved.clone();
            for envelope in tail {
                G::evolve(&mut after, &envelope.event);
            }
            return ((at, Arc::new(saved)), after);
        }
    }
    let after = G::replay(log);
    ((last, Arc::new(after.clone())), after)
}
