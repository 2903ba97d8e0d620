//! Edition 5 of the rules: what the third fresh reading of seed 000 found
//! after edition 4 was released. Each test quotes the words it follows and
//! fails on the build before it; the edition-4 halves keep its reading for
//! the games played under it.

use crate::table;

use bagless_bov::assassins::{check_invariants, check_no_memory_in_play};
use bagless_bov::board::{CardKind, EquipSlot, Place};
use bagless_bov::board_view::{board_view, close_for_memory_in_play};
use bagless_bov::campaign::{evolve, Command, Event, Outcome};
use bagless_bov::destinations::{destinations, destinations_in};
use bagless_bov::hq::HqPhase;
use bagless_bov::{edition_step, RuleCode, Section, EDITION};
use table::{add_card, ctx, inventory, move_card, Table};

// Edition 6 reads some of these again: edition_6.rs.
const _: () = assert!(EDITION >= 5);

#[test]
fn a_campaign_created_under_edition_5_plays_it() {
    assert_eq!(Table::of_edition(5, &["alessandra"]).state.edition, 5);
}

fn workshop(table: &Table) -> Vec<String> {
    table
        .state
        .ledger
        .at(&Place::Workshop)
        .map(|c| c.card.name.clone())
        .collect()
}

/// FIRST ASSIGNMENT, "2. Place the flying machine blueprint card (collected
/// at the end of memory 0.4) in the workshop"; WORKSHOP, "If you have
/// placed 1 blueprint card in the workshop": the confirmation places the
/// flying machine, and no card goes into the workshop before it, so the
/// workshop holds one blueprint.
mod first_assignment {
    use super::*;

    #[test]
    fn no_card_goes_into_the_workshop_before_the_first_assignment_is_confirmed() {
        let mut table = Table::hq_unlocked(&["alessandra"], &[]);
        assert_eq!(table.phase(), HqPhase::Assignment);
        let parachutes = table.add(
            "Parachutes",
            CardKind::Blueprint,
            None,
            Place::VillaEnvelope,
        );
        let v = table.refusal(move_card(&parachutes, Place::Workshop));
        assert_eq!(
            (v.code, v.section),
            (RuleCode::WorkshopFirstAssignment, Section::FirstAssignment)
        );
        // Not added there, nor the flying machine put there by hand.
        let v = table.refusal(add_card(
            "Glider",
            CardKind::Blueprint,
            None,
            Place::Workshop,
        ));
        assert_eq!(v.code, RuleCode::WorkshopFirstAssignment);
        let v = table.refusal(move_card("flying-machine", Place::Workshop));
        assert_eq!(v.code, RuleCode::WorkshopFirstAssignment);
        // The board offers it neither as a pile nor as a card's place.
        let view = board_view("c", &table.state, &table.pack);
        let pile = view
            .piles
            .iter()
            .find(|p| p.place == Place::Workshop)
            .unwrap();
        assert_eq!(pile.closed_by, Some(RuleCode::WorkshopFirstAssignment));
        let offered = destinations(&table.state, &table.pack, &parachutes, &ctx());
        let at_workshop = offered.places.iter().find(|p| p.place == Place::Workshop);
        assert_eq!(
            at_workshop.and_then(|p| p.refused.as_ref()).map(|v| v.code),
            Some(RuleCode::WorkshopFirstAssignment)
        );
        // The confirmation places the flying machine, alone.
        table.first_assignment();
        table.run(Command::ConfirmAssignment);
        assert_eq!(workshop(&table), ["Flying Machine"]);
        assert_eq!(check_invariants(&table.state), Ok(()));
    }

    /// A campaign of `edition` whose players put the Parachutes blueprint in
    /// the workshop before the first assignment was confirmed (which adds
    /// the flying machine): the memory group out.
    fn two_blueprints_at_the_first_assignment(edition: u32) -> Table {
        let mut table = Table::hq_unlocked_from(Table::of_edition(edition, &["alessandra"]), &[]);
        let parachutes = table.add(
            "Parachutes",
            CardKind::Blueprint,
            None,
            Place::VillaEnvelope,
        );
        table.run(move_card(&parachutes, Place::Workshop));
        table.first_assignment();
        table.run(Command::ConfirmAssignment);
        table
    }

