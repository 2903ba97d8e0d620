//! The other games on the shelf through the app's door, on real library
//! files: a game is created, played, undone and redone, listed beside the
//! campaigns, and found again exactly where it was after a relaunch.

use crate::support::door::{Door, Parts};
use bagless_app::games::{bov::Bov, memory::Memory, nation::Nation, risk::Risk};
use bagless_app::PlayerCommand;
use bagless_app::{App, AppDirs, NewCampaign};
use bagless_game::history::StepStatus;
use chrono::{TimeZone, Utc};
use std::path::Path;

use crate::support;
use support::games::{nation as command, nation_setup, risk, risk_setup};

fn clock() -> bagless_app::DateTime {
    Utc.with_ymd_and_hms(2026, 11, 23, 21, 0, 0).unwrap()
}

/// MISE EN PLACE 3–4: the territories dealt by Bagless.
fn deal_territories(app: &App, id: &str) -> Result<bagless_app::RiskScreen, bagless_app::AppError> {
    app.act::<Risk>(
        id,
        risk(serde_json::json!({ "type": "deal_territories", "deal": null })),
    )
}

fn open_app(dir: &Path) -> App {
    App::open(
        AppDirs {
            data_dir: dir.to_path_buf(),
        },
        clock,
    )
}

#[test]
fn a_game_of_assassin_nation_is_kept_beside_the_campaigns_and_survives_a_relaunch() {
    let dir = tempfile::tempdir().unwrap();
    let app = open_app(dir.path());
    app.create_campaign(NewCampaign {
        name: "Venice".into(),
        pack_id: "core".into(),
        assassins: vec!["daria".into()],
    })
    .unwrap();
    let created = app
        .create::<Nation>("Friday killers", nation_setup())
        .unwrap();
    assert_eq!(created.game, "nation");
    assert_eq!(created.assassins, ["Ada", "Bo", "Cy"]);

    // PLAYING THE GAME: the Intel Phase, then the Assassination Phase.
    let screen = app.open::<Nation>(&created.id).unwrap();
    assert_eq!(screen.view.round, 1);
    let after = app
        .act::<Nation>(
            &created.id,
            command(serde_json::json!({ "type": "end_intel" })),
        )
        .unwrap();
    assert_ne!(after.view.phase, screen.view.phase);

    // Undo and redo, worked out from the log.
    let undone = app.undo::<Nation>(&created.id).unwrap();
    assert_eq!(undone.view.phase, screen.view.phase);
    let redone = app.redo::<Nation>(&created.id).unwrap();
    assert_eq!(redone.view.phase, after.view.phase);
    let refused = app.redo::<Nation>(&created.id).unwrap_err();
    assert_eq!(refused.violations[0].code(), "nothing_to_redo");

    // A rule's refusal names the game and the rule.
    let refused = app
        .act::<Nation>(
            &created.id,
            command(serde_json::json!({ "type": "end_intel" })),
        )
        .unwrap_err();
    assert_eq!(refused.code, "rules");
    assert!(matches!(
        refused.violations[0],
        bagless_app::Violation::Nation(_)
    ));

    app.rename::<Nation>(&created.id, "Saturday killers")
        .unwrap();
    drop(app);

    // Quit and relaunch: the same game, at the same place.
    let app = open_app(dir.path());
    app.wait_for_check();
    assert!(
        app.library_info().read_only.is_none(),
        "the start-up check passes"
    );
    let again = app.open::<Nation>(&created.id).unwrap();
    assert_eq!(again.name, "Saturday killers");
    assert_eq!(
        serde_json::to_value(&again.view).unwrap(),
        serde_json::to_value(&redone.view).unwrap()
    );
    let library = app.list_campaigns().unwrap();
    let games: Vec<(&str, &str)> = library
        .campaigns
        .iter()
        .map(|c| (c.game.as_str(), c.name.as_str()))
        .collect();
    assert!(games.contains(&("nation", "Saturday killers")), "{games:?}");
    assert!(games.contains(&("bov", "Venice")), "{games:?}");

    // A game is not a campaign: a game's id opens its own screen, and the
    // diary asked of it is no part of its screen.
    assert_eq!(
        app.open_at::<Bov>(&created.id, crate::support::door::DIARY)
            .unwrap_err()
            .code,
        "unknown_part"
    );

    // The bin holds games too.
    app.delete_campaign(&created.id).unwrap();
    assert_eq!(
        app.act::<Nation>(
            &created.id,
            command(serde_json::json!({ "type": "end_intel" }))
        )
        .unwrap_err()
        .code,
        "in_bin"
    );
    app.restore_campaign(&created.id).unwrap();
}

