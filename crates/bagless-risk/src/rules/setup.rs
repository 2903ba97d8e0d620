//! MISE EN PLACE, and its 2-player steps (PARTIE À 2 JOUEURS, MISE EN PLACE).
//!
//! 1. each player chooses a brotherhood by colour; 2. the order of play;
//! 3. the 42 territory cards dealt, "les joueurs ayant des cartes
//!    supplémentaires se verront jouer en dernier"; 4. 1 assassin per crest
//!    on each card; 5. the cards and the Sigma card make the pile; 6. 2
//!    memory-fragment cards each; 7. 2 aptitude cards each, face down.
//!
//! With 2 players: 12 cards each, 6 for each of the 3 neutrals, then 3
//! cards set under each neutral, 1 fragment and 3 aptitude cards each.

use super::chance::Chance;
use super::{after, reinforcement};
use crate::model::box_values::{crests_key, fragment_numbers, needed, BoxValue};
use crate::model::commands::{DealtCard, FragmentHand, NeutralStack, Seat};
use crate::model::events::{Dealt, Event};
use crate::model::ids::{Colour, Territory};
use crate::model::state::{Game, Phase};
use crate::pack::board;
use crate::refusals::{refuse, RuleCode, RuleViolation, Section};
use rand::seq::SliceRandom;
use std::collections::BTreeSet;
use strum::EnumCount;

pub const MIN_PLAYERS: usize = 2;
pub const MAX_PLAYERS: usize = 5;
pub const MAX_NAME: usize = 40;
/// PARTIE À 2 JOUEURS: 12 cards each player, 6 each neutral, 3 under each neutral.
pub const TWO_PLAYER_CARDS: usize = 12;
pub const NEUTRAL_CARDS: usize = 6;
pub const NEUTRAL_STACK: usize = 3;

pub fn create(
    game: &Game,
    seats: &[Seat],
    sigma: bool,
    box_values: &[BoxValue],
    edition: Option<u32>,
) -> Result<Vec<Event>, RuleViolation> {
    if game.phase != Phase::NotCreated {
        return Err(refuse(
            RuleCode::AlreadyCreated,
            Section::SetUp,
            "The game is already set up.",
        ));
    }
    if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&seats.len()) {
        return Err(refuse(
            RuleCode::PlayerCount,
            Section::SetUp,
            "RISK Assassin's Creed is played by 2 to 5 players.",
        )
        .with("min", MIN_PLAYERS)
        .with("max", MAX_PLAYERS));
    }
    let mut players = Vec::new();
    let mut colours = BTreeSet::new();
    for seat in seats {
        let name = seat.name.trim();
        if name.is_empty() || name.chars().count() > MAX_NAME || name.chars().any(char::is_control)
        {
            return Err(refuse(
                RuleCode::PlayerName,
                Section::SetUp,
                format!("A player's name has 1 to {MAX_NAME} characters."),
            )
            .with("max", MAX_NAME));
        }
        if !colours.insert(seat.colour) {
            return Err(refuse(
                RuleCode::BrotherhoodTwice,
                Section::SetUp,
                "Each player chooses a brotherhood of a different colour.",
            )
            .with_id("colour", seat.colour));
        }
        players.push(Seat {
            name: name.to_string(),
            colour: seat.colour,
        });
    }
    for value in box_values {
        value.check()?;
    }
    let edition = edition_played(edition)?;
    // PARTIE À 2 JOUEURS 1: "les 3 autres restent neutres".
    let neutrals = if seats.len() == 2 {
        Colour::all().filter(|c| !colours.contains(c)).collect()
    } else {
        Vec::new()
    };
    Ok(vec![Event::GameCreated {
        players,
        neutrals,
        sigma,
        box_values: box_values.to_vec(),
        edition,
    }])
}

/// The edition a new game is played under: this Bagless's, or an older one
/// (a log of an older Bagless decided again); none other.
fn edition_played(edition: Option<u32>) -> Result<u32, RuleViolation> {
    let latest = <Game as bagless_game::Rules>::EDITION;
    match edition {
        None => Ok(latest),
        Some(e) if (1..=latest).contains(&e) => Ok(e),
        Some(e) => Err(refuse(
            RuleCode::EditionUnknown,
            Section::SavingTheGame,
            format!("This Bagless plays editions 1 to {latest} of its reading of the rules."),
        )
        .with("edition", e)
        .with("max", latest)),
    }
}

