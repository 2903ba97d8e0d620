//! Edition 2 read once more (issue "The seeds read a second time", second
//! reader's findings): each correction under the heading of the rules
//! summary (../shared/seeds/000) it follows, with the words it quotes;
//! edition 1 keeps what it recorded.

use crate::table;

use bagless_bov::campaign::{Command, Outcome};
use bagless_bov::hq::{in_hospital, Heal, HqPhase, Spot};
use bagless_bov::RuleCode;
use table::{plain_resolution, Table};

/// ADJUSTING THE NUMBER OF PLAYERS: "When an assassin leaves the campaign:
/// Put their assassin card, … and skill cards inside a plastic bag."
/// ASSIGNMENTS: MEMORY 1.2 ONWARD 1: "Any assassin on a red hospital space
/// will be replaced by an assassin apprentice during the next memory."
mod adjusting_the_number_of_players {
    use super::*;

    fn patient_in_hospital(table: Table) -> Table {
        let mut table = Table::hq_unlocked_from(table, &["bastiano"]);
        table.first_assignment();
        assert!(in_hospital(&table.state, "bastiano"));
        table
    }

    #[test]
    fn an_assassin_who_leaves_from_a_red_hospital_space_leaves_it() {
        let mut table = patient_in_hospital(Table::core(&["alessandra", "bastiano"]));
        table.run(Command::LeaveAssassin {
            assassin: "bastiano".into(),
        });
        assert!(!in_hospital(&table.state, "bastiano"));
        let hq = table.state.hq.as_ref().unwrap();
        assert_eq!(hq.count(Spot::HospitalRed), 0);
        assert!(!hq.spots.contains_key("bastiano"));
        // No apprentice replaces whoever left: apprentice-1 goes to the
        // command room and the step is confirmed.
        table.run(table::assign("apprentice-1", Spot::CommandRoom));
        table.run(Command::ConfirmAssignment);
    }

    #[test]
    fn the_hospital_no_longer_heals_an_assassin_who_left() {
        let mut table = patient_in_hospital(Table::core(&["alessandra", "bastiano"]));
        table.run(Command::ConfirmAssignment);
        table.play("1.1", Outcome::Success, &[]);
        assert_eq!(table.phase(), HqPhase::Resolution);
        table.run(Command::LeaveAssassin {
            assassin: "bastiano".into(),
        });
        let dice = table.state.hq.as_ref().unwrap().count(Spot::CommandRoom);
        let mut input = plain_resolution(dice);
        input.heal = vec![Heal {
            assassin: "bastiano".into(),
            health: 1,
        }];
        let refused = table.refusals(Command::ResolveHq(input));
        assert!(table::codes(&refused).contains(&RuleCode::HealNotPatient));
    }

    /// "If your assassins are level 0, take … 3 [health]": the rules
    /// summary says nothing of a newcomer above level 0; Bagless reads it
    /// with LEVELING UP AND SKILLS ("all assassins (including those not in
    /// play), level up"): the same 3 health, and a skill of each level the
    /// campaign reached (assumption `newcomer_above_level_0`).
    #[test]
    fn a_newcomer_above_level_0_joins_with_3_health_and_a_skill_per_level_reached() {
        let mut table = Table::core(&["alessandra"]);
        let mut input = table::attempt("0.1", Outcome::Success);
        input.xp.mandatory = 60;
        table.run(Command::RecordAttempt(input));
        assert_eq!(table.state.level(), 2);
        let events = table.run(Command::JoinAssassin {
            assassin: "claudio".into(),
        });
        assert!(matches!(
            &events[0],
            bagless_bov::campaign::Event::AssassinJoined { health: 3, .. }
        ));
        let claudio: Vec<u8> = table
            .state
            .pending_skill_choices(&table.pack)
            .into_iter()
            .filter(|(a, _)| a == "claudio")
            .map(|(_, level)| level)
            .collect();
        assert_eq!(claudio, [1, 2]);
    }

    #[test]
    fn edition_1_keeps_the_space_of_an_assassin_who_left() {
        let mut table = patient_in_hospital(Table::edition_1(&["alessandra", "bastiano"]));
        table.run(Command::LeaveAssassin {
            assassin: "bastiano".into(),
        });
        assert!(in_hospital(&table.state, "bastiano"));
    }
}

/// LEVELING UP AND SKILLS: "Each time you reach or pass a level I, II, III
/// or IV space on the experience track …, all assassins … level up." Roma's
/// track marks the level III and IV spaces only: the board shows no level I
/// or II slot waiting for a choice that is never asked.
mod leveling_up_and_skills {
    use super::*;
    use bagless_bov::board_view::board_view;

    #[test]
    fn a_roma_board_shows_only_the_levels_its_track_marks() {
        let mut table = Table::new("roma", &["alif"]);
        let mut input = table::attempt("R1.1", Outcome::Success);
        input.xp.mandatory = 25;
        table.run(Command::RecordAttempt(input));
        assert_eq!(table.state.level(), 3);
        assert_eq!(
            table.state.pending_skill_choices(&table.pack),
            [("alif".to_string(), 3)]
        );
        let view = board_view("c", &table.state, &table.pack);
        let levels: Vec<u8> = view.assassins[0].skills.iter().map(|s| s.level).collect();
        assert_eq!(levels, [3]);
    }

    #[test]
    fn the_view_says_which_skills_an_apprentice_cannot_use() {
        let mut table = Table::core(&["alessandra"]);
        let mut input = table::attempt("0.1", Outcome::Success);
        input.xp.mandatory = 95;
        input.eliminated = vec!["alessandra".into()];
        table.run(Command::RecordAttempt(input));
        let view = board_view("c", &table.state, &table.pack);
        let cannot: Vec<(u8, bool)> = view.assassins[0]
            .skills
            .iter()
            .map(|s| (s.level, s.apprentice_cannot_use))
            .collect();
        assert_eq!(cannot, [(1, false), (2, false), (3, true)]);
    }
}

/// HEADQUARTERS: "During the assignment and resolution steps, at any time,
/// you may: … Take or store small cards in the headquarters' main hall."
mod headquarters {
    use super::*;
    use bagless_bov::board::{CardKind, Place};
    use bagless_bov::Section;

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

    #[test]
    fn the_main_hall_is_used_during_the_hq_steps_not_during_a_memory() {
        let (mut table, card) = memory_group_out(Table::core(&["alessandra"]));
        let to_board = table::move_card(&card, table::inventory("alessandra", 0));
        let v = table.refusal(to_board.clone());
        assert_eq!(
            (v.code, v.section),
            (RuleCode::MainHallDuringMemory, Section::Headquarters)
        );
        table.play("1.1", Outcome::Success, &[]);
        assert_eq!(table.phase(), HqPhase::Resolution);
        table.run(to_board);
        let back = table::move_card(&card, Place::MainHall);
        table.run(back);
    }

    #[test]
    fn edition_1_moves_main_hall_cards_during_a_memory() {
        let (mut table, card) = memory_group_out(Table::edition_1(&["alessandra"]));
        table.run(table::move_card(&card, table::inventory("alessandra", 0)));
    }
}
