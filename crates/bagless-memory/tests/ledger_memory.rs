//! The ledger's own tests (crates/bagless-memory/RULES.md): sentences of
//! the rules summaries (seed 000's game turn, seed 001, seed 002) that the
//! code follows and no other test kept yet. Each quotes its sentence under
//! its heading. Where Bagless cannot see the table (the squares, the event
//! deck), the step reminds the players of the sentence: those tests check
//! the reminder is shown at its step.

use crate::support;

use bagless_memory::views::play::play_view;
use bagless_memory::*;
use support::*;

/// The words of a reminder in a catalogue of the memory's screen
/// (`memory.reminders.<group>.<leaf>`), read from the UI's file.
fn worded(language: &str, key: &str) -> String {
    let path = format!(
        "{}/../../ui/src/games/memory/i18n/{language}.ts",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let (group, leaf) = key.split_once('.').expect("group.leaf");
    let block = &text[text.find("  reminders: {").expect("a reminders block")..];
    let block = &block[block
        .find(&format!("\n    {group}: {{"))
        .unwrap_or_else(|| panic!("{language}: no reminders.{group}"))..];
    let block = &block[..block.find("\n    },").unwrap_or(block.len())];
    let start = block
        .find(&format!("\n      {leaf}: '"))
        .unwrap_or_else(|| panic!("{language}: no reminders.{key}"));
    let line = &block[start + leaf.len() + 10..];
    line[..line.find("',").expect("a quoted string")].to_string()
}

/// A reminder the players see at `step` of a memory in play, and only
/// there: its key on the play view as the turn reaches the step, gone at
/// the next step, and its words (English) saying the seed's `words`, in
/// French too.
#[track_caller]
fn reminded(step: Step, key: &str, words: &[&str]) {
    let mut table = Table::new(2);
    table.advance_to(step);
    let shown = |table: &Table| play_view(&table.game).reminders.contains(&key.to_string());
    assert!(shown(&table), "{key} is not shown at {step:?}");
    if step == Step::Reinforcement {
        table.reinforce(None);
    }
    table.advance();
    assert!(!shown(&table), "{key} is still shown after {step:?}");
    let english = worded("en", key).to_lowercase();
    for word in words {
        assert!(
            english.contains(word),
            "{key}: «{english}» does not say «{word}»"
        );
    }
    let french = worded("fr", key);
    assert!(
        !french.trim().is_empty() && french.to_lowercase() != english,
        "{key}: no French words"
    );
}

/// 1. EVENT PHASE
mod event_phase {
    use super::*;

    /// "Draw 1 event card (regardless of the number of assassins in play).
    /// Read it aloud, then place it next to the map."
    #[test]
    fn event_phase_draw_1_event_card_is_reminded() {
        reminded(
            Step::Event,
            "event.draw_event_card",
            &[
                "draw 1 event card",
                "whatever the number of assassins",
                "read it aloud",
            ],
        );
    }

    /// "The card's effect takes place immediately unless it states
    /// otherwise, and only applies during the turn in which it was drawn"
    #[test]
    fn event_phase_the_card_applies_this_turn_only_is_reminded() {
        reminded(
            Step::Event,
            "event.this_turn_only",
            &["this turn only", "lasts until the memory is completed"],
        );
    }

    /// "If the event deck runs out, shuffle the discards to form a new
    /// deck."
    #[test]
    fn event_phase_the_event_deck_reshuffled_is_reminded() {
        reminded(
            Step::Event,
            "event.deck_reshuffle",
            &["event deck", "shuffle its discard"],
        );
    }
}

/// 2. ASSASSIN PHASE
mod assassin_phase {
    use super::*;

    /// "Assassins use their [cubes] to perform actions in any order
    /// desired. You can alternate between players as you perform actions,
    /// and you can perform the same action more than once."
    #[test]
    fn assassin_phase_actions_in_any_order_alternating_players() {
        reminded(Step::Assassin, "assassin.use_cubes", &["in any order"]);
        let mut table = Table::new(2);
        table.advance();
        for assassin in ["ezio", "daria", "ezio", "daria", "ezio"] {
            table.run(Command::SpendCubes {
                assassin: assassin.into(),
                count: 1,
            });
        }
        assert_eq!(table.assassin("ezio").cubes, 0);
        assert_eq!(table.assassin("daria").cubes, 1);
    }
}

/// 1. ENEMY REINFORCEMENT, and seed 001's <29> Enemy Reinforcement Step
mod enemy_reinforcement {
    use super::*;

    /// "Take the number of guards of the indicated type from the reserve
    /// and place them on each square in contact with an enemy entrance
    /// token matching the letter."
    #[test]
    fn enemy_reinforcement_each_square_in_contact_is_reminded() {
        reminded(
            Step::Reinforcement,
            "reinforcement.each_square",
            &["each square in contact", "entrance token"],
        );
    }

    /// "If an enemy entrance token is placed behind a wall, the guards can
    /// still enter."
    #[test]
    fn enemy_reinforcement_entrance_behind_a_wall_is_reminded() {
        reminded(
            Step::Reinforcement,
            "reinforcement.behind_wall",
            &["still enter", "behind a wall"],
        );
    }

    /// <29>: "Note: The 4 miniatures per square limit is only for
    /// Enemies." Incognito assassins on the square take no space: 2
    /// enemies there, 2 entering, 3 assassins: both enter.
    #[test]
    fn enemies_the_4_per_square_limit_is_only_for_enemies() {
        let mut table = Table::new(3);
        table.advance_to(Step::Reinforcement);
        table.run(Command::EnterSquare {
            entrance: Some(Entrance::A),
            enemies: 2,
            bodies: 0,
            entering: 2,
            incognito: vec!["ezio".into(), "daria".into(), "fabio".into()],
        });
        let entry = table.game.entry.clone().unwrap();
        assert_eq!((entry.entered, entry.blocked), (2, 0));
        // Each incognito assassin there rolls 1 die per enemy on the square.
        assert_eq!(entry.detection_dice, 4);
    }
}

/// 2. ENEMY MOVEMENT
mod enemy_movement {
    use super::*;

    /// "Any enemy that is nearby a square containing any red bases moves
    /// into that square."
    #[test]
    fn enemy_movement_toward_red_bases_is_reminded() {
        reminded(
            Step::Movement,
            "movement.red_bases",
            &["nearby a square with red bases", "move into it"],
        );
    }

    /// "Then, all the enemies that have not yet moved move 1 square
    /// (unless otherwise indicated on the enemy card) in the direction
    /// indicated on the event card drawn at the start of the turn"
    #[test]
    fn enemy_movement_direction_of_the_event_card_is_reminded() {
        reminded(
            Step::Movement,
            "movement.event_direction",
            &["1 square", "direction of the event card"],
        );
    }

    /// "When moving enemies, first move those who are on the row of
    /// squares closest to the direction shown by the event card."
    #[test]
    fn enemy_movement_row_by_row_is_reminded() {
        reminded(Step::Movement, "movement.row_order", &["row by row"]);
    }

    /// "Guards on a square containing an objective base that has any
    /// unoccupied spaces are immediately placed on those spaces."
    #[test]
    fn enemy_movement_objective_base_is_reminded() {
        reminded(
            Step::Movement,
            "movement.objective_base",
            &["objective base", "free spaces"],
        );
    }
}

/// 3. ENEMY COMBAT
mod enemy_combat {
    use super::*;

    /// "When assassins/allies are exposed, all nearby enemies
    /// simultaneously make 1 attack targeting the square where the
    /// assassins/allies are located."
    #[test]
    fn enemy_combat_nearby_enemies_attack_the_exposed_is_reminded() {
        reminded(
            Step::Combat,
            "combat.exposed_targets",
            &["nearby exposed assassins", "attack their square"],
        );
    }

    /// "Each group of enemies on the same square targets, in order of
    /// priority: 1. Their own square. 2. One nearby square provided they
    /// have a [ranged] weapon equipped."
    #[test]
    fn enemy_combat_target_square_priority_is_reminded() {
        reminded(
            Step::Combat,
            "combat.target_square",
            &["own square first", "1 nearby square", "ranged"],
        );
    }

    /// "If an assassin/ally is reduced to critical condition, any
    /// remaining [hits] that should have been allocated to them are lost."
    #[test]
    fn enemy_combat_critical_condition_is_reminded() {
        reminded(
            Step::Combat,
            "combat.critical_condition",
            &["critical condition", "hits left for them are lost"],
        );
    }
}

/// 4. END OF TURN PHASE
mod end_of_turn_phase {
    use super::*;

    /// "Discard the current event card and remove from play any red bases
    /// that aren't attached to a miniature."
    #[test]
    fn end_of_turn_phase_discard_the_event_card_and_red_bases_is_reminded() {
        reminded(
            Step::EndOfTurn,
            "end.discard_event_card",
            &["discard the event card"],
        );
        reminded(
            Step::EndOfTurn,
            "end.remove_red_bases",
            &["remove the red bases not attached to a miniature"],
        );
    }

    /// "As long as there are any assassins on the map and/or any
    /// objectives to complete, start a new game turn."
    #[test]
    fn end_of_turn_phase_a_new_game_turn_follows() {
        let mut table = Table::new(1);
        table.advance_to(Step::EndOfTurn);
        let events = table.advance();
        assert!(events.contains(&Event::CubesPlaced { turn: 2 }));
        assert_eq!((table.game.turn, table.game.step), (2, Step::Event));
    }
}

/// USE A FAST TRAVEL STATION
mod use_a_fast_travel_station {
    use super::*;

    /// "Go to the next memory: Place your assassin on the table (outside
    /// of the map) while waiting to set up the next map. Assassins who have
    /// left the map cannot do anything, nor are they affected by
    /// anything." "Return to the game for 0 [cubes]: Place your assassin on
    /// the square of your choice containing a fast travel station".
    /// Edition 2's reading: the return accepted at any later turn
    /// (edition 3 refuses it: `tests/edition_3_rules.rs`).
    #[test]
    fn use_a_fast_travel_station_who_left_does_nothing_until_back() {
        let mut table = Table::with(under_edition(start_command(2), 2), None);
        table.advance();
        table.run(Command::SetCondition {
            assassin: "ezio".into(),
            condition: Condition::LeftMap,
        });
        let refusal = table.refused(Command::SpendCubes {
            assassin: "ezio".into(),
            count: 1,
        });
        assert_eq!(refusal.code, RuleCode::AssassinCannotAct);
        assert_eq!(refusal.params["condition"], "left_map");
        // Not affected by anything: no cubes at the next event phase.
        table.advance_to(Step::EndOfTurn);
        table.advance();
        assert_eq!(table.assassin("ezio").cubes, 0);
        assert_eq!(table.assassin("daria").cubes, 3);
        // Back through a fast travel station, for no cube.
        table.advance();
        table.run(Command::SetCondition {
            assassin: "ezio".into(),
            condition: Condition::OnMap,
        });
        table.advance_to(Step::EndOfTurn);
        table.advance();
        assert_eq!(table.assassin("ezio").cubes, 3);
    }

    fn leave(id: &str) -> Command {
        Command::SetCondition {
            assassin: id.into(),
            condition: Condition::LeftMap,
        }
    }

    /// Edition 2: "USE A FAST TRAVEL STATION (1 [cube])": "Any assassin on
    /// a square containing a fast travel station can spend 1 [cube] to
    /// leave the map." A grouped cube in the assassin phase; none left, no
    /// leaving; in an enemy step, the saved cube ("3. ENEMY PHASE": "You
    /// can use 1 saved [cube] before or after one of these steps").
    #[test]
    fn use_a_fast_travel_station_costs_a_cube() {
        let mut table = Table::new(2);
        table.advance();
        let events = table.run(leave("ezio"));
        assert_eq!(
            events,
            vec![Event::ConditionSet {
                assassin: "ezio".into(),
                condition: Condition::LeftMap,
                paid: Some(CubeSource::Grouped),
            }]
        );
        assert_eq!(table.assassin("ezio").cubes, 2);
        table.run(Command::SpendCubes {
            assassin: "daria".into(),
            count: 3,
        });
        let refusal = table.refused(leave("daria"));
        assert_eq!(refusal.code, RuleCode::NoCube);
        assert_eq!(refusal.section, Section::UseAFastTravelStation);

        let mut table = Table::with(start_command(2), None);
        table.advance();
        table.run(Command::SaveCube {
            assassin: "daria".into(),
        });
        table.advance_to(Step::Movement);
        table.run(leave("daria"));
        assert!(!table.assassin("daria").saved);
        assert_eq!(table.assassin("daria").condition, Condition::LeftMap);
    }

    /// Edition 2: leaving is an action ("ASSASSIN ACTIONS"), and
    /// "CRITICAL CONDITION": "They cannot do anything."
    #[test]
    fn use_a_fast_travel_station_not_by_one_in_critical_condition() {
        let mut table = Table::new(2);
        table.advance();
        table.run(Command::SetCondition {
            assassin: "ezio".into(),
            condition: Condition::Critical,
        });
        let refusal = table.refused(leave("ezio"));
        assert_eq!(refusal.code, RuleCode::AssassinCannotAct);
        assert_eq!(refusal.params["condition"], "critical");
    }

    /// Edition 2: "Those that are exposed can use one only if there are
    /// no enemies on the square where it is located (leave their red base
    /// on the square)": the assassin who left is no longer exposed.
    #[test]
    fn use_a_fast_travel_station_leaves_the_red_base_on_the_square() {
        let mut table = Table::new(2);
        table.advance();
        table.run(Command::SetExposed {
            assassin: "ezio".into(),
            exposed: true,
        });
        table.run(leave("ezio"));
        assert!(!table.assassin("ezio").exposed);
        assert!(!play_view(&table.game).assassins[0].exposed);
    }

    /// Edition 2: "Assassins who have left the map cannot do anything, nor
    /// are they affected by anything": not laid down, eliminated or
    /// exposed there, and no one leaves before an attack they took part
    /// in is settled (its retaliation would still reach them).
    #[test]
    fn use_a_fast_travel_station_who_left_is_affected_by_nothing() {
        let mut table = Table::new(2);
        table.advance();
        table.run(leave("ezio"));
        for condition in [Condition::Critical, Condition::Eliminated] {
            let refusal = table.refused(Command::SetCondition {
                assassin: "ezio".into(),
                condition,
            });
            assert_eq!(refusal.code, RuleCode::NotAffected);
            assert_eq!(refusal.section, Section::UseAFastTravelStation);
        }
        let refusal = table.refused(Command::SetExposed {
            assassin: "ezio".into(),
            exposed: true,
        });
        assert_eq!(refusal.code, RuleCode::NotAffected);
        assert!(!table.game.alert, "no alert from one who left");

        table.attack(
            vec![attacker("daria", "sword", &[Riposte, Hit, Blank])],
            &["elite"],
        );
        let refusal = table.refused(leave("daria"));
        assert_eq!(refusal.code, RuleCode::AttackPending);
    }

    /// Edition 1 (memories recorded before the second reading): leaving
    /// costs nothing, as recorded.
    #[test]
    fn use_a_fast_travel_station_under_edition_1_as_recorded() {
        let mut table = Table::edition_1(2);
        table.advance();
        table.run(Command::SetExposed {
            assassin: "ezio".into(),
            exposed: true,
        });
        let events = table.run(leave("ezio"));
        assert!(matches!(
            events[..],
            [Event::ConditionSet { paid: None, .. }]
        ));
        assert_eq!(table.assassin("ezio").cubes, 3);
        assert!(table.assassin("ezio").exposed);
    }
}

/// SAVE 1
mod save {
    use super::*;

    /// "It stays there until you decide to use it (though you must discard
    /// it at the end of the current memory)": a memory begins with no
    /// saved cube.
    #[test]
    fn save_1_a_memory_begins_without_a_saved_cube() {
        let table = Table::new(4);
        assert!(table.game.assassins.iter().all(|a| !a.saved));
        assert!(play_view(&table.game).assassins.iter().all(|a| !a.saved));
    }
}

/// ASSASSINS' HEALTH: CRITICAL CONDITION
mod critical_condition {
    use super::*;

    /// "Lay their miniature down and remove their red base from the map.
    /// They cannot do anything."
    #[test]
    fn critical_condition_the_red_base_is_removed() {
        let mut table = Table::new(2);
        table.advance();
        table.run(Command::SetExposed {
            assassin: "ezio".into(),
            exposed: true,
        });
        table.run(Command::SetCondition {
            assassin: "ezio".into(),
            condition: Condition::Critical,
        });
        assert!(!table.assassin("ezio").exposed);
    }

    /// "They will then go back to full health status if they recover all
    /// their [health], or to injured status if not. They can then
    /// immediately use their [cubes] if they have any left".
    #[test]
    fn critical_condition_healed_uses_the_cubes_left_at_once() {
        let mut table = Table::new(2);
        table.advance();
        table.run(Command::SpendCubes {
            assassin: "ezio".into(),
            count: 1,
        });
        table.run(Command::SetCondition {
            assassin: "ezio".into(),
            condition: Condition::Critical,
        });
        table.run(Command::SetCondition {
            assassin: "ezio".into(),
            condition: Condition::OnMap,
        });
        table.run(Command::SpendCubes {
            assassin: "ezio".into(),
            count: 2,
        });
        assert_eq!(table.assassin("ezio").cubes, 0);
    }
}

/// DIFFICULTY LEVEL
mod difficulty_level {
    use super::*;

    /// "You can choose the game's difficulty level (normal or easy) before
    /// starting a memory or during play." "For each 100% sync won by
    /// playing through all or part of a memory in easy difficulty, stick
    /// the gray version": the diary is told easy, or partly easy.
    #[test]
    fn difficulty_level_chosen_before_starting_or_during_play() {
        let mut easy = start_command(1);
        if let Command::StartMemory { easy, .. } = &mut easy {
            *easy = true;
        }
        let mut table = Table::with(easy, None);
        assert_eq!(attempt_draft(&table.game).difficulty, Difficulty::Easy);
        let refusal = table.refused(Command::SetDifficulty { easy: true });
        assert_eq!(refusal.code, RuleCode::DifficultySame);
        assert_eq!(refusal.section, Section::DifficultyLevel);
        table.advance();
        table.run(Command::SetDifficulty { easy: false });
        assert_eq!(
            attempt_draft(&table.game).difficulty,
            Difficulty::PartlyEasy
        );
    }
}

/// Where the summaries are silent or unclear, Bagless does not invent a
/// rule: each reading is an id of the memory's pack
/// (campaigns/memory/pack.json, listed in campaigns/README.md), and the
/// screen marks every one the memory rests on.
#[test]
fn every_reading_is_a_pack_assumption_the_screen_marks() {
    let pack = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../campaigns/memory/pack.json"
    ))
    .unwrap();
    let pack: serde_json::Value = serde_json::from_str(&pack).unwrap();
    let listed: Vec<&str> = pack["assumptions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|id| id.as_str().unwrap())
        .collect();
    assert_eq!(listed, bagless_memory::views::play::ASSUMPTIONS);
    let readme = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../campaigns/README.md"
    ))
    .unwrap();
    for id in &listed {
        assert!(readme.contains(&format!("`{id}`")), "README lists {id}");
    }
    let view = play_view(&Table::new(2).game);
    assert_eq!(view.assumptions, listed);
}