pub fn set_box_value(game: &Game, value: &BoxValue) -> Result<Vec<Event>, RuleViolation> {
    if game.phase == Phase::NotCreated {
        return Err(refuse(
            RuleCode::NotCreated,
            Section::SetUp,
            "The game has not been set up.",
        ));
    }
    value.check()?;
    Ok(vec![Event::BoxValueSet {
        value: value.clone(),
    }])
}

/// How many territory cards each brotherhood gets, in order of play.
fn shares(game: &Game) -> Vec<(Colour, usize)> {
    if game.players.len() == 2 {
        return game
            .players
            .iter()
            .map(|p| (p.colour, TWO_PLAYER_CARDS))
            .chain(game.neutrals.iter().map(|c| (*c, NEUTRAL_CARDS)))
            .collect();
    }
    let n = game.players.len().max(1);
    let (q, r) = (Territory::COUNT / n, Territory::COUNT % n);
    // MISE EN PLACE 3: the extra cards go to those who play last.
    game.players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.colour, if i >= n - r { q + 1 } else { q }))
        .collect()
}

pub(crate) fn deal_territories(
    game: &Game,
    deal: Option<&[DealtCard]>,
    chance: Chance,
) -> Result<Vec<Event>, RuleViolation> {
    if game.phase != Phase::DealingTerritories {
        return Err(refuse(
            RuleCode::DealNotNow,
            Section::SetUp,
            "The territories are dealt once, at the set-up.",
        ));
    }
    let section = if game.players.len() == 2 {
        Section::TwoPlayers
    } else {
        Section::SetUp
    };
    let shares = shares(game);
    let (cards, crests, by_bagless, order) = match deal {
        None => {
            let cards = match chance.dealt() {
                Some(dealt) => dealt_by_bagless(game, dealt, &shares, section)?,
                None => {
                    let mut all: Vec<Territory> = Territory::all().collect();
                    all.shuffle(&mut chance.rng(0, Section::SetUp)?);
                    let mut cards = Vec::new();
                    let mut rest = all.as_slice();
                    for (colour, share) in &shares {
                        let (mine, others) = rest.split_at(*share);
                        cards.extend(mine.iter().map(|t| (*t, *colour)));
                        rest = others;
                    }
                    cards
                }
            };
            let order = game.players.iter().map(|p| p.colour).collect();
            (cards, Vec::new(), true, order)
        }
        Some(deal) => {
            let (cards, crests) = entered(game, deal)?;
            let order = order_of_play(game, &cards, &shares, section)?;
            (cards, crests, false, order)
        }
    };
    // MISE EN PLACE 4: "Placez 1 Assassin si la carte comporte 1 Blason, 2
    // si elle en comporte 2" — every card's crests must be known.
    let mut known = game.box_values.clone();
    for value in &crests {
        known.record(value);
    }
    let missing: Vec<Territory> = Territory::all()
        .filter(|t| known.crests(*t).is_none())
        .collect();
    if let Some(first) = missing.first() {
        return Err(needed(section, crests_key(*first), missing.len()));
    }
    let mut holdings: Vec<Dealt> = cards
        .iter()
        .map(|(territory, owner)| Dealt {
            territory: *territory,
            owner: *owner,
            assassins: known.crests(*territory).map_or(1, u32::from),
        })
        .collect();
    holdings.sort_by_key(|d| d.territory);
    Ok(vec![Event::TerritoriesDealt {
        holdings,
        order,
        crests,
        by_bagless,
    }])
}

type Entered = (Vec<(Territory, Colour)>, Vec<BoxValue>);

/// A deal Bagless made, read back from a file: one it could have made,
/// each territory once and each brotherhood exactly its share (the extra
/// cards to those who play last, in the order chosen).
fn dealt_by_bagless(
    game: &Game,
    dealt: &[Dealt],
    shares: &[(Colour, usize)],
    section: Section,
) -> Result<Vec<(Territory, Colour)>, RuleViolation> {
    let deal: Vec<DealtCard> = dealt
        .iter()
        .map(|d| DealtCard {
            territory: d.territory,
            owner: d.owner,
            crests: None,
        })
        .collect();
    let (cards, _) = entered(game, &deal)?;
    for (colour, share) in shares {
        let count = cards.iter().filter(|(_, c)| c == colour).count();
        if count != *share {
            return Err(refuse(
                RuleCode::DealCount,
                section,
                format!("{} should get {share} territory cards.", colour.id()),
            )
            .with_id("colour", *colour)
            .with("count", count)
            .with("expected", share));
        }
    }
    Ok(cards)
}

