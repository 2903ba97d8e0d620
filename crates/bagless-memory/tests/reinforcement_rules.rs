//! The reinforcement deck ("1. ENEMY REINFORCEMENT", "<29> Enemy
//! Reinforcement Step"): the 8 cards for the number of assassins, drawn in order, discarded,
//! reshuffled when exhausted; each card's columns asked once; the guards
//! per entrance on the map for the alert state. ENEMIES: 4 per square,
//! bodies removed and the detection dice to roll.

use crate::support;

use bagless_game::Rules;
use bagless_memory::*;
use std::collections::BTreeMap;
use support::*;

fn at_reinforcement(table: &mut Table) {
    table.advance_to(Step::Reinforcement);
}

/// "SETUP": "Always play with the 8 reinforcement cards that have an icon
/// that matches the total number of assassins in play" — shuffled with
/// the seed, drawn from the top.
#[test]
fn setup_8_cards_for_the_assassins_in_play_drawn_in_order() {
    let mut table = Table::with(start_command(3), Some(7));
    assert_eq!(table.game.deck.assassins, 3);
    let mut sorted = table.game.deck.pile.clone();
    sorted.sort();
    assert_eq!(sorted, (1..=8).collect::<Vec<u8>>());
    assert_ne!(table.game.deck.pile, sorted, "shuffled with the seed");
    let order = table.game.deck.pile.clone();
    let mut drawn = Vec::new();
    for _ in 0..8 {
        at_reinforcement(&mut table);
        table.reinforce(None);
        drawn.push(table.game.deck.drawn.unwrap());
        table.advance();
    }
    assert_eq!(drawn, order);
    assert_eq!(table.game.deck.discard, order);
    assert!(table.game.deck.pile.is_empty());
    let deck = play_view(&table.game).deck;
    assert!(deck.reshuffle_next);
    // The next draw shuffles the discard: any of its cards may come.
    assert_eq!(deck.drawable, (1..=8).collect::<Vec<u8>>());
}

/// The view tells the draw at the table which cards it may name: those
/// left in the pile, by number (not in the pile's order).
#[test]
fn the_view_offers_the_cards_left_in_the_pile() {
    let mut table = Table::with(start_command(2), Some(3));
    assert_eq!(
        play_view(&table.game).deck.drawable,
        (1..=8).collect::<Vec<u8>>()
    );
    at_reinforcement(&mut table);
    table.reinforce(Some(5));
    table.advance();
    at_reinforcement(&mut table);
    table.reinforce(Some(2));
    let deck = play_view(&table.game).deck;
    assert_eq!(deck.drawable, vec![1, 3, 4, 6, 7, 8]);
    assert_eq!(deck.pile, 6);
    assert_eq!(play_view(&Game::default()).deck.drawable, Vec::<u8>::new());
}

/// "When the Reinforcement pile is exhausted, shuffle its discard pile and
/// create a new pile."
#[test]
fn reinforcement_step_reshuffles_the_discard_when_the_pile_is_exhausted() {
    let mut table = Table::with(start_command(2), Some(11));
    for _ in 0..8 {
        at_reinforcement(&mut table);
        table.reinforce(None);
        table.advance();
        assert_eq!(table.game.deck.reshuffles, 0);
    }
    at_reinforcement(&mut table);
    let events = table.run(Command::DrawReinforcement { card: None });
    let Event::ReinforcementDrawn {
        card,
        reshuffled: Some(pile),
        by_bagless: true,
        ..
    } = &events[0]
    else {
        panic!("{events:?}");
    };
    assert_eq!(pile[0], *card);
    assert_eq!(table.game.deck.reshuffles, 1);
    assert_eq!(table.game.deck.pile.len(), 7);
    assert!(table.game.deck.discard.is_empty());
}

