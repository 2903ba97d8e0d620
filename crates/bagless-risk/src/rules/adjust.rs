//! Corrections at the table (Bagless's own rule, SAVING THE GAME): a
//! territory's count, and its holder, set by hand with the reason, for a
//! mistake made on the board or in Bagless. The board's one rule still
//! holds: a territory always has a holder and at least one assassin
//! (APERÇU DES ÉLÉMENTS, LES CONFRÉRIES D'ASSASSINS); from edition 2, as an
//! aptitude card may empty a territory, a correction may set it to 0.

use super::{playing, reason};
use crate::model::events::Event;
use crate::model::ids::{Colour, Territory};
use crate::model::state::Game;
use crate::refusals::{refuse, RuleCode, RuleViolation, Section};

/// The most assassins a correction puts on one territory.
pub const MAX_ADJUST: u32 = 999;

/// The fewest assassins a correction may leave on a territory: 1 under
/// edition 1, 0 from edition 2 (an aptitude card may empty a territory).
pub fn fewest_in_correction(game: &Game) -> u32 {
    u32::from(!game.follows_edition_2())
}

pub fn adjust(
    game: &Game,
    territory: Territory,
    owner: Option<Colour>,
    assassins: u32,
    why: &str,
) -> Result<Vec<Event>, RuleViolation> {
    playing(game)?;
    let why = reason(why, Section::SavingTheGame)?;
    let Some(holding) = game.holding(territory) else {
        return Err(refuse(
            RuleCode::DealNotNow,
            Section::SetUp,
            "The territories are not dealt yet.",
        ));
    };
    let owner = owner.unwrap_or(holding.owner);
    if !game.brotherhoods().contains(&owner) {
        return Err(refuse(
            RuleCode::BrotherhoodUnknown,
            Section::Brotherhoods,
            "That brotherhood is not in the game.",
        )
        .with_id("colour", owner));
    }
    // From edition 2 an aptitude card may empty a territory (CARTES
    // APTITUDE: "vous demander d'enlever des Assassins du plateau"): a
    // correction may set what the card could have left, 0 included.
    let fewest = fewest_in_correction(game);
    if assassins < fewest || assassins > MAX_ADJUST {
        return Err(refuse(
            RuleCode::AdjustAtLeastOne,
            Section::Overview,
            format!("A territory holds {fewest} to {MAX_ADJUST} assassins."),
        )
        .with_id("territory", territory)
        .with("min", fewest));
    }
    // A battle under way fights from and on its two territories with the
    // force its roll left: a correction there would leave that force without
    // the assassins it counts (or the attacker holding what it attacks).
    // Fight on or retreat first; the rest of the board may be corrected.
    // Edition 3 (a retreat closes the territory for the turn, so a count
    // entered wrong must not force one): a correction that keeps the holder
    // and what the battle counts on is taken — the force and its guard on
    // the territory it left, a defender on the one attacked.
    if let Some(battle) = game
        .turn
        .as_ref()
        .and_then(|t| t.battle)
        .filter(|b| b.from == territory || b.to == territory)
        .filter(|b| {
            let fewest = if b.from == territory { b.force + 1 } else { 1 };
            !(game.follows_edition_3() && owner == holding.owner && assassins >= fewest)
        })
    {
        return Err(refuse(
            RuleCode::AdjustDuringBattle,
            Section::SavingTheGame,
            "A battle is under way on that territory: fight on or retreat before correcting it (from edition 3 it may be corrected keeping its holder, the force and its guard, or a defender).",
        )
        .with_id("from", battle.from)
        .with_id("to", battle.to));
    }
    if owner == holding.owner && assassins == holding.assassins {
        return Err(refuse(
            RuleCode::AdjustNoChange,
            Section::SavingTheGame,
            "That is what the territory already holds.",
        )
        .with_id("territory", territory));
    }
    Ok(vec![Event::Adjusted {
        territory,
        owner,
        assassins,
        previous_owner: holding.owner,
        previous_assassins: holding.assassins,
        reason: why,
    }])
}
