//! What the memory's view says the table waits for once nobody is left on
//! the map ("A MEMORY IS SUCCESSFUL AS SOON AS:"), worked out by the rules'
//! own `success_met`, so the screen does not say "advance" then.

use crate::support;

use bagless_memory::*;
use support::*;

/// "A MEMORY IS SUCCESSFUL AS SOON AS: All memory objectives have been
/// completed and At least 1 assassin has left the map using a fast travel
/// station and No assassin is left on the map." The objectives are the
/// players' to say: once nobody is on the map and one has left, the view
/// waits for the players to end the memory a success, or to play on (the
/// next step is still accepted); the end as a success is accepted exactly
/// when the view says so.
#[test]
fn memory_is_successful_the_view_waits_for_the_players_once_nobody_is_on_the_map() {
    let mut table = Table::new(2);
    table.advance();
    assert_eq!(play_view(&table.game).waiting, Waiting::Advance);
    table.run(Command::SetCondition {
        assassin: "ezio".into(),
        condition: Condition::LeftMap,
    });
    // Daria is still on the map.
    assert_eq!(play_view(&table.game).waiting, Waiting::Advance);
    assert!(!rules::end::success_met(&table.game));
    table.refused(Command::EndMemory {
        reason: EndReason::Completed,
    });
    table.run(Command::SetCondition {
        assassin: "daria".into(),
        condition: Condition::LeftMap,
    });
    assert!(rules::end::success_met(&table.game));
    assert_eq!(play_view(&table.game).waiting, Waiting::NobodyOnMap);
    // Objectives left: the turn goes on.
    let step = table.game.step;
    table.advance();
    assert_ne!(table.game.step, step);
    table.run(Command::EndMemory {
        reason: EndReason::Completed,
    });
    assert_eq!(play_view(&table.game).waiting, Waiting::Nothing);
}

/// "ELIMINATED" and "A MEMORY IS FAILED AS SOON AS:": nobody on the map
/// because every assassin is in critical condition is no success (they are
/// still on the map, `memory_critical_on_map`): the view still says
/// advance.
#[test]
fn critical_condition_is_still_on_the_map_for_the_view() {
    let mut table = Table::new(2);
    table.advance();
    table.run(Command::SetCondition {
        assassin: "ezio".into(),
        condition: Condition::LeftMap,
    });
    table.run(Command::SetCondition {
        assassin: "daria".into(),
        condition: Condition::Critical,
    });
    assert_eq!(play_view(&table.game).waiting, Waiting::Advance);
}

/// "6. RETALIATION": "the assassin ... is immediately subjected to 1
/// retaliation": once the hits are given and an X left an enemy alive, the
/// view waits for the retaliation's roll, no longer for the hits; then for
/// the next step.
#[test]
fn retaliation_the_view_waits_for_the_riposte_once_the_hits_are_given() {
    let mut table = Table::new(1);
    table.advance();
    table.attack(
        vec![attacker("ezio", "hidden_blade", &[Riposte, Blank])],
        &["elite"],
    );
    assert_eq!(play_view(&table.game).waiting, Waiting::AssignHits);
    table.run(Command::AssignHits {
        hits: None,
        bonus_hits: 0,
    });
    assert_eq!(
        table.game.attack.as_ref().unwrap().stage,
        AttackStage::Riposte
    );
    assert_eq!(play_view(&table.game).waiting, Waiting::Riposte);
    table.run(Command::RollRiposte {
        hits: Some(vec![1]),
    });
    assert_eq!(play_view(&table.game).waiting, Waiting::Advance);
}

/// "1. ENEMY REINFORCEMENT": "Draw 1 reinforcement card and select the
/// column that corresponds to the alert state. Take the number of guards
/// of the indicated type from the reserve and place them": in the step,
/// the view waits for the card, then for its guards placed, then, once
/// they are, for the next step (no longer for the guards).
#[test]
fn enemy_reinforcement_the_view_waits_for_the_next_step_once_the_guards_are_placed() {
    let mut table = Table::new(2);
    table.advance_to(Step::Reinforcement);
    assert_eq!(play_view(&table.game).waiting, Waiting::DrawCard);
    let top = table.game.deck.pile.first().copied();
    table.run(Command::DrawReinforcement { card: top });
    assert_eq!(play_view(&table.game).waiting, Waiting::PlaceGuards);
    table.run(Command::PlaceReinforcements);
    let view = play_view(&table.game);
    assert!(view.reinforcement.as_ref().is_some_and(|c| c.placed));
    assert_eq!(view.waiting, Waiting::Advance);
    table.advance();
    assert_eq!(table.game.step, Step::Movement);
}