#[test]
fn a_game_of_risk_is_set_up_played_undone_and_found_again_after_a_relaunch() {
    let dir = tempfile::tempdir().unwrap();
    let app = open_app(dir.path());
    let created = app.create::<Risk>("Midnight map", risk_setup()).unwrap();
    assert_eq!(created.game, "risk");
    // MISE EN PLACE: the territories and the cards dealt by Bagless.
    deal_territories(&app, &created.id).unwrap();
    let dealt = app
        .act::<Risk>(
            &created.id,
            risk(serde_json::json!({ "type": "deal_cards" })),
        )
        .unwrap();
    let held: u32 = dealt
        .view
        .territories
        .iter()
        .filter(|t| t.owner.is_some())
        .count() as u32;
    assert_eq!(held, 42, "every territory has its owner");
    assert!(dealt.view.territories.iter().all(|t| t.assassins >= 1));

    // Undo takes back the cards; redo brings them back.
    let undone = app.undo::<Risk>(&created.id).unwrap();
    assert_ne!(
        serde_json::to_value(&undone.view).unwrap(),
        serde_json::to_value(&dealt.view).unwrap()
    );
    let redone = app.redo::<Risk>(&created.id).unwrap();
    assert_eq!(
        serde_json::to_value(&redone.view).unwrap(),
        serde_json::to_value(&dealt.view).unwrap()
    );
    drop(app);

    let app = open_app(dir.path());
    app.wait_for_check();
    assert!(
        app.library_info().read_only.is_none(),
        "the start-up check passes"
    );
    let again = app.open::<Risk>(&created.id).unwrap();
    assert_eq!(
        serde_json::to_value(&again.view).unwrap(),
        serde_json::to_value(&dealt.view).unwrap()
    );
    let sheet = app.risk_sheet(&created.id).unwrap();
    assert!(!serde_json::to_value(&sheet).unwrap().is_null());
    let odds = app.risk_odds(4, 1);
    assert!(odds.win > 0.9 && odds.win < 1.0, "{odds:?}");
}

#[test]
fn values_of_the_box_entered_once_are_offered_to_the_next_game() {
    let dir = tempfile::tempdir().unwrap();
    let app = open_app(dir.path());
    let bare = || {
        risk(serde_json::json!({
            "type": "create_game",
            "players": [ { "name": "A", "colour": "red" }, { "name": "B", "colour": "grey" }, { "name": "C", "colour": "black" } ],
            "sigma": true,
            "box_values": [],
        }))
    };
    // Nothing known yet: dealing by Bagless needs the cards' crests.
    let unknown = app.create::<Risk>("Unknown", bare()).unwrap();
    let refused = deal_territories(&app, &unknown.id).unwrap_err();
    assert_eq!(refused.violations[0].code(), "value_needed");

    app.create::<Risk>("First", risk_setup()).unwrap();
    // The next game names no value: the crests and bonuses entered for the
    // first are remembered for the box, so the deal is not refused.
    let second = app.create::<Risk>("Second", bare()).unwrap();
    deal_territories(&app, &second.id).unwrap();
}

