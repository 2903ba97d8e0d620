//! The one command set every game goes through (a Brotherhood of Venice
//! campaign, RISK Assassin's Creed, Assassin Nation, a memory in play):
//! create, open, act, undo, redo, rename, history and going back, each
//! finding the game's kind in the library and reaching its rules through
//! the registry, and answering with the part of the game's screen asked
//! for, or with its history (`{"part": "history"}`, which every game has:
//! a step taken from the history answers with the history, in one round
//! trip). The window calls these; a game added to the registry needs none
//! of its own.

use super::registry::{self, GameAnswer, GameCommand, Visit};
use super::{GameHistory, TableGame};
use crate::dto::CampaignSummary;
use crate::{App, AppError};

/// The part of a game's screen an answer is to show, as the window names
/// it (read as the game's own `Part`).
pub type Part = serde_json::Value;

/// What to do with a game's screen.
enum Step {
    Open,
    Act(GameCommand),
    Undo,
    Redo,
    Rename(String),
    JumpBack(u32),
}

/// The step `.2` on the game `.1`, answered with the part `.3` of its
/// screen; borrowed, so that a step can be taken again under another kind
/// (see [`App::on_screen`]).
struct OnScreen<'a>(&'a App, &'a str, &'a Step, Option<&'a serde_json::Value>);

impl Visit for OnScreen<'_> {
    type Out = Result<GameAnswer, AppError>;

    fn visit<G: TableGame>(self) -> Self::Out {
        let OnScreen(app, id, step, part) = self;
        // Every game's history, asked as the answer of a step taken from it.
        if let Some(limit) = history_asked(part) {
            let part = G::Part::default();
            match step {
                Step::Open => {}
                Step::Act(command) => drop(app.game_act::<G>(id, &command.of::<G>()?, &part)?),
                Step::Undo => drop(app.game_step::<G>(id, false, &part)?),
                Step::Redo => drop(app.game_step::<G>(id, true, &part)?),
                Step::Rename(name) => drop(app.game_rename::<G>(id, name, &part)?),
                Step::JumpBack(seq) => drop(app.game_jump_back::<G>(id, *seq, &part)?),
            }
            return GameAnswer::of_history(&app.game_history::<G>(id, limit)?);
        }
        // Every game's story and evening, asked as the part to open.
        if let Some(told) = super::told::told_asked(part) {
            return match step {
                Step::Open => app.game_told::<G>(id, &told?),
                _ => Err(AppError::new(
                    "unknown_part",
                    "A game's story is read, not played.",
                )),
            };
        }
        let part = &part_of::<G>(part)?;
        let screen = match step {
            Step::Open => app.game_open::<G>(id, part)?,
            Step::Act(command) => app.game_act::<G>(id, &command.of::<G>()?, part)?,
            Step::Undo => app.game_step::<G>(id, false, part)?,
            Step::Redo => app.game_step::<G>(id, true, part)?,
            Step::Rename(name) => app.game_rename::<G>(id, name, part)?,
            Step::JumpBack(seq) => app.game_jump_back::<G>(id, *seq, part)?,
        };
        GameAnswer::of(&screen)
    }
}

/// The history as the part asked for (`{"part": "history", "limit": n}`),
/// which every game has whatever its own parts: the newest `limit` steps
/// (`None`: a page).
fn history_asked(part: Option<&serde_json::Value>) -> Option<Option<u32>> {
    let part = part?;
    (part.get("part")?.as_str()? == "history").then(|| {
        part.get("limit")
            .and_then(serde_json::Value::as_u64)
            .map(|limit| u32::try_from(limit).unwrap_or(u32::MAX))
    })
}

/// The part of `G`'s screen asked for (all of it when none is named).
fn part_of<G: TableGame>(part: Option<&serde_json::Value>) -> Result<G::Part, AppError> {
    use serde::Deserialize;
    match part {
        None => Ok(G::Part::default()),
        Some(part) => G::Part::deserialize(part).map_err(|e| {
            AppError::new(
                "unknown_part",
                format!("That is no part of {}'s screen ({e}).", G::what()),
            )
        }),
    }
}

fn another_game() -> AppError {
    AppError::new("another_game", "That command is for another game.")
}

impl App {
    /// The kind of the game `id`, as the library records it.
    pub(super) fn kind_of(&self, id: &str) -> Result<String, AppError> {
        self.with_library(|library| Ok(library.kind_of(id)?))
    }

    /// The kind of the game `id` as [`App::kind_of`] read it last for the
    /// command set, if it did.
    fn remembered_kind(&self, id: &str) -> Option<String> {
        let kinds = self.kinds.lock().unwrap_or_else(|p| p.into_inner());
        kinds.get(id).cloned()
    }

    /// The kind of the game `id`, read from the library and remembered
    /// (forgotten when there is no such game).
    fn read_kind(&self, id: &str) -> Result<String, AppError> {
        let read = self.kind_of(id);
        let mut kinds = self.kinds.lock().unwrap_or_else(|p| p.into_inner());
        match &read {
            Ok(kind) => kinds.insert(id.to_string(), kind.clone()),
            Err(_) => kinds.remove(id),
        };
        read
    }

