//! Games recorded under an older edition of their rules: the library
//! tests/fixtures/library-edition-1.sqlite was written by the build of
//! 2026-11-25, when every rules crate played edition 1 (`cargo test -p
//! bagless-app --test app -- --ignored edition_fixture::` wrote it, from the
//! schema-5 library played on). It is never rewritten: it stands for the
//! libraries players kept before a corrected reading of a seed.
//!
//! Its views are kept by view_snapshots.rs (an old game replays to what it
//! showed); the tests here give each game a command at a clean point and
//! look for the edition step before it, in its log and its history.
use crate::support::door::{Door, Parts};
use bagless_app::games::{bov::Bov, nation::Nation, risk::Risk};
use bagless_app::PlayerCommand;
use bagless_app::{App, AppDirs};
use bagless_game::history::StepStatus;
use chrono::{TimeZone, Utc};
use std::path::{Path, PathBuf};

use crate::support;
use support::{games, risk_bot};

fn clock() -> bagless_app::DateTime {
    Utc.with_ymd_and_hms(2026, 11, 25, 18, 0, 0).unwrap()
}

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures")
}

fn open_copy(fixture: &str, dir: &Path) -> App {
    std::fs::copy(fixtures().join(fixture), dir.join("bagless.sqlite")).unwrap();
    App::open(
        AppDirs {
            data_dir: dir.to_path_buf(),
        },
        clock,
    )
}

#[test]
#[ignore = "writes the edition-1 fixture, once"]
fn write_the_edition_1_fixture() {
    let out = fixtures().join("library-edition-1.sqlite");
    assert!(
        !out.exists(),
        "{} exists: a fixture is never rewritten",
        out.display()
    );
    let dir = tempfile::tempdir().unwrap();
    let app = open_copy("library-schema-5.sqlite", dir.path());

    // Two games of RISK Assassin's Creed played by the bot, imported: one
    // stopped in the middle of a turn's placement, one at a turn's start.
    for (name, events) in [("Bot map, mid-turn", 400), ("Bot map, later", 900)] {
        let log = risk_bot::long_game(events, clock());
        let file = bagless_store::exchange::GameExport {
            format: bagless_store::exchange::EXPORT_FORMAT.to_string(),
            version: bagless_store::exchange::EXPORT_VERSION,
            exported_at: clock(),
            app_version: env!("CARGO_PKG_VERSION").to_string(),
            name: name.into(),
            game: "risk".into(),
            pack_id: "risk-ac".into(),
            id: None,
            events: log,
        };
        let path = dir.path().join(format!("{events}.bagless.json"));
        std::fs::write(&path, serde_json::to_vec(&file).unwrap()).unwrap();
        app.import_campaign_file(&path).unwrap();
    }

    // A second game of Assassin Nation, into its first assassination.
    let nation = app
        .create::<Nation>("Saturday killers", games::nation_setup())
        .unwrap()
        .id;
    app.act::<Nation>(
        &nation,
        games::nation(serde_json::json!({ "type": "end_intel" })),
    )
    .unwrap();

    // A campaign past 0.3, between two memories (where health rules show).
    let campaign = app
        .create_campaign(bagless_app::NewCampaign {
            name: "Edition one".into(),
            pack_id: "core".into(),
            assassins: vec!["alessandra".into(), "daria".into()],
        })
        .unwrap()
        .id;
    for memory in ["0.1", "0.2", "0.3"] {
        app.act::<Bov>(&campaign, PlayerCommand::RecordAttempt(attempt(memory)))
            .diary()
            .unwrap();
    }

    drop(app);
    assert!(!dir.path().join("bagless.sqlite-wal").exists());
    std::fs::copy(dir.path().join("bagless.sqlite"), &out).unwrap();
    println!("fixture written to {}", out.display());
}

fn attempt(memory: &str) -> bagless_app::AttemptInput {
    use bagless_bov::campaign::{Difficulty, Outcome, XpGained};
    bagless_app::AttemptInput {
        memory: memory.into(),
        outcome: Outcome::Success,
        difficulty: Difficulty::Normal,
        xp: XpGained {
            mandatory: 5,
            optional: 2,
            ..Default::default()
        },
        sync_met: false,
        stickers: vec![],
        played_on: chrono::NaiveDate::from_ymd_opt(2026, 11, 20).unwrap(),
        notes: format!("played {memory}"),
        eliminated: vec![],
    }
}

/// The game of the fixture named `name`.
fn game_id(app: &App, name: &str) -> String {
    app.list_campaigns()
        .unwrap()
        .campaigns
        .into_iter()
        .find(|c| c.name == name)
        .unwrap_or_else(|| panic!("no game {name} in the fixture"))
        .id
}

/// The newest steps of a game's history, newest first: (key, params).
fn newest(history: &bagless_app::GameHistory, n: usize) -> Vec<(String, String)> {
    history
        .entries
        .iter()
        .take(n)
        .map(|e| (e.line.key.clone(), format!("{:?}", e.line.params)))
        .collect()
}