#[test]
fn a_game_exported_then_imported_comes_back_as_a_new_game_at_the_same_place() {
    let dir = tempfile::tempdir().unwrap();
    let app = open_app(dir.path());
    let risk_game = app.create::<Risk>("Midnight map", risk_setup()).unwrap();
    deal_territories(&app, &risk_game.id).unwrap();
    let nation_game = app
        .create::<Nation>("Friday killers", nation_setup())
        .unwrap();
    app.act::<Nation>(
        &nation_game.id,
        command(serde_json::json!({ "type": "end_intel" })),
    )
    .unwrap();

    let risk_file = app.export_campaign(&risk_game.id).unwrap().path;
    let nation_file = app.export_campaign(&nation_game.id).unwrap().path;
    // In another library (another home): the same games, their identity
    // carried with them.
    let home = tempfile::tempdir().unwrap();
    let other = open_app(home.path());
    let risk_copy = other.import_campaign(&risk_file).unwrap();
    let nation_copy = other.import_campaign(&nation_file).unwrap();
    assert_eq!(risk_copy.game, "risk");
    assert_eq!(
        (risk_copy.id.as_str(), risk_copy.name.as_str()),
        (risk_game.id.as_str(), "Midnight map")
    );
    assert_eq!(nation_copy.game, "nation");
    let view =
        |app: &App, id: &str| serde_json::to_value(app.open::<Risk>(id).unwrap().view).unwrap();
    assert_eq!(view(&other, &risk_copy.id), view(&app, &risk_game.id));
    assert_eq!(
        serde_json::to_value(other.open::<Nation>(&nation_copy.id).unwrap().view).unwrap(),
        serde_json::to_value(app.open::<Nation>(&nation_game.id).unwrap().view).unwrap()
    );
    // In the library that holds them: already here, nothing added.
    let again = app
        .import_file(std::path::Path::new(&risk_file), None)
        .unwrap();
    assert_eq!(again.how, bagless_app::ImportHow::AlreadyHere);
    assert_eq!(app.list_campaigns().unwrap().campaigns.len(), 2);

    // A file that claims to be a game but whose log is out of order is
    // refused, and nothing is written.
    let text = std::fs::read_to_string(&risk_file).unwrap();
    let mut broken: serde_json::Value = serde_json::from_str(&text).unwrap();
    broken["events"][1]["seq"] = 7.into();
    let bad = dir.path().join("broken.bagless.json");
    std::fs::write(&bad, broken.to_string()).unwrap();
    let before = app.list_campaigns().unwrap().campaigns.len();
    let refused = app.import_campaign(bad.to_str().unwrap()).unwrap_err();
    assert_eq!(refused.code, "import_damaged", "{refused:?}");
    assert_eq!(app.list_campaigns().unwrap().campaigns.len(), before);

    // Nor is a file whose log takes back its own creation.
    let mut undone: serde_json::Value = serde_json::from_str(&text).unwrap();
    let events = undone["events"].as_array_mut().unwrap();
    let mut marker = events[0].clone();
    marker["seq"] = (events.len() + 1).into();
    marker["event"] = serde_json::json!({ "type": "entry_undone", "seq": 1 });
    events.push(marker);
    std::fs::write(&bad, undone.to_string()).unwrap();
    let refused = app.import_campaign(bad.to_str().unwrap()).unwrap_err();
    assert_eq!(refused.code, "import_damaged", "{refused:?}");
    assert_eq!(app.list_campaigns().unwrap().campaigns.len(), before);
}

