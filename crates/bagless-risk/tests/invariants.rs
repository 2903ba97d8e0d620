//! What a file is checked against after every event (SAVING THE GAME):
//! the invariants name a state no event could make, under its heading.

use crate::support;

use bagless_game::Rules;
use bagless_risk::*;
use support::*;

/// The invariants name what is broken under its heading.
#[test]
fn invariants_name_what_is_broken() {
    let mut table = three_players();
    table.place_all();
    assert_eq!(table.game.invariants(), Vec::<String>::new());
    let mut game = table.game.clone();
    // Edition 1: no territory is ever empty (edition 2 lets an aptitude
    // card empty one, CARTES APTITUDE).
    game.edition = 1;
    game.map.get_mut(&Territory::Peru).unwrap().assassins = 0;
    let card = game.deck[0];
    game.players[0].cards.push(card);
    game.players[1].aptitude_hidden += 1;
    assert_eq!(
        game.invariants(),
        [
            "APERÇU DES ÉLÉMENTS: peru holds no assassin",
            "LES CARTES TERRITOIRE: the card alaska is in 2 places",
            "CARTES APTITUDE: grey has 3 aptitude cards",
        ]
    );
}

/// LES CARTES TERRITOIRE: "Chaque joueur les conserve dans une pile qui lui
/// est propre, tandis que les territoires encore libres sont mis dans une
/// pile unique": once dealt, a card in no place is named, even when every
/// card is gone; before the deal, a card already in two places is named.
#[test]
fn invariants_name_the_cards_gone_after_the_deal_and_placed_before_it() {
    let table = three_players();
    let mut game = table.game.clone();
    game.deck.clear();
    assert_eq!(
        game.invariants(),
        ["LES CARTES TERRITOIRE: the card alaska is in 0 places"]
    );

    let mut table = Table::new();
    table.ok(Command::CreateGame {
        players: seats(3),
        sigma: true,
        box_values: vec![],
        edition: None,
    });
    assert_eq!(table.game.phase, Phase::DealingTerritories);
    let mut game = table.game.clone();
    assert_eq!(game.invariants(), Vec::<String>::new());
    game.deck.push(Territory::Alaska);
    game.discard.push(Territory::Alaska);
    assert_eq!(
        game.invariants(),
        ["LES CARTES TERRITOIRE: the card alaska is in 2 places"]
    );
}

/// PARTIE À 2 JOUEURS, MISE EN PLACE 4: "Distribuez-en 3 pour chacune des
/// 3 factions neutres que vous laisserez sur le côté du plateau": cards set
/// aside for a brotherhood that is not neutral are named.
#[test]
fn invariants_name_cards_set_aside_for_a_brotherhood_not_neutral() {
    let mut game = three_players().game.clone();
    let cards: Vec<Territory> = game.deck.drain(..3).collect();
    game.neutral_stacks.insert(Colour::Red, cards);
    assert_eq!(
        game.invariants(),
        ["PARTIE À 2 JOUEURS: red has 3 cards set aside"]
    );
}

/// MISE EN PLACE: a game not set up has no player and no board; either
/// one alone is named, and one with neither breaks nothing.
#[test]
fn invariants_name_players_or_a_board_before_the_set_up() {
    let mut table = Table::new();
    table.ok(Command::CreateGame {
        players: seats(3),
        sigma: true,
        box_values: vec![],
        edition: None,
    });
    let mut game = table.game.clone();
    assert!(game.map.is_empty());
    game.phase = Phase::NotCreated;
    assert_eq!(
        game.invariants(),
        ["MISE EN PLACE: a game not set up has players or a board"]
    );
    // Neither: nothing is broken.
    game.players.clear();
    assert_eq!(game.invariants(), Vec::<String>::new());
    // A board alone is named too.
    game.map = three_players().game.map.clone();
    assert_eq!(
        game.invariants(),
        ["MISE EN PLACE: a game not set up has players or a board"]
    );
}

/// COMMENT JOUER ?: a game under way has a turn under way; COMMENT
/// GAGNER ?: an outcome comes with the end of the game, never before it.
#[test]
fn invariants_name_a_missing_turn_and_an_outcome_before_the_end() {
    let table = three_players();
    let mut game = table.game.clone();
    game.turn = None;
    assert_eq!(game.invariants(), ["COMMENT JOUER ?: no turn under way"]);
    let mut game = table.game.clone();
    game.phase = Phase::Over;
    assert_eq!(
        game.invariants(),
        ["COMMENT GAGNER ?: a game over without its outcome, or an outcome before the end"]
    );
    let mut game = table.game.clone();
    game.outcome = Some(Outcome {
        ending: Ending::SigmaDrawn,
        winners: vec![Colour::Red],
        counts: vec![],
    });
    assert_eq!(
        game.invariants(),
        ["COMMENT GAGNER ?: a game over without its outcome, or an outcome before the end"]
    );
}

