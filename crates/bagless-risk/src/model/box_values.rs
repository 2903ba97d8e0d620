//! Numbers the box prints but the rules summary does not: asked the first
//! time a command needs one (refused with `value_needed`, its `key` naming
//! it), then kept in the log ([`BoxValue`] in `BoxValueSet`, or passed in
//! at creation when the app remembers them for the box).
//!
//! - CONTRÔLER DES RÉGIONS: "Le nombre d'Assassins ... apparaît sur le Bonus
//!   région à côté de chacune d'elles sur le plateau de jeu."
//! - LES CARTES TERRITOIRE: "Chacune d'elles représente un territoire avec 1
//!   ou 2 Blasons" (the summary shows three cards; the pack holds those).
//! - ACCOMPLIR DES MISSIONS: each memory-fragment card's territories, the
//!   turns they must be held and the assassins it gives (the summary gives
//!   one: the pack holds it as fragment 1).
//! - APERÇU DES ÉLÉMENTS: "connectés entre eux par une frontière ou par une
//!   voie de déplacement rapide": routes beyond the pack's borders, asked
//!   pair by pair (`fast_travel.<a>.<b>`), or all at once as the board's
//!   list (`fast_travel_routes`, what a manoeuvre asks from edition 2).

use crate::model::ids::{Region, Territory};
use crate::pack::{board, Mission};
use crate::refusals::{refuse, RuleCode, RuleViolation, Section};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::ops::RangeInclusive;
use ts_rs::TS;

/// One box value as the players enter it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[ts(export, export_to = "risk/")]
pub enum BoxValue {
    /// CONTRÔLER DES RÉGIONS: the region's bonus.
    RegionBonus { region: Region, assassins: u32 },
    /// LES CARTES TERRITOIRE: the crests on a territory's card.
    Crests { territory: Territory, crests: u8 },
    /// ACCOMPLIR DES MISSIONS: a memory-fragment card's mission.
    Mission { fragment: u8, mission: Mission },
    /// APERÇU DES ÉLÉMENTS: whether a fast-travel route joins the two.
    FastTravel {
        from: Territory,
        to: Territory,
        route: bool,
    },
    /// APERÇU DES ÉLÉMENTS: every fast-travel route the board prints beyond
    /// its borders, each pair once (none: the list is empty).
    FastTravelRoutes { routes: Vec<(Territory, Territory)> },
}

/// The key of the board's whole list of fast-travel routes.
pub const ROUTES_KEY: &str = "fast_travel_routes";

/// The largest numbers accepted (far above anything printed).
pub const MAX_REGION_BONUS: u32 = 30;
pub const MAX_MISSION_TURNS: u32 = 20;
pub const MAX_MISSION_ASSASSINS: u32 = 50;

/// CONTRÔLER DES RÉGIONS: the bonuses a region's value may take (0: a
/// region the board gives nothing for).
pub const REGION_BONUS: RangeInclusive<u32> = 0..=MAX_REGION_BONUS;
/// ACCOMPLIR DES MISSIONS: the turns a mission may ask its territories
/// held ("pendant 3 tours"; 0 counts as 1, `rules::cards::accomplished`),
/// and the assassins it may give ("8 Assassins en plus").
pub const MISSION_TURNS: RangeInclusive<u32> = 0..=MAX_MISSION_TURNS;
pub const MISSION_ASSASSINS: RangeInclusive<u32> = 1..=MAX_MISSION_ASSASSINS;

/// LES CARTES FRAGMENT DE MÉMOIRE: the numbers the box's fragment cards
/// carry, from 1 (assumption `fragment_numbers`).
pub fn fragment_numbers() -> RangeInclusive<u8> {
    1..=board().pack.fragment_cards
}

/// The most fast-travel routes a board's list may hold.
pub const MAX_ROUTES: usize = 42;

