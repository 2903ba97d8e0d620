//! Nothing from outside is believed (issue "One path for every game", point
//! 4): an export of any game is decided again entry by entry before it is
//! imported, so a file edited by hand (a count raised, a die's face
//! changed, a derived event removed, an event moved) is refused naming the
//! entry and its date, and nothing is written; a library edited under the
//! app's feet is named by the rescue command's check.

use crate::support::door::{Door, Parts};
use bagless_app::games::{bov::Bov, nation::Nation};
use bagless_app::PlayerCommand;
use bagless_app::{App, AppDirs, AppError, AttemptInput, NewCampaign};
use bagless_bov::campaign::{Difficulty, Outcome, XpGained};
use chrono::{NaiveDate, TimeZone, Utc};
use serde_json::{json, Value};
use std::path::Path;

use crate::support;
use support::games::{nation as nation_command, nation_setup};

fn clock() -> bagless_app::DateTime {
    Utc.with_ymd_and_hms(2026, 11, 25, 21, 0, 0).unwrap()
}

fn open_app(dir: &Path) -> App {
    App::open(
        AppDirs {
            data_dir: dir.to_path_buf(),
        },
        clock,
    )
}

/// A RISK Assassin's Creed game of `events` events, played by the bot, as
/// an export file's JSON.
fn risk_export(events: usize) -> Value {
    let log = support::risk_bot::long_game(events, clock());
    json!({
        "format": "bagless-campaign",
        "version": 1,
        "exported_at": clock(),
        "app_version": env!("CARGO_PKG_VERSION"),
        "name": "Midnight map",
        "game": "risk",
        "pack_id": "risk-ac",
        "events": log,
    })
}

/// The bot's RISK game of 300 events imported into `app` (its export written
/// into `dir`): the file's JSON and the game's line.
fn imported_risk_game(app: &App, dir: &Path) -> (Value, bagless_app::CampaignSummary) {
    let path = dir.join("game.bagless.json");
    let file = risk_export(300);
    std::fs::write(&path, file.to_string()).unwrap();
    let game = app.import_campaign(path.to_str().unwrap()).unwrap();
    (file, game)
}

fn events(file: &mut Value) -> &mut Vec<Value> {
    file["events"].as_array_mut().unwrap()
}

/// The first event of type `kind`, its index.
fn first(file: &Value, kind: &str) -> usize {
    file["events"]
        .as_array()
        .unwrap()
        .iter()
        .position(|e| e["event"]["type"] == kind)
        .unwrap_or_else(|| panic!("no {kind} in the game"))
}

/// Numbers the events from 1 again, as a careful hand would after an edit.
fn renumber(file: &mut Value) {
    for (seq, event) in (1..).zip(events(file).iter_mut()) {
        event["seq"] = seq.into();
    }
}

/// Imports `file`; the error, after checking the library did not change.
fn refused(app: &App, dir: &Path, file: &Value) -> AppError {
    let path = dir.join("edited.bagless.json");
    std::fs::write(&path, file.to_string()).unwrap();
    let before = app.list_campaigns().unwrap();
    let error = app.import_campaign(path.to_str().unwrap()).unwrap_err();
    let after = app.list_campaigns().unwrap();
    assert_eq!(
        serde_json::to_value(before).unwrap(),
        serde_json::to_value(after).unwrap(),
        "nothing written"
    );
    error
}

/// The entry the refusal names, with its date in the message's params.
fn named_entry(error: &AppError) -> u32 {
    assert!(
        matches!(
            error.code.as_str(),
            "import_breaks_rule" | "import_not_as_recorded"
        ),
        "{error:?}"
    );
    assert_eq!(error.params["date"], "2026-11-25 21:00", "{error:?}");
    error.params["entry"].parse().unwrap()
}

