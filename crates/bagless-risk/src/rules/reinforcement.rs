//! **1. PLACEZ VOS ASSASSINS**, CONTRÔLER DES TERRITOIRES, CONTRÔLER DES RÉGIONS.
//!
//! "Vous obtenez systématiquement 3 Assassins à chaque tour", plus "1 bonus
//! d'Assassin pour 12 à 14 territoires en votre possession, 2 pour 15 à 17,
//! et ainsi de suite", plus each whole region's bonus (printed on the board:
//! asked once). Trade-ins, missions and aptitude cards add their lines
//! later in the phase (`cards`). Edition 1: every new assassin is placed
//! before the attacks. Edition 2 reads "Décidez du nombre de nouveaux
//! Assassins que vous souhaitez placer sur le plateau" as it is written:
//! Bagless offers them all, and the table may end the placement with some
//! left, which are not kept (assumption `place_every_assassin`); those a
//! neutral's captured cards bring later in the turn are placed then.

use super::{own, placing, playing, two_players};
use crate::model::box_values::{needed, region_key};
use crate::model::events::{Event, Reinforcement};
use crate::model::ids::{Colour, Region, Territory};
use crate::model::state::{Game, Phase, Turn};
use crate::pack::board;
use crate::refusals::{refuse, RuleCode, RuleViolation, Section};

/// The reinforcements a player's turn starts with, explained line by line.
pub fn reinforcements(game: &Game, player: Colour) -> Result<Vec<Reinforcement>, RuleViolation> {
    let b = board();
    let held = game.territories_held(player);
    let mut lines = vec![
        Reinforcement::Base {
            assassins: b.pack.base_reinforcement,
        },
        Reinforcement::Territories {
            held,
            assassins: b.territory_bonus(held),
        },
    ];
    let whole: Vec<Region> = Region::all()
        .filter(|r| b.territories_of(*r).all(|t| game.owner(t) == Some(player)))
        .collect();
    let unknown: Vec<Region> = whole
        .iter()
        .copied()
        .filter(|r| game.box_values.region_bonus(*r).is_none())
        .collect();
    if let Some(first) = unknown.first() {
        return Err(needed(
            Section::ControllingRegions,
            region_key(*first),
            unknown.len(),
        ));
    }
    for region in whole {
        lines.push(Reinforcement::Region {
            region,
            assassins: game.box_values.region_bonus(region).unwrap_or(0),
        });
    }
    Ok(lines)
}

/// The event starting `player`'s turn number `turn`.
pub fn turn_start(game: &Game, player: Colour, turn: u32) -> Result<Event, RuleViolation> {
    let reinforcements = reinforcements(game, player)?;
    let total = reinforcements.iter().map(Reinforcement::assassins).sum();
    Ok(Event::TurnStarted {
        player,
        turn,
        reinforcements,
        total,
    })
}

/// The turn new assassins may be placed in: the placement phase; from
/// edition 2 also later in the turn, those a trade of a neutral's captured
/// cards brought (S'EMPARER D'UNE FACTION D'ASSASSINS NEUTRE), and from
/// edition 3 those a kept aptitude card gives (LES CARTES APTITUDE).
fn placing_now(game: &Game) -> Result<&Turn, RuleViolation> {
    let turn = playing(game)?;
    let late = game.follows_edition_2()
        && matches!(game.phase, Phase::Attack | Phase::Manoeuvre)
        && turn.pool() > 0;
    if late {
        Ok(turn)
    } else {
        placing(game, Section::PlaceYourAssassins)
    }
}

/// S'EMPARER D'UNE FACTION D'ASSASSINS NEUTRE, from edition 2: the
/// assassins a neutral's captured cards brought in the attack or manoeuvre
/// phase are placed "then", before the next attack is launched and before
/// the turn ends (assumption `neutral_cards_any_time`). A battle already
/// under way fights on; the placement stays open during it.
pub(crate) fn traded_assassins_placed(game: &Game, turn: &Turn) -> Result<(), RuleViolation> {
    let late = game.follows_edition_2()
        && matches!(game.phase, Phase::Attack | Phase::Manoeuvre)
        && turn.pool() > 0;
    if late {
        // Edition 3: a kept aptitude card's assassins are placed the same way.
        let section = match turn.reinforcements.last() {
            Some(Reinforcement::Aptitude { .. }) => Section::AptitudeCards,
            _ => Section::CapturingANeutral,
        };
        return Err(refuse(
            RuleCode::ReinforcementsLeft,
            section,
            format!(
                "{} new assassins are still to be placed before the next attack.",
                turn.pool()
            ),
        )
        .with("count", turn.pool()));
    }
    Ok(())
}

/// **1. PLACEZ VOS ASSASSINS**: "Décidez du nombre de nouveaux Assassins
/// que vous souhaitez placer": the fewest one placement puts on a
/// territory (Bagless's: a placement of none would place nothing).
pub const FEWEST_PLACED: u32 = 1;

/// The most one placement puts on a territory: the new assassins still to
/// place.
pub fn most_placed(turn: &Turn) -> u32 {
    turn.pool()
}

pub fn place(game: &Game, territory: Territory, count: u32) -> Result<Vec<Event>, RuleViolation> {
    let turn = placing_now(game)?;
    own(
        game,
        turn.player,
        territory,
        RuleCode::PlaceNotYours,
        Section::PlaceYourAssassins,
    )?;
    if count < FEWEST_PLACED {
        return Err(refuse(
            RuleCode::PlaceZero,
            Section::PlaceYourAssassins,
            "Place at least one assassin.",
        ));
    }
    let most = most_placed(turn);
    if count > most {
        return Err(refuse(
            RuleCode::PlaceTooMany,
            Section::PlaceYourAssassins,
            format!("Only {most} new assassins are left to place."),
        )
        .with("pool", most));
    }
    Ok(vec![Event::AssassinsPlaced {
        player: turn.player,
        territory,
        count,
    }])
}

pub fn end_placement(game: &Game) -> Result<Vec<Event>, RuleViolation> {
    let turn = placing(game, Section::PlaceYourAssassins)?;
    if turn.pool() > 0 && !game.follows_edition_2() {
        return Err(refuse(
            RuleCode::ReinforcementsLeft,
            Section::PlaceYourAssassins,
            format!("{} new assassins are still to be placed.", turn.pool()),
        )
        .with("count", turn.pool()));
    }
    two_players::neutral_done(game, turn)?;
    Ok(vec![Event::PlacementEnded {
        player: turn.player,
        unplaced: turn.pool(),
    }])
}
