//! The game told back (issue 57): its story turn by turn ([`story`]),
//! what an evening of it played ([`evening`]) and what a library's games of
//! it add up to ([`year`]). Each reads the log's events in effect once,
//! through the crate's own [`evolve`](crate::evolve): no rule is worked out
//! again here, the figures are the state's after each event.

pub mod evening;
pub mod story;
pub mod year;

use crate::model::ids::{Colour, Territory};
use crate::model::state::Game;
use crate::pack::{board, Names};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

pub use evening::{evening_view, Evening};
pub use story::{story_view, Story};
pub use year::{year_view, Year};

/// A brotherhood on the board (LES CONFRÉRIES D'ASSASSINS): a player's, or a
/// neutral's (PARTIE À 2 JOUEURS), in the game's order: the players in
/// their order of play, then the neutrals. Every per-brotherhood list of
/// the told views follows this order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct Brotherhood {
    pub colour: Colour,
    /// The player's name; none for a neutral.
    pub name: Option<String>,
    pub neutral: bool,
}

/// A conquest (COMBAT: "la Confrérie attaquante prend le contrôle du
/// territoire"): which territory, from whom, by whom, on which turn, and
/// the log's entry that says so.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct Conquest {
    pub turn: u32,
    pub seq: u32,
    pub player: Colour,
    pub from: Territory,
    pub territory: Territory,
    pub previous_owner: Colour,
}

/// A mission accomplished (ACCOMPLIR DES MISSIONS): the memory fragment
/// claimed, shown to the table as it is claimed, and the assassins it gave.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct MissionDone {
    pub turn: u32,
    pub seq: u32,
    pub player: Colour,
    pub fragment: u8,
    /// The fragment card's name, when the pack has it.
    pub name: Option<Names>,
    pub assassins: u32,
}

/// A brotherhood's last territory taken.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct Elimination {
    pub turn: u32,
    pub seq: u32,
    pub colour: Colour,
    pub by: Colour,
}

/// COMMENT GAGNER ?: how it ended and who won, by colour and name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct Won {
    pub ending: crate::model::events::Ending,
    pub winners: Vec<Colour>,
    pub names: Vec<String>,
}

pub(crate) fn brotherhoods(game: &Game) -> Vec<Brotherhood> {
    game.brotherhoods()
        .into_iter()
        .map(|colour| Brotherhood {
            colour,
            name: game.player(colour).map(|p| p.name.clone()),
            neutral: game.is_neutral(colour),
        })
        .collect()
}

/// Territories and assassins of each of `order`'s brotherhoods, in one
/// walk over the map.
pub(crate) fn counts(game: &Game, order: &[Colour]) -> (Vec<u32>, Vec<u32>) {
    let mut territories = vec![0; order.len()];
    let mut assassins = vec![0; order.len()];
    for holding in game.map.values() {
        if let Some(i) = order.iter().position(|c| *c == holding.owner) {
            territories[i] += 1;
            assassins[i] += holding.assassins;
        }
    }
    (territories, assassins)
}

pub(crate) fn won(game: &Game) -> Option<Won> {
    game.outcome.as_ref().map(|outcome| Won {
        ending: outcome.ending,
        winners: outcome.winners.clone(),
        names: outcome
            .winners
            .iter()
            .filter_map(|c| game.player(*c).map(|p| p.name.clone()))
            .collect(),
    })
}

/// The marks an event leaves in a told view, on the turn `turn`.
pub(crate) enum Mark {
    Conquest(Conquest),
    Mission(MissionDone),
    Elimination(Elimination),
}

pub(crate) fn mark(event: &crate::Event, seq: u32, turn: u32) -> Option<Mark> {
    use crate::Event;
    match event {
        Event::TerritoryConquered {
            player,
            from,
            territory,
            previous_owner,
            ..
        } => Some(Mark::Conquest(Conquest {
            turn,
            seq,
            player: *player,
            from: *from,
            territory: *territory,
            previous_owner: *previous_owner,
        })),
        Event::FragmentClaimed {
            player,
            fragment,
            assassins,
        } => Some(Mark::Mission(MissionDone {
            turn,
            seq,
            player: *player,
            fragment: *fragment,
            name: board().fragment(*fragment).map(|e| e.name.clone()),
            assassins: *assassins,
        })),
        Event::BrotherhoodEliminated { colour, by } => Some(Mark::Elimination(Elimination {
            turn,
            seq,
            colour: *colour,
            by: *by,
        })),
        _ => None,
    }
}