#[test]
fn a_games_history_names_each_step_and_goes_back_to_one() {
    let dir = tempfile::tempdir().unwrap();
    let app = open_app(dir.path());
    let game = app.create::<Risk>("Midnight map", risk_setup()).unwrap();
    deal_territories(&app, &game.id).unwrap();
    app.act::<Risk>(&game.id, risk(serde_json::json!({ "type": "deal_cards" })))
        .unwrap();
    let history = app.history(&game.id, None).unwrap();
    assert_eq!(history.game, "risk");
    let keys: Vec<&str> = history
        .entries
        .iter()
        .map(|e| e.line.key.as_str())
        .collect();
    assert_eq!(keys, ["cards_dealt", "territories_dealt", "game_created"]);
    let dealt = history
        .entries
        .iter()
        .find(|e| e.line.key == "territories_dealt")
        .unwrap()
        .seq;
    let back = app.jump_back::<Risk>(&game.id, dealt).unwrap();
    assert!(back.view.territories.iter().all(|t| t.owner.is_some()));
    let history = app.history(&game.id, None).unwrap();
    assert!(
        history
            .entries
            .iter()
            .find(|e| e.line.key == "cards_dealt")
            .unwrap()
            .status
            == StepStatus::Redoable
    );
    assert!(
        history
            .entries
            .iter()
            .find(|e| e.line.key == "territories_dealt")
            .unwrap()
            .status
            == StepStatus::Done
    );
}

#[test]
fn a_backup_holding_games_passes_its_check_and_names_their_boxes() {
    let dir = tempfile::tempdir().unwrap();
    let app = open_app(dir.path());
    let game = app.create::<Risk>("Midnight map", risk_setup()).unwrap();
    deal_territories(&app, &game.id).unwrap();
    app.create::<Nation>("Friday killers", nation_setup())
        .unwrap();
    let preview = preview_of_a_new_backup(&app);
    let boxes: Vec<&str> = preview
        .campaigns
        .iter()
        .map(|c| c.pack_name.as_str())
        .collect();
    assert!(boxes.contains(&"RISK Assassin's Creed"), "{boxes:?}");
    assert!(boxes.contains(&"Assassin Nation"), "{boxes:?}");
}

/// A backup taken now, as its preview shows it.
fn preview_of_a_new_backup(app: &App) -> bagless_app::BackupPreview {
    let backup = app.back_up(None).unwrap();
    let file_name = backup.path.file_name().unwrap().to_str().unwrap();
    app.preview_backup(file_name).unwrap()
}

/// A new campaign "Venice" of the core box with `assassins`, and the memory its diary says is next.
fn venice(app: &App, assassins: &[&str]) -> (String, String) {
    let campaign = app
        .create_campaign(NewCampaign {
            name: "Venice".into(),
            pack_id: "core".into(),
            assassins: assassins.iter().map(|a| a.to_string()).collect(),
        })
        .unwrap()
        .id;
    let next = app
        .open::<Bov>(&campaign)
        .diary()
        .unwrap()
        .next
        .unwrap()
        .memory;
    (campaign, next)
}

#[test]
fn a_memory_in_play_is_its_campaign_s_in_a_backup_and_named_so_by_the_check() {
    use support::games::memory_setup;
    let dir = tempfile::tempdir().unwrap();
    let app = open_app(dir.path());
    let (campaign, next) = venice(&app, &["daria"]);
    let memory = app
        .memory_start(&campaign, memory_setup(&campaign, &next, &["daria"]))
        .unwrap();
    let preview = preview_of_a_new_backup(&app);
    let names: Vec<&str> = preview.campaigns.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(
        names,
        ["Venice"],
        "the memory in play is the campaign's, not a line of its own"
    );
    let check = app.check_library().unwrap().campaigns.unwrap();
    let what: Vec<(&str, Option<&str>)> = check.iter().map(|c| (c.id.as_str(), c.what)).collect();
    assert!(what.contains(&(campaign.as_str(), None)), "{what:?}");
    assert!(
        what.contains(&(memory.id.as_str(), Some("a memory in play"))),
        "{what:?}"
    );
    assert!(check.iter().all(|c| c.problem.is_none()));
}

