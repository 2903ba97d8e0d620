//! The refusals of the headquarters, met through the players' commands on
//! a campaign of the real box (campaigns/core/pack.json; Roma's for a box
//! without HQ), grouped by the heading of the rules summary each one rests
//! on: unlocking the HQ and typing its cards' numbers, the assignment step,
//! and the resolution step's buildings in their order.

use crate::table;

use bagless_bov::board::{CardKind, EquipSlot, Place};
use bagless_bov::campaign::{Command, Outcome};
use bagless_bov::hq::{keys, AllyKind, Heal, HqPhase, Keep, ResolutionInput, Spot};
use bagless_bov::{RuleCode, Section};
use table::{add_card, assign, attempt, move_card, plain_resolution, set_value, Table};

/// HEADQUARTERS: "The headquarters (HQ) board is placed on the table when
/// it is unlocked"; "Management of the HQ takes place during the assignment
/// step before each memory, and the resolution step after each memory."
mod headquarters {
    use super::*;

    #[test]
    fn a_box_without_headquarters_has_none_to_unlock() {
        let mut table = Table::new("roma", &["alif"]);
        for memory in ["R1.1", "R1.2", "R1.3", "R1.4"] {
            table.play(memory, Outcome::Success, &[]);
        }
        let v = table.refusal(Command::UnlockHq {
            ally: AllyKind::Courtesans,
        });
        assert_eq!(v.code, RuleCode::HqNone);
        assert_eq!(v.section, Section::Headquarters);
    }

    /// "The headquarters (HQ) board is placed on the table when it is
    /// unlocked", after its memory: the diary offers no unlock before.
    #[test]
    fn the_diary_offers_the_unlock_only_once_its_memory_is_done() {
        use bagless_bov::hq_view::{hq_due, HqDue};
        let mut table = Table::core(&["alessandra"]);
        for memory in ["0.1", "0.2", "0.3", "0.4"] {
            assert_eq!(hq_due(&table.state, &table.pack), None, "{memory}");
            table.play(memory, Outcome::Success, &[]);
        }
        assert_eq!(hq_due(&table.state, &table.pack), Some(HqDue::Unlock));
    }

    #[test]
    fn the_hq_is_unlocked_once() {
        let table = Table::hq_unlocked(&["alessandra"], &[]);
        let v = table.refusal(Command::UnlockHq {
            ally: AllyKind::Courtesans,
        });
        assert_eq!(v.code, RuleCode::HqUnlocked);
        assert_eq!(v.section, Section::Headquarters);
        assert_eq!(table.state.hq.as_ref().unwrap().ally, AllyKind::Mercenaries);
    }

    #[test]
    fn nothing_is_done_in_the_hq_before_it_is_unlocked() {
        let mut table = Table::core(&["alessandra"]);
        table.play("0.1", Outcome::Success, &[]);
        for command in [
            set_value(keys::contract_stars(1), 3),
            assign("alessandra", Spot::Memory),
            Command::ConfirmAssignment,
            Command::ResolveHq(plain_resolution(0)),
        ] {
            let v = table.refusal(command.clone());
            assert_eq!(v.code, RuleCode::HqLocked, "{command:?}");
            assert_eq!(v.section, Section::Headquarters);
        }
    }

    #[test]
    fn only_the_numbers_bagless_asks_for_are_typed() {
        let table = Table::hq_unlocked(&["alessandra"], &[]);
        let long = format!("brown.{}", "a".repeat(120));
        for key in [
            "",
            "colour.red",
            "xp.total",
            "contract.1.stars\n",
            long.as_str(),
        ] {
            let v = table.refusal(set_value(key.into(), 1));
            assert_eq!(v.code, RuleCode::ValueKey, "{key:?}");
            assert_eq!(v.section, Section::Headquarters);
        }
    }

    #[test]
    fn a_number_from_a_card_stays_within_what_the_cards_print() {
        let mut table = Table::hq_unlocked(&["alessandra"], &[]);
        // The back of a contract shows a level from I to IV.
        let v = table.refusal(set_value(keys::contract_level(2), 5));
        assert_eq!(v.code, RuleCode::ValueTooLarge);
        assert_eq!(v.section, Section::Headquarters);
        assert_eq!(v.params["max"], "4");
        table.run(set_value(keys::contract_level(2), 4));
        // Other numbers stay under 100.
        let v = table.refusal(set_value(keys::contract_stars(2), 100));
        assert_eq!(v.code, RuleCode::ValueTooLarge);
        assert_eq!(v.params["max"], "99");
        table.run(set_value(keys::contract_stars(2), 99));
    }

