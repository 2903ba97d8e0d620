//! The cards played in the placement phase: ÉCHANGER DES CARTES (territory
//! cards for assassins by the table ASSASSINS PAR CARTES), ACCOMPLIR DES
//! MISSIONS (a memory fragment's bonus), CARTES APTITUDE (a card turned
//! over, its effect entered with its reason).

use super::{own, placing, reason};
use crate::model::box_values::{crests_key, mission_key, needed};
use crate::model::commands::TerritoryCount;
use crate::model::events::Event;
use crate::model::ids::Territory;
use crate::model::state::Game;
use crate::pack::board;
use crate::refusals::{refuse, RuleCode, RuleViolation, Section};
use std::collections::{BTreeMap, BTreeSet};

/// ASSASSINS PAR CARTES: the fewest and most crests the table lists.
pub fn trade_range() -> (u32, u32) {
    let table = &board().pack.trade_in;
    let min = table.iter().map(|[c, _]| *c).min().unwrap_or(0);
    let max = table.iter().map(|[c, _]| *c).max().unwrap_or(0);
    (min, max)
}

/// ÉCHANGER DES CARTES: "Vous pouvez les échanger contre des Assassins au
/// début de votre tour. Le tableau ASSASSINS PAR CARTES ... vous indique le
/// nombre d'Assassins obtenus en échange des Blasons".
pub fn trade(game: &Game, cards: &[Territory]) -> Result<Vec<Event>, RuleViolation> {
    let turn = placing(game, Section::TradingCards)?;
    let hand = game
        .player(turn.player)
        .map(|p| p.cards.clone())
        .unwrap_or_default();
    let mut seen = BTreeSet::new();
    for card in cards {
        if !seen.insert(*card) {
            return Err(refuse(
                RuleCode::CardTwice,
                Section::TradingCards,
                "Each card is traded once.",
            )
            .with_id("territory", card));
        }
        if !hand.contains(card) {
            return Err(refuse(
                RuleCode::CardNotInHand,
                Section::TradingCards,
                format!("{} is not among the player's cards.", card.id()),
            )
            .with_id("territory", card));
        }
    }
    let unknown: Vec<Territory> = cards
        .iter()
        .copied()
        .filter(|c| game.box_values.crests(*c).is_none())
        .collect();
    if let Some(first) = unknown.first() {
        return Err(needed(
            Section::TradingCards,
            crests_key(*first),
            unknown.len(),
        ));
    }
    let crests: u32 = cards
        .iter()
        .map(|c| game.box_values.crests(*c).map_or(0, u32::from))
        .sum();
    let (min, max) = trade_range();
    let Some(assassins) = board().trade_in(crests) else {
        return Err(refuse(
            RuleCode::TradeCrests,
            Section::TradingCards,
            format!("The table ASSASSINS PAR CARTES goes from {min} to {max} crests."),
        )
        .with("crests", crests)
        .with("min", min)
        .with("max", max));
    };
    Ok(vec![Event::CardsTraded {
        player: turn.player,
        cards: cards.to_vec(),
        crests,
        assassins,
    }])
}

