//! The box's contents as Bagless knows them: `campaigns/risk-ac/pack.json`,
//! compiled in. It holds what the rules summary states (the table ASSASSINS
//! PAR CARTES, the territory bonus of CONTRÔLER DES TERRITOIRES, the crests
//! of the three cards ÉCHANGER DES CARTES shows, the mission of ACCOMPLIR
//! DES MISSIONS) and, listed in `assumptions`, the classic RISK map the
//! summary's examples match (names, regions, borders). What the box prints
//! but neither gives (region bonuses, the other cards' crests, the other
//! missions, fast-travel routes) is asked for: see [`crate::model::box_values`].

use crate::model::ids::{Colour, Region, Territory};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;
use strum::EnumCount;
use ts_rs::TS;

/// The pack's text, as compiled in.
pub const PACK_JSON: &str = include_str!("../../../campaigns/risk-ac/pack.json");

/// A name in both languages.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct Names {
    pub fr: String,
    pub en: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RegionEntry {
    pub id: Region,
    pub name: Names,
    /// The classic RISK bonus, offered to pre-fill the question; never used
    /// unless the players confirm it (CONTRÔLER DES RÉGIONS: the bonus is on
    /// the board, not in the summary).
    pub suggested_bonus: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TerritoryEntry {
    pub id: Territory,
    pub name: Names,
    pub region: Region,
    /// The crests on its card, where the summary shows the card.
    #[serde(default)]
    pub crests: Option<u8>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TerritoryBonus {
    /// "1 bonus d'Assassin pour 12 à 14 territoires, 2 pour 15 à 17".
    pub from: u32,
    pub step: u32,
}

/// A memory-fragment card's mission.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct Mission {
    pub territories: Vec<Territory>,
    /// The player's turns the territories must be held.
    pub turns: u32,
    pub assassins: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FragmentEntry {
    pub id: u8,
    pub name: Names,
    pub territories: Vec<Territory>,
    pub turns: u32,
    pub assassins: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pack {
    pub format: u32,
    pub game: String,
    pub name: Names,
    pub brotherhoods: Vec<Colour>,
    pub regions: Vec<RegionEntry>,
    pub territories: Vec<TerritoryEntry>,
    pub borders: Vec<[Territory; 2]>,
    pub territory_bonus: TerritoryBonus,
    /// ASSASSINS PAR CARTES: [crests, assassins].
    pub trade_in: Vec<[u32; 2]>,
    pub base_reinforcement: u32,
    pub fragment_cards: u8,
    pub aptitude_cards: u8,
    pub fragments: Vec<FragmentEntry>,
    pub assumptions: Vec<String>,
}

/// The pack and what is derived from it once.
pub struct Board {
    pub pack: Pack,
    adjacent: [[bool; Territory::COUNT]; Territory::COUNT],
}

impl Board {
    pub fn territory(&self, t: Territory) -> &TerritoryEntry {
        &self.pack.territories[t.index()]
    }

    pub fn region_of(&self, t: Territory) -> Region {
        self.territory(t).region
    }

    pub fn region(&self, r: Region) -> &RegionEntry {
        &self.pack.regions[r as usize]
    }

    pub fn territories_of(&self, r: Region) -> impl Iterator<Item = Territory> + '_ {
        Territory::all().filter(move |t| self.region_of(*t) == r)
    }

    /// A border (or a classic sea line) between the two, per the pack.
    pub fn borders(&self, a: Territory, b: Territory) -> bool {
        self.adjacent[a.index()][b.index()]
    }

    pub fn neighbours(&self, t: Territory) -> impl Iterator<Item = Territory> + '_ {
        Territory::all().filter(move |o| self.borders(t, *o))
    }

    /// ASSASSINS PAR CARTES: the assassins a trade of `crests` gives.
    pub fn trade_in(&self, crests: u32) -> Option<u32> {
        self.pack
            .trade_in
            .iter()
            .find(|[c, _]| *c == crests)
            .map(|[_, a]| *a)
    }

    /// CONTRÔLER DES TERRITOIRES: the bonus for holding `held` territories.
    pub fn territory_bonus(&self, held: u32) -> u32 {
        let TerritoryBonus { from, step } = self.pack.territory_bonus;
        if held < from || step == 0 {
            0
        } else {
            (held - from) / step + 1
        }
    }

    pub fn fragment(&self, id: u8) -> Option<&FragmentEntry> {
        self.pack.fragments.iter().find(|f| f.id == id)
    }
}

/// Why the pack is not usable.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackError(pub String);

impl std::fmt::Display for PackError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "campaigns/risk-ac/pack.json: {}", self.0)
    }
}

