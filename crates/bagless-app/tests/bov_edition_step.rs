//! A Brotherhood of Venice campaign recorded under edition 1 of its rules
//! ("Edition one" in tests/fixtures/library-edition-1.sqlite, written by the
//! build of 2026-11-25: 0.1 to 0.3 played, health 4 by edition 1's
//! reading) moves to edition 2 with the players' next command between two
//! memories (ADJUSTING THE NUMBER OF PLAYERS: "Between 2 memories (never
//! during one)"): the edition step is an entry of its own, written in the
//! same write, with what it changed in the history; health becomes 3 + the
//! armor's (VILLA: "your 3 initial"); Undo takes back the command, then the
//! step; an export of it is decided again on import.
use crate::support::door::{Door, Parts, BOARD};
use bagless_app::games::bov::Bov;
use bagless_app::PlayerCommand;
use bagless_app::{App, AppDirs, AttemptInput};
use bagless_bov::campaign::{Difficulty, Outcome, XpGained};
use chrono::{NaiveDate, TimeZone, Utc};
use std::path::{Path, PathBuf};

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

fn campaign(app: &App, name: &str) -> String {
    app.list_campaigns()
        .unwrap()
        .campaigns
        .into_iter()
        .find(|c| c.name == name)
        .unwrap_or_else(|| panic!("no campaign {name} in the fixture"))
        .id
}

fn attempt(memory: &str) -> AttemptInput {
    AttemptInput {
        memory: memory.into(),
        outcome: Outcome::Success,
        difficulty: Difficulty::Normal,
        xp: XpGained::default(),
        sync_met: false,
        stickers: vec![],
        played_on: NaiveDate::from_ymd_opt(2026, 11, 26).unwrap(),
        notes: String::new(),
        eliminated: vec![],
    }
}

/// Alessandra's health and its maximum on the board.
fn health(app: &App, id: &str) -> (u8, u8) {
    let board = app.open_at::<Bov>(id, BOARD).board().unwrap();
    let a = board
        .assassins
        .iter()
        .find(|a| a.id == "alessandra")
        .unwrap();
    (a.health, a.max_health)
}

#[test]
fn an_edition_1_campaign_moves_to_today_s_edition_with_its_next_command_between_memories() {
    let dir = tempfile::tempdir().unwrap();
    let app = open_copy(dir.path());
    let id = campaign(&app, "Edition one");
    assert_eq!(health(&app, &id), (4, 4), "edition 1, as recorded");

    app.act::<Bov>(&id, PlayerCommand::RecordAttempt(attempt("0.4")))
        .diary()
        .unwrap();
    let history = app.history(&id, None).unwrap();
    let [played, step] = [&history.entries[0], &history.entries[1]];
    assert_eq!(played.line.key, "attempt_success");
    assert_eq!(step.line.key, "edition_changed");
    assert_eq!(
        (
            step.line.params["from"].as_str(),
            step.line.params["to"].as_str()
        ),
        ("1", "6")
    );
    assert_eq!(
        played.seq,
        step.seq + 3,
        "one write: the step, its health, then the attempt"
    );
    let details: Vec<&str> = step.details.iter().map(|d| d.key.as_str()).collect();
    assert_eq!(
        details,
        [
            "rules_edition_2",
            "rules_edition_3",
            "rules_edition_4",
            "rules_edition_5",
            "rules_edition_6",
            "health_capped",
            "health_capped"
        ]
    );
    assert_eq!(health(&app, &id), (3, 3), "3 initial, no armor");

    // Export and import: the step is decided again.
    let export = app.export_campaign(&id).unwrap();
    let imported = app.import_campaign(&export.path).unwrap();
    assert_eq!(health(&app, &imported.id), (3, 3));

    // Undo takes back the attempt, then the step: edition 1 again.
    app.undo::<Bov>(&id).unwrap();
    assert_eq!(health(&app, &id), (3, 3));
    app.undo::<Bov>(&id).unwrap();
    assert_eq!(health(&app, &id), (4, 4), "back to edition 1 as recorded");

    // Reopened, the library is sound (the saved state matches the log).
    drop(app);
    let app = App::open(
        AppDirs {
            data_dir: dir.path().to_path_buf(),
        },
        clock,
    );
    app.wait_for_check();
    assert!(app.library_info().read_only.is_none());
    assert_eq!(health(&app, &id), (4, 4));
}

