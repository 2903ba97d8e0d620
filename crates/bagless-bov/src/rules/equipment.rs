//! EQUIP and CHEST: where a card may go (an assassin's slots and inventory,
//! the villa envelope or the HQ's main hall, the chest deck, the discards),
//! moving it, and drawing a chest card. Part of `assassins`' decide.

use crate::model::board::{check_fit, CardDef, Place, INVENTORY_SLOTS};
use crate::model::campaign::{assassin_name, Campaign, Event};
use crate::model::hq_types::HqPhase;
use crate::model::pack::Pack;
use crate::refusals::{refuse, RuleCode, RuleViolation, Section};

pub(crate) type Decision = Result<Vec<Event>, Vec<RuleViolation>>;

pub(super) fn refused(violation: RuleViolation) -> Decision {
    Err(vec![violation])
}

pub(super) fn unknown_assassin(pack: &Pack, id: &str) -> RuleViolation {
    let name = assassin_name(pack, id);
    refuse(
        RuleCode::AssassinNotInCampaign,
        Section::AdjustingTheNumberOfPlayers,
        format!("{name} is not an assassin of this campaign."),
    )
    .with("assassin", name)
}

/// Where equipment is kept between memories: the villa envelope, or the
/// HQ's main hall once the HQ is open.
pub fn storage(state: &Campaign) -> Place {
    if state.villa_retired() {
        Place::MainHall
    } else {
        Place::VillaEnvelope
    }
}

/// Checks that `card` may go to `to`: the place exists in this campaign,
/// the card fits it and the slot is free. `leaving` is the card's current
/// place (a card does not block the slot it leaves).
pub(crate) fn check_destination(
    state: &Campaign,
    pack: &Pack,
    card: &CardDef,
    to: &Place,
    leaving: Option<&Place>,
) -> Result<(), RuleViolation> {
    match to {
        Place::Equipped { assassin, .. } | Place::Inventory { assassin, .. }
            if !state.in_play(assassin) =>
        {
            return Err(unknown_assassin(pack, assassin));
        }
        Place::Bag { assassin } if !state.roster.contains_key(assassin) => {
            return Err(unknown_assassin(pack, assassin));
        }
        Place::VillaEnvelope if state.villa_retired() => {
            return Err(refuse(
                RuleCode::VillaRetired,
                Section::FirstAssignment,
                "The villa envelope was emptied into the HQ's main hall and retired.",
            ));
        }
        // Another card there (a card is never moved where it already is:
        // `move_card` refuses that first).
        Place::Workshop
            if state
                .ledger
                .at(&Place::Workshop)
                .any(|c| c.card.id != card.id) =>
        {
            return Err(refuse(
                RuleCode::WorkshopFull,
                Section::Assignments,
                "The workshop takes one blueprint at a time.",
            ));
        }
        Place::MainHall | Place::Workshop if !state.has_hq() => {
            return Err(refuse(
                RuleCode::NoHqYet,
                Section::Headquarters,
                "The HQ is not unlocked yet: keep equipment in the villa envelope.",
            ));
        }
        Place::Inventory { assassin, index } if *index >= INVENTORY_SLOTS => {
            return Err(inventory_full(pack, assassin));
        }
        _ => {}
    }
    if let Some(violation) = check_fit(card, to) {
        return Err(violation);
    }
    let holds_one = matches!(to, Place::Equipped { .. } | Place::Inventory { .. });
    if holds_one && leaving != Some(to) {
        if let Some(occupant) = state.ledger.occupant(to) {
            if let Place::Inventory { assassin, .. } = to {
                if state.ledger.first_free_inventory(assassin).is_none() {
                    return Err(inventory_full(pack, assassin));
                }
            }
            return Err(refuse(
                RuleCode::SlotOccupied,
                Section::Equip,
                format!(
                    "{} is already there: move it to a free slot first.",
                    occupant.card.name
                ),
            )
            .with("card", &occupant.card.name));
        }
    }
    Ok(())
}

fn inventory_full(pack: &Pack, assassin: &str) -> RuleViolation {
    let name = assassin_name(pack, assassin);
    refuse(
        RuleCode::InventoryFull,
        Section::Equip,
        format!(
            "{name}'s board has {INVENTORY_SLOTS} inventory slots and they are all taken: \"place them … on one of the 5 inventory slots of your assassin board\"."
        ),
    )
    .with("assassin", &name)
    .with("slots", INVENTORY_SLOTS)
}

