//! Properties over random memories: the reinforcement deck always holds
//! its 8 cards between the pile, the card drawn and the discard, and is
//! reshuffled only when the pile is empty ("When the Reinforcement pile is
//! exhausted, shuffle its discard pile and create a new pile"); a refused
//! command names a heading and a code and changes nothing; the replay of
//! the log equals the memory built step by step; undo then redo returns
//! the same memory.

mod support;

use bagless_memory::*;
use proptest::prelude::*;
use std::collections::BTreeMap;
use support::*;

#[derive(Debug, Clone)]
enum Move {
    Cmd(u8, u8, u8, u8),
    Undo,
    UndoRedo,
}

const WEAPONS: [&str; 6] = [
    "hidden_blade",
    "sword",
    "pistol",
    "throwing_knife",
    "axe",
    "Bad",
];
const ENEMIES: [&str; 5] = ["crossbowman", "elite", "agile", "brute", ""];
const FACES: [AssassinFace; 4] = [Hit, Special, Riposte, Blank];
const DETECTION: [DetectionFace; 3] = [
    DetectionFace::Blank,
    DetectionFace::Detected,
    DetectionFace::DetectedInAlert,
];

fn assassin_id(game: &Game, a: u8) -> String {
    let n = game.assassins.len().max(1);
    match a as usize % (n + 1) {
        i if i < n => game.assassins[i].id.clone(),
        _ => "nobody".into(),
    }
}

/// The table's natural next command, so that memories go deep.
fn progress(game: &Game, a: u8, b: u8, c: u8) -> Command {
    if let Some(attack) = game.open_attack() {
        return match attack.stage {
            AttackStage::Hits => Command::AssignHits {
                hits: a
                    .is_multiple_of(4)
                    .then(|| attack.enemies.iter().map(|_| b % 3).collect()),
                bonus_hits: c % 3,
            },
            _ => Command::RollRiposte {
                hits: a
                    .is_multiple_of(4)
                    .then(|| attack.riposte.iter().map(|s| b % (s.dice + 1)).collect()),
            },
        };
    }
    match game.step {
        Step::Reinforcement => match game.this_turns_card() {
            None => Command::DrawReinforcement {
                card: a.is_multiple_of(3).then_some(b % 9 + 1),
            },
            Some(r) if r.placed.is_none() => Command::PlaceReinforcements,
            Some(_) => Command::Advance,
        },
        Step::Assassin if a.is_multiple_of(3) => {
            let first = assassin_id(game, b);
            let mut attackers = vec![attacker_input(first, c, b)];
            if c.is_multiple_of(4) {
                attackers.push(attacker_input(assassin_id(game, b.wrapping_add(1)), b, c));
            }
            Command::Attack {
                attackers,
                enemies: (0..=(c % 3))
                    .map(|i| ENEMIES[(usize::from(b) + usize::from(i)) % 4].to_string())
                    .collect(),
            }
        }
        Step::Assassin if a % 3 == 1 => Command::SpendCubes {
            assassin: assassin_id(game, b),
            count: c % 3 + 1,
        },
        Step::Assassin if a % 5 == 2 => Command::SaveCube {
            assassin: assassin_id(game, b),
        },
        _ => Command::Advance,
    }
}

fn attacker_input(assassin: String, x: u8, y: u8) -> AttackerInput {
    let weapon = WEAPONS[usize::from(x) % WEAPONS.len()];
    let dice = match weapon {
        "sword" => 3,
        "throwing_knife" => 1,
        _ => 2,
    };
    AttackerInput {
        assassin,
        weapon: weapon.to_string(),
        faces: y.is_multiple_of(2).then(|| {
            (0..dice)
                .map(|i| FACES[(usize::from(y) / 2 + i) % 4])
                .collect()
        }),
        on_target_square: !y.is_multiple_of(3),
    }
}

