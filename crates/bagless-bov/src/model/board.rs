//! What the plastic bags held: each assassin's health, status and skills,
//! and the card ledger, where every card of the campaign is in exactly one
//! place at any time.
//!
//! The card types themselves are in `cards.rs`; they are re-exported
//! here, where the other crates have always found them.

pub use crate::model::cards::{
    check_card_shape, slot_word, CardDef, CardKind, ChestEnd, EquipSlot, Place, PlacedCard,
    SkillChoice, StartPlace, INVENTORY_SLOTS, MAX_CARDS, MAX_CARD_NAME_CHARS, MAX_HEALTH_BONUS,
};
use crate::model::pack::{Pack, PackCard};
use crate::refusals::{refuse, RuleCode, RuleViolation, Section};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

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
        // WORKSHOP: the cards paid for a blueprint, "small black and white
        // equipment, reward and special equipment cards", go to the
        // discard unless they bear the removal icon ("those with a
        // [discard] icon are placed in the equipment discard pile"): the
        // discard takes every card that may pay a blueprint, the deck only
        // equipment.
        Place::EquipmentDeck | Place::EquipmentDiscard
            if !matches!(
                (to, card.kind),
                (_, CardKind::BlackEquipment | CardKind::GreyEquipment)
                    | (
                        Place::EquipmentDiscard,
                        CardKind::Reward | CardKind::SpecialEquipment
                    )
            ) =>
        {
            Some(
                refuse(
                    RuleCode::EquipmentDeckKind,
                    Section::Equip,
                    format!(
                        "Only equipment cards go in the equipment deck, and only equipment, reward or special equipment cards in its discard, not {}.",
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

/// Edition 3: the assassins who left or joined since the last memory was
/// recorded (`Campaign::since_memory`).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct SinceMemory {
    /// Left while an apprentice was to play in their place.
    pub left_replaced: BTreeSet<String>,
    /// Joined on their own (not the second half of a swap).
    pub joined: BTreeSet<String>,
}

impl SinceMemory {
    pub fn is_empty(&self) -> bool {
        self.left_replaced.is_empty() && self.joined.is_empty()
    }
}
