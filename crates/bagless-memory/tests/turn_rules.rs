//! GAME TURN: 1. EVENT PHASE, 2. ASSASSIN PHASE, 3. ENEMY PHASE (its three
//! steps), 4. END OF TURN PHASE, the turn number, each step's reminders,
//! the action cubes and SAVE 1.

use crate::support;

use bagless_memory::*;
use support::*;

/// "GAME TURN": the phases in order, the enemy phase's three steps, then
/// a new turn.
#[test]
fn game_turn_phases_in_order_and_the_turn_number() {
    let mut table = Table::new(3);
    assert_eq!((table.game.turn, table.game.step), (1, Step::Event));
    let mut seen = vec![table.game.step];
    for _ in 0..6 {
        if table.game.step == Step::Reinforcement {
            table.reinforce(None);
        }
        table.advance();
        seen.push(table.game.step);
    }
    assert_eq!(
        seen,
        vec![
            Step::Event,
            Step::Assassin,
            Step::Reinforcement,
            Step::Movement,
            Step::Combat,
            Step::EndOfTurn,
            Step::Event,
        ]
    );
    assert_eq!(table.game.turn, 2);
    let view = play_view(&table.game);
    assert_eq!(view.track.len(), 6);
    assert!(view.track[0].current);
    assert!(view.track.iter().skip(1).all(|s| !s.done && !s.current));
}

/// Each step's reminders are catalogue keys; "1. EVENT PHASE": "Place 3
/// [cubes] on the grouped slots of each assassin's board."
#[test]
fn event_phase_places_3_cubes_and_reminds_each_step() {
    let mut table = Table::new(2);
    let view = play_view(&table.game);
    assert!(view.reminders.contains(&"event.place_cubes".to_string()));
    assert!(view.assassins.iter().all(|a| a.cubes == 3));
    table.advance();
    table.run(Command::SpendCubes {
        assassin: "ezio".into(),
        count: 2,
    });
    table.advance_to(Step::EndOfTurn);
    let view = play_view(&table.game);
    assert!(view.reminders.contains(&"end.remove_red_bases".to_string()));
    table.advance();
    assert!(table.game.assassins.iter().all(|a| a.cubes == 3));
    for step in Step::TRACK {
        assert!(!views_reminders(step).is_empty(), "{step:?}");
    }
}

fn views_reminders(step: Step) -> Vec<String> {
    bagless_memory::views::play::reminders(step)
}

/// "2. ASSASSIN PHASE": "At the end of the phase, remove any [cubes] left
/// in the 3 grouped slots on your assassin board (not saved [cubes])."
#[test]
fn assassin_phase_removes_unused_cubes_but_not_the_saved_one() {
    let mut table = Table::new(2);
    let refusal = table.refused(Command::SpendCubes {
        assassin: "ezio".into(),
        count: 1,
    });
    assert_eq!(refusal.code, RuleCode::WrongStep);
    assert_eq!(refusal.params["step"], "event");
    table.advance();
    table.run(Command::SaveCube {
        assassin: "ezio".into(),
    });
    assert_eq!(
        (table.assassin("ezio").cubes, table.assassin("ezio").saved),
        (2, true)
    );
    let events = table.advance();
    assert!(events.contains(&Event::UnusedCubesRemoved));
    assert_eq!(table.assassin("ezio").cubes, 0);
    assert!(table.assassin("ezio").saved);
    table.reinforce(None);
    table.advance_to(Step::Event);
    // "If you have saved 1 [cube], you will have a total of 4".
    let view = play_view(&table.game);
    assert_eq!(
        (view.assassins[0].cubes, view.assassins[0].saved),
        (3, true)
    );
    table.advance();
    assert_eq!(play_view(&table.game).assassins[0].usable, 4);
}