    #[test]
    fn only_the_campaign_s_miniatures_are_assigned() {
        let table = Table::hq_unlocked(&["alessandra", "bastiano"], &[]);
        for miniature in ["claudio", "ally-5", "apprentice-0", "ezio-2", ""] {
            let v = table.refusal(assign(miniature, Spot::Memory));
            assert_eq!(v.code, RuleCode::MiniatureUnknown, "{miniature:?}");
            assert_eq!(v.section, Section::Headquarters);
        }
    }

    #[test]
    fn the_assignment_step_comes_before_a_memory_and_after_the_last_resolution() {
        let mut table = Table::hq_unlocked(&["alessandra"], &[]);
        table.first_assignment();
        table.run(Command::ConfirmAssignment);
        // The memory is being played: the miniatures stay where they are.
        assert_eq!(table.phase(), HqPhase::Memory);
        for command in [
            assign("apprentice-1", Spot::Memory),
            Command::ConfirmAssignment,
        ] {
            let v = table.refusal(command.clone());
            assert_eq!(v.code, RuleCode::HqNotAssigning, "{command:?}");
            assert_eq!(v.section, Section::Headquarters);
        }
        // Back from the memory, the resolution step comes first.
        table.play("1.1", Outcome::Success, &[]);
        assert_eq!(table.phase(), HqPhase::Resolution);
        let v = table.refusal(assign("apprentice-1", Spot::Memory));
        assert_eq!(v.code, RuleCode::HqNotAssigning);
    }

    #[test]
    fn the_resolution_step_comes_after_a_memory() {
        let mut table = Table::hq_unlocked(&["alessandra"], &[]);
        let v = table.refusal(Command::ResolveHq(plain_resolution(4)));
        assert_eq!(v.code, RuleCode::HqNotResolving);
        assert_eq!(v.section, Section::Headquarters);
        table.first_assignment();
        table.run(Command::ConfirmAssignment);
        let v = table.refusal(Command::ResolveHq(plain_resolution(4)));
        assert_eq!(v.code, RuleCode::HqNotResolving);
        table.play("1.1", Outcome::Success, &[]);
        table.resolve_plainly();
        let v = table.refusal(Command::ResolveHq(plain_resolution(3)));
        assert_eq!(v.code, RuleCode::HqNotResolving);
    }

    #[test]
    fn the_next_memory_waits_for_the_assignment_step() {
        let mut table = Table::hq_unlocked(&["alessandra"], &[]);
        table.play_with_hq("1.1", Outcome::Success);
        assert_eq!(table.phase(), HqPhase::Assignment);
        let v = table.refusal(Command::RecordAttempt(attempt("1.2", Outcome::Success)));
        assert_eq!(v.code, RuleCode::HqAssignmentDue);
        assert_eq!(v.section, Section::Headquarters);
        table.later_assignment();
        table.run(Command::ConfirmAssignment);
        table.play("1.2", Outcome::Success, &[]);
    }

    #[test]
    fn only_a_blueprint_goes_in_the_workshop() {
        let mut table = Table::hq_unlocked(&["alessandra"], &[]);
        // The first assignment has not put the Flying Machine there yet.
        let v = table.refusal(add_card(
            "Smoke Bomb",
            CardKind::BlackEquipment,
            None,
            Place::Workshop,
        ));
        assert_eq!(v.code, RuleCode::WorkshopKind);
        assert_eq!(v.section, Section::Headquarters);
        assert_eq!(v.params["card"], "Smoke Bomb");
        let sword = table.add(
            "Sword",
            CardKind::Reward,
            Some(EquipSlot::Melee),
            Place::VillaEnvelope,
        );
        let v = table.refusal(move_card(&sword, Place::Workshop));
        assert_eq!(v.code, RuleCode::WorkshopKind);
        assert_eq!(v.params["card"], "Sword");
    }
}

/// ASSIGNMENTS: MEMORY 1.2 ONWARD 2: "Choose 1 blueprint card and place it
/// in the workshop."
mod assignments {
    use super::*;

