//! The one command set, read back typed for the tests (and the benches and
//! the CLI's tests, which include this file): every call goes through
//! `App::create_game`, `open_game`, `act_in_game`, `undo_in_game`… with the
//! game's kind and its command as JSON, as the window's do, and its answer
//! is read as the game's own screen (`GameScreen` of its rules crate's
//! view). No game has a door of its own here: the game is a type argument
//! (`app.act::<Risk>(&id, command)`).
#![allow(dead_code)]

use bagless_app::games::bov::{Bov, DestinationsView, Part, View};
use bagless_app::games::{GameScreen, TableGame};
use bagless_app::{
    App, AppError, BoardView, CampaignSummary, DiaryView, GameAnswer, GameCommand, GameHistory,
    HqView, NewCampaign, PlayerCommand,
};
use serde::de::DeserializeOwned;
use serde::Serialize;

/// A game's screen, as the command set answers it.
pub type Screen<G> = GameScreen<<G as TableGame>::View>;

/// `command` for the game `G`, as the window sends it.
pub fn command_for<G: TableGame>(command: impl Serialize) -> GameCommand {
    GameCommand {
        game: G::KIND.to_string(),
        command: serde_json::to_value(command).expect("a command is JSON"),
    }
}

/// The answer read as `G`'s screen.
pub fn screen_of<G: TableGame>(answer: Result<GameAnswer, AppError>) -> Result<Screen<G>, AppError>
where
    G::View: DeserializeOwned,
{
    let answer = answer?;
    serde_json::from_str(answer.json()).map_err(|e| {
        AppError::new(
            "not_this_game",
            format!("The answer is another game's screen ({e})."),
        )
    })
}

fn part(part: impl Serialize) -> Option<serde_json::Value> {
    Some(serde_json::to_value(part).expect("a part is JSON"))
}

/// The command set, typed by the game it is asked of.
pub trait Door {
    fn create<G: TableGame>(
        &self,
        name: &str,
        setup: impl Serialize,
    ) -> Result<CampaignSummary, AppError>;
    fn open<G: TableGame>(&self, id: &str) -> Result<Screen<G>, AppError>
    where
        G::View: DeserializeOwned;
    fn open_at<G: TableGame>(&self, id: &str, at: impl Serialize) -> Result<Screen<G>, AppError>
    where
        G::View: DeserializeOwned;
    fn act<G: TableGame>(&self, id: &str, command: impl Serialize) -> Result<Screen<G>, AppError>
    where
        G::View: DeserializeOwned;
    fn act_at<G: TableGame>(
        &self,
        id: &str,
        command: impl Serialize,
        at: impl Serialize,
    ) -> Result<Screen<G>, AppError>
    where
        G::View: DeserializeOwned;
    fn undo<G: TableGame>(&self, id: &str) -> Result<Screen<G>, AppError>
    where
        G::View: DeserializeOwned;
    fn redo<G: TableGame>(&self, id: &str) -> Result<Screen<G>, AppError>
    where
        G::View: DeserializeOwned;
    fn rename<G: TableGame>(&self, id: &str, name: &str) -> Result<Screen<G>, AppError>
    where
        G::View: DeserializeOwned;
    fn jump_back<G: TableGame>(&self, id: &str, seq: u32) -> Result<Screen<G>, AppError>
    where
        G::View: DeserializeOwned;
    /// Back to `seq`, answered with the history (the window's road from
    /// the history screen).
    fn jump_back_history(&self, id: &str, seq: u32) -> Result<GameHistory, AppError>;
    /// Any game's history: the newest `limit` steps (a page by default).
    fn history(&self, id: &str, limit: Option<u32>) -> Result<GameHistory, AppError>;
    /// A campaign of Brotherhood of Venice, as its new-game form sends it.
    fn create_campaign(&self, input: NewCampaign) -> Result<CampaignSummary, AppError>;
}

impl Door for App {
    fn create<G: TableGame>(
        &self,
        name: &str,
        setup: impl Serialize,
    ) -> Result<CampaignSummary, AppError> {
        self.create_game(name, command_for::<G>(setup))
    }

