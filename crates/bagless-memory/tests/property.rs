//! Properties over random memories: after every command, what always
//! holds still does ([`bagless_game::Rules::invariants`]: the deck's 8
//! cards, the cubes on the board…, the same checks an import makes after
//! every event); the deck is reshuffled only when the pile is empty
//! ("When the Reinforcement pile is exhausted, shuffle its discard pile
//! and create a new pile"); a refused command names a heading and a code
//! and changes nothing; the replay of the log equals the memory built step
//! by step; undo then redo, and going back, give the memory as it was.

use crate::support;

use bagless_game::Rules;
use bagless_memory::*;
use proptest::prelude::*;
use std::collections::BTreeMap;
use support::moves::{command, moves, Move};
use support::*;

/// What always holds in a memory, as an import checks it.
fn check_invariants(game: &Game) -> Result<(), TestCaseError> {
    let broken = game.invariants();
    prop_assert!(broken.is_empty(), "{:?}: {:?}", broken, game);
    Ok(())
}

fn start(assassins: usize, cards_known: bool) -> Command {
    let mut command = start_command(assassins);
    if !cards_known {
        if let Command::StartMemory {
            box_values: values, ..
        } = &mut command
        {
            *values = box_values();
        }
    }
    command
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn random_memories_keep_the_deck_refusals_replay_and_undo(
        assassins in 1usize..=4,
        seed in any::<u64>(),
        entered in any::<bool>(),
        steps in moves(400),
    ) {
        let mut table = Table::with(start(assassins, true), Some(seed));
        let mut before_entry: BTreeMap<u32, Game> = BTreeMap::new();
        let mut after_entry = BTreeMap::from([(1, table.game.clone())]);
        for (i, step) in steps.into_iter().enumerate() {
            // Now and then the players roll and draw at the table.
            table.seed = (!entered || !i.is_multiple_of(3)).then_some(seed.wrapping_add(i as u64));
            match step {
                Move::Cmd(op, a, b, c) => {
                    let command = command(&table.game, op, a, b, c);
                    let before = table.game.clone();
                    let seq = table.log.len() as u32 + 1;
                    match decide(&table.game, &command, &ctx(table.seed)) {
                        Ok(events) => {
                            prop_assert!(!events.is_empty());
                            for event in &events {
                                if let Event::ReinforcementDrawn { reshuffled: Some(_), .. } = event {
                                    prop_assert!(before.deck.pile.is_empty(), "reshuffled a pile not exhausted");
                                }
                            }
                            before_entry.insert(seq, before.clone());
                            table.push(&events);
                            after_entry.insert(seq, table.game.clone());
                            let shuffles = table.game.deck.reshuffles;
                            prop_assert!(shuffles == before.deck.reshuffles
                                || (shuffles == before.deck.reshuffles + 1 && before.deck.pile.is_empty()));
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
                Move::Undo => {
                    if let Ok(events) = decide_undo(&table.log) {
                        let Event::EntryUndone { seq } = events[0] else {
                            return Err(TestCaseError::fail("undo marker"));
                        };
                        table.push(&events);
                        table.game = replay(&table.log);
                        prop_assert_eq!(&table.game, &before_entry[&seq]);
                    }
                }
                Move::UndoRedo => {
                    let before = table.game.clone();
                    if table.undo().is_ok() {
                        table.redo().expect("redo after undo");
                        prop_assert_eq!(&table.game, &before);
                    }
                }
                Move::JumpBack(pick) => {
                    if let Some(seq) = table.jump_back(pick) {
                        prop_assert_eq!(&table.game, &after_entry[&seq]);
                    }
                }
            }
            check_invariants(&table.game)?;
            prop_assert_eq!(&replay(&table.log), &table.game);
            let _ = play_view(&table.game);
        }
    }

    /// Turn after turn, whoever draws: 8 cards always, a new pile only
    /// from an exhausted one, every card drawn once between reshuffles.
    #[test]
    fn the_reinforcement_deck_keeps_its_8_cards_over_many_turns(
        assassins in 1usize..=4,
        seed in any::<u64>(),
        draws in proptest::collection::vec((any::<bool>(), 0u8..8), 1..40),
    ) {
        let mut table = Table::with(start(assassins, false), Some(seed));
        table.run(Command::SetEntrances { entrances: vec![] });
        let mut since_shuffle: Vec<u8> = Vec::new();
        for (turn, (bagless, pick)) in draws.into_iter().enumerate() {
            table.advance_to(Step::Reinforcement);
            let pile_before = table.game.deck.pile.clone();
            let card = if bagless {
                table.seed = Some(seed.wrapping_add(turn as u64));
                None
            } else {
                table.seed = None;
                let pile = if pile_before.is_empty() {
                    table.game.deck.discard.clone()
                } else {
                    pile_before.clone()
                };
                Some(pile[usize::from(pick) % pile.len()])
            };
            let events = table.run(Command::DrawReinforcement { card });
            let Event::ReinforcementDrawn { card, reshuffled, .. } = &events[0] else {
                return Err(TestCaseError::fail("a draw"));
            };
            prop_assert_eq!(reshuffled.is_some(), pile_before.is_empty());
            if reshuffled.is_some() {
                prop_assert_eq!(since_shuffle.len(), 8);
                since_shuffle.clear();
            }
            prop_assert!(!since_shuffle.contains(card), "drawn twice before a reshuffle");
            since_shuffle.push(*card);
            check_invariants(&table.game)?;
            table.run(Command::PlaceReinforcements);
            table.advance();
            check_invariants(&table.game)?;
            prop_assert_eq!(table.game.deck.drawn, None);
        }
        prop_assert_eq!(&replay(&table.log), &table.game);
    }
}