    #[test]
    fn the_workshop_takes_one_blueprint_at_a_time() {
        // Edition 3, which let a blueprint in at the resolution step too
        // (edition 4 only at the assignment step: edition_4.rs).
        let mut table = Table::hq_unlocked_from(Table::of_edition(3, &["alessandra"]), &[]);
        table.first_assignment();
        table.run(Command::ConfirmAssignment);
        assert_eq!(
            table.state.ledger.place_of("flying-machine"),
            Some(&Place::Workshop)
        );
        let v = table.refusal(add_card(
            "Parachutes",
            CardKind::Blueprint,
            None,
            Place::Workshop,
        ));
        assert_eq!(v.code, RuleCode::WorkshopFull);
        assert_eq!(v.section, Section::Assignments);
        // Once the Flying Machine is put back in the main hall, another
        // blueprint may take its place: at the resolution step (edition 2:
        // the HQ's cards are not moved while the memory group is out).
        let parachutes = table.add("Parachutes", CardKind::Blueprint, None, Place::MainHall);
        let v = table.refusal(move_card(&parachutes, Place::Workshop));
        assert_eq!(v.code, RuleCode::WorkshopFull);
        table.play("1.1", Outcome::Success, &[]);
        table.run(move_card("flying-machine", Place::MainHall));
        table.run(move_card(&parachutes, Place::Workshop));
    }
}

/// ASSASSIN APPRENTICES: "If you have the headquarters (HQ), take this
/// miniature during the assignment step when you place the eliminated
/// assassin in the hospital. You will then have 1 assassin apprentice less
/// to place in your HQ."
mod assassin_apprentices {
    use super::*;

    #[test]
    fn each_assassin_in_the_hospital_sends_an_apprentice_to_the_memory() {
        // Bastiano, eliminated in 0.4, is not healed after 1.1.
        let mut table = Table::hq_unlocked(&["alessandra", "bastiano"], &["bastiano"]);
        table.play_with_hq("1.1", Outcome::Success);
        assert!(table.state.roster["bastiano"].eliminated);
        table.run(assign("alessandra", Spot::Memory));
        table.run(assign("bastiano", Spot::HospitalRed));
        table.run(assign("ally-1", Spot::Memory));
        for n in 1..=4 {
            table.run(assign(&format!("apprentice-{n}"), Spot::Workshop));
        }
        for ally in ["ally-2", "ally-3", "ally-4"] {
            table.run(assign(ally, Spot::CommandRoom));
        }
        let v = table.refusal(Command::ConfirmAssignment);
        assert_eq!(v.code, RuleCode::ApprenticePerPatient);
        assert_eq!(v.section, Section::AssassinApprentices);
        assert_eq!(v.params["count"], "1");
        table.run(assign("apprentice-1", Spot::Memory));
        table.run(Command::ConfirmAssignment);
    }

    #[test]
    fn no_apprentice_plays_when_nobody_is_in_the_hospital() {
        let mut table = Table::hq_unlocked(&["alessandra"], &[]);
        table.play_with_hq("1.1", Outcome::Success);
        table.later_assignment();
        table.run(assign("apprentice-1", Spot::Memory));
        let v = table.refusal(Command::ConfirmAssignment);
        assert_eq!(v.code, RuleCode::ApprenticePerPatient);
        assert_eq!(v.params["count"], "0");
    }
}

/// HQ RESOLUTION STEP: "When returning from a memory, resolve the effects
/// of each building, in this order: 1. Hospital 2. Workshop 3. Shop
/// 4. Command room."
mod hq_resolution_step {
    use super::*;

    /// Back from 1.1: Bastiano (eliminated in 0.4) on a red hospital space
    /// with apprentice-2 caring for him (2 health), apprentice-3 in the
    /// workshop (1 card off the Flying Machine's cost of 2), apprentice-4 in
    /// the shop (keeps 1 card), three mercenaries in the command room. The
    /// Smoke Bomb from the villa is in the main hall.
    fn back_from_1_1() -> Table {
        let mut table = Table::hq_unlocked(&["alessandra", "bastiano"], &["bastiano"]);
        table.add(
            "Smoke Bomb",
            CardKind::BlackEquipment,
            None,
            Place::VillaEnvelope,
        );
        table.first_assignment();
        table.run(Command::ConfirmAssignment);
        table.play("1.1", Outcome::Success, &[]);
        assert_eq!(table.phase(), HqPhase::Resolution);
        table.run(set_value(
            keys::brown("apprentice-2", "hospital", Some(1)),
            2,
        ));
        table.run(set_value(keys::brown("apprentice-3", "workshop", None), 1));
        table.run(set_value(keys::brown("apprentice-4", "shop", None), 1));
        table.run(set_value(keys::blueprint_cost("flying-machine"), 2));
        table
    }