#[test]
fn a_memory_in_play_survives_a_relaunch_and_closes_when_its_attempt_is_recorded() {
    use support::games::{memory, memory_setup};
    let dir = tempfile::tempdir().unwrap();
    let app = open_app(dir.path());
    let (campaign, next) = venice(&app, &["daria", "claudio"]);
    // Only the memory the diary says is next can be started.
    assert_eq!(
        app.memory_start(&campaign, memory_setup(&campaign, "4.5", &["daria"]))
            .unwrap_err()
            .code,
        "memory_not_next"
    );
    let started = app
        .memory_start(
            &campaign,
            memory_setup(&campaign, &next, &["daria", "claudio"]),
        )
        .unwrap();
    // GAME TURN: on to the next step.
    let moved = app
        .act::<Memory>(
            &started.id,
            memory(serde_json::json!({ "type": "advance" })),
        )
        .unwrap();
    assert_ne!(
        serde_json::to_value(&moved.view).unwrap(),
        serde_json::to_value(&started.view).unwrap()
    );
    // Starting again answers with the memory already in play.
    let again = app
        .memory_start(
            &campaign,
            memory_setup(&campaign, &next, &["daria", "claudio"]),
        )
        .unwrap();
    assert_eq!(again.id, started.id);
    // It is the campaign's, not a line of the library.
    assert!(app
        .list_campaigns()
        .unwrap()
        .campaigns
        .iter()
        .all(|c| c.id != started.id));
    drop(app);

    let app = open_app(dir.path());
    app.wait_for_check();
    assert!(
        app.library_info().read_only.is_none(),
        "the start-up check passes"
    );
    assert_eq!(
        app.open::<Bov>(&campaign).diary().unwrap().memory_in_play,
        Some(started.id.clone()),
        "the diary offers to resume it"
    );
    let reopened = app.open::<Memory>(&started.id).unwrap();
    assert_eq!(
        serde_json::to_value(&reopened.view).unwrap(),
        serde_json::to_value(&moved.view).unwrap()
    );

    // The attempt recorded in the diary: the memory in play is done with,
    // though the same memory comes next (its second attempt).
    let recorded = app
        .act::<Bov>(
            &campaign,
            PlayerCommand::RecordAttempt(bagless_bov::campaign::AttemptInput {
                memory: next.clone(),
                outcome: bagless_bov::campaign::Outcome::Failure,
                difficulty: bagless_bov::campaign::Difficulty::Normal,
                xp: bagless_bov::campaign::XpGained::default(),
                sync_met: false,
                stickers: vec![],
                played_on: chrono::NaiveDate::from_ymd_opt(2026, 11, 23).unwrap(),
                notes: String::new(),
                eliminated: vec![],
            }),
        )
        .diary()
        .unwrap();
    assert_eq!(recorded.next.unwrap().memory, next);
    assert_eq!(recorded.memory_in_play, None, "the answer offers no resume");
    assert_eq!(
        app.open::<Bov>(&campaign).diary().unwrap().memory_in_play,
        None
    );
}

