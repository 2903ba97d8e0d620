//! What the seat server's tests and its load bench (benches/live.rs, which
//! includes this file) share: a library with a RISK game of three
//! players, its cards dealt (each holds memory fragments the others must
//! not see), or one with an Assassin Nation game of six.

use bagless_app::games::GameCommand;
use bagless_app::{App, AppDirs};
use chrono::{TimeZone, Utc};
use serde_json::{json, Value};
use std::sync::Arc;

pub fn clock() -> bagless_app::DateTime {
    Utc.with_ymd_and_hms(2026, 11, 26, 21, 0, 0).unwrap()
}

/// A library with a RISK game of three players, its cards dealt (each
/// holds memory fragments the others must not see).
#[allow(dead_code)] // The tests'; the load bench uses `six_seats`.
pub fn table(dir: &std::path::Path, name: &str) -> (Arc<App>, String) {
    let app = App::open(
        AppDirs {
            data_dir: dir.to_path_buf(),
        },
        clock,
    );
    let risk = |command: Value| GameCommand {
        game: "risk".into(),
        command,
    };
    // The values of the box the rules ask first (each territory's crests
    // the board leaves blank, each region's bonus).
    let board = bagless_risk::pack::board();
    let mut values: Vec<bagless_risk::BoxValue> = bagless_risk::Territory::all()
        .filter(|t| board.territory(*t).crests.is_none())
        .map(|territory| bagless_risk::BoxValue::Crests {
            territory,
            crests: 1,
        })
        .collect();
    values.extend(
        bagless_risk::Region::all().map(|region| bagless_risk::BoxValue::RegionBonus {
            region,
            assassins: board.region(region).suggested_bonus,
        }),
    );
    let created = app
        .create_game(
            name,
            risk(
                json!({"type": "create_game", "sigma": true, "box_values": values,
                "players": [{"name": "Ana", "colour": "red"}, {"name": "Bruno", "colour": "grey"},
                            {"name": "Chloé", "colour": "black"}]}),
            ),
        )
        .unwrap();
    for command in [
        json!({"type": "deal_territories", "deal": null}),
        json!({"type": "deal_cards", "fragments": null, "neutral_stacks": null}),
    ] {
        app.act_in_game(&created.id, risk(command), None).unwrap();
    }
    (Arc::new(app), created.id)
}

/// A library with an Assassin Nation game of six players (the most its
/// rules take), just set up: six seats.
pub fn six_seats(dir: &std::path::Path, name: &str) -> (Arc<App>, String) {
    let app = App::open(
        AppDirs {
            data_dir: dir.to_path_buf(),
        },
        clock,
    );
    let mut values = serde_json::Map::new();
    for n in 1..=18 {
        values.insert(format!("target.{n}.msr"), 0.into());
    }
    let weapons = ["knife", "pistol", "rope", "poison", "sniper", "crossbow"];
    for (n, weapon) in weapons.iter().enumerate() {
        values.insert(format!("specialist.{}.weapon", n + 1), (*weapon).into());
    }
    let players: Vec<Value> = ["Ada", "Bo", "Cy", "Dee", "Eli", "Fox"]
        .iter()
        .enumerate()
        .map(|(n, name)| json!({ "name": name, "specialist": n + 1 }))
        .collect();
    let created = app
        .create_game(
            name,
            GameCommand {
                game: "nation".into(),
                command: json!({"type": "create_game", "players": players, "first_player": 0,
                    "dice": null, "storytelling": false, "box_values": values}),
            },
        )
        .unwrap();
    (Arc::new(app), created.id)
}