/// A deal entered from the table: each territory once, to a brotherhood of
/// the game; the crests read off the cards.
fn entered(game: &Game, deal: &[DealtCard]) -> Result<Entered, RuleViolation> {
    let brotherhoods = game.brotherhoods();
    let mut seen = BTreeSet::new();
    let mut crests = Vec::new();
    for card in deal {
        if !seen.insert(card.territory) {
            return Err(refuse(
                RuleCode::CardTwice,
                Section::SetUp,
                "Each territory card is dealt once.",
            )
            .with_id("territory", card.territory));
        }
        if !brotherhoods.contains(&card.owner) {
            return Err(refuse(
                RuleCode::BrotherhoodUnknown,
                Section::SetUp,
                "That brotherhood is not in the game.",
            )
            .with_id("colour", card.owner));
        }
        if let Some(c) = card.crests {
            let value = BoxValue::Crests {
                territory: card.territory,
                crests: c,
            };
            if board().territory(card.territory).crests != Some(c) {
                value.check()?;
                crests.push(value);
            }
        }
    }
    if let Some(missing) = Territory::all().find(|t| !seen.contains(t)) {
        return Err(refuse(
            RuleCode::DealIncomplete,
            Section::SetUp,
            "All 42 territory cards are dealt.",
        )
        .with_id("territory", missing));
    }
    Ok((
        deal.iter().map(|c| (c.territory, c.owner)).collect(),
        crests,
    ))
}

/// The order of play once the deal is known: each player got their share or
/// one more, and those with one more play last, in the order chosen.
fn order_of_play(
    game: &Game,
    cards: &[(Territory, Colour)],
    shares: &[(Colour, usize)],
    section: Section,
) -> Result<Vec<Colour>, RuleViolation> {
    let fewest = shares.iter().map(|(_, s)| *s).min().unwrap_or(0);
    let two = game.players.len() == 2;
    let mut first = Vec::new();
    let mut last = Vec::new();
    for (colour, share) in shares {
        let count = cards.iter().filter(|(_, c)| c == colour).count();
        let expected = if two { *share } else { fewest };
        let fits = count == expected
            || (!two && count == fewest + 1 && Territory::COUNT % shares.len() != 0);
        if !fits {
            return Err(refuse(
                RuleCode::DealCount,
                section,
                format!("{} should get {expected} territory cards.", colour.id()),
            )
            .with_id("colour", *colour)
            .with("count", count)
            .with("expected", expected));
        }
        if game.is_neutral(*colour) {
            continue;
        }
        if count > expected {
            last.push(*colour);
        } else {
            first.push(*colour);
        }
    }
    first.extend(last);
    Ok(first)
}

/// The memory-fragment cards each player is dealt: MISE EN PLACE 6
/// "donnez-en 2 à chaque joueur"; PARTIE À 2 JOUEURS, MISE EN PLACE 5
/// "Distribuez 1 carte Fragment de mémoire à chaque joueur".
pub fn fragments_each(game: &Game) -> usize {
    if game.players.len() == 2 {
        1
    } else {
        2
    }
}

pub(crate) fn deal_cards(
    game: &Game,
    fragments: Option<&[FragmentHand]>,
    stacks: Option<&[NeutralStack]>,
    chance: Chance,
) -> Result<Vec<Event>, RuleViolation> {
    if game.phase != Phase::DealingCards {
        return Err(refuse(
            RuleCode::DealNotNow,
            Section::SetUp,
            "The cards are dealt once, after the territories.",
        ));
    }
    let two = game.players.len() == 2;
    let per_player = fragments_each(game);
    let (section, aptitude_each) = if two {
        (Section::TwoPlayers, 3)
    } else {
        (Section::SetUp, 2)
    };
    let mut by_bagless = false;
    let neutral_stacks = match stacks {
        Some(stacks) if !two && !stacks.is_empty() => {
            return Err(refuse(
                RuleCode::NeutralStacksTwoPlayers,
                Section::TwoPlayers,
                "Only a 2-player game has neutral brotherhoods.",
            ))
        }
        Some(stacks) if two => entered_stacks(game, stacks)?,
        _ if two => {
            by_bagless = true;
            match chance.cards() {
                // Dealt by Bagless, read back: 3 distinct cards a neutral.
                Some((_, stacks)) => entered_stacks(game, stacks)?,
                None => {
                    let mut all: Vec<Territory> = Territory::all().collect();
                    all.shuffle(&mut chance.rng(0, section)?);
                    game.neutrals
                        .iter()
                        .zip(all.chunks(NEUTRAL_STACK))
                        .map(|(colour, cards)| NeutralStack {
                            colour: *colour,
                            cards: cards.to_vec(),
                        })
                        .collect()
                }
            }
        }
        _ => Vec::new(),
    };
    let hands = match (fragments, chance.cards()) {
        (Some(hands), _) | (None, Some((hands, _))) => {
            by_bagless |= fragments.is_none();
            entered_fragments(game, hands, per_player, section)?
        }
        (None, None) => {
            by_bagless = true;
            let mut all: Vec<u8> = fragment_numbers().collect();
            // A seed of its own, so fragments and stacks are independent.
            all.shuffle(&mut chance.rng(0x5eed, section)?);
            game.players
                .iter()
                .zip(all.chunks(per_player))
                .map(|(p, f)| FragmentHand {
                    colour: p.colour,
                    fragments: f.to_vec(),
                })
                .collect()
        }
    };
    let under: BTreeSet<Territory> = neutral_stacks
        .iter()
        .flat_map(|s| s.cards.iter().copied())
        .collect();
    let deck = Territory::all().filter(|t| !under.contains(t)).collect();
    let dealt = Event::CardsDealt {
        fragments: hands,
        neutral_stacks,
        aptitude_each,
        deck,
        by_bagless,
    };
    let first = game
        .players
        .first()
        .map(|p| p.colour)
        .unwrap_or(Colour::Red);
    let mut events = vec![dealt];
    let next = after(game, &events);
    events.push(reinforcement::turn_start(&next, first, 1)?);
    Ok(events)
}

