//! Edition 2 of the rules: the readings corrected when the rules summary
//! (../shared/seeds/000) was read a second time (issue "The seeds read a
//! second time", items 13 to 19), each under the heading it follows, with
//! the words it quotes. A campaign moves to edition 2 at a clean point,
//! between two memories (`editions` below); edition 1 keeps the old
//! readings, which the other tests of this crate still assert.

use crate::table;

use bagless_bov::board::{CardKind, EquipSlot, Place};
use bagless_bov::board_view::{board_view, AssassinStatus};
use bagless_bov::campaign::{Command, Event, Outcome};
use bagless_bov::hq::{hq_die, keys, DiceInput, HqPhase, Keep, Spot};
use bagless_bov::{edition_step, RuleCode, Section, EDITION};
use table::{assign, equipped, plain_resolution, set_value, Table};

/// The campaign's edition step, taken at a clean point.
fn take_edition_2(table: &mut Table) -> Vec<Event> {
    table.run(Command::TakeEdition { to: 2 })
}

/// A campaign of the core box created under edition 2 (edition 3 reads
/// some of these rules again: `edition_3.rs`).
fn core_2(assassins: &[&str]) -> Table {
    let table = Table::edition_2(assassins);
    assert_eq!(table.state.edition, 2);
    table
}

/// The HQ open after 0.4, 1.1 played with its first assignment: the
/// assignment step of 1.2 is due.
fn at_1_2(assassins: &[&str]) -> Table {
    let mut table = Table::hq_unlocked_from(Table::edition_2(assassins), &[]);
    table.play_with_hq("1.1", Outcome::Success);
    assert_eq!(table.phase(), HqPhase::Assignment);
    table
}

/// ASSIGNMENTS: MEMORY 1.2 ONWARD, with Ezio and the allies where `spots`
/// says, the assassins and one mercenary in the memory group, the
/// apprentices in the workshop and the other mercenaries in the command
/// room unless `spots` says otherwise.
fn assign_1_2(table: &mut Table, spots: &[(&str, Spot)]) {
    let mut plan: Vec<(String, Spot)> = table
        .state
        .assassins
        .iter()
        .map(|a| (a.clone(), Spot::Memory))
        .collect();
    plan.push(("ezio".into(), Spot::Memory));
    plan.push(("ally-1".into(), Spot::Memory));
    for n in 1..=4 {
        plan.push((format!("apprentice-{n}"), Spot::Workshop));
    }
    for n in 2..=4 {
        plan.push((format!("ally-{n}"), Spot::CommandRoom));
    }
    for (miniature, spot) in spots {
        if let Some(entry) = plan.iter_mut().find(|(m, _)| m == miniature) {
            entry.1 = *spot;
        }
    }
    for (miniature, spot) in plan {
        table.run(assign(&miniature, spot));
    }
}

fn health(table: &Table, assassin: &str) -> (u8, u8) {
    (
        table.state.roster[assassin].health,
        table.state.max_health(&table.pack, assassin),
    )
}

/// VILLA: "At the end of memories 0.1-0.3, keep the cards and the 3 [action
/// cubes] on your assassin boards. Recover your lost [health] (your 3
/// initial and those added by your armor if you are wearing it)."
mod villa {
    use super::*;

    #[test]
    fn after_0_3_health_comes_back_to_the_3_initial_plus_the_armor() {
        let mut table = core_2(&["alessandra", "bastiano"]);
        table.add(
            "Leather armor",
            CardKind::BlackEquipment,
            Some(EquipSlot::Armor),
            equipped("bastiano", EquipSlot::Armor),
        );
        for memory in ["0.1", "0.2"] {
            table.play(memory, Outcome::Success, &[]);
        }
        table.run(Command::SetHealth {
            assassin: "alessandra".into(),
            health: 1,
        });
        table.play("0.3", Outcome::Success, &[]);
        assert_eq!(table.state.next_memory(&table.pack), Some("0.4"));
        assert_eq!(health(&table, "alessandra"), (3, 3), "3 initial, no armor");
        assert_eq!(health(&table, "bastiano"), (4, 4), "3 initial + 1 armor");
        // Above 3 + armor is above the maximum: "injured" means below it.
        let v = table.refusal(Command::SetHealth {
            assassin: "alessandra".into(),
            health: 4,
        });
        assert_eq!(
            (v.code, v.section),
            (RuleCode::HealthAboveMax, Section::AssassinsHealth)
        );
        let board = board_view("c", &table.state, &table.pack);
        let alessandra = &board.assassins[0];
        assert_eq!((alessandra.health, alessandra.max_health), (3, 3));
        assert_eq!(alessandra.status, AssassinStatus::FullHealth);
    }

