//! Edition 3 of the rules, and the refusals issue 55 (a third reading of
//! seed 000) added: each test quotes the words it follows, and each fails
//! on the build before it (edition 2 accepted what these refuse, or did
//! not do what these ask; the edition-2 halves keep its reading).

use crate::table;

use bagless_bov::assassins::check_no_memory_in_play;
use bagless_bov::board::{CardKind, EquipSlot, Place};
use bagless_bov::board_view::{board_view, AssassinStatus};
use bagless_bov::campaign::{Command, Event, Outcome};
use bagless_bov::hq::{HqPhase, Spot};
use bagless_bov::memories::check_memory_start;
use bagless_bov::{RuleCode, Section, EDITION};
use table::{assign, equipped, inventory, move_card, Table};

fn health(table: &Table, assassin: &str) -> (u8, u8) {
    (
        table.state.roster[assassin].health,
        table.state.max_health(&table.pack, assassin),
    )
}

fn join(assassin: &str) -> Command {
    Command::JoinAssassin {
        assassin: assassin.into(),
    }
}

fn leave(assassin: &str) -> Command {
    Command::LeaveAssassin {
        assassin: assassin.into(),
    }
}

/// The HQ open, 1.1 played: the assignment step of 1.2, Alessandra
/// injured and laid on a red hospital space.
fn patient_at_1_2(table: Table) -> Table {
    let mut table = Table::hq_unlocked_from(table, &[]);
    table.play_with_hq("1.1", Outcome::Success);
    assert_eq!(table.phase(), HqPhase::Assignment);
    table.run(Command::SetHealth {
        assassin: "alessandra".into(),
        health: 1,
    });
    table.run(assign("alessandra", Spot::HospitalRed));
    table
}

// Edition 4 reads some of these again: edition_4.rs.
const _: () = assert!(EDITION >= 3);

#[test]
fn a_campaign_created_under_edition_3_plays_it() {
    assert_eq!(Table::of_edition(3, &["alessandra"]).state.edition, 3);
}

/// FIRST ASSIGNMENT: "You can never replace an assassin in hospital with
/// another assassin"; ADJUSTING THE NUMBER OF PLAYERS: "You can also swap
/// your assassin for another during the campaign by following the above
/// rules, but you cannot swap an apprentice for an assassin this way."
mod adjusting_the_number_of_players {
    use super::*;

    #[test]
    fn leave_then_join_does_not_put_an_assassin_in_a_patients_place() {
        let mut table = patient_at_1_2(Table::core(&["alessandra", "bastiano"]));
        table.run(leave("alessandra"));
        let v = table.refusal(join("claudio"));
        assert_eq!(
            (v.code, v.section),
            (
                RuleCode::JoinInApprenticePlace,
                Section::AdjustingTheNumberOfPlayers
            )
        );
        assert_eq!(v.params["left"], "Alessandra");
        // She may come back herself.
        table.run(join("alessandra"));
        // Edition 2 accepted the leave and the join, the swap it refused.
        let mut old = patient_at_1_2(Table::edition_2(&["alessandra", "bastiano"]));
        old.run(leave("alessandra"));
        old.run(join("claudio"));
    }

    #[test]
    fn a_campaign_saved_after_a_patient_left_still_refuses_a_newcomer_when_reopened() {
        // The library saves the campaign's state between two commands: what
        // happened since the last memory is saved with it (and left out of
        // the file only when nothing happened).
        let mut table = patient_at_1_2(Table::core(&["alessandra", "bastiano"]));
        table.run(leave("alessandra"));
        let saved = serde_json::to_string(&table.state).unwrap();
        assert!(saved.contains("since_memory"), "{saved}");
        table.state = serde_json::from_str(&saved).unwrap();
        assert_eq!(
            table.refusal(join("claudio")).code,
            RuleCode::JoinInApprenticePlace
        );
        // A campaign where nothing happened since the last memory saves none.
        let quiet = Table::core(&["alessandra", "bastiano"]);
        let saved = serde_json::to_string(&quiet.state).unwrap();
        assert!(!saved.contains("since_memory"), "{saved}");
    }

    #[test]
    fn join_then_leave_does_not_either() {
        let mut table = patient_at_1_2(Table::core(&["alessandra", "bastiano"]));
        table.run(join("claudio"));
        let v = table.refusal(leave("alessandra"));
        assert_eq!(v.code, RuleCode::JoinInApprenticePlace);
        assert_eq!(v.params["assassin"], "Claudio");
        // Bastiano, not replaced by an apprentice, may leave.
        table.run(leave("bastiano"));
    }

