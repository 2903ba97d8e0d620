//! The cards and the places they can be (EQUIP, CHEST, SAVING THE GAME):
//! the shapes a pack's cards take, every place a card can sit, and the
//! skill card an assassin holds for a level (LEVELING UP AND SKILLS). Plain
//! data under the pack and the ledger: it uses no other module.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Inventory slots on an assassin board (EQUIP).
pub const INVENTORY_SLOTS: u8 = 5;
pub const MAX_CARD_NAME_CHARS: usize = 60;
/// Health an armor may add: far above any card, low enough to stop typos.
pub const MAX_HEALTH_BONUS: u8 = 5;
/// Cards a campaign may hold: far beyond the box, a guard against runaway input.
pub const MAX_CARDS: usize = 1000;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum CardKind {
    /// Black equipment. Whether a discarded card leaves the game is printed
    /// on it as an icon: see [`CardDef::removal_mark`].
    BlackEquipment,
    /// Grey equipment.
    GreyEquipment,
    Reward,
    Chest,
    Blueprint,
    /// A built blueprint.
    SpecialEquipment,
}

impl CardKind {
    /// Every kind, in the order the form adding a card lists them.
    pub const ALL: [CardKind; 6] = [
        CardKind::BlackEquipment,
        CardKind::GreyEquipment,
        CardKind::Reward,
        CardKind::Chest,
        CardKind::Blueprint,
        CardKind::SpecialEquipment,
    ];
}

/// The three typed slots of an assassin board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum EquipSlot {
    Melee,
    Ranged,
    Armor,
}

impl EquipSlot {
    pub const ALL: [EquipSlot; 3] = [EquipSlot::Melee, EquipSlot::Ranged, EquipSlot::Armor];

    /// Whether the card worn in this slot adds health: only an armor does
    /// (ASSASSINS' HEALTH; the board: "at most 1 armor, which adds health").
    pub fn adds_health(self) -> bool {
        self == EquipSlot::Armor
    }
}

/// Which end of the chest deck a card put back by hand goes to: the top
/// unless the players say otherwise (the rules say where only for a failed
/// attempt's chest cards: REPLAYING A MEMORY, "in their original order").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum ChestEnd {
    Top,
    Bottom,
}

/// Where a pack's card is when a campaign starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StartPlace {
    EquipmentDeck,
    ChestDeck,
    VillaEnvelope,
    Box,
}

/// Only equipment fits a typed slot (EQUIP).
pub fn check_card_shape(kind: CardKind, fits: Option<EquipSlot>) -> Result<(), &'static str> {
    match (kind, fits) {
        (
            CardKind::BlackEquipment
            | CardKind::GreyEquipment
            | CardKind::SpecialEquipment
            | CardKind::Reward,
            _,
        )
        | (_, None) => Ok(()),
        _ => Err("only equipment and reward cards fit a melee, ranged or armor slot"),
    }
}

/// One physical card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct CardDef {
    pub id: String,
    pub name: String,
    pub kind: CardKind,
    pub fits: Option<EquipSlot>,
    pub health_bonus: u8,
    /// The icon that sends a discarded or spent card out of the game for
    /// good (EQUIP: "A card with the [icon] is permanently discarded from the
    /// game"; HQ RESOLUTION STEP, workshop), asked when a card is added.
    pub removal_mark: bool,
    /// Typed in by the players: the pack did not list it.
    pub added: bool,
}

/// Every place a card can be.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, TS)]
#[serde(tag = "place", rename_all = "snake_case")]
#[ts(export)]
pub enum Place {
    /// A typed slot of an assassin board.
    Equipped {
        assassin: String,
        slot: EquipSlot,
    },
    /// One of the 5 inventory slots (0 to 4).
    Inventory {
        assassin: String,
        index: u8,
    },
    /// Kept in the assassin's plastic bag, off the board.
    Bag {
        assassin: String,
    },
    VillaEnvelope,
    MainHall,
    Workshop,
    EquipmentDeck,
    EquipmentDiscard,
    /// The chest deck, in order: see `Ledger::chest_deck`.
    ChestDeck,
    RemovedFromGame,
    Box,
}

impl Place {
    pub fn assassin(&self) -> Option<&str> {
        match self {
            Place::Equipped { assassin, .. }
            | Place::Inventory { assassin, .. }
            | Place::Bag { assassin } => Some(assassin),
            _ => None,
        }
    }

    pub fn is_on_board(&self) -> bool {
        matches!(self, Place::Equipped { .. } | Place::Inventory { .. })
    }

    pub(crate) fn from_start(start: StartPlace) -> Place {
        match start {
            StartPlace::EquipmentDeck => Place::EquipmentDeck,
            StartPlace::ChestDeck => Place::ChestDeck,
            StartPlace::VillaEnvelope => Place::VillaEnvelope,
            StartPlace::Box => Place::Box,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PlacedCard {
    pub card: CardDef,
    pub place: Place,
}

/// The skill card an assassin holds for one level, or a choice put off.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "state", rename_all = "snake_case")]
#[ts(export)]
pub enum SkillChoice {
    Chosen {
        name: String,
        hq_level_required: Option<u8>,
    },
    /// The players chose to decide later; the campaign may go on.
    Postponed,
}

pub fn slot_word(slot: EquipSlot) -> &'static str {
    match slot {
        EquipSlot::Melee => "melee",
        EquipSlot::Ranged => "ranged",
        EquipSlot::Armor => "armor",
    }
}