    /// Edition 1 read the 4 action cubes as health: 4 after 0.3.
    #[test]
    fn edition_1_keeps_4_health_after_0_3() {
        let mut table = Table::edition_1(&["alessandra"]);
        for memory in ["0.1", "0.2", "0.3"] {
            table.play(memory, Outcome::Success, &[]);
        }
        assert_eq!(table.state.edition, 1);
        assert_eq!(health(&table, "alessandra"), (4, 4));
    }
}

/// ADJUSTING THE NUMBER OF PLAYERS: "Between 2 memories (never during one),
/// you can change the number of assassins of a campaign that is in
/// progress." "When an assassin joins the campaign: If your assassins are
/// level 0, take the new assassin's card from its envelope, as well as 4
/// [action cubes] (3 if playing memory 0.1 or 0.2) and 3 [health]."
mod adjusting_the_number_of_players {
    use super::*;

    #[test]
    fn a_newcomer_after_0_3_joins_with_3_health_the_4_are_action_cubes() {
        let mut table = core_2(&["alessandra"]);
        for memory in ["0.1", "0.2", "0.3"] {
            table.play(memory, Outcome::Success, &[]);
        }
        let events = table.run(Command::JoinAssassin {
            assassin: "claudio".into(),
        });
        assert!(matches!(
            &events[0],
            Event::AssassinJoined { health: 3, .. }
        ));
        assert_eq!(table.state.action_cubes(&table.pack), 4);
    }

    #[test]
    fn assassins_join_leave_or_swap_only_between_2_memories() {
        // A failed memory is replayed: the same memory, not a new one.
        let mut table = core_2(&["alessandra", "bastiano"]);
        table.play("0.1", Outcome::Failure, &[]);
        for command in [
            Command::JoinAssassin {
                assassin: "claudio".into(),
            },
            Command::LeaveAssassin {
                assassin: "bastiano".into(),
            },
            Command::SwapAssassin {
                leaving: "bastiano".into(),
                joining: "claudio".into(),
            },
        ] {
            let v = table.refusal(command);
            assert_eq!(
                (v.code, v.section),
                (
                    RuleCode::NotBetweenMemories,
                    Section::AdjustingTheNumberOfPlayers
                )
            );
        }
        table.play("0.1", Outcome::Success, &[]);
        table.run(Command::JoinAssassin {
            assassin: "claudio".into(),
        });

        // With the HQ: the memory group is out once the assignment is made.
        let mut table = at_1_2(&["alessandra", "bastiano"]);
        assign_1_2(&mut table, &[]);
        table.run(Command::ConfirmAssignment);
        let v = table.refusal(Command::LeaveAssassin {
            assassin: "bastiano".into(),
        });
        assert_eq!(v.code, RuleCode::NotBetweenMemories);
    }
}

/// FIRST ASSIGNMENT 5: "Your assassins. Any assassin on a red hospital
/// space is replaced by an assassin apprentice on the map. You can never
/// replace an assassin in hospital with another assassin."
mod first_assignment {
    use super::*;