    /// A swap is not a newcomer joining on their own (the pack's assumption
    /// `join_in_apprentice_place`: the newcomer takes the place of the one
    /// swapped out): once Bastiano is swapped for Claudio, Alessandra, in
    /// hospital, may still leave.
    #[test]
    fn a_swap_is_not_a_join_that_keeps_a_patient_from_leaving() {
        let mut table = patient_at_1_2(Table::core(&["alessandra", "bastiano"]));
        table.run(Command::SwapAssassin {
            leaving: "bastiano".into(),
            joining: "claudio".into(),
        });
        table.run(leave("alessandra"));
        assert!(!table.state.in_play("alessandra"));
        // The board lists those who left apart, and only them.
        let absent: Vec<String> = board_view("c", &table.state, &table.pack)
            .absent
            .into_iter()
            .map(|a| a.id)
            .collect();
        assert_eq!(absent, ["alessandra", "bastiano"]);
        // Who may join: the box's assassins not in play, and only them.
        let can_join: Vec<String> = board_view("c", &table.state, &table.pack)
            .can_join
            .into_iter()
            .map(|a| a.id)
            .collect();
        assert!(!can_join.contains(&"claudio".to_string()));
        assert!(
            can_join.contains(&"alessandra".to_string()) && can_join.contains(&"daria".to_string())
        );
    }

    #[test]
    fn an_eliminated_assassin_is_replaced_by_an_apprentice_not_by_a_newcomer() {
        let mut table = Table::core(&["alessandra", "bastiano"]);
        table.play("0.1", Outcome::Success, &["bastiano"]);
        table.run(leave("bastiano"));
        let v = table.refusal(join("claudio"));
        assert_eq!(v.code, RuleCode::JoinInApprenticePlace);
        assert_eq!(v.params["left"], "Bastiano");
        // Once the next memory is played, a newcomer is welcome.
        table.play("0.2", Outcome::Success, &[]);
        table.run(join("claudio"));
        assert!(table.state.in_play("claudio"));
    }

    /// `join_in_apprentice_place`: a swap after an eliminated assassin left
    /// is no join in their place (the newcomer takes the place of the one
    /// swapped out); before edition 3, a join took no one's place.
    #[test]
    fn a_swap_after_an_eliminated_assassin_left_is_not_a_join_in_their_place() {
        let mut table = Table::core(&["alessandra", "bastiano", "claudio"]);
        table.play("0.1", Outcome::Success, &["bastiano"]);
        table.run(leave("bastiano"));
        table.run(Command::SwapAssassin {
            leaving: "claudio".into(),
            joining: "daria".into(),
        });
        assert!(table.state.in_play("daria"));
        let mut old = Table::edition_1(&["alessandra", "bastiano"]);
        old.play("0.1", Outcome::Success, &["bastiano"]);
        old.run(leave("bastiano"));
        old.run(join("claudio"));
        assert!(old.state.in_play("claudio"));
    }

    /// "Between 2 memories (never during one), you can change the number
    /// of assassins": not while a memory of the campaign is played in
    /// Bagless (the app says so, the rules refuse).
    #[test]
    fn no_join_leave_or_swap_while_a_memory_is_played_in_bagless() {
        let table = Table::core(&["alessandra", "bastiano"]);
        let swap = Command::SwapAssassin {
            leaving: "bastiano".into(),
            joining: "claudio".into(),
        };
        for command in [join("claudio"), leave("bastiano"), swap] {
            let v = check_no_memory_in_play(&table.state, &command, Some("0.1")).unwrap_err();
            assert_eq!(
                (v[0].code, v[0].section),
                (RuleCode::MemoryInPlay, Section::AdjustingTheNumberOfPlayers)
            );
            assert_eq!(v[0].params["memory"], "0.1");
            assert!(check_no_memory_in_play(&table.state, &command, None).is_ok());
            // Edition 1 asked nothing of the kind.
            let old = Table::edition_1(&["alessandra", "bastiano"]);
            assert!(check_no_memory_in_play(&old.state, &command, Some("0.1")).is_ok());
        }
        let health = Command::SetHealth {
            assassin: "alessandra".into(),
            health: 2,
        };
        assert!(check_no_memory_in_play(&table.state, &health, Some("0.1")).is_ok());
        // The app asks the library whether a memory is played only for the
        // commands that change the assassins or touch the villa.
        use bagless_bov::assassins::asks_memory_in_play;
        assert!(asks_memory_in_play(&table.state, &join("claudio")));
        assert!(!asks_memory_in_play(&table.state, &health));
    }
}

