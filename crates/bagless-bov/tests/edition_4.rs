//! Edition 4 of the rules: what the second fresh reading of seed 000 (issue
//! 55 item 28) found after edition 3 was released. Each test quotes the
//! words it follows and fails on the build before it (edition 3 did not
//! do what these ask); the edition-3 halves keep its reading for the games
//! played under it.

use crate::table;

use bagless_bov::board::{CardKind, Place};
use bagless_bov::board_view::board_view;
use bagless_bov::campaign::{Command, Event, Outcome};
use bagless_bov::hq::HqPhase;
use bagless_bov::{edition_step, RuleCode, Section, EDITION};
use table::{add_card, move_card, Table};

// Edition 5 reads some of these again: edition_5.rs.
const _: () = assert!(EDITION >= 4);

#[test]
fn a_campaign_created_under_edition_4_plays_it() {
    assert_eq!(Table::of_edition(4, &["alessandra"]).state.edition, 4);
}

fn leave(assassin: &str) -> Command {
    Command::LeaveAssassin {
        assassin: assassin.into(),
    }
}

fn join(assassin: &str) -> Command {
    Command::JoinAssassin {
        assassin: assassin.into(),
    }
}

fn health(table: &Table, assassin: &str) -> (bool, u8, u8) {
    let entry = &table.state.roster[assassin];
    (
        entry.eliminated,
        entry.health,
        table.state.max_health(&table.pack, assassin),
    )
}

/// ASSASSIN APPRENTICES: "If you don't have your HQ yet, your assassin will
/// be in full health as soon as you complete the memory with the assassin
/// apprentice." An assassin eliminated in 0.1 who left before 0.2 had no
/// apprentice play 0.2 for them: they stay eliminated, and come back with
/// an apprentice in their place until a memory is completed with them in
/// the campaign.
mod assassin_apprentices {
    use super::*;

    /// Bastiano eliminated in 0.1, gone before 0.2, 0.2 won without him.
    fn left_eliminated(table: Table) -> Table {
        let mut table = table;
        table.play("0.1", Outcome::Success, &["bastiano"]);
        table.run(leave("bastiano"));
        table.play("0.2", Outcome::Success, &[]);
        table
    }

    #[test]
    fn one_who_left_eliminated_is_not_recovered_by_a_memory_played_without_them() {
        let mut table = left_eliminated(Table::core(&["alessandra", "bastiano"]));
        assert_eq!(
            health(&table, "bastiano"),
            (true, 0, 3),
            "no apprentice played 0.2 for him"
        );
        // Back for 0.3, an apprentice plays it in his place; once it is
        // completed he is in full health.
        table.run(join("bastiano"));
        assert_eq!(health(&table, "bastiano"), (true, 0, 3));
        let events = table.run(Command::RecordAttempt(table::attempt(
            "0.3",
            Outcome::Success,
        )));
        assert!(events.contains(&Event::AssassinRecovered {
            assassin: "bastiano".into(),
            health: 3
        }));
        assert_eq!(health(&table, "bastiano"), (false, 3, 3));
    }

    #[test]
    fn edition_3_recovered_every_eliminated_assassin_of_the_roster() {
        let table = left_eliminated(Table::of_edition(3, &["alessandra", "bastiano"]));
        assert_eq!(health(&table, "bastiano"), (false, 3, 3));
    }
}

/// ASSIGNMENTS: MEMORY 1.2 ONWARD, "2. Choose 1 blueprint card and place it
/// in the workshop" (the assignment step); HQ RESOLUTION STEP, WORKSHOP:
/// "If you have placed 1 blueprint card in the workshop, you can build",
/// and otherwise only "put the blueprint card in the main hall". A card
/// goes into the workshop at the assignment step only; it may be taken out
/// at either step.
mod workshop {
    use super::*;

    /// The HQ's first assignment and 1.1 played: its resolution step is due,
    /// the Flying Machine in the workshop, Parachutes in the main hall.
    fn at_the_resolution(table: Table) -> (Table, String) {
        let mut table = Table::hq_unlocked_from(table, &[]);
        table.first_assignment();
        table.run(Command::ConfirmAssignment);
        table.play("1.1", Outcome::Success, &[]);
        assert_eq!(table.phase(), HqPhase::Resolution);
        let parachutes = table.add("Parachutes", CardKind::Blueprint, None, Place::MainHall);
        (table, parachutes)
    }