    #[test]
    fn an_assassin_in_hospital_is_never_swapped_for_another() {
        let mut table = at_1_2(&["alessandra", "bastiano"]);
        table.run(Command::SetHealth {
            assassin: "alessandra".into(),
            health: 1,
        });
        table.run(assign("alessandra", Spot::HospitalRed));
        let v = table.refusal(Command::SwapAssassin {
            leaving: "alessandra".into(),
            joining: "claudio".into(),
        });
        assert_eq!(
            (v.code, v.section),
            (RuleCode::HospitalNoSwap, Section::FirstAssignment)
        );
        // Another assassin, not in hospital, may still be swapped.
        table.run(Command::SwapAssassin {
            leaving: "bastiano".into(),
            joining: "claudio".into(),
        });
    }
}

/// ASSASSIN APPRENTICES: "On your board, place: The corresponding assassin
/// apprentice card, 3 [health] + those of their armor".
mod assassin_apprentices {
    use super::*;

    #[test]
    fn an_apprentice_has_3_health_plus_its_armor_on_the_board_and_the_sheet() {
        let mut table = core_2(&["alessandra", "bastiano"]);
        table.play("0.1", Outcome::Success, &["alessandra", "bastiano"]);
        table.add(
            "Leather armor",
            CardKind::BlackEquipment,
            Some(EquipSlot::Armor),
            equipped("bastiano", EquipSlot::Armor),
        );
        let board = board_view("c", &table.state, &table.pack);
        let of = |id: &str| board.assassins.iter().find(|a| a.id == id).unwrap();
        assert_eq!(of("alessandra").status, AssassinStatus::Eliminated);
        assert_eq!(of("alessandra").apprentice_health, Some(3));
        assert_eq!(of("bastiano").apprentice_health, Some(4), "3 + 1 armor");

        // Not shown while no apprentice stands in, nor under edition 1.
        let mut old = Table::edition_1(&["alessandra"]);
        old.play("0.1", Outcome::Success, &["alessandra"]);
        assert_eq!(
            board_view("c", &old.state, &old.pack).assassins[0].apprentice_health,
            None
        );
        table.play("0.2", Outcome::Success, &[]);
        let board = board_view("c", &table.state, &table.pack);
        assert!(board
            .assassins
            .iter()
            .all(|a| a.apprentice_health.is_none()));
    }
}

/// HQ RESOLUTION STEP, 4. COMMAND ROOM: "If the total of ★ (1 [special]
/// counts for 1 ★) is greater than or equal to the value on the contract
/// card, you have succeeded"; "If this is your second attempt, the
/// contract is automatically fulfilled. … Each ★ die that should be rolled
/// automatically provides a ★ (no need to roll them)."
mod command_room {
    use super::*;

    #[test]
    fn the_special_face_counts_for_1_star_no_face_gives_2() {
        let mut table = at_1_2(&["alessandra"]);
        assert!(hq_die(&table.state, &table.pack).iter().all(|f| *f <= 1));
        assign_1_2(&mut table, &[]);
        table.run(Command::ConfirmAssignment);
        table.play("1.2", Outcome::Success, &[]);
        let mut input = plain_resolution(3);
        input.dice = DiceInput::Entered {
            stars: vec![2, 1, 0],
        };
        let v = table.refusal(Command::ResolveHq(input));
        assert_eq!(v.code, RuleCode::DiceCount);
        assert_eq!(v.params["max"], "1");
        let mut input = plain_resolution(3);
        input.dice = DiceInput::Roll { seed: Some(7) };
        let events = table.run(Command::ResolveHq(input));
        let Event::HqResolved { input, stars, .. } = &events[0] else {
            panic!("{events:?}")
        };
        let DiceInput::Entered { stars: faces } = &input.dice else {
            panic!("{input:?}")
        };
        assert!(faces.iter().all(|f| *f <= 1), "{faces:?}");
        assert_eq!(*stars, faces.iter().map(|f| u32::from(*f)).sum::<u32>());
    }

