//! The printable "put it back on the board" sheet: each territory's holder
//! and count (in the box's pieces), region by region, each player's cards,
//! the neutrals' stacks, the pile, and where the turn stands. The sheet is
//! left on the table: each player's memory fragments are counted, never
//! listed (MISE EN PLACE 6: "Regardez-les, mais ne les dévoilez pas aux
//! autres joueurs"); only those claimed, shown to all at their claim, are
//! named.

use super::{pieces, Pieces};
use crate::model::ids::{Colour, Region, Territory};
use crate::model::state::{Game, Phase};
use crate::pack::{board, Names};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct SheetRow {
    pub territory: Territory,
    pub name: Names,
    pub owner: Option<Colour>,
    pub assassins: u32,
    pub pieces: Pieces,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct SheetRegion {
    pub region: Region,
    pub name: Names,
    pub bonus: Option<u32>,
    pub rows: Vec<SheetRow>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct SheetPlayer {
    pub colour: Colour,
    pub name: String,
    pub territory_cards: Vec<Territory>,
    /// The memory fragments the player holds not yet claimed: a count.
    pub fragments_held: u32,
    /// Those claimed (ACCOMPLIR DES MISSIONS), shown as they were claimed.
    pub fragments_used: Vec<u8>,
    pub aptitude_hidden: u32,
    pub aptitude_revealed: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct SheetNeutral {
    pub colour: Colour,
    pub cards: Vec<Territory>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct SheetView {
    pub phase: Phase,
    pub turn: u32,
    pub current: Option<Colour>,
    pub pool: u32,
    pub regions: Vec<SheetRegion>,
    /// In order of play.
    pub players: Vec<SheetPlayer>,
    pub neutrals: Vec<SheetNeutral>,
    pub deck: u32,
    pub sigma_in_deck: bool,
    pub discard: Vec<Territory>,
}

pub fn sheet_view(game: &Game) -> SheetView {
    let b = board();
    let regions = Region::all()
        .map(|r| SheetRegion {
            region: r,
            name: b.region(r).name.clone(),
            bonus: game.box_values.region_bonus(r),
            rows: b
                .territories_of(r)
                .map(|t| SheetRow {
                    territory: t,
                    name: b.territory(t).name.clone(),
                    owner: game.owner(t),
                    assassins: game.assassins(t),
                    pieces: pieces(game.assassins(t)),
                })
                .collect(),
        })
        .collect();
    SheetView {
        phase: game.phase,
        turn: game.turn.as_ref().map_or(0, |t| t.number),
        current: game.current(),
        pool: game.turn.as_ref().map_or(0, |t| t.pool()),
        regions,
        players: game
            .players
            .iter()
            .map(|p| SheetPlayer {
                colour: p.colour,
                name: p.name.clone(),
                territory_cards: p.cards.clone(),
                fragments_held: p
                    .fragments
                    .iter()
                    .filter(|f| !p.fragments_used.contains(f))
                    .count() as u32,
                fragments_used: p.fragments_used.clone(),
                aptitude_hidden: p.aptitude_hidden,
                aptitude_revealed: p.aptitude_revealed,
            })
            .collect(),
        neutrals: game
            .neutrals
            .iter()
            .map(|c| SheetNeutral {
                colour: *c,
                cards: game.neutral_stacks.get(c).cloned().unwrap_or_default(),
            })
            .collect(),
        deck: game.deck.len() as u32 + u32::from(game.sigma_in_deck),
        sigma_in_deck: game.sigma_in_deck,
        discard: game.discard.clone(),
    }
}