/// "When the Reinforcement pile is exhausted, shuffle its discard pile and
/// create a new pile": only then, and only from the discard. A reshuffle
/// recorded while cards are left in the pile changes nothing, even holding
/// the discard's cards; one of cards other than the discard changes
/// nothing, even with the pile exhausted (the deck keeps its 8 cards).
#[test]
fn reinforcement_step_a_new_pile_only_from_the_discard_of_an_exhausted_pile() {
    let reshuffle = |card: u8, pile: Vec<u8>| Event::ReinforcementDrawn {
        card,
        reshuffled: Some(pile),
        by_bagless: true,
        alert: None,
    };
    let mut table = Table::new(2);
    at_reinforcement(&mut table);
    table.reinforce(None);
    table.advance();
    let discard = table.game.deck.discard.clone();
    assert_eq!((table.game.deck.pile.len(), discard.len()), (7, 1));
    let mut game = table.game.clone();
    evolve(&mut game, &reshuffle(discard[0], discard.clone()));
    assert_eq!(game, table.game, "cards are left in the pile");

    for _ in 1..8 {
        at_reinforcement(&mut table);
        table.reinforce(None);
        table.advance();
    }
    assert!(table.game.deck.pile.is_empty());
    let mut game = table.game.clone();
    evolve(&mut game, &reshuffle(1, vec![1, 2, 3]));
    assert_eq!(game, table.game, "not the discard's cards");
    let mut game = table.game.clone();
    let discard = table.game.deck.discard.clone();
    evolve(&mut game, &reshuffle(discard[0], discard.clone()));
    assert_eq!(game.deck.reshuffles, 1, "the discard of an exhausted pile");
    assert!(game.invariants().is_empty());
}

/// The view says when the next draw reshuffles the discard ("When the
/// Reinforcement pile is exhausted"): never before the memory is set up
/// (no pile yet), nor while cards are left in the pile; once it is
/// exhausted, yes.
#[test]
fn the_view_says_a_reshuffle_comes_only_once_the_pile_is_exhausted() {
    assert!(Game::default().deck.pile.is_empty());
    assert!(!play_view(&Game::default()).deck.reshuffle_next);
    let mut table = Table::new(2);
    assert!(!play_view(&table.game).deck.reshuffle_next);
    for _ in 0..8 {
        at_reinforcement(&mut table);
        table.reinforce(None);
        table.advance();
    }
    assert!(play_view(&table.game).deck.reshuffle_next);
}

/// "Draw 1 Reinforcement card": one a turn, from the pile; the card the
/// players drew may be entered; it is discarded when the step ends.
#[test]
fn enemy_reinforcement_one_card_a_turn_entered_or_drawn() {
    let mut table = Table::new(3);
    let refusal = table.refused(Command::DrawReinforcement { card: Some(1) });
    assert_eq!(refusal.code, RuleCode::WrongStep);
    assert_eq!(refusal.section, Section::EnemyReinforcement);
    at_reinforcement(&mut table);
    let refusal = table.refused(Command::DrawReinforcement { card: None });
    assert_eq!(refusal.code, RuleCode::CardNeeded);
    let refusal = table.refused(Command::Advance);
    assert_eq!(refusal.code, RuleCode::DrawFirst);
    let refusal = table.refused(Command::DrawReinforcement { card: Some(9) });
    assert_eq!(refusal.code, RuleCode::CardNotInPile);
    assert_eq!(refusal.section, Section::ReinforcementStep);
    table.run(Command::DrawReinforcement { card: Some(5) });
    let refusal = table.refused(Command::DrawReinforcement { card: Some(6) });
    assert_eq!(refusal.code, RuleCode::AlreadyDrawn);
    assert_eq!(refusal.params["card"], "5");
    assert_eq!(table.refused(Command::Advance).code, RuleCode::PlaceFirst);
    table.run(Command::PlaceReinforcements);
    let events = table.advance();
    assert!(events.contains(&Event::ReinforcementDiscarded { card: 5 }));
    assert_eq!(table.game.deck.discard, vec![5]);
    table.advance_to(Step::Reinforcement);
    let refusal = table.refused(Command::DrawReinforcement { card: Some(5) });
    assert_eq!(refusal.code, RuleCode::CardNotInPile);
}

/// The guards of the calm column: 1 Crossbowman at A, nothing at B, 1
/// Elite at C, 2 Crossbowmen at D.
fn calm_column() -> Vec<(Entrance, Option<Guard>, u8)> {
    vec![
        (Entrance::A, Some(Guard::Crossbowman), 1),
        (Entrance::B, None, 0),
        (Entrance::C, Some(Guard::Elite), 1),
        (Entrance::D, Some(Guard::Crossbowman), 2),
    ]
}

/// <29>'s example of the right column: "1 Elite Guard on each square in
/// contact with an Entrance A token. 1 Crossbowman ... Entrance B. 1
/// Crossbowman ... Entrance C. No Enemies on all squares in contact with
/// an Entrance D."
fn alert_column() -> Vec<(Entrance, Option<Guard>, u8)> {
    vec![
        (Entrance::A, Some(Guard::Elite), 1),
        (Entrance::B, Some(Guard::Crossbowman), 1),
        (Entrance::C, Some(Guard::Crossbowman), 1),
        (Entrance::D, None, 0),
    ]
}