#[test]
fn a_new_campaign_plays_today_s_edition_from_its_creation() {
    let dir = tempfile::tempdir().unwrap();
    let app = open_copy(dir.path());
    let id = app
        .create_campaign(bagless_app::NewCampaign {
            name: "Edition two".into(),
            pack_id: "core".into(),
            assassins: vec!["alessandra".into()],
        })
        .unwrap()
        .id;
    for memory in ["0.1", "0.2", "0.3"] {
        app.act::<Bov>(&id, PlayerCommand::RecordAttempt(attempt(memory)))
            .diary()
            .unwrap();
    }
    assert_eq!(health(&app, &id), (3, 3));
    let history = app.history(&id, None).unwrap();
    assert!(history
        .entries
        .iter()
        .all(|e| e.line.key != "edition_changed"));
    let created = history.entries.last().unwrap();
    assert!(created.details.iter().any(|d| d.key == "edition_set"));
}

/// The edition step is the app's own, given at a clean point with no
/// memory in play: sent by the window as a players' command, it is refused
/// and nothing is written.
#[test]
fn the_players_cannot_send_the_edition_step_themselves() {
    let dir = tempfile::tempdir().unwrap();
    let app = open_copy(dir.path());
    let id = campaign(&app, "Edition one");
    let before = app.history(&id, None).unwrap().entries.len();
    let take = bagless_app::GameCommand {
        game: "bov".into(),
        command: serde_json::json!({ "type": "take_edition", "to": 2 }),
    };
    let refused = app.act_in_game(&id, take, None).unwrap_err();
    assert_eq!(refused.code, "edition_by_app");
    assert_eq!(app.history(&id, None).unwrap().entries.len(), before);
    assert_eq!(
        health(&app, &id),
        (4, 4),
        "still edition 1: no health capped"
    );
}

/// Issue "A campaign's whole life" 1: the 5,000-event campaign, recorded
/// before the HQ's first assignment was required (2026-11-22), is believed
/// under edition 1's earliest reading; with the players' next command at a
/// clean point it moves to today's edition, its history saying so, and
/// nothing it recorded changes. From there, today's rules ask for the HQ's
/// first assignment before the next memory.
#[test]
fn the_5000_event_campaign_moves_to_today_s_edition_with_nothing_recorded_changed() {
    let dir = tempfile::tempdir().unwrap();
    let fixture = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/library-5000-events.sqlite");
    std::fs::copy(fixture, dir.path().join("bagless.sqlite")).unwrap();
    let app = App::open(
        AppDirs {
            data_dir: dir.path().to_path_buf(),
        },
        clock,
    );
    app.wait_for_check();
    let check = app.check_library().unwrap();
    assert!(check.campaigns.unwrap().iter().all(|c| c.problem.is_none()));
    let id = app.list_campaigns().unwrap().campaigns[0].id.clone();
    let events = |app: &App| -> Vec<serde_json::Value> {
        let path = app.export_campaign(&id).unwrap().path;
        let file: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        file["events"].as_array().unwrap().clone()
    };
    let before = events(&app);
    assert!(before.len() >= 5000);

    app.act::<Bov>(
        &id,
        PlayerCommand::SetHqSticker {
            number: 1,
            marked: true,
        },
    )
    .diary()
    .unwrap();
    let after = events(&app);
    assert_eq!(
        &after[..before.len()],
        &before[..],
        "nothing recorded changed"
    );
    let history = app.history(&id, Some(5)).unwrap();
    let [sticker, step] = [&history.entries[0], &history.entries[1]];
    assert_eq!(sticker.line.key, "hq_sticker_set", "{sticker:?}");
    assert_eq!(step.line.key, "edition_changed");
    assert_eq!(
        (
            step.line.params["from"].as_str(),
            step.line.params["to"].as_str()
        ),
        ("1", "6")
    );
    // Believed again, whole, with its step (an export imported).
    let export = app.export_campaign(&id).unwrap();
    app.import_campaign(&export.path).unwrap();
}
