//! What holds after every event of a game the rules wrote: checked after
//! each event of a file read from outside (`bagless_game::decide_log_again`)
//! and by the property tests, so both say the same thing. Each broken one
//! is worded in English under the heading of the rules summary that says
//! it. Cheap: a pass over the 42 territories, the 42 cards and the players,
//! for it runs after every event of a 20,000-event import.
//!
//! - LES CONFRÉRIES D'ASSASSINS, MISE EN PLACE 1 and PARTIE À 2 JOUEURS:
//!   2 to 5 players of different colours; "les 3 autres restent neutres"
//!   in a 2-player game, none otherwise.
//! - APERÇU DES ÉLÉMENTS: "Le plateau est une carte divisée en 42
//!   territoires": once dealt, each held by a brotherhood of the game with
//!   at least 1 assassin (the one whose defenders all fell in the roll just
//!   made waits, empty, for the attackers: COMBAT, "la Confrérie attaquante
//!   prend le contrôle du territoire").
//! - LES CARTES TERRITOIRE: "Chaque joueur les conserve dans une pile qui
//!   lui est propre, tandis que les territoires encore libres sont mis dans
//!   une pile unique": once dealt, each of the 42 cards is in exactly one
//!   place (the pile, the discard, a player's hand, a neutral's 3 cards);
//!   the Sigma card only in a game played with it (VARIANTES DE JEU).
//! - LES CARTES FRAGMENT DE MÉMOIRE and ACCOMPLIR DES MISSIONS: 2 fragments
//!   each (1 with 2 players), each dealt once, each "utilis[é] qu'une fois
//!   par partie".
//! - LES CARTES APTITUDE (CARTES APTITUDE): 2 each (3 with 2 players),
//!   face down or turned.
//! - COMMENT JOUER ? and 1. PLACEZ VOS ASSASSINS: a turn is a player's;
//!   no more placed than the turn brings, all of it before 2. ATTAQUEZ
//!   (edition 1; edition 2 lets the table leave some unplaced).
//! - COMMENT GAGNER ?: a game over has its winners, among the players.

use crate::model::ids::Territory;
use crate::model::state::{Game, Phase};
use crate::pack::board;
use crate::refusals::Section;
use crate::rules::setup::{MAX_PLAYERS, MIN_PLAYERS, NEUTRAL_STACK};
use strum::EnumCount;

/// Every invariant `game` breaks, worded under its heading; empty when all hold.
pub(crate) fn broken(game: &Game) -> Vec<String> {
    let mut broken = Vec::new();
    let mut say = |section: Section, what: String| {
        broken.push(format!("{}: {what}", section.heading()));
    };
    if game.phase == Phase::NotCreated {
        if !game.players.is_empty() || !game.map.is_empty() {
            say(
                Section::SetUp,
                "a game not set up has players or a board".into(),
            );
        }
        return broken;
    }
    brotherhoods(game, &mut say);
    board_held(game, &mut say);
    cards(game, &mut say);
    hands(game, &mut say);
    turn(game, &mut say);
    broken
}

/// LES CONFRÉRIES D'ASSASSINS: "Il existe 5 Confréries différentes".
fn brotherhoods(game: &Game, say: &mut impl FnMut(Section, String)) {
    let players = game.players.len();
    if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
        say(Section::SetUp, format!("{players} players"));
    }
    let all = game.brotherhoods();
    if (1..all.len()).any(|i| all[..i].contains(&all[i])) {
        say(Section::Brotherhoods, "a brotherhood plays twice".into());
    }
    let neutrals = if players == 2 { 3 } else { 0 };
    if game.neutrals.len() != neutrals {
        say(
            Section::TwoPlayers,
            format!("{} neutrals with {players} players", game.neutrals.len()),
        );
    }
}

/// APERÇU DES ÉLÉMENTS: the 42 territories, each held, none empty.
fn board_held(game: &Game, say: &mut impl FnMut(Section, String)) {
    if game.phase == Phase::DealingTerritories {
        if !game.map.is_empty() {
            say(Section::SetUp, "territories held before the deal".into());
        }
        return;
    }
    if game.map.len() != Territory::COUNT {
        say(
            Section::Overview,
            format!("{} territories on the board", game.map.len()),
        );
    }
    let emptied = game
        .turn
        .as_ref()
        .and_then(|t| t.last_roll.as_ref())
        .filter(|roll| !roll.conquered)
        .map(|roll| roll.to);
    for (territory, holding) in &game.map {
        if !game.players.iter().any(|p| p.colour == holding.owner)
            && !game.is_neutral(holding.owner)
        {
            say(
                Section::Brotherhoods,
                format!(
                    "{} is held by a brotherhood not in the game",
                    territory.id()
                ),
            );
        }
        // Edition 2: an aptitude card may empty a territory, which stays
        // its holder's (CARTES APTITUDE).
        if holding.assassins == 0 && emptied != Some(*territory) && !game.follows_edition_2() {
            say(
                Section::Overview,
                format!("{} holds no assassin", territory.id()),
            );
        }
    }
}