    /// `step` on the game `id`, through its kind's rules. A game's kind is
    /// written when it is created and never changes, so the command set
    /// reads it once (every command read it again before, a read of the
    /// library as long as a screen's). Should an id ever name a game of
    /// another kind (a library restored, a game imported), the step under
    /// the kind remembered fails before anything is written (the game's
    /// state is read first, and the store refuses it as another kind's;
    /// a command tagged for another game is refused before that): on any
    /// error the kind is read again, and the step taken again under the
    /// kind read when it differs.
    fn on_screen(
        &self,
        id: &str,
        step: Step,
        part: Option<serde_json::Value>,
    ) -> Result<GameAnswer, AppError> {
        let take = |kind: &str| {
            registry::visit(kind, OnScreen(self, id, &step, part.as_ref()))
                .unwrap_or_else(|| Err(bagless_store::StoreError::NoSuchCampaign.into()))
        };
        let Some(remembered) = self.remembered_kind(id) else {
            return take(&self.read_kind(id)?);
        };
        match take(&remembered) {
            Err(error) => match self.read_kind(id)? {
                kind if kind != remembered => take(&kind),
                _ => Err(error),
            },
            answer => answer,
        }
    }

    /// A new game named `name`, set up by `setup` (its game's creation).
    /// A memory in play is started from its campaign (`memory_start`).
    pub fn create_game(&self, name: &str, setup: GameCommand) -> Result<CampaignSummary, AppError> {
        struct Create<'a>(&'a App, &'a str, GameCommand);
        impl Visit for Create<'_> {
            type Out = Result<CampaignSummary, AppError>;
            fn visit<G: TableGame>(self) -> Self::Out {
                let Create(app, name, setup) = self;
                if !G::LISTED {
                    return Err(another_game());
                }
                app.game_create::<G>(name, &setup.of::<G>()?)
            }
        }
        let kind = setup.kind().to_string();
        registry::visit(&kind, Create(self, name, setup)).unwrap_or_else(|| Err(another_game()))
    }

    /// What the new-game form of the box `kind` offers (the rules' bounds
    /// and choices: how many players, the colours…).
    pub fn game_setup(&self, kind: &str) -> Result<GameAnswer, AppError> {
        struct Setup;
        impl Visit for Setup {
            type Out = Result<GameAnswer, AppError>;
            fn visit<G: TableGame>(self) -> Self::Out {
                match G::setup_offer() {
                    Some(offer) => GameAnswer::of_setup(
                        offer.map_err(|e| AppError::new("library_io", e.to_string()))?,
                    ),
                    None => Err(another_game()),
                }
            }
        }
        registry::visit(kind, Setup).unwrap_or_else(|| Err(another_game()))
    }

    /// What the game's screen shows (`part` of it, for a game of several
    /// screens: a campaign's diary, boards, HQ or history).
    pub fn open_game(&self, id: &str, part: Option<Part>) -> Result<GameAnswer, AppError> {
        self.on_screen(id, Step::Open, part)
    }

    /// One command of the players, decided by the game's rules and saved;
    /// the answer shows `part` of the screen.
    pub fn act_in_game(
        &self,
        id: &str,
        command: GameCommand,
        part: Option<Part>,
    ) -> Result<GameAnswer, AppError> {
        self.on_screen(id, Step::Act(command), part)
    }

    pub fn undo_in_game(&self, id: &str, part: Option<Part>) -> Result<GameAnswer, AppError> {
        self.on_screen(id, Step::Undo, part)
    }

    pub fn redo_in_game(&self, id: &str, part: Option<Part>) -> Result<GameAnswer, AppError> {
        self.on_screen(id, Step::Redo, part)
    }

    pub fn rename_game(
        &self,
        id: &str,
        name: &str,
        part: Option<Part>,
    ) -> Result<GameAnswer, AppError> {
        self.on_screen(id, Step::Rename(name.to_string()), part)
    }

    /// Back to the entry at `seq`: every later entry undone, redoable.
    pub fn jump_back_in_game(
        &self,
        id: &str,
        seq: u32,
        part: Option<Part>,
    ) -> Result<GameAnswer, AppError> {
        self.on_screen(id, Step::JumpBack(seq), part)
    }

    /// The game's history, newest first: the newest `limit` steps (a
    /// page by default).
    pub fn game_history_of(&self, id: &str, limit: Option<u32>) -> Result<GameHistory, AppError> {
        struct History<'a>(&'a App, &'a str, Option<u32>);
        impl Visit for History<'_> {
            type Out = Result<GameHistory, AppError>;
            fn visit<G: TableGame>(self) -> Self::Out {
                self.0.game_history::<G>(self.1, self.2)
            }
        }
        let kind = self.kind_of(id)?;
        registry::visit(&kind, History(self, id, limit))
            .unwrap_or_else(|| Err(bagless_store::StoreError::NoSuchCampaign.into()))
    }
}
