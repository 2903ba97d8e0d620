//! The board's things by id: the 42 territories, the 6 regions and the 5
//! brotherhoods' colours (APERÇU DES ÉLÉMENTS: "Le plateau est une carte
//! divisée en 42 territoires ... regroupés en 6 régions"; LES CONFRÉRIES
//! D'ASSASSINS: "Il existe 5 Confréries différentes").
//!
//! Ids are spelled as serde writes them (snake_case), the same in the pack
//! (`campaigns/risk-ac/pack.json`), the log and the UI. Names, regions and
//! borders come from the pack.

use serde::{Deserialize, Serialize};
use strum::{EnumCount, EnumIter, IntoEnumIterator};
use ts_rs::TS;

/// One of the board's 42 territories (and the territory card of the same name).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    TS,
    EnumIter,
    EnumCount,
)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "risk/")]
pub enum Territory {
    Alaska,
    NorthwestTerritory,
    Greenland,
    Alberta,
    Ontario,
    Quebec,
    WesternUnitedStates,
    EasternUnitedStates,
    CentralAmerica,
    Venezuela,
    Peru,
    Brazil,
    Argentina,
    Iceland,
    Scandinavia,
    GreatBritain,
    NorthernEurope,
    WesternEurope,
    SouthernEurope,
    Russia,
    NorthAfrica,
    Egypt,
    EastAfrica,
    Congo,
    SouthAfrica,
    Madagascar,
    Ural,
    Siberia,
    Yakutsk,
    Kamchatka,
    Irkutsk,
    Mongolia,
    Japan,
    Afghanistan,
    China,
    MiddleEast,
    India,
    Siam,
    Indonesia,
    NewGuinea,
    WesternAustralia,
    EasternAustralia,
}

impl Territory {
    /// Its place in [`Territory::all`], 0..42.
    pub fn index(self) -> usize {
        self as usize
    }

    /// Every territory, in the pack's order.
    pub fn all() -> impl Iterator<Item = Territory> {
        Territory::iter()
    }

    /// The id as serde spells it ("great_britain").
    pub fn id(self) -> String {
        id_of(self)
    }
}

/// One of the board's 6 regions.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    TS,
    EnumIter,
    EnumCount,
)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "risk/")]
pub enum Region {
    NorthAmerica,
    SouthAmerica,
    Europe,
    Africa,
    Asia,
    Oceania,
}

impl Region {
    pub fn all() -> impl Iterator<Item = Region> {
        Region::iter()
    }

    pub fn id(self) -> String {
        id_of(self)
    }
}

/// A brotherhood, by its colour: each colour is one brotherhood, a
/// player's or (in a 2-player game) a neutral one.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    TS,
    EnumIter,
    EnumCount,
)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "risk/")]
pub enum Colour {
    Red,
    Grey,
    Black,
    White,
    Blue,
}

impl Colour {
    pub fn all() -> impl Iterator<Item = Colour> {
        Colour::iter()
    }

    pub fn id(self) -> String {
        id_of(self)
    }
}

/// The id serde writes for a unit variant.
pub(crate) fn id_of(value: impl Serialize) -> String {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::String(id)) => id,
        other => other.map(|v| v.to_string()).unwrap_or_default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forty_two_territories_six_regions_five_brotherhoods() {
        // APERÇU DES ÉLÉMENTS: 42 territoires, 6 régions; LES CONFRÉRIES D'ASSASSINS: 5.
        assert_eq!(Territory::COUNT, 42);
        assert_eq!(Region::COUNT, 6);
        assert_eq!(Colour::COUNT, 5);
        for (i, t) in Territory::all().enumerate() {
            assert_eq!(t.index(), i);
        }
        assert_eq!(Territory::GreatBritain.id(), "great_britain");
    }
}
