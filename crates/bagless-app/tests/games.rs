//! The other games on the shelf through the app's door, on real library
//! files: a game is created, played, undone and redone, listed beside the
//! campaigns, and found again exactly where it was after a relaunch.

use bagless_app::{App, AppDirs, NationCommand, NewCampaign};
use chrono::{TimeZone, Utc};
use std::path::Path;

fn clock() -> bagless_app::DateTime {
    Utc.with_ymd_and_hms(2026, 11, 23, 21, 0, 0).unwrap()
}

fn open_app(dir: &Path) -> App {
    App::open(
        AppDirs {
            data_dir: dir.to_path_buf(),
        },
        clock,
    )
}

/// Assassin Nation's set-up for 3 players (SETUP), every printed value the
/// game needs given, so nothing is asked.
fn nation_setup() -> NationCommand {
    let mut values = serde_json::Map::new();
    for n in 1..=18 {
        values.insert(format!("target.{n}.msr"), 0.into());
    }
    for (n, weapon) in ["knife", "pistol", "rope"].iter().enumerate() {
        values.insert(format!("specialist.{}.weapon", n + 1), (*weapon).into());
    }
    serde_json::from_value(serde_json::json!({
        "type": "create_game",
        "players": [
            { "name": "Ada", "specialist": 1 },
            { "name": "Bo", "specialist": 2 },
            { "name": "Cy", "specialist": 3 },
        ],
        "first_player": 0,
        "dice": null,
        "storytelling": false,
        "box_values": values,
    }))
    .expect("a set-up command")
}

fn command(json: serde_json::Value) -> NationCommand {
    serde_json::from_value(json).expect("a command")
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
    let created = app.nation_create("Friday killers", nation_setup()).unwrap();
    assert_eq!(created.game, "nation");
    assert_eq!(created.assassins, ["Ada", "Bo", "Cy"]);

    // PLAYING THE GAME: the Intel Phase, then the Assassination Phase.
    let screen = app.nation_open(&created.id).unwrap();
    assert_eq!(screen.view.round, 1);
    let after = app
        .nation_act(
            &created.id,
            command(serde_json::json!({ "type": "end_intel" })),
        )
        .unwrap();
    assert_ne!(after.view.phase, screen.view.phase);

    // Undo and redo, worked out from the log.
    let undone = app.nation_undo(&created.id).unwrap();
    assert_eq!(undone.view.phase, screen.view.phase);
    let redone = app.nation_redo(&created.id).unwrap();
    assert_eq!(redone.view.phase, after.view.phase);
    let refused = app.nation_redo(&created.id).unwrap_err();
    assert_eq!(refused.violations[0].code(), "nothing_to_redo");

    // A rule's refusal names the game and the rule.
    let refused = app
        .nation_act(
            &created.id,
            command(serde_json::json!({ "type": "end_intel" })),
        )
        .unwrap_err();
    assert_eq!(refused.code, "rules");
    assert!(matches!(
        refused.violations[0],
        bagless_app::Violation::Nation(_)
    ));

    app.nation_rename(&created.id, "Saturday killers").unwrap();
    drop(app);

    // Quit and relaunch: the same game, at the same place.
    let app = open_app(dir.path());
    assert!(
        app.library_info().read_only.is_none(),
        "the start-up check passes"
    );
    let again = app.nation_open(&created.id).unwrap();
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

    // A game is not a campaign: the diary of a game's id is not found.
    assert_eq!(
        app.open_diary(&created.id).unwrap_err().code,
        "no_such_campaign"
    );

    // The bin holds games too.
    app.delete_campaign(&created.id).unwrap();
    assert_eq!(
        app.nation_act(
            &created.id,
            command(serde_json::json!({ "type": "end_intel" }))
        )
        .unwrap_err()
        .code,
        "in_bin"
    );
    app.restore_campaign(&created.id).unwrap();
}