    #[test]
    fn a_second_attempt_gives_a_star_for_each_die() {
        let mut table = at_1_2(&["alessandra"]);
        assign_1_2(&mut table, &[]);
        table.run(Command::ConfirmAssignment);
        table.play("1.2", Outcome::Success, &[]);
        let mut input = plain_resolution(3);
        input.dice = DiceInput::Entered { stars: vec![0; 3] };
        table.run(Command::ResolveHq(input));
        assert!(table.state.hq.as_ref().unwrap().second_attempt);
        assign_1_2(&mut table, &[]);
        table.run(Command::ConfirmAssignment);
        table.play("1.3", Outcome::Success, &[]);
        let events = table.run(Command::ResolveHq(plain_resolution(0)));
        assert!(matches!(
            events[0],
            Event::HqResolved {
                stars: 3,
                fulfilled: true,
                ..
            }
        ));
    }
}

/// ASSIGNMENTS: MEMORY 1.2 ONWARD 5: "Assign allies and assassin
/// apprentices from the headquarters group in the buildings of your
/// choice." Ezio is an ally; what his brown card lets him do in a building
/// is printed on it: asked once.
mod assignments_memory_1_2_onward {
    use super::*;

    #[test]
    fn ezio_works_in_the_buildings_his_brown_card_allows() {
        let mut table = at_1_2(&["alessandra"]);
        let v = table.refusal(assign("ezio", Spot::Workshop));
        assert_eq!(v.code, RuleCode::ValueNeeded);
        assert_eq!(v.params["key"], keys::ezio_works("workshop"));
        assert_eq!(v.params["what"], "ezio_works");
        table.run(set_value(keys::ezio_works("workshop"), 1));
        table.run(assign("ezio", Spot::Workshop));
        table.run(set_value(keys::ezio_works("shop"), 0));
        let v = table.refusal(assign("ezio", Spot::Shop));
        assert_eq!(
            (v.code, v.section),
            (RuleCode::EzioNoWork, Section::AssignmentsFromMemory12)
        );
        assign_1_2(
            &mut table,
            &[
                ("ezio", Spot::Workshop),
                ("apprentice-4", Spot::CommandRoom),
            ],
        );
        table.run(Command::ConfirmAssignment);
    }

    /// FIRST ASSIGNMENT 5: Ezio is in the memory group the first time.
    #[test]
    fn ezio_plays_the_memory_after_the_first_assignment() {
        let table = Table::hq_unlocked_from(Table::edition_2(&["alessandra"]), &[]);
        let v = table.refusal(assign("ezio", Spot::Workshop));
        assert_eq!(v.code, RuleCode::SpotKind);
        // The refusal names the campaign's own allies (the words the
        // command line shows; the window words it from its code).
        let allies = match table.state.hq.as_ref().unwrap().ally {
            bagless_bov::hq::AllyKind::Mercenaries => "mercenaries",
            bagless_bov::hq::AllyKind::Courtesans => "courtesans",
        };
        assert_eq!(
            v.message,
            format!("Only apprentices and {allies} work in the workshop.")
        );
    }
}

/// HQ RESOLUTION STEP, 3. SHOP: "Draw and reveal 4 cards from the equipment
/// deck … Determine the number of cards to keep by reading the brown card of
/// each ally/assassin apprentice present in the shop."
mod shop {
    use super::*;

    #[test]
    fn the_shop_keeps_at_most_the_4_cards_drawn() {
        let mut table = at_1_2(&["alessandra"]);
        let cards: Vec<String> = (1..=5)
            .map(|n| {
                table.add(
                    &format!("Bomb {n}"),
                    CardKind::BlackEquipment,
                    None,
                    Place::EquipmentDeck,
                )
            })
            .collect();
        table.run(set_value(keys::brown("apprentice-1", "shop", None), 3));
        table.run(set_value(keys::brown("apprentice-2", "shop", None), 3));
        assign_1_2(
            &mut table,
            &[("apprentice-1", Spot::Shop), ("apprentice-2", Spot::Shop)],
        );
        table.run(Command::ConfirmAssignment);
        table.play("1.2", Outcome::Success, &[]);
        let mut input = plain_resolution(3);
        input.kept = cards
            .iter()
            .map(|card| Keep {
                card: card.clone(),
                to: Place::MainHall,
            })
            .collect();
        let v = table.refusal(Command::ResolveHq(input.clone()));
        assert_eq!(v.code, RuleCode::ShopTooMany);
        assert_eq!(v.params["allowed"], "4", "6 from the brown cards, 4 drawn");
        input.kept.pop();
        table.run(Command::ResolveHq(input));
    }
}

