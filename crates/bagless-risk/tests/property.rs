//! For any sequence of commands from a set-up game: what always holds
//! (`Rules::invariants`: the 42 territories each held with at least 1
//! assassin, every card in one place...) holds after every step; the assassins
//! on the board change only by reinforcements, losses and corrections; a
//! refused command names a rule and a heading and changes nothing; the log
//! replays to the state built step by step; undo then redo gives the same
//! state back.

use crate::support;

use bagless_game::Rules;
use bagless_risk::*;
use proptest::prelude::*;
use support::random::*;

/// What the events say the board's count of assassins changes by.
fn delta(events: &[Event]) -> i64 {
    let mut d = 0i64;
    for e in events {
        match e {
            Event::AssassinsPlaced { count, .. } => d += i64::from(*count),
            Event::NeutralReinforced { placements, .. } => {
                d += placements.iter().map(|p| i64::from(p.count)).sum::<i64>()
            }
            Event::DiceRolled {
                attacker_losses,
                defender_losses,
                ..
            } => d -= i64::from(attacker_losses + defender_losses),
            Event::AptitudeRevealed { losses, .. } => {
                d -= losses.iter().map(|l| i64::from(l.count)).sum::<i64>()
            }
            Event::Adjusted {
                assassins,
                previous_assassins,
                ..
            } => d += i64::from(*assassins) - i64::from(*previous_assassins),
            _ => {}
        }
    }
    d
}

/// What always holds (`Rules::invariants`, the import's check after every
/// event), asserted here after every step.
fn check_board(game: &Game) -> Result<(), TestCaseError> {
    let broken = game.invariants();
    prop_assert!(broken.is_empty(), "{:?}", broken);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn any_sequence_keeps_the_board_whole_and_the_log_replayable(
        players in 2usize..=5,
        deal_seed in any::<u64>(),
        steps in steps(),
    ) {
        let mut table = dealt(players, deal_seed, true);
        let mut total = table.game.total_assassins() as i64;
        for step in steps {
            match step {
                Step::Command(kind, n) => {
                    let command = command(&table.game, kind, n);
                    let before = table.game.clone();
                    match table.run(command) {
                        Ok(events) => {
                            total += delta(&events);
                        }
                        Err(refusal) => {
                            prop_assert_eq!(&table.game, &before);
                            prop_assert!(!refusal.section.heading().is_empty());
                            for key in refusal.params.keys() {
                                prop_assert!(refusal.code.params().contains(&key.as_str()));
                            }
                        }
                    }
                }
                Step::Undo | Step::Redo | Step::JumpBack(_) => {
                    if table.step_back_or_forth(&step) {
                        total = table.game.total_assassins() as i64;
                    }
                }
            }
            check_board(&table.game)?;
            prop_assert_eq!(table.game.total_assassins() as i64, total);
            prop_assert_eq!(&replay(&table.log), &table.game);
        }
        // Undo then redo: the same state.
        let now = table.game.clone();
        if let Ok(undo) = decide_undo(&table.log) {
            table.record(undo);
            let redo = decide_redo(&table.log).unwrap();
            table.record(redo);
            prop_assert_eq!(replay(&table.log), now);
        }
    }
}