    fn resolution(heal: &[(&str, u8)], build: bool, paid: &[&str], kept: Vec<Keep>) -> Command {
        Command::ResolveHq(ResolutionInput {
            heal: heal
                .iter()
                .map(|(assassin, health)| Heal {
                    assassin: assassin.to_string(),
                    health: *health,
                })
                .collect(),
            build,
            paid: paid.iter().map(|s| s.to_string()).collect(),
            kept,
            ..plain_resolution(3)
        })
    }

    fn keep(card: &str, to: Place) -> Keep {
        Keep {
            card: card.into(),
            to,
        }
    }

    #[test]
    fn the_hospital_heals_only_the_assassins_on_its_red_spaces() {
        let mut table = back_from_1_1();
        for assassin in ["alessandra", "ezio", "claudio"] {
            let v = table.refusal(resolution(&[(assassin, 4)], false, &[], vec![]));
            assert_eq!(v.code, RuleCode::HealNotPatient, "{assassin}");
            assert_eq!(v.section, Section::HqResolutionStep);
        }
        table.run(resolution(&[("bastiano", 2)], false, &[], vec![]));
        assert_eq!(table.state.roster["bastiano"].health, 2);
    }

    #[test]
    fn each_patient_is_healed_once() {
        let table = back_from_1_1();
        let v = table.refusal(resolution(
            &[("bastiano", 1), ("bastiano", 1)],
            false,
            &[],
            vec![],
        ));
        assert_eq!(v.code, RuleCode::HealTwice);
        assert_eq!(v.section, Section::HqResolutionStep);
    }

    #[test]
    fn a_patient_leaves_the_hospital_injured_or_in_full_health() {
        let table = back_from_1_1();
        let v = table.refusal(resolution(&[("bastiano", 5)], false, &[], vec![]));
        assert_eq!(v.code, RuleCode::HealRange);
        assert_eq!(v.section, Section::HqResolutionStep);
        assert_eq!(v.params["min"], "0");
        assert_eq!(v.params["max"], "3", "3 initial, no armor");
    }

    #[test]
    fn the_workshop_builds_only_the_blueprint_placed_there() {
        let mut table = back_from_1_1();
        // "If you no longer wish to craft the item, put the blueprint card
        // in the main hall."
        table.run(move_card("flying-machine", Place::MainHall));
        let bomb = table.id_of("Smoke Bomb");
        let v = table.refusal(resolution(&[], true, &[&bomb], vec![]));
        assert_eq!(v.code, RuleCode::NoBlueprint);
        assert_eq!(v.section, Section::HqResolutionStep);
    }

    #[test]
    fn cards_are_paid_only_to_build_a_blueprint() {
        let table = back_from_1_1();
        let bomb = table.id_of("Smoke Bomb");
        let v = table.refusal(resolution(&[], false, &[&bomb], vec![]));
        assert_eq!(v.code, RuleCode::PaymentWithoutBuild);
        assert_eq!(v.section, Section::HqResolutionStep);
    }

    #[test]
    fn the_manufacturing_cost_less_the_workers_help_is_paid_in_full() {
        let mut table = back_from_1_1();
        let bolts = table.add(
            "Crossbow Bolts",
            CardKind::GreyEquipment,
            None,
            Place::MainHall,
        );
        let bomb = table.id_of("Smoke Bomb");
        // Cost 2, one worker: 1 card.
        for paid in [vec![], vec![bomb.as_str(), bolts.as_str()]] {
            let v = table.refusal(resolution(&[], true, &paid, vec![]));
            assert_eq!(v.code, RuleCode::PaymentCount, "{paid:?}");
            assert_eq!(v.section, Section::HqResolutionStep);
            assert_eq!(v.params["due"], "1");
        }
        table.run(resolution(&[], true, &[&bomb], vec![]));
        assert_eq!(
            table.state.ledger.cards["flying-machine"].card.kind,
            CardKind::SpecialEquipment
        );
    }

    #[test]
    fn the_cost_is_paid_with_small_cards_from_the_boards_or_the_main_hall() {
        let mut table = back_from_1_1();
        let bomb = table.id_of("Smoke Bomb");
        let in_deck = table.add(
            "Crossbow Bolts",
            CardKind::GreyEquipment,
            None,
            Place::EquipmentDeck,
        );
        let chest = table.add("Venetian Chest", CardKind::Chest, None, Place::MainHall);
        // One card is due; each of these pays the wrong card beside it, or
        // the same card twice.
        for wrong in [
            in_deck.as_str(),
            chest.as_str(),
            "flying-machine",
            bomb.as_str(),
        ] {
            let v = table.refusal(resolution(&[], true, &[&bomb, wrong], vec![]));
            assert_eq!(v.code, RuleCode::PaymentCard, "{wrong}");
            assert_eq!(v.section, Section::HqResolutionStep);
        }
    }

