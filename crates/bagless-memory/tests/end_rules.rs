//! The end of the memory ("4. END OF TURN PHASE", "A MEMORY IS SUCCESSFUL
//! AS SOON AS:", "A MEMORY IS FAILED AS SOON AS:"), and the attempt the
//! diary records, prefilled.

use crate::support;

use bagless_memory::*;
use support::*;

/// "A MEMORY IS SUCCESSFUL AS SOON AS: ... At least 1 assassin has left
/// the map using a fast travel station and No assassin is left on the
/// map." "When these conditions occur, the game turn ends immediately (do
/// not play the enemy phase)."
#[test]
fn memory_is_successful_when_every_assassin_has_left() {
    let mut table = Table::new(2);
    table.advance();
    let refusal = table.refused(Command::EndMemory {
        reason: EndReason::Completed,
    });
    assert_eq!(refusal.code, RuleCode::SuccessNotMet);
    assert_eq!(refusal.section, Section::MemorySuccessful);
    assert_eq!(refusal.params["assassins"], "ezio, daria");
    table.run(Command::SetCondition {
        assassin: "ezio".into(),
        condition: Condition::LeftMap,
    });
    table.run(Command::SetCondition {
        assassin: "daria".into(),
        condition: Condition::LeftMap,
    });
    table.run(Command::EndMemory {
        reason: EndReason::Completed,
    });
    assert_eq!(table.game.step, Step::Over);
    let draft = attempt_draft(&table.game);
    assert_eq!(draft.outcome, Some(Outcome::Success));
    assert_eq!(draft.memory, "1.1");
    assert_eq!(draft.campaign_id, "campaign-1");
    assert_eq!(draft.difficulty, Difficulty::Normal);
    assert!(draft.eliminated.is_empty());
    assert_eq!(play_view(&table.game).waiting, Waiting::Nothing);
    assert!(play_view(&table.game).track.iter().all(|s| s.done));
}

/// "A MEMORY IS FAILED AS SOON AS: All assassins have been eliminated" —
/// the failure follows, with who was eliminated for the diary.
#[test]
fn memory_is_failed_when_all_assassins_are_eliminated() {
    let mut table = Table::new(2);
    table.run(Command::SetCondition {
        assassin: "ezio".into(),
        condition: Condition::Eliminated,
    });
    let refusal = table.refused(Command::EndMemory {
        reason: EndReason::AllEliminated,
    });
    assert_eq!(refusal.code, RuleCode::NotAllEliminated);
    let refusal = table.refused(Command::SetCondition {
        assassin: "ezio".into(),
        condition: Condition::OnMap,
    });
    assert_eq!(refusal.code, RuleCode::EliminatedFinal);
    assert_eq!(refusal.section, Section::Eliminated);
    let events = table.run(Command::SetCondition {
        assassin: "daria".into(),
        condition: Condition::Eliminated,
    });
    assert!(events.contains(&Event::MemoryFailed {
        reason: EndReason::AllEliminated
    }));
    let draft = attempt_draft(&table.game);
    assert_eq!(draft.outcome, Some(Outcome::Failure));
    assert_eq!(
        draft.eliminated,
        vec!["ezio".to_string(), "daria".to_string()]
    );
}

/// "A MEMORY IS SUCCESSFUL AS SOON AS:" / "A MEMORY IS FAILED AS SOON
/// AS:": once the memory is over, a command of play is refused, naming the
/// section of how it ended.
#[test]
fn memory_over_refusals_name_how_it_ended() {
    let mut success = Table::new(2);
    success.advance();
    for id in ["ezio", "daria"] {
        success.run(Command::SetCondition {
            assassin: id.into(),
            condition: Condition::LeftMap,
        });
    }
    success.run(Command::EndMemory {
        reason: EndReason::Completed,
    });
    assert_eq!(success.game.outcome(), Some(Outcome::Success));
    let refusal = success.refused(Command::Advance);
    assert_eq!(refusal.code, RuleCode::MemoryOver);
    assert_eq!(refusal.section, Section::MemorySuccessful);

    let mut failure = Table::new(2);
    for id in ["ezio", "daria"] {
        failure.run(Command::SetCondition {
            assassin: id.into(),
            condition: Condition::Eliminated,
        });
    }
    assert_eq!(failure.game.outcome(), Some(Outcome::Failure));
    let refusal = failure.refused(Command::Advance);
    assert_eq!(refusal.code, RuleCode::MemoryOver);
    assert_eq!(refusal.section, Section::MemoryFailed);
}

