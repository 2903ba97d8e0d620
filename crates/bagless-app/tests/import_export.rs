//! Export and import through the use-cases, on a real library file.

use crate::support::door::{Door, Parts, BOARD};
use bagless_app::games::bov::Bov;
use bagless_app::PlayerCommand;
use bagless_app::{App, AppDirs, AttemptInput, NewCampaign};
use bagless_bov::campaign::{Difficulty, Outcome, XpGained};
use chrono::{NaiveDate, TimeZone, Utc};
use std::path::Path;

fn clock() -> bagless_app::DateTime {
    Utc.with_ymd_and_hms(2026, 11, 20, 21, 0, 0).unwrap()
}

fn open_app(dir: &Path) -> App {
    App::open(
        AppDirs {
            data_dir: dir.to_path_buf(),
        },
        clock,
    )
}

fn attempt(memory: &str, outcome: Outcome, mandatory: u32) -> AttemptInput {
    AttemptInput {
        memory: memory.into(),
        outcome,
        difficulty: Difficulty::Normal,
        xp: XpGained {
            mandatory,
            ..Default::default()
        },
        sync_met: false,
        stickers: vec![],
        played_on: NaiveDate::from_ymd_opt(2026, 11, 19).unwrap(),
        notes: String::new(),
        eliminated: vec![],
    }
}

/// A campaign as in the acceptance flow: 0.1 success with red sync, 0.2
/// failed then won partly in easy with a grey sync.
fn played(app: &App) -> String {
    let summary = app
        .create_campaign(NewCampaign {
            name: "Venice nights".into(),
            pack_id: "core".into(),
            assassins: vec!["alessandra".into(), "daria".into()],
        })
        .unwrap();
    let id = summary.id;
    let mut first = attempt("0.1", Outcome::Success, 6);
    first.sync_met = true;
    app.act::<Bov>(&id, PlayerCommand::RecordAttempt(first))
        .diary()
        .unwrap();
    app.act::<Bov>(
        &id,
        PlayerCommand::RecordAttempt(attempt("0.2", Outcome::Failure, 0)),
    )
    .diary()
    .unwrap();
    let mut second = attempt("0.2", Outcome::Success, 8);
    second.difficulty = Difficulty::PartlyEasy;
    second.sync_met = true;
    second.notes = "Easy for the last two turns".into();
    app.act::<Bov>(&id, PlayerCommand::RecordAttempt(second))
        .diary()
        .unwrap();
    id
}

/// Everything a player could see of the library, to check nothing changed.
fn snapshot(app: &App) -> String {
    let library = app.list_campaigns().unwrap();
    let diaries: Vec<_> = library
        .campaigns
        .iter()
        .chain(&library.bin)
        .map(|c| app.open::<Bov>(&c.id).diary().unwrap())
        .collect();
    serde_json::to_string(&(library, diaries)).unwrap()
}

