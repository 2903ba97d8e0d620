//! What an import checks after every event: the invariants name a state no
//! event could make.

use crate::support;

use bagless_game::Rules;
use bagless_memory::*;
use support::*;

/// What an import checks after every event: a state no event could make
/// is named.
#[test]
fn the_invariants_name_what_is_broken() {
    let mut game = Table::new(2).game;
    assert!(game.invariants().is_empty());
    game.deck.pile.push(3);
    game.assassins[0].cubes = 4;
    let broken = game.invariants();
    assert_eq!(broken.len(), 2, "{broken:?}");
    assert!(broken[0].contains("reinforcement deck"));
    assert!(broken[1].contains("ezio has 4 cubes"));
    assert!(Game::default().invariants().is_empty());

    let mut table = Table::new(2);
    table.advance();
    table.attack(
        vec![attacker("ezio", "sword", &[Riposte, Blank, Blank])],
        &["elite"],
    );
    table.run(Command::AssignHits {
        hits: None,
        bonus_hits: 0,
    });
    assert!(table.game.invariants().is_empty());
    let mut game = table.game.clone();
    game.attack.as_mut().unwrap().riposte[0].assassin = "daria".into();
    assert_eq!(
        game.invariants(),
        vec!["daria takes the retaliation of an attack they are not part of".to_string()]
    );
}

/// "UTILISER UNE ARME" and "ATTAQUE COORDONNÉE": "Chaque Assassin
/// participant dépense 1" — each participant attacks once, and at most the
/// 4 assassins Bagless reads (`MAX_PARTICIPANTS`). An open attack naming
/// one assassin twice is named broken, and so is one of 5 different
/// attackers: each on its own.
#[test]
fn the_invariants_name_an_attack_with_an_assassin_twice_or_too_many() {
    let mut table = Table::new(2);
    table.advance();
    table.attack(
        vec![attacker("ezio", "hidden_blade", &[Hit, Blank])],
        &["elite"],
    );
    assert!(table.game.invariants().is_empty());
    let roll = table.game.attack.as_ref().unwrap().attackers[0].clone();

    let mut twice = table.game.clone();
    twice.attack.as_mut().unwrap().attackers.push(roll.clone());
    assert_eq!(
        twice.invariants(),
        vec!["the attack has 2 attackers, 1 of them different".to_string()]
    );

    let mut five = table.game.clone();
    for id in ["daria", "fabio", "sofia", "giovanni"] {
        let mut other = roll.clone();
        other.assassin = id.into();
        five.attack.as_mut().unwrap().attackers.push(other);
    }
    assert_eq!(
        five.invariants(),
        vec!["the attack has 5 attackers, 5 of them different".to_string()]
    );
}

/// "SETUP": "Always play with the 8 reinforcement cards that have an icon
/// that matches the total number of assassins in play" — 1 to 4 assassins
/// (the reading of "when 4 Assassins are in play"), each once, and the
/// deck of their number. A memory of 1 and one of 4 hold; a copy of a real
/// memory with no assassin, with 5, with one of them twice, or with the
/// cards of another count is named broken: each on its own.
#[test]
fn the_invariants_name_the_assassins_in_play_and_the_deck_of_their_number() {
    assert!(Table::new(1).game.invariants().is_empty());
    assert!(Table::new(4).game.invariants().is_empty());
    let game = Table::new(2).game;
    assert!(game.invariants().is_empty());

    let mut none = game.clone();
    none.assassins.clear();
    assert_eq!(
        none.invariants(),
        vec!["the memory has 0 assassins, 0 of them different".to_string()]
    );

    let mut five = game.clone();
    for id in ["fabio", "sofia", "giovanni"] {
        let mut other = five.assassins[0].clone();
        other.id = id.into();
        five.assassins.push(other);
    }
    assert_eq!(
        five.invariants(),
        vec!["the memory has 5 assassins, 5 of them different".to_string()]
    );

    let mut twice = game.clone();
    twice.assassins[1].id = "ezio".into();
    assert_eq!(
        twice.invariants(),
        vec!["the memory has 2 assassins, 1 of them different".to_string()]
    );

    let mut other_deck = game.clone();
    other_deck.deck.assassins = 3;
    assert_eq!(
        other_deck.invariants(),
        vec!["the reinforcement cards are those for 3 assassins, not 2".to_string()]
    );
}