pub(super) fn move_card(
    state: &Campaign,
    pack: &Pack,
    card: &str,
    to: &Place,
    chest: Option<crate::model::board::ChestEnd>,
) -> Decision {
    let Some(placed) = state.ledger.cards.get(card) else {
        return refused(
            refuse(
                RuleCode::CardUnknown,
                Section::SavingTheGame,
                "That card is not in this campaign.",
            )
            .with("card", card),
        );
    };
    let from = &placed.place;
    if *from == Place::RemovedFromGame {
        return refused(
            refuse(
                RuleCode::CardRemoved,
                Section::HqResolutionStep,
                format!("{} was removed from the game for good.", placed.card.name),
            )
            .with("card", &placed.card.name),
        );
    }
    if from == to {
        return refused(
            refuse(
                RuleCode::CardAlreadyThere,
                Section::SavingTheGame,
                format!("{} is already there.", placed.card.name),
            )
            .with("card", &placed.card.name),
        );
    }
    // Edition 3: CHEST, "take the card on top of the chest deck": no other
    // card leaves the deck.
    if *from == Place::ChestDeck
        && state.follows_edition_3()
        && state.ledger.chest_deck.first().map(String::as_str) != Some(card)
    {
        return refused(
            refuse(
                RuleCode::ChestNotTop,
                Section::Chest,
                format!(
                    "Only the card on top of the chest deck is taken, not {}.",
                    placed.card.name
                ),
            )
            .with("card", &placed.card.name),
        );
    }
    if let Some(from_assassin) = from.assassin() {
        if from.is_on_board() && !state.in_play(from_assassin) {
            return refused(unknown_assassin(pack, from_assassin));
        }
    }
    check_destination(state, pack, &placed.card, to, Some(from)).map_err(|v| vec![v])?;
    check_hq_step(state, from, to)?;
    // "A card with the [removal] icon is permanently discarded from the
    // game" (EQUIP): the icon printed on the card decides, not its colour.
    let to = match to {
        Place::EquipmentDiscard if placed.card.removal_mark => Place::RemovedFromGame,
        _ => to.clone(),
    };
    // A chest card put back by hand goes on top unless the players say
    // otherwise.
    let chest =
        (to == Place::ChestDeck).then(|| chest.unwrap_or(crate::model::board::ChestEnd::Top));
    Ok(vec![Event::CardMoved {
        card: card.to_string(),
        from: from.clone(),
        to,
        chest,
    }])
}

/// Edition 2: HEADQUARTERS, "During the assignment and resolution steps,
/// at any time, you may: … Take or store small cards in the headquarters'
/// main hall": not while the memory group is out on the map. The workshop's
/// blueprint is placed at the assignment step (ASSIGNMENTS: MEMORY 1.2
/// ONWARD 2) and stays there during the memory too.
fn check_hq_step(state: &Campaign, from: &Place, to: &Place) -> Result<(), Vec<RuleViolation>> {
    if state.follows_edition_2()
        && (hq_closed_for_memory(state, from) || hq_closed_for_memory(state, to))
    {
        return Err(vec![main_hall_during_memory()]);
    }
    if from != &Place::Workshop {
        check_into_workshop(state, to)?;
    }
    Ok(())
}

/// Edition 6: HEADQUARTERS, "During the assignment and resolution steps,
/// at any time, you may: … Take or store small cards in the headquarters'
/// main hall": a card added to the campaign goes into the main hall or the
/// workshop at those steps only, as a card moved there does (edition 2);
/// editions 1 to 5 added it there while the memory group was out too (the
/// workshop then refused by [`check_into_workshop`] from edition 4).
pub(crate) fn check_added_into_hq(state: &Campaign, to: &Place) -> Result<(), Vec<RuleViolation>> {
    if state.follows_edition_6() && hq_closed_for_memory(state, to) {
        return Err(vec![main_hall_during_memory()]);
    }
    check_into_workshop(state, to)
}

/// Whether `place` is one of the HQ's piles and the memory group is out.
fn hq_closed_for_memory(state: &Campaign, place: &Place) -> bool {
    let memory_out = state
        .hq
        .as_ref()
        .is_some_and(|hq| hq.phase == crate::model::hq_types::HqPhase::Memory);
    memory_out && matches!(place, Place::MainHall | Place::Workshop)
}

