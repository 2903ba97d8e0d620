//! Every game the library keeps (a Brotherhood of Venice campaign, a game
//! of RISK Assassin's Creed or Assassin Nation, a memory in play): its
//! events go in the `events` log, and the state its rules crate's
//! `evolve` computed is saved beside it in `game_states`, in the same
//! transaction, every [`SAVED_EVERY`] entries. The store knows nothing of
//! any game's rules: a [`SavedGame`] hands it `evolve` and `replay`.
//!
//! The log is what the library keeps; the saved state is only what it
//! leads to, kept so that a game opens without replaying it. The saved
//! state names the entry it is at (`seq`); the few entries after it are
//! played on it when the game is read. The summary the library lists is
//! written with every entry. The state is
//! saved with the edition of the rules that computed it
//! (`SavedGame::RULES`): one saved by other rules (an upgrade, whose
//! `evolve` may differ), by a library older than the stamp, or that cannot
//! be read, is computed again from the log, and saved again.

mod saved_point;

pub use crate::cache::{GameLog, CACHED_ENTRIES};
use crate::transaction::{read_at_once, Writing};
use crate::{parse_time, record_in, CampaignRecord, Library, StoreError};
use bagless_game::undo::Logged;
use bagless_game::Envelope;
use chrono::{DateTime, Utc};
use rusqlite::OptionalExtension;
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::sync::Arc;

/// A game the library keeps as a log and a saved state.
pub trait SavedGame: 'static {
    /// The `campaigns.game` value: "bov", "risk", "nation".
    const KIND: &'static str;
    /// The edition of the rules whose `evolve` computes the saved state:
    /// a state saved under another is computed again from the log.
    const RULES: u32;
    type Event: Serialize + DeserializeOwned + Clone + Logged + Send + Sync + 'static;
    type State: Serialize + DeserializeOwned + Default + Clone + Send + Sync + 'static;

    /// The event's name in the log's `kind` column.
    fn event_kind(event: &Self::Event) -> String;
    /// The box's pack, kept in `campaigns.pack_id`.
    const PACK_ID: &'static str;
    /// The pack a game is played with, once created: the box's own unless
    /// the game chooses one (a campaign names its pack).
    fn pack_id(_state: &Self::State) -> String {
        Self::PACK_ID.to_string()
    }
    /// The game's name when its rules keep one (a campaign is renamed by an
    /// entry of its diary): the library's record follows it.
    fn name(_state: &Self::State) -> Option<&str> {
        None
    }
    /// The day the game was last played, as the library lists it: by
    /// default the day of its last entry.
    fn played_on(_state: &Self::State, last: &Envelope<Self::Event>) -> Option<String> {
        Some(last.recorded_at.format("%Y-%m-%d").to_string())
    }
    fn evolve(state: &mut Self::State, event: &Self::Event);
    /// The state the log's entries in effect lead to (undone ones left out).
    fn replay(log: &[Envelope<Self::Event>]) -> Self::State;
    /// What must hold of any state the game's rules lead to (every card in
    /// one place, money conserved…), in plain words when it does not.
    fn invariants(_state: &Self::State) -> Result<(), String> {
        Ok(())
    }
    /// Which parts of two states differ, for a check's message.
    fn differences(_saved: &Self::State, _replayed: &Self::State) -> Option<String> {
        None
    }
    /// What the library lists of the game (its box, its players, how far
    /// it has come), kept beside its state so that the list reads no
    /// state: read back with [`Library::summaries`] and [`summary_of`].
    fn summary(_state: &Self::State) -> Option<serde_json::Value> {
        None
    }
    /// The shape of [`SavedGame::summary`]: raised when the summary gains
    /// or changes a field, so that one saved before is computed again (and
    /// saved again, [`Library::keep_summary`]) rather than read short.
    const SUMMARY: u32 = 1;
    /// The values of the box these events set (asked once, then offered
    /// to every new game of the box), by key: saved with the events.
    fn remembered(_events: &[Self::Event]) -> Vec<(String, serde_json::Value)> {
        Vec::new()
    }
}