/// ACCOMPLIR DES MISSIONS: "si vous ... vous emparez de la Grande-Bretagne
/// pendant 3 tours, vous obtiendrez 8 Assassins en plus au début du prochain
/// tour ... vous ne pourrez utiliser cette dernière qu'une fois par partie."
/// A territory counts as held for each of the player's turns it was held
/// at the end of, without a break.
pub fn claim_fragment(game: &Game, fragment: u8) -> Result<Vec<Event>, RuleViolation> {
    let turn = placing(game, Section::CompletingMissions)?;
    let Some(player) = game.player(turn.player) else {
        return Err(refuse(
            RuleCode::FragmentNotHeld,
            Section::CompletingMissions,
            "The player does not hold that memory fragment.",
        )
        .with("fragment", fragment));
    };
    if !player.fragments.contains(&fragment) {
        return Err(refuse(
            RuleCode::FragmentNotHeld,
            Section::CompletingMissions,
            "The player does not hold that memory fragment.",
        )
        .with("fragment", fragment));
    }
    if player.fragments_used.contains(&fragment) {
        return Err(refuse(
            RuleCode::FragmentUsed,
            Section::CompletingMissions,
            "A memory fragment is used once a game.",
        )
        .with("fragment", fragment));
    }
    let Some(mission) = game.box_values.mission(fragment) else {
        return Err(needed(
            Section::CompletingMissions,
            mission_key(fragment),
            1,
        ));
    };
    let mut held = u32::MAX;
    for t in &mission.territories {
        match game.holding(*t) {
            Some(h) if h.owner == player.colour => {
                held = held.min(player.turns.saturating_sub(h.held_since));
            }
            _ => {
                return Err(refuse(
                    RuleCode::FragmentTerritoryMissing,
                    Section::CompletingMissions,
                    format!("The mission needs {}.", t.id()),
                )
                .with("fragment", fragment)
                .with_id("territory", t))
            }
        }
    }
    if held < mission.turns {
        return Err(refuse(
            RuleCode::FragmentTurns,
            Section::CompletingMissions,
            format!(
                "The territories are held for {held} turns; the mission needs {}.",
                mission.turns
            ),
        )
        .with("fragment", fragment)
        .with("held", held)
        .with("turns", mission.turns));
    }
    Ok(vec![Event::FragmentClaimed {
        player: player.colour,
        fragment,
        assassins: mission.assassins,
    }])
}

/// The most assassins an aptitude card is entered as giving.
pub const MAX_APTITUDE_GAIN: u32 = 50;

/// CARTES APTITUDE: "Au cours de la phase « Placez vos Assassins » de votre
/// tour, vous pouvez choisir de retourner une de vos cartes Aptitude."
/// What it gives is added to the turn's reinforcements; what it takes is
/// removed from the player's territories (each keeps one).
pub fn reveal_aptitude(
    game: &Game,
    gain: u32,
    losses: &[TerritoryCount],
    why: &str,
) -> Result<Vec<Event>, RuleViolation> {
    let turn = placing(game, Section::AptitudeCards)?;
    if turn.aptitude_revealed {
        return Err(refuse(
            RuleCode::AptitudeOncePerTurn,
            Section::AptitudeCards,
            "One aptitude card is turned over a turn.",
        ));
    }
    if game.player(turn.player).map_or(0, |p| p.aptitude_hidden) == 0 {
        return Err(refuse(
            RuleCode::AptitudeNoneLeft,
            Section::AptitudeCards,
            "The player has no aptitude card left face down.",
        ));
    }
    let why = reason(why, Section::AptitudeCards)?;
    if gain > MAX_APTITUDE_GAIN {
        return Err(refuse(
            RuleCode::ValueRange,
            Section::AptitudeCards,
            format!("An aptitude card gives at most {MAX_APTITUDE_GAIN} assassins."),
        )
        .with("key", "aptitude.gain")
        .with("min", 0)
        .with("max", MAX_APTITUDE_GAIN));
    }
    let mut taken: BTreeMap<Territory, u32> = BTreeMap::new();
    for loss in losses {
        own(
            game,
            turn.player,
            loss.territory,
            RuleCode::PlaceNotYours,
            Section::AptitudeCards,
        )?;
        *taken.entry(loss.territory).or_default() += loss.count;
    }
    for (territory, count) in &taken {
        if *count == 0 || *count >= game.assassins(*territory) {
            return Err(refuse(
                RuleCode::AptitudeLossLeavesOne,
                Section::AptitudeCards,
                "Each territory keeps at least one assassin.",
            )
            .with_id("territory", territory));
        }
    }
    Ok(vec![Event::AptitudeRevealed {
        player: turn.player,
        gain,
        losses: taken
            .into_iter()
            .map(|(territory, count)| TerritoryCount { territory, count })
            .collect(),
        reason: why,
    }])
}
