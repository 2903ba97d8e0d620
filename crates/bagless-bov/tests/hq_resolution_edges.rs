//! HQ RESOLUTION STEP at its edges: the cases `cargo mutants` found no
//! test for in `rules/hq_resolution.rs` (issue 55, item 27), each with the
//! words it keeps.

use crate::table;

use bagless_bov::campaign::{Command, Event, Outcome};
use bagless_bov::hq::{keys, DiceInput, Heal, HqPhase, ResolutionInput, Spot};
use bagless_bov::RuleCode;
use table::{assign, codes, plain_resolution, set_value, Table};

/// 1.2's assignment with Alessandra (health 1 of 3) on a red hospital
/// space, apprentice-1 in the memory group in her place, apprentice-2
/// caring on a white one (`care` health at HQ level I when `care` is
/// given), then 1.2 won: the resolution step is due.
fn patient_after_1_2(care: Option<u32>) -> Table {
    let mut table = Table::hq_unlocked(&["alessandra", "bastiano"], &[]);
    table.play_with_hq("1.1", Outcome::Success);
    assert_eq!(table.phase(), HqPhase::Assignment);
    table.run(Command::SetHealth {
        assassin: "alessandra".into(),
        health: 1,
    });
    let plan = [
        ("alessandra", Spot::HospitalRed),
        ("bastiano", Spot::Memory),
        ("ezio", Spot::Memory),
        ("apprentice-1", Spot::Memory),
        ("apprentice-2", Spot::HospitalWhite),
        ("apprentice-3", Spot::Workshop),
        ("apprentice-4", Spot::Workshop),
        ("ally-1", Spot::Memory),
        ("ally-2", Spot::CommandRoom),
        ("ally-3", Spot::CommandRoom),
        ("ally-4", Spot::CommandRoom),
    ];
    for (miniature, spot) in plan {
        table.run(assign(miniature, spot));
    }
    if let Some(care) = care {
        table.run(set_value(
            keys::brown("apprentice-2", "hospital", Some(1)),
            care,
        ));
    }
    table.run(Command::ConfirmAssignment);
    table.play("1.2", Outcome::Success, &[]);
    assert_eq!(table.phase(), HqPhase::Resolution);
    table
}

fn healing(assassin: &str, health: u8) -> Command {
    let mut input: ResolutionInput = plain_resolution(3);
    input.heal = vec![Heal {
        assassin: assassin.into(),
        health,
    }];
    Command::ResolveHq(input)
}

/// HOSPITAL: "Each ally/assassin apprentice on a white space restores
/// [health] to assassins depending on the HQ's level": all the care given,
/// no more, and up to the assassin's full health exactly.
#[test]
fn the_caregivers_restore_exactly_their_care_up_to_full_health() {
    let table = patient_after_1_2(Some(2));
    // 1 → 3: 2 restored, the caregiver's 2, and 3 is her full health.
    let events = table.decide(&healing("alessandra", 3)).unwrap();
    assert!(events.contains(&Event::HealthRestored {
        assassin: "alessandra".into(),
        health: 3
    }));
    let table = patient_after_1_2(Some(1));
    let v = table.refusals(healing("alessandra", 3));
    assert_eq!(codes(&v), [RuleCode::HealTooMuch]);
    assert_eq!(v[0].params["care"], "1");
    let events = table.decide(&healing("alessandra", 2)).unwrap();
    assert!(events.contains(&Event::HealthRestored {
        assassin: "alessandra".into(),
        health: 2
    }));
}

/// A patient listed at the health they have is healed of nothing: no
/// health restored, no care asked.
#[test]
fn a_patient_listed_at_their_health_is_healed_of_nothing() {
    let table = patient_after_1_2(None);
    let events = table.decide(&healing("alessandra", 1)).unwrap();
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::HealthRestored { .. })));
    // Nothing healed: the caregivers' card is not asked for.
    table
        .decide(&Command::ResolveHq(plain_resolution(3)))
        .unwrap();
    // Something healed: it is.
    let v = table.refusals(healing("alessandra", 2));
    assert_eq!(v[0].code, RuleCode::ValueNeeded);
    // Less than the caregivers' care is taken as entered (the pack's
    // assumption `hospital_healing_entered`): 1 of a care of 2.
    let events = patient_after_1_2(Some(2))
        .decide(&healing("alessandra", 2))
        .unwrap();
    assert!(events.contains(&Event::HealthRestored {
        assassin: "alessandra".into(),
        health: 2
    }));
    // Below what she has, or above her full health: refused.
    for health in [0, 4] {
        let table = patient_after_1_2(Some(5));
        let v = table.refusals(healing("alessandra", health));
        assert_eq!(codes(&v), [RuleCode::HealRange], "{health}");
    }
}

