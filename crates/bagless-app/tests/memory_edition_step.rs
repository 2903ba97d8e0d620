//! A Brotherhood of Venice memory in play recorded under edition 1 of its
//! rules ("Carnival nights" in tests/fixtures/library-edition-1.sqlite,
//! written by the build of 2026-11-25: memory 0.3 of "Edition one", in
//! turn 1's assassin phase) moves to edition 2 at the start of its next
//! game turn ("GAME TURN": "1. EVENT PHASE" begins it), never within a
//! turn: the step is an entry of its own, written in the same write as the
//! players' next command there, and worded in the history; the command is
//! decided under edition 2 (USE A FAST TRAVEL STATION: "can spend 1
//! [cube] to leave the map"); undo takes back the command, then the step,
//! and gives back the memory as recorded.
use crate::support::door::{Door, Parts};
use bagless_app::games::{bov::Bov, memory::Memory};
use bagless_app::{App, AppDirs};
use bagless_game::history::StepStatus;
use chrono::{TimeZone, Utc};
use std::path::{Path, PathBuf};

use crate::support;
use support::games::memory;

fn clock() -> bagless_app::DateTime {
    Utc.with_ymd_and_hms(2026, 11, 26, 21, 0, 0).unwrap()
}

fn open_copy(dir: &Path) -> App {
    let fixture = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/library-edition-1.sqlite");
    std::fs::copy(fixture, dir.join("bagless.sqlite")).unwrap();
    App::open(
        AppDirs {
            data_dir: dir.to_path_buf(),
        },
        clock,
    )
}

/// The memory in play named `name`: not a line of the library, but the
/// one its campaign's diary offers to resume.
fn memory_in_play(app: &App, name: &str) -> String {
    app.list_campaigns()
        .unwrap()
        .campaigns
        .iter()
        .filter_map(|c| app.open::<Bov>(&c.id).diary().ok()?.memory_in_play)
        .find(|id| app.open::<Memory>(id).is_ok_and(|m| m.name == name))
        .unwrap_or_else(|| panic!("no memory in play {name} in the fixture"))
}

fn act(app: &App, id: &str, command: serde_json::Value) -> serde_json::Value {
    let screen = app
        .act::<Memory>(id, memory(command.clone()))
        .unwrap_or_else(|e| panic!("{command}: {e:?}"));
    serde_json::to_value(screen.view).unwrap()
}

fn view(app: &App, id: &str) -> serde_json::Value {
    serde_json::to_value(app.open::<Memory>(id).unwrap().view).unwrap()
}

fn edition_steps(app: &App, id: &str) -> usize {
    let history = app.history(id, None).unwrap();
    history
        .entries
        .iter()
        .filter(|e| e.line.key == "edition_changed" && e.status == StepStatus::Done)
        .count()
}

fn cubes(view: &serde_json::Value, assassin: &str) -> u64 {
    view["assassins"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["id"] == assassin)
        .unwrap()["cubes"]
        .as_u64()
        .unwrap()
}

/// The rest of turn 1 of "Carnival nights", played under edition 1 (no
/// step within a turn): the reinforcement cards' lines for entrances A and
/// B, asked once, then the enemy phase to turn 2's start.
fn play_turn_1(app: &App, id: &str) {
    for card in 1..=8 {
        for column in ["calm", "alert"] {
            for entrance in ["a", "b"] {
                act(
                    app,
                    id,
                    serde_json::json!({
                        "type": "set_box_value",
                        "key": format!("reinforcement.2.{card}.{column}.{entrance}"),
                        "value": { "guard": "crossbowman", "count": 1 },
                    }),
                );
            }
        }
    }
    play_on_to_the_next_turn(app, id);
}

/// From a turn's assassin phase to the next turn's start.
fn play_on_to_the_next_turn(app: &App, id: &str) {
    act(app, id, serde_json::json!({ "type": "advance" }));
    act(
        app,
        id,
        serde_json::json!({ "type": "draw_reinforcement", "card": null }),
    );
    act(
        app,
        id,
        serde_json::json!({ "type": "place_reinforcements" }),
    );
    for _ in 0..4 {
        act(app, id, serde_json::json!({ "type": "advance" }));
    }
}