/// "2. ASSASSIN PHASE": "At the end of the phase, remove any [cubes] left
/// in the 3 grouped slots": with every cube spent there is none to
/// remove, and the history says nothing was removed; with one left, it
/// is removed.
#[test]
fn assassin_phase_with_every_cube_spent_removes_none() {
    let mut table = Table::new(2);
    table.advance();
    for id in ["ezio", "daria"] {
        table.run(Command::SpendCubes {
            assassin: id.into(),
            count: 3,
        });
    }
    assert!(table.game.assassins.iter().all(|a| a.cubes == 0));
    let events = table.advance();
    assert!(!events.contains(&Event::UnusedCubesRemoved), "{events:?}");

    let mut table = Table::new(2);
    table.advance();
    table.run(Command::SpendCubes {
        assassin: "ezio".into(),
        count: 3,
    });
    table.run(Command::SpendCubes {
        assassin: "daria".into(),
        count: 2,
    });
    let events = table.advance();
    let removed = events
        .iter()
        .filter(|e| **e == Event::UnusedCubesRemoved)
        .count();
    assert_eq!(removed, 1);
    assert_eq!(table.assassin("daria").cubes, 0);
}

/// "SAVE 1": "Each assassin can save 1 [cube] at most"; "When you save 1
/// of your 3 [cubes]": one of them, so not once all 3 are spent; "When
/// setting up maps from memory 0.3 onward, place a 4th [cube]".
#[test]
fn save_1_at_most_one_and_from_memory_0_3() {
    let mut table = Table::new(2);
    table.advance();
    let can_save = |table: &Table| {
        play_view(&table.game)
            .assassins
            .iter()
            .map(|a| a.can_save)
            .collect::<Vec<_>>()
    };
    assert_eq!(can_save(&table), vec![true, true]);
    table.run(Command::SaveCube {
        assassin: "ezio".into(),
    });
    assert_eq!(can_save(&table), vec![false, true], "Ezio's one is saved");
    let refusal = table.refused(Command::SaveCube {
        assassin: "ezio".into(),
    });
    assert_eq!(refusal.code, RuleCode::SaveFull);
    assert_eq!(refusal.section, Section::Save);
    // Daria spends her 3: none of them is left to save.
    table.run(Command::SpendCubes {
        assassin: "daria".into(),
        count: 2,
    });
    assert_eq!(can_save(&table), vec![false, true], "Daria has 1 left");
    table.run(Command::SpendCubes {
        assassin: "daria".into(),
        count: 1,
    });
    assert_eq!(can_save(&table), vec![false, false], "Daria has none left");
    let refusal = table.refused(Command::SaveCube {
        assassin: "daria".into(),
    });
    assert_eq!(refusal.code, RuleCode::NoCube);
    assert_eq!(refusal.section, Section::Save);
    let mut early = start_command(1);
    if let Command::StartMemory { memory, .. } = &mut early {
        *memory = "0.2".into();
    }
    let mut table = Table::with(early, None);
    table.advance();
    let refusal = table.refused(Command::SaveCube {
        assassin: "ezio".into(),
    });
    assert_eq!(refusal.code, RuleCode::SaveNotYet);
    assert_eq!(refusal.params["memory"], "0.2");
    assert!(!play_view(&table.game).assassins[0].can_save);
}

/// "ASSASSIN ACTIONS": cubes spent, grouped first; none left, refused.
#[test]
fn assassin_actions_spend_cubes_grouped_first() {
    let mut table = Table::new(1);
    table.advance();
    table.run(Command::SaveCube {
        assassin: "ezio".into(),
    });
    let events = table.run(Command::SpendCubes {
        assassin: "ezio".into(),
        count: 3,
    });
    assert_eq!(
        events,
        vec![Event::CubesSpent {
            assassin: "ezio".into(),
            grouped: 2,
            saved: true
        }]
    );
    let refusal = table.refused(Command::SpendCubes {
        assassin: "ezio".into(),
        count: 1,
    });
    assert_eq!(refusal.code, RuleCode::NoCube);
    assert_eq!(refusal.section, Section::AssassinPhase);
    let refusal = table.refused(Command::SpendCubes {
        assassin: "nobody".into(),
        count: 1,
    });
    assert_eq!(refusal.code, RuleCode::AssassinUnknown);
}