/// How often a game's state is saved: at every entry whose seq is a
/// multiple of this (or an append crossing one), at an undo or redo that
/// reaches back to the saved state or before (one after it is played on
/// it: `saved_point`), at an import and whenever it is computed again from
/// the whole log.
/// Between, a command writes its entries and the library's summary only:
/// serialising a long campaign's state (7 KB) and SQLite's check of its
/// JSON took half of a command's time beside the commit. A game is read
/// by playing at most this many entries on its saved state.
pub const SAVED_EVERY: u32 = 32;

fn stamped<E: Clone>(
    events: &[E],
    after_seq: u32,
    at: DateTime<Utc>,
    by: Option<Author<'_>>,
) -> Vec<Envelope<E>> {
    events
        .iter()
        .enumerate()
        .zip(after_seq + 1..)
        .map(|((i, event), seq)| Envelope {
            seq,
            recorded_at: at,
            event: event.clone(),
            by: by
                .filter(|author| i >= author.from)
                .map(|author| author.name.to_owned()),
        })
        .collect()
}

/// Who entered a command's entries, when not the host's window: a seat's
/// name, for the entries from index `from` on (those before are the app's
/// own, such as a rules edition's step written with the command).
#[derive(Debug, Clone, Copy)]
pub struct Author<'a> {
    pub name: &'a str,
    pub from: usize,
}

/// A saved state and the rules that computed it, as `game_states` holds it.
#[derive(Serialize)]
struct Saving<'a, S> {
    rules: u32,
    /// The entry the state is at.
    seq: u32,
    state: &'a S,
}

/// A saved summary, stamped like its state and with its shape.
#[derive(Serialize)]
struct SavingSummary<'a> {
    rules: u32,
    shape: u32,
    state: &'a serde_json::Value,
}

#[derive(serde::Deserialize)]
struct Saved<S> {
    /// An edition; a version string ("0.1.0") in a library written before
    /// games had editions, which never matches one.
    rules: serde_json::Value,
    /// A summary's shape ([`SavedGame::SUMMARY`]); 1 when not written.
    #[serde(default = "first_shape")]
    shape: u32,
    /// The entry a state is at; not written before states were saved
    /// every [`SAVED_EVERY`] entries, when every state was at the game's
    /// last entry.
    #[serde(default)]
    seq: Option<u32>,
    state: S,
}

/// A game's saved state as read back: the state at the game's last
/// entry, or computed again from its log, saved by other rules (or none
/// yet) or in a row unlike anything the library writes (why, in plain
/// words).
enum SavedRead<S> {
    State(S),
    Recompute,
    Unlike(String),
}

fn first_shape() -> u32 {
    1
}

/// A game's summary as `game_states.summary` keeps it, stamped like its
/// state.
fn summary_text<G: SavedGame>(state: &G::State) -> Result<Option<String>, serde_json::Error> {
    G::summary(state)
        .map(|summary| {
            serde_json::to_string(&SavingSummary {
                rules: G::RULES,
                shape: G::SUMMARY,
                state: &summary,
            })
        })
        .transpose()
}

/// A summary as [`Library::summaries`] read it, if the rules of `G` that
/// run now wrote it.
pub fn summary_of<G: SavedGame>(text: &str) -> Option<serde_json::Value> {
    serde_json::from_str::<Saved<serde_json::Value>>(text)
        .ok()
        .filter(|saved| saved.rules == G::RULES && saved.shape == G::SUMMARY)
        .map(|saved| saved.state)
}

fn saved_text<G: SavedGame>(state: &G::State, seq: u32) -> Result<String, serde_json::Error> {
    serde_json::to_string(&Saving {
        rules: G::RULES,
        seq,
        state,
    })
}

