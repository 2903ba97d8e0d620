//! HEADQUARTERS, from edition 2: the main hall is closed while the memory
//! group is out on the map, to a card the players add as much as to a card
//! they move; edition 1 keeps what it recorded.

#[path = "support/table.rs"]
mod table;

use bagless_bov::board::{CardKind, Place};
use bagless_bov::campaign::{Command, Outcome};
use bagless_bov::hq::HqPhase;
use bagless_bov::{RuleCode, Section};
use table::{add_card, inventory, move_card, Table};

/// The HQ open, its first assignment confirmed: the memory group is out.
fn memory_group_out(table: Table) -> (Table, String) {
    let mut table = Table::hq_unlocked_from(table, &[]);
    let card = table.add(
        "Smoke Bomb",
        CardKind::BlackEquipment,
        None,
        Place::MainHall,
    );
    table.first_assignment();
    table.run(Command::ConfirmAssignment);
    assert_eq!(table.phase(), HqPhase::Memory);
    (table, card)
}

/// HEADQUARTERS: "Management of the HQ takes place during the assignment
/// step before each memory, and the resolution step after each memory.
/// During the assignment and resolution steps, at any time, you may: …
/// Take or store small cards in the headquarters' main hall." A card added
/// to the main hall during a memory is stored there: refused as a card
/// moved there is, with the same rule and heading; added to an assassin's
/// board it is accepted, and after the memory, at the resolution step, the
/// main hall takes it.
#[test]
fn headquarters_a_card_added_to_the_main_hall_during_a_memory_is_refused_as_a_move_is() {
    let (mut table, _) = memory_group_out(Table::core(&["alessandra"]));
    let on_board = table.add(
        "Poison Dart",
        CardKind::BlackEquipment,
        None,
        inventory("alessandra", 0),
    );
    let moved = table.refusal(move_card(&on_board, Place::MainHall));
    let added = table.refusal(add_card(
        "Throwing Knife",
        CardKind::BlackEquipment,
        None,
        Place::MainHall,
    ));
    assert_eq!(
        (added.code, added.section),
        (RuleCode::MainHallDuringMemory, Section::Headquarters)
    );
    assert_eq!((added.code, added.section), (moved.code, moved.section));

    table.play("1.1", Outcome::Success, &[]);
    assert_eq!(table.phase(), HqPhase::Resolution);
    table.add(
        "Throwing Knife",
        CardKind::BlackEquipment,
        None,
        Place::MainHall,
    );
}

/// Edition 1 added cards to the main hall during a memory, as it moved
/// them: a campaign recorded under it keeps doing so.
#[test]
fn edition_1_adds_cards_to_the_main_hall_during_a_memory() {
    let (mut table, _) = memory_group_out(Table::edition_1(&["alessandra"]));
    table.add(
        "Throwing Knife",
        CardKind::BlackEquipment,
        None,
        Place::MainHall,
    );
}
