//! Assassin Nation told back through the app's door (issue 57), on a real
//! library file: a game played to its end, its story (the money round by
//! round is the screen's at each round's end, the final money the end
//! count's), its evening from a time and from after its last entry, the
//! library's evening and the year's wins by name.

use crate::support::door::Door;
use bagless_app::games::nation::Nation;
use bagless_app::{App, AppDirs};
use chrono::{Duration, TimeZone, Utc};
use serde_json::{json, Value};
use std::path::Path;
use std::sync::atomic::{AtomicI64, Ordering};

use crate::support::games::nation as command;

/// A clock that moves one minute each time it is read, from 20:00 on
/// 1 March 2026: the entries of the evening are written apart.
static MINUTES: AtomicI64 = AtomicI64::new(0);

fn clock() -> bagless_app::DateTime {
    let minutes = MINUTES.fetch_add(1, Ordering::SeqCst);
    Utc.with_ymd_and_hms(2026, 3, 1, 20, 0, 0).unwrap() + Duration::minutes(minutes)
}

fn open_app(dir: &Path) -> App {
    App::open(
        AppDirs {
            data_dir: dir.to_path_buf(),
        },
        clock,
    )
}

/// Three players, every value the game asks given; each target at +5, so
/// every attempt with the Sniper Rifle succeeds without a roll.
pub fn setup(names: [&str; 3]) -> bagless_app::NationCommand {
    let mut values = serde_json::Map::new();
    for n in 1..=18 {
        values.insert(format!("target.{n}.msr"), 5.into());
    }
    for (n, weapon) in ["knife", "pistol", "rope"].iter().enumerate() {
        values.insert(format!("specialist.{}.weapon", n + 1), (*weapon).into());
    }
    values.insert("weapon.sniper_rifle.msr".into(), 2.into());
    values.insert("weapon.sniper_rifle.noise".into(), "loud".into());
    values.insert("weapon.sniper_rifle.cause".into(), "gunshot".into());
    let players: Vec<Value> = names
        .iter()
        .enumerate()
        .map(|(i, name)| json!({ "name": name, "specialist": i + 1 }))
        .collect();
    serde_json::from_value(json!({
        "type": "create_game",
        "players": players,
        "first_player": 0,
        "dice": null,
        "storytelling": false,
        "box_values": values,
    }))
    .expect("a set-up command")
}

fn act(app: &App, id: &str, json: Value) -> bagless_app::NationScreen {
    app.act::<Nation>(id, command(json.clone()))
        .unwrap_or_else(|e| panic!("{json} refused: {e:?}"))
}

/// Round after round each player takes the next target, until the count;
/// then the hit lists shown (the last player's bonus on a target they
/// took) and the count closed. The money each round ended with, by seat.
pub fn play_to_the_end(app: &App, id: &str) -> Vec<Vec<i32>> {
    let mut rounds = Vec::new();
    let mut screen = app.open::<Nation>(id).unwrap();
    rounds.push(screen.view.players.iter().map(|p| p.running).collect());
    while screen.view.end_count.is_none() {
        act(app, id, json!({ "type": "end_intel" }));
        let available: Vec<u8> = screen
            .view
            .pyramid
            .iter()
            .filter(|t| t.available)
            .map(|t| t.id)
            .collect();
        let players = screen.view.players.len();
        for (player, target) in available.iter().take(players).enumerate() {
            act(
                app,
                id,
                json!({ "type": "declare_attempt", "player": player, "target": target,
                    "weapon": "sniper_rifle", "doubled": false, "modifiers": [],
                    "contract": { "objective": "Quiet Retirement", "positive": [], "negative": [] },
                    "time": 1345 }),
            );
        }
        for player in available.len().min(players)..players {
            act(app, id, json!({ "type": "pass_attempt", "player": player }));
        }
        act(app, id, json!({ "type": "reveal" }));
        for player in 0..available.len().min(players) {
            screen = act(
                app,
                id,
                json!({ "type": "resolve", "player": player, "dice": null, "believed": null }),
            );
        }
        if screen.view.end_count.is_none() {
            screen = act(app, id, json!({ "type": "end_round" }));
        }
        rounds.push(screen.view.players.iter().map(|p| p.running).collect());
    }
    let taken = screen.view.players[2].tiles[0];
    act(
        app,
        id,
        json!({ "type": "reveal_hit_list", "player": 2, "entries": [{ "target": taken, "bonus": 20000 }] }),
    );
    for player in [0, 1] {
        act(
            app,
            id,
            json!({ "type": "reveal_hit_list", "player": player, "entries": [] }),
        );
    }
    act(app, id, json!({ "type": "close_count" }));
    rounds
}

fn told(app: &App, id: &str, part: Value) -> Value {
    let answer = app.open_game(id, Some(part)).unwrap();
    serde_json::from_str(answer.json()).unwrap()
}

