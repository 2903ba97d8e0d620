//! Random play for the property tests: commands worked out from the state
//! and two random numbers (mostly ones the rules accept, some they refuse),
//! with undo, redo and jumps back among them.

use super::{crests, region_bonuses, seats, Table};
use bagless_risk::*;
use proptest::prelude::*;

pub fn pick<T: Copy>(items: &[T], n: u64) -> Option<T> {
    if items.is_empty() {
        None
    } else {
        Some(items[(n % items.len() as u64) as usize])
    }
}

/// A command worked out from the state and two random numbers: mostly
/// ones the rules accept, some they refuse.
pub fn command(game: &Game, kind: u8, n: u64) -> Command {
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
            // Edition 2: the attack under way fights on with its force.
            let battle = game.turn.as_ref().and_then(|t| t.battle);
            match battle.filter(|_| !n.is_multiple_of(4)) {
                Some(b) => Command::Attack {
                    from: b.from,
                    to: b.to,
                    attackers: b.force as u8,
                    dice: None,
                    defence_dice: None,
                },
                None => Command::Attack {
                    from,
                    to: pick(&enemies, n / 7).unwrap_or(any),
                    attackers: (1 + n % u64::from(game.assassins(from).clamp(2, 4) - 1)) as u8,
                    dice: None,
                    defence_dice: None,
                },
            }
        }
        6 => match n % 4 {
            0 => Command::MoveIn { count: 1 + small },
            1 => Command::Retreat,
            // Edition 3: a kept card played for the assassins it gives.
            3 => Command::UseAptitude {
                card: (n / 3 % 2) as u32,
                gain: small,
            },
            _ => {
                // The attacker, or the defender of the attack under way.
                let defender = game
                    .turn
                    .as_ref()
                    .and_then(|t| t.battle)
                    .and_then(|b| game.owner(b.to));
                Command::PlayAptitude {
                    player: defender.filter(|_| n.is_multiple_of(2)).unwrap_or(me),
                    card: (n / 3 % 2) as u32,
                    extra_die: !n.is_multiple_of(5),
                }
            }
        },
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
            decline: n.is_multiple_of(5),
        },
        10 => Command::TradeCards {
            cards: game
                .player(me)
                .map(|p| p.cards.iter().copied().take(2 + (n % 5) as usize).collect())
                .unwrap_or_default(),
        },
        // Edition 2: a card with no gain and no loss is kept for a combat.
        11 if n.is_multiple_of(3) => Command::RevealAptitude {
            gain: 0,
            losses: vec![],
            reason: "carte gardée".into(),
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

/// One step of random play.
#[derive(Debug, Clone)]
pub enum Step {
    Command(u8, u64),
    Undo,
    Redo,
    /// Back to an entry in effect, picked by the number.
    JumpBack(u64),
}

pub fn steps() -> impl Strategy<Value = Vec<Step>> {
    proptest::collection::vec(
        prop_oneof![
            40 => (any::<u8>(), any::<u64>()).prop_map(|(k, n)| Step::Command(k, n)),
            2 => Just(Step::Undo),
            2 => Just(Step::Redo),
            1 => any::<u64>().prop_map(Step::JumpBack),
        ],
        1..120,
    )
}

/// A game of `players` set up with every box value known, the territories
/// and cards dealt by Bagless with the table's seed from `seed`.
pub fn dealt(players: usize, seed: u64, sigma: bool) -> Table {
    let mut table = Table::new();
    table.seed = seed;
    let mut values = crests();
    values.extend(region_bonuses());
    table.ok(Command::CreateGame {
        players: seats(players),
        sigma,
        box_values: values,
        edition: None,
    });
    table.ok(Command::DealTerritories { deal: None });
    table.ok(Command::DealCards {
        fragments: None,
        neutral_stacks: None,
    });
    table
}

impl Table {
    /// An undo, a redo or a jump back, recorded and replayed if the log
    /// allows it: whether it did.
    pub fn step_back_or_forth(&mut self, step: &Step) -> bool {
        let markers = match step {
            Step::Command(..) => return false,
            Step::Undo => decide_undo(&self.log),
            Step::Redo => decide_redo(&self.log),
            Step::JumpBack(n) => {
                let stack = bagless_game::undo::UndoStack::of(&self.log);
                let entries: Vec<u32> = stack
                    .entries
                    .iter()
                    .copied()
                    .filter(|seq| stack.is_in_effect(*seq))
                    .collect();
                match pick(&entries, *n) {
                    Some(seq) => decide_jump_back(&self.log, seq),
                    None => return false,
                }
            }
        };
        match markers {
            Ok(events) => {
                self.record(events);
                self.game = replay(&self.log);
                true
            }
            Err(_) => false,
        }
    }
}
