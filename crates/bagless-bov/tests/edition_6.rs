//! Edition 6 of the rules: what the fourth fresh reading of seed 000 found
//! after edition 5 was released. Each test quotes the words it follows and
//! fails on the build before it; the edition-5 halves keep its reading for
//! the games played under it, their histories decided again as played.

use crate::table;

use bagless_bov::board::{CardKind, Place};
use bagless_bov::board_view::board_view;
use bagless_bov::campaign::{Command, Event, Outcome};
use bagless_bov::hq::{HqPhase, Spot};
use bagless_bov::hq_view::hq_view;
use bagless_bov::views::offers::{add_card_offers, spots_offered};
use bagless_bov::{edition_step, RuleCode, Section, EDITION};
use table::{add_card, assign, Table};

#[test]
fn new_campaigns_play_edition_6() {
    assert_eq!(EDITION, 6);
    assert_eq!(Table::core(&["alessandra"]).state.edition, 6);
}

/// The HQ open under `edition`, its first assignment confirmed: the
/// memory group is out for memory 1.1.
fn memory_group_out(edition: u32) -> Table {
    let mut table = Table::hq_unlocked_from(Table::of_edition(edition, &["alessandra"]), &[]);
    table.first_assignment();
    table.run(Command::ConfirmAssignment);
    assert_eq!(table.phase(), HqPhase::Memory);
    table
}

/// HEADQUARTERS: "During the assignment and resolution steps, at any time,
/// you may: … Take or store small cards in the headquarters' main hall."
/// A card added to the campaign is stored there at those steps only, as a
/// card moved there already was (edition 2): not while the memory group is
/// out.
mod headquarters {
    use super::*;

    #[test]
    fn no_card_is_added_into_the_main_hall_while_the_memory_group_is_out() {
        let mut table = memory_group_out(EDITION);
        let v = table.refusal(add_card(
            "Glider",
            CardKind::Blueprint,
            None,
            Place::MainHall,
        ));
        assert_eq!(
            (v.code, v.section),
            (RuleCode::MainHallDuringMemory, Section::Headquarters)
        );
        // The board says the main hall is closed, and the "Add a card"
        // form does not offer it.
        let view = board_view("c", &table.state, &table.pack);
        assert_eq!(view.storage.place, Place::MainHall);
        assert_eq!(view.storage.closed_by, Some(RuleCode::MainHallDuringMemory));
        let offers = add_card_offers(&table.state, &table.pack, None);
        assert!(offers.iter().all(|o| !o.to.contains(&Place::MainHall)));
        assert!(offers.iter().any(|o| o.to.contains(&Place::Box)));
        // At the resolution step the main hall takes it again.
        table.play("1.1", Outcome::Success, &[]);
        assert_eq!(table.phase(), HqPhase::Resolution);
        table.run(add_card(
            "Glider",
            CardKind::Blueprint,
            None,
            Place::MainHall,
        ));
        assert!(add_card_offers(&table.state, &table.pack, None)
            .iter()
            .any(|o| o.to.contains(&Place::MainHall)));
    }

    /// Edition 5 added a card into the main hall while the memory group was
    /// out; its games keep that, decided again as they were played.
    #[test]
    fn edition_5_added_a_card_into_the_main_hall_during_a_memory() {
        let mut table = memory_group_out(5);
        table.run(add_card(
            "Glider",
            CardKind::Blueprint,
            None,
            Place::MainHall,
        ));
        assert_eq!(table.state.ledger.at(&Place::MainHall).count(), 1);
        assert!(table.believed().is_ok(), "{:?}", table.believed().err());
    }
}

fn spots(table: &Table, miniature: &str) -> Vec<Option<Spot>> {
    spots_offered(&table.state, &table.pack, miniature)
}

/// FIRST ASSIGNMENT: the memory group takes "1 mercenary / courtesan
/// (according to the chosen HQ)", and "Any assassin on a red hospital
/// space is replaced by an assassin apprentice"; the headquarters group:
/// "Hospital: Place 1 assassin apprentice or mercenary/ courtesan miniature
/// on a white space", "Workshop: Place 1 assassin apprentice or mercenary/
/// courtesan miniature there", "Shop: Place 1 assassin apprentice or
/// mercenary / courtesan miniature there if you have any left". Each
/// miniature goes only where that layout has room, not refused at the
/// confirmation alone.
mod first_assignment {
    use super::*;

    #[test]
    fn a_miniature_goes_only_where_the_first_layout_has_room() {
        let mut table = Table::hq_unlocked(&["alessandra"], &[]);
        for spot in [Spot::HospitalWhite, Spot::Workshop, Spot::Shop] {
            table.run(assign("apprentice-1", spot));
            let v = table.refusal(assign("ally-2", spot));
            assert_eq!(
                (v.code, v.section),
                (RuleCode::FirstLayout, Section::FirstAssignment),
                "{spot:?}"
            );
            assert!(!spots(&table, "ally-2").contains(&Some(spot)));
            assert!(spots(&table, "apprentice-1").contains(&Some(spot)));
        }
        table.run(assign("ally-1", Spot::Memory));
        let v = table.refusal(assign("ally-2", Spot::Memory));
        assert_eq!(
            (v.code, v.section),
            (RuleCode::FirstOneAlly, Section::FirstAssignment)
        );
        // Nobody eliminated: no apprentice goes with the memory group.
        let v = table.refusal(assign("apprentice-2", Spot::Memory));
        assert_eq!(
            (v.code, v.section),
            (RuleCode::ApprenticePerPatient, Section::FirstAssignment)
        );
        assert!(!spots(&table, "apprentice-2").contains(&Some(Spot::Memory)));
        // "Assign any remaining … to the command room": 7 in the HQ group,
        // so 4 there.
        for miniature in ["apprentice-2", "apprentice-3", "apprentice-4", "ally-2"] {
            table.run(assign(miniature, Spot::CommandRoom));
        }
        let v = table.refusal(assign("ally-3", Spot::CommandRoom));
        assert_eq!(v.code, RuleCode::FirstLayout);
        assert_eq!(v.params.get("count").map(String::as_str), Some("4"));
    }

