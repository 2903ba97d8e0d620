//! A campaign's history: the timeline, undo, redo and going back, through
//! the one road every game takes (`games::TableGame`), each answered with
//! the part of the campaign's screen asked for.

use crate::dto::{Screen, ScreenView};
use crate::games::bov::{self, Bov};
use crate::{App, AppError};
use bagless_bov::history::HistoryView;

impl App {
    /// Every step of the campaign, newest first, in the players' words.
    /// The newest `limit` steps (a page of 200 by default) and how many
    /// older ones there are.
    pub fn history(&self, campaign_id: &str, limit: Option<u32>) -> Result<HistoryView, AppError> {
        history_of(self.game_open::<Bov>(campaign_id, &bov::Part::History { limit })?)
    }

    /// Takes back the last entry in effect (with what it derived), from
    /// any screen: the answer is the view that screen shows, in the same
    /// round trip.
    pub fn undo(&self, campaign_id: &str, screen: Screen) -> Result<ScreenView, AppError> {
        screen_view(self.game_step::<Bov>(campaign_id, false, &part(screen))?)
    }

    /// Brings back the entry undone last, unless a change was made since;
    /// answers with the view `screen` shows.
    pub fn redo(&self, campaign_id: &str, screen: Screen) -> Result<ScreenView, AppError> {
        screen_view(self.game_step::<Bov>(campaign_id, true, &part(screen))?)
    }

    /// Undoes every entry after the one at `seq`, in one write; each stays
    /// redoable until a new change is made.
    pub fn jump_back(&self, campaign_id: &str, seq: u32) -> Result<HistoryView, AppError> {
        let part = bov::Part::History { limit: None };
        history_of(self.game_jump_back::<Bov>(campaign_id, seq, &part)?)
    }
}

/// The part of a campaign's screen that `screen` shows.
fn part(screen: Screen) -> bov::Part {
    match screen {
        Screen::Diary => bov::Part::Diary,
        Screen::Board => bov::Part::Board,
        Screen::Hq => bov::Part::Hq,
        Screen::History => bov::Part::History { limit: None },
    }
}

fn screen_view(screen: crate::games::GameScreen<bov::View>) -> Result<ScreenView, AppError> {
    Ok(match screen.view {
        bov::View::Diary(view) => ScreenView::Diary(view),
        bov::View::Board(view) => ScreenView::Board(view),
        bov::View::Hq(view) => ScreenView::Hq(view),
        bov::View::History(view) => ScreenView::History(view),
    })
}

fn history_of(screen: crate::games::GameScreen<bov::View>) -> Result<HistoryView, AppError> {
    match screen.view {
        bov::View::History(view) => Ok(view),
        _ => Err(crate::other_part()),
    }
}

/// Steps sent at once: a long campaign's whole history would be slow to send
/// and to draw, and players look at the latest changes.
pub(crate) const HISTORY_PAGE: u32 = 200;