/// HEADQUARTERS: "During the assignment and resolution steps, at any time,
/// you may: … Use medicine to heal an assassin (discard the card)." The
/// rules make no exception for an eliminated assassin.
mod headquarters {
    use super::*;

    #[test]
    fn medicine_heals_an_eliminated_assassin_too() {
        let mut table = Table::hq_unlocked_from(Table::edition_2(&["alessandra", "bastiano"]), &[]);
        table.first_assignment();
        table.run(Command::ConfirmAssignment);
        table.play("1.1", Outcome::Success, &["bastiano"]);
        let events = table.run(Command::SetHealth {
            assassin: "bastiano".into(),
            health: 2,
        });
        assert_eq!(
            events,
            [Event::AssassinRecovered {
                assassin: "bastiano".into(),
                health: 2
            }]
        );
        assert!(!table.state.roster["bastiano"].eliminated);
    }

    /// "returns as either injured or full health": medicine may bring an
    /// eliminated assassin back at full health, its whole track, no more.
    #[test]
    fn medicine_brings_an_eliminated_assassin_back_at_full_health_not_above() {
        let mut table = Table::hq_unlocked_from(Table::edition_2(&["alessandra", "bastiano"]), &[]);
        table.first_assignment();
        table.run(Command::ConfirmAssignment);
        table.play("1.1", Outcome::Success, &["bastiano"]);
        let max = table.state.max_health(&table.pack, "bastiano");
        let v = table.refusal(Command::SetHealth {
            assassin: "bastiano".into(),
            health: max + 1,
        });
        assert_eq!(v.code, RuleCode::HealthAboveMax);
        // Medicine heals: it does not bring an assassin back with no health.
        let v = table.refusal(Command::SetHealth {
            assassin: "bastiano".into(),
            health: 0,
        });
        assert_eq!(v.code, RuleCode::HealthEliminated);
        let events = table.run(Command::SetHealth {
            assassin: "bastiano".into(),
            health: max,
        });
        assert_eq!(
            events,
            [Event::AssassinRecovered {
                assassin: "bastiano".into(),
                health: max
            }]
        );
    }
}

/// Editions: a campaign moves to a new edition of the rules between two
/// memories (ADJUSTING THE NUMBER OF PLAYERS: "Between 2 memories (never
/// during one)"), never during one; what was played stays as recorded.
mod editions {
    use super::*;

    #[test]
    fn a_campaign_moves_to_edition_2_between_two_memories_its_health_capped() {
        let mut table = Table::edition_1(&["alessandra", "bastiano"]);
        assert_eq!(table.state.edition, 1, "recorded before editions were kept");
        for memory in ["0.1", "0.2", "0.3"] {
            table.play(memory, Outcome::Success, &[]);
        }
        table.play("0.4", Outcome::Failure, &[]);
        assert_eq!(
            edition_step(&table.state, &table.pack),
            None,
            "0.4 is replayed"
        );
        let v = table.refusal(Command::TakeEdition { to: 2 });
        assert_eq!(v.code, RuleCode::EditionNotDue);
        table.play("0.4", Outcome::Success, &[]);
        let due = edition_step(&table.state, &table.pack).expect("due between memories");
        assert_eq!(
            due[0],
            Event::EditionChanged {
                from: 1,
                to: EDITION
            }
        );
        let step = table.decide(&Command::TakeEdition { to: 2 }).unwrap();
        assert_eq!(due[1..], step[1..], "the same health capped");
        assert_eq!(
            step,
            [
                Event::EditionChanged { from: 1, to: 2 },
                Event::HealthCapped {
                    assassin: "alessandra".into(),
                    health: 3
                },
                Event::HealthCapped {
                    assassin: "bastiano".into(),
                    health: 3
                },
            ]
        );
        assert_eq!(take_edition_2(&mut table), step);
        assert_eq!(table.state.edition, 2);
        assert_eq!(health(&table, "alessandra"), (3, 3));
        assert_eq!(
            edition_step(&table.state, &table.pack),
            Some(vec![Event::EditionChanged {
                from: 2,
                to: EDITION
            }]),
            "today's edition follows, health unchanged"
        );
        let v = table.refusal(Command::TakeEdition { to: 2 });
        assert_eq!(v.code, RuleCode::EditionNotDue);
        assert!(Event::EditionChanged { from: 1, to: 2 }.is_entry());
        assert!(!step[1].is_entry());
    }