    fn workshop_takes_cards(table: &Table) -> bool {
        let view = board_view("c", &table.state, &table.pack);
        let workshop = view
            .piles
            .iter()
            .find(|p| p.place == Place::Workshop)
            .expect("the workshop is a pile once the HQ is open");
        assert_eq!(
            view.storage.closed_by, None,
            "the main hall takes cards at both steps"
        );
        match workshop.closed_by {
            None => true,
            Some(code) => {
                assert_eq!(code, RuleCode::WorkshopAtAssignment, "the move's refusal");
                false
            }
        }
    }

    #[test]
    fn a_blueprint_is_placed_in_the_workshop_at_the_assignment_step_only() {
        let (mut table, parachutes) = at_the_resolution(Table::core(&["alessandra"]));
        // Taken out at the resolution step: allowed.
        table.run(move_card("flying-machine", Place::MainHall));
        // Put in: refused, moved or added.
        let v = table.refusal(move_card(&parachutes, Place::Workshop));
        assert_eq!(
            (v.code, v.section),
            (
                RuleCode::WorkshopAtAssignment,
                Section::AssignmentsFromMemory12
            )
        );
        let v = table.refusal(move_card("flying-machine", Place::Workshop));
        assert_eq!(v.code, RuleCode::WorkshopAtAssignment);
        let v = table.refusal(add_card(
            "Glider",
            CardKind::Blueprint,
            None,
            Place::Workshop,
        ));
        assert_eq!(v.code, RuleCode::WorkshopAtAssignment);
        assert!(!workshop_takes_cards(&table), "the board does not offer it");
        // The next assignment step: in it goes.
        table.resolve_plainly();
        assert_eq!(table.phase(), HqPhase::Assignment);
        assert!(workshop_takes_cards(&table));
        table.run(move_card(&parachutes, Place::Workshop));
        assert_eq!(
            table.state.ledger.place_of(&parachutes),
            Some(&Place::Workshop)
        );
    }

    /// HEADQUARTERS, "During the assignment and resolution steps, at any
    /// time, you may: … Take or store small cards in the headquarters' main
    /// hall": while the memory group is out the board offers neither the
    /// main hall nor the workshop (edition 2 on); edition 1 offered both.
    #[test]
    fn while_the_memory_group_is_out_the_board_offers_no_hq_pile() {
        let offered = |table: &Table| {
            let view = board_view("c", &table.state, &table.pack);
            let workshop = view
                .piles
                .iter()
                .find(|p| p.place == Place::Workshop)
                .unwrap();
            (
                view.storage.place.clone(),
                view.storage.closed_by,
                workshop.closed_by,
            )
        };
        let out = Some(RuleCode::MainHallDuringMemory);
        for (table, takes) in [
            (Table::core(&["alessandra"]), out),
            (Table::edition_1(&["alessandra"]), None),
        ] {
            let mut table = Table::hq_unlocked_from(table, &[]);
            table.first_assignment();
            table.run(Command::ConfirmAssignment);
            assert_eq!(table.phase(), HqPhase::Memory);
            assert_eq!(offered(&table), (Place::MainHall, takes, takes));
        }
    }

    #[test]
    fn edition_3_let_a_blueprint_in_at_the_resolution_step_too() {
        let (mut table, parachutes) = at_the_resolution(Table::of_edition(3, &["alessandra"]));
        assert!(workshop_takes_cards(&table));
        table.run(move_card("flying-machine", Place::MainHall));
        table.run(move_card(&parachutes, Place::Workshop));
        assert_eq!(
            table.state.ledger.place_of(&parachutes),
            Some(&Place::Workshop)
        );
    }
}

/// An edition-3 campaign moves to edition 4 at its next clean point
/// ("Between 2 memories (never during one)"), nothing else changed.
mod editions {
    use super::*;

    #[test]
    fn an_edition_3_campaign_moves_to_edition_4_between_two_memories() {
        let mut table = Table::of_edition(3, &["alessandra"]);
        table.play("0.1", Outcome::Failure, &[]);
        assert_eq!(
            edition_step(&table.state, &table.pack),
            None,
            "a failed first attempt waits for its replay"
        );
        table.play("0.1", Outcome::Success, &[]);
        assert_eq!(
            edition_step(&table.state, &table.pack),
            Some(vec![Event::EditionChanged {
                from: 3,
                to: EDITION
            }])
        );
        // A file's recorded step to edition 4 (written by the build of
        // edition 4) is believed.
        table.run(Command::TakeEdition { to: 4 });
        assert_eq!(table.state.edition, 4);
        let v = table.refusal(Command::TakeEdition { to: EDITION + 1 });
        assert_eq!(v.code, RuleCode::EditionNotDue);
    }
}
