//! What always holds in a memory, after every event: checked after each
//! event of a log decided again (an import, `bagless check`) and by the
//! property tests after each command, so both say the same thing. Cheap:
//! a look at the deck and at each assassin.
//!
//! - "SETUP": "Always play with the 8 reinforcement cards that have an
//!   icon that matches the total number of assassins in play": each
//!   assassin once, and the deck of their number. That there are 1 to 4
//!   is a reading (the seeds' example is "when 4 Assassins are in play"),
//!   listed in campaigns/README.md, not a sentence of the seed.
//! - "<29> Enemy Reinforcement Step": "When the Reinforcement pile is
//!   exhausted, shuffle its discard pile and create a new pile": the 8
//!   cards stay, each once, between the pile, the card drawn and the
//!   discard.
//! - "1. ENEMY REINFORCEMENT": "Draw 1 reinforcement card": the card of
//!   the turn is the one drawn, until it is discarded.
//! - "GAME TURN", "1. EVENT PHASE": "Place 3 [cubes] on the grouped slots
//!   of each assassin's board": never more than 3 there.
//! - "CRITICAL CONDITION" and "ELIMINATED": an assassin is eliminated at
//!   the end of the turn after the one they fell in, so that turn is known
//!   for those in critical condition, and only for them.
//! - "UTILISER UNE ARME" and "ATTAQUE COORDONNÉE" (the French pages of
//!   "USE A WEAPON" and "COORDINATED ATTACK"): each participant attacks
//!   once ("Chaque Assassin participant dépense 1"), at most the 4
//!   assassins the reading above allows; no more hits are given than the attack has ("S'il y a
//!   davantage de [touches] que de blessures à attribuer, ces [touches]
//!   sont perdues"); the retaliation's dice go only to those who took part
//!   ("entre tous les Assassins recherchés qui ont participé").
//! - "DETECTION TEST": a test is due only for an incognito assassin on
//!   the map, and once ("1 detection test").
//! - "A MEMORY IS SUCCESSFUL AS SOON AS:", "A MEMORY IS FAILED AS SOON
//!   AS:": the memory is over exactly when it has ended, for a reason.

use super::attack::MAX_PARTICIPANTS;
use super::setup::{MAX_ASSASSINS, MIN_ASSASSINS};
use crate::model::state::{Game, CUBES_PER_TURN, REINFORCEMENT_CARDS};
use crate::model::types::{Condition, Step};
use std::collections::BTreeSet;

/// Each thing that should hold and does not, in English. Empty when all
/// hold (a memory not set up yet holds nothing).
pub fn broken(game: &Game) -> Vec<String> {
    if !game.is_started() {
        return Vec::new();
    }
    let mut broken = Vec::new();
    if !(1..=super::again::EDITION).contains(&game.edition) {
        broken.push(format!(
            "the memory plays edition {} of the rules",
            game.edition
        ));
    }
    broken.extend(assassins_in_play(game));
    broken.extend(deck_holds_its_cards(game));
    broken.extend(cubes_on_the_board(game));
    broken.extend(critical_since(game));
    broken.extend(attack_holds(game));
    broken.extend(tests_due_hold(game));
    broken.extend(over_when_ended(game));
    broken
}

/// "SETUP": 1 to 4 assassins, each once, and the deck of their number.
fn assassins_in_play(game: &Game) -> Option<String> {
    let count = game.assassins.len();
    let ids: BTreeSet<&str> = game.assassins.iter().map(|a| a.id.as_str()).collect();
    if !(MIN_ASSASSINS..=MAX_ASSASSINS).contains(&count) || ids.len() != count {
        return Some(format!(
            "the memory has {count} assassins, {} of them different",
            ids.len()
        ));
    }
    if usize::from(game.deck.assassins) != count {
        return Some(format!(
            "the reinforcement cards are those for {} assassins, not {count}",
            game.deck.assassins
        ));
    }
    None
}