/// HEADQUARTERS, FIRST ASSIGNMENT, LEVELING UP AND SKILLS: the unlock, the
/// assignment, the resolution and the skills come "before the next
/// memory": "Play this memory" is refused as its record would be.
mod playing_a_memory {
    use super::*;

    #[test]
    fn a_memory_is_not_started_before_the_hq_steps_and_skills_due_first() {
        let mut table = Table::core(&["alessandra"]);
        assert!(check_memory_start(&table.state, &table.pack, "0.1").is_ok());
        let v = check_memory_start(&table.state, &table.pack, "0.2").unwrap_err();
        assert_eq!(v[0].code, RuleCode::MemoryOutOfOrder);
        for memory in ["0.1", "0.2", "0.3", "0.4"] {
            table.play(memory, Outcome::Success, &[]);
        }
        let code = |table: &Table, memory: &str| {
            check_memory_start(&table.state, &table.pack, memory).unwrap_err()[0].code
        };
        // "Memory 0.4 is done: unlock the HQ and make its first assignment".
        assert_eq!(code(&table, "1.1"), RuleCode::HqFirstAssignmentDue);
        let mut table = Table::hq_unlocked(&["alessandra"], &[]);
        table.first_assignment();
        assert_eq!(code(&table, "1.1"), RuleCode::HqFirstAssignmentDue);
        table.run(Command::ConfirmAssignment);
        assert!(check_memory_start(&table.state, &table.pack, "1.1").is_ok());
        table.play("1.1", Outcome::Success, &[]);
        assert_eq!(code(&table, "1.2"), RuleCode::HqResolutionDue);
        table.resolve_plainly();
        assert_eq!(code(&table, "1.2"), RuleCode::HqAssignmentDue);
    }

    #[test]
    fn nor_before_a_skill_choice() {
        let mut table = Table::core(&["alessandra"]);
        let mut input = table::attempt("0.1", Outcome::Success);
        input.xp.mandatory = table.pack.xp_track.levels[0].xp;
        table.run(Command::RecordAttempt(input));
        assert!(!table.state.pending_skill_choices(&table.pack).is_empty());
        let v = check_memory_start(&table.state, &table.pack, "0.2").unwrap_err();
        assert_eq!(
            (v[0].code, v[0].section),
            (RuleCode::SkillChoicePending, Section::LevelingUpAndSkills)
        );
    }
}

/// VILLA: "Recover your lost [health] (your 3 initial and those added by
/// your armor if you are wearing it)": full health counts the armor's, so
/// putting an armor on brings its health with it; none is lost by it.
mod an_armor_s_health {
    use super::*;

    #[test]
    fn an_armor_put_on_brings_its_health_the_assassin_stays_at_full_health() {
        let mut table = Table::core(&["alessandra"]);
        let armor = table.add(
            "Leather armor",
            CardKind::BlackEquipment,
            Some(EquipSlot::Armor),
            Place::VillaEnvelope,
        );
        assert_eq!(health(&table, "alessandra"), (3, 3));
        let events = table.run(move_card(&armor, equipped("alessandra", EquipSlot::Armor)));
        assert_eq!(
            events[1],
            Event::HealthRaised {
                assassin: "alessandra".into(),
                health: 4
            }
        );
        assert_eq!(health(&table, "alessandra"), (4, 4));
        let board = board_view("c", &table.state, &table.pack);
        assert_eq!(board.assassins[0].status, AssassinStatus::FullHealth);
        // Taken off, it takes its health away again.
        table.run(move_card(&armor, Place::VillaEnvelope));
        assert_eq!(health(&table, "alessandra"), (3, 3));

        // Injured, the armor adds its health and the loss stays a loss.
        table.run(Command::SetHealth {
            assassin: "alessandra".into(),
            health: 1,
        });
        table.run(move_card(&armor, equipped("alessandra", EquipSlot::Armor)));
        assert_eq!(health(&table, "alessandra"), (2, 4));

        // Edition 2: "Injured (3/4)" after putting it on.
        let mut old = Table::edition_2(&["alessandra"]);
        let armor = old.add(
            "Leather armor",
            CardKind::BlackEquipment,
            Some(EquipSlot::Armor),
            Place::VillaEnvelope,
        );
        old.run(move_card(&armor, equipped("alessandra", EquipSlot::Armor)));
        assert_eq!(health(&old, "alessandra"), (3, 4));
    }