#[test]
fn an_edition_1_memory_in_play_moves_to_edition_2_at_its_next_turns_start() {
    let edition = <bagless_memory::Game as bagless_game::Rules>::EDITION;
    assert!(edition >= 2, "the memory's rules are at edition {edition}");
    let dir = tempfile::tempdir().unwrap();
    let app = open_copy(dir.path());
    let id = memory_in_play(&app, "Carnival nights");
    let before = view(&app, &id);
    assert_eq!(
        (before["turn"].clone(), before["step"].clone()),
        (1.into(), "assassin".into())
    );

    play_turn_1(&app, &id);
    let turn_2 = view(&app, &id);
    assert_eq!(
        (turn_2["turn"].clone(), turn_2["step"].clone()),
        (2.into(), "event".into())
    );
    assert_eq!(
        edition_steps(&app, &id),
        0,
        "within turn 1, edition 1 stays"
    );

    // The next command at turn 2's start: the edition step first, in the
    // same write.
    act(&app, &id, serde_json::json!({ "type": "advance" }));
    let history = app.history(&id, None).unwrap();
    let entries: Vec<_> = history.entries.iter().take(2).collect();
    assert_eq!(entries[0].line.key, "step_advanced");
    assert_eq!(entries[1].line.key, "edition_changed");
    assert_eq!(entries[1].line.params["from"], "1");
    assert_eq!(entries[1].line.params["to"], edition.to_string());
    // One line under it per edition passed, each saying what that edition
    // changed (the catalogue's `rules_edition.<to>`).
    let passed: Vec<(&str, &str, &str)> = entries[1]
        .details
        .iter()
        .map(|d| {
            (
                d.key.as_str(),
                d.params["from"].as_str(),
                d.params["to"].as_str(),
            )
        })
        .collect();
    let expected: Vec<(String, String)> = (2..=edition)
        .map(|to| ((to - 1).to_string(), to.to_string()))
        .collect();
    assert_eq!(
        passed,
        expected
            .iter()
            .map(|(from, to)| ("rules_edition", from.as_str(), to.as_str()))
            .collect::<Vec<_>>()
    );
    assert_eq!(entries[0].seq, entries[1].seq + 1, "in the same write");

    // Decided under edition 2: leaving the map costs a cube.
    let left = act(
        &app,
        &id,
        serde_json::json!({ "type": "set_condition", "assassin": "alessandra", "condition": "left_map" }),
    );
    assert_eq!(cubes(&left, "alessandra"), 2);
    assert_eq!(edition_steps(&app, &id), 1);

    // Undo takes back the command, the advance, then the step.
    app.undo::<Memory>(&id).unwrap();
    app.undo::<Memory>(&id).unwrap();
    assert_eq!(edition_steps(&app, &id), 1);
    app.undo::<Memory>(&id).unwrap();
    assert_eq!(edition_steps(&app, &id), 0);
    assert_eq!(view(&app, &id), turn_2, "back to the memory as recorded");
}

/// Issue 55, a fresh reader's finding E1: "Carnival nights" as the build of
/// the memory's rules edition 3 left it. At turn 2's start that build wrote
/// its own step, from 1 to 3, with the players' next command (written here
/// through the store, as it wrote them), and turn 2 was played under
/// edition 3. Today's Bagless believes that history (the library's check,
/// which decides every game's history again, finds nothing wrong), plays
/// on under edition 3 within the turn ("Go to the next memory" or "Return
/// to the game" chosen when leaving), and at turn 3's start moves the
/// memory on to its edition, its history saying what edition 4 changed.
#[test]
fn a_step_to_edition_3_an_older_build_wrote_is_believed_and_the_memory_steps_on() {
    use bagless_memory::{Command, Context, Event};
    let edition = <bagless_memory::Game as bagless_game::Rules>::EDITION;
    let dir = tempfile::tempdir().unwrap();
    let app = open_copy(dir.path());
    let id = memory_in_play(&app, "Carnival nights");
    play_turn_1(&app, &id);
    drop(app);
    {
        let mut library = bagless_store::Library::open(
            &dir.path().join("bagless.sqlite"),
            &dir.path().join("backups"),
            clock(),
        )
        .unwrap();
        let (record, state) = library.game_state::<Memory>(&id).unwrap();
        let step = Event::EditionChanged { from: 1, to: 3 };
        let mut stepped = bagless_memory::Game::clone(&state);
        bagless_memory::evolve(&mut stepped, &step);
        let context = Context {
            now: clock(),
            seed: Some(1),
        };
        let mut events = vec![step];
        events.extend(bagless_memory::decide(&stepped, &Command::Advance, &context).unwrap());
        library
            .append_game::<Memory>(&id, record.last_seq, state, &events, clock())
            .unwrap();
    }
    let app = App::open(
        AppDirs {
            data_dir: dir.path().to_path_buf(),
        },
        clock,
    );
    let sound = |app: &App| {
        let check = app.check_library().unwrap();
        let campaigns = check.campaigns.unwrap();
        let memory = campaigns.iter().find(|c| c.id == id).unwrap();
        assert_eq!(memory.problem, None, "the memory's history is believed");
    };
    sound(&app);
    let step = &app.history(&id, None).unwrap().entries[1];
    assert_eq!(
        (
            step.line.key.as_str(),
            step.line.params["from"].as_str(),
            step.line.params["to"].as_str()
        ),
        ("edition_changed", "1", "3")
    );
    assert_eq!(
        step.details.len(),
        2,
        "editions 2 and 3 told: {:?}",
        step.details
    );

    // Turn 2 under edition 3: a return is chosen as one leaves, not later.
    act(
        &app,
        &id,
        serde_json::json!({ "type": "set_condition", "assassin": "alessandra", "condition": "left_map" }),
    );
    act(
        &app,
        &id,
        serde_json::json!({ "type": "set_alert", "on": true }),
    );
    let late = serde_json::json!({ "type": "set_condition", "assassin": "alessandra", "condition": "on_map" });
    let Err(refused) = app.act::<Memory>(&id, memory(late)) else {
        panic!("a late return was taken");
    };
    assert_eq!(refused.code, "rules");
    assert_eq!(refused.violations[0].code(), "left_for_good");
    play_on_to_the_next_turn(&app, &id);

    // Turn 3's start: the step on to Bagless's edition, with the command.
    act(&app, &id, serde_json::json!({ "type": "advance" }));
    let history = app.history(&id, None).unwrap();
    let step = &history.entries[1];
    assert_eq!(
        (step.line.key.as_str(), step.line.params["from"].as_str()),
        ("edition_changed", "3")
    );
    assert_eq!(step.line.params["to"], edition.to_string());
    assert_eq!(step.details.len() as u32, edition - 3);
    assert_eq!(edition_steps(&app, &id), 2);
    sound(&app);
}
