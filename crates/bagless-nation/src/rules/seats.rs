//! What a player asks from their own phone (issue 32): the window's own
//! commands for that player's attempt, then decided like the window's, by
//! [`super::decide`]. A seat plays for itself only: in the ASSASSINATION
//! PHASE, "Player's choose a Contract Card from their hand, along with a
//! Weapon Card and any other cards with the "Assassination" icon face-down
//! in front of them", each on their own phone; the host reveals them
//! together ("1) REVEAL YOUR ASSASSINATION ATTEMPTS: All players now reveal
//! all of their cards face-up at the same time"). And a player keeps their
//! Top Secret Hit List card there, secret from the table until the count
//! ("Players can look at this card, but should keep it secret from the
//! other players").

use crate::model::commands::Command;

/// The command the seat `seat` asks for with `asked`: its own player's
/// attempt declared, taken back or passed, or their hit list kept, whatever player
/// the phone names; `None`
/// for any other command (a phone asks nothing else). What the player may
/// do then, the rules decide.
pub fn seat_command(seat: u8, mut asked: Command) -> Option<Command> {
    match &mut asked {
        Command::DeclareAttempt { player, .. }
        | Command::WithdrawAttempt { player }
        | Command::PassAttempt { player }
        | Command::KeepHitList { player, .. } => {
            *player = seat;
        }
        _ => return None,
    }
    Some(asked)
}