fn lines(guards: &[EntranceGuards]) -> Vec<(Entrance, Option<Guard>, u8)> {
    guards
        .iter()
        .map(|g| (g.entrance, g.guard, g.count))
        .collect()
}

fn placed(table: &Table) -> Placement {
    table
        .game
        .this_turns_card()
        .unwrap()
        .placed
        .clone()
        .unwrap()
}

/// "select the column that corresponds to the Alert State": calm, the
/// left column; "If the Alert State is [red] (right column)", the example
/// of <29>, per entrance. Both guard types ("There are 2 types of Guards:
/// The Crossbowmen () and the Elites ()") come from the card.
#[test]
fn reinforcement_step_column_of_the_alert_state() {
    let mut table = Table::new(3);
    at_reinforcement(&mut table);
    table.run(Command::DrawReinforcement { card: Some(2) });
    let view = play_view(&table.game).reinforcement.unwrap();
    assert_eq!(view.column, "calm");
    assert_eq!(lines(&view.to_place), calm_column());
    table.run(Command::PlaceReinforcements);
    assert!(!placed(&table).alert);
    assert_eq!(lines(&placed(&table).guards), calm_column());
    assert_eq!(
        table.refused(Command::PlaceReinforcements).code,
        RuleCode::AlreadyPlaced
    );
    table.advance_to(Step::EndOfTurn);
    table.advance();
    // "As soon as the alert is triggered ... Enemy reinforcements become
    // more numerous": the right column.
    table.run(Command::SetAlert { on: true });
    at_reinforcement(&mut table);
    table.run(Command::DrawReinforcement { card: Some(5) });
    assert_eq!(
        play_view(&table.game).reinforcement.unwrap().column,
        "alert"
    );
    table.run(Command::PlaceReinforcements);
    assert!(placed(&table).alert);
    assert_eq!(lines(&placed(&table).guards), alert_column());
}

/// Edition 3's reading, kept for a memory recorded under it: the column of
/// the alert state as the guards are placed. Drawn while calm, the alert
/// turned on by hand before the guards are placed: the right column.
#[test]
fn reinforcement_step_column_as_the_guards_are_placed_under_edition_3() {
    let mut table = Table::with(under_edition(start_command(3), 3), None);
    at_reinforcement(&mut table);
    table.run(Command::DrawReinforcement { card: Some(2) });
    let view = play_view(&table.game).reinforcement.unwrap();
    assert_eq!(view.column, "calm");
    assert_eq!(lines(&view.to_place), calm_column());
    table.run(Command::SetAlert { on: true });
    let view = play_view(&table.game).reinforcement.unwrap();
    assert_eq!((view.column.as_str(), view.column_kept), ("alert", false));
    table.run(Command::PlaceReinforcements);
    assert!(placed(&table).alert);
    assert_eq!(lines(&placed(&table).guards), alert_column());
    assert_eq!(
        table.refused(Command::PlaceReinforcements).code,
        RuleCode::AlreadyPlaced
    );
}

/// "Ignore any reinforcement associated with Enemy entrances (A, B, C or
/// D) that are not on the map."
#[test]
fn reinforcement_step_ignores_entrances_not_on_the_map() {
    let mut table = Table::new(3);
    table.run(Command::SetEntrances {
        entrances: vec![Entrance::C, Entrance::A],
    });
    assert_eq!(table.game.entrances, vec![Entrance::A, Entrance::C]);
    at_reinforcement(&mut table);
    table.reinforce(Some(1));
    let placed = &table.game.this_turns_card().unwrap().placed;
    let entrances: Vec<Entrance> = placed
        .as_ref()
        .unwrap()
        .guards
        .iter()
        .map(|g| g.entrance)
        .collect();
    assert_eq!(entrances, vec![Entrance::A, Entrance::C]);
    let refusal = table.refused(Command::EnterSquare {
        entrance: Some(Entrance::B),
        enemies: 0,
        bodies: 0,
        entering: 1,
        incognito: vec![],
    });
    assert_eq!(refusal.code, RuleCode::EntranceNotOnMap);
    let refusal = table.refused(Command::SetEntrances {
        entrances: vec![Entrance::A, Entrance::C],
    });
    assert_eq!(refusal.code, RuleCode::EntrancesSame);
}

