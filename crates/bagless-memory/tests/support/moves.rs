//! The property tests' players: commands shaped by the memory so that
//! most are valid and memories go deep, undos, redos and going back.

use super::*;
use bagless_memory::*;
use proptest::prelude::*;

/// One thing done at the table: a command shaped by the memory, an undo,
/// an undo then a redo, or going back to an entry in effect.
#[derive(Debug, Clone)]
pub enum Move {
    Cmd(u8, u8, u8, u8),
    Undo,
    UndoRedo,
    JumpBack(u8),
}

/// Up to `len` moves, most of them commands.
pub fn moves(len: usize) -> impl Strategy<Value = Vec<Move>> {
    proptest::collection::vec(
        prop_oneof![
            28 => (any::<u8>(), any::<u8>(), any::<u8>(), any::<u8>())
                .prop_map(|(o, a, b, c)| Move::Cmd(o, a, b, c)),
            2 => Just(Move::Undo),
            2 => Just(Move::UndoRedo),
            1 => any::<u8>().prop_map(Move::JumpBack),
        ],
        0..len,
    )
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
pub fn command(game: &Game, op: u8, a: u8, b: u8, c: u8) -> Command {
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
