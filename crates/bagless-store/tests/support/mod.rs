//! The store's tests keep Brotherhood of Venice campaigns, the longest logs
//! of the shelf, as a sample game: the store knows no game, so the tests
//! hand it BoV's `evolve` as a [`SavedGame`] (the app's own is
//! `bagless_app::games::bov::Bov`, which these tests cannot reach without
//! a dependency loop), and read it through the short names below.
#![allow(dead_code)]

use bagless_bov::campaign::{Campaign, Event, EventEnvelope};
use bagless_game::Envelope;
use bagless_store::{CampaignRecord, GameLog, Library, SavedGame, StoreError};
use chrono::{DateTime, Utc};

pub struct Bov;

impl SavedGame for Bov {
    const KIND: &'static str = "bov";
    const PACK_ID: &'static str = "core";
    const RULES: u32 = bagless_bov::EDITION;
    type Event = Event;
    type State = Campaign;

    fn event_kind(event: &Event) -> String {
        event.kind().to_string()
    }
    fn pack_id(state: &Campaign) -> String {
        state.pack_id.clone()
    }
    fn name(state: &Campaign) -> Option<&str> {
        Some(&state.name)
    }
    fn evolve(state: &mut Campaign, event: &Event) {
        *state = bagless_bov::campaign::evolve(std::mem::take(state), event);
    }
    fn replay(log: &[Envelope<Event>]) -> Campaign {
        bagless_bov::campaign::replay_log(log)
    }
    fn invariants(state: &Campaign) -> Result<(), String> {
        bagless_bov::assassins::check_invariants(state)
    }
}

/// A campaign with its state, as the library keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredCampaign {
    pub record: CampaignRecord,
    pub state: Campaign,
}

/// A campaign's reads and writes, by their short names.
pub trait Campaigns {
    fn append(
        &mut self,
        id: &str,
        expected_seq: u32,
        events: &[Event],
        at: DateTime<Utc>,
    ) -> Result<u32, StoreError>;
    fn append_to(
        &mut self,
        id: &str,
        expected_seq: u32,
        before: Option<&Campaign>,
        events: &[Event],
        at: DateTime<Utc>,
    ) -> Result<u32, StoreError>;
    fn append_markers(
        &mut self,
        id: &str,
        log: GameLog<Event>,
        markers: &[Event],
        at: DateTime<Utc>,
    ) -> Result<GameLog<Event>, StoreError>;
    fn insert_log(&mut self, id: &str, log: &[EventEnvelope]) -> Result<u32, StoreError>;
    fn load(&self, id: &str) -> Result<StoredCampaign, StoreError>;
    fn log(&self, id: &str) -> Result<GameLog<Event>, StoreError>;
    fn events(&self, id: &str) -> Result<Vec<EventEnvelope>, StoreError>;
    fn check_campaign(&self, id: &str) -> Result<Option<String>, StoreError>;
}

impl Campaigns for Library {
    fn append(
        &mut self,
        id: &str,
        expected_seq: u32,
        events: &[Event],
        at: DateTime<Utc>,
    ) -> Result<u32, StoreError> {
        self.append_to(id, expected_seq, None, events, at)
    }

    fn append_to(
        &mut self,
        id: &str,
        expected_seq: u32,
        before: Option<&Campaign>,
        events: &[Event],
        at: DateTime<Utc>,
    ) -> Result<u32, StoreError> {
        if expected_seq == 0 {
            self.create_game::<Bov>(id, "", events, at)?;
            return Ok(events.len() as u32);
        }
        let state = match before {
            Some(state) => std::sync::Arc::new(state.clone()),
            None => self.game_state::<Bov>(id)?.1,
        };
        Ok(self
            .append_game::<Bov>(id, expected_seq, state, events, at)?
            .1
            .last_seq)
    }

    fn append_markers(
        &mut self,
        id: &str,
        log: GameLog<Event>,
        markers: &[Event],
        at: DateTime<Utc>,
    ) -> Result<GameLog<Event>, StoreError> {
        let expected_seq = log.last().map_or(0, |e| e.seq);
        self.append(id, expected_seq, markers, at)?;
        self.game_log::<Bov>(id)
    }

    fn insert_log(&mut self, id: &str, log: &[EventEnvelope]) -> Result<u32, StoreError> {
        self.insert_game_log::<Bov>(id, "", log)
    }

    fn load(&self, id: &str) -> Result<StoredCampaign, StoreError> {
        let (record, state) = self.game_state::<Bov>(id)?;
        let state = std::sync::Arc::unwrap_or_clone(state);
        Ok(StoredCampaign { record, state })
    }

    fn log(&self, id: &str) -> Result<GameLog<Event>, StoreError> {
        if self.record(id)?.game != Bov::KIND {
            return Err(StoreError::NoSuchCampaign);
        }
        self.game_log::<Bov>(id)
    }

    fn events(&self, id: &str) -> Result<Vec<EventEnvelope>, StoreError> {
        Ok(self.log(id)?.to_vec())
    }

    fn check_campaign(&self, id: &str) -> Result<Option<String>, StoreError> {
        self.check_game::<Bov>(id)
    }
}
