//! Games recorded under an older edition of their rules: the library
//! tests/fixtures/library-edition-1.sqlite was written by the build of
//! 2026-11-25, when every rules crate played edition 1 (`cargo test -p
//! bagless-app --test edition_fixture -- --ignored` wrote it, from the
//! schema-5 library played on). It is never rewritten: it stands for the
//! libraries players kept before a corrected reading of a seed.
//!
//! Its views are kept by view_snapshots.rs (an old game replays to what it
//! showed); the tests here give each game a command at a clean point and
//! look for the edition step before it, in its log and its history.
use bagless_app::{App, AppDirs};
use chrono::{TimeZone, Utc};
use std::path::{Path, PathBuf};

mod support;
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
            events: log,
        };
        let path = dir.path().join(format!("{events}.bagless.json"));
        std::fs::write(&path, serde_json::to_vec(&file).unwrap()).unwrap();
        app.import_campaign_file(&path).unwrap();
    }

    // A second game of Assassin Nation, into its first assassination.
    let nation = app
        .nation_create("Saturday killers", games::nation_setup())
        .unwrap()
        .id;
    app.nation_act(
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
        app.record_attempt(&campaign, attempt(memory)).unwrap();
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
