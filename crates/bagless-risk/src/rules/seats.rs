//! What a brotherhood asks from its own phone (issue 32): the command it
//! stands for, then decided like the window's, by [`super::decide`]. A
//! seat acts only for itself, and only when the rules let that brotherhood
//! act: its missions are claimed in its own placement phase (ACCOMPLIR DES
//! MISSIONS: « vous obtiendrez 8 Assassins en plus au début du prochain
//! tour »), and an aptitude card is turned over there too (CARTES
//! APTITUDE: « Au cours de la phase « Placez vos Assassins » de votre tour,
//! vous pouvez choisir de retourner une de vos cartes Aptitude »). A
//! fragment's mission, asked when it is claimed, is entered there too, so
//! the shared screen names no fragment before its claim (MISE EN PLACE 6:
//! « ne les dévoilez pas aux autres joueurs »).

use crate::model::box_values::BoxValue;
use crate::model::commands::{Command, TerritoryCount};
use crate::model::ids::Colour;
use crate::model::state::Game;
use crate::pack::Mission;
use crate::refusals::{refuse, RuleCode, RuleViolation, Section};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// What a seat's phone may ask.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/", rename = "RiskSeatAction")]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum SeatAction {
    /// ACCOMPLIR DES MISSIONS: one of the seat's memory fragments claimed.
    ClaimFragment { fragment: u8 },
    /// CARTES APTITUDE: one of the seat's face-down cards turned over, its
    /// effect as the player reads it (the window's `reveal_aptitude`).
    RevealAptitude {
        #[serde(default)]
        gain: u32,
        #[serde(default)]
        losses: Vec<TerritoryCount>,
        reason: String,
    },
    /// ACCOMPLIR DES MISSIONS: the mission printed on one of the seat's own
    /// memory fragments, entered on its phone as it is claimed (the
    /// window's `set_box_value`).
    SetMission { fragment: u8, mission: Mission },
}

/// The command `colour`'s seat asks for with `action`, or why that seat may
/// not ask it now (not its turn). What the command then does, the rules
/// decide as for the window's.
pub fn seat_command(
    game: &Game,
    colour: Colour,
    action: &SeatAction,
) -> Result<Command, RuleViolation> {
    // Both are done in the seat's own turn's placement; the section named
    // is the one of what was asked.
    let section = match action {
        SeatAction::ClaimFragment { .. } | SeatAction::SetMission { .. } => {
            Section::CompletingMissions
        }
        SeatAction::RevealAptitude { .. } => Section::AptitudeCards,
    };
    if game.current() != Some(colour) {
        return Err(refuse(
            RuleCode::SeatNotOnTurn,
            section,
            "A brotherhood does this in its own turn's placement.",
        )
        .with_id("colour", colour));
    }
    if let SeatAction::SetMission { fragment, .. } = action {
        let holds = game.player(colour).is_some_and(|p| {
            p.fragments.contains(fragment) && !p.fragments_used.contains(fragment)
        });
        if !holds {
            return Err(refuse(
                RuleCode::FragmentNotHeld,
                Section::CompletingMissions,
                "The player does not hold that memory fragment.",
            )
            .with("fragment", fragment));
        }
    }
    Ok(match action {
        SeatAction::ClaimFragment { fragment } => Command::ClaimFragment {
            fragment: *fragment,
        },
        SeatAction::RevealAptitude {
            gain,
            losses,
            reason,
        } => Command::RevealAptitude {
            gain: *gain,
            losses: losses.clone(),
            reason: reason.clone(),
        },
        SeatAction::SetMission { fragment, mission } => Command::SetBoxValue {
            value: BoxValue::Mission {
                fragment: *fragment,
                mission: mission.clone(),
            },
        },
    })
}