impl Library {
    /// A game's record and its saved state (kept decoded for the next
    /// read while nothing writes to the game). Refused as "no such
    /// campaign" when the id is another kind of game's.
    pub fn game_state<G: SavedGame>(
        &self,
        id: &str,
    ) -> Result<(CampaignRecord, Arc<G::State>), StoreError> {
        let (record, saved) = read_at_once(&self.conn, || {
            let record = record_in(&self.conn, id)?;
            if record.game != G::KIND {
                return Err(StoreError::NoSuchCampaign);
            }
            let mut cache = self.game_logs.borrow_mut();
            cache.follow(&self.conn)?;
            if let Some(state) = cache.state::<G::State>(id, record.last_seq) {
                return Ok((record, Some(state)));
            }
            drop(cache);
            let saved = match self.saved_state::<G>(id, record.last_seq)? {
                SavedRead::State(state) => Some(Arc::new(state)),
                SavedRead::Recompute | SavedRead::Unlike(_) => None,
            };
            Ok((record, saved))
        })?;
        let state = match saved {
            Some(state) => state,
            None => Arc::new(self.recompute_game_state::<G>(id)?),
        };
        self.game_logs
            .borrow_mut()
            .put_state(id, record.last_seq, state.clone());
        Ok((record, state))
    }

    /// Saves a game's summary again from its state (one [`summary_of`] did
    /// not take: written by other rules or in an older shape), so that the
    /// next list reads it. Only if nothing was added meanwhile; a library
    /// opened read-only refuses the write, and the summary is then computed
    /// at each list.
    pub fn keep_summary<G: SavedGame>(&self, id: &str, last_seq: u32, state: &G::State) {
        let Ok(summary) = summary_text::<G>(state) else {
            return;
        };
        let _ = self.conn.execute(
            "UPDATE campaigns SET summary = ?2 WHERE id = ?1 AND last_seq = ?3",
            rusqlite::params![id, summary, last_seq],
        );
    }

    /// The state at the game's entry `last_seq`: the one saved in its row,
    /// if saved by these rules and it reads as their state, with the
    /// entries after the one it is at played on it. Otherwise it must be
    /// computed again from the whole log: saved by other rules (or none
    /// yet), or a row no write of the library leaves (a state ahead of the
    /// log, an undo or redo after it, a gap), which `check_game` names.
    fn saved_state<G: SavedGame>(
        &self,
        id: &str,
        last_seq: u32,
    ) -> Result<SavedRead<G::State>, StoreError> {
        let Some(saved) = self.saved_row::<G>(id)? else {
            return Ok(SavedRead::Recompute);
        };
        let at = saved.seq.unwrap_or(last_seq);
        if at == last_seq {
            return Ok(SavedRead::State(saved.state));
        }
        if at > last_seq {
            return Ok(SavedRead::Unlike(format!(
                "its saved state is at entry {at}, past its last entry {last_seq}"
            )));
        }
        let mut state = saved.state;
        let mut stmt = self.conn.prepare_cached(
            "SELECT seq, payload FROM events WHERE campaign_id = ?1 AND seq > ?2 ORDER BY seq",
        )?;
        let mut rows = stmt.query(rusqlite::params![id, at])?;
        let mut tail = Vec::new();
        while let Some(row) = rows.next()? {
            let seq: u32 = row.get(0)?;
            let payload: String = row.get(1)?;
            let Ok(event) = serde_json::from_str::<G::Event>(&payload) else {
                // The check of the whole log names it.
                return Ok(SavedRead::Recompute);
            };
            if seq != at + 1 + tail.len() as u32 {
                return Ok(SavedRead::Recompute);
            }
            // When it was written does not change what counts.
            tail.push(Envelope {
                seq,
                recorded_at: DateTime::<Utc>::UNIX_EPOCH,
                event,
                by: None,
            });
        }
        if at + tail.len() as u32 != last_seq {
            return Ok(SavedRead::Recompute);
        }
        let Some(in_effect) = bagless_game::undo::in_effect_after(&tail, at) else {
            return Ok(SavedRead::Unlike(format!(
                "an undo or redo after its saved state (entry {at}) reaches back before it, which no write leaves"
            )));
        };
        for envelope in in_effect {
            G::evolve(&mut state, &envelope.event);
        }
        Ok(SavedRead::State(state))
    }

