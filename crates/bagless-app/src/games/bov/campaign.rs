//! A campaign's use-cases as the `bagless` command and the tests call them,
//! each typed: the one road every game takes (`games::TableGame`), with
//! the part of the campaign's screen each answers with (its diary, boards
//! or HQ), and its history (every game's). The window calls the same road
//! untyped (`game_*`).

use super::{Bov, Part, View};
use crate::dto::{NewCampaign, Screen, ScreenView};
use crate::games::GameScreen;
use crate::{App, AppError, CampaignSummary, GameHistory};
use bagless_bov::board_view::BoardView;
use bagless_bov::campaign::{AttemptInput, Command};
use bagless_bov::diary::DiaryView;
use bagless_bov::hq_view::HqView;
use bagless_bov::overrides::OverrideInput;

impl App {
    /// Every campaign in the order the library keeps them, in the bin or
    /// not, of a known box or not.
    pub fn stored_campaigns(&self) -> Result<Vec<crate::rescue::StoredCampaignView>, AppError> {
        self.with_library(|library| {
            let mut found = Vec::new();
            // Brotherhood of Venice's campaigns; the other games have no diary.
            for record in library.campaigns()? {
                if record.game != super::KIND {
                    continue;
                }
                let stored = super::load(library, &record.id)?;
                found.push(crate::rescue::StoredCampaignView {
                    id: record.id,
                    name: record.name,
                    pack_id: record.pack_id,
                    in_bin: record.deleted_at.is_some(),
                    last_played_on: record.last_played_on,
                    last_seq: record.last_seq,
                    state: std::sync::Arc::unwrap_or_clone(stored.state),
                });
            }
            Ok(found)
        })
    }

    /// A new campaign of Brotherhood of Venice.
    pub fn create_campaign(&self, input: NewCampaign) -> Result<CampaignSummary, AppError> {
        let command = Command::Create {
            name: input.name.clone(),
            pack_id: input.pack_id,
            assassins: input.assassins,
        };
        self.game_create::<Bov>(&input.name, &command)
    }

    pub fn open_diary(&self, campaign_id: &str) -> Result<DiaryView, AppError> {
        diary_of(self.game_open::<Bov>(campaign_id, &Part::Diary)?)
    }

    /// Decides `command` on the campaign and appends its events; the diary
    /// after.
    fn execute(&self, campaign_id: &str, command: Command) -> Result<DiaryView, AppError> {
        diary_of(self.game_act::<Bov>(campaign_id, &command, &Part::Diary)?)
    }

    /// The assassin boards, the piles and what the sheets list.
    pub fn open_board(&self, campaign_id: &str) -> Result<BoardView, AppError> {
        match self.game_open::<Bov>(campaign_id, &Part::Board)?.view {
            View::Board(view) => Ok(view),
            _ => Err(other_part()),
        }
    }

    /// The HQ board: miniatures, buildings, patients, the numbers known.
    pub fn open_hq(&self, campaign_id: &str) -> Result<HqView, AppError> {
        match self.game_open::<Bov>(campaign_id, &Part::Hq)?.view {
            View::Hq(view) => Ok(view),
            _ => Err(other_part()),
        }
    }

    /// A command of the campaign, answered with the HQ board.
    pub fn hq_act(&self, campaign_id: &str, command: Command) -> Result<HqView, AppError> {
        match self.game_act::<Bov>(campaign_id, &command, &Part::Hq)?.view {
            View::Hq(view) => Ok(view),
            _ => Err(other_part()),
        }
    }

    /// A command of the campaign, answered with the assassin boards.
    pub fn board_act(&self, campaign_id: &str, command: Command) -> Result<BoardView, AppError> {
        match self
            .game_act::<Bov>(campaign_id, &command, &Part::Board)?
            .view
        {
            View::Board(view) => Ok(view),
            _ => Err(other_part()),
        }
    }

    pub fn record_attempt(
        &self,
        campaign_id: &str,
        input: AttemptInput,
    ) -> Result<DiaryView, AppError> {
        self.execute(campaign_id, Command::RecordAttempt(input))
    }

    pub fn decline_optional(&self, campaign_id: &str, memory: &str) -> Result<DiaryView, AppError> {
        let memory = memory.to_string();
        self.execute(campaign_id, Command::DeclineOptional { memory })
    }

    pub fn set_hq_sticker(
        &self,
        campaign_id: &str,
        number: u8,
        marked: bool,
    ) -> Result<DiaryView, AppError> {
        self.execute(campaign_id, Command::SetHqSticker { number, marked })
    }

    /// A number typed over what the rules computed (the XP, the HQ level),
    /// recorded as an override with the players' reason.
    pub fn override_value(
        &self,
        campaign_id: &str,
        input: OverrideInput,
    ) -> Result<DiaryView, AppError> {
        self.execute(campaign_id, Command::Override(input))
    }

    pub fn rename_campaign(&self, campaign_id: &str, name: &str) -> Result<DiaryView, AppError> {
        diary_of(self.game_rename::<Bov>(campaign_id, name, &Part::Diary)?)
    }

    /// Every step of the campaign, newest first, in the players' words.
    /// The newest `limit` steps (a page of 50 by default) and how many
    /// older ones there are.
    pub fn history(&self, campaign_id: &str, limit: Option<u32>) -> Result<GameHistory, AppError> {
        self.game_history::<Bov>(campaign_id, limit)
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
    pub fn jump_back(&self, campaign_id: &str, seq: u32) -> Result<GameHistory, AppError> {
        self.game_jump_back::<Bov>(campaign_id, seq, &Part::Diary)?;
        self.history(campaign_id, None)
    }
}

/// The part of a campaign's screen that `screen` shows.
fn part(screen: Screen) -> Part {
    match screen {
        Screen::Diary => Part::Diary,
        Screen::Board => Part::Board,
        Screen::Hq => Part::Hq,
    }
}

fn screen_view(screen: GameScreen<View>) -> Result<ScreenView, AppError> {
    Ok(match screen.view {
        View::Diary(view) => ScreenView::Diary(view),
        View::Board(view) => ScreenView::Board(view),
        View::Hq(view) => ScreenView::Hq(view),
    })
}

/// The diary in a campaign's answer.
fn diary_of(screen: GameScreen<View>) -> Result<DiaryView, AppError> {
    match screen.view {
        View::Diary(view) => Ok(view),
        _ => Err(other_part()),
    }
}

/// An answer showing another part of the campaign than the one asked for
/// (never: each answer shows the part asked).
fn other_part() -> AppError {
    AppError::new("library_io", "The campaign answered with another screen.")
}