    /// Edition 4 let a second blueprint in at the first assignment, and the
    /// confirmation added the flying machine: two blueprints in the
    /// workshop. Its games keep that; the edition step at the next clean
    /// point leaves the one the resolution would build and puts the other
    /// in the main hall, and the history is believed.
    #[test]
    fn edition_4_let_two_blueprints_in_and_its_step_to_edition_5_keeps_one() {
        let mut table = two_blueprints_at_the_first_assignment(4);
        assert_eq!(workshop(&table), ["Parachutes", "Flying Machine"]);
        assert_eq!(
            check_invariants(&table.state),
            Ok(()),
            "edition 4 counts none"
        );
        table.play("1.1", Outcome::Success, &[]);
        table.resolve_plainly();
        assert_eq!(table.phase(), HqPhase::Assignment);
        let held = workshop(&table);
        assert_eq!(held.len(), 2, "a plain resolution builds nothing: {held:?}");
        let step = edition_step(&table.state, &table.pack).expect("a clean point");
        assert_eq!(
            step,
            [
                Event::EditionChanged {
                    from: 4,
                    to: EDITION
                },
                Event::CardsStored {
                    cards: vec!["flying-machine".into()],
                    to: Place::MainHall
                }
            ]
        );
        // A file's recorded step to edition 5 (written by the build of
        // edition 5) is believed.
        table.run(Command::TakeEdition { to: 5 });
        assert_eq!(workshop(&table), ["Parachutes"]);
        assert_eq!(check_invariants(&table.state), Ok(()));
        assert!(table.believed().is_ok(), "{:?}", table.believed().err());
    }

    /// Only the step into edition 5 empties the workshop to one blueprint:
    /// a step between two older editions (3 to 4) leaves both where they
    /// are, as those editions' games had them.
    #[test]
    fn a_step_between_older_editions_leaves_two_blueprints_in_the_workshop() {
        let mut table = two_blueprints_at_the_first_assignment(3);
        table.play("1.1", Outcome::Success, &[]);
        table.resolve_plainly();
        assert_eq!(workshop(&table), ["Parachutes", "Flying Machine"]);
        assert_eq!(
            table.decide(&Command::TakeEdition { to: 4 }).unwrap(),
            [Event::EditionChanged { from: 3, to: 4 }]
        );
        table.run(Command::TakeEdition { to: 4 });
        assert_eq!(workshop(&table), ["Parachutes", "Flying Machine"]);
    }

    /// The ledger's invariant (`bagless check`, the property tests, every
    /// file decided again): under edition 5 the workshop holds one card at
    /// most.
    #[test]
    fn the_invariants_refuse_two_cards_in_the_workshop_from_edition_5() {
        for (edition, holds) in [(4, true), (5, false)] {
            let mut table =
                Table::hq_unlocked_from(Table::of_edition(edition, &["alessandra"]), &[]);
            let parachutes = table.add("Parachutes", CardKind::Blueprint, None, Place::MainHall);
            table.first_assignment();
            table.run(Command::ConfirmAssignment);
            let stored = Event::CardsStored {
                cards: vec![parachutes.clone()],
                to: Place::Workshop,
            };
            let state = evolve(table.state.clone(), &stored);
            assert_eq!(check_invariants(&state).is_ok(), holds, "edition {edition}");
        }
    }
}

/// VILLA: "Before starting the next memory, you can freely trade and equip
/// equipment, and can store or recover unused equipment from the villa
/// envelope." While a memory of the campaign is played in Bagless (what
/// the library knows, given to the rules as `memory_in_play`), no card goes
/// into or out of the villa envelope; cards still go from board to board.
mod villa {
    use super::*;