/// "DETECTION TEST": "any enemies who move to a square containing any
/// assassins/allies who are incognito immediately perform 1 detection
/// test". Ezio arriving incognito on a square of 2 enemies has his test
/// due, which holds; the same memory with Ezio exposed, or off the map,
/// or with his test due twice, is named broken: each on its own.
#[test]
fn the_invariants_name_a_detection_test_due_for_no_incognito_assassin_or_twice() {
    let mut table = Table::new(2);
    table.arrives("ezio", 2);
    assert_eq!(table.game.pending_tests.len(), 1);
    assert!(table.game.invariants().is_empty());
    let not_incognito =
        vec!["a detection test is due for ezio, who is not incognito on the map".to_string()];

    let mut exposed = table.game.clone();
    exposed.assassins[0].exposed = true;
    assert_eq!(exposed.invariants(), not_incognito);

    let mut left = table.game.clone();
    left.assassins[0].condition = Condition::LeftMap;
    assert_eq!(left.invariants(), not_incognito);

    let mut twice = table.game.clone();
    let test = twice.pending_tests[0].clone();
    twice.pending_tests.push(test);
    assert_eq!(
        twice.invariants(),
        vec!["ezio has two detection tests due".to_string()]
    );
}

/// "CRITICAL CONDITION" and "ELIMINATED": "If no one comes to heal an
/// assassin/ally who is in critical condition before the end of the next
/// game turn, they are eliminated" — the turn they fell is known for those
/// in critical condition, and only for them. Ezio fallen in turn 1 holds;
/// the same memory with Ezio's turn forgotten, or with a turn kept for
/// Daria on the map, is named broken: each on its own.
#[test]
fn the_invariants_name_a_critical_condition_without_its_turn_or_a_turn_without_it() {
    let mut table = Table::new(2);
    table.run(Command::SetCondition {
        assassin: "ezio".into(),
        condition: Condition::Critical,
    });
    assert_eq!(table.assassin("ezio").critical_since, Some(1));
    assert!(table.game.invariants().is_empty());

    let mut forgotten = table.game.clone();
    forgotten.assassins[0].critical_since = None;
    assert_eq!(
        forgotten.invariants(),
        vec!["ezio is Critical with a critical condition since turn None".to_string()]
    );

    let mut kept = table.game.clone();
    kept.assassins[1].critical_since = Some(1);
    assert_eq!(
        kept.invariants(),
        vec!["daria is OnMap with a critical condition since turn Some(1)".to_string()]
    );
}

/// "A MEMORY IS SUCCESSFUL AS SOON AS:" / "A MEMORY IS FAILED AS SOON
/// AS:": the memory is over exactly when it has ended, and is played from
/// turn 1. A memory over without an end, ended but not over, or played
/// before turn 1 is named; each on its own.
#[test]
fn the_invariants_name_a_memory_over_without_an_end_or_before_turn_1() {
    let game = Table::new(2).game;
    assert!(game.invariants().is_empty());
    let mut over = game.clone();
    over.step = Step::Over;
    let broken = over.invariants();
    assert_eq!(broken.len(), 1, "{broken:?}");
    assert!(broken[0].contains("Over step"), "{broken:?}");
    let mut ended = game.clone();
    ended.end = Some(EndReason::Completed);
    let broken = ended.invariants();
    assert_eq!(broken.len(), 1, "{broken:?}");
    assert!(broken[0].contains("Completed"), "{broken:?}");
    let mut both = ended.clone();
    both.step = Step::Over;
    assert!(both.invariants().is_empty());
    let mut turn_0 = game.clone();
    turn_0.turn = 0;
    assert_eq!(
        turn_0.invariants(),
        vec!["the memory is played before turn 1".to_string()]
    );
}
