//! The games other than Brotherhood of Venice (RISK Assassin's Creed,
//! Assassin Nation): their events go in the same `events` log, and the
//! state their rules crate's `evolve` computed after the last one is saved
//! beside it in `game_states`, in the same transaction. The store knows
//! nothing of their rules: a [`SavedGame`] hands it `evolve` and `replay`.

use crate::{parse_time, record_in, CampaignRecord, Library, StoreError};
use bagless_game::undo::Logged;
use bagless_game::Envelope;
use chrono::{DateTime, Utc};
use rusqlite::{OptionalExtension, TransactionBehavior};
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::any::Any;
use std::sync::Arc;

/// A game the library keeps as a log and a saved state.
pub trait SavedGame: 'static {
    /// The `campaigns.game` value: "risk", "nation".
    const KIND: &'static str;
    type Event: Serialize + DeserializeOwned + Clone + Logged + Send + Sync + 'static;
    type State: Serialize + DeserializeOwned + Default + Clone;

    /// The event's name in the log's `kind` column.
    fn event_kind(event: &Self::Event) -> &'static str;
    /// The game's name, as its creation or a rename set it.
    fn name(state: &Self::State) -> &str;
    fn pack_id(state: &Self::State) -> &str;
    fn evolve(state: &mut Self::State, event: &Self::Event);
    /// The state the log's entries in effect lead to (undone ones left out).
    fn replay(log: &[Envelope<Self::Event>]) -> Self::State;
}

/// A game's whole log, decoded.
pub type GameLog<E> = Arc<Vec<Envelope<E>>>;

/// The decoded logs of the last few games used, as for Brotherhood of
/// Venice's campaigns: good while `last_seq` is the last event's and no
/// other connection wrote (`data_version`).
#[derive(Default)]
pub(crate) struct GameLogCache {
    data_version: i64,
    /// Most recently used last: the game's id and its `GameLog<E>`.
    logs: Vec<(String, Arc<dyn Any + Send + Sync>)>,
}

const CACHED_GAME_LOGS: usize = 4;

impl GameLogCache {
    fn take<E: Send + Sync + 'static>(&mut self, id: &str) -> Option<GameLog<E>> {
        let at = self.logs.iter().position(|(cached, _)| cached == id)?;
        let (_, log) = self.logs.remove(at);
        Arc::downcast::<Vec<Envelope<E>>>(log).ok()
    }

    fn put<E: Send + Sync + 'static>(&mut self, id: &str, log: GameLog<E>) {
        self.logs.retain(|(cached, _)| cached != id);
        if self.logs.len() >= CACHED_GAME_LOGS {
            self.logs.remove(0);
        }
        self.logs.push((id.to_string(), log));
    }
}

impl Library {
    /// A game's record and its saved state. Refused as "no such campaign"
    /// when the id is another kind of game's.
    pub fn game_state<G: SavedGame>(
        &self,
        id: &str,
    ) -> Result<(CampaignRecord, G::State), StoreError> {
        let record = record_in(&self.conn, id)?;
        if record.game != G::KIND {
            return Err(StoreError::NoSuchCampaign);
        }
        let text: String = self
            .conn
            .prepare_cached("SELECT state FROM game_states WHERE campaign_id = ?1")?
            .query_row([id], |row| row.get(0))
            .optional()?
            .ok_or_else(|| StoreError::Damaged(format!("game {id} has no saved state")))?;
        let state = serde_json::from_str(&text)
            .map_err(|e| StoreError::Damaged(format!("game {id}'s saved state: {e}")))?;
        Ok((record, state))
    }

    /// A game's log, in order, decoded once and then kept while nothing
    /// else writes to it.
    pub fn game_log<G: SavedGame>(&self, id: &str) -> Result<GameLog<G::Event>, StoreError> {
        let data_version: i64 = self
            .conn
            .pragma_query_value(None, "data_version", |r| r.get(0))?;
        let last_seq: Option<u32> = self
            .conn
            .prepare_cached("SELECT last_seq FROM campaigns WHERE id = ?1")?
            .query_row([id], |r| r.get(0))
            .optional()?;
        let mut cache = self.game_logs.borrow_mut();
        if cache.data_version != data_version {
            *cache = GameLogCache {
                data_version,
                logs: Vec::new(),
            };
        }
        if let Some(log) = cache.take::<G::Event>(id) {
            if Some(log.last().map_or(0, |e| e.seq)) == last_seq {
                cache.put(id, log.clone());
                return Ok(log);
            }
        }
        let log = Arc::new(self.read_game_events::<G>(id)?);
        if last_seq.is_some() {
            cache.put(id, log.clone());
        }
        Ok(log)
    }