#[test]
fn a_game_played_to_its_end_is_told_back_round_by_round_with_its_count() {
    let dir = tempfile::tempdir().unwrap();
    let app = open_app(dir.path());
    let game = app
        .create::<Nation>("Friday killers", setup(["Ada", "Bo", "Cy"]))
        .unwrap();
    let rounds = play_to_the_end(&app, &game.id);
    let screen = app.open::<Nation>(&game.id).unwrap();
    let count = screen.view.end_count.clone().unwrap();

    let answer = told(&app, &game.id, json!({ "part": "story" }));
    assert_eq!(answer["game"], "nation");
    assert_eq!(answer["id"], game.id.as_str());
    assert_eq!(answer["since"], Value::Null);
    let story = &answer["told"];
    assert_eq!(story["players"], json!(["Ada", "Bo", "Cy"]));
    assert_eq!(story["phase"], "over");
    // Each round's money is what the screen showed as that round ended.
    let told_rounds: Vec<Vec<i32>> = story["rounds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            p["money"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m["running"].as_i64().unwrap() as i32)
                .collect()
        })
        .collect();
    assert_eq!(told_rounds, rounds);
    // The final count explained is the screen's, term by term.
    assert_eq!(story["end_count"], serde_json::to_value(&count).unwrap());
    let last = story["rounds"].as_array().unwrap().last().unwrap();
    for (m, line) in last["money"].as_array().unwrap().iter().zip(&count.lines) {
        assert_eq!(m["cash"], line.cash);
        assert_eq!(m["debt"], line.debt);
        assert_eq!(m["tiles_value"], line.tiles_value);
        assert_eq!(
            m["running"].as_i64().unwrap() + i64::from(line.bonuses),
            i64::from(line.total)
        );
    }
    assert_eq!(story["targets"].as_array().unwrap().len(), 18);
    let held: usize = screen.view.players.iter().map(|p| p.tiles.len()).sum();
    assert_eq!(held, 18);
    assert_eq!(story["winner"], json!(screen.view.winner));

    // The evening from before the game is the whole game; from after its
    // last entry, nothing.
    let whole = told(
        &app,
        &game.id,
        json!({ "part": "evening", "since": "2026-03-01T19:00:00Z" }),
    );
    assert_eq!(whole["since"], "2026-03-01T19:00:00Z");
    assert_eq!(whole["told"]["targets"], story["targets"]);
    assert_eq!(whole["told"]["over"], true);
    for (m, (a, b)) in whole["told"]["money"]
        .as_array()
        .unwrap()
        .iter()
        .zip(rounds[0].iter().zip(rounds.last().unwrap()))
    {
        assert_eq!(m["gained"].as_i64().unwrap(), i64::from(b - a));
    }
    let later = (clock() + Duration::hours(1)).to_rfc3339();
    let nothing = told(&app, &game.id, json!({ "part": "evening", "since": later }));
    assert_eq!(nothing["told"]["entries"], 0);
    assert_eq!(nothing["told"]["targets"], json!([]));
    assert_eq!(nothing["told"]["money"], json!([]));
    assert!(app.evening_since(Some(&later)).unwrap().is_empty());

    // The library's evening tells this game as its own evening does.
    let evening = app.evening_since(Some("2026-03-01T19:00:00Z")).unwrap();
    assert_eq!(evening.len(), 1);
    assert_eq!(evening[0].told, whole["told"]);
}

#[test]
fn a_year_counts_the_games_played_and_the_wins_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let app = open_app(dir.path());
    let first = app
        .create::<Nation>("Friday killers", setup(["Ada", "Bo", "Cy"]))
        .unwrap();
    play_to_the_end(&app, &first.id);
    let second = app
        .create::<Nation>("Saturday killers", setup(["Bo", "Cy", "Dee"]))
        .unwrap();
    play_to_the_end(&app, &second.id);
    // A game still running counts as played, not won.
    app.create::<Nation>("Sunday killers", setup(["Ada", "Bo", "Eve"]))
        .unwrap();
    let binned = app
        .create::<Nation>("Binned", setup(["Ada", "Bo", "Cy"]))
        .unwrap();
    app.delete_campaign(&binned.id).unwrap();

    let winners: Vec<String> = [&first.id, &second.id]
        .iter()
        .map(|id| {
            let view = app.open::<Nation>(id).unwrap().view;
            view.players[view.winner.unwrap() as usize].name.clone()
        })
        .collect();
    let years = app.year().unwrap();
    let year = &years.iter().find(|y| y.game == "nation").unwrap().told;
    assert_eq!(year["games"], 3);
    assert_eq!(year["finished"], 2);
    let players = year["players"].as_array().unwrap();
    let wins_of = |name: &str| {
        players
            .iter()
            .find(|p| p["name"] == name)
            .map_or(0, |p| p["wins"].as_u64().unwrap())
    };
    for name in ["Ada", "Bo", "Cy", "Dee", "Eve"] {
        let expected = winners.iter().filter(|w| *w == name).count() as u64;
        assert_eq!(wins_of(name), expected, "{name}");
    }
    let bo = players.iter().find(|p| p["name"] == "Bo").unwrap();
    assert_eq!(
        (bo["played"].as_u64(), bo["finished"].as_u64()),
        (Some(3), Some(2))
    );
}