/// COMMAND ROOM: "The back of the new card thus revealed is the HQ's new
/// level": the level changes only when that back shows another one.
#[test]
fn the_hq_level_changes_only_when_the_new_contract_s_back_shows_another() {
    let table = patient_after_1_2(None);
    assert_eq!(table.state.hq_level, 1);
    let events = table
        .decide(&Command::ResolveHq(plain_resolution(3)))
        .unwrap();
    assert!(matches!(
        events[0],
        Event::HqResolved {
            fulfilled: true,
            ..
        }
    ));
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::HqLevelChanged { .. })),
        "contract 3's back shows level I too: {events:?}"
    );
    let mut table = patient_after_1_2(None);
    table.run(set_value(keys::contract_level(3), 2));
    let events = table
        .decide(&Command::ResolveHq(plain_resolution(3)))
        .unwrap();
    assert_eq!(events.last(), Some(&Event::HqLevelChanged { level: 2 }));
}

/// Edition 1 read the HQ die's faces as the pack prints them (a face of
/// 2): the refusal of a wrong count names 2 as the most a die shows.
#[test]
fn edition_1_s_die_shows_up_to_2_stars() {
    let mut table = Table::hq_unlocked_from(Table::edition_1(&["alessandra"]), &[]);
    table.first_assignment();
    table.run(Command::ConfirmAssignment);
    table.play("1.1", Outcome::Success, &[]);
    let mut input = plain_resolution(1);
    input.dice = DiceInput::Entered { stars: vec![2] };
    let v = table.refusals(Command::ResolveHq(input));
    assert_eq!(v[0].code, RuleCode::DiceCount);
    assert_eq!(v[0].params["max"], "2");
    let mut today = Table::hq_unlocked(&["alessandra"], &[]);
    today.first_assignment();
    today.run(Command::ConfirmAssignment);
    today.play("1.1", Outcome::Success, &[]);
    let mut input = plain_resolution(1);
    input.dice = DiceInput::Entered { stars: vec![2] };
    assert_eq!(
        today.refusals(Command::ResolveHq(input))[0].params["max"],
        "1"
    );
}

/// WORKSHOP: "you can build the object shown by paying its manufacturing
/// cost in small black and white equipment, reward and special equipment
/// cards … Used cards with a [removal] icon are permanently removed from
/// the game, and those with a [discard] icon are placed in the equipment
/// discard pile". A reward card and a built special equipment card without
/// the removal icon, paid, lie in the equipment discard; the history that
/// put them there is believed when decided again (an import, the library's
/// deep check), and the board offers the discard to such a card by hand.
#[test]
fn reward_and_special_cards_paid_for_a_blueprint_lie_in_the_equipment_discard() {
    use bagless_bov::board::{CardKind, EquipSlot, Place};
    use bagless_bov::destinations::destinations;
    for (name, kind) in [
        ("Medal", CardKind::Reward),
        ("Glider", CardKind::SpecialEquipment),
    ] {
        // Back from 1.1: apprentice-3 in the workshop takes 1 card off the
        // Flying Machine's cost of 2, so one card is paid.
        let mut table = Table::hq_unlocked(&["alessandra", "bastiano"], &["bastiano"]);
        table.first_assignment();
        table.run(Command::ConfirmAssignment);
        table.play("1.1", Outcome::Success, &[]);
        table.run(set_value(
            keys::brown("apprentice-2", "hospital", Some(1)),
            2,
        ));
        table.run(set_value(keys::brown("apprentice-3", "workshop", None), 1));
        table.run(set_value(keys::brown("apprentice-4", "shop", None), 1));
        table.run(set_value(keys::blueprint_cost("flying-machine"), 2));
        let card = table.add(name, kind, Some(EquipSlot::Melee), Place::MainHall);
        let events = table.run(Command::ResolveHq(ResolutionInput {
            build: true,
            paid: vec![card.clone()],
            ..plain_resolution(3)
        }));
        assert!(events.contains(&Event::CardsStored {
            cards: vec![card.clone()],
            to: Place::EquipmentDiscard,
        }));
        assert_eq!(
            table.state.ledger.place_of(&card),
            Some(&Place::EquipmentDiscard),
            "{name}"
        );
        assert_eq!(
            bagless_bov::assassins::check_invariants(&table.state),
            Ok(())
        );
        assert!(
            table.believed().is_ok(),
            "{name}: {:?}",
            table.believed().err()
        );
        // By hand: back to the main hall, then to the discard again; the
        // equipment deck stays equipment only.
        table.run(table::move_card(&card, Place::MainHall));
        let offered = destinations(&table.state, &table.pack, &card, &table::ctx());
        let answer = |place: &Place| {
            offered
                .places
                .iter()
                .find(|p| &p.place == place)
                .map(|p| p.refused.as_ref().map(|v| v.code))
        };
        assert_eq!(answer(&Place::EquipmentDiscard), Some(None));
        assert_eq!(
            answer(&Place::EquipmentDeck),
            Some(Some(RuleCode::EquipmentDeckKind))
        );
        table.run(table::move_card(&card, Place::EquipmentDiscard));
        assert!(table.believed().is_ok());
    }
}
