//! Properties over random games: money is conserved ("CASH AND DEBT
//! TOKENS x90": the bank, the targets and the players), each target is in
//! the pyramid or in exactly one player's hand, a refused command names a
//! heading and a code and changes nothing, the replay of the log equals
//! the game built step by step, and undo then redo returns the same game.

use crate::support;

use bagless_nation::*;
use proptest::prelude::*;
use std::collections::BTreeMap;
use support::random::*;
use support::*;

/// The crate's invariants, the very ones an import checks after every
/// event.
fn check_invariants(game: &Game) -> Result<(), TestCaseError> {
    let broken = invariants(game);
    prop_assert!(broken.is_empty(), "{:?}", broken);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn random_games_keep_money_tiles_refusals_replay_and_undo(
        edition in 1u32..=3,
        players in 2usize..=6,
        storytelling in any::<bool>(),
        msr in proptest::collection::vec(-2i32..=5, 18),
        seed in any::<u64>(),
        steps in proptest::collection::vec(
            prop_oneof![
                12 => (any::<u8>(), any::<u8>(), any::<u8>(), any::<u8>())
                    .prop_map(|(o, a, b, c)| Step::Cmd(o, a, b, c)),
                1 => Just(Step::Undo),
                1 => Just(Step::UndoRedo),
            ],
            0..320,
        ),
    ) {
        let mut table = Table::empty();
        let mut create = create_command_under(players, storytelling, edition);
        if let Command::CreateGame { box_values, .. } = &mut create {
            for (n, m) in msr.iter().enumerate() {
                box_values.insert(format!("target.{}.msr", n + 1), BoxValue::Number(*m));
            }
        }
        table.run(create);
        let mut before_entry: BTreeMap<u32, Game> = BTreeMap::new();
        for (i, step) in steps.into_iter().enumerate() {
            table.seed = Some(seed.wrapping_add(i as u64));
            match step {
                Step::Cmd(op, a, b, c) => {
                    let command = command(&table.game, op, a, b, c);
                    let before = table.game.clone();
                    let seq = table.log.len() as u32 + 1;
                    match decide(&table.game, &command, &ctx(table.seed)) {
                        Ok(events) => {
                            prop_assert!(!events.is_empty());
                            before_entry.insert(seq, before);
                            table.push(&events);
                        }
                        Err(refusal) => {
                            prop_assert_eq!(&table.game, &before);
                            prop_assert!(!refusal.section.heading().is_empty());
                            prop_assert!(RuleCode::ALL.contains(&refusal.code));
                            prop_assert!(!refusal.message.is_empty());
                            for key in refusal.params.keys() {
                                prop_assert!(refusal.code.params().contains(&key.as_str()));
                            }
                        }
                    }
                }
                Step::Undo => {
                    if let Ok(events) = decide_undo(&table.log) {
                        let Event::EntryUndone { seq } = events[0] else {
                            return Err(TestCaseError::fail("undo marker"));
                        };
                        table.push(&events);
                        table.game = replay(&table.log);
                        prop_assert_eq!(&table.game, &before_entry[&seq]);
                    }
                }
                Step::UndoRedo => {
                    let before = table.game.clone();
                    if table.undo().is_ok() {
                        table.redo().expect("redo after undo");
                        prop_assert_eq!(&table.game, &before);
                    }
                }
            }
            check_invariants(&table.game)?;
            prop_assert_eq!(&replay(&table.log), &table.game);
            let _ = (table_view(&table.game), end_count(&table.game), scoreboard(&table.game));
        }
        let lines = history(&table.log);
        prop_assert_eq!(lines.len(), table.log.len());
    }
}