    /// The game's `game_states` row, if saved by the rules of `G` that run
    /// now and read as their state.
    fn saved_row<G: SavedGame>(&self, id: &str) -> Result<Option<Saved<G::State>>, StoreError> {
        let text: Option<String> = self
            .conn
            .prepare_cached("SELECT state FROM game_states WHERE campaign_id = ?1")?
            .query_row([id], |row| row.get(0))
            .optional()?;
        Ok(text
            .and_then(|text| serde_json::from_str::<Saved<G::State>>(&text).ok())
            .filter(|saved| saved.rules == G::RULES))
    }

    /// The state a game's log leads to, computed again (see the module's
    /// notes), and saved for the next time when the library can be written.
    fn recompute_game_state<G: SavedGame>(&self, id: &str) -> Result<G::State, StoreError> {
        let log = self.game_log::<G>(id)?;
        let Some(last) = log.last() else {
            return Err(StoreError::Damaged(format!("game {id} has no entries")));
        };
        let state = G::replay(&log);
        self.game_logs.borrow_mut().forget_saved(id);
        // Only if nothing was added meanwhile. A library opened read-only
        // refuses the write: the state is then computed at each opening.
        let _ = self.conn.execute(
            "INSERT INTO game_states (campaign_id, state)
             SELECT ?1, ?2 WHERE (SELECT last_seq FROM campaigns WHERE id = ?1) = ?3
             ON CONFLICT (campaign_id) DO UPDATE SET state = excluded.state",
            rusqlite::params![id, saved_text::<G>(&state, last.seq)?, last.seq],
        );
        let _ = self.conn.execute(
            "UPDATE campaigns SET played_on = ?3, summary = ?4 WHERE id = ?1 AND last_seq = ?2",
            rusqlite::params![
                id,
                last.seq,
                G::played_on(&state, last),
                summary_text::<G>(&state)?
            ],
        );
        Ok(state)
    }