#[test]
fn an_exported_campaign_imports_as_a_new_equal_campaign() {
    let dir = tempfile::tempdir().unwrap();
    let app = open_app(dir.path());
    let id = played(&app);
    // The boards travel too: a card added and moved, a chest card drawn.
    use bagless_app::PlayerCommand as C;
    use bagless_bov::board::{CardKind, Place};
    let add = |name: &str, kind: CardKind, to: Place| C::AddCard {
        name: name.into(),
        kind,
        fits: None,
        health_bonus: 0,
        removal_mark: false,
        to,
    };
    app.act_at::<Bov>(
        &id,
        add("Smoke Bomb", CardKind::BlackEquipment, Place::VillaEnvelope),
        BOARD,
    )
    .board()
    .unwrap();
    app.act_at::<Bov>(
        &id,
        add("Chest 1", CardKind::Chest, Place::ChestDeck),
        BOARD,
    )
    .board()
    .unwrap();
    let inventory = |index| Place::Inventory {
        assassin: "daria".into(),
        index,
    };
    app.act_at::<Bov>(
        &id,
        C::MoveCard {
            card: "added-1".into(),
            to: inventory(0),
            chest: None,
        },
        BOARD,
    )
    .board()
    .unwrap();
    app.act_at::<Bov>(&id, C::DrawChestCard { to: inventory(4) }, BOARD)
        .board()
        .unwrap();
    let original_board = app.open_at::<Bov>(&id, BOARD).board().unwrap();
    let original = app.open::<Bov>(&id).diary().unwrap();
    let export = app.export_campaign(&id).unwrap();
    assert!(export
        .path
        .ends_with("Venice-nights-2026-11-20.bagless.json"));
    assert_eq!(app.list_export_files().len(), 1);

    let backups = |dir: &Path| {
        std::fs::read_dir(dir.join("backups"))
            .map(|entries| {
                entries
                    .filter_map(|e| e.ok()?.file_name().into_string().ok())
                    // The backups, not the seals beside them.
                    .filter(|n| n.contains("before-import") && n.ends_with(".sqlite"))
                    .count()
            })
            .unwrap_or(0)
    };
    assert_eq!(backups(dir.path()), 0);
    // Imported into the library that holds it: the same campaign, already
    // here; nothing written, no copy.
    let same = app.import_file(Path::new(&export.path), None).unwrap();
    assert_eq!(same.how, bagless_app::ImportHow::AlreadyHere);
    assert_eq!(same.game.id, id);
    assert_eq!(backups(dir.path()), 0, "nothing written");
    assert_eq!(app.list_campaigns().unwrap().campaigns.len(), 1);

    // Imported into another library (another home): the same campaign,
    // its identity carried with it, equal in everything.
    let home = tempfile::tempdir().unwrap();
    let other = open_app(home.path());
    let imported = other.import_campaign(&export.path).unwrap();
    assert_eq!(
        backups(home.path()),
        1,
        "a backup is taken before the import"
    );
    assert_eq!(imported.id, id, "its identity travels with it");
    assert_eq!(imported.name, "Venice nights");
    assert_eq!(
        other.open_at::<Bov>(&imported.id, BOARD).board().unwrap(),
        original_board,
        "the boards are imported as they were"
    );
    let copy = other.open::<Bov>(&imported.id).diary().unwrap();
    assert_eq!(copy, original);
    assert_eq!(copy.track.total, 14);
    assert_eq!(copy.next.as_ref().unwrap().memory, "0.3");

    // A second export of the same day gets its own file.
    let again = app.export_campaign(&id).unwrap();
    assert!(again
        .path
        .ends_with("Venice-nights-2026-11-20-2.bagless.json"));
}

#[test]
fn bad_import_files_are_refused_and_change_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let app = open_app(dir.path());
    let id = played(&app);
    let good = std::fs::read_to_string(app.export_campaign(&id).unwrap().path).unwrap();
    let before = snapshot(&app);

    let oversized = format!(
        "{{\"format\":\"bagless-campaign\",\"pad\":\"{}\"}}",
        "x".repeat(usize::try_from(bagless_store::exchange::MAX_EXPORT_BYTES).unwrap() + 1)
    );
    let wrong_order = good.replacen("\"seq\": 2", "\"seq\": 7", 1);
    let cheating = good.replacen("\"mandatory\": 6", "\"mandatory\": 600", 1);
    let other_box = good.replace("\"core\"", "\"tokyo\"");
    let far_future = good.replacen("\"recorded_at\": \"2026", "\"recorded_at\": \"+99999", 1);
    let overflow = good.replace(
        "\"recorded_at\": \"2026-11-20T21:00:00Z\"",
        "\"recorded_at\": \"+262142-12-31T23:59:59Z\"",
    );
    assert_ne!(overflow, good);
    let first_undone = format!(
        "{}{}",
        &good[..good.find("\"events\"").unwrap()],
        r#""events": [{"seq": 1, "recorded_at": "2026-11-20T21:00:00Z", "event": {"kind": "campaign_created", "name": "X", "pack_id": "core", "assassins": ["claudio"]}},
                      {"seq": 2, "recorded_at": "2026-11-20T21:00:00Z", "event": {"kind": "entry_undone", "seq": 1}}]}"#
    );
    let cases: Vec<(&str, Vec<u8>, &str, &str)> = vec![
        (
            "malformed",
            b"{ this is not json".to_vec(),
            "import_not_export",
            "not a Bagless campaign",
        ),
        ("empty", vec![], "import_truncated", "cut short"),
        (
            "truncated",
            good.as_bytes()[..good.len() / 2].to_vec(),
            "import_truncated",
            "cut short",
        ),
        (
            "binary",
            vec![0xff, 0xfe, 0x00, 0x01, 0x02],
            "import_not_export",
            "not a Bagless",
        ),
        (
            "other json",
            br#"{"hello": "world"}"#.to_vec(),
            "import_not_export",
            "not a Bagless",
        ),
        (
            "oversized",
            oversized.into_bytes(),
            "import_too_large",
            "too large",
        ),
        (
            "newer version",
            good.replacen("\"version\": 1", "\"version\": 2", 1)
                .into_bytes(),
            "import_newer",
            "newer version of Bagless",
        ),
        (
            "entries out of order",
            wrong_order.into_bytes(),
            "import_damaged",
            "damaged",
        ),
        (
            "breaks a rule",
            cheating.into_bytes(),
            "import_breaks_rule",
            "track ends at 175 XP",
        ),
        (
            "unknown box",
            other_box.into_bytes(),
            "import_unknown_pack",
            "tokyo box",
        ),
        (
            "year 99999",
            far_future.into_bytes(),
            "import_damaged",
            "impossible date",
        ),
        (
            "year 262142",
            overflow.into_bytes(),
            "import_damaged",
            "damaged",
        ),
        (
            "creation undone",
            first_undone.into_bytes(),
            "import_damaged",
            "its own creation",
        ),
        (
            "wrong field types",
            good.replacen("\"seq\": 1", "\"seq\": \"one\"", 1)
                .into_bytes(),
            "import_damaged",
            "damaged",
        ),
    ];
    for (what, bytes, code, words) in cases {
        let path = dir.path().join(format!("{what}.bagless.json"));
        std::fs::write(&path, &bytes).unwrap();
        let error = app.import_campaign(path.to_str().unwrap()).expect_err(what);
        assert_eq!(error.code, code, "{what}: {}", error.message);
        assert!(error.message.contains(words), "{what}: {}", error.message);
        assert_eq!(snapshot(&app), before, "{what} changed the library");
    }
    let missing = app
        .import_campaign(dir.path().join("nowhere.json").to_str().unwrap())
        .unwrap_err();
    assert_eq!(missing.code, "import_unreadable");
    assert_eq!(snapshot(&app), before);
}

