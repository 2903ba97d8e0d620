//! The dice race through the app's door (test builds only, feature
//! `test-game`): the whole of what a game adds outside its rules crate,
//! besides the one line in the registry's `visit`.

use super::{GameScreen, TableGame};
use crate::AppError;
use bagless_dice_race::{Command, Event, Game, RaceView};

/// `campaigns.game` for a dice race.
pub const KIND: &str = "dice_race";

pub struct DiceRace;

saved_game!(DiceRace, bagless_dice_race, KIND, "dice-race");

impl From<bagless_dice_race::Refusal> for AppError {
    fn from(refusal: bagless_dice_race::Refusal) -> Self {
        AppError::new(refusal.code, refusal.message)
    }
}

impl TableGame for DiceRace {
    type Command = Command;
    type View = RaceView;
    type Part = super::Whole;

    rules_decisions!(bagless_dice_race);

    fn view(state: &Game) -> RaceView {
        bagless_dice_race::view(state)
    }

    fn players(state: &Game) -> Vec<String> {
        state.players.clone()
    }

    fn round(state: &Game) -> u32 {
        state.round()
    }

    fn seats(state: &Game) -> Vec<super::seats::Seat> {
        bagless_dice_race::seats::seats(state)
            .into_iter()
            .map(|(seat, name)| super::seats::Seat {
                id: seat.to_string(),
                name,
            })
            .collect()
    }

    fn seat_view(state: &Game, seat: &str) -> Option<serde_json::Value> {
        let seat: usize = seat.parse().ok()?;
        serde_json::to_value(bagless_dice_race::seats::seat_view(state, seat)?).ok()
    }

    fn seat_command(
        state: &Game,
        seat: &str,
        action: serde_json::Value,
    ) -> Result<Command, AppError> {
        let seat: usize = seat.parse().map_err(|_| super::seats::no_action())?;
        let asked = serde_json::from_value(action).map_err(|_| super::seats::no_action())?;
        Ok(bagless_dice_race::seats::seat_command(state, seat, asked)?)
    }

    fn box_name() -> &'static str {
        "Dice race"
    }

    fn box_values_set(_events: &[Event]) -> Vec<(String, serde_json::Value)> {
        vec![]
    }

    fn with_box_values(command: &Command, _remembered: &[(String, serde_json::Value)]) -> Command {
        command.clone()
    }
}

/// The screen of a dice race.
pub type RaceScreen = GameScreen<RaceView>;