/// A command shaped by the memory so that most are valid and memories go
/// deep.
fn command(game: &Game, op: u8, a: u8, b: u8, c: u8) -> Command {
    if op < 200 {
        return progress(game, a, b, c);
    }
    let who = assassin_id(game, a);
    match op % 14 {
        0 => Command::SetAlert {
            on: b.is_multiple_of(2),
        },
        1 => Command::SetExposed {
            assassin: who,
            exposed: b.is_multiple_of(2),
        },
        2 => Command::DetectionTest {
            assassin: (!b.is_multiple_of(3)).then_some(who),
            dice: c % 5,
            faces: b.is_multiple_of(2).then(|| {
                (0..c % 5)
                    .map(|i| DETECTION[usize::from(a.wrapping_add(i)) % 3])
                    .collect()
            }),
        },
        3 => Command::EnterSquare {
            entrance: (b % 5 < 4).then(|| Entrance::ALL[usize::from(b) % 4]),
            enemies: c % 5,
            bodies: (c / 5) % 4,
            entering: a % 5,
            incognito: if b.is_multiple_of(2) {
                vec![who]
            } else {
                vec![]
            },
        },
        4 => Command::SetCondition {
            assassin: who,
            condition: match b % 16 {
                0 => Condition::Eliminated,
                1..=3 => Condition::Critical,
                4 => Condition::LeftMap,
                _ => Condition::OnMap,
            },
        },
        5 => Command::SetEntrances {
            entrances: Entrance::ALL
                .iter()
                .enumerate()
                .filter(|(i, _)| b & (1 << i) != 0)
                .map(|(_, e)| *e)
                .collect(),
        },
        6 => Command::SetDifficulty {
            easy: b.is_multiple_of(2),
        },
        7 => Command::Adjust {
            assassin: who,
            cubes: b % 5,
            saved: c.is_multiple_of(2),
            reason: if c.is_multiple_of(8) {
                String::new()
            } else {
                "r".into()
            },
        },
        8 => Command::SetBoxValue {
            key: format!(
                "weapon.axe.{}",
                ["dice", "exposes", "alerts"][usize::from(b) % 3]
            ),
            value: num(i32::from(c % 4)),
        },
        9 => Command::SetBoxValue {
            key: format!(
                "enemy.brute.{}",
                ["health", "dice", "ranged"][usize::from(b) % 3]
            ),
            value: num(i32::from(c % 4)),
        },
        10 if b.is_multiple_of(8) => Command::EndMemory {
            reason: [
                EndReason::Completed,
                EndReason::AllEliminated,
                EndReason::FailureCondition,
                EndReason::NotEnoughMiniatures,
            ][usize::from(c) % 4],
        },
        11 => Command::DrawReinforcement { card: Some(b % 10) },
        12 => Command::RollRiposte { hits: None },
        _ => Command::AssignHits {
            hits: Some(vec![b % 4]),
            bonus_hits: 0,
        },
    }
}

/// The deck holds its 8 cards, each once.
fn check_deck(game: &Game) -> Result<(), TestCaseError> {
    if !game.is_started() {
        return Ok(());
    }
    let deck = &game.deck;
    let mut cards: Vec<u8> = deck.pile.iter().chain(&deck.discard).copied().collect();
    cards.extend(deck.drawn);
    cards.sort();
    prop_assert_eq!(cards, (1..=8).collect::<Vec<u8>>(), "{:?}", deck);
    prop_assert_eq!(
        game.reinforcement.as_ref().map(|r| r.card),
        deck.drawn,
        "the card of the turn is the one drawn"
    );
    Ok(())
}

fn start(assassins: usize, cards_known: bool) -> Command {
    let mut command = start_command(assassins);
    if !cards_known {
        if let Command::StartMemory { box_values, .. } = &mut command {
            *box_values = box_values_only();
        }
    }
    command
}

fn box_values_only() -> BTreeMap<String, BoxValue> {
    box_values()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn random_memories_keep_the_deck_refusals_replay_and_undo(
        assassins in 1usize..=4,
        seed in any::<u64>(),
        entered in any::<bool>(),
        steps in proptest::collection::vec(
            prop_oneof![
                14 => (any::<u8>(), any::<u8>(), any::<u8>(), any::<u8>())
                    .prop_map(|(o, a, b, c)| Move::Cmd(o, a, b, c)),
                1 => Just(Move::Undo),
                1 => Just(Move::UndoRedo),
            ],
            0..400,
        ),
    ) {
        let mut table = Table::with(start(assassins, true), Some(seed));
        let mut before_entry: BTreeMap<u32, Game> = BTreeMap::new();
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
            }
            check_deck(&table.game)?;
            prop_assert!(table.game.assassins.iter().all(|a| a.cubes <= 3));
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
            check_deck(&table.game)?;
            table.run(Command::PlaceReinforcements);
            table.advance();
            check_deck(&table.game)?;
            prop_assert_eq!(table.game.deck.drawn, None);
        }
        prop_assert_eq!(&replay(&table.log), &table.game);
    }
}