/// Reads and checks a pack's text.
pub fn parse(text: &str) -> Result<Board, PackError> {
    let pack: Pack = serde_json::from_str(text).map_err(|e| PackError(e.to_string()))?;
    if pack.format != 1 {
        return Err(PackError(format!("format {} is not 1", pack.format)));
    }
    for (i, t) in Territory::all().enumerate() {
        match pack.territories.get(i) {
            Some(entry) if entry.id == t => {}
            _ => return Err(PackError(format!("territory {i} should be {}", t.id()))),
        }
        if let Some(c) = pack.territories[i].crests {
            if !(1..=2).contains(&c) {
                return Err(PackError(format!("{}: crests {c} is not 1 or 2", t.id())));
            }
        }
    }
    if pack.territories.len() != Territory::COUNT {
        return Err(PackError("there must be 42 territories".into()));
    }
    for (i, r) in Region::all().enumerate() {
        if pack.regions.get(i).map(|e| e.id) != Some(r) {
            return Err(PackError(format!("region {i} should be {}", r.id())));
        }
    }
    if pack.regions.len() != 6 {
        return Err(PackError("there must be 6 regions".into()));
    }
    let mut adjacent = [[false; Territory::COUNT]; Territory::COUNT];
    for [a, b] in &pack.borders {
        if a == b || adjacent[a.index()][b.index()] {
            return Err(PackError(format!(
                "border {}–{} twice or to itself",
                a.id(),
                b.id()
            )));
        }
        adjacent[a.index()][b.index()] = true;
        adjacent[b.index()][a.index()] = true;
    }
    for f in &pack.fragments {
        if f.id == 0 || f.id > pack.fragment_cards || f.territories.is_empty() {
            return Err(PackError(format!("fragment {} is not valid", f.id)));
        }
    }
    Ok(Board { pack, adjacent })
}

/// The compiled-in pack (checked by the tests, so it never fails at run time).
pub fn board() -> &'static Board {
    static BOARD: OnceLock<Board> = OnceLock::new();
    BOARD.get_or_init(|| match parse(PACK_JSON) {
        Ok(board) => board,
        // The pack is compiled in and checked by `the_pack_is_valid`.
        Err(e) => panic!("{e}"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pack_is_valid() {
        let board = parse(PACK_JSON).unwrap();
        // APERÇU DES ÉLÉMENTS: 42 territoires, 6 régions.
        assert_eq!(board.pack.territories.len(), 42);
        assert_eq!(board.pack.regions.len(), 6);
        // The classic map has 83 borders (sea lines included).
        assert_eq!(board.pack.borders.len(), 83);
        for t in Territory::all() {
            assert!(board.neighbours(t).count() >= 2, "{}", t.id());
        }
        for r in Region::all() {
            assert!(board.territories_of(r).count() >= 4);
        }
    }

    #[test]
    fn the_summary_examples_hold_on_the_map() {
        let b = board();
        // EXEMPLE D'ATTAQUE: la Russie attaque la Scandinavie.
        assert!(b.borders(Territory::Russia, Territory::Scandinavia));
        // EXEMPLE DE MANŒVRE: Scandinavie → Russie → Afghanistan → Inde.
        assert!(b.borders(Territory::Russia, Territory::Afghanistan));
        assert!(b.borders(Territory::Afghanistan, Territory::India));
        assert!(!b.borders(Territory::Scandinavia, Territory::India));
        // ÉCHANGER DES CARTES: Alaska 2 Blasons, Argentine 1, Afghanistan 2.
        assert_eq!(b.territory(Territory::Alaska).crests, Some(2));
        assert_eq!(b.territory(Territory::Argentina).crests, Some(1));
        assert_eq!(b.territory(Territory::Afghanistan).crests, Some(2));
    }

    #[test]
    fn assassins_par_cartes_and_the_territory_bonus() {
        let b = board();
        // ASSASSINS PAR CARTES: 2→2, 3→4, 4→7, 5→10, 6→13, 7→17, 8→21, 9→25, 10→30.
        let table: Vec<_> = (0..=11).map(|c| b.trade_in(c)).collect();
        assert_eq!(
            table,
            vec![
                None,
                None,
                Some(2),
                Some(4),
                Some(7),
                Some(10),
                Some(13),
                Some(17),
                Some(21),
                Some(25),
                Some(30),
                None
            ]
        );
        // CONTRÔLER DES TERRITOIRES: 1 pour 12 à 14, 2 pour 15 à 17, et ainsi de suite.
        assert_eq!(b.territory_bonus(11), 0);
        assert_eq!(b.territory_bonus(12), 1);
        assert_eq!(b.territory_bonus(14), 1);
        assert_eq!(b.territory_bonus(15), 2);
        assert_eq!(b.territory_bonus(17), 2);
        assert_eq!(b.territory_bonus(18), 3);
    }

    #[test]
    fn every_assumption_of_the_pack_is_written_down() {
        let written = include_str!("../../../campaigns/README.md");
        for id in &board().pack.assumptions {
            assert!(written.contains(&format!("`{id}`")), "{id}");
        }
    }

    #[test]
    fn a_broken_pack_names_the_problem() {
        let err = parse("{}").err().unwrap();
        assert!(err.to_string().contains("pack.json"));
        let twice = PACK_JSON.replacen(
            "\"borders\": [",
            "\"borders\": [[\"alaska\", \"alberta\"], ",
            1,
        );
        assert!(parse(&twice).err().unwrap().0.contains("twice"));
    }
}