/// "3. ENEMY PHASE": "You can use 1 saved [cube] before or after one of
/// these steps" — only the saved one, one at a time.
#[test]
fn enemy_phase_uses_only_the_saved_cube() {
    let mut table = Table::new(2);
    table.advance();
    table.run(Command::SaveCube {
        assassin: "daria".into(),
    });
    table.advance();
    let refusal = table.refused(Command::SpendCubes {
        assassin: "ezio".into(),
        count: 1,
    });
    assert_eq!(refusal.code, RuleCode::NoCube);
    assert_eq!(refusal.section, Section::EnemyPhase);
    let refusal = table.refused(Command::SpendCubes {
        assassin: "daria".into(),
        count: 2,
    });
    assert_eq!(refusal.code, RuleCode::CubeCount);
    table.run(Command::SpendCubes {
        assassin: "daria".into(),
        count: 1,
    });
    assert!(!table.assassin("daria").saved);
    assert!(play_view(&table.game)
        .reminders
        .contains(&"enemy.saved_cube".to_string()));
}

/// "CRITICAL CONDITION" / "ELIMINATED": "If no one comes to heal an
/// assassin/ally who is in critical condition before the end of the next
/// game turn, they are eliminated." Edition 1's reading, kept for the
/// memories recorded under it: eliminated as the END OF TURN PHASE of the
/// next turn begins.
#[test]
fn eliminated_at_the_end_of_the_next_turn_unless_healed() {
    let mut table = Table::edition_1(2);
    table.advance();
    table.run(Command::SetCondition {
        assassin: "ezio".into(),
        condition: Condition::Critical,
    });
    let refusal = table.refused(Command::SpendCubes {
        assassin: "ezio".into(),
        count: 1,
    });
    assert_eq!(refusal.code, RuleCode::AssassinCannotAct);
    assert_eq!(refusal.params["condition"], "critical");
    table.advance_to(Step::EndOfTurn);
    assert_eq!(table.assassin("ezio").condition, Condition::Critical);
    assert_eq!(
        play_view(&table.game).assassins[0].eliminated_after_turn,
        Some(2)
    );
    table.advance();
    // "Assassins in critical condition recover 3 [cubes] at the start of
    // the event phase as usual (though they cannot use them)".
    assert_eq!(table.assassin("ezio").cubes, 3);
    assert_eq!(play_view(&table.game).assassins[0].usable, 0);
    table.advance_to(Step::Combat);
    let events = table.advance();
    assert!(events.contains(&Event::AssassinEliminated {
        assassin: "ezio".into()
    }));
    assert_eq!(table.assassin("ezio").condition, Condition::Eliminated);
    assert_eq!(table.game.step, Step::EndOfTurn);
}

/// Healed in time: back on the map, not eliminated.
#[test]
fn critical_condition_healed_in_time() {
    let mut table = Table::new(1);
    table.run(Command::SetCondition {
        assassin: "ezio".into(),
        condition: Condition::Critical,
    });
    table.advance_to(Step::EndOfTurn);
    table.advance();
    table.run(Command::SetCondition {
        assassin: "ezio".into(),
        condition: Condition::OnMap,
    });
    table.advance_to(Step::EndOfTurn);
    assert_eq!(table.assassin("ezio").condition, Condition::OnMap);
}

