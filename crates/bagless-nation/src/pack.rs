//! The box's pack (`campaigns/nation/pack.json`, embedded): the pyramid's
//! rows and values ("TARGET HEX TILES x18", "SETUP"), the six specialists,
//! the weapons and modifiers as far as the rules summary describes them,
//! the attributes it names, the starting cash. Everything the summary does
//! not print is `null` here and asked once at the table (see
//! [`crate::model::box_values`]); the assumptions are listed in
//! campaigns/README.md.

use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

const PACK_JSON: &str = include_str!("../../../campaigns/nation/pack.json");

/// One row of the pyramid, from the bottom (row 1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RowSpec {
    pub row: u8,
    pub value: u32,
    pub count: u8,
}

/// A target the summary names, with its MSR adjustment where it says it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NamedTarget {
    pub name: String,
    pub msr: Option<i8>,
}

/// A weapon the summary names; what it does not say is `None`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WeaponSpec {
    pub id: String,
    /// The low end of its range: 4 for 6-4.
    pub msr: Option<u8>,
    /// "loud" or "silent".
    pub noise: Option<String>,
    /// The cause of death ("gunshot").
    pub cause: Option<String>,
    /// Time of death as printed (HHMM: 1345).
    pub time: Option<u16>,
}

/// A modifier card the summary names.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModifierSpec {
    pub id: String,
    /// MSR bonus: +1 widens 6-4 to 6-3.
    pub msr: Option<i8>,
    /// Minutes added to the time of death.
    pub minutes: Option<i16>,
}

/// "YOUR HAND": what players start with and may hold.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandSpec {
    pub assassin: u8,
    pub contract: u8,
    pub max_assassin: u8,
    pub max_contract: u8,
}

/// The pack, as the JSON file holds it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pack {
    pub format: u32,
    pub id: String,
    pub title: String,
    pub rows: Vec<RowSpec>,
    pub named_targets: Vec<NamedTarget>,
    pub specialists: Vec<u8>,
    pub weapon_kinds: u8,
    pub weapons: Vec<WeaponSpec>,
    pub modifiers: Vec<ModifierSpec>,
    pub attributes: Vec<String>,
    pub starting_cash: u32,
    pub hand: HandSpec,
    pub assumptions: Vec<String>,
}

/// One tile of the pyramid: numbered from 1, bottom row first, left to right.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TileSpec {
    pub id: u8,
    pub row: u8,
    /// From 0, left to right.
    pub position: u8,
    pub value: u32,
}

impl Pack {
    /// Every tile of the pyramid, bottom row first.
    pub fn tiles(&self) -> Vec<TileSpec> {
        let mut tiles = Vec::new();
        for row in &self.rows {
            for position in 0..row.count {
                tiles.push(TileSpec {
                    id: tiles.len() as u8 + 1,
                    row: row.row,
                    position,
                    value: row.value,
                });
            }
        }
        tiles
    }

    pub fn weapon(&self, id: &str) -> Option<&WeaponSpec> {
        self.weapons.iter().find(|w| w.id == id)
    }

    pub fn modifier(&self, id: &str) -> Option<&ModifierSpec> {
        self.modifiers.iter().find(|m| m.id == id)
    }

    /// What is wrong with the pack, if anything.
    pub fn check(&self) -> Result<(), String> {
        if self.format != 1 {
            return Err(format!("format {} is not 1", self.format));
        }
        let tiles = self.tiles();
        if tiles.len() != 18 {
            return Err(format!("{} targets, not 18", tiles.len()));
        }
        for pair in self.rows.windows(2) {
            if pair[1].row != pair[0].row + 1
                || pair[1].count + 1 != pair[0].count
                || pair[1].value <= pair[0].value
            {
                return Err(format!(
                    "row {} does not sit on row {}",
                    pair[1].row, pair[0].row
                ));
            }
        }
        if tiles.iter().any(|t| !t.value.is_multiple_of(1000)) {
            return Err("a value is not in thousands".into());
        }
        if self.specialists != [1, 2, 3, 4, 5, 6] {
            return Err("the specialists are not 1 to 6".into());
        }
        if self.weapons.len() > self.weapon_kinds as usize {
            return Err("more weapons than weapon kinds".into());
        }
        for weapon in &self.weapons {
            if !crate::model::box_values::is_slug(&weapon.id) {
                return Err(format!("weapon id {:?}", weapon.id));
            }
            if weapon.msr.is_some_and(|m| !(2..=4).contains(&m)) {
                return Err(format!("weapon {} MSR", weapon.id));
            }
            if weapon
                .time
                .is_some_and(|t| !crate::model::box_values::is_hhmm(t))
            {
                return Err(format!("weapon {} time", weapon.id));
            }
            if weapon
                .noise
                .as_deref()
                .is_some_and(|n| n != "loud" && n != "silent")
            {
                return Err(format!("weapon {} noise", weapon.id));
            }
        }
        if !self.starting_cash.is_multiple_of(1000) {
            return Err("starting cash not in thousands".into());
        }
        Ok(())
    }
}

/// The embedded pack, read once.
pub fn pack() -> &'static Pack {
    static PACK: OnceLock<Pack> = OnceLock::new();
    PACK.get_or_init(|| {
        let pack: Pack = serde_json::from_str(PACK_JSON).expect("campaigns/nation/pack.json");
        if let Err(problem) = pack.check() {
            panic!("campaigns/nation/pack.json: {problem}");
        }
        pack
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// "SETUP": six $3,000, five $5,000, four $7,000 and three $10,000.
    #[test]
    fn setup_the_pyramid_holds_eighteen_targets_ascending_in_value() {
        let tiles = pack().tiles();
        assert_eq!(tiles.len(), 18);
        let count = |v| tiles.iter().filter(|t| t.value == v).count();
        assert_eq!(
            [count(3000), count(5000), count(7000), count(10000)],
            [6, 5, 4, 3]
        );
        assert_eq!(tiles[0].id, 1);
        assert_eq!(tiles[17].row, 4);
    }
}