/// The key a value is asked and stored under ("region_bonus.europe",
/// "crests.alaska", "mission.3", "fast_travel.alaska.kamchatka").
pub fn region_key(region: Region) -> String {
    format!("region_bonus.{}", region.id())
}

/// LES CARTES TERRITOIRE: a territory card shows 1 or 2 crests.
pub const CRESTS: RangeInclusive<u8> = 1..=2;

pub fn crests_key(territory: Territory) -> String {
    format!("crests.{}", territory.id())
}

pub fn mission_key(fragment: u8) -> String {
    format!("mission.{fragment}")
}

pub fn route_key(a: Territory, b: Territory) -> String {
    let (a, b) = if a <= b { (a, b) } else { (b, a) };
    format!("fast_travel.{}.{}", a.id(), b.id())
}

impl BoxValue {
    pub fn key(&self) -> String {
        match self {
            BoxValue::RegionBonus { region, .. } => region_key(*region),
            BoxValue::Crests { territory, .. } => crests_key(*territory),
            BoxValue::Mission { fragment, .. } => mission_key(*fragment),
            BoxValue::FastTravel { from, to, .. } => route_key(*from, *to),
            BoxValue::FastTravelRoutes { .. } => ROUTES_KEY.to_string(),
        }
    }

    /// Whether the value fits what the box can print, and is not one the
    /// pack already holds from the summary.
    pub fn check(&self) -> Result<(), RuleViolation> {
        let b = board();
        let key = self.key();
        let range = |section, span: &RangeInclusive<u32>| {
            let (min, max) = (*span.start(), *span.end());
            refuse(
                RuleCode::ValueRange,
                section,
                format!("{key} must be between {min} and {max}."),
            )
            .with("key", &key)
            .with("min", min)
            .with("max", max)
        };
        let in_pack = |section| {
            refuse(
                RuleCode::ValueInPack,
                section,
                format!("{key} is already known from the rules."),
            )
            .with("key", &key)
        };
        match self {
            BoxValue::RegionBonus { assassins, .. } => {
                if !REGION_BONUS.contains(assassins) {
                    return Err(range(Section::ControllingRegions, &REGION_BONUS));
                }
            }
            BoxValue::Crests { territory, crests } => {
                if b.territory(*territory).crests.is_some() {
                    return Err(in_pack(Section::TradingCards));
                }
                if !CRESTS.contains(crests) {
                    let span = u32::from(*CRESTS.start())..=u32::from(*CRESTS.end());
                    return Err(range(Section::TerritoryCards, &span));
                }
            }
            BoxValue::Mission { fragment, mission } => {
                let numbers = fragment_numbers();
                if !numbers.contains(fragment) {
                    let span = u32::from(*numbers.start())..=u32::from(*numbers.end());
                    return Err(range(Section::CompletingMissions, &span));
                }
                if b.fragment(*fragment).is_some() {
                    return Err(in_pack(Section::CompletingMissions));
                }
                let mut seen = mission.territories.clone();
                seen.sort();
                seen.dedup();
                if mission.territories.is_empty() || seen.len() != mission.territories.len() {
                    return Err(range(Section::CompletingMissions, &(1..=42)));
                }
                if !MISSION_TURNS.contains(&mission.turns) {
                    return Err(range(Section::CompletingMissions, &MISSION_TURNS));
                }
                if !MISSION_ASSASSINS.contains(&mission.assassins) {
                    return Err(range(Section::CompletingMissions, &MISSION_ASSASSINS));
                }
            }
            BoxValue::FastTravel { from, to, .. } => {
                if from == to {
                    return Err(range(Section::Overview, &(0..=1)));
                }
                if b.borders(*from, *to) {
                    return Err(in_pack(Section::Overview));
                }
            }
            BoxValue::FastTravelRoutes { routes } => {
                let mut pairs: Vec<(Territory, Territory)> = routes
                    .iter()
                    .map(|(a, b)| if a <= b { (*a, *b) } else { (*b, *a) })
                    .collect();
                pairs.sort();
                pairs.dedup();
                let max = MAX_ROUTES as u32;
                if pairs.len() != routes.len() || routes.len() > MAX_ROUTES {
                    return Err(range(Section::Overview, &(0..=max)));
                }
                if routes.iter().any(|(x, y)| x == y || b.borders(*x, *y)) {
                    return Err(range(Section::Overview, &(0..=max)));
                }
            }
        }
        Ok(())
    }
}