/// A mistake at the table: the cubes corrected, with a reason.
#[test]
fn game_turn_adjust_cubes_with_a_reason() {
    let mut table = Table::new(1);
    let refusal = table.refused(Command::Adjust {
        assassin: "ezio".into(),
        cubes: 2,
        saved: false,
        reason: " ".into(),
    });
    assert_eq!(refusal.code, RuleCode::ReasonEmpty);
    assert_eq!(refusal.section, Section::GameTurn);
    let refusal = table.refused(Command::Adjust {
        assassin: "ezio".into(),
        cubes: 4,
        saved: false,
        reason: "x".into(),
    });
    assert_eq!(refusal.code, RuleCode::CubeCount);
    table.run(Command::Adjust {
        assassin: "ezio".into(),
        cubes: 1,
        saved: true,
        reason: "forgot to spend".into(),
    });
    assert_eq!(
        (table.assassin("ezio").cubes, table.assassin("ezio").saved),
        (1, true)
    );
    let refusal = table.refused(Command::Adjust {
        assassin: "ezio".into(),
        cubes: 1,
        saved: true,
        reason: "again".into(),
    });
    assert_eq!(refusal.code, RuleCode::AdjustSame);
}

/// Not in the seeds, Bagless's own: a correction's reason is not blank and
/// has at most `MAX_REASON` characters (counted as characters, not
/// bytes). One of `MAX_REASON` + 1 is refused naming the max; one of
/// exactly `MAX_REASON` is taken.
#[test]
fn game_turn_a_correction_reason_of_at_most_max_reason_characters() {
    use bagless_memory::rules::turn::MAX_REASON;
    let adjust = |reason: String| Command::Adjust {
        assassin: "ezio".into(),
        cubes: 2,
        saved: false,
        reason,
    };
    let mut table = Table::new(1);
    let refusal = table.refused(adjust("é".repeat(MAX_REASON + 1)));
    assert_eq!(refusal.code, RuleCode::ReasonTooLong);
    assert_eq!(refusal.section, Section::GameTurn);
    assert_eq!(refusal.params["max"], MAX_REASON.to_string());
    assert_eq!(
        table.refused(adjust(String::new())).code,
        RuleCode::ReasonEmpty
    );
    table.run(adjust("é".repeat(MAX_REASON)));
    assert_eq!(table.assassin("ezio").cubes, 2);
}

/// Not in the seeds, Bagless's own: "SETUP" takes a campaign, a memory
/// and the assassins' names as typed, each not blank and of at most its
/// count of characters (`MAX_CAMPAIGN_ID`, `MAX_MEMORY`,
/// `MAX_ASSASSIN_ID`). A blank memory is refused (naming what), one of
/// `MAX_MEMORY` + 1 characters too (naming what and the max); one of
/// exactly `MAX_MEMORY` characters, or a short one, is taken.
#[test]
fn setup_a_name_typed_is_not_blank_nor_too_long() {
    use bagless_memory::rules::setup::MAX_MEMORY;
    let named = |name: &str| {
        let mut command = start_command(2);
        if let Command::StartMemory { memory, .. } = &mut command {
            *memory = name.to_string();
        }
        command
    };
    let mut table = Table::empty();
    let refusal = table.refused(named("  "));
    assert_eq!(refusal.code, RuleCode::IdEmpty);
    assert_eq!(refusal.section, Section::Setup);
    assert_eq!(refusal.params["what"], "memory");
    let long = "é".repeat(MAX_MEMORY + 1);
    let refusal = table.refused(named(&long));
    assert_eq!(refusal.code, RuleCode::IdTooLong);
    assert_eq!(refusal.section, Section::Setup);
    assert_eq!(refusal.params["what"], "memory");
    assert_eq!(refusal.params["max"], MAX_MEMORY.to_string());
    let full = "é".repeat(MAX_MEMORY);
    for name in [full.as_str(), "1.1"] {
        let mut table = Table::empty();
        table.run(named(name));
        assert_eq!(table.game.memory, name);
    }
}

