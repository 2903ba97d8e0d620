//! A brotherhood's own screen, on its player's phone (issue 32): what MISE
//! EN PLACE 6 keeps from the other players ("Regardez-les, mais ne les
//! dévoilez pas aux autres joueurs": the memory fragments it holds and
//! their missions), whether each mission is met (ACCOMPLIR DES MISSIONS),
//! the aptitude cards it keeps for a combat (■ CARTES APTITUDE) and, on its
//! turn, its new assassins explained and what a card turned over may take
//! (CARTES APTITUDE). The shared screen counts the
//! fragments and never lists them ([`super::map`]); a seat's view lists its
//! own only.

use super::aptitude::{aptitude_offer, AptitudeOffer};
use super::map::FragmentView;
use crate::model::events::Reinforcement;
use crate::model::ids::{Colour, Territory};
use crate::model::state::{Game, Phase};
use crate::pack::{board, Names};
use crate::refusals::RuleViolation;
use crate::rules::cards::{claim_fragment, fragment_claim};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The seats a phone can take: every brotherhood a player leads (not the
/// neutral ones, which nobody plays).
pub fn seats(game: &Game) -> Vec<(Colour, String)> {
    game.players
        .iter()
        .map(|p| (p.colour, p.name.clone()))
        .collect()
}

/// What the seat of `colour` sees: its own fragments and the aptitude cards
/// it keeps, never another brotherhood's fragments. `None` for a colour no
/// player leads.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct SeatView {
    pub colour: Colour,
    pub name: String,
    /// The seat's turn is under way.
    pub on_turn: bool,
    /// The memory fragments the seat holds and has not claimed, each with
    /// its mission (when entered) and whether it is met.
    pub fragments: Vec<SeatFragment>,
    /// Those it claimed (the table saw them as they were claimed).
    pub claimed: Vec<FragmentView>,
    /// ■ CARTES APTITUDE: the cards turned over and kept for a combat, by
    /// their words.
    pub aptitude_held: Vec<String>,
    /// LES CARTES APTITUDE still face down.
    pub aptitude_hidden: u32,
    /// CARTES APTITUDE: on the seat's turn, while it may turn a card over
    /// from its phone, what the card may take (as the window's form).
    pub aptitude: Option<AptitudeOffer>,
    /// On the seat's turn: its new assassins, line by line.
    pub reinforcements: Vec<Reinforcement>,
    /// Their total, as the rules add them (`Turn::total`); 0 off its turn.
    pub reinforcement_total: u32,
    /// The names of the territories the seat's missions name, and those a
    /// card turned over may take assassins from (a phone has no map to read
    /// them from).
    pub territories: Vec<TerritoryName>,
    /// ACCOMPLIR DES MISSIONS: what the form for a mission entered on the
    /// phone takes (as the window's `TypedBounds`).
    pub mission_bounds: MissionBounds,
}

/// ACCOMPLIR DES MISSIONS: the turns and the assassins a mission entered
/// may name, the rules' `MISSION_TURNS` and `MISSION_ASSASSINS`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct MissionBounds {
    pub turns_fewest: u32,
    pub turns_most: u32,
    pub assassins_fewest: u32,
    pub assassins_most: u32,
}

fn mission_bounds() -> MissionBounds {
    use crate::model::box_values::{MISSION_ASSASSINS, MISSION_TURNS};
    MissionBounds {
        turns_fewest: *MISSION_TURNS.start(),
        turns_most: *MISSION_TURNS.end(),
        assassins_fewest: *MISSION_ASSASSINS.start(),
        assassins_most: *MISSION_ASSASSINS.end(),
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct TerritoryName {
    pub id: Territory,
    pub name: Names,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct SeatFragment {
    pub fragment: FragmentView,
    /// ACCOMPLIR DES MISSIONS: the mission is met: the rules would give its
    /// assassins if claimed in the seat's placement phase (on its turn,
    /// now; off its turn, at the start of its next one if the board stays
    /// as it is: « vous obtiendrez 8 Assassins en plus au début du prochain
    /// tour »).
    pub met: bool,
    /// Why it is not met yet (or its values are not entered), in the
    /// rules' words.
    pub not_yet: Option<RuleViolation>,
    /// The seat may claim it now (its turn, in the placement phase).
    pub claimable: bool,
}

pub fn seat_view(game: &Game, colour: Colour) -> Option<SeatView> {
    let player = game.player(colour)?;
    let on_turn = game.current() == Some(colour) && game.phase != Phase::Over;
    // The turn under way, when it is the seat's.
    let own_turn = game.turn.as_ref().filter(|t| on_turn && t.player == colour);
    let fragment = |id: u8, used: bool| FragmentView {
        id,
        name: board().fragment(id).map(|e| e.name.clone()),
        mission: game.box_values.mission(id),
        used,
    };
    // Off its turn, the seat's missions are counted as its next placement
    // phase will count them: with the turn it ended since (its turns are
    // counted as each begins).
    let mut asked = player.clone();
    if !on_turn && game.phase != Phase::Over {
        asked.turns += 1;
    }
    let fragments = player
        .fragments
        .iter()
        .filter(|f| !player.fragments_used.contains(f))
        .map(|&id| {
            let claim = fragment_claim(game, &asked, id);
            SeatFragment {
                fragment: fragment(id, false),
                met: claim.is_ok(),
                claimable: on_turn && claim.is_ok() && claim_fragment(game, id).is_ok(),
                not_yet: claim.err(),
            }
        })
        .collect();
    let aptitude = aptitude_offer(game).filter(|_| on_turn);
    let mut named: Vec<Territory> = player
        .fragments
        .iter()
        .filter_map(|&id| game.box_values.mission(id))
        .flat_map(|m| m.territories)
        .chain(
            aptitude
                .iter()
                .flat_map(|a| a.losses.iter().map(|l| l.territory)),
        )
        .collect();
    named.sort();
    named.dedup();
    Some(SeatView {
        territories: named
            .into_iter()
            .map(|id| TerritoryName {
                id,
                name: board().territory(id).name.clone(),
            })
            .collect(),
        colour,
        name: player.name.clone(),
        on_turn,
        fragments,
        claimed: player
            .fragments_used
            .iter()
            .map(|&id| fragment(id, true))
            .collect(),
        aptitude_held: player.aptitude_held.clone(),
        aptitude_hidden: player.aptitude_hidden,
        aptitude,
        reinforcements: own_turn
            .map(|t| t.reinforcements.clone())
            .unwrap_or_default(),
        reinforcement_total: own_turn.map_or(0, |t| t.total()),
        mission_bounds: mission_bounds(),
    })
}