/// "<29> Enemy Reinforcement Step" and "1. ENEMY REINFORCEMENT": the 8
/// cards, each once, and the card of the turn is the one drawn.
fn deck_holds_its_cards(game: &Game) -> Vec<String> {
    let deck = &game.deck;
    let mut broken = Vec::new();
    let mut cards: Vec<u8> = deck.pile.iter().chain(&deck.discard).copied().collect();
    cards.extend(deck.drawn);
    cards.sort_unstable();
    if !cards.iter().copied().eq(1..=REINFORCEMENT_CARDS) {
        broken.push(format!(
            "the reinforcement deck holds the cards {cards:?}, not 1 to {REINFORCEMENT_CARDS} once each"
        ));
    }
    let of_the_turn = game.reinforcement.as_ref().map(|r| r.card);
    if of_the_turn != deck.drawn {
        broken.push(format!(
            "the card of the turn is {of_the_turn:?} but the card drawn is {:?}",
            deck.drawn
        ));
    }
    broken
}

/// "1. EVENT PHASE": at most 3 cubes on the grouped slots.
fn cubes_on_the_board(game: &Game) -> Vec<String> {
    game.assassins
        .iter()
        .filter(|a| a.cubes > CUBES_PER_TURN)
        .map(|a| {
            format!(
                "{} has {} cubes on the {CUBES_PER_TURN} grouped slots",
                a.id, a.cubes
            )
        })
        .collect()
}

/// "CRITICAL CONDITION": the turn they fell is known for those in
/// critical condition, and only for them.
fn critical_since(game: &Game) -> Vec<String> {
    game.assassins
        .iter()
        .filter(|a| (a.condition == Condition::Critical) != a.critical_since.is_some())
        .map(|a| {
            format!(
                "{} is {:?} with a critical condition since turn {:?}",
                a.id, a.condition, a.critical_since
            )
        })
        .collect()
}

/// "ATTAQUE COORDONNÉE": 1 to 4 attackers, each once; hits given within
/// the attack's; the retaliation shared among the attackers only.
fn attack_holds(game: &Game) -> Option<String> {
    let attack = game.attack.as_ref()?;
    let attackers: BTreeSet<&str> = attack
        .attackers
        .iter()
        .map(|a| a.assassin.as_str())
        .collect();
    let count = attack.attackers.len();
    if !(1..=MAX_PARTICIPANTS).contains(&count) || attackers.len() != count {
        return Some(format!(
            "the attack has {count} attackers, {} of them different",
            attackers.len()
        ));
    }
    let given: u32 = attack.enemies.iter().map(|e| u32::from(e.hits)).sum();
    if given > attack.total_hits() {
        return Some(format!(
            "the attack gives {given} hits of {}",
            attack.total_hits()
        ));
    }
    let outsider = attack
        .riposte
        .iter()
        .find(|s| !attackers.contains(s.assassin.as_str()))?;
    Some(format!(
        "{} takes the retaliation of an attack they are not part of",
        outsider.assassin
    ))
}

/// "DETECTION TEST": a test is due for an incognito assassin on the map
/// ("any assassins/allies who are incognito"), once ("1 detection test").
fn tests_due_hold(game: &Game) -> Vec<String> {
    let mut seen = BTreeSet::new();
    let mut broken = Vec::new();
    for id in game
        .pending_tests
        .iter()
        .filter_map(|t| t.assassin.as_deref())
    {
        let incognito = game.assassin(id).is_some_and(|a| a.can_act() && !a.exposed);
        if !incognito {
            broken.push(format!(
                "a detection test is due for {id}, who is not incognito on the map"
            ));
        }
        if !seen.insert(id) {
            broken.push(format!("{id} has two detection tests due"));
        }
    }
    broken
}

/// "A MEMORY IS SUCCESSFUL AS SOON AS:" / "A MEMORY IS FAILED AS SOON
/// AS:": over exactly when ended, and never before turn 1.
fn over_when_ended(game: &Game) -> Option<String> {
    if (game.step == Step::Over) != game.end.is_some() {
        return Some(format!(
            "the memory is in the {:?} step with its end {:?}",
            game.step, game.end
        ));
    }
    if game.turn == 0 {
        return Some("the memory is played before turn 1".into());
    }
    None
}