/// The card's columns are not in the summaries: asked once, by key, for
/// the column of the alert state and the entrances on the map, then
/// remembered.
#[test]
fn reinforcement_step_columns_asked_once() {
    let mut command = start_command(3);
    if let Command::StartMemory {
        box_values,
        entrances,
        ..
    } = &mut command
    {
        *box_values = box_values_without_cards();
        *entrances = vec![Entrance::B];
    }
    let mut table = Table::with(command, None);
    at_reinforcement(&mut table);
    table.run(Command::DrawReinforcement { card: Some(4) });
    let view = play_view(&table.game);
    assert_eq!(
        view.waiting,
        Waiting::CardValues {
            keys: vec!["reinforcement.3.4.calm.b".into()]
        }
    );
    let refusal = table.refused(Command::PlaceReinforcements);
    assert_eq!(refusal.code, RuleCode::ValueNeeded);
    assert_eq!(refusal.section, Section::ReinforcementStep);
    assert_eq!(refusal.params["key"], "reinforcement.3.4.calm.b");
    assert_eq!(refusal.params["what"], "reinforcement");
    assert_eq!(refusal.params["players"], "3");
    assert_eq!(refusal.params["card"], "4");
    assert_eq!(refusal.params["column"], "calm");
    assert_eq!(refusal.params["entrance"], "b");
    let refusal = table.refused(Command::SetBoxValue {
        key: "reinforcement.3.4.calm.b".into(),
        value: guards(None, 2),
    });
    assert_eq!(refusal.code, RuleCode::ValueKind);
    table.run(Command::SetBoxValue {
        key: "reinforcement.3.4.calm.b".into(),
        value: guards(Some(Guard::Elite), 2),
    });
    assert_eq!(play_view(&table.game).waiting, Waiting::PlaceGuards);
    table.run(Command::PlaceReinforcements);
    assert_eq!(
        table
            .game
            .this_turns_card()
            .unwrap()
            .placed
            .as_ref()
            .unwrap()
            .guards[0]
            .count,
        2
    );
}

/// "Ignore any reinforcements associated with enemy entrances that are
/// not on the map": each entrance token is on the map once, at setup and
/// when the entrances are set again; a set of different ones is kept in
/// order.
#[test]
fn reinforcement_step_each_entrance_on_the_map_once() {
    let with_entrances = |entrances: Vec<Entrance>| {
        let mut command = start_command(2);
        if let Command::StartMemory { entrances: e, .. } = &mut command {
            *e = entrances;
        }
        command
    };
    let mut table = Table::empty();
    let refusal = table.refused(with_entrances(vec![Entrance::A, Entrance::C, Entrance::A]));
    assert_eq!(refusal.code, RuleCode::EntranceTwice);
    assert_eq!(refusal.section, Section::ReinforcementStep);
    assert_eq!(refusal.params["entrance"], "a");

    table.run(with_entrances(vec![Entrance::C, Entrance::A]));
    assert_eq!(table.game.entrances, vec![Entrance::A, Entrance::C]);

    let refusal = table.refused(Command::SetEntrances {
        entrances: vec![Entrance::B, Entrance::D, Entrance::D],
    });
    assert_eq!(refusal.code, RuleCode::EntranceTwice);
    assert_eq!(refusal.section, Section::ReinforcementStep);
    assert_eq!(refusal.params["entrance"], "d");
    table.run(Command::SetEntrances {
        entrances: vec![Entrance::D, Entrance::B],
    });
    assert_eq!(table.game.entrances, vec![Entrance::B, Entrance::D]);
}

fn box_values_without_cards() -> BTreeMap<String, BoxValue> {
    box_values()
}

/// "ENEMIES" and <29>'s example: "4 Agile Guards must enter a square
/// containing 1 Crossbowman and 3 Bodies. Remove the 3 Bodies, Move 3
/// Agiles to the square (the 4th cannot Move as there is no space left)
/// ... roll a total of 9 dice."
#[test]
fn enemies_four_per_square_bodies_removed_and_detection_dice() {
    let mut table = Table::new(3);
    at_reinforcement(&mut table);
    table.run(Command::EnterSquare {
        entrance: Some(Entrance::A),
        enemies: 1,
        bodies: 3,
        entering: 4,
        incognito: vec![],
    });
    let entry = table.game.entry.clone().unwrap();
    assert_eq!(
        (
            entry.entered,
            entry.blocked,
            entry.bodies_removed,
            entry.body_dice
        ),
        (3, 1, 3, 9)
    );
    // A full square: "ignore reinforcements that cannot enter because the
    // square is full"; incognito assassins there roll 1 die per enemy.
    table.run(Command::EnterSquare {
        entrance: None,
        enemies: 2,
        bodies: 0,
        entering: 3,
        incognito: vec!["ezio".into()],
    });
    let entry = table.game.entry.clone().unwrap();
    assert_eq!((entry.entered, entry.blocked, entry.body_dice), (2, 1, 0));
    assert_eq!(entry.detection_dice, 4);
    let refusal = table.refused(Command::EnterSquare {
        entrance: None,
        enemies: 3,
        bodies: 2,
        entering: 1,
        incognito: vec![],
    });
    assert_eq!(refusal.code, RuleCode::SquareCount);
    assert_eq!(refusal.section, Section::Enemies);
}