    /// Health comes back only through the VILLA ("Recover your lost
    /// [health]"), the HOSPITAL or "Use medicine to heal an assassin": an
    /// armor taken off takes back the health it brought, so taking it off
    /// and on again heals no one (issue 55, item 28: 1/5 went to 5/5).
    #[test]
    fn an_armor_taken_off_takes_back_its_health_off_and_on_heals_no_one() {
        let mut table = Table::core(&["alessandra"]);
        let armor = table.add(
            "Leather armor",
            CardKind::BlackEquipment,
            Some(EquipSlot::Armor),
            equipped("alessandra", EquipSlot::Armor),
        );
        table.run(Command::SetHealth {
            assassin: "alessandra".into(),
            health: 2,
        });
        assert_eq!(health(&table, "alessandra"), (2, 4));
        let events = table.run(move_card(&armor, Place::VillaEnvelope));
        assert_eq!(
            events[1],
            Event::HealthLowered {
                assassin: "alessandra".into(),
                health: 1
            }
        );
        assert_eq!(health(&table, "alessandra"), (1, 3));
        for _ in 0..3 {
            table.run(move_card(&armor, equipped("alessandra", EquipSlot::Armor)));
            assert_eq!(health(&table, "alessandra"), (2, 4));
            table.run(move_card(&armor, Place::VillaEnvelope));
            assert_eq!(health(&table, "alessandra"), (1, 3));
        }
        // With no more health than the armor brought, taking it off would
        // leave none (critical condition comes only from a memory's wounds):
        // it stays on until the assassin is healed.
        table.run(move_card(&armor, equipped("alessandra", EquipSlot::Armor)));
        table.run(Command::SetHealth {
            assassin: "alessandra".into(),
            health: 1,
        });
        let v = table.refusal(move_card(&armor, Place::VillaEnvelope));
        assert_eq!(
            (v.code, v.section),
            (RuleCode::ArmorLastHealth, Section::AssassinsHealth)
        );
        assert_eq!(health(&table, "alessandra"), (1, 4));

        // Edition 2 kept its reading: only health above the new full health
        // goes ("Injured (2/3)").
        let mut old = Table::edition_2(&["alessandra"]);
        let armor = old.add(
            "Leather armor",
            CardKind::BlackEquipment,
            Some(EquipSlot::Armor),
            equipped("alessandra", EquipSlot::Armor),
        );
        old.run(Command::SetHealth {
            assassin: "alessandra".into(),
            health: 2,
        });
        old.run(move_card(&armor, Place::VillaEnvelope));
        assert_eq!(health(&old, "alessandra"), (2, 3));
    }

    /// The same with an armor of 2 health: it brings 2 and takes back 2;
    /// a card that is no armor changes no one's health (edition 2 neither
    /// when health stays under the new full health).
    #[test]
    fn an_armor_of_2_health_brings_and_takes_back_2_other_cards_none() {
        let mut table = Table::core(&["alessandra"]);
        table.run(Command::AddCard {
            name: "Plate armor".into(),
            kind: CardKind::BlackEquipment,
            fits: Some(EquipSlot::Armor),
            health_bonus: 2,
            removal_mark: false,
            to: Place::VillaEnvelope,
        });
        let armor = table.id_of("Plate armor");
        let blade = table.add(
            "Hidden Blade",
            CardKind::GreyEquipment,
            None,
            Place::VillaEnvelope,
        );
        table.run(move_card(&armor, equipped("alessandra", EquipSlot::Armor)));
        assert_eq!(health(&table, "alessandra"), (5, 5));
        table.run(Command::SetHealth {
            assassin: "alessandra".into(),
            health: 3,
        });
        table.run(move_card(&armor, Place::VillaEnvelope));
        assert_eq!(health(&table, "alessandra"), (1, 3));
        let events = table.run(move_card(&blade, inventory("alessandra", 0)));
        assert_eq!(events.len(), 1, "{events:?}");
        assert_eq!(health(&table, "alessandra"), (1, 3));
        // 2 health left, no more than the armor's 2: it stays on.
        table.run(move_card(&armor, equipped("alessandra", EquipSlot::Armor)));
        table.run(Command::SetHealth {
            assassin: "alessandra".into(),
            health: 2,
        });
        let v = table.refusal(move_card(&armor, Place::VillaEnvelope));
        assert_eq!(v.code, RuleCode::ArmorLastHealth);

        let mut old = Table::edition_2(&["alessandra"]);
        let armor = old.add(
            "Leather armor",
            CardKind::BlackEquipment,
            Some(EquipSlot::Armor),
            equipped("alessandra", EquipSlot::Armor),
        );
        old.run(Command::SetHealth {
            assassin: "alessandra".into(),
            health: 2,
        });
        let events = old.run(move_card(&armor, Place::VillaEnvelope));
        assert_eq!(events.len(), 1, "{events:?}");
    }

