//! The fewest and the most each number field of the memory's forms takes,
//! as the rules take it now (issue 55: a form offers only what the rules
//! accept; it computes no rule). Each is asked of `decide`, or read from
//! the constants and functions `decide` checks the field with.

use crate::model::box_values::{known, BoxValue, ValueKey, MAX_GUARDS};
use crate::model::commands::Command;
use crate::model::state::{Attack, Game, CUBES_PER_TURN};
use crate::rules::attack::{bonus_allowed, MAX_BONUS, MAX_DICE};
use crate::rules::turn::MAX_SPEND;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A number field's fewest and most. A most below the fewest: the rules
/// take no number there now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "memory/")]
pub struct FieldBounds {
    pub fewest: u8,
    pub most: u8,
}

impl FieldBounds {
    pub fn new(fewest: u8, most: u8) -> FieldBounds {
        FieldBounds { fewest, most }
    }
}

/// A weapon whose dice the box is known to roll (asked once).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "memory/")]
pub struct WeaponDice {
    pub weapon: String,
    pub dice: u8,
}

/// "ASSASSIN ACTIONS": the cubes one action of `id` may be paid with now,
/// the most being the largest count `decide` takes (in the assassin phase
/// 1 to `MAX_SPEND`, no more than the grouped and saved cubes left; in an
/// enemy step the saved cube alone; none while an attack or a detection
/// test waits, or for one who cannot act).
pub fn spend(game: &Game, id: &str) -> FieldBounds {
    let takes = |count: u8| {
        super::play::offered(
            game,
            Command::SpendCubes {
                assassin: id.to_string(),
                count,
            },
        )
    };
    let most = (1..=MAX_SPEND).rev().find(|n| takes(*n)).unwrap_or(0);
    FieldBounds::new(1, most)
}

/// A correction's cubes on the grouped slots: 0 to the 3 they hold.
pub fn adjust_cubes() -> FieldBounds {
    FieldBounds::new(0, CUBES_PER_TURN)
}

/// A reinforcement card's line: 0 to `MAX_GUARDS` guards ("never more
/// than 4" on a square).
pub fn guards() -> FieldBounds {
    FieldBounds::new(0, MAX_GUARDS)
}

/// "2. ATTACK": how many dice of an attacker show one face: at most the
/// dice a weapon rolls (`MAX_DICE` when the box has not said; a weapon
/// known rolls its own, [`weapon_dice`]).
pub fn faces() -> FieldBounds {
    FieldBounds::new(0, MAX_DICE as u8)
}

/// The weapons whose dice the box is known to roll, and how many.
pub fn weapon_dice(game: &Game) -> Vec<WeaponDice> {
    game.box_values
        .keys()
        .filter_map(|key| match ValueKey::parse(key)? {
            ValueKey::WeaponDice(weapon) => {
                match known(&game.box_values, &ValueKey::WeaponDice(weapon.clone()))? {
                    BoxValue::Number(n) => Some(WeaponDice {
                        weapon,
                        dice: u8::try_from(n).ok()?,
                    }),
                    BoxValue::Guards(_) => None,
                }
            }
            _ => None,
        })
        .collect()
}

/// "3. WEAPON'S SPECIAL ABILITY": the hits it adds, 0 to `MAX_BONUS` once
/// the rules take any (edition 3: a [special] rolled), else none.
pub fn bonus(game: &Game, attack: &Attack) -> FieldBounds {
    let most = if bonus_allowed(game, attack) {
        MAX_BONUS
    } else {
        0
    };
    FieldBounds::new(0, most)
}

/// "4. ASSIGN": the hits one enemy may be given: every hit of the attack,
/// with the most its special ability may add.
pub fn hits(game: &Game, attack: &Attack) -> FieldBounds {
    let most = attack.total_hits() + u32::from(bonus(game, attack).most);
    FieldBounds::new(0, u8::try_from(most).unwrap_or(u8::MAX))
}