#[test]
fn a_risk_export_edited_by_hand_is_refused_naming_the_entry() {
    let dir = tempfile::tempdir().unwrap();
    let app = open_app(dir.path());
    let file = risk_export(400);

    // The file as Bagless wrote it is believed.
    let path = dir.path().join("as-written.bagless.json");
    std::fs::write(&path, file.to_string()).unwrap();
    app.import_campaign(path.to_str().unwrap()).unwrap();

    // 500 assassins placed where the turn brought a few.
    let mut placed = file.clone();
    let at = first(&placed, "assassins_placed");
    events(&mut placed)[at]["event"]["count"] = 500.into();
    let error = refused(&app, dir.path(), &placed);
    assert_eq!(named_entry(&error), at as u32 + 1, "{error:?}");
    assert_eq!(error.code, "import_breaks_rule", "{error:?}");

    // A die's face changed: the losses recorded are not the dice's.
    let mut face = file.clone();
    let at = first(&face, "dice_rolled");
    let faces = face["events"][at]["event"]["attack"].clone();
    let changed: Vec<u8> = faces
        .as_array()
        .unwrap()
        .iter()
        .map(|f| if f.as_u64() == Some(1) { 6 } else { 1 })
        .collect();
    events(&mut face)[at]["event"]["attack"] = json!(changed);
    assert_eq!(
        named_entry(&refused(&app, dir.path(), &face)),
        at as u32 + 1
    );

    // A conquest (an event the rules derive) removed.
    let mut removed = file.clone();
    let at = first(&removed, "territory_conquered");
    events(&mut removed).remove(at);
    renumber(&mut removed);
    let error = refused(&app, dir.path(), &removed);
    assert_eq!(error.code, "import_not_as_recorded", "{error:?}");
    assert_eq!(named_entry(&error), at as u32, "the attack it followed");

    // Two entries swapped.
    let mut moved = file.clone();
    let at = first(&moved, "placement_ended");
    events(&mut moved).swap(at - 1, at);
    renumber(&mut moved);
    let entry = named_entry(&refused(&app, dir.path(), &moved));
    assert_eq!(entry, at as u32, "{entry}");
}

#[test]
fn an_assassin_nation_export_edited_by_hand_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let app = open_app(dir.path());
    let game = app
        .create::<Nation>("Friday killers", nation_setup())
        .unwrap();
    app.act::<Nation>(&game.id, nation_command(json!({ "type": "end_intel" })))
        .unwrap();
    let path = app.export_campaign(&game.id).unwrap().path;
    let file: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    app.import_campaign(&path).unwrap();

    // The end of the Intel phase moved before the game's creation.
    let mut moved = file.clone();
    let last = events(&mut moved).len() - 1;
    events(&mut moved).swap(0, last);
    renumber(&mut moved);
    let error = refused(&app, dir.path(), &moved);
    assert!(error.code.starts_with("import_"), "{error:?}");

    // Every event after the creation removed but the last.
    let mut cut = file.clone();
    if events(&mut cut).len() > 2 {
        let keep = events(&mut cut).len() - 1;
        events(&mut cut).remove(keep - 1);
        renumber(&mut cut);
        let error = refused(&app, dir.path(), &cut);
        assert!(error.code.starts_with("import_"), "{error:?}");
    }
}