#[test]
fn undo_takes_back_the_last_entry_and_survives_export() {
    let dir = tempfile::tempdir().unwrap();
    let app = open_app(dir.path());
    let id = played(&app);
    let diary = diary_of(app.undo::<Bov>(&id).unwrap());
    // The 0.2 success is gone: 0.2 is to be replayed as a 2nd attempt.
    let next = diary.next.clone().unwrap();
    assert_eq!((next.memory.as_str(), next.attempt), ("0.2", 2));
    assert_eq!(diary.track.total, 6);
    let export = app.export_campaign(&id).unwrap();
    let imported = app.import_campaign(&export.path).unwrap();
    let mut copy = app.open::<Bov>(&imported.id).diary().unwrap();
    copy.campaign_id = id.clone();
    copy.name = diary.name.clone();
    assert_eq!(copy, diary);
    // A campaign imported where its name is free keeps it.
    let elsewhere = tempfile::tempdir().unwrap();
    let other = open_app(elsewhere.path());
    assert_eq!(
        other.import_campaign(&export.path).unwrap().name,
        "Venice nights"
    );
    // Undo as far as the campaign's creation, and no further.
    app.undo::<Bov>(&id).unwrap();
    let first = diary_of(app.undo::<Bov>(&id).unwrap());
    assert_eq!(first.track.total, 0);
    assert_eq!(app.undo::<Bov>(&id).unwrap_err().code, "nothing_to_undo");
}

#[test]
fn deleted_campaigns_wait_in_the_bin_and_come_back() {
    let dir = tempfile::tempdir().unwrap();
    let app = open_app(dir.path());
    let id = played(&app);
    app.delete_campaign(&id).unwrap();
    let library = app.list_campaigns().unwrap();
    assert!(library.campaigns.is_empty());
    assert_eq!(library.bin[0].id, id);
    let refused = app.rename::<Bov>(&id, "New").diary().unwrap_err();
    assert_eq!(refused.code, "in_bin");
    app.restore_campaign(&id).unwrap();
    let diary = app.rename::<Bov>(&id, "  Venezia  ").diary().unwrap();
    assert_eq!(diary.name, "Venezia");
    assert_eq!(diary.track.total, 14);
}