fn main_hall_during_memory() -> RuleViolation {
    refuse(
        RuleCode::MainHallDuringMemory,
        Section::Headquarters,
        "Cards are taken from or stored in the HQ during the assignment and resolution steps, not during a memory.",
    )
}

/// Edition 4: ASSIGNMENTS: MEMORY 1.2 ONWARD, "2. Choose 1 blueprint card
/// and place it in the workshop": a card goes into the workshop at the
/// assignment step only (the resolution's WORKSHOP builds what "you have
/// placed", and only takes it out, to the main hall). Taking it out stays
/// allowed at both steps; editions 1 to 3 let it in at either.
fn check_into_workshop(state: &Campaign, to: &Place) -> Result<(), Vec<RuleViolation>> {
    if state.follows_edition_4() && *to == Place::Workshop && !workshop_open(state) {
        return Err(vec![refuse(
            RuleCode::WorkshopAtAssignment,
            Section::AssignmentsFromMemory12,
            "A blueprint is placed in the workshop at the assignment step, not during the memory or its resolution.",
        )]);
    }
    if *to == Place::Workshop && before_first_confirmation(state) {
        return Err(vec![first_assignment_refusal()]);
    }
    Ok(())
}

/// Edition 5: FIRST ASSIGNMENT, "2. Place the flying machine blueprint
/// card (collected at the end of memory 0.4) in the workshop": the
/// confirmation of the first assignment places it, and no card goes into
/// the workshop before it (the workshop holds one blueprint: WORKSHOP, "If
/// you have placed 1 blueprint card in the workshop"). Editions 1 to 4
/// took a card there, and the confirmation added the flying machine.
fn before_first_confirmation(state: &Campaign) -> bool {
    state.follows_edition_5() && state.hq.as_ref().is_some_and(|hq| !hq.first_done)
}

fn first_assignment_refusal() -> RuleViolation {
    refuse(
        RuleCode::WorkshopFirstAssignment,
        Section::FirstAssignment,
        "At the first assignment the workshop takes the flying machine blueprint, which Bagless places there when the assignment is confirmed (\"2. Place the flying machine blueprint card … in the workshop\"); no card goes in before.",
    )
}

/// Whether a card may be put into the workshop now as far as the HQ's
/// steps go: at the HQ's assignment step from edition 4, at either HQ
/// step before (edition 5 closes it at the first assignment too:
/// [`closed_now`]).
pub fn workshop_open(state: &Campaign) -> bool {
    let phase = state.hq.as_ref().map(|hq| hq.phase);
    match phase {
        None => false,
        Some(HqPhase::Assignment) => true,
        Some(HqPhase::Memory) => !state.follows_edition_2(),
        Some(HqPhase::Resolution) => !state.follows_edition_4(),
    }
}

/// Why the players may not put a card into `place` now, as far as the
/// HQ's steps go (the board view offers a pile as a place to put a card
/// only when none): the main hall and the workshop not while the memory
/// group is out (edition 2), the workshop as [`workshop_open`] says; every
/// other pile at any time.
pub fn closed_now(state: &Campaign, place: &Place) -> Option<RuleCode> {
    let memory_out = state
        .hq
        .as_ref()
        .is_some_and(|hq| hq.phase == HqPhase::Memory);
    match place {
        Place::MainHall | Place::Workshop if state.follows_edition_2() && memory_out => {
            Some(RuleCode::MainHallDuringMemory)
        }
        Place::Workshop if !workshop_open(state) => Some(RuleCode::WorkshopAtAssignment),
        Place::Workshop if before_first_confirmation(state) => {
            Some(RuleCode::WorkshopFirstAssignment)
        }
        _ => None,
    }
}

pub(super) fn draw_chest_card(state: &Campaign, pack: &Pack, to: &Place) -> Decision {
    let Some(top) = state.ledger.chest_deck.first() else {
        return refused(refuse(
            RuleCode::ChestDeckEmpty,
            Section::Chest,
            "The chest deck is empty.",
        ));
    };
    if !to.is_on_board() {
        return refused(refuse(
            RuleCode::ChestToBoard,
            Section::Chest,
            "A chest card goes on the board of the assassin who opened the chest.",
        ));
    }
    let card = &state.ledger.cards[top].card;
    check_destination(state, pack, card, to, None).map_err(|v| vec![v])?;
    Ok(vec![Event::ChestCardDrawn {
        card: top.clone(),
        to: to.clone(),
    }])
}