    #[test]
    fn an_armor_added_on_the_board_brings_its_health_too() {
        let mut table = Table::core(&["alessandra"]);
        table.add(
            "Leather armor",
            CardKind::BlackEquipment,
            Some(EquipSlot::Armor),
            equipped("alessandra", EquipSlot::Armor),
        );
        assert_eq!(health(&table, "alessandra"), (4, 4));
    }
}

/// CHEST: "take the card on top of the chest deck"; REPLAYING A MEMORY:
/// "Return any chest cards you collected during your first attempt to the
/// chest card deck (in their original order)".
mod chest {
    use super::*;

    fn two_chest_cards() -> (Table, String, String) {
        let mut table = Table::core(&["alessandra"]);
        table.add("Lower Chest", CardKind::Chest, None, Place::ChestDeck);
        table.add("Upper Chest", CardKind::Chest, None, Place::ChestDeck);
        let top = table.state.ledger.chest_deck[0].clone();
        let below = table.state.ledger.chest_deck[1].clone();
        (table, top, below)
    }

    #[test]
    fn only_the_top_card_leaves_the_chest_deck() {
        let (mut table, top, below) = two_chest_cards();
        let v = table.refusal(move_card(&below, inventory("alessandra", 0)));
        assert_eq!((v.code, v.section), (RuleCode::ChestNotTop, Section::Chest));
        let v = table.refusal(move_card(&below, Place::EquipmentDiscard));
        assert_eq!(v.code, RuleCode::ChestNotTop);
        table.run(move_card(&top, inventory("alessandra", 0)));
        // Edition 2 let any card out of the deck.
        let mut old = Table::edition_2(&["alessandra"]);
        old.add("Lower Chest", CardKind::Chest, None, Place::ChestDeck);
        old.add("Upper Chest", CardKind::Chest, None, Place::ChestDeck);
        let below = old.state.ledger.chest_deck[1].clone();
        old.run(move_card(&below, inventory("alessandra", 0)));
    }

    #[test]
    fn a_card_moved_out_of_the_chest_deck_is_collected_and_returned_after_a_failure() {
        let (mut table, top, below) = two_chest_cards();
        // Moved (not drawn) to the board, then the next one to the villa.
        table.run(move_card(&top, inventory("alessandra", 0)));
        table.run(move_card(&below, Place::VillaEnvelope));
        assert!(table.state.ledger.chest_deck.is_empty());
        table.play("0.1", Outcome::Failure, &[]);
        assert_eq!(
            table.state.ledger.chest_deck,
            [top.clone(), below.clone()],
            "back on top, in their original order"
        );
        // A card put back in the deck is no longer collected; the others
        // still are, and go back after a failure.
        let (mut table, top, below) = two_chest_cards();
        table.run(move_card(&top, inventory("alessandra", 0)));
        table.run(move_card(&below, inventory("alessandra", 1)));
        table.run(move_card(&top, Place::ChestDeck));
        table.play("0.1", Outcome::Failure, &[]);
        let mut deck = table.state.ledger.chest_deck.clone();
        deck.sort();
        let mut both = [top.clone(), below.clone()];
        both.sort();
        assert_eq!(deck, both);
        // Edition 2 kept a card moved out of the deck after a failure.
        let mut old = Table::edition_2(&["alessandra"]);
        old.add("Upper Chest", CardKind::Chest, None, Place::ChestDeck);
        let top = old.state.ledger.chest_deck[0].clone();
        old.run(move_card(&top, inventory("alessandra", 0)));
        old.play("0.1", Outcome::Failure, &[]);
        assert!(old.state.ledger.chest_deck.is_empty());
    }
}