    /// The HQ screen's count beside each building says the first layout's
    /// number at the first assignment ("Place 1 …", the rest "to the
    /// command room"), as the placements are taken; once it is confirmed,
    /// the building's own capacity; under edition 5, the capacity always.
    #[test]
    fn the_hq_shows_the_first_layout_s_room_beside_each_building() {
        let room = |table: &Table, spot: Spot| {
            hq_view("c", &table.state, &table.pack)
                .spots
                .into_iter()
                .find(|s| s.spot == spot)
                .and_then(|s| s.capacity)
        };
        let mut table = Table::hq_unlocked(&["alessandra"], &[]);
        assert_eq!(room(&table, Spot::HospitalWhite), Some(1));
        assert_eq!(room(&table, Spot::Workshop), Some(1));
        assert_eq!(room(&table, Spot::Shop), Some(1));
        assert_eq!(room(&table, Spot::CommandRoom), Some(4));
        let earlier = Table::hq_unlocked_from(Table::of_edition(5, &["alessandra"]), &[]);
        assert_eq!(
            room(&earlier, Spot::Shop),
            Spot::Shop.capacity().map(|c| c as u32)
        );
        table.first_assignment();
        table.run(Command::ConfirmAssignment);
        for spot in [
            Spot::HospitalWhite,
            Spot::Workshop,
            Spot::Shop,
            Spot::CommandRoom,
        ] {
            assert_eq!(
                room(&table, spot),
                spot.capacity().map(|c| c as u32),
                "{spot:?}"
            );
        }
    }

    /// Four eliminated: four apprentices play, the HQ group is 3 and the
    /// shop takes none ("if you have any left").
    #[test]
    fn four_patients_leave_none_for_the_shop() {
        let four = ["alessandra", "bastiano", "claudio", "daria"];
        let mut table = Table::hq_unlocked(&four, &four);
        for n in 1..=4 {
            table.run(assign(&format!("apprentice-{n}"), Spot::Memory));
        }
        let v = table.refusal(assign("ally-2", Spot::Shop));
        assert_eq!(v.code, RuleCode::FirstLayout);
        assert_eq!(v.params.get("count").map(String::as_str), Some("0"));
        table.first_assignment();
        table.run(Command::ConfirmAssignment);
    }

    /// Edition 5 took a second miniature in the shop, the workshop or on a
    /// white space, or a second mercenary with the memory group, refusing
    /// the layout at the confirmation only; its games keep that, decided
    /// again as they were played.
    #[test]
    fn edition_5_refused_the_first_layout_at_the_confirmation_only() {
        let mut table = Table::hq_unlocked_from(Table::of_edition(5, &["alessandra"]), &[]);
        for spot in [Spot::HospitalWhite, Spot::Workshop, Spot::Shop] {
            table.run(assign("apprentice-1", spot));
            table.run(assign("apprentice-2", spot));
            assert!(spots(&table, "ally-2").contains(&Some(spot)));
        }
        table.run(assign("ally-1", Spot::Memory));
        table.run(assign("ally-2", Spot::Memory));
        let refused = table.refusals(Command::ConfirmAssignment);
        assert!(refused.iter().any(|v| v.code == RuleCode::FirstOneAlly));
        assert!(refused.iter().any(|v| v.code == RuleCode::FirstLayout));
        assert!(table.believed().is_ok(), "{:?}", table.believed().err());
    }
}

/// An edition-5 campaign moves to edition 6 at its next clean point
/// ("Between 2 memories (never during one)"), nothing else changed.
#[test]
fn an_edition_5_campaign_moves_to_edition_6_between_two_memories() {
    let mut table = Table::of_edition(5, &["alessandra"]);
    table.play("0.1", Outcome::Failure, &[]);
    assert_eq!(edition_step(&table.state, &table.pack), None);
    table.play("0.1", Outcome::Success, &[]);
    assert_eq!(
        edition_step(&table.state, &table.pack),
        Some(vec![Event::EditionChanged { from: 5, to: 6 }])
    );
    table.run(Command::TakeEdition { to: 6 });
    assert_eq!(edition_step(&table.state, &table.pack), None);
    assert!(table.believed().is_ok());
}

/// At the HQ the clean point is the assignment step before any miniature
/// is placed: an edition-5 campaign takes edition 6 there, and its first
/// assignment follows edition 6's layout.
#[test]
fn an_edition_5_campaign_takes_edition_6_before_its_first_assignment() {
    let mut table = Table::hq_unlocked_from(Table::of_edition(5, &["alessandra"]), &[]);
    table.run(assign("apprentice-1", Spot::Shop));
    assert_eq!(
        edition_step(&table.state, &table.pack),
        None,
        "a miniature placed"
    );
    table.run(Command::AssignMiniature {
        miniature: "apprentice-1".into(),
        spot: None,
    });
    assert_eq!(
        edition_step(&table.state, &table.pack),
        Some(vec![Event::EditionChanged { from: 5, to: 6 }])
    );
    table.run(Command::TakeEdition { to: 6 });
    table.run(assign("apprentice-1", Spot::Shop));
    assert_eq!(
        table.refusal(assign("apprentice-2", Spot::Shop)).code,
        RuleCode::FirstLayout
    );
    assert!(table.believed().is_ok(), "{:?}", table.believed().err());
}
