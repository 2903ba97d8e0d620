//! The history use-cases: the timeline, undo, redo and going back.

use crate::dto::{Screen, ScreenView};
use crate::games::bov::{self, Bov};
use crate::{App, AppError};
use bagless_bov::campaign::{Event, EventEnvelope};
use bagless_bov::history::{self, HistoryView};
use bagless_bov::RuleViolation;
use bagless_store::Library;

impl App {
    /// Every step of the campaign, newest first, in the players' words.
    /// The newest `limit` steps (a page of 200 by default) and how many
    /// older ones there are.
    pub fn history(&self, campaign_id: &str, limit: Option<u32>) -> Result<HistoryView, AppError> {
        self.with_library(|library| {
            let log = bov::log(library, campaign_id)?;
            self.history_of_log(library, campaign_id, &log, limit.unwrap_or(HISTORY_PAGE))
        })
    }

    /// Takes back the last entry in effect (with what it derived), from
    /// any screen: the answer is the view that screen shows, in the same
    /// round trip.
    pub fn undo(&self, campaign_id: &str, screen: Screen) -> Result<ScreenView, AppError> {
        self.step_then(campaign_id, history::decide_undo, |library, log| {
            self.screen_view(library, campaign_id, log, screen)
        })
    }

    /// Brings back the entry undone last, unless a change was made since;
    /// answers with the view `screen` shows.
    pub fn redo(&self, campaign_id: &str, screen: Screen) -> Result<ScreenView, AppError> {
        self.step_then(campaign_id, history::decide_redo, |library, log| {
            self.screen_view(library, campaign_id, log, screen)
        })
    }

    /// What `screen` shows of the campaign, after a step back or forward.
    fn screen_view(
        &self,
        library: &Library,
        campaign_id: &str,
        log: &[EventEnvelope],
        screen: Screen,
    ) -> Result<ScreenView, AppError> {
        Ok(match screen {
            Screen::Diary => ScreenView::Diary(self.diary(library, campaign_id)?),
            Screen::Board => ScreenView::Board(self.board(library, campaign_id)?),
            Screen::Hq => ScreenView::Hq(self.hq(library, campaign_id)?),
            Screen::History => {
                ScreenView::History(self.history_of_log(library, campaign_id, log, HISTORY_PAGE)?)
            }
        })
    }

    /// Undoes every entry after the one at `seq`, in one write; each stays
    /// redoable until a new change is made.
    pub fn jump_back(&self, campaign_id: &str, seq: u32) -> Result<HistoryView, AppError> {
        self.step_then(
            campaign_id,
            |log| history::decide_jump_back(log, seq),
            |library, log| self.history_of_log(library, campaign_id, log, HISTORY_PAGE),
        )
    }

    /// The newest `limit` steps of the history, from the campaign's whole log.
    fn history_of_log(
        &self,
        library: &Library,
        campaign_id: &str,
        log: &[EventEnvelope],
        limit: u32,
    ) -> Result<HistoryView, AppError> {
        let record = library.record(campaign_id)?;
        let pack = self.packs.get(&record.pack_id)?;
        Ok(history::history_page(
            campaign_id,
            log,
            pack,
            limit as usize,
        ))
    }

    /// Decides an undo, a redo or a jump back on the campaign's log, appends
    /// its markers (the store replays the log to the state they lead to),
    /// and answers with
    /// `view`, which is given the log as written.
    pub(crate) fn step_then<T>(
        &self,
        campaign_id: &str,
        decide: impl FnOnce(&[EventEnvelope]) -> Result<Vec<Event>, RuleViolation>,
        view: impl FnOnce(&Library, &[EventEnvelope]) -> Result<T, AppError>,
    ) -> Result<T, AppError> {
        let now = (self.clock)();
        self.with_writable_library(|library| {
            let stored = bov::load(library, campaign_id)?;
            if stored.record.deleted_at.is_some() {
                return Err(AppError::in_bin());
            }
            let log = library.game_log::<Bov>(campaign_id)?;
            let markers = decide(&log).map_err(|v| AppError::new(v.code.as_str(), v.message))?;
            // Let go, so the store extends the log in place.
            drop(log);
            library.append_game::<Bov>(
                campaign_id,
                stored.record.last_seq,
                &stored.state,
                &markers,
                now,
            )?;
            let log = library.game_log::<Bov>(campaign_id)?;
            view(library, &log)
        })
    }
}

/// Steps sent at once: a long campaign's whole history would be slow to send
/// and to draw, and players look at the latest changes.
pub const HISTORY_PAGE: u32 = 200;
