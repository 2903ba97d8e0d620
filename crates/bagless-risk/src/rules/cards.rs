//! The cards played in the placement phase: ÉCHANGER DES CARTES (territory
//! cards for assassins by the table ASSASSINS PAR CARTES), ACCOMPLIR DES
//! MISSIONS (a memory fragment's bonus), CARTES APTITUDE (a card turned
//! over, its effect entered with its reason).
//!
//! Edition 2 reads three sentences as the seed writes them: a neutral's
//! captured cards are traded "quand vous le souhaitez" (S'EMPARER D'UNE
//! FACTION D'ASSASSINS NEUTRE), a mission is accomplished "dès que vous
//! prenez le contrôle" of its territories and stays accomplished, and an
//! aptitude card that takes assassins away may empty a territory.

use super::{own, placing, playing, reason};
use crate::model::box_values::{crests_key, mission_key, needed};
use crate::model::commands::TerritoryCount;
use crate::model::events::Event;
use crate::model::ids::Territory;
use crate::model::state::{Game, Phase, Player, Turn};
use crate::pack::{board, Mission};
use crate::refusals::{refuse, RuleCode, RuleViolation, Section};
use std::collections::{BTreeMap, BTreeSet};
use std::ops::RangeInclusive;

/// ASSASSINS PAR CARTES: the fewest and most crests the table lists.
pub fn trade_range() -> (u32, u32) {
    let table = &board().pack.trade_in;
    let min = table.iter().map(|[c, _]| *c).min().unwrap_or(0);
    let max = table.iter().map(|[c, _]| *c).max().unwrap_or(0);
    (min, max)
}

/// The turn a trade of `cards` may be made in: the placement phase ("au
/// début de votre tour"); from edition 2, any phase of the player's turn
/// when every card is one captured from a neutral (S'EMPARER D'UNE FACTION
/// D'ASSASSINS NEUTRE: "Ajoutez-les à votre main et échangez-les quand vous
/// le souhaitez"). What they bring is placed before the next attack.
fn trading<'a>(game: &'a Game, cards: &[Territory]) -> Result<&'a Turn, RuleViolation> {
    let turn = playing(game)?;
    let captured = game
        .player(turn.player)
        .map_or(&[][..], |p| p.captured.as_slice());
    let late = game.follows_edition_2()
        && matches!(game.phase, Phase::Attack | Phase::Manoeuvre)
        && !cards.is_empty()
        && cards.iter().all(|c| captured.contains(c));
    if late {
        Ok(turn)
    } else {
        placing(game, Section::TradingCards)
    }
}

/// ÉCHANGER DES CARTES: "Vous pouvez les échanger contre des Assassins au
/// début de votre tour. Le tableau ASSASSINS PAR CARTES ... vous indique le
/// nombre d'Assassins obtenus en échange des Blasons".
pub fn trade(game: &Game, cards: &[Territory]) -> Result<Vec<Event>, RuleViolation> {
    let turn = trading(game, cards)?;
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
/// at the end of, without a break. From edition 2, "Vous accomplissez une
/// mission dès que vous prenez le contrôle sur le ou les territoires en
/// question": once accomplished at the end of one of the player's turns,
/// the mission stays accomplished, a territory lost since or not
/// ([`accomplished`]).
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
    fragment_claim(game, player, fragment)
}