    fn open<G: TableGame>(&self, id: &str) -> Result<Screen<G>, AppError>
    where
        G::View: DeserializeOwned,
    {
        screen_of::<G>(self.open_game(id, None))
    }

    fn open_at<G: TableGame>(&self, id: &str, at: impl Serialize) -> Result<Screen<G>, AppError>
    where
        G::View: DeserializeOwned,
    {
        screen_of::<G>(self.open_game(id, part(at)))
    }

    fn act<G: TableGame>(&self, id: &str, command: impl Serialize) -> Result<Screen<G>, AppError>
    where
        G::View: DeserializeOwned,
    {
        screen_of::<G>(self.act_in_game(id, command_for::<G>(command), None))
    }

    fn act_at<G: TableGame>(
        &self,
        id: &str,
        command: impl Serialize,
        at: impl Serialize,
    ) -> Result<Screen<G>, AppError>
    where
        G::View: DeserializeOwned,
    {
        screen_of::<G>(self.act_in_game(id, command_for::<G>(command), part(at)))
    }

    fn undo<G: TableGame>(&self, id: &str) -> Result<Screen<G>, AppError>
    where
        G::View: DeserializeOwned,
    {
        screen_of::<G>(self.undo_in_game(id, None))
    }

    fn redo<G: TableGame>(&self, id: &str) -> Result<Screen<G>, AppError>
    where
        G::View: DeserializeOwned,
    {
        screen_of::<G>(self.redo_in_game(id, None))
    }

    fn rename<G: TableGame>(&self, id: &str, name: &str) -> Result<Screen<G>, AppError>
    where
        G::View: DeserializeOwned,
    {
        screen_of::<G>(self.rename_game(id, name, None))
    }

    fn jump_back<G: TableGame>(&self, id: &str, seq: u32) -> Result<Screen<G>, AppError>
    where
        G::View: DeserializeOwned,
    {
        screen_of::<G>(self.jump_back_in_game(id, seq, None))
    }

    fn jump_back_history(&self, id: &str, seq: u32) -> Result<GameHistory, AppError> {
        self.jump_back_in_game(id, seq, None)?;
        self.game_history_of(id, None)
    }

    fn history(&self, id: &str, limit: Option<u32>) -> Result<GameHistory, AppError> {
        self.game_history_of(id, limit)
    }

    fn create_campaign(&self, input: NewCampaign) -> Result<CampaignSummary, AppError> {
        let name = input.name.clone();
        self.create::<Bov>(
            &name,
            PlayerCommand::Create {
                name: input.name,
                pack_id: input.pack_id,
                assassins: input.assassins,
            },
        )
    }
}

/// The part of a campaign's screen an answer shows, read out of it.
pub trait Parts {
    fn diary(self) -> Result<DiaryView, AppError>;
    fn board(self) -> Result<BoardView, AppError>;
    fn hq(self) -> Result<HqView, AppError>;
    fn destinations(self) -> Result<DestinationsView, AppError>;
}

fn other_part() -> AppError {
    AppError::new("other_part", "The campaign answered with another part.")
}

impl Parts for Result<Screen<Bov>, AppError> {
    fn diary(self) -> Result<DiaryView, AppError> {
        match self?.view {
            View::Diary(view) => Ok(view),
            _ => Err(other_part()),
        }
    }
    fn board(self) -> Result<BoardView, AppError> {
        match self?.view {
            View::Board(view) => Ok(view),
            _ => Err(other_part()),
        }
    }
    fn hq(self) -> Result<HqView, AppError> {
        match self?.view {
            View::Hq(view) => Ok(view),
            _ => Err(other_part()),
        }
    }
    fn destinations(self) -> Result<DestinationsView, AppError> {
        match self?.view {
            View::Destinations(view) => Ok(view),
            _ => Err(other_part()),
        }
    }
}

/// A campaign's parts, as the window names them.
pub const DIARY: Part = Part::Diary;
pub const BOARD: Part = Part::Board;
pub const HQ: Part = Part::Hq;

/// Where the card `card`, picked up on the boards, may be put now.
pub fn destinations_of(card: &str) -> Part {
    Part::Destinations {
        card: card.to_string(),
    }
}