/// Assassin Nation, edition 1 → 2 (TIME OF DEATH per card played, a
/// Contract Card with every attempt). "Friday killers" is in the Intel
/// Phase of its first round with no attempt made (its End of Intel was
/// undone): a clean point. Its next command is decided under edition 2,
/// after the edition step, in one write; undoing the command leaves the
/// step, undoing again takes the game back to edition 1.
#[test]
fn a_nation_game_of_edition_1_moves_to_edition_2_with_its_next_command_between_rounds() {
    let edition = <bagless_nation::Game as bagless_game::Rules>::EDITION;
    assert!(
        edition >= 2,
        "Assassin Nation's rules are at edition {edition}"
    );
    let dir = tempfile::tempdir().unwrap();
    let app = open_copy("library-edition-1.sqlite", dir.path());
    let id = game_id(&app, "Friday killers");
    let before = serde_json::to_value(app.open::<Nation>(&id).unwrap()).unwrap();
    assert_eq!(before["view"]["phase"], "intel", "{before:#}");

    app.act::<Nation>(
        &id,
        games::nation(serde_json::json!({ "type": "end_intel" })),
    )
    .unwrap();
    let history = app.history(&id, None).unwrap();
    let steps: Vec<_> = history.entries.iter().take(2).collect();
    assert_eq!(
        steps[0].line.key,
        "intel_ended",
        "{:?}",
        newest(&history, 4)
    );
    assert_eq!(steps[1].line.key, "edition_changed");
    assert_eq!(steps[1].line.params["from"], "1");
    assert_eq!(steps[1].line.params["to"], edition.to_string());
    assert_eq!(steps[0].seq, steps[1].seq + 1, "written in the same step");

    // Undo takes back the command, then the edition step.
    app.undo::<Nation>(&id).unwrap();
    let history = app.history(&id, None).unwrap();
    assert!(history
        .entries
        .iter()
        .any(|e| e.line.key == "edition_changed" && e.status == StepStatus::Done));
    app.undo::<Nation>(&id).unwrap();
    let history = app.history(&id, None).unwrap();
    assert!(history
        .entries
        .iter()
        .any(|e| e.line.key == "edition_changed" && e.status != StepStatus::Done));
    let after = serde_json::to_value(app.open::<Nation>(&id).unwrap()).unwrap();
    assert_eq!(
        after, before,
        "back to the game as recorded under edition 1"
    );
}

/// RISK Assassin's Creed, edition 1 → 2 (the battle of DÉPLACEZ-VOUS /
/// LANCEZ LES DÉS / COMBAT, the second reading's corrections). Both bot
/// games of the fixture stopped at the start of a turn's placement, played
/// under edition 1: a clean point. The turn's first placement comes after
/// the edition step, in the same write, worded in the history; undoing
/// both gives back the game as recorded. (That no step is taken within a
/// turn is kept by bagless-risk's own tests.)
#[test]
fn a_risk_game_of_edition_1_moves_to_edition_2_at_the_start_of_its_next_turn() {
    let edition = <bagless_risk::Game as bagless_game::Rules>::EDITION;
    assert!(edition >= 2, "RISK's rules are at edition {edition}");
    let dir = tempfile::tempdir().unwrap();
    let app = open_copy("library-edition-1.sqlite", dir.path());
    for name in ["Bot map, mid-turn", "Bot map, later"] {
        let id = game_id(&app, name);
        let open = |app: &App| serde_json::to_value(app.open::<Risk>(&id).unwrap()).unwrap();
        let before = open(&app);
        let view = &before["view"];
        assert_eq!(view["phase"], "placement", "{name}");
        let mine = view["territories"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["owner"] == view["current"])
            .unwrap()["id"]
            .clone();
        app.act::<Risk>(
            &id,
            games::risk(serde_json::json!({ "type": "place", "territory": mine, "count": 1 })),
        )
        .unwrap_or_else(|e| panic!("{name}: {e:?}"));
        let history = app.history(&id, None).unwrap();
        let entries: Vec<_> = history.entries.iter().take(2).collect();
        assert_eq!(
            entries[1].line.key,
            "edition_changed",
            "{name}: {:?}",
            newest(&history, 4)
        );
        assert_eq!(entries[1].line.params["from"], "1");
        assert_eq!(entries[1].line.params["to"], edition.to_string());
        assert_eq!(
            entries[0].seq,
            entries[1].seq + 1,
            "{name}: in the same write"
        );
        assert_eq!(
            open(&app)["view"]["pool"],
            view["pool"].as_u64().unwrap() - 1
        );

        app.undo::<Risk>(&id).unwrap();
        app.undo::<Risk>(&id).unwrap();
        assert_eq!(open(&app), before, "{name}: back to edition 1 as recorded");
    }
}
