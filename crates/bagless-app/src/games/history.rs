//! A game's history, the same for every game: its steps newest first,
//! each in the game's words with what it derived under it, what was undone
//! marked, and where "go back to here" applies (worked out by
//! `bagless_game::history`). A game words its events itself
//! ([`TableGame::history_page`]), or by their serde type and fields.

use super::{screen, GameScreen, TableGame, Words};
use crate::{App, AppError};
use bagless_game::history::{fields_line, Describe, HistoryEntry, HistoryLine, HistoryPage};
use bagless_game::undo::Logged;
use bagless_game::Envelope;
use serde::Serialize;
use ts_rs::TS;

/// The newest steps a history page shows unless more are asked for: what
/// the screen shows first (older ones on demand), small enough that a step
/// taken from a long game's history answers at once.
pub(crate) const PAGE: u32 = 50;

/// A game's history: the newest steps first, and how many older ones.
#[derive(Debug, Clone, Serialize, TS)]
#[ts(export)]
pub struct GameHistory {
    /// The game's kind ("bov", "risk"…): whose catalogue words its lines.
    pub game: String,
    pub id: String,
    pub name: String,
    pub in_bin: bool,
    /// Newest first.
    pub entries: Vec<HistoryEntry>,
    /// Older steps left out of `entries`.
    pub older: u32,
    pub can_undo: bool,
    pub can_redo: bool,
}

/// Each event by the words its game gave it (`words`, by seq), else by its
/// serde type and fields.
pub(crate) struct ByFields(pub Option<Words>);

impl<'log, E: Serialize + Logged> Describe<'log, E> for ByFields {
    fn line(&mut self, envelope: &'log Envelope<E>, wanted: bool) -> Option<HistoryLine> {
        if !wanted {
            return None;
        }
        let mut line = fields_line(&envelope.event);
        if let Some((key, params)) = self.0.as_ref().and_then(|w| w.get(&envelope.seq)) {
            line.key = key.clone();
            line.params = params.clone();
        }
        Some(line)
    }

    fn extra_details(&self, event: &E) -> Vec<HistoryLine> {
        edition_changes(event)
    }
}

/// What an edition step changed: one line under it per edition passed
/// (`rules_edition`, its `from` and `to`; the game's catalogue says
/// `rules_edition.<to>`), a step from 1 to 4 saying editions 2, 3 and 4's
/// changes, as the Brotherhood of Venice's history does. A game's step is
/// its serde type `edition_changed` with `from` and `to`.
fn edition_changes<E: Serialize>(event: &E) -> Vec<HistoryLine> {
    let Ok(serde_json::Value::Object(fields)) = serde_json::to_value(event) else {
        return Vec::new();
    };
    let edition = |name: &str| fields.get(name).and_then(serde_json::Value::as_u64);
    let kind = fields.get("type").and_then(serde_json::Value::as_str);
    let (Some("edition_changed"), Some(from), Some(to)) = (kind, edition("from"), edition("to"))
    else {
        return Vec::new();
    };
    (from.saturating_add(1)..=to)
        .map(|edition| HistoryLine {
            kind: "edition_changed".to_string(),
            key: "rules_edition".to_string(),
            params: [
                ("from".to_string(), (edition - 1).to_string()),
                ("to".to_string(), edition.to_string()),
            ]
            .into(),
            places: Default::default(),
        })
        .collect()
}

/// The page of a game that words its events by [`TableGame::history_words`].
pub(crate) fn page_by_fields<G: TableGame + ?Sized>(
    log: &[Envelope<G::Event>],
    limit: usize,
) -> HistoryPage {
    bagless_game::history::page(log, limit, &mut ByFields(G::history_words(log)))
}

impl App {
    /// The game's history, newest first: the newest `limit` steps (a page
    /// by default).
    pub(crate) fn game_history<G: TableGame>(
        &self,
        id: &str,
        limit: Option<u32>,
    ) -> Result<GameHistory, AppError> {
        self.with_library(|library| {
            let (record, state) = library.game_state::<G>(id)?;
            let log = library.game_log::<G>(id)?;
            let limit = limit.unwrap_or(PAGE) as usize;
            let page = G::history_page(&state, &log, limit)?;
            Ok(GameHistory {
                game: G::KIND.to_string(),
                id: record.id,
                name: record.name,
                in_bin: record.deleted_at.is_some(),
                entries: page.entries,
                older: page.older,
                can_undo: page.can_undo,
                can_redo: page.can_redo,
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
            let (after, record) =
                library.append_game::<G>(id, record.last_seq, state, &markers, now)?;
            screen::<G>(library, &record, &after, part, now)
        })
    }
}