/// OPTIONAL MEMORY: "You may choose whether you play an optional memory
/// when it is offered to you, or to ignore it for good (in which case,
/// continue the campaign by playing the next memory)."
mod optional_memory {
    use super::*;

    fn offered_m_a(table: Table) -> Table {
        let mut table = Table::hq_unlocked_from(table, &[]);
        for memory in ["1.1", "1.2", "1.3"] {
            table.play_with_hq(memory, Outcome::Success);
        }
        assert_eq!(table.state.next_memory(&table.pack), Some("M.A"));
        table
    }

    fn decline() -> Command {
        Command::DeclineOptional {
            memory: "M.A".into(),
        }
    }

    #[test]
    fn offered_again_after_a_failure_it_may_be_ignored_for_good() {
        let mut table = offered_m_a(Table::core(&["alessandra", "bastiano"]));
        table.later_assignment();
        table.run(Command::ConfirmAssignment);
        table.play("M.A", Outcome::Failure, &[]);
        table.resolve_plainly();
        table.run(decline());
        assert!(table.state.declined.contains("M.A"));
        assert_ne!(table.state.next_memory(&table.pack), Some("M.A"));
        // Edition 2: "Memory M.A has been started: finish it."
        let mut old = offered_m_a(Table::edition_2(&["alessandra", "bastiano"]));
        old.later_assignment();
        old.run(Command::ConfirmAssignment);
        old.play("M.A", Outcome::Failure, &[]);
        old.resolve_plainly();
        assert_eq!(old.refusal(decline()).code, RuleCode::DeclineStarted);
    }

    /// The diary offers Decline when the rules accept it (issue 55, item
    /// 28: the form offered it only on a first attempt, edition 2's rule).
    #[test]
    fn the_diary_offers_decline_when_the_rules_accept_it() {
        let declinable = |table: &Table| {
            let view = bagless_bov::diary::diary_view("c", &table.state, &table.pack, &[]);
            view.next.unwrap().declinable
        };
        let mut table = offered_m_a(Table::core(&["alessandra", "bastiano"]));
        assert!(declinable(&table));
        table.later_assignment();
        table.run(Command::ConfirmAssignment);
        assert!(!declinable(&table), "its memory group is out");
        table.play("M.A", Outcome::Failure, &[]);
        table.resolve_plainly();
        assert_eq!(table.state.next_memory(&table.pack), Some("M.A"));
        assert!(declinable(&table), "offered again after a failure");
        let mut old = offered_m_a(Table::edition_2(&["alessandra", "bastiano"]));
        old.later_assignment();
        old.run(Command::ConfirmAssignment);
        old.play("M.A", Outcome::Failure, &[]);
        old.resolve_plainly();
        assert!(!declinable(&old), "edition 2: started, finish it");
        let mut main = Table::core(&["alessandra"]);
        assert!(!declinable(&main));
        main.play("0.1", Outcome::Success, &[]);
        assert!(!declinable(&main));
    }

    #[test]
    fn declining_it_once_its_memory_group_is_out_is_refused() {
        let mut table = offered_m_a(Table::core(&["alessandra", "bastiano"]));
        table.later_assignment();
        table.run(Command::ConfirmAssignment);
        let v = table.refusal(decline());
        assert_eq!(
            (v.code, v.section),
            (RuleCode::DeclineGroupOut, Section::OptionalMemory)
        );
        assert_eq!(v.params["memory"], "M.A");
        // Before the assignment is confirmed it may be declined.
        let mut table = offered_m_a(Table::core(&["alessandra", "bastiano"]));
        table.run(decline());
        // Edition 2 declined it and the group went on to the next memory.
        let mut old = offered_m_a(Table::edition_2(&["alessandra", "bastiano"]));
        old.later_assignment();
        old.run(Command::ConfirmAssignment);
        old.run(decline());
        assert_eq!(old.phase(), HqPhase::Memory);
    }
}

/// HEADQUARTERS: "During the assignment and resolution steps, at any time,
/// you may: … Use medicine to heal an assassin": the board offers the
/// health of an eliminated assassin then, as the rules accept it.
mod headquarters {
    use super::*;