    fn read_game_events<G: SavedGame>(
        &self,
        id: &str,
    ) -> Result<Vec<Envelope<G::Event>>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT seq, recorded_at, payload FROM events WHERE campaign_id = ?1 ORDER BY seq",
        )?;
        let rows = stmt.query_map([id], |row| {
            Ok((
                row.get::<_, u32>(0)?,
                row.get::<_, String>(1)?,
                row.get::<_, String>(2)?,
            ))
        })?;
        rows.map(|row| {
            let (seq, recorded_at, payload) = row?;
            Ok(Envelope {
                seq,
                recorded_at: parse_time(&recorded_at)?,
                event: serde_json::from_str(&payload)
                    .map_err(|e| StoreError::Damaged(format!("event {seq}: {e}")))?,
            })
        })
        .collect()
    }

    /// Appends the events one command decided, after `expected_seq`, and
    /// saves the state they lead to, in one transaction. `before` is the
    /// state at `expected_seq`, as [`Library::game_state`] read it (the
    /// default state for a new game, `expected_seq` 0). Undo and redo
    /// markers change which earlier entries count, so the state is then
    /// replayed from the whole log. Answers with the new state and last seq.
    pub fn append_game<G: SavedGame>(
        &mut self,
        id: &str,
        expected_seq: u32,
        before: &G::State,
        events: &[G::Event],
        at: DateTime<Utc>,
    ) -> Result<(G::State, u32), StoreError> {
        if !(1..=9999).contains(&chrono::Datelike::year(&at)) {
            return Err(StoreError::BadTime(at.to_string()));
        }
        let added: Vec<Envelope<G::Event>> = events
            .iter()
            .zip(expected_seq + 1..)
            .map(|(event, seq)| Envelope {
                seq,
                recorded_at: at,
                event: event.clone(),
            })
            .collect();
        let markers = events.iter().any(|e| e.marker().is_some());
        let full = if markers || expected_seq == 0 {
            let mut log = if expected_seq == 0 {
                Vec::new()
            } else {
                Arc::unwrap_or_clone(self.game_log::<G>(id)?)
            };
            if log.last().map_or(0, |e| e.seq) != expected_seq {
                return Err(StoreError::Conflict);
            }
            log.extend(added.iter().cloned());
            Some(log)
        } else {
            None
        };
        let after = match &full {
            Some(log) => G::replay(log),
            None => added.iter().fold(before.clone(), |mut state, e| {
                G::evolve(&mut state, &e.event);
                state
            }),
        };
        let last = expected_seq + added.len() as u32;
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let current: Option<u32> = tx
            .prepare_cached("SELECT last_seq FROM campaigns WHERE id = ?1")?
            .query_row([id], |row| row.get(0))
            .optional()?;
        if current.unwrap_or(0) != expected_seq || (expected_seq == 0 && current.is_some()) {
            return Err(StoreError::Conflict);
        }
        if expected_seq == 0 {
            tx.execute(
                "INSERT INTO campaigns (id, name, pack_id, game, created_at) VALUES (?1, ?2, ?3, ?4, ?5)",
                rusqlite::params![id, G::name(&after), G::pack_id(&after), G::KIND, at.to_rfc3339()],
            )?;
        } else if G::name(&after) != G::name(before) {
            tx.prepare_cached("UPDATE campaigns SET name = ?2 WHERE id = ?1")?
                .execute(rusqlite::params![id, G::name(&after)])?;
        }
        {
            let mut insert = tx.prepare_cached(
                "INSERT INTO events (campaign_id, seq, kind, payload, recorded_at)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
            )?;
            for envelope in &added {
                insert.execute(rusqlite::params![
                    id,
                    envelope.seq,
                    G::event_kind(&envelope.event),
                    serde_json::to_string(&envelope.event)?,
                    envelope.recorded_at.to_rfc3339(),
                ])?;
            }
        }
        tx.prepare_cached(
            "INSERT INTO game_states (campaign_id, state) VALUES (?1, ?2)
             ON CONFLICT (campaign_id) DO UPDATE SET state = excluded.state",
        )?
        .execute(rusqlite::params![id, serde_json::to_string(&after)?])?;
        tx.prepare_cached("UPDATE campaigns SET last_seq = ?2 WHERE id = ?1")?
            .execute(rusqlite::params![id, last])?;
        tx.commit()?;
        // The cache follows what was written.
        let mut cache = self.game_logs.borrow_mut();
        match full {
            Some(log) => cache.put(id, Arc::new(log)),
            None => {
                if let Some(mut log) = cache.take::<G::Event>(id) {
                    if log.last().map_or(0, |e| e.seq) == expected_seq {
                        Arc::make_mut(&mut log).extend(added);
                        cache.put(id, log);
                    }
                }
            }
        }
        Ok((after, last))
    }

    /// Writes a whole log at once (an import): a new game, all or nothing.
    pub fn insert_game_log<G: SavedGame>(
        &mut self,
        id: &str,
        log: &[Envelope<G::Event>],
    ) -> Result<u32, StoreError> {
        let at = log.first().map_or_else(Utc::now, |e| e.recorded_at);
        let events: Vec<G::Event> = log.iter().map(|e| e.event.clone()).collect();
        let (_, last) = self.append_game::<G>(id, 0, &G::State::default(), &events, at)?;
        Ok(last)
    }

    /// Replays a game's log and compares it with its saved state: `None`
    /// when they agree, else what is wrong in plain words.
    pub fn check_game<G: SavedGame>(&self, id: &str) -> Result<Option<String>, StoreError>
    where
        G::State: PartialEq,
    {
        let log = match self.game_log::<G>(id) {
            Ok(log) => log,
            Err(StoreError::Damaged(why)) => {
                return Ok(Some(format!("its history is damaged ({why})")))
            }
            Err(other) => return Err(other),
        };
        if let Some((expected, envelope)) = (1u32..)
            .zip(log.iter())
            .find(|(expected, envelope)| envelope.seq != *expected)
        {
            return Ok(Some(format!(
                "its history skips from entry {} to entry {}",
                expected - 1,
                envelope.seq
            )));
        }
        let (_, saved) = match self.game_state::<G>(id) {
            Ok(found) => found,
            Err(StoreError::Damaged(why)) => return Ok(Some(why)),
            Err(other) => return Err(other),
        };
        if G::replay(&log) != saved {
            return Ok(Some(
                "its saved state differs from what its history gives".to_string(),
            ));
        }
        Ok(None)
    }
}