/// LES CONFRÉRIES D'ASSASSINS: "Il existe 5 Confréries différentes", each
/// played by one player or one neutral; PARTIE À 2 JOUEURS: "Chaque joueur
/// contrôle une Confrérie, les 3 autres restent neutres", and no neutral in
/// a game of 3 to 5 players.
#[test]
fn invariants_name_a_brotherhood_played_twice_and_a_neutral_with_3_players() {
    let table = three_players();
    let mut game = table.game.clone();
    game.neutrals.push(Colour::Red);
    assert_eq!(
        game.invariants(),
        [
            "LES CONFRÉRIES D'ASSASSINS: a brotherhood plays twice",
            "PARTIE À 2 JOUEURS: 1 neutrals with 3 players",
        ]
    );
}

/// APERÇU DES ÉLÉMENTS: "Le plateau est une carte divisée en 42
/// territoires", each held by a brotherhood of the game; LES CONFRÉRIES
/// D'ASSASSINS: "Il existe 5 Confréries différentes" — in a game of 3, the
/// 2 not played hold none. A territory held by one is named; the game as
/// dealt, every territory a player's, breaks nothing (found by
/// cargo-mutants).
#[test]
fn invariants_name_a_territory_held_by_a_brotherhood_not_in_the_game() {
    let table = three_players();
    assert_eq!(table.game.invariants(), Vec::<String>::new());
    let mut game = table.game.clone();
    assert!(game.players.iter().all(|p| p.colour != Colour::Blue));
    game.map.get_mut(&Territory::Peru).unwrap().owner = Colour::Blue;
    assert_eq!(
        game.invariants(),
        ["LES CONFRÉRIES D'ASSASSINS: peru is held by a brotherhood not in the game"]
    );
}

/// MISE EN PLACE: "Prenez les cartes Fragment de mémoire, mélangez-les et
/// donnez-en 2 à chaque joueur": each fragment held is one of the pack's
/// cards, and one player's only, once.
#[test]
fn invariants_name_a_memory_fragment_not_in_the_pack_or_held_twice() {
    let table = three_players();
    let cards = pack::board().pack.fragment_cards;
    let mut game = table.game.clone();
    game.players[0].fragments[0] = cards + 1;
    assert_eq!(
        game.invariants(),
        [format!(
            "LES CARTES FRAGMENT DE MÉMOIRE: memory fragment {} is not one of the {cards}, once each",
            cards + 1
        )]
    );
    let mut game = table.game.clone();
    let held = game.players[1].fragments[0];
    game.players[0].fragments[0] = held;
    assert_eq!(
        game.invariants(),
        [format!(
            "LES CARTES FRAGMENT DE MÉMOIRE: memory fragment {held} is not one of the {cards}, once each"
        )]
    );
    // ACCOMPLIR DES MISSIONS: a fragment used is one the player holds, used
    // once.
    let own = table.game.players[0].fragments[0];
    for used in [vec![held], vec![own, own]] {
        let mut game = table.game.clone();
        game.players[0].fragments_used = used.clone();
        let broken = game.invariants();
        assert!(
            broken.len() == 1 && broken[0].contains("used a memory fragment not held, or twice"),
            "{used:?}: {broken:?}"
        );
    }
    let mut game = table.game.clone();
    game.players[0].fragments_used = vec![own];
    assert!(game.invariants().is_empty());
}

/// COMMENT JOUER ?, "Que faire lors de votre tour": a turn under way is
/// one of the players' turns, numbered from 1; COMMENT GAGNER ?: "Vous
/// remportez la partie ... si vous contrôlez le plus grand nombre de
/// territoires": a game over has winners, each a player of the game.
#[test]
fn invariants_name_a_turn_or_winners_that_are_not_a_player_s() {
    let table = three_players();
    let mut game = table.game.clone();
    game.turn.as_mut().unwrap().number = 0;
    assert_eq!(
        game.invariants(),
        ["COMMENT JOUER ?: turn 0 is not a player's"]
    );
    let mut game = table.game.clone();
    game.turn.as_mut().unwrap().player = Colour::Blue;
    assert_eq!(
        game.invariants(),
        ["COMMENT JOUER ?: turn 1 is not a player's"]
    );
    let mut game = table.game.clone();
    game.phase = Phase::Over;
    game.outcome = Some(Outcome {
        ending: Ending::SigmaDrawn,
        winners: vec![],
        counts: vec![],
    });
    assert_eq!(
        game.invariants(),
        ["COMMENT GAGNER ?: the winners are not players"]
    );
    game.outcome.as_mut().unwrap().winners = vec![Colour::Red, Colour::Blue];
    assert_eq!(
        game.invariants(),
        ["COMMENT GAGNER ?: the winners are not players"]
    );
}
