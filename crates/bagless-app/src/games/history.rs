//! A game's timeline, undo's "go back to here", the same for every game:
//! each event as its catalogue key (its serde `type`) and its fields as
//! params, the players' entries marked, what was undone marked.

use super::{screen, GameScreen, TableGame};
use crate::{App, AppError};
use bagless_game::undo::{Logged, UndoStack};
use serde::Serialize;
use serde_json::Value;
use std::collections::BTreeMap;
use ts_rs::TS;

/// The newest lines a history page shows.
const PAGE: usize = 200;

/// One event of a game's log, in words the UI's catalogue gives
/// (`<game>.history.<key>`, filled with `params`).
#[derive(Debug, Clone, Serialize, TS)]
#[ts(export)]
pub struct GameHistoryLine {
    pub seq: u32,
    /// RFC 3339.
    pub recorded_at: String,
    /// The event's type, as serde spells it ("dice_rolled").
    pub key: String,
    /// Its fields: ids and numbers as written, lists joined by ", ".
    pub params: BTreeMap<String, String>,
    /// A player's input (not derived from one, not an undo marker).
    pub entry: bool,
    /// Taken back by an undo (with what it derived), and not redone.
    pub undone: bool,
}

/// A game's history: the newest lines first, and how many older ones.
#[derive(Debug, Clone, Serialize, TS)]
#[ts(export)]
pub struct GameHistory {
    pub game: String,
    pub lines: Vec<GameHistoryLine>,
    pub older: u32,
}

fn word(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Array(items) => items.iter().map(word).collect::<Vec<_>>().join(", "),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

fn line<E: serde::Serialize + Logged>(
    envelope: &bagless_game::Envelope<E>,
    undone: bool,
    words: Option<&super::Words>,
) -> GameHistoryLine {
    let mut key = String::new();
    let mut params = BTreeMap::new();
    if let Some((said, with)) = words.and_then(|w| w.get(&envelope.seq)) {
        key = said.clone();
        params = with.clone();
    } else if let Ok(Value::Object(fields)) = serde_json::to_value(&envelope.event) {
        for (name, value) in fields {
            if name == "type" {
                key = word(&value);
            } else {
                params.insert(name, word(&value));
            }
        }
    }
    GameHistoryLine {
        seq: envelope.seq,
        recorded_at: envelope.recorded_at.to_rfc3339(),
        key,
        params,
        entry: envelope.event.is_entry(),
        undone,
    }
}

impl App {
    /// The game's timeline, newest first.
    pub(crate) fn game_history<G: TableGame>(&self, id: &str) -> Result<GameHistory, AppError> {
        self.with_library(|library| {
            library.game_state::<G>(id)?;
            let log = library.game_log::<G>(id)?;
            let stack = UndoStack::of(&log);
            // Which steps were undone, for the whole log (cheap), then the
            // words of the newest page only (the costly part).
            let mut undone_owner = false;
            let steps: Vec<(&bagless_game::Envelope<G::Event>, bool)> = log
                .iter()
                .filter(|e| e.event.marker().is_none())
                .map(|envelope| {
                    if envelope.event.is_entry() {
                        undone_owner = !stack.is_in_effect(envelope.seq);
                    }
                    (envelope, undone_owner)
                })
                .collect();
            let older = steps.len().saturating_sub(PAGE) as u32;
            let words = G::history_words(&log);
            let lines: Vec<GameHistoryLine> = steps
                .iter()
                .rev()
                .take(PAGE)
                .map(|(envelope, undone)| line(envelope, *undone, words.as_ref()))
                .collect();
            Ok(GameHistory {
                game: G::KIND.to_string(),
                lines,
                older,
            })
        })
    }

    /// Undoes every entry after the one at `seq`, in one write; each stays
    /// redoable until a new change is made.
    pub(crate) fn game_jump_back<G: TableGame>(
        &self,
        id: &str,
        seq: u32,
        part: &G::Part,
    ) -> Result<GameScreen<G::View>, AppError> {
        self.with_writable_library(|library| {
            let (record, state) = library.game_state::<G>(id)?;
            if record.deleted_at.is_some() {
                return Err(AppError::in_bin());
            }
            let log = library.game_log::<G>(id)?;
            let markers = G::jump_back(&log, seq)?;
            // Let go, so the store extends the log in place.
            drop(log);
            let now = (self.clock)();
            let (after, _) =
                library.append_game::<G>(id, record.last_seq, &state, &markers, now)?;
            screen::<G>(library, &library.record(id)?, &after, part)
        })
    }
}