#[test]
fn a_newer_library_is_reported_by_every_command() {
    let dir = tempfile::tempdir().unwrap();
    drop(open_app(dir.path()));
    // As a newer Bagless would leave it: user_version is the big-endian
    // integer at offset 60 of the SQLite header.
    let path = dir.path().join("bagless.sqlite");
    let mut bytes = std::fs::read(&path).unwrap();
    bytes[60..64].copy_from_slice(&99u32.to_be_bytes());
    std::fs::write(&path, &bytes).unwrap();
    let app = open_app(dir.path());
    app.wait_for_check();
    let info = app.library_info();
    assert_eq!(info.error.unwrap().code, "library_newer");
    assert_eq!(app.list_campaigns().unwrap_err().code, "library_newer");
    drop(app);
    assert_eq!(std::fs::read(&path).unwrap(), bytes);
}

#[test]
fn refused_commands_come_back_with_the_rule_in_players_words() {
    let dir = tempfile::tempdir().unwrap();
    let app = open_app(dir.path());
    let id = played(&app);
    let error = app
        .act::<Bov>(
            &id,
            PlayerCommand::RecordAttempt(attempt("0.4", Outcome::Success, 5)),
        )
        .diary()
        .unwrap_err();
    assert_eq!(error.code, "rules");
    assert_eq!(error.violations[0].code(), "memory_out_of_order");
    assert_eq!(error.message, "The next memory is 0.3: play it before 0.4.");
    let error = app
        .create_campaign(NewCampaign {
            name: String::new(),
            pack_id: "core".into(),
            assassins: vec![],
        })
        .unwrap_err();
    assert_eq!(error.violations.len(), 2);
}

/// The diary an undo or redo from the diary answers with.
fn diary_of(screen: crate::support::door::Screen<Bov>) -> bagless_bov::diary::DiaryView {
    match screen.view {
        bagless_app::games::bov::View::Diary(diary) => diary,
        other => panic!("the diary, not {other:?}"),
    }
}

/// A campaign takes every command through the one door every game takes
/// (`game_act`), whichever part of its screen is shown: the rules decide
/// it, and the answer shows the part asked for. A part no campaign has is
/// refused by name, and writes nothing.
#[test]
fn a_campaign_takes_its_commands_through_the_one_door_of_every_game() {
    use bagless_app::GameCommand;
    use bagless_bov::campaign::Command;
    let dir = tempfile::tempdir().unwrap();
    let app = open_app(dir.path());
    let id = played(&app);
    let before = app.history(&id, None).unwrap().entries.len();
    let heal = GameCommand {
        game: "bov".into(),
        command: serde_json::to_value(Command::SetHealth {
            assassin: "alessandra".into(),
            health: 2,
        })
        .unwrap(),
    };
    let answer: serde_json::Value = serde_json::from_str(
        app.act_in_game(&id, heal.clone(), Some(serde_json::json!({ "part": "hq" })))
            .unwrap()
            .json(),
    )
    .unwrap();
    assert_eq!(answer["view"]["part"], "hq");
    assert_eq!(app.history(&id, None).unwrap().entries.len(), before + 1);
    let refused = app
        .act_in_game(&id, heal, Some(serde_json::json!({ "part": "cellar" })))
        .unwrap_err();
    assert_eq!(refused.code, "unknown_part");
    assert_eq!(app.history(&id, None).unwrap().entries.len(), before + 1);
    let diary: serde_json::Value =
        serde_json::from_str(app.open_game(&id, None).unwrap().json()).unwrap();
    assert_eq!(diary["view"]["part"], "diary");
    assert_eq!(diary["view"]["shown"]["campaign_id"], id.as_str());
}

/// Every game Bagless exports comes back in: the file size an import reads
/// holds the most entries an import takes, at the size of the entries of a
/// real long game (tests/fixtures/risk-20000-events.bagless.json, a RISK
/// game of 1,353 turns), with half as much again to spare.
#[test]
fn the_import_limits_hold_the_longest_game_bagless_exports() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/risk-20000-events.bagless.json");
    let bytes = std::fs::read(&path).expect("the long RISK game's export");
    let file: serde_json::Value = serde_json::from_slice(&bytes).expect("an export");
    let entries = file["events"].as_array().expect("its entries").len();
    assert!(entries >= 20_000, "a long game: {entries} entries");
    let per_entry = bytes.len() as f64 / entries as f64;
    let needed = per_entry * bagless_app::MAX_IMPORT_EVENTS as f64 * 1.5;
    let max = bagless_store::exchange::MAX_EXPORT_BYTES as f64;
    assert!(
        needed < max,
        "{} entries of {per_entry:.0} bytes need {needed:.0} bytes; imports read {max}",
        bagless_app::MAX_IMPORT_EVENTS
    );
}
