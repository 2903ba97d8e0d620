//! Adding a game is cheap, and shown: the dice race (crates/bagless-dice-race,
//! registered only in test builds) goes through every common path with
//! nothing of its own but its rules crate, its door
//! (crates/bagless-app/src/games/dice_race.rs) and one line of the
//! registry: create, act, undo, redo, history, going back, rename, export,
//! import (a tampered entry refused), the check (a library edited under the
//! app's feet named) and a backup's preview.

use bagless_app::{App, AppDirs, GameCommand};
use chrono::{TimeZone, Utc};
use serde_json::{json, Value};

fn clock() -> bagless_app::DateTime {
    Utc.with_ymd_and_hms(2026, 11, 25, 21, 0, 0).unwrap()
}

fn command(command: Value) -> GameCommand {
    serde_json::from_value(json!({ "game": "dice_race", "command": command })).unwrap()
}

fn roll(face: u8) -> GameCommand {
    command(json!({ "type": "roll", "face": face }))
}

fn screen(answer: bagless_app::GameAnswer) -> Value {
    serde_json::from_str(answer.json()).unwrap()
}

fn race(app: &App) -> String {
    let created = app
        .create_game(
            "Friday race",
            command(json!({ "type": "create_game", "players": ["Ana", "Bruno"], "target": 10 })),
        )
        .unwrap();
    assert_eq!(created.game, "dice_race");
    assert_eq!(created.pack_name, "Dice race");
    assert_eq!(created.assassins, ["Ana", "Bruno"]);
    created.id
}

#[test]
fn a_dice_race_is_played_undone_redone_gone_back_and_renamed_through_the_one_command_set() {
    let dir = tempfile::tempdir().unwrap();
    let app = App::open(
        AppDirs {
            data_dir: dir.path().to_path_buf(),
        },
        clock,
    );
    let id = race(&app);
    let after = screen(app.act_in_game(&id, roll(6), None).unwrap());
    assert_eq!(after["view"]["totals"], json!([6, 0]));
    screen(app.act_in_game(&id, roll(3), None).unwrap());
    let won = screen(app.act_in_game(&id, roll(5), None).unwrap());
    assert_eq!(won["view"]["winner"], json!(0));

    // The rules refuse, in their words, and nothing is written.
    let over = app.act_in_game(&id, roll(2), None).unwrap_err();
    assert_eq!(over.code, "over");
    let seven = app.act_in_game(&race(&app), roll(7), None).unwrap_err();
    assert_eq!(seven.code, "face");

    let undone = screen(app.undo_in_game(&id, None).unwrap());
    assert_eq!(undone["view"]["winner"], Value::Null);
    assert_eq!(undone["view"]["totals"], json!([6, 3]));
    let redone = screen(app.redo_in_game(&id, None).unwrap());
    assert_eq!(redone["view"]["winner"], json!(0));

    let history = app.game_history_of(&id, None).unwrap();
    // The win derived from the last roll is under it.
    let keys: Vec<&str> = history
        .entries
        .iter()
        .map(|e| e.line.key.as_str())
        .collect();
    assert_eq!(keys, ["rolled", "rolled", "rolled", "game_created"]);
    assert_eq!(history.entries[0].details[0].key, "won");
    let first_roll = history.entries[2].seq;
    let back = screen(app.jump_back_in_game(&id, first_roll, None).unwrap());
    assert_eq!(back["view"]["totals"], json!([6, 0]));

    // A step taken from the history answers with the history (every game
    // has that part), as far back as asked.
    let page = Some(json!({ "part": "history", "limit": 2 }));
    let redone = screen(app.redo_in_game(&id, page.clone()).unwrap());
    assert_eq!(redone["game"], "dice_race");
    assert_eq!(redone["entries"].as_array().unwrap().len(), 2);
    assert_eq!(redone["entries"][1]["status"], "done");
    assert_eq!(redone["entries"][0]["status"], "redoable");
    assert_eq!(redone["older"], 2);
    let undone = screen(app.undo_in_game(&id, page).unwrap());
    assert_eq!(undone["entries"][1]["status"], "redoable");
    assert!(undone["can_redo"].as_bool().unwrap());

    let renamed = screen(app.rename_game(&id, "Saturday race", None).unwrap());
    assert_eq!(renamed["name"], "Saturday race");
    let reopened = screen(app.open_game(&id, None).unwrap());
    assert_eq!(reopened, renamed);

    // Another game's command is not this game's.
    let risk = serde_json::from_value(json!({ "game": "risk", "command": { "type": "end_turn" } }))
        .unwrap();
    assert_eq!(
        app.act_in_game(&id, risk, None).unwrap_err().code,
        "another_game"
    );
    let unknown = command(json!({ "type": "fly" }));
    assert_eq!(
        app.act_in_game(&id, unknown, None).unwrap_err().code,
        "unknown_command"
    );

    // The library lists it in its own words; a backup's preview names its box.
    let listed = app.list_campaigns().unwrap();
    assert!(listed.campaigns.iter().any(|c| c.id == id && c.round == 1));
    let backup = app.back_up(None).unwrap();
    let file_name = backup.path.file_name().unwrap().to_str().unwrap();
    let preview = app.preview_backup(file_name).unwrap();
    assert!(preview.campaigns.iter().any(|c| c.pack_name == "Dice race"));
    let check = app.check_library().unwrap();
    assert!(check.campaigns.unwrap().iter().all(|c| c.problem.is_none()));
}