/// The log is what the library keeps; a game's saved state is only what
/// it leads to. A state saved by other rules (an upgrade), by a library
/// older than the stamp, or that cannot be read is computed again from the
/// log, and saved again with the rules that computed it.
#[test]
fn a_saved_state_of_other_rules_or_unreadable_is_computed_again_from_the_log() {
    let dir = tempfile::tempdir().unwrap();
    let app = open_app(dir.path());
    let created = app.create::<Risk>("Upgraded map", risk_setup()).unwrap();
    let dealt = deal_territories(&app, &created.id).unwrap();
    let expected = serde_json::to_value(&dealt.view).unwrap();
    drop(app);

    let library = AppDirs {
        data_dir: dir.path().to_path_buf(),
    }
    .library();
    let saved = |sql_value: &str| {
        let conn = rusqlite::Connection::open(&library).unwrap();
        conn.execute(
            "UPDATE game_states SET state = ?2 WHERE campaign_id = ?1",
            [&created.id, sql_value],
        )
        .unwrap();
    };
    let stamp = || -> serde_json::Value {
        let conn = rusqlite::Connection::open(&library).unwrap();
        let text: String = conn
            .query_row(
                "SELECT state FROM game_states WHERE campaign_id = ?1",
                [&created.id],
                |row| row.get(0),
            )
            .unwrap();
        serde_json::from_str::<serde_json::Value>(&text).unwrap()["rules"].clone()
    };
    // The rules crate's own edition, not the app's version.
    let edition = <bagless_risk::Game as bagless_game::Rules>::EDITION;
    assert_eq!(stamp(), edition, "saved with its rules' edition");

    let of_other_rules = serde_json::json!({ "rules": edition + 1, "state": null }).to_string();
    // A library saved before games had editions stamped the app's version.
    let of_a_version = serde_json::json!({ "rules": "0.1.0", "state": null }).to_string();
    // (The column holds JSON only: SQLite checks it.)
    let unreadable = serde_json::json!({ "rules": edition, "state": { "phase": 42 } }).to_string();
    for (what, text) in [
        ("other rules", of_other_rules.as_str()),
        ("the app's version", of_a_version.as_str()),
        ("a library older than the stamp", "{}"),
        ("unreadable", unreadable.as_str()),
    ] {
        saved(text);
        let app = open_app(dir.path());
        let opened = app
            .open::<Risk>(&created.id)
            .unwrap_or_else(|e| panic!("{what}: {e:?}"));
        assert_eq!(
            serde_json::to_value(&opened.view).unwrap(),
            expected,
            "{what}"
        );
        assert_eq!(stamp(), edition, "{what}: saved again");
    }
}

/// The library in each game's own words: a RISK game is listed with its
/// turn and who leads it (COMMENT GAGNER ?: the most territories). A line
/// saved before the library said who leads is computed again from the
/// game's state at the next list, and kept in the new shape.
#[test]
fn a_risk_game_is_listed_with_its_turn_and_leader_even_from_an_older_line() {
    let dir = tempfile::tempdir().unwrap();
    let app = open_app(dir.path());
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/risk-20000-events.bagless.json");
    let imported = app.import_campaign_file(&fixture).unwrap();
    assert_eq!((imported.round, imported.over), (1353, false));
    assert_eq!(imported.leaders, ["Bruno"], "the most territories");
    drop(app);

    let library = AppDirs {
        data_dir: dir.path().to_path_buf(),
    }
    .library();
    let summary = || -> serde_json::Value {
        let conn = rusqlite::Connection::open(&library).unwrap();
        let text: String = conn
            .query_row(
                "SELECT summary FROM campaigns WHERE id = ?1",
                [&imported.id],
                |row| row.get(0),
            )
            .unwrap();
        serde_json::from_str(&text).unwrap()
    };
    // The line as the build before this one saved it: no shape, no leader.
    let mut older = summary();
    let object = older.as_object_mut().unwrap();
    object.remove("shape");
    let listing = object["state"].as_object_mut().unwrap();
    listing.remove("leaders");
    listing.remove("over");
    rusqlite::Connection::open(&library)
        .unwrap()
        .execute(
            "UPDATE campaigns SET summary = ?2 WHERE id = ?1",
            [&imported.id, &older.to_string()],
        )
        .unwrap();

    let app = open_app(dir.path());
    // Nothing is written before the start-up check says the file is sound.
    app.wait_for_check();
    let listed = app.list_campaigns().unwrap();
    let line = listed
        .campaigns
        .iter()
        .find(|c| c.id == imported.id)
        .unwrap();
    assert_eq!(line.leaders, ["Bruno"], "computed again from the state");
    assert_eq!(line.round, 1353);
    let kept = summary();
    assert_eq!(kept["shape"], 2, "kept in the new shape: {kept}");
    assert_eq!(kept["state"]["leaders"], serde_json::json!(["Bruno"]));
}
