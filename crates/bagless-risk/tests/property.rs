//! For any sequence of commands from a set-up game: the 42 territories
//! always have exactly one holder with at least 1 assassin; the assassins
//! on the board change only by reinforcements, losses and corrections; a
//! refused command names a rule and a heading and changes nothing; the log
//! replays to the state built step by step; undo then redo gives the same
//! state back.

mod support;

use bagless_risk::*;
use proptest::prelude::*;
use support::*;

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

fn pick<T: Copy>(items: &[T], n: u64) -> Option<T> {
    if items.is_empty() {
        None
    } else {
        Some(items[(n % items.len() as u64) as usize])
    }
}

/// A command worked out from the state and two random numbers: mostly
/// ones the rules accept, some they refuse.
fn command(game: &Game, kind: u8, n: u64) -> Command {
    let me = game.current().unwrap_or(Colour::Red);
    let mine: Vec<Territory> = Territory::all()
        .filter(|t| game.owner(*t) == Some(me))
        .collect();
    let any = pick(&Territory::all().collect::<Vec<_>>(), n).unwrap();
    let small = (n % 5) as u32;
    match kind % 14 {
        0 | 1 => Command::Place {
            territory: pick(&mine, n).unwrap_or(any),
            count: game.turn.as_ref().map_or(1, |t| t.pool()).max(1) - (small % 2),
        },
        2 => Command::EndPlacement,
        3..=5 => {
            let from = pick(
                &mine
                    .iter()
                    .copied()
                    .filter(|t| game.assassins(*t) > 1)
                    .collect::<Vec<_>>(),
                n,
            )
            .unwrap_or(any);
            let enemies: Vec<Territory> = pack::board()
                .neighbours(from)
                .filter(|t| game.owner(*t) != Some(me))
                .collect();
            Command::Attack {
                from,
                to: pick(&enemies, n / 7).unwrap_or(any),
                attackers: (1 + n % u64::from(game.assassins(from).clamp(2, 4) - 1)) as u8,
                dice: None,
                defence_dice: None,
            }
        }
        6 => Command::MoveIn { count: 1 + small },
        7 => Command::EndAttacks,
        8 => {
            let from = pick(&mine, n).unwrap_or(any);
            Command::Manoeuvre {
                from,
                to: pick(&mine, n / 11).unwrap_or(any),
                count: 1 + (n / 13 % u64::from(game.assassins(from).max(1))) as u32,
            }
        }
        9 => Command::EndTurn {
            card: None,
            sigma: n.is_multiple_of(50),
        },
        10 => Command::TradeCards {
            cards: game
                .player(me)
                .map(|p| p.cards.iter().copied().take(2 + (n % 5) as usize).collect())
                .unwrap_or_default(),
        },
        11 => Command::RevealAptitude {
            gain: small,
            losses: vec![TerritoryCount {
                territory: pick(&mine, n).unwrap_or(any),
                count: (n % 3) as u32,
            }],
            reason: "carte".into(),
        },
        12 => {
            let neutral: Vec<Territory> = Territory::all()
                .filter(|t| game.owner(*t).is_some_and(|o| game.is_neutral(o)))
                .collect();
            Command::ReinforceNeutral {
                placements: vec![TerritoryCount {
                    territory: pick(&neutral, n).unwrap_or(any),
                    count: 3,
                }],
            }
        }
        _ => Command::Adjust {
            territory: any,
            owner: pick(&game.brotherhoods(), n / 3),
            assassins: small,
            reason: "correction".into(),
        },
    }
}

fn check_board(game: &Game) -> Result<(), TestCaseError> {
    if game.phase == Phase::DealingTerritories {
        // Undone back to before the deal.
        prop_assert!(game.map.is_empty());
        return Ok(());
    }
    prop_assert_eq!(game.map.len(), 42);
    let brotherhoods = game.brotherhoods();
    for (t, h) in &game.map {
        prop_assert!(h.assassins >= 1, "{} empty", t.id());
        prop_assert!(brotherhoods.contains(&h.owner));
    }
    Ok(())
}

#[derive(Debug, Clone)]
enum Step {
    Command(u8, u64),
    Undo,
    Redo,
}

fn steps() -> impl Strategy<Value = Vec<Step>> {
    proptest::collection::vec(
        prop_oneof![
            20 => (any::<u8>(), any::<u64>()).prop_map(|(k, n)| Step::Command(k, n)),
            1 => Just(Step::Undo),
            1 => Just(Step::Redo),
        ],
        1..120,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn any_sequence_keeps_the_board_whole_and_the_log_replayable(
        players in 2usize..=5,
        deal_seed in any::<u64>(),
        steps in steps(),
    ) {
        let mut table = Table::new();
        table.seed = deal_seed;
        let mut values = crests();
        values.extend(region_bonuses());
        table.ok(Command::CreateGame { players: seats(players), sigma: true, box_values: values });
        table.ok(Command::DealTerritories { deal: None });
        table.ok(Command::DealCards { fragments: None, neutral_stacks: None });
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
                Step::Undo | Step::Redo => {
                    let marker = if matches!(step, Step::Undo) {
                        decide_undo(&table.log)
                    } else {
                        decide_redo(&table.log)
                    };
                    if let Ok(events) = marker {
                        table.record(events);
                        table.game = replay(&table.log);
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
