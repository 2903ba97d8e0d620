//! The store's tests keep a dice race (`bagless-dice-race`, the test game
//! of the shelf, registered in the app only in test builds) as their sample
//! game: the store knows no game, so the tests hand it the race's `evolve`
//! as a [`SavedGame`] (the app's own is `bagless_app::games::dice_race`,
//! which these tests cannot reach without a dependency loop), and read it
//! through the short names below. No rules crate of a real box is named
//! here (`crates/bagless-app/tests/structure.rs` keeps it so).
#![allow(dead_code)]

pub use bagless_dice_race::{Command, Context, Event, Game};
use bagless_game::{Envelope, Rules};
use bagless_store::{CampaignRecord, GameLog, Library, SavedGame, StoreError};
use chrono::{DateTime, Utc};

pub type EventEnvelope = Envelope<Event>;

pub struct Race;

impl SavedGame for Race {
    const KIND: &'static str = "dice_race";
    const PACK_ID: &'static str = "dice-race";
    const RULES: u32 = <Game as Rules>::EDITION;
    type Event = Event;
    type State = Game;

    fn event_kind(event: &Event) -> String {
        serde_json::to_value(event)
            .ok()
            .and_then(|v| v.get("type")?.as_str().map(str::to_string))
            .unwrap_or_default()
    }
    fn evolve(state: &mut Game, event: &Event) {
        bagless_dice_race::evolve(state, event);
    }
    fn replay(log: &[Envelope<Event>]) -> Game {
        bagless_dice_race::replay(log)
    }
    fn invariants(state: &Game) -> Result<(), String> {
        let broken = Rules::invariants(state);
        if broken.is_empty() {
            Ok(())
        } else {
            Err(broken.join(", "))
        }
    }
}

/// The race's creation: `players`, to a `target` (any: the store decides
/// nothing, so a long test race reaches further than the rules' 100).
pub fn created(players: &[&str], target: u32) -> Vec<Event> {
    vec![Event::GameCreated {
        players: players.iter().map(|p| p.to_string()).collect(),
        target,
    }]
}

/// A roll of the first player's die (the store decides nothing: whose
/// turn it is is the rules' business).
pub fn rolled(face: u8) -> Vec<Event> {
    vec![Event::Rolled { player: 0, face }]
}

/// The rules' answer to `command` (`seed` for the die Bagless rolls).
pub fn decide(state: &Game, command: &Command, now: DateTime<Utc>, seed: u64) -> Vec<Event> {
    let ctx = Context {
        now,
        seed: Some(seed),
    };
    bagless_dice_race::decide(state, command, &ctx)
        .unwrap_or_else(|refusal| panic!("{command:?}: {refusal:?}"))
}

/// A game with its state, as the library keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredGame {
    pub record: CampaignRecord,
    pub state: Game,
}

/// A race's reads and writes, by their short names.
pub trait Races {
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
        before: Option<&Game>,
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
    fn load(&self, id: &str) -> Result<StoredGame, StoreError>;
    fn log(&self, id: &str) -> Result<GameLog<Event>, StoreError>;
    fn events(&self, id: &str) -> Result<Vec<EventEnvelope>, StoreError>;
    fn check_race(&self, id: &str) -> Result<Option<String>, StoreError>;
}

impl Races for Library {
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
        before: Option<&Game>,
        events: &[Event],
        at: DateTime<Utc>,
    ) -> Result<u32, StoreError> {
        if expected_seq == 0 {
            self.create_game::<Race>(id, "Race", events, at)?;
            return Ok(events.len() as u32);
        }
        let state = match before {
            Some(state) => std::sync::Arc::new(state.clone()),
            None => self.game_state::<Race>(id)?.1,
        };
        Ok(self
            .append_game::<Race>(id, expected_seq, state, events, at)?
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
        self.game_log::<Race>(id)
    }

    fn insert_log(&mut self, id: &str, log: &[EventEnvelope]) -> Result<u32, StoreError> {
        self.insert_game_log::<Race>(id, "Race", log)
    }

    fn load(&self, id: &str) -> Result<StoredGame, StoreError> {
        let (record, state) = self.game_state::<Race>(id)?;
        let state = std::sync::Arc::unwrap_or_clone(state);
        Ok(StoredGame { record, state })
    }

    fn log(&self, id: &str) -> Result<GameLog<Event>, StoreError> {
        if self.record(id)?.game != Race::KIND {
            return Err(StoreError::NoSuchCampaign);
        }
        self.game_log::<Race>(id)
    }

    fn events(&self, id: &str) -> Result<Vec<EventEnvelope>, StoreError> {
        Ok(self.log(id)?.to_vec())
    }

    fn check_race(&self, id: &str) -> Result<Option<String>, StoreError> {
        self.check_game::<Race>(id)
    }
}