fn attempt(memory: &str, mandatory: u32) -> AttemptInput {
    AttemptInput {
        memory: memory.into(),
        outcome: Outcome::Success,
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

#[test]
fn a_campaign_export_with_a_derived_event_edited_or_added_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let app = open_app(dir.path());
    let id = app
        .create_campaign(NewCampaign {
            name: "Venice nights".into(),
            pack_id: "core".into(),
            assassins: vec!["alessandra".into(), "daria".into()],
        })
        .unwrap()
        .id;
    app.act::<Bov>(&id, PlayerCommand::RecordAttempt(attempt("0.1", 30)))
        .diary()
        .unwrap();
    let path = app.export_campaign(&id).unwrap().path;
    let file: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    app.import_campaign(&path).unwrap();

    // The level the rules derive from the attempt's XP, raised by hand (a
    // campaign's events are tagged `kind`).
    let derived = file["events"]
        .as_array()
        .unwrap()
        .iter()
        .position(|e| e["event"]["kind"] == "level_reached")
        .unwrap_or_else(|| panic!("a level reached in {file}"));
    let mut raised = file.clone();
    events(&mut raised)[derived]["event"]["level"] = 3.into();
    let error = refused(&app, dir.path(), &raised);
    assert_eq!(error.code, "import_not_as_recorded", "{error:?}");
    assert_eq!(
        named_entry(&error),
        derived as u32,
        "the attempt it followed"
    );

    // An event the rules do not derive, added after the creation.
    let mut added = file.clone();
    let level = events(&mut added)[derived].clone();
    events(&mut added).insert(1, level);
    renumber(&mut added);
    let error = refused(&app, dir.path(), &added);
    assert_eq!(named_entry(&error), 1, "the creation it follows");

    // A derived event removed from a campaign of today's edition is
    // refused, naming the entry it follows.
    let without = |file: &Value, kinds: &[&str]| {
        let mut edited = file.clone();
        events(&mut edited).retain(|e| !kinds.contains(&e["event"]["kind"].as_str().unwrap_or("")));
        renumber(&mut edited);
        edited
    };
    for kind in ["cards_dealt", "health_restored", "level_reached"] {
        let error = refused(&app, dir.path(), &without(&file, &[kind]));
        assert_eq!(error.code, "import_not_as_recorded", "{kind}: {error:?}");
    }

    // A history of edition 1 (recorded before editions were kept: no
    // edition after its creation), from the builds before the assassins'
    // boards, which recorded no cards dealt and no health restored, is
    // believed under the reading it was played with; a level it lacks is
    // still refused.
    let mut older = without(&file, &["edition_set", "cards_dealt", "health_restored"]);
    // Recorded when those builds were the players' (before the boards of
    // 2026-11-22): a history of theirs is read under their reading.
    for event in events(&mut older) {
        event["recorded_at"] = "2026-11-20T21:00:00Z".into();
    }
    let path = dir.path().join("older.bagless.json");
    std::fs::write(&path, older.to_string()).unwrap();
    let home = tempfile::tempdir().unwrap();
    open_app(home.path())
        .import_campaign(path.to_str().unwrap())
        .unwrap();
    // The same history dated when editions were kept (2026-11-25 21:00): no
    // Bagless of that date wrote a creation without its edition.
    let stripped = without(&file, &["edition_set", "cards_dealt", "health_restored"]);
    let error = refused(&app, dir.path(), &stripped);
    assert_eq!(error.code, "import_breaks_rule", "{error:?}");
    assert_eq!(named_entry(&error), 1);
    // Dated after the corrections but before editions: those builds
    // recorded the boards' events; a file lacking them is refused.
    let mut lacking = stripped.clone();
    for event in events(&mut lacking) {
        event["recorded_at"] = "2026-11-24T21:00:00Z".into();
    }
    let path = dir.path().join("lacking.bagless.json");
    std::fs::write(&path, lacking.to_string()).unwrap();
    let error = app.import_campaign(path.to_str().unwrap()).unwrap_err();
    assert_eq!(error.code, "import_not_as_recorded", "{error:?}");
    let mut no_level = without(&file, &["edition_set", "level_reached"]);
    for event in events(&mut no_level) {
        event["recorded_at"] = "2026-11-20T21:00:00Z".into();
    }
    let error = refused(&app, dir.path(), &no_level);
    assert_eq!(error.code, "import_not_as_recorded", "{error:?}");
}

/// A library edited under the app's feet, event and saved state alike, is
/// named by the rescue command's check, which decides every log again.
#[test]
fn a_library_edited_under_the_app_s_feet_is_named_by_the_check() {
    let dir = tempfile::tempdir().unwrap();
    let app = open_app(dir.path());
    let (file, game) = imported_risk_game(&app, dir.path());
    let check = app.check_library().unwrap().campaigns.unwrap();
    assert!(check.iter().all(|c| c.problem.is_none()), "{check:?}");
    drop(app);

    let at = first(&file, "assassins_placed") as u32 + 1;
    let conn = rusqlite::Connection::open(dir.path().join("bagless.sqlite")).unwrap();
    conn.execute(
        "UPDATE events SET payload = json_set(payload, '$.count', 500)
         WHERE campaign_id = ?1 AND seq = ?2",
        rusqlite::params![game.id, at],
    )
    .unwrap();
    // The saved state goes too, so that the start-up check computes it
    // again from the edited log and finds nothing amiss.
    conn.execute("DELETE FROM game_states WHERE campaign_id = ?1", [&game.id])
        .unwrap();
    drop(conn);

    let app = open_app(dir.path());
    let check = app.check_library().unwrap().campaigns.unwrap();
    let found = check
        .iter()
        .find(|c| c.id == game.id)
        .and_then(|c| c.problem.clone())
        .expect("the edited game is named");
    assert!(found.contains(&format!("entry {at}")), "{found}");
}

/// A refused entry names the rulebook section the rules refused it under,
/// as the rulebook prints it: the players look the rule up there.
#[test]
fn a_refused_entry_names_its_rulebook_section() {
    let dir = tempfile::tempdir().unwrap();
    let app = open_app(dir.path());

    // RISK: 500 assassins placed where the turn brought a few.
    let mut placed = risk_export(120);
    let at = first(&placed, "assassins_placed");
    events(&mut placed)[at]["event"]["count"] = 500.into();
    let error = refused(&app, dir.path(), &placed);
    assert_eq!(error.code, "import_breaks_rule", "{error:?}");
    assert_eq!(named_entry(&error), at as u32 + 1, "{error:?}");
    assert!(
        error.message.contains(&format!(
            "entry {} (2026-11-25 21:00), 1. PLACEZ VOS ASSASSINS: Only",
            at + 1
        )),
        "{error:?}"
    );

    // A campaign: an attempt at a memory the diary does not offer next.
    let id = app
        .create_campaign(NewCampaign {
            name: "Venice nights".into(),
            pack_id: "core".into(),
            assassins: vec!["alessandra".into(), "daria".into()],
        })
        .unwrap()
        .id;
    app.act::<Bov>(&id, PlayerCommand::RecordAttempt(attempt("0.1", 30)))
        .diary()
        .unwrap();
    let path = app.export_campaign(&id).unwrap().path;
    let mut file: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let at = file["events"]
        .as_array()
        .unwrap()
        .iter()
        .position(|e| e["event"]["kind"] == "attempt_recorded")
        .unwrap_or_else(|| panic!("an attempt in {file}"));
    events(&mut file)[at]["event"]["attempt"]["memory"] = "4.5".into();
    let error = refused(&app, dir.path(), &file);
    assert_eq!(error.code, "import_breaks_rule", "{error:?}");
    assert!(
        error
            .message
            .contains(&format!("entry {} (2026-11-25 21:00), CAMPAIGN:", at + 1)),
        "{error:?}"
    );
}

/// Places 500 assassins at the first placement of the game `id` in the
/// library file `library` and deletes its saved state, so that a check of
/// saved states alone computes it again from the edited log and finds
/// nothing amiss: the entry edited, by seq.
fn edit_a_placement(library: &Path, id: &str, file: &Value) -> u32 {
    let at = first(file, "assassins_placed") as u32 + 1;
    let conn = rusqlite::Connection::open(library).unwrap();
    conn.execute_batch("PRAGMA journal_mode = DELETE;").unwrap();
    conn.execute(
        "UPDATE events SET payload = json_set(payload, '$.count', 500)
         WHERE campaign_id = ?1 AND seq = ?2",
        rusqlite::params![id, at],
    )
    .unwrap();
    conn.execute("DELETE FROM game_states WHERE campaign_id = ?1", [id])
        .unwrap();
    at
}

/// Issue "A campaign's whole life" 3: a backup edited by hand (a RISK
/// game's placement raised to 500, its saved state deleted) is decided
/// again in its preview, which names the game and the entry; the restore
/// refuses it; the players may restore everything else, the game left out
/// and named.
#[test]
fn a_backup_edited_by_hand_is_named_in_its_preview_and_refused_or_restored_without_it() {
    let dir = tempfile::tempdir().unwrap();
    let app = open_app(dir.path());
    let (file, game) = imported_risk_game(&app, dir.path());
    let campaign = app
        .create_campaign(NewCampaign {
            name: "Venice nights".into(),
            pack_id: "core".into(),
            assassins: vec!["alessandra".into()],
        })
        .unwrap();
    let backup = app.back_up(None).unwrap().path;
    let name = backup.file_name().unwrap().to_string_lossy().into_owned();
    let _ = std::fs::remove_file(format!("{}.seal", backup.display()));
    let at = edit_a_placement(&backup, &game.id, &file);
    app.create_campaign(NewCampaign {
        name: "After the backup".into(),
        pack_id: "core".into(),
        assassins: vec!["daria".into()],
    })
    .unwrap();

    let preview = app.preview_backup(&name).unwrap();
    assert_eq!(preview.problems.len(), 1, "{:?}", preview.problems);
    let problem = &preview.problems[0];
    assert_eq!(problem.name, "Midnight map");
    assert_eq!(problem.entry, Some(at));
    assert_eq!(problem.date.as_deref(), Some("2026-11-25 21:00"));
    assert_eq!(
        preview.campaigns.len(),
        2,
        "its games, as the backup counts them"
    );

    let refused = app.restore_backup(&name, false).unwrap_err();
    assert_eq!(refused.code, "backup_not_believed", "{refused:?}");
    assert!(
        refused
            .message
            .contains(&format!("“Midnight map” (entry {at}, 2026-11-25 21:00)")),
        "{refused:?}"
    );
    assert_eq!(
        app.list_campaigns().unwrap().campaigns.len(),
        3,
        "nothing replaced"
    );

    let restored = app.restore_backup(&name, true).unwrap();
    assert_eq!(restored.left_out, ["Midnight map"]);
    let listed: Vec<String> = app
        .list_campaigns()
        .unwrap()
        .campaigns
        .into_iter()
        .map(|c| c.id)
        .collect();
    assert_eq!(
        listed,
        [campaign.id],
        "the campaign restored, the game left out"
    );
    let check = app.check_library().unwrap().campaigns.unwrap();
    assert!(check.iter().all(|c| c.problem.is_none()), "{check:?}");
}

/// Issue "A campaign's whole life" 3: a game edited in the library file
/// while the window was closed is named by the deep check that runs after
/// the first screen, at most once a day; what it found stays shown.
#[test]
fn the_deep_check_names_a_game_edited_while_the_window_was_closed_once_a_day() {
    let dir = tempfile::tempdir().unwrap();
    let app = open_app(dir.path());
    let (file, game) = imported_risk_game(&app, dir.path());
    assert!(app.check_histories_if_due(), "the first of the day runs");
    assert!(app.history_problems().is_empty());
    assert!(!app.check_histories_if_due(), "once a day");
    drop(app);

    let at = edit_a_placement(&dir.path().join("bagless.sqlite"), &game.id, &file);
    let app = open_app(dir.path());
    assert!(
        !app.wait_for_check(),
        "the saved states match the edited log"
    );
    assert!(
        app.library_info().history_problems.is_empty(),
        "not yet today"
    );
    std::fs::remove_file(dir.path().join("history-check.json")).unwrap();
    assert!(app.check_histories_if_due());
    let problems = app.library_info().history_problems;
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(
        (problems[0].id.as_str(), problems[0].entry),
        (game.id.as_str(), Some(at))
    );
    drop(app);
    // Shown again at the next start of the day, without a check.
    let app = open_app(dir.path());
    assert!(!app.check_histories_if_due());
    assert_eq!(app.history_problems().len(), 1);
}

/// The day's copy of a library edited while the window was closed is not
/// sealed (believed without being decided again) before the deep check
/// has decided every history again; when it finds nothing it seals it.
#[test]
fn the_day_s_copy_is_sealed_only_once_every_history_is_found_sound() {
    let dir = tempfile::tempdir().unwrap();
    let app = open_app(dir.path());
    let (file, game) = imported_risk_game(&app, dir.path());
    drop(app);
    edit_a_placement(&dir.path().join("bagless.sqlite"), &game.id, &file);
    let seals = || {
        std::fs::read_dir(dir.path().join("backups"))
            .unwrap()
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter(|n| n.starts_with("bagless-daily-") && n.ends_with(".seal"))
            .count()
    };
    let app = open_app(dir.path());
    assert!(
        !app.wait_for_check(),
        "its saved states match its edited log"
    );
    assert_eq!(seals(), 0, "not sealed before the deep check");
    assert!(app.check_histories_if_due());
    assert_eq!(app.history_problems().len(), 1);
    assert_eq!(seals(), 0, "the deep check found the edit: never sealed");
    let daily = app
        .list_backups()
        .into_iter()
        .find(|b| b.kind == "daily")
        .unwrap();
    assert_eq!(
        app.preview_backup(&daily.file_name).unwrap().problems.len(),
        1
    );
}
