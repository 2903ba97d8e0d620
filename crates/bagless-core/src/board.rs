//! What the plastic bags held: each assassin's health, status and skills,
//! and the card ledger, where every card of the campaign is in exactly one
//! place at any time.

use crate::pack::{Pack, PackCard};
use crate::rules::{refuse, RuleCode, RuleViolation, Section};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
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

/// The three typed slots of an assassin board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum EquipSlot {
    Melee,
    Ranged,
    Armor,
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

    fn from_start(start: StartPlace) -> Place {
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

/// One assassin of the campaign, in play or not.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct AssassinState {
    /// Health left on the board.
    pub health: u8,
    /// Eliminated in the last memory played: an apprentice takes their place.
    pub eliminated: bool,
    pub skills: BTreeMap<u8, SkillChoice>,
}

/// Every card and where it is. The chest deck's order is kept apart (top
/// first); a card's place says `ChestDeck` exactly when it is in that list.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Ledger {
    pub cards: BTreeMap<String, PlacedCard>,
    pub chest_deck: Vec<String>,
    /// Chest cards drawn since the last attempt was recorded, in draw order:
    /// they go back on top of the chest deck if the attempt fails.
    pub drawn_this_attempt: Vec<String>,
}

impl Ledger {
    /// The cards a pack deals when a campaign starts.
    pub fn dealt(pack: &Pack) -> Vec<PlacedCard> {
        pack.cards.iter().flat_map(dealt_copies).collect()
    }

    pub fn place_of(&self, card: &str) -> Option<&Place> {
        self.cards.get(card).map(|c| &c.place)
    }

    pub fn at<'a>(&'a self, place: &'a Place) -> impl Iterator<Item = &'a PlacedCard> + 'a {
        self.cards.values().filter(move |c| &c.place == place)
    }

    pub fn occupant(&self, place: &Place) -> Option<&PlacedCard> {
        self.cards.values().find(|c| &c.place == place)
    }

    pub fn on_board_of<'a>(&'a self, assassin: &'a str) -> impl Iterator<Item = &'a PlacedCard> {
        self.cards
            .values()
            .filter(move |c| c.place.is_on_board() && c.place.assassin() == Some(assassin))
    }

    pub fn first_free_inventory(&self, assassin: &str) -> Option<u8> {
        (0..INVENTORY_SLOTS).find(|index| {
            self.occupant(&Place::Inventory {
                assassin: assassin.to_string(),
                index: *index,
            })
            .is_none()
        })
    }

    /// Health the worn armor adds.
    pub fn armor_bonus(&self, assassin: &str) -> u8 {
        self.occupant(&Place::Equipped {
            assassin: assassin.to_string(),
            slot: EquipSlot::Armor,
        })
        .map_or(0, |c| c.card.health_bonus)
    }

    pub fn next_added_id(&self) -> String {
        let added = self.cards.values().filter(|c| c.card.added).count();
        format!("added-{}", added + 1)
    }

    /// Puts a card in a place; into the chest deck means at the bottom.
    pub(crate) fn put(&mut self, card: &str, to: &Place) {
        self.put_at(card, to, ChestEnd::Bottom);
    }

    pub(crate) fn put_at(&mut self, card: &str, to: &Place, end: ChestEnd) {
        let Some(entry) = self.cards.get_mut(card) else {
            return;
        };
        if entry.place == Place::ChestDeck {
            self.chest_deck.retain(|c| c != card);
        }
        entry.place = to.clone();
        if *to == Place::ChestDeck {
            match end {
                ChestEnd::Top => self.chest_deck.insert(0, card.to_string()),
                ChestEnd::Bottom => self.chest_deck.push(card.to_string()),
            }
        }
    }

    pub(crate) fn add(&mut self, placed: &PlacedCard) {
        if placed.place == Place::ChestDeck {
            self.chest_deck.push(placed.card.id.clone());
        }
        self.cards.insert(placed.card.id.clone(), placed.clone());
    }

    /// Puts `cards` back on top of the chest deck, the first on top.
    pub(crate) fn return_to_chest_top(&mut self, cards: &[String]) {
        for card in cards {
            self.put(card, &Place::ChestDeck);
            self.chest_deck.retain(|c| c != card);
        }
        let known: Vec<String> = cards
            .iter()
            .filter(|c| self.cards.contains_key(*c))
            .cloned()
            .collect();
        self.chest_deck.splice(0..0, known);
    }
}

fn dealt_copies(card: &PackCard) -> impl Iterator<Item = PlacedCard> + '_ {
    (1..=card.copies).map(move |copy| PlacedCard {
        card: CardDef {
            id: if card.copies == 1 {
                card.id.clone()
            } else {
                format!("{}#{copy}", card.id)
            },
            name: card.name.clone(),
            kind: card.kind,
            fits: card.fits,
            health_bonus: card.health_bonus,
            removal_mark: card.removal_mark,
            added: false,
        },
        place: Place::from_start(card.starts_in),
    })
}

/// Can a card go to a place? `None` if it can; otherwise why not. Board
/// places must belong to an assassin in play; the slot must fit the card.
pub(crate) fn check_fit(card: &CardDef, to: &Place) -> Option<RuleViolation> {
    match to {
        Place::Equipped { slot, .. } if card.fits != Some(*slot) => Some(
            refuse(
                RuleCode::SlotWrongKind,
                Section::Equip,
                format!(
                    "{} does not fit the {} slot: only a card with that icon goes there.",
                    card.name,
                    slot_word(*slot)
                ),
            )
            .with("card", &card.name)
            .with_id("slot", slot),
        ),
        Place::ChestDeck if card.kind != CardKind::Chest => Some(
            refuse(
                RuleCode::ChestDeckKind,
                Section::Chest,
                format!("Only chest cards go in the chest deck, not {}.", card.name),
            )
            .with("card", &card.name),
        ),
        Place::EquipmentDeck | Place::EquipmentDiscard
            if !matches!(
                card.kind,
                CardKind::BlackEquipment | CardKind::GreyEquipment
            ) =>
        {
            Some(
                refuse(
                    RuleCode::EquipmentDeckKind,
                    Section::Equip,
                    format!(
                        "Only equipment cards go in the equipment deck or discard, not {}.",
                        card.name
                    ),
                )
                .with("card", &card.name),
            )
        }
        Place::Workshop if card.kind != CardKind::Blueprint => Some(
            refuse(
                RuleCode::WorkshopKind,
                Section::Headquarters,
                format!("Only a blueprint goes in the workshop, not {}.", card.name),
            )
            .with("card", &card.name),
        ),
        _ => None,
    }
}

pub fn slot_word(slot: EquipSlot) -> &'static str {
    match slot {
        EquipSlot::Melee => "melee",
        EquipSlot::Ranged => "ranged",
        EquipSlot::Armor => "armor",
    }
}