/// "SETUP": 1 to 4 assassins, each once; nothing before the start.
#[test]
fn setup_checks_the_assassins() {
    let mut table = Table::empty();
    let refusal = table.refused(Command::Advance);
    assert_eq!(refusal.code, RuleCode::NotStarted);
    assert_eq!(refusal.section, Section::Setup);
    let mut five = start_command(4);
    if let Command::StartMemory { assassins, .. } = &mut five {
        assassins.push("extra".into());
    }
    let refusal = table.refused(five);
    assert_eq!(refusal.code, RuleCode::AssassinCount);
    assert_eq!(refusal.params["max"], "4");
    let mut twice = start_command(2);
    if let Command::StartMemory { assassins, .. } = &mut twice {
        assassins[1] = "ezio".into();
    }
    assert_eq!(table.refused(twice).code, RuleCode::AssassinTwice);
    table.run(start_command(2));
    assert_eq!(
        table.refused(start_command(2)).code,
        RuleCode::AlreadyStarted
    );
}

/// "2. ENEMY MOVEMENT": "After performing all enemy movements, resolve
/// detection tests" — guards entering a square say the dice; "3. ENEMY
/// COMBAT": "split the dice evenly between them". Both are played at the
/// table with their reminders; nothing is drawn or spent there but the
/// saved cube.
#[test]
fn enemy_movement_and_combat_remind_the_table() {
    let mut table = Table::new(2);
    table.advance_to(Step::Movement);
    let view = play_view(&table.game);
    assert!(view
        .reminders
        .contains(&"movement.detection_tests".to_string()));
    assert!(view
        .reminders
        .contains(&"movement.square_limit".to_string()));
    assert_eq!(view.waiting, Waiting::Advance);
    table.run(Command::EnterSquare {
        entrance: None,
        enemies: 1,
        bodies: 0,
        entering: 1,
        incognito: vec!["daria".into()],
    });
    assert_eq!(table.game.entry.as_ref().unwrap().detection_dice, 2);
    // Edition 3: the test is rolled before the turn goes on.
    assert_eq!(table.refused(Command::Advance).code, RuleCode::TestsPending);
    table.run(Command::DetectionTest {
        assassin: Some("daria".into()),
        dice: 2,
        faces: Some(vec![DetectionFace::Blank; 2]),
    });
    let refusal = table.refused(Command::DrawReinforcement { card: None });
    assert_eq!(refusal.code, RuleCode::WrongStep);
    assert_eq!(refusal.params["step"], "movement");
    table.advance();
    assert!(table.game.entry.is_none(), "the entry belongs to its step");
    let view = play_view(&table.game);
    assert!(view.reminders.contains(&"combat.split_dice".to_string()));
    assert!(view.track[4].current && view.track[3].done);
}

/// Edition 2, "ELIMINATED": "If no one comes to heal an assassin/ally who
/// is in critical condition before the end of the next game turn, they
/// are eliminated." and "SKILL CARDS": they "can be used ... at any time
/// if not indicated": the END OF TURN PHASE of the next turn is still
/// played with the assassin in critical condition (a heal there is in
/// time); they are eliminated as it ends, before the next turn's cubes.
#[test]
fn eliminated_as_the_next_turns_end_of_turn_phase_ends() {
    let mut table = Table::new(2);
    table.advance();
    table.run(Command::SetCondition {
        assassin: "ezio".into(),
        condition: Condition::Critical,
    });
    // "CRITICAL CONDITION": "They cannot do anything."
    let refusal = table.refused(Command::SpendCubes {
        assassin: "ezio".into(),
        count: 1,
    });
    assert_eq!(refusal.code, RuleCode::AssassinCannotAct);
    table.advance_to(Step::EndOfTurn);
    table.advance();
    table.advance_to(Step::Combat);
    let events = table.advance();
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::AssassinEliminated { .. })));
    assert_eq!(table.game.step, Step::EndOfTurn);
    assert_eq!(table.assassin("ezio").condition, Condition::Critical);
    assert_eq!(
        play_view(&table.game).assassins[0].eliminated_after_turn,
        Some(2)
    );
    let events = table.advance();
    assert_eq!(
        events,
        vec![
            Event::StepAdvanced {
                turn: 3,
                step: Step::Event
            },
            Event::AssassinEliminated {
                assassin: "ezio".into()
            },
            Event::CubesPlaced { turn: 3 },
        ]
    );
    assert_eq!(table.assassin("ezio").condition, Condition::Eliminated);
}

