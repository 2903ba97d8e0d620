//! The card ledger's invariants (EQUIP): checked by the property tests and
//! by `bagless check`.

use crate::model::board::{check_fit, Ledger, Place, INVENTORY_SLOTS};
use crate::model::campaign::Campaign;
use std::collections::BTreeSet;

/// The ledger's invariants, for tests and for `bagless check`: every card
/// in one place, slots holding what fits, at most one card a slot, boards
/// only for assassins in play, the chest deck list matching the places,
/// one card in the workshop at most (edition 5).
pub fn check_invariants(state: &Campaign) -> Result<(), String> {
    let ledger: &Ledger = &state.ledger;
    let mut slots = BTreeSet::new();
    for (id, placed) in &ledger.cards {
        if *id != placed.card.id {
            return Err(format!("card {id} is filed under another id"));
        }
        if let Some(violation) = check_fit(&placed.card, &placed.place) {
            return Err(format!("{id}: {violation}"));
        }
        match &placed.place {
            Place::Equipped { assassin, .. } | Place::Inventory { assassin, .. } => {
                if !state.in_play(assassin) {
                    return Err(format!("{id} is on the board of {assassin}, not in play"));
                }
                if !slots.insert(placed.place.clone()) {
                    return Err(format!("two cards in one slot: {:?}", placed.place));
                }
                if let Place::Inventory { index, .. } = placed.place {
                    if index >= INVENTORY_SLOTS {
                        return Err(format!("{id} is in a sixth inventory slot"));
                    }
                }
            }
            _ => {}
        }
    }
    let in_deck: BTreeSet<&String> = ledger
        .cards
        .values()
        .filter(|c| c.place == Place::ChestDeck)
        .map(|c| &c.card.id)
        .collect();
    let listed: BTreeSet<&String> = ledger.chest_deck.iter().collect();
    if listed.len() != ledger.chest_deck.len() || listed != in_deck {
        return Err("the chest deck list and the cards' places disagree".into());
    }
    // Edition 5: the workshop holds one blueprint at most (WORKSHOP: "If
    // you have placed 1 blueprint card in the workshop").
    let in_workshop = ledger.at(&Place::Workshop).count();
    if state.follows_edition_5() && in_workshop > 1 {
        return Err(format!("the workshop holds {in_workshop} cards"));
    }
    for assassin in &state.assassins {
        let armors = ledger
            .on_board_of(assassin)
            .filter(|c| {
                matches!(
                    c.place,
                    Place::Equipped {
                        slot: crate::model::board::EquipSlot::Armor,
                        ..
                    }
                )
            })
            .count();
        if armors > 1 {
            return Err(format!("{assassin} wears {armors} armors"));
        }
    }
    Ok(())
}