    /// "what is above it comes down to it" (the step's cap, `edition.rs`):
    /// only a health above the new maximum is capped. An assassin already
    /// within it keeps theirs; an eliminated one, who has none, stays
    /// eliminated.
    #[test]
    fn the_edition_step_caps_the_health_above_the_new_maximum_only() {
        let mut table = Table::edition_1(&["alessandra", "bastiano", "claudio"]);
        for memory in ["0.1", "0.2", "0.3"] {
            table.play(memory, Outcome::Success, &[]);
        }
        table.play("0.4", Outcome::Success, &["bastiano"]);
        table.run(Command::SetHealth {
            assassin: "claudio".into(),
            health: 2,
        });
        assert!(table.state.roster["bastiano"].eliminated);
        let step = table.decide(&Command::TakeEdition { to: 2 }).unwrap();
        assert_eq!(
            step,
            [
                Event::EditionChanged { from: 1, to: 2 },
                Event::HealthCapped {
                    assassin: "alessandra".into(),
                    health: 3
                },
            ]
        );
        take_edition_2(&mut table);
        assert_eq!(health(&table, "claudio").0, 2);
        assert!(table.state.roster["bastiano"].eliminated);
        assert_eq!(table.state.roster["bastiano"].health, 0);
    }

    #[test]
    fn no_edition_step_while_the_memory_group_is_out() {
        let mut table = Table::hq_unlocked_from(Table::edition_1(&["alessandra"]), &[]);
        table.first_assignment();
        assert_eq!(
            edition_step(&table.state, &table.pack),
            None,
            "assignment begun"
        );
        table.run(Command::ConfirmAssignment);
        assert_eq!(
            edition_step(&table.state, &table.pack),
            None,
            "memory in play"
        );
        table.play("1.1", Outcome::Success, &[]);
        assert_eq!(
            edition_step(&table.state, &table.pack),
            None,
            "resolution due"
        );
        table.resolve_plainly();
        assert!(edition_step(&table.state, &table.pack).is_some());
    }
}

/// CAMPAIGN: a new campaign plays this build's edition; a creation read
/// from a file plays the edition it recorded (none: edition 1), and no
/// other.
mod campaign {
    use super::*;
    use bagless_bov::rules::creation::decide_create;

    #[test]
    fn a_new_campaign_plays_this_builds_edition_a_recorded_one_its_own() {
        let table = Table::core(&["alessandra"]);
        assert_eq!(table.state.edition, EDITION);
        let pack = table.pack;
        let assassins = ["alessandra".to_string()];
        let new = decide_create(&pack, "Venice", "core", &assassins, EDITION).unwrap();
        assert_eq!(new[1], Event::EditionSet { edition: EDITION });
        assert!(!new[1].is_entry());
        let old = decide_create(&pack, "Venice", "core", &assassins, 1).unwrap();
        assert!(old.iter().all(|e| !matches!(e, Event::EditionSet { .. })));
        for edition in [0, EDITION + 1] {
            let v = decide_create(&pack, "Venice", "core", &assassins, edition).unwrap_err();
            assert_eq!(
                (v[0].code, v[0].section),
                (RuleCode::EditionUnknown, Section::Campaign)
            );
            // The words name the newest edition Bagless plays.
            assert_eq!(v[0].params["max"], EDITION.to_string());
        }
    }
}
