//! The headquarters as the board shows it (HEADQUARTERS, FIRST ASSIGNMENT,
//! ASSIGNMENTS: MEMORY 1.2 ONWARD, CONTRACT CARDS, HQ RESOLUTION STEP): the
//! ally chosen, the spots a miniature can stand on, the step the HQ is in,
//! the numbers the players typed, and what they decide in the resolution
//! step. Plain data: the rules that change it are in `hq.rs`,
//! `hospital.rs` and `hq_resolution.rs`.

use crate::model::cards::Place;
use crate::model::value_keys::{Building, ValueKey};
use crate::refusals::RuleViolation;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use ts_rs::TS;

pub const APPRENTICES: u8 = 4;
pub const ALLIES: u8 = 4;
pub const EZIO: &str = "ezio";

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum AllyKind {
    Mercenaries,
    Courtesans,
}

/// Where a miniature stands during the assignment step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum Spot {
    /// The group that plays the next memory.
    Memory,
    /// Red hospital spaces: injured or eliminated assassins.
    HospitalRed,
    /// White hospital spaces: caregivers.
    HospitalWhite,
    Workshop,
    Shop,
    CommandRoom,
}

impl Spot {
    /// The HQ board's places, in the order the board shows them.
    pub const ALL: [Spot; 6] = [
        Spot::Memory,
        Spot::HospitalRed,
        Spot::HospitalWhite,
        Spot::Workshop,
        Spot::Shop,
        Spot::CommandRoom,
    ];

    pub fn capacity(self) -> Option<usize> {
        match self {
            Spot::Memory => None,
            Spot::HospitalRed | Spot::HospitalWhite | Spot::Workshop | Spot::Shop => Some(4),
            Spot::CommandRoom => Some(6),
        }
    }

    /// The building whose brown-card output a spot uses (`None` for the
    /// memory group and the red hospital spaces, where no one works).
    pub fn building(self) -> Option<Building> {
        match self {
            Spot::Memory | Spot::HospitalRed => None,
            Spot::HospitalWhite => Some(Building::Hospital),
            Spot::Workshop => Some(Building::Workshop),
            Spot::Shop => Some(Building::Shop),
            Spot::CommandRoom => Some(Building::CommandRoom),
        }
    }

    /// The building name used in value keys and messages.
    pub fn word(self) -> &'static str {
        match self {
            Spot::Memory => "memory group",
            Spot::HospitalRed => "hospital (red spaces)",
            Spot::HospitalWhite => "hospital (white spaces)",
            Spot::Workshop => "workshop",
            Spot::Shop => "shop",
            Spot::CommandRoom => "command room",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum HqPhase {
    /// Before a memory: miniatures and cards are being assigned.
    Assignment,
    /// Assigned: the memory is being played.
    Memory,
    /// Back from the memory: the resolution step is due.
    Resolution,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum MiniatureKind {
    Assassin,
    Ezio,
    Apprentice,
    Ally,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HqState {
    pub ally: AllyKind,
    pub phase: HqPhase,
    /// The first assignment is done: the villa envelope is retired.
    pub first_done: bool,
    pub spots: BTreeMap<String, Spot>,
    /// The number of the contract on top of the deck.
    pub contract: u32,
    /// The top contract failed once: the next resolution fulfils it.
    pub second_attempt: bool,
    /// Numbers from the cards, as the players typed them.
    pub values: BTreeMap<String, u32>,
}

/// How the command room's dice were thrown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "dice", rename_all = "snake_case")]
#[ts(export)]
pub enum DiceInput {
    /// The ★ each die showed on the table (a special counts as one).
    Entered { stars: Vec<u8> },
    /// Let the app roll. The window sends no seed: the app draws one before
    /// the step is decided, and it is stored in the event, so a replay
    /// rolls the same faces (a missing seed rolls as seed 0).
    Roll {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional, type = "number")]
        seed: Option<u64>,
    },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct Heal {
    pub assassin: String,
    /// Health after the hospital.
    pub health: u8,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct Keep {
    pub card: String,
    pub to: Place,
}

/// What the players decide in the resolution step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ResolutionInput {
    pub heal: Vec<Heal>,
    /// Build the blueprint in the workshop, paying with `paid`.
    pub build: bool,
    pub paid: Vec<String>,
    /// Cards bought in the shop (from the equipment deck) and where they go.
    pub kept: Vec<Keep>,
    pub dice: DiceInput,
}

pub fn miniature_kind(id: &str) -> MiniatureKind {
    if id == EZIO {
        MiniatureKind::Ezio
    } else if id.starts_with("apprentice-") {
        MiniatureKind::Apprentice
    } else if id.starts_with("ally-") {
        MiniatureKind::Ally
    } else {
        MiniatureKind::Assassin
    }
}

impl HqState {
    pub fn at(&self, spot: Spot) -> impl Iterator<Item = &String> {
        self.spots
            .iter()
            .filter(move |(_, s)| **s == spot)
            .map(|(m, _)| m)
    }

    pub fn count(&self, spot: Spot) -> usize {
        self.at(spot).count()
    }

    /// A number the players gave, or the refusal that asks for it.
    pub fn value(&self, key: &ValueKey) -> Result<u32, RuleViolation> {
        self.values
            .get(&key.id())
            .copied()
            .ok_or_else(|| key.needed())
    }

    /// Sum of the brown-card outputs of the miniatures in a building.
    pub fn output(
        &self,
        spot: Spot,
        building: Building,
        hq_level: Option<u8>,
    ) -> Result<u32, Vec<RuleViolation>> {
        let mut total = 0u32;
        let mut missing = Vec::new();
        for miniature in self.at(spot) {
            let key = ValueKey::Brown {
                miniature: miniature.clone(),
                building,
                hq_level,
            };
            match self.value(&key) {
                Ok(v) => total = total.saturating_add(v),
                Err(v) => missing.push(v),
            }
        }
        if missing.is_empty() {
            Ok(total)
        } else {
            Err(missing)
        }
    }
}