    /// A game's log, in order, decoded once and then kept while nothing
    /// else writes to it.
    pub fn game_log<G: SavedGame>(&self, id: &str) -> Result<GameLog<G::Event>, StoreError> {
        let last_seq: Option<u32> = self
            .conn
            .prepare_cached("SELECT last_seq FROM campaigns WHERE id = ?1")?
            .query_row([id], |r| r.get(0))
            .optional()?;
        let mut cache = self.game_logs.borrow_mut();
        cache.follow(&self.conn)?;
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
            "SELECT seq, recorded_at, payload, author FROM events WHERE campaign_id = ?1 ORDER BY seq",
        )?;
        let rows = stmt.query_map([id], |row| {
            Ok((
                row.get::<_, u32>(0)?,
                row.get::<_, String>(1)?,
                row.get::<_, String>(2)?,
                row.get::<_, Option<String>>(3)?,
            ))
        })?;
        rows.map(|row| {
            let (seq, recorded_at, payload, by) = row?;
            Ok(Envelope {
                seq,
                recorded_at: parse_time(&recorded_at)?,
                event: serde_json::from_str(&payload)
                    .map_err(|e| StoreError::Damaged(format!("event {seq}: {e}")))?,
                by,
            })
        })
        .collect()
    }

    /// Appends the events one command decided, after `expected_seq`, and
    /// saves the state they lead to, in one transaction. `before` is the
    /// state at `expected_seq`, as [`Library::game_state`] read it (the
    /// default state for a new game, `expected_seq` 0). Undo and redo
    /// markers change which earlier entries count, so the state is then
    /// replayed from the whole log. Answers with the new state and the
    /// game's record as written (its last seq, name, summary).
    pub fn append_game<G: SavedGame>(
        &mut self,
        id: &str,
        expected_seq: u32,
        before: Arc<G::State>,
        events: &[G::Event],
        at: DateTime<Utc>,
    ) -> Result<(Arc<G::State>, CampaignRecord), StoreError> {
        self.append_game_by::<G>(id, expected_seq, before, events, at, None)
    }

    /// [`Library::append_game`], entries entered by `by` (a seat at the
    /// table, from its phone), not the host's window.
    pub fn append_game_by<G: SavedGame>(
        &mut self,
        id: &str,
        expected_seq: u32,
        before: Arc<G::State>,
        events: &[G::Event],
        at: DateTime<Utc>,
        by: Option<Author<'_>>,
    ) -> Result<(Arc<G::State>, CampaignRecord), StoreError> {
        if expected_seq == 0 {
            return Err(StoreError::Conflict);
        }
        self.write_game::<G>(
            id,
            None,
            expected_seq,
            before,
            stamped(events, expected_seq, at, by),
            true,
        )
    }

    /// A new game named `name`, its log starting with `events` (its
    /// creation); the state they lead to.
    pub fn create_game<G: SavedGame>(
        &mut self,
        id: &str,
        name: &str,
        events: &[G::Event],
        at: DateTime<Utc>,
    ) -> Result<Arc<G::State>, StoreError> {
        let (state, _) = self.write_game::<G>(
            id,
            Some(name),
            0,
            Arc::default(),
            stamped(events, 0, at, None),
            true,
        )?;
        Ok(state)
    }

    /// Gives a game another name (a game's rules have no names: this is
    /// the library's).
    pub fn rename_game(&mut self, id: &str, name: &str) -> Result<(), StoreError> {
        let changed = self.conn.execute(
            "UPDATE campaigns SET name = ?2 WHERE id = ?1",
            rusqlite::params![id, name],
        )?;
        if changed == 0 {
            return Err(StoreError::NoSuchCampaign);
        }
        Ok(())
    }

    fn write_game<G: SavedGame>(
        &mut self,
        id: &str,
        name: Option<&str>,
        expected_seq: u32,
        before: Arc<G::State>,
        added: Vec<Envelope<G::Event>>,
        // Whether the values of the box the events set are remembered for
        // the next games: not from an imported file.
        remember: bool,
    ) -> Result<(Arc<G::State>, CampaignRecord), StoreError> {
        for (envelope, seq) in added.iter().zip(expected_seq + 1..) {
            if envelope.seq != seq {
                return Err(StoreError::Conflict);
            }
            // RFC 3339 holds years 0 to 9999 only: never write what cannot be read.
            if !(1..=9999).contains(&chrono::Datelike::year(&envelope.recorded_at)) {
                return Err(StoreError::BadTime(envelope.recorded_at.to_string()));
            }
        }
        let markers = added.iter().any(|e| e.event.marker().is_some());
        let full = if markers || expected_seq == 0 {
            let mut log = if expected_seq == 0 {
                Vec::new()
            } else {
                let log = self.game_log::<G>(id)?;
                // The cache's copy is let go first, so that the log is
                // extended in place when no one else holds it.
                self.game_logs.borrow_mut().take::<G::Event>(id);
                Arc::unwrap_or_clone(log)
            };
            if log.last().map_or(0, |e| e.seq) != expected_seq {
                return Err(StoreError::Conflict);
            }
            log.extend(added.iter().cloned());
            Some(log)
        } else {
            None
        };
        // The game's name before, for the record to follow a rename.
        let renamed_from = G::name(&before).map(str::to_owned);
        // Where the state is saved at this write, if it is: see below.
        let mut new_point: Option<(u32, Arc<G::State>)> = None;
        let after = match &full {
            Some(log) if expected_seq > 0 => {
                match self.replayed_from_saved::<G>(id, log, expected_seq)? {
                    Some(state) => state,
                    None => {
                        let (point, after) = saved_point::new_point::<G>(log, &added);
                        new_point = Some(point);
                        after
                    }
                }
            }
            Some(log) => G::replay(log),
            None => {
                // Evolved in place when the cache's is the only other hold
                // on it (copied otherwise).
                self.game_logs.borrow_mut().forget_state(id);
                added
                    .iter()
                    .fold(Arc::unwrap_or_clone(before), |mut state, e| {
                        G::evolve(&mut state, &e.event);
                        state
                    })
            }
        };
        let last = expected_seq + added.len() as u32;
        let tx = Writing::begin(&mut self.conn)?;
        let current: Option<u32> = tx
            .prepare_cached("SELECT last_seq FROM campaigns WHERE id = ?1")?
            .query_row([id], |row| row.get(0))
            .optional()?;
        if current.unwrap_or(0) != expected_seq || (expected_seq == 0 && current.is_some()) {
            return Err(StoreError::Conflict);
        }
        if expected_seq == 0 {
            let at = added.first().map_or_else(Utc::now, |e| e.recorded_at);
            let name = G::name(&after).or(name).unwrap_or_default();
            tx.prepare_cached(
                "INSERT INTO campaigns (id, name, pack_id, game, created_at) VALUES (?1, ?2, ?3, ?4, ?5)",
            )?
            .execute(rusqlite::params![
                id,
                name,
                G::pack_id(&after),
                G::KIND,
                at.to_rfc3339()
            ])?;
        } else if let Some(name) =
            G::name(&after).filter(|name| renamed_from.as_deref() != Some(name))
        {
            tx.prepare_cached("UPDATE campaigns SET name = ?2 WHERE id = ?1")?
                .execute(rusqlite::params![id, name])?;
        }
        {
            let mut insert = tx.prepare_cached(
                "INSERT INTO events (campaign_id, seq, kind, payload, recorded_at, author)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            )?;
            for envelope in &added {
                insert.execute(rusqlite::params![
                    id,
                    envelope.seq,
                    G::event_kind(&envelope.event),
                    serde_json::to_string(&envelope.event)?,
                    envelope.recorded_at.to_rfc3339(),
                    envelope.by,
                ])?;
            }
        }
        let played_on = added.last().and_then(|last| G::played_on(&after, last));
        let summary = summary_text::<G>(&after)?;
        // The state is saved at a new game and every [`SAVED_EVERY`]
        // entries (an undo or redo aside: it is played on the saved state);
        // at an undo or redo reaching back before the saved state, the state
        // just before the entries it reaches is saved (`saved_point`). Else
        // the row keeps the state it holds, at an earlier entry. The record
        // takes the day played and the summary at every entry.
        let after = Arc::new(after);
        let saved = match (&full, new_point) {
            (_, Some(point)) => Some(point),
            (Some(_), None) if expected_seq == 0 => Some((last, after.clone())),
            (None, None) if expected_seq / SAVED_EVERY != last / SAVED_EVERY => {
                Some((last, after.clone()))
            }
            _ => None,
        };
        if let Some((at, state)) = &saved {
            tx.prepare_cached(
                "INSERT INTO game_states (campaign_id, state) VALUES (?1, ?2)
                 ON CONFLICT (campaign_id) DO UPDATE SET state = excluded.state",
            )?
            .execute(rusqlite::params![id, saved_text::<G>(state, *at)?])?;
        }
        tx.prepare_cached(
            "UPDATE campaigns SET last_seq = ?2, played_on = ?3, summary = ?4 WHERE id = ?1",
        )?
        .execute(rusqlite::params![id, last, played_on, summary])?;
        if remember {
            let events: Vec<G::Event> = added.iter().map(|e| e.event.clone()).collect();
            upsert_box_values(&tx, G::KIND, &G::remembered(&events))?;
        }
        let record = record_in(&tx, id)?;
        tx.commit()?;
        // The cache follows what was written.
        let mut cache = self.game_logs.borrow_mut();
        cache.put_state(id, last, after.clone());
        if let Some((at, state)) = saved {
            cache.put_saved(id, at, state);
        }
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
        Ok((after, record))
    }

    /// Writes a whole log at once (an import): a new game, all or nothing.
    pub fn insert_game_log<G: SavedGame>(
        &mut self,
        id: &str,
        name: &str,
        log: &[Envelope<G::Event>],
    ) -> Result<u32, StoreError> {
        let (_, record) =
            self.write_game::<G>(id, Some(name), 0, Arc::default(), log.to_vec(), false)?;
        Ok(record.last_seq)
    }

    /// Appends entries from another library's log of the same game (an
    /// import that brings it up to date) after `expected_seq`, each with
    /// its own seq, date and author as recorded there, and saves the state
    /// they lead to, in one transaction: all or nothing.
    pub fn append_game_log<G: SavedGame>(
        &mut self,
        id: &str,
        expected_seq: u32,
        before: Arc<G::State>,
        log: &[Envelope<G::Event>],
    ) -> Result<(Arc<G::State>, CampaignRecord), StoreError> {
        if expected_seq == 0 {
            return Err(StoreError::Conflict);
        }
        self.write_game::<G>(id, None, expected_seq, before, log.to_vec(), false)
    }

    /// Replays a game's log and compares it with its saved state: `None`
    /// when they agree, else what is wrong in plain words.
    pub fn check_game<G: SavedGame>(&self, id: &str) -> Result<Option<String>, StoreError>
    where
        G::State: PartialEq,
    {
        self.check_game_as::<G>(id, None)
    }

    /// [`Library::check_game`], with the state its log gives when the
    /// caller has it already (its rules decided the log again): the log is
    /// then not replayed a second time.
    pub fn check_game_as<G: SavedGame>(
        &self,
        id: &str,
        replayed: Option<G::State>,
    ) -> Result<Option<String>, StoreError>
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
        // The row as the file holds it, never a state kept in memory; one
        // saved by other rules (or none yet) is computed again at its next
        // reading, from the log checked here.
        let record = record_in(&self.conn, id)?;
        if record.game != G::KIND {
            return Err(StoreError::NoSuchCampaign);
        }
        let replayed = replayed.unwrap_or_else(|| G::replay(&log));
        let saved = match self.saved_state::<G>(id, record.last_seq)? {
            SavedRead::State(state) => state,
            SavedRead::Recompute => replayed.clone(),
            SavedRead::Unlike(why) => return Ok(Some(why)),
        };
        let last_logged = log.last().map_or(0, |e| e.seq);
        if record.last_seq != last_logged {
            return Ok(Some(format!(
                "its record says entry {} but its history ends at entry {last_logged}",
                record.last_seq
            )));
        }
        // The box the library lists it under is its history's (a row edited
        // to name a box this build does not know would keep it from being
        // decided again).
        if G::pack_id(&replayed) != record.pack_id {
            return Ok(Some(format!(
                "the library lists it under the box {}, its history under {}",
                record.pack_id,
                G::pack_id(&replayed)
            )));
        }
        if replayed != saved {
            return Ok(Some(match G::differences(&saved, &replayed) {
                Some(parts) => format!("its saved state differs from its history ({parts})"),
                None => "its saved state differs from what its history gives".to_string(),
            }));
        }
        if let Err(why) = G::invariants(&saved) {
            return Ok(Some(format!("its state breaks the rules ({why})")));
        }
        Ok(None)
    }
}

