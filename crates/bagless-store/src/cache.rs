//! The decoded logs and states of the last few games used, kept for speed
//! and bounded by size (issue 31): what a long game costs to decode is paid
//! once, not at every command. An undo plays on the saved state a game's
//! row holds, kept decoded too.

use crate::StoreError;
use bagless_game::Envelope;
use std::any::Any;
use std::sync::Arc;

/// A game's whole log, decoded.
pub type GameLog<E> = Arc<Vec<Envelope<E>>>;

/// The decoded logs and states of the last few games used: a log is good
/// while `last_seq` is its last event's and no other connection wrote
/// (SQLite's `data_version`); a state, while the game's `last_seq` is the
/// one it was read or written at. An undo, a redo, the history or the next
/// command of a long game then need not read and decode it again.
#[derive(Default)]
pub(crate) struct GameLogCache {
    data_version: i64,
    /// Most recently used last: the game's id, its `GameLog<E>` and how
    /// many entries it holds.
    logs: Vec<(String, Arc<dyn Any + Send + Sync>, usize)>,
    /// Most recently used last: the game's id, the `last_seq` it is at and
    /// its state.
    states: Vec<(String, u32, Arc<dyn Any + Send + Sync>)>,
    /// Most recently used last: the game's id, and its saved state (its
    /// `game_states` row) with the entry it is at, once an undo or redo
    /// played on it. Kept while that row is.
    saved: Vec<(String, u32, Arc<dyn Any + Send + Sync>)>,
}

/// How many games' logs and states are kept decoded, at most.
const CACHED_GAME_LOGS: usize = 4;

/// How many entries the kept logs hold together, at most (a decoded entry
/// is a few hundred bytes: about 10 MB). The log in use is kept whatever
/// its length; older ones go first. The memory kept for speed is thus
/// bounded by size, and does not grow with the library or its longest game.
pub const CACHED_ENTRIES: usize = 40_000;

impl GameLogCache {
    /// Drops everything if another connection wrote since it was filled.
    pub(crate) fn follow(&mut self, conn: &rusqlite::Connection) -> Result<(), StoreError> {
        let data_version: i64 = conn
            .prepare_cached("PRAGMA data_version")?
            .query_row([], |r| r.get(0))?;
        if self.data_version != data_version {
            *self = GameLogCache {
                data_version,
                ..GameLogCache::default()
            };
        }
        Ok(())
    }

    pub(crate) fn take<E: Send + Sync + 'static>(&mut self, id: &str) -> Option<GameLog<E>> {
        let at = self.logs.iter().position(|(cached, _, _)| cached == id)?;
        let (_, log, _) = self.logs.remove(at);
        Arc::downcast::<Vec<Envelope<E>>>(log).ok()
    }

    pub(crate) fn put<E: Send + Sync + 'static>(&mut self, id: &str, log: GameLog<E>) {
        self.logs.retain(|(cached, _, _)| cached != id);
        let entries = log.len();
        self.logs.push((id.to_string(), log, entries));
        while self.logs.len() > CACHED_GAME_LOGS
            || (self.logs.len() > 1 && self.cached_entries() > CACHED_ENTRIES)
        {
            self.logs.remove(0);
        }
    }

    /// How many entries the kept logs hold together.
    pub(crate) fn cached_entries(&self) -> usize {
        self.logs.iter().map(|(_, _, entries)| entries).sum()
    }

    /// The game's state at `last_seq`, if kept (shared, not copied: a
    /// long game's state is read at every command).
    pub(crate) fn state<S: Send + Sync + 'static>(
        &mut self,
        id: &str,
        last_seq: u32,
    ) -> Option<Arc<S>> {
        let at = self.states.iter().position(|(cached, _, _)| cached == id)?;
        let (id, seq, state) = self.states.remove(at);
        if seq != last_seq {
            return None;
        }
        let state = Arc::downcast::<S>(state).ok()?;
        self.states.push((id, seq, state.clone()));
        Some(state)
    }

    pub(crate) fn put_state<S: Send + Sync + 'static>(
        &mut self,
        id: &str,
        last_seq: u32,
        state: Arc<S>,
    ) {
        self.forget_state(id);
        if self.states.len() >= CACHED_GAME_LOGS {
            self.states.remove(0);
        }
        self.states.push((id.to_string(), last_seq, state));
    }

    /// Lets go of the game's state (a write about to change it in place).
    pub(crate) fn forget_state(&mut self, id: &str) {
        self.states.retain(|(cached, _, _)| cached != id);
    }

    /// The game's saved state and the entry it is at, if kept.
    pub(crate) fn saved<S: Send + Sync + 'static>(&mut self, id: &str) -> Option<(u32, Arc<S>)> {
        let at = self.saved.iter().position(|(cached, _, _)| cached == id)?;
        let (id, seq, state) = self.saved.remove(at);
        let state = Arc::downcast::<S>(state).ok()?;
        self.saved.push((id, seq, state.clone()));
        Some((seq, state))
    }

    pub(crate) fn put_saved<S: Send + Sync + 'static>(
        &mut self,
        id: &str,
        seq: u32,
        state: Arc<S>,
    ) {
        self.forget_saved(id);
        if self.saved.len() >= CACHED_GAME_LOGS {
            self.saved.remove(0);
        }
        self.saved.push((id.to_string(), seq, state));
    }

    /// The game's `game_states` row was written again.
    pub(crate) fn forget_saved(&mut self, id: &str) {
        self.saved.retain(|(cached, _, _)| cached != id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::Utc;

    fn log(entries: usize) -> GameLog<u32> {
        let at = Utc::now();
        Arc::new(
            (1..=entries as u32)
                .map(|seq| Envelope {
                    seq,
                    recorded_at: at,
                    event: seq,
                    by: None,
                })
                .collect(),
        )
    }

    /// What the library keeps decoded for speed is bounded by size: the
    /// log in use whatever its length, older ones while the entries kept
    /// together stay under CACHED_ENTRIES, and never more than
    /// CACHED_GAME_LOGS games.
    #[test]
    fn the_logs_kept_decoded_are_bounded_by_their_entries() {
        let mut cache = GameLogCache::default();
        for game in 0..10 {
            cache.put(&format!("g{game}"), log(20_000));
            assert!(cache.cached_entries() <= CACHED_ENTRIES, "game {game}");
            assert!(
                cache.take::<u32>(&format!("g{game}")).is_some(),
                "the log in use is kept"
            );
            cache.put(&format!("g{game}"), log(20_000));
        }
        assert_eq!(cache.logs.len(), 2);
        cache.put("long", log(100_000));
        assert_eq!(cache.logs.len(), 1, "a long log in use is kept alone");
        for game in 0..10 {
            cache.put(&format!("s{game}"), log(10));
        }
        assert_eq!(cache.logs.len(), CACHED_GAME_LOGS);
    }
}
