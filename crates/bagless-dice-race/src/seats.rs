//! What a player's phone shows and asks (Bagless's phones as private
//! seats): the player's own total and whether it is their roll, and one
//! action, their roll, taken only in their turn (ROLLING: "roll one die in
//! turn"); decided then like the window's, by [`crate::decide`].

use crate::{Command, Game, Refusal, ROLLING};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The race on the phone of the player at `seat`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export, export_to = "dice_race/")]
pub struct SeatView {
    pub name: String,
    pub total: u32,
    pub target: u32,
    /// Whether the next roll is this player's.
    pub to_roll: bool,
    /// Whose roll it is, by name (none once the race is won).
    pub next: Option<String>,
    /// The winner's name, once the race is won.
    pub winner: Option<String>,
}

/// What a phone may ask: its player's roll, Bagless rolling the die.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "type", rename_all = "snake_case")]
#[ts(export, export_to = "dice_race/")]
pub enum SeatAction {
    Roll,
}

/// The seat of each player, by place: `(seat, name)`.
pub fn seats(game: &Game) -> Vec<(usize, String)> {
    game.players.iter().cloned().enumerate().collect()
}

/// What the player at `seat` sees; `None` for a seat the race has not.
pub fn seat_view(game: &Game, seat: usize) -> Option<SeatView> {
    let name = game.players.get(seat)?.clone();
    let over = game.winner.is_some();
    Some(SeatView {
        name,
        total: game.totals.get(seat).copied().unwrap_or(0),
        target: game.target,
        to_roll: !over && game.next == seat,
        next: (!over)
            .then(|| game.players.get(game.next).cloned())
            .flatten(),
        winner: game.winner.and_then(|w| game.players.get(w).cloned()),
    })
}

/// The command the player at `seat` asks for: a roll, in their turn only.
pub fn seat_command(game: &Game, seat: usize, action: SeatAction) -> Result<Command, Refusal> {
    match action {
        SeatAction::Roll if game.winner.is_none() && game.next != seat => Err(Refusal {
            code: "not_your_roll",
            section: ROLLING,
            message: "It is another player's roll.".to_string(),
        }),
        SeatAction::Roll => Ok(Command::Roll { face: None }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{decide, evolve, Context};
    use chrono::{DateTime, Utc};

    fn race() -> Game {
        let mut game = Game::default();
        let ctx = Context {
            now: DateTime::<Utc>::UNIX_EPOCH,
            seed: Some(1),
        };
        for command in [
            Command::CreateGame {
                players: vec!["Ana".into(), "Bruno".into()],
                target: 8,
            },
            Command::Roll { face: Some(5) },
        ] {
            for event in decide(&game, &command, &ctx).unwrap() {
                evolve(&mut game, &event);
            }
        }
        game
    }

    #[test]
    fn a_phone_sees_its_own_total_and_rolls_only_in_its_turn() {
        let game = race();
        let ana = seat_view(&game, 0).unwrap();
        assert_eq!(
            (ana.total, ana.to_roll, ana.next.as_deref()),
            (5, false, Some("Bruno"))
        );
        let bruno = seat_view(&game, 1).unwrap();
        assert_eq!((bruno.total, bruno.to_roll), (0, true));
        assert_eq!(seat_view(&game, 2), None);
        assert_eq!(
            seat_command(&game, 0, SeatAction::Roll).unwrap_err().code,
            "not_your_roll"
        );
        assert_eq!(
            seat_command(&game, 1, SeatAction::Roll),
            Ok(Command::Roll { face: None })
        );
    }
}