/// Edition 2, "ELIMINATED": healed during the END OF TURN PHASE of the
/// next game turn is "before the end of the next game turn".
#[test]
fn healed_in_the_next_turns_end_of_turn_phase_is_in_time() {
    let mut table = Table::new(2);
    table.run(Command::SetCondition {
        assassin: "ezio".into(),
        condition: Condition::Critical,
    });
    table.advance_to(Step::EndOfTurn);
    table.advance();
    table.advance_to(Step::EndOfTurn);
    table.run(Command::SetCondition {
        assassin: "ezio".into(),
        condition: Condition::OnMap,
    });
    let events = table.advance();
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::AssassinEliminated { .. })));
    assert_eq!(table.assassin("ezio").condition, Condition::OnMap);
}

/// "SAVE 1": "You can use 1 [cube] that you have saved in either of these
/// situations: During an assassin phase. During an enemy phase, before or
/// after one of the 3 enemy steps"; CRITICAL CONDITION: "They cannot do
/// anything". The view's usable cubes: the grouped and the saved one in
/// the assassin phase, the saved one in an enemy step, none at the end of
/// the turn nor at the event phase, none ever for one who cannot act.
#[test]
fn save_1_the_saved_cube_usable_only_in_the_assassin_and_enemy_phases() {
    let mut table = Table::new(2);
    table.advance();
    table.run(Command::SaveCube {
        assassin: "ezio".into(),
    });
    table.run(Command::SetCondition {
        assassin: "daria".into(),
        condition: Condition::Critical,
    });
    assert_eq!(table.assassin("daria").cubes, 3);
    let usable = |table: &Table| -> Vec<u8> {
        play_view(&table.game)
            .assassins
            .iter()
            .map(|a| a.usable)
            .collect()
    };
    assert_eq!(usable(&table), [3, 0], "2 grouped and the saved one");
    for step in [Step::Reinforcement, Step::Movement, Step::Combat] {
        table.advance_to(step);
        assert_eq!(usable(&table), [1, 0], "the saved one, {step:?}");
    }
    table.advance_to(Step::EndOfTurn);
    assert!(table.assassin("ezio").saved);
    assert_eq!(usable(&table), [0, 0], "not at the end of the turn");
    table.advance();
    assert_eq!(
        (table.game.step, table.assassin("ezio").cubes),
        (Step::Event, 3)
    );
    assert_eq!(usable(&table), [0, 0], "not at the event phase");
}

/// "SAVE 1": "Each assassin can save 1 [cube] at most"; "When you save 1
/// of your 3 [cubes]": a log hand-made or imported whose cube saved
/// breaks these (a second one, or one with no cube left) changes
/// nothing once evolved.
#[test]
fn save_1_a_cube_saved_twice_or_with_none_left_changes_nothing() {
    let mut table = Table::new(2);
    table.advance();
    table.run(Command::SaveCube {
        assassin: "ezio".into(),
    });
    table.run(Command::SpendCubes {
        assassin: "daria".into(),
        count: 3,
    });
    assert_eq!(
        (table.assassin("ezio").cubes, table.assassin("ezio").saved),
        (2, true)
    );
    assert_eq!(
        (table.assassin("daria").cubes, table.assassin("daria").saved),
        (0, false)
    );
    for assassin in ["ezio", "daria"] {
        let mut game = table.game.clone();
        evolve(
            &mut game,
            &Event::CubeSaved {
                assassin: assassin.into(),
            },
        );
        assert_eq!(game, table.game, "{assassin}");
    }
}