/// The box values the players gave, kept in the game.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "risk/")]
pub struct BoxValues {
    pub region_bonus: BTreeMap<Region, u32>,
    pub crests: BTreeMap<Territory, u8>,
    pub missions: BTreeMap<u8, Mission>,
    /// Pairs (sorted) and whether a route joins them.
    pub fast_travel: Vec<(Territory, Territory, bool)>,
    /// The board's whole list of routes (pairs sorted), once entered.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fast_travel_routes: Option<Vec<(Territory, Territory)>>,
}

impl BoxValues {
    pub fn record(&mut self, value: &BoxValue) {
        match value {
            BoxValue::RegionBonus { region, assassins } => {
                self.region_bonus.insert(*region, *assassins);
            }
            BoxValue::Crests { territory, crests } => {
                self.crests.insert(*territory, *crests);
            }
            BoxValue::Mission { fragment, mission } => {
                self.missions.insert(*fragment, mission.clone());
            }
            BoxValue::FastTravel { from, to, route } => {
                let (a, b) = if from <= to {
                    (*from, *to)
                } else {
                    (*to, *from)
                };
                self.fast_travel.retain(|(x, y, _)| (*x, *y) != (a, b));
                self.fast_travel.push((a, b, *route));
                self.fast_travel.sort();
            }
            BoxValue::FastTravelRoutes { routes } => {
                let mut pairs: Vec<(Territory, Territory)> = routes
                    .iter()
                    .map(|(a, b)| if a <= b { (*a, *b) } else { (*b, *a) })
                    .collect();
                pairs.sort();
                self.fast_travel_routes = Some(pairs);
            }
        }
    }

    /// A card's crests: the pack's (from the summary) or the players'.
    pub fn crests(&self, territory: Territory) -> Option<u8> {
        board()
            .territory(territory)
            .crests
            .or_else(|| self.crests.get(&territory).copied())
    }

    pub fn region_bonus(&self, region: Region) -> Option<u32> {
        self.region_bonus.get(&region).copied()
    }

    pub fn mission(&self, fragment: u8) -> Option<Mission> {
        match board().fragment(fragment) {
            Some(f) => Some(Mission {
                territories: f.territories.clone(),
                turns: f.turns,
                assassins: f.assassins,
            }),
            None => self.missions.get(&fragment).cloned(),
        }
    }

    /// Whether a fast-travel route joins the two, if the players said: the
    /// pair's own answer, else the board's list once entered.
    pub fn route(&self, a: Territory, b: Territory) -> Option<bool> {
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        self.fast_travel
            .iter()
            .find(|(x, y, _)| (*x, *y) == (a, b))
            .map(|(_, _, r)| *r)
            .or_else(|| {
                self.fast_travel_routes
                    .as_ref()
                    .map(|routes| routes.contains(&(a, b)))
            })
    }

    /// Joined by a border or by a route the players entered.
    pub fn connected(&self, a: Territory, b: Territory) -> bool {
        board().borders(a, b) || self.route(a, b) == Some(true)
    }
}

/// The refusal asking for a value: `key` names it, `missing` counts how many
/// values of the kind the command still lacks.
pub fn needed(section: Section, key: String, missing: usize) -> RuleViolation {
    refuse(
        RuleCode::ValueNeeded,
        section,
        format!("The box's value {key} is needed first."),
    )
    .with("key", key)
    .with("missing", missing)
}