    #[test]
    fn the_board_offers_medicine_on_an_eliminated_assassin_in_the_hq_steps() {
        let mut table = Table::hq_unlocked(&["alessandra", "bastiano"], &[]);
        table.first_assignment();
        table.run(Command::ConfirmAssignment);
        table.play("1.1", Outcome::Success, &["bastiano"]);
        let settable = |table: &Table| {
            let board = board_view("c", &table.state, &table.pack);
            let bastiano = board
                .assassins
                .iter()
                .find(|a| a.id == "bastiano")
                .unwrap()
                .clone();
            (bastiano.status, bastiano.health_settable)
        };
        assert_eq!(settable(&table), (AssassinStatus::Eliminated, true));
        table.run(Command::SetHealth {
            assassin: "bastiano".into(),
            health: 1,
        });
        // Outside the HQ steps (no HQ yet), the rules refuse it: not offered.
        let mut early = Table::core(&["alessandra", "bastiano"]);
        early.play("0.1", Outcome::Success, &["bastiano"]);
        assert_eq!(settable(&early), (AssassinStatus::Eliminated, false));
        let v = early.refusal(Command::SetHealth {
            assassin: "bastiano".into(),
            health: 1,
        });
        assert_eq!(v.code, RuleCode::HealthEliminated);
    }
}

/// SAVE 1: "When setting up maps from memory 0.3 onward, place a 4th
/// [cube] next to each assassin board": one answer, from the pack, for
/// the boards and the memory in play (Roma's from R1.1: `roma_fourth_cube`).
mod save_1 {
    use super::*;

    #[test]
    fn roma_s_boards_have_the_4th_cube_from_r1_1_as_its_maps() {
        let table = Table::new("roma", &["alif"]);
        assert_eq!(table.state.next_memory(&table.pack), Some("R1.1"));
        assert_eq!(table.state.action_cubes(&table.pack), 4);
        let board = &table.pack.board;
        assert!(board.fourth_cube_for(&table.pack, "R1.1"));
        assert!(board.fourth_cube_for(&table.pack, "R2.4"));
        assert!(table
            .pack
            .assumptions
            .contains(&"roma_fourth_cube".to_string()));
        // The core box: from 0.3, an optional memory where it is offered.
        let core = Table::core(&["alessandra"]).pack;
        let at = |memory: &str| core.board.fourth_cube_for(&core, memory);
        assert!(!at("0.1") && !at("0.2") && at("0.3") && at("1.1") && at("M.A"));
    }
}

/// HQ: the allies unlocked are the mercenaries or the courtesans, each
/// with their own brown cards: a number read off a mercenary's card is not
/// offered to a courtesans campaign.
mod brown_cards {
    use super::*;
    use bagless_bov::hq::{keys, AllyKind};
    use bagless_bov::views::shelf::{self, OnTheShelf};

    #[test]
    fn an_ally_s_brown_card_numbers_are_offered_only_to_a_campaign_with_the_same_allies() {
        let mercenaries = Table::hq_unlocked(&["alessandra"], &[]);
        let mut courtesans = Table::core(&["bastiano"]);
        for memory in ["0.1", "0.2", "0.3", "0.4"] {
            courtesans.play(memory, Outcome::Success, &[]);
        }
        courtesans.run(Command::UnlockHq {
            ally: AllyKind::Courtesans,
        });
        let mut also_mercenaries = Table::core(&["claudio"]);
        for memory in ["0.1", "0.2", "0.3", "0.4"] {
            also_mercenaries.play(memory, Outcome::Success, &[]);
        }
        also_mercenaries.run(Command::UnlockHq {
            ally: AllyKind::Mercenaries,
        });
        let day = chrono::Utc::now();
        let at = |id, campaign| OnTheShelf {
            id,
            name: id,
            begun: day,
            in_bin: false,
            campaign,
        };
        let shelf = [at("m", &mercenaries.state)];
        let ally = keys::brown("ally-1", "command_room", None);
        let apprentice = keys::brown("apprentice-1", "command_room", None);
        let offered = shelf::hq(&at("c", &courtesans.state), &courtesans.pack, &shelf).suggested;
        assert!(!offered.contains_key(&ally), "a mercenary's card");
        assert!(
            offered.contains_key(&apprentice),
            "the apprentices' are the same"
        );
        assert!(offered.contains_key(&keys::contract_stars(1)));
        let offered = shelf::hq(
            &at("m2", &also_mercenaries.state),
            &also_mercenaries.pack,
            &shelf,
        )
        .suggested;
        assert_eq!(offered.get(&ally), Some(&1));
    }
}
