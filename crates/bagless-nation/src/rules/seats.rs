//! What a player asks from their own phone (issue 32): the command it
//! stands for, then decided like the window's, by [`super::decide`]. A
//! seat plays for itself only: in the ASSASSINATION PHASE, "Player's
//! choose a Contract Card from their hand, along with a Weapon Card and
//! any other cards with the "Assassination" icon face-down in front of
//! them", each on their own phone; the host reveals them together ("1)
//! REVEAL YOUR ASSASSINATION ATTEMPTS: All players now reveal all of their
//! cards face-up at the same time").

use crate::model::commands::{Command, ContractPlay};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// What a seat's phone may ask.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "nation/", rename = "NationSeatAction")]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum SeatAction {
    /// "1) SELECT YOUR TARGET" and "2) PLAY A CONTRACT CARD AND ASSASSIN
    /// CARD(S) FACE-DOWN": the seat's own attempt, as
    /// [`Command::DeclareAttempt`] has it.
    DeclareAttempt {
        target: Option<u8>,
        weapon: Option<String>,
        doubled: bool,
        modifiers: Vec<String>,
        contract: Option<ContractPlay>,
        time: Option<u16>,
        #[serde(default)]
        #[ts(optional)]
        second_time: Option<u16>,
    },
    /// The seat's own attempt taken back before the reveal.
    WithdrawAttempt,
}

/// The command the seat `seat` asks for with `action`: always its own
/// player's (what it may do then, the rules decide).
pub fn seat_command(seat: u8, action: &SeatAction) -> Command {
    match action.clone() {
        SeatAction::DeclareAttempt {
            target,
            weapon,
            doubled,
            modifiers,
            contract,
            time,
            second_time,
        } => Command::DeclareAttempt {
            player: seat,
            target,
            weapon,
            doubled,
            modifiers,
            contract,
            time,
            second_time,
        },
        SeatAction::WithdrawAttempt => Command::WithdrawAttempt { player: seat },
    }
}