    #[test]
    fn the_shop_s_workers_say_how_many_cards_are_kept() {
        let mut table = back_from_1_1();
        let bolts = table.add(
            "Crossbow Bolts",
            CardKind::GreyEquipment,
            None,
            Place::EquipmentDeck,
        );
        let poison = table.add(
            "Poison Darts",
            CardKind::BlackEquipment,
            None,
            Place::EquipmentDeck,
        );
        let v = table.refusal(resolution(
            &[],
            false,
            &[],
            vec![
                keep(&bolts, Place::MainHall),
                keep(&poison, table::inventory("alessandra", 0)),
            ],
        ));
        assert_eq!(v.code, RuleCode::ShopTooMany);
        assert_eq!(v.section, Section::HqResolutionStep);
        assert_eq!(v.params["allowed"], "1");
        table.run(resolution(
            &[],
            false,
            &[],
            vec![keep(&poison, table::inventory("alessandra", 0))],
        ));
    }

    #[test]
    fn cards_bought_come_from_the_equipment_deck_and_go_to_a_board_or_the_main_hall() {
        let mut table = back_from_1_1();
        let bomb = table.id_of("Smoke Bomb");
        let bolts = table.add(
            "Crossbow Bolts",
            CardKind::GreyEquipment,
            None,
            Place::EquipmentDeck,
        );
        for kept in [
            keep(&bomb, table::inventory("alessandra", 0)),
            keep(&bolts, Place::EquipmentDiscard),
            keep(
                &bolts,
                Place::Bag {
                    assassin: "alessandra".into(),
                },
            ),
        ] {
            let v = table.refusal(resolution(&[], false, &[], vec![kept.clone()]));
            assert_eq!(v.code, RuleCode::ShopCard, "{kept:?}");
            assert_eq!(v.section, Section::HqResolutionStep);
        }
        table.run(resolution(
            &[],
            false,
            &[],
            vec![keep(&bolts, Place::MainHall)],
        ));
        assert_eq!(table.state.ledger.place_of(&bolts), Some(&Place::MainHall));
    }

    /// EQUIP, for a card bought in the shop too: it goes to an assassin in
    /// play, into a slot it fits, and a free one.
    #[test]
    fn a_card_bought_goes_where_any_card_may_go() {
        let mut table = back_from_1_1();
        let bomb = table.id_of("Smoke Bomb");
        table.run(move_card(&bomb, table::inventory("alessandra", 0)));
        let bolts = table.add(
            "Crossbow Bolts",
            CardKind::GreyEquipment,
            None,
            Place::EquipmentDeck,
        );
        let poison = table.add(
            "Poison",
            CardKind::GreyEquipment,
            None,
            Place::EquipmentDeck,
        );
        for (to, code) in [
            (
                table::inventory("claudio", 0),
                RuleCode::AssassinNotInCampaign,
            ),
            (table::inventory("alessandra", 5), RuleCode::InventoryFull),
            (
                Place::Equipped {
                    assassin: "alessandra".into(),
                    slot: EquipSlot::Melee,
                },
                RuleCode::SlotWrongKind,
            ),
            (table::inventory("alessandra", 0), RuleCode::SlotOccupied),
        ] {
            let v = table.refusal(resolution(&[], false, &[], vec![keep(&bolts, to.clone())]));
            assert_eq!(v.code, code, "{to:?}: {v:?}");
            assert_eq!(
                table.state.ledger.place_of(&bolts),
                Some(&Place::EquipmentDeck)
            );
        }
        // Two cards bought for one free slot: one slot holds one card (and
        // here the one shop worker lets only one be kept anyway).
        let free = table::inventory("alessandra", 4);
        let codes: Vec<RuleCode> = table
            .refusals(resolution(
                &[],
                false,
                &[],
                vec![keep(&bolts, free.clone()), keep(&poison, free.clone())],
            ))
            .iter()
            .map(|v| v.code)
            .collect();
        assert_eq!(codes, [RuleCode::ShopTooMany, RuleCode::SlotOccupied]);
    }
}