#[test]
fn a_dice_race_exported_comes_back_and_a_tampered_one_is_refused_naming_its_entry() {
    let dir = tempfile::tempdir().unwrap();
    let app = App::open(
        AppDirs {
            data_dir: dir.path().to_path_buf(),
        },
        clock,
    );
    let id = race(&app);
    for face in [6, 3, 5] {
        app.act_in_game(&id, roll(face), None).unwrap();
    }
    let path = dir.path().join("race.bagless.json");
    app.export_campaign_to(&id, &path).unwrap();
    // The library holds it: already here, the same game.
    let imported = app.import_campaign_file(&path).unwrap();
    assert_eq!(
        (imported.game.as_str(), imported.id.as_str()),
        ("dice_race", id.as_str())
    );
    let again = screen(app.open_game(&imported.id, None).unwrap());
    assert_eq!(again["view"]["totals"], json!([11, 3]));

    // The winning 5 made a 1 by hand: the win recorded after it no longer
    // follows from it.
    let mut file: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    file["events"][3]["event"]["face"] = json!(1);
    let tampered = dir.path().join("tampered.bagless.json");
    std::fs::write(&tampered, serde_json::to_vec(&file).unwrap()).unwrap();
    let refused = app.import_campaign_file(&tampered).unwrap_err();
    assert_eq!(refused.code, "import_not_as_recorded", "{refused:?}");
    assert_eq!(refused.params["entry"], "4");

    // A face no die shows breaks a rule.
    file["events"][3]["event"]["face"] = json!(9);
    std::fs::write(&tampered, serde_json::to_vec(&file).unwrap()).unwrap();
    let refused = app.import_campaign_file(&tampered).unwrap_err();
    assert_eq!(refused.code, "import_breaks_rule", "{refused:?}");
    let names: Vec<String> = app
        .list_campaigns()
        .unwrap()
        .campaigns
        .into_iter()
        .map(|c| c.name)
        .collect();
    assert_eq!(names.len(), 1, "nothing written: {names:?}");
}

#[test]
fn a_dice_race_edited_under_the_apps_feet_is_named_by_the_check() {
    let dir = tempfile::tempdir().unwrap();
    let app = App::open(
        AppDirs {
            data_dir: dir.path().to_path_buf(),
        },
        clock,
    );
    let id = race(&app);
    app.act_in_game(&id, roll(2), None).unwrap();
    drop(app);
    let db = rusqlite::Connection::open(dir.path().join("bagless.sqlite")).unwrap();
    let changed = db
        .execute(
            "UPDATE events SET payload = json_set(payload, '$.face', 9) WHERE campaign_id = ?1 AND seq = 2",
            [&id],
        )
        .unwrap();
    assert_eq!(changed, 1);
    drop(db);
    let app = App::open(
        AppDirs {
            data_dir: dir.path().to_path_buf(),
        },
        clock,
    );
    let check = app.check_library().unwrap();
    let problems: Vec<String> = check
        .campaigns
        .unwrap()
        .into_iter()
        .filter_map(|c| c.problem)
        .collect();
    assert_eq!(problems.len(), 1, "{problems:?}");
}

/// The one command set reads a game's kind once and remembers it (a kind is
/// written when the game is created and never changes). Should an id come
/// to name a game of another kind (here a library edited by hand: a game of
/// Assassin Nation taken out, its id given to a dice race), the kind
/// remembered is read again when the game answers with an error, and the
/// step is taken as the game the id names now.
#[test]
fn an_id_that_comes_to_name_another_kind_of_game_is_answered_as_that_game() {
    use crate::support::door::Door;
    use bagless_app::games::nation::Nation;
    let dir = tempfile::tempdir().unwrap();
    let app = App::open(
        AppDirs {
            data_dir: dir.path().to_path_buf(),
        },
        clock,
    );
    let table = app
        .create::<Nation>("Friday table", crate::support::games::nation_setup())
        .unwrap()
        .id;
    let race = race(&app);
    app.open_game(&table, None).unwrap();

    let db = rusqlite::Connection::open(dir.path().join("bagless.sqlite")).unwrap();
    // Each row moved by hand, none taken out with the game it names.
    db.pragma_update(None, "foreign_keys", false).unwrap();
    let tables: Vec<String> = db
        .prepare(
            "SELECT m.name FROM sqlite_master m, pragma_table_info(m.name) c
             WHERE m.type = 'table' AND c.name = 'campaign_id'",
        )
        .unwrap()
        .query_map([], |row| row.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    for name in tables {
        db.execute(
            &format!("DELETE FROM {name} WHERE campaign_id = ?1"),
            [&table],
        )
        .unwrap();
        db.execute(
            &format!("UPDATE {name} SET campaign_id = ?1 WHERE campaign_id = ?2"),
            [&table, &race],
        )
        .unwrap();
    }
    db.execute("DELETE FROM campaigns WHERE id = ?1", [&table])
        .unwrap();
    db.execute(
        "UPDATE campaigns SET id = ?1 WHERE id = ?2",
        [&table, &race],
    )
    .unwrap();
    drop(db);

    let opened = screen(app.open_game(&table, None).unwrap());
    assert_eq!(opened["view"]["totals"], json!([0, 0]));
    let rolled = screen(app.act_in_game(&table, roll(4), None).unwrap());
    assert_eq!(rolled["view"]["totals"], json!([4, 0]));
    assert_eq!(
        app.open_game(&race, None).unwrap_err().code,
        "no_such_campaign"
    );
    // A command for the game the id named before is for another game now.
    let nation = bagless_app::GameCommand {
        game: "nation".into(),
        command: json!({ "type": "end_round" }),
    };
    assert_eq!(
        app.act_in_game(&table, nation, None).unwrap_err().code,
        "another_game"
    );
}
