//! The map as a picture: the 42 territories in their 6 regions, each with
//! its holder and count, the region bonuses, the table ASSASSINS PAR
//! CARTES, whose turn and which phase, and the turn's reinforcements
//! explained.

use crate::model::events::Reinforcement;
use crate::model::ids::{Colour, Region, Territory};
use crate::model::state::{Game, Phase};
use crate::pack::{board, Names};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct TerritoryView {
    pub id: Territory,
    pub name: Names,
    pub region: Region,
    pub owner: Option<Colour>,
    pub assassins: u32,
    pub neighbours: Vec<Territory>,
    /// The crests on its card, when known.
    pub crests: Option<u8>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct RegionView {
    pub id: Region,
    pub name: Names,
    /// The bonus printed on the board, once entered.
    pub bonus: Option<u32>,
    /// The classic RISK value, to pre-fill the question.
    pub suggested_bonus: u32,
    /// The brotherhood holding the whole region.
    pub holder: Option<Colour>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct PlayerView {
    pub colour: Colour,
    pub name: String,
    pub neutral: bool,
    pub territories: u32,
    pub assassins: u32,
    pub cards: u32,
    pub eliminated: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct TradeRow {
    pub crests: u32,
    pub assassins: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct MapView {
    pub phase: Phase,
    pub current: Option<Colour>,
    pub turn: u32,
    pub territories: Vec<TerritoryView>,
    pub regions: Vec<RegionView>,
    pub players: Vec<PlayerView>,
    pub trade_table: Vec<TradeRow>,
    pub reinforcements: Vec<Reinforcement>,
    /// New assassins still to place.
    pub pool: u32,
    /// After a conquest, more assassins may follow: (from, to).
    pub move_in: Option<(Territory, Territory)>,
    pub neutral_due: bool,
    pub winners: Vec<Colour>,
}

pub fn map_view(game: &Game) -> MapView {
    let b = board();
    let territories = Territory::all()
        .map(|t| TerritoryView {
            id: t,
            name: b.territory(t).name.clone(),
            region: b.region_of(t),
            owner: game.owner(t),
            assassins: game.assassins(t),
            neighbours: Territory::all()
                .filter(|o| game.box_values.connected(t, *o))
                .collect(),
            crests: game.box_values.crests(t),
        })
        .collect();
    let regions = Region::all()
        .map(|r| {
            let owners: Vec<Option<Colour>> = b.territories_of(r).map(|t| game.owner(t)).collect();
            let holder = owners
                .first()
                .copied()
                .flatten()
                .filter(|c| owners.iter().all(|o| *o == Some(*c)));
            RegionView {
                id: r,
                name: b.region(r).name.clone(),
                bonus: game.box_values.region_bonus(r),
                suggested_bonus: b.region(r).suggested_bonus,
                holder,
            }
        })
        .collect();
    let players = game
        .players
        .iter()
        .map(|p| (p.colour, p.name.clone(), false, p.cards.len()))
        .chain(game.neutrals.iter().map(|c| {
            let cards = game.neutral_stacks.get(c).map_or(0, Vec::len);
            (*c, String::new(), true, cards)
        }))
        .map(|(colour, name, neutral, cards)| {
            let territories = game.territories_held(colour);
            PlayerView {
                colour,
                name,
                neutral,
                territories,
                assassins: game
                    .map
                    .values()
                    .filter(|h| h.owner == colour)
                    .map(|h| h.assassins)
                    .sum(),
                cards: cards as u32,
                eliminated: territories == 0 && !game.map.is_empty(),
            }
        })
        .collect();
    let turn = game.turn.as_ref();
    MapView {
        phase: game.phase,
        current: game.current(),
        turn: turn.map_or(0, |t| t.number),
        territories,
        regions,
        players,
        trade_table: b
            .pack
            .trade_in
            .iter()
            .map(|[crests, assassins]| TradeRow {
                crests: *crests,
                assassins: *assassins,
            })
            .collect(),
        reinforcements: turn.map(|t| t.reinforcements.clone()).unwrap_or_default(),
        pool: turn.map_or(0, |t| t.pool()),
        move_in: turn.and_then(|t| t.last_conquest),
        neutral_due: game.phase == Phase::Placement
            && turn.is_some_and(|t| crate::rules::two_players::neutral_due(game, t)),
        winners: game
            .outcome
            .as_ref()
            .map(|o| o.winners.clone())
            .unwrap_or_default(),
    }
}