/// The memory's own failure condition; the one eliminated and the one
/// still in critical condition are told apart for the diary; the memory is
/// over: only the box's values may still be entered. Edition 1 (an
/// assassin eliminated as the END OF TURN PHASE begins).
#[test]
fn memory_is_failed_by_its_own_condition() {
    let mut table = Table::edition_1(3);
    table.run(Command::SetCondition {
        assassin: "ezio".into(),
        condition: Condition::Critical,
    });
    table.advance_to(Step::EndOfTurn);
    table.advance();
    table.advance_to(Step::EndOfTurn);
    table.run(Command::SetCondition {
        assassin: "daria".into(),
        condition: Condition::Critical,
    });
    table.run(Command::EndMemory {
        reason: EndReason::FailureCondition,
    });
    let draft = attempt_draft(&table.game);
    assert_eq!(draft.reason, Some(EndReason::FailureCondition));
    assert_eq!(draft.eliminated, vec!["ezio".to_string()]);
    assert_eq!(draft.critical, vec!["daria".to_string()]);
    assert_eq!(draft.turns, 2);
    let refusal = table.refused(Command::SetAlert { on: true });
    assert_eq!(refusal.code, RuleCode::MemoryOver);
    table.run(Command::SetBoxValue {
        key: "enemy.brute.health".into(),
        value: num(2),
    });
}

/// "4. END OF TURN PHASE": the last of the eliminated at the end of a turn
/// fails the memory there. Edition 1: as that phase begins.
#[test]
fn end_of_turn_phase_checks_the_failure() {
    let mut table = Table::edition_1(1);
    table.run(Command::SetCondition {
        assassin: "ezio".into(),
        condition: Condition::Critical,
    });
    table.advance_to(Step::EndOfTurn);
    table.advance();
    table.advance_to(Step::Combat);
    // The track says where Advance leads: the memory's end.
    assert_eq!(play_view(&table.game).next_step, Some(Step::Over));
    let events = table.advance();
    assert_eq!(
        events.last(),
        Some(&Event::MemoryFailed {
            reason: EndReason::AllEliminated
        })
    );
    assert_eq!(table.game.step, Step::Over);
    assert_eq!(play_view(&table.game).next_step, None);
}

/// "ELIMINATED" (read so from edition 2, played here under Bagless's
/// edition): "If no one comes to heal an assassin/ally who is in critical
/// condition before the end of the next game turn, they are eliminated";
/// "A MEMORY IS FAILED AS SOON AS: All assassins have been eliminated":
/// the last one eliminated as the END OF TURN PHASE of the next turn ends
/// fails the memory then, and no cube is placed.
#[test]
fn end_of_turn_phase_ends_with_the_failure_as_the_next_turn_ends() {
    let mut table = Table::new(1);
    assert_eq!(table.game.edition, <Game as bagless_game::Rules>::EDITION);
    table.run(Command::SetCondition {
        assassin: "ezio".into(),
        condition: Condition::Critical,
    });
    table.advance_to(Step::EndOfTurn);
    table.advance();
    table.advance_to(Step::EndOfTurn);
    assert_eq!(table.assassin("ezio").condition, Condition::Critical);
    // The track says where Advance leads: the memory's end, not turn 3.
    assert_eq!(play_view(&table.game).next_step, Some(Step::Over));
    let events = table.advance();
    assert_eq!(
        events[1..],
        [
            Event::AssassinEliminated {
                assassin: "ezio".into()
            },
            Event::MemoryFailed {
                reason: EndReason::AllEliminated
            }
        ]
    );
    assert_eq!(table.game.step, Step::Over);
    assert_eq!(
        attempt_draft(&table.game).eliminated,
        vec!["ezio".to_string()]
    );
    // "the game turn ends immediately": failed as turn 2 ends, 2 turns.
    assert_eq!(table.game.turn, 2);
    assert_eq!(attempt_draft(&table.game).turns, 2);
}
