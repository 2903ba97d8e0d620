//! Properties over random games: money is conserved ("CASH AND DEBT
//! TOKENS x90": the bank, the targets and the players), each target is in
//! the pyramid or in exactly one player's hand, a refused command names a
//! heading and a code and changes nothing, the replay of the log equals
//! the game built step by step, and undo then redo returns the same game.

mod support;

use bagless_nation::*;
use proptest::prelude::*;
use std::collections::BTreeMap;
use support::*;

#[derive(Debug, Clone)]
enum Step {
    Cmd(u8, u8, u8, u8),
    Undo,
    UndoRedo,
}

const WEAPONS: [Option<&str>; 8] = [
    None,
    Some("pistol"),
    Some("knife"),
    Some("rope"),
    Some("sniper_rifle"),
    Some("poison"),
    Some("sabotage"),
    Some("garrote"),
];

/// The table's natural next command, so that games go deep.
fn progress(game: &Game, a: u8, b: u8, c: u8) -> Command {
    let n = game.players.len() as u8;
    let vote = game.storytelling.then_some(c.is_multiple_of(2));
    match game.phase {
        Phase::Assassination => {
            let players: Vec<u8> = match &game.duel {
                Some(duel) => duel.players.clone(),
                None => (0..n).collect(),
            };
            let undeclared: Vec<u8> = players
                .into_iter()
                .filter(|p| game.attempt(*p).is_none())
                .collect();
            if undeclared.is_empty() || a.is_multiple_of(8) {
                return Command::Reveal;
            }
            let available: Vec<u8> = (1..=18).filter(|t| game.is_available(*t)).collect();
            Command::DeclareAttempt {
                player: undeclared[a as usize % undeclared.len()],
                target: match (&game.duel, available.is_empty()) {
                    (None, false) => Some(available[b as usize % available.len()]),
                    _ => None,
                },
                weapon: WEAPONS[c as usize % 7].map(str::to_string),
                doubled: c & 64 != 0 && !c.is_multiple_of(7),
                modifiers: if c & 8 != 0 {
                    vec!["stealth".into()]
                } else {
                    Vec::new()
                },
                contract: None,
                time: None,
            }
        }
        Phase::Reveal => match table_view(game).waiting {
            Waiting::Resolve { players } => Command::Resolve {
                player: players[a as usize % players.len()],
                dice: None,
                believed: vote,
            },
            Waiting::TieRoll { target, .. } => Command::RollForOrder { target, dice: None },
            Waiting::Nothing => Command::EndRound,
        },
        Phase::Count => match game.players.iter().position(|p| p.hit_list.is_none()) {
            Some(player) => Command::RevealHitList {
                player: player as u8,
                entries: vec![HitListEntry {
                    target: b % 18 + 1,
                    bonus: u32::from(c % 4) * 1000,
                }],
            },
            None => Command::CloseCount,
        },
        _ => Command::EndIntel,
    }
}

/// A command shaped by the game so that most are valid and games go deep.
fn command(game: &Game, op: u8, a: u8, b: u8, c: u8) -> Command {
    if op < 176 {
        return progress(game, a, b, c);
    }
    let n = game.players.len().max(1) as u8;
    let p = a % (n + 1);
    let waiting = table_view(game).waiting;
    match op % 16 {
        0 => Command::BuyCards {
            player: p,
            count: u32::from(b % 3),
        },
        1 | 2 => Command::EndIntel,
        3..=5 => {
            let available: Vec<u8> = (1..=18).filter(|t| game.is_available(*t)).collect();
            let target = if game.duel.is_some() {
                None
            } else if b.is_multiple_of(8) || available.is_empty() {
                Some(b % 20)
            } else {
                Some(available[b as usize % available.len()])
            };
            let modifiers = match c % 4 {
                0 => vec!["stealth".to_string()],
                1 => vec!["jammed".to_string()],
                _ => Vec::new(),
            };
            Command::DeclareAttempt {
                player: p,
                target,
                weapon: WEAPONS[(c / 4) as usize % 8].map(str::to_string),
                doubled: c & 64 != 0,
                modifiers,
                contract: (c & 128 != 0).then(|| ContractPlay {
                    objective: "x".into(),
                    positive: vec!["loud".into(), "gunshot".into()],
                    negative: vec!["silent".into()],
                }),
                time: (b & 64 != 0).then_some(u16::from(b) * 9),
            }
        }
        6 | 7 => Command::Reveal,
        8 => Command::PlayModifier {
            player: p,
            card: if c.is_multiple_of(2) {
                "stealth"
            } else {
                "jammed"
            }
            .into(),
            played_by: b % n,
        },
        9..=11 => {
            let player = match &waiting {
                Waiting::Resolve { players } if !a.is_multiple_of(4) => {
                    players[b as usize % players.len()]
                }
                _ => p,
            };
            Command::Resolve {
                player,
                dice: None,
                believed: if game.storytelling || c.is_multiple_of(8) {
                    Some(c.is_multiple_of(2))
                } else {
                    None
                },
            }
        }
        12 => Command::RollForOrder {
            target: match &waiting {
                Waiting::TieRoll { target, .. } if !a.is_multiple_of(4) => *target,
                _ => Some(b % 19),
            },
            dice: None,
        },
        13 => Command::EndRound,
        14 => {
            if c.is_multiple_of(3) {
                Command::CloseCount
            } else {
                Command::RevealHitList {
                    player: p,
                    entries: vec![HitListEntry {
                        target: b % 19,
                        bonus: u32::from(c % 4) * 1000 + if c % 16 == 5 { 500 } else { 0 },
                    }],
                }
            }
        }
        _ => match c % 3 {
            0 => Command::Adjust {
                player: p,
                cash: u32::from(b % 10) * 1000,
                debt: u32::from(c % 3) * 1000,
                reason: if a.is_multiple_of(8) {
                    String::new()
                } else {
                    "r".into()
                },
            },
            1 => Command::AdjustTarget {
                target: b % 19,
                cash: u32::from(a % 4) * 1000,
                reason: "r".into(),
            },
            _ => Command::SetBoxValue {
                key: format!("target.{}.msr", b % 20),
                value: BoxValue::Number(i32::from(a % 12) - 6),
            },
        },
    }
}

fn check_invariants(game: &Game) -> Result<(), TestCaseError> {
    let cash: i64 = game.players.iter().map(|p| i64::from(p.cash)).sum::<i64>()
        + game.targets.iter().map(|t| i64::from(t.cash)).sum::<i64>()
        + i64::from(game.bank);
    prop_assert_eq!(cash, 0, "bank + targets + players");
    let debt: i64 =
        game.players.iter().map(|p| i64::from(p.debt)).sum::<i64>() + i64::from(game.bank_debt);
    prop_assert_eq!(debt, 0, "bank + players' debt");
    for target in &game.targets {
        let hands: Vec<usize> = (0..game.players.len())
            .filter(|p| game.players[*p].tiles.contains(&target.id))
            .collect();
        match target.holder {
            None => prop_assert!(
                hands.is_empty(),
                "target {} in the pyramid and a hand",
                target.id
            ),
            Some(p) => prop_assert_eq!(hands, vec![p as usize]),
        }
    }
    let tiles: usize = game.players.iter().map(|p| p.tiles.len()).sum();
    prop_assert_eq!(
        tiles,
        game.targets.iter().filter(|t| t.holder.is_some()).count()
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn random_games_keep_money_tiles_refusals_replay_and_undo(
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
        let mut create = create_command(players, storytelling);
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