fn entered_stacks(
    game: &Game,
    stacks: &[NeutralStack],
) -> Result<Vec<NeutralStack>, RuleViolation> {
    let mut seen = BTreeSet::new();
    for neutral in &game.neutrals {
        let cards = stacks
            .iter()
            .filter(|s| s.colour == *neutral)
            .flat_map(|s| s.cards.iter().copied())
            .collect::<Vec<_>>();
        if cards.len() != NEUTRAL_STACK {
            return Err(refuse(
                RuleCode::NeutralStackCount,
                Section::TwoPlayers,
                "Each neutral brotherhood gets 3 territory cards.",
            )
            .with_id("colour", *neutral)
            .with("expected", NEUTRAL_STACK));
        }
        for card in cards {
            if !seen.insert(card) {
                return Err(refuse(
                    RuleCode::CardTwice,
                    Section::TwoPlayers,
                    "Each territory card is dealt once.",
                )
                .with_id("territory", card));
            }
        }
    }
    if let Some(other) = stacks.iter().find(|s| !game.is_neutral(s.colour)) {
        return Err(refuse(
            RuleCode::BrotherhoodUnknown,
            Section::TwoPlayers,
            "Only the neutral brotherhoods get cards set aside.",
        )
        .with_id("colour", other.colour));
    }
    Ok(game
        .neutrals
        .iter()
        .map(|n| NeutralStack {
            colour: *n,
            cards: stacks
                .iter()
                .filter(|s| s.colour == *n)
                .flat_map(|s| s.cards.iter().copied())
                .collect(),
        })
        .collect())
}

fn entered_fragments(
    game: &Game,
    hands: &[FragmentHand],
    per_player: usize,
    section: Section,
) -> Result<Vec<FragmentHand>, RuleViolation> {
    let numbers = fragment_numbers();
    let cards = numbers.end();
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for p in &game.players {
        let fragments: Vec<u8> = hands
            .iter()
            .filter(|h| h.colour == p.colour)
            .flat_map(|h| h.fragments.iter().copied())
            .collect();
        if fragments.len() != per_player {
            return Err(refuse(
                RuleCode::FragmentCount,
                section,
                format!("Each player gets {per_player} memory-fragment cards."),
            )
            .with_id("colour", p.colour)
            .with("expected", per_player));
        }
        for f in &fragments {
            if !numbers.contains(f) || !seen.insert(*f) {
                return Err(refuse(
                    RuleCode::FragmentUnknown,
                    Section::FragmentCards,
                    format!("Memory fragments are numbered 1 to {cards}, each dealt once."),
                )
                .with("fragment", f));
            }
        }
        out.push(FragmentHand {
            colour: p.colour,
            fragments,
        });
    }
    if let Some(other) = hands.iter().find(|h| game.player(h.colour).is_none()) {
        return Err(refuse(
            RuleCode::BrotherhoodUnknown,
            section,
            "Only players get memory-fragment cards.",
        )
        .with_id("colour", other.colour));
    }
    Ok(out)
}