/// LES CARTES TERRITOIRE: each card in one place, once dealt.
fn cards(game: &Game, say: &mut impl FnMut(Section, String)) {
    let mut seen = [0u8; Territory::COUNT];
    let mut count = |cards: &[Territory]| {
        for card in cards {
            seen[card.index()] = seen[card.index()].saturating_add(1);
        }
    };
    count(&game.deck);
    count(&game.discard);
    for player in &game.players {
        count(&player.cards);
    }
    for stack in game.neutral_stacks.values() {
        count(stack);
    }
    let placed: u32 = seen.iter().map(|n| u32::from(*n)).sum();
    let dealt =
        placed > 0 || !matches!(game.phase, Phase::DealingTerritories | Phase::DealingCards);
    if dealt {
        if let Some(i) = seen.iter().position(|n| *n != 1) {
            let card = Territory::all().nth(i).map_or("?".into(), |t| t.id());
            say(
                Section::TerritoryCards,
                format!("the card {card} is in {} places", seen[i]),
            );
        }
    }
    for (neutral, stack) in &game.neutral_stacks {
        if !game.is_neutral(*neutral) || stack.len() != NEUTRAL_STACK {
            say(
                Section::TwoPlayers,
                format!("{} has {} cards set aside", neutral.id(), stack.len()),
            );
        }
    }
    if game.sigma_in_deck && !game.sigma {
        say(
            Section::Variants,
            "the Sigma card is in the pile of a game without it".into(),
        );
    }
}

/// LES CARTES FRAGMENT DE MÉMOIRE and LES CARTES APTITUDE: each player's.
fn hands(game: &Game, say: &mut impl FnMut(Section, String)) {
    let two = game.players.len() == 2;
    let dealt = game.players.iter().any(|p| !p.fragments.is_empty());
    let (fragments, aptitude) = match (dealt, two) {
        (false, _) => (0, 0),
        (true, true) => (1, 3),
        (true, false) => (2, 2),
    };
    let cards = board().pack.fragment_cards;
    let mut seen = [false; 256];
    for p in &game.players {
        let who = || p.colour.id();
        if p.fragments.len() != fragments {
            say(
                Section::FragmentCards,
                format!("{} holds {} memory fragments", who(), p.fragments.len()),
            );
        }
        for f in &p.fragments {
            if *f == 0 || *f > cards || seen[usize::from(*f)] {
                say(
                    Section::FragmentCards,
                    format!("memory fragment {f} is not one of the {cards}, once each"),
                );
            }
            seen[usize::from(*f)] = true;
        }
        let used = &p.fragments_used;
        if used
            .iter()
            .enumerate()
            .any(|(i, f)| !p.fragments.contains(f) || used[..i].contains(f))
        {
            say(
                Section::CompletingMissions,
                format!("{} used a memory fragment not held, or twice", who()),
            );
        }
        if p.aptitude_hidden + p.aptitude_revealed != aptitude {
            say(
                Section::AptitudeCards,
                format!(
                    "{} has {} aptitude cards",
                    who(),
                    p.aptitude_hidden + p.aptitude_revealed
                ),
            );
        }
    }
}

/// COMMENT JOUER ?, 1. PLACEZ VOS ASSASSINS, COMMENT GAGNER ?
fn turn(game: &Game, say: &mut impl FnMut(Section, String)) {
    let playing = matches!(
        game.phase,
        Phase::Placement | Phase::Attack | Phase::Manoeuvre
    );
    match &game.turn {
        None if playing => say(Section::HowToPlay, "no turn under way".into()),
        None => {}
        Some(turn) => {
            if game.player(turn.player).is_none() || turn.number == 0 {
                say(
                    Section::HowToPlay,
                    format!("turn {} is not a player's", turn.number),
                );
            }
            if turn.placed + turn.forgone > turn.total() {
                say(
                    Section::PlaceYourAssassins,
                    format!("{} placed of {}", turn.placed, turn.total()),
                );
            }
            // Edition 2: the table may leave some unplaced, and a neutral's
            // captured cards traded later bring more to place.
            let attacking = matches!(game.phase, Phase::Attack | Phase::Manoeuvre);
            if attacking && turn.pool() != 0 && !game.follows_edition_2() {
                say(
                    Section::PlaceYourAssassins,
                    format!("{} new assassins left at the attacks", turn.pool()),
                );
            }
        }
    }
    let over = game.phase == Phase::Over;
    match &game.outcome {
        Some(outcome) if over => {
            if outcome.winners.is_empty()
                || outcome.winners.iter().any(|w| game.player(*w).is_none())
            {
                say(Section::HowToWin, "the winners are not players".into());
            }
        }
        None if !over => {}
        _ => say(
            Section::HowToWin,
            "a game over without its outcome, or an outcome before the end".into(),
        ),
    }
}