/// ACCOMPLIR DES MISSIONS: what `player` claiming `fragment` gives, or why
/// its mission is not met yet, counted in `player`'s turns as its own
/// placement phase counts them (the turn under way not ended: the claim is
/// made then, [`claim_fragment`]). A seat's own screen asks it of each
/// fragment it holds, off its turn as of its next one
/// ([`crate::views::seat`]).
pub fn fragment_claim(
    game: &Game,
    player: &Player,
    fragment: u8,
) -> Result<Vec<Event>, RuleViolation> {
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
    if game.follows_edition_2() && accomplished(game, player, &mission) {
        return Ok(vec![Event::FragmentClaimed {
            player: player.colour,
            fragment,
            assassins: mission.assassins,
        }]);
    }
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

/// ACCOMPLIR DES MISSIONS (edition 2): whether, at the end of one of
/// `player`'s turns, every territory of `mission` had been held at the end
/// of `mission.turns` of the player's turns in a row (at least that one
/// end): the spells the player held each territory, those ended by a loss
/// (`Player::held_before`) and the one under way, in the player's turn
/// ends. Called in the player's own turn, whose end has not come yet.
pub fn accomplished(game: &Game, player: &Player, mission: &Mission) -> bool {
    let ended = player.turns.saturating_sub(1);
    let spells: Vec<Vec<(u32, u32)>> = mission
        .territories
        .iter()
        .map(|t| {
            let mut spells: Vec<(u32, u32)> = player
                .held_before
                .iter()
                .filter(|s| s.territory == *t)
                .map(|s| (s.first, s.last))
                .collect();
            if let Some(h) = game.holding(*t).filter(|h| h.owner == player.colour) {
                if ended >= h.held_since {
                    spells.push((h.held_since, ended));
                }
            }
            spells
        })
        .collect();
    let turns = mission.turns.max(1);
    let at = |end: u32| {
        spells.iter().all(|held| {
            held.iter()
                .any(|(first, last)| first + turns - 1 <= end && *last >= end)
        })
    };
    spells.iter().flatten().any(|(_, last)| at(*last))
}

/// The most assassins an aptitude card is entered as giving.
pub const MAX_APTITUDE_GAIN: u32 = 50;

/// CARTES APTITUDE: what a card turned over is entered as giving (0: a card
/// that gives none: one that takes, or one kept), and what a kept card
/// played later gives (LES CARTES APTITUDE, edition 3: it is played for
/// the assassins it gives, so at least one).
pub const REVEALED_GAIN: RangeInclusive<u32> = 0..=MAX_APTITUDE_GAIN;
pub const KEPT_GAIN: RangeInclusive<u32> = 1..=MAX_APTITUDE_GAIN;

/// CARTES APTITUDE: "vous demander d'enlever des Assassins du plateau": the
/// fewest a card takes off a territory it names (the most: all there from
/// edition 2, all but one before; the view asks `reveal_aptitude`).
pub const FEWEST_TAKEN: u32 = 1;

/// CARTES APTITUDE: "Au cours de la phase « Placez vos Assassins » de votre
/// tour, vous pouvez choisir de retourner une de vos cartes Aptitude."
/// What it gives is added to the turn's reinforcements; what it takes is
/// removed from the player's territories: each keeps one in edition 1;
/// from edition 2 the card may take them all, "elle peut tout aussi bien
/// vous demander d'enlever des Assassins du plateau" (never more than the
/// territory holds).
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
    if !REVEALED_GAIN.contains(&gain) {
        return Err(refuse(
            RuleCode::ValueRange,
            Section::AptitudeCards,
            format!("An aptitude card gives at most {MAX_APTITUDE_GAIN} assassins."),
        )
        .with("key", "aptitude.gain")
        .with("min", REVEALED_GAIN.start())
        .with("max", REVEALED_GAIN.end()));
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
        let there = game.assassins(*territory);
        if game.follows_edition_2() {
            if *count < FEWEST_TAKEN || *count > there {
                return Err(refuse(
                    RuleCode::AptitudeLossTooMany,
                    Section::AptitudeCards,
                    format!("Take 1 to {there} assassins off {}.", territory.id()),
                )
                .with_id("territory", territory)
                .with("max", there));
            }
            continue;
        }
        if *count < FEWEST_TAKEN || *count >= there {
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

/// LES CARTES APTITUDE (edition 3): "Si c'est une carte qui vous fait perdre
/// des Assassins, vous devez la jouer immédiatement. Les autres cartes
/// peuvent être conservées et jouées à tout moment": a card turned over in
/// a placement (this one or an earlier one) and kept (entered with nothing gained or lost) is
/// played by the player whose turn it is, in any phase of the turn, for the
/// assassins it gives; they are placed before the next attack and before
/// the turn ends, as those a neutral's captured cards bring.
pub fn use_aptitude(game: &Game, card: u32, gain: u32) -> Result<Vec<Event>, RuleViolation> {
    let turn = playing(game)?;
    if !game.follows_edition_3() {
        return Err(refuse(
            RuleCode::NotThisEdition,
            Section::AptitudeCards,
            "This game is played under an older edition of Bagless's reading: it moves to the new one at the start of the next turn.",
        ));
    }
    let held = game
        .player(turn.player)
        .and_then(|p| p.aptitude_held.get(card as usize))
        .ok_or_else(|| {
            refuse(
                RuleCode::AptitudeNotHeld,
                Section::AptitudeCards,
                "Only a card turned over in a placement and kept is played later.",
            )
            .with("card", card)
        })?;
    if !KEPT_GAIN.contains(&gain) {
        return Err(refuse(
            RuleCode::ValueRange,
            Section::AptitudeCards,
            format!("An aptitude card gives 1 to {MAX_APTITUDE_GAIN} assassins."),
        )
        .with("key", "aptitude.gain")
        .with("min", KEPT_GAIN.start())
        .with("max", KEPT_GAIN.end()));
    }
    Ok(vec![Event::AptitudeUsed {
        player: turn.player,
        card: held.clone(),
        gain,
    }])
}