impl Library {
    /// The values of `game`'s box the players entered in any of its games.
    pub fn box_values(&self, game: &str) -> Result<Vec<(String, serde_json::Value)>, StoreError> {
        let mut stmt = self
            .conn
            .prepare_cached("SELECT key, value FROM box_values WHERE game = ?1 ORDER BY key")?;
        let rows = stmt.query_map([game], |row| {
            Ok((row.get::<_, String>(0)?, row.get::<_, String>(1)?))
        })?;
        rows.map(|row| {
            let (key, value) = row?;
            let value = serde_json::from_str(&value)
                .map_err(|e| StoreError::Damaged(format!("box value {key}: {e}")))?;
            Ok((key, value))
        })
        .collect()
    }
}

/// Remembers values of `game`'s box for its next games, in the write that
/// recorded them.
fn upsert_box_values(
    tx: &rusqlite::Connection,
    game: &str,
    values: &[(String, serde_json::Value)],
) -> Result<(), StoreError> {
    let mut upsert = tx.prepare_cached(
        "INSERT INTO box_values (game, key, value) VALUES (?1, ?2, ?3)
         ON CONFLICT (game, key) DO UPDATE SET value = excluded.value",
    )?;
    for (key, value) in values {
        upsert.execute(rusqlite::params![game, key, value.to_string()])?;
    }
    Ok(())
}