/// "If there are not enough miniatures to place all the reinforcements,
/// the memory is failed": offered as the outcome.
#[test]
fn enemy_reinforcement_not_enough_miniatures_fails_the_memory() {
    let mut table = Table::new(3);
    at_reinforcement(&mut table);
    table.run(Command::DrawReinforcement { card: Some(3) });
    assert!(play_view(&table.game)
        .reminders
        .contains(&"reinforcement.not_enough_miniatures".to_string()));
    table.run(Command::EndMemory {
        reason: EndReason::NotEnoughMiniatures,
    });
    assert_eq!(table.game.outcome(), Some(Outcome::Failure));
    let draft = attempt_draft(&table.game);
    assert_eq!(draft.outcome, Some(Outcome::Failure));
    assert_eq!(draft.reason, Some(EndReason::NotEnoughMiniatures));
    let refusal = table.refused(Command::Advance);
    assert_eq!(refusal.code, RuleCode::MemoryOver);
    assert_eq!(refusal.section, Section::MemoryFailed);
}

/// "Also ignore reinforcements that cannot enter because the square is
/// full"; "any enemies who move to a square containing any
/// assassins/allies who are incognito immediately perform 1 detection
/// test": guards that do not enter test no one, and guards entering a
/// square with no incognito assassin roll no assassin's test.
#[test]
fn enemies_that_do_not_enter_perform_no_detection_test() {
    let mut table = Table::new(2);
    table.advance_to(Step::Movement);
    table.run(Command::EnterSquare {
        entrance: None,
        enemies: 4,
        bodies: 0,
        entering: 2,
        incognito: vec!["ezio".into()],
    });
    let entry = table.game.entry.clone().unwrap();
    assert_eq!(
        (entry.entered, entry.blocked, entry.detection_dice),
        (0, 2, 0)
    );
    assert!(play_view(&table.game).pending_tests.is_empty());
    table.run(Command::EnterSquare {
        entrance: None,
        enemies: 1,
        bodies: 0,
        entering: 2,
        incognito: vec![],
    });
    let entry = table.game.entry.clone().unwrap();
    assert_eq!((entry.entered, entry.detection_dice), (2, 0));
    assert!(play_view(&table.game).pending_tests.is_empty());
}

/// "<29> Enemy Reinforcement Step": a card's line for an entrance brings
/// guards of one kind, or "No Enemies": a line of 0 guards keeps no kind,
/// even one named; a line of 1 keeps it.
#[test]
fn enemy_reinforcement_step_a_line_of_no_enemies_keeps_no_guard_kind() {
    let mut table = Table::new(2);
    let key = "reinforcement.2.1.calm.b";
    for (count, kept) in [(0, None), (1, Some(Guard::Elite))] {
        table.run(Command::SetBoxValue {
            key: key.into(),
            value: guards(Some(Guard::Elite), count),
        });
        assert_eq!(table.game.box_values[key], guards(kept, count));
    }
}

/// "1. ENEMY REINFORCEMENT": the card drawn this turn is the one
/// discarded. A discard of a card other than the one drawn (or with none
/// drawn) changes nothing; the card drawn goes to the discard.
#[test]
fn reinforcement_step_only_the_card_drawn_is_discarded() {
    let mut table = Table::new(2);
    at_reinforcement(&mut table);
    table.reinforce(None);
    let drawn = table.game.deck.drawn.expect("a card drawn");
    let other = (1..=8).find(|c| *c != drawn).unwrap();
    let mut game = table.game.clone();
    evolve(&mut game, &Event::ReinforcementDiscarded { card: other });
    assert_eq!(game, table.game, "not the card drawn");
    let mut game = table.game.clone();
    evolve(&mut game, &Event::ReinforcementDiscarded { card: drawn });
    assert_eq!(game.deck.drawn, None);
    assert_eq!(game.deck.discard.last(), Some(&drawn));
    assert!(game.reinforcement.is_none());
    let mut none_drawn = game.clone();
    evolve(
        &mut none_drawn,
        &Event::ReinforcementDiscarded { card: drawn },
    );
    assert_eq!(none_drawn, game, "no card drawn");
}