    #[test]
    fn the_villa_envelope_takes_or_gives_no_card_while_a_memory_is_played() {
        let mut table = Table::core(&["alessandra", "bastiano"]);
        let sword = table.add(
            "Sword",
            CardKind::BlackEquipment,
            Some(EquipSlot::Melee),
            Place::VillaEnvelope,
        );
        let dagger = table.add(
            "Dagger",
            CardKind::GreyEquipment,
            Some(EquipSlot::Melee),
            inventory("alessandra", 0),
        );
        let playing = Some("0.1");
        let refused = |table: &Table, command: &Command, memory: Option<&str>| {
            check_no_memory_in_play(&table.state, command, memory)
                .err()
                .map(|v| (v[0].code, v[0].section))
        };
        let out = Some((RuleCode::VillaDuringMemory, Section::Villa));
        for command in [
            move_card(&sword, inventory("bastiano", 0)),
            move_card(&dagger, Place::VillaEnvelope),
            add_card("Axe", CardKind::BlackEquipment, None, Place::VillaEnvelope),
        ] {
            assert_eq!(refused(&table, &command, playing), out, "{command:?}");
            assert_eq!(refused(&table, &command, None), None, "between memories");
        }
        let board_to_board = move_card(&dagger, inventory("bastiano", 0));
        assert_eq!(refused(&table, &board_to_board, playing), None);
        // The board's storage and a card's places say it.
        let mut view = board_view("c", &table.state, &table.pack);
        close_for_memory_in_play(&mut view, &table.state, &table.pack, playing);
        assert_eq!(view.storage.closed_by, Some(RuleCode::VillaDuringMemory));
        let offered = destinations_in(&table.state, &table.pack, &sword, &ctx(), playing);
        assert!(
            offered.places.iter().all(|p| p.refused.is_some()),
            "a card in the villa goes nowhere"
        );
        let offered = destinations_in(&table.state, &table.pack, &dagger, &ctx(), playing);
        let code_at = |place: &Place| {
            offered
                .places
                .iter()
                .find(|p| &p.place == place)
                .and_then(|p| p.refused.as_ref())
                .map(|v| v.code)
        };
        assert_eq!(
            code_at(&Place::VillaEnvelope),
            Some(RuleCode::VillaDuringMemory)
        );
        assert_eq!(code_at(&inventory("bastiano", 0)), None);
        table.run(board_to_board);
    }

    #[test]
    fn edition_4_left_the_villa_envelope_open_during_a_memory() {
        let mut table = Table::of_edition(4, &["alessandra"]);
        let sword = table.add(
            "Sword",
            CardKind::BlackEquipment,
            Some(EquipSlot::Melee),
            Place::VillaEnvelope,
        );
        let command = move_card(&sword, inventory("alessandra", 0));
        assert!(check_no_memory_in_play(&table.state, &command, Some("0.1")).is_ok());
        let mut view = board_view("c", &table.state, &table.pack);
        close_for_memory_in_play(&mut view, &table.state, &table.pack, Some("0.1"));
        assert_eq!(view.storage.closed_by, None);
    }
}

/// An edition-4 campaign moves to edition 5 at its next clean point
/// ("Between 2 memories (never during one)"), nothing else changed.
#[test]
fn an_edition_4_campaign_moves_to_edition_5_between_two_memories() {
    let mut table = Table::of_edition(4, &["alessandra"]);
    table.play("0.1", Outcome::Failure, &[]);
    assert_eq!(edition_step(&table.state, &table.pack), None);
    table.play("0.1", Outcome::Success, &[]);
    assert_eq!(
        edition_step(&table.state, &table.pack),
        Some(vec![Event::EditionChanged {
            from: 4,
            to: EDITION
        }])
    );
    // A file's recorded step to edition 5 (written by the build of edition
    // 5) is believed.
    table.run(Command::TakeEdition { to: 5 });
    assert_eq!(table.state.edition, 5);
    let v = table.refusal(Command::TakeEdition { to: EDITION + 1 });
    assert_eq!(v.code, RuleCode::EditionNotDue);
    assert!(table.believed().is_ok());
}
