//! Commands for random games, shaped by the game so that most are valid
//! and games go deep (tests/property.rs, tests/decide_again.rs).

use bagless_nation::*;

#[derive(Debug, Clone)]
pub enum Step {
    Cmd(u8, u8, u8, u8),
    Undo,
    UndoRedo,
}

pub const WEAPONS: [Option<&str>; 8] = [
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
pub fn progress(game: &Game, a: u8, b: u8, c: u8) -> Command {
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
                .filter(|p| !game.has_chosen(*p))
                .collect();
            if undeclared.is_empty() || a.is_multiple_of(16) {
                return Command::Reveal;
            }
            if a.is_multiple_of(8) {
                // Edition 3: the reveal waits for an attempt or a pass.
                return Command::PassAttempt {
                    player: undeclared[b as usize % undeclared.len()],
                };
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
                // As the form sends it under edition 2 (an edition-1 game
                // takes the time typed as the card's): the card's time, a
                // contract outside the duel.
                contract: game.duel.is_none().then(|| ContractPlay {
                    objective: "x".into(),
                    positive: vec!["silent".into()],
                    negative: Vec::new(),
                }),
                time: WEAPONS[c as usize % 7].map(|_| 600 + u16::from(b % 12) * 100),
                second_time: (c & 64 != 0 && !c.is_multiple_of(7))
                    .then_some(700 + u16::from(a % 12) * 100),
            }
        }
        // Edition 3: a value printed on a face-up card, asked before a roll.
        Phase::Reveal if table_view(game).asks.is_some() => {
            let key = table_view(game).asks.map(|v| v.key).unwrap_or_default();
            let value = match key.rsplit('.').next() {
                Some("msr") if key.starts_with("weapon.") => BoxValue::Number(3),
                Some("noise") => BoxValue::Text("silent".into()),
                Some("cause") => BoxValue::Text("asphyxiation".into()),
                Some("weapon") => BoxValue::Text("knife".into()),
                _ => BoxValue::Number(0),
            };
            Command::SetBoxValue { key, value }
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
pub fn command(game: &Game, op: u8, a: u8, b: u8, c: u8) -> Command {
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
                second_time: (a & 64 != 0).then_some(u16::from(a) * 7),
            }
        }
        6 => Command::Reveal,
        7 if b.is_multiple_of(2) => Command::PassAttempt { player: p },
        7 => Command::WithdrawAttempt { player: p },
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
            } else if game.phase != Phase::Count && !b.is_multiple_of(4) {
                // TOP SECRET HIT LIST CARDS x20: a card kept on a phone
                // while the game is played (sometimes a wrong one).
                Command::KeepHitList {
                    player: p,
                    entries: (0..c % 4)
                        .map(|i| HitListEntry {
                            target: (b / 4 + i * 5) % 19,
                            bonus: u32::from((c + i) % 4) * 1000,
                        })
                        .collect(),
                }
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
