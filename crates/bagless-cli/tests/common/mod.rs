//! What the `bagless` command tests share: running the real binary, and
//! libraries made through the app's own use-cases.

#![allow(dead_code)] // each test file uses its own part of this

#[path = "../../../bagless-app/tests/support/door.rs"]
pub mod door;
use bagless_app::games::{bov::Bov, nation::Nation, risk::Risk};
use bagless_app::PlayerCommand;
use bagless_app::{App, AppDirs, AttemptInput, NewCampaign};
use bagless_bov::campaign::{Difficulty, Outcome, XpGained};
use chrono::NaiveDate;
use door::{Door, Parts};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub fn bagless() -> Command {
    Command::new(env!("CARGO_BIN_EXE_bagless"))
}

/// Runs `bagless --library <library> <args>` to the end, stdin closed.
pub fn run(library: &Path, args: &[&str]) -> Output {
    bagless()
        .arg("--library")
        .arg(library)
        .args(args)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("the bagless binary runs")
}

pub fn code(output: &Output) -> i32 {
    output.status.code().expect("exited, not killed")
}

pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Asserts the exit code, showing what the command said when it differs.
pub fn assert_code(output: &Output, expected: i32) {
    assert_eq!(
        code(output),
        expected,
        "stdout:\n{}\nstderr:\n{}",
        stdout(output),
        stderr(output)
    );
}

pub fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures")
        .join(name)
}

pub fn open_app(data_dir: &Path) -> App {
    App::open(
        AppDirs {
            data_dir: data_dir.to_path_buf(),
        },
        bagless_app::now,
    )
}

pub fn attempt(memory: &str, outcome: Outcome, mandatory: u32) -> AttemptInput {
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

pub fn new_campaign(app: &App, name: &str, pack_id: &str, assassin: &str) -> String {
    app.create_campaign(NewCampaign {
        name: name.into(),
        pack_id: pack_id.into(),
        assassins: vec![assassin.into()],
    })
    .expect("the campaign is created")
    .id
}

/// `<data_dir>/bagless.sqlite` with "Venice nights" (0.1 won, 0.2 failed),
/// "Roma trip" and "Old one" in the bin. Returns the library path and the
/// id of "Venice nights".
pub fn sample_library(data_dir: &Path) -> (PathBuf, String) {
    let app = open_app(data_dir);
    let venice = new_campaign(&app, "Venice nights", "core", "alessandra");
    app.act::<Bov>(
        &venice,
        PlayerCommand::RecordAttempt(attempt("0.1", Outcome::Success, 6)),
    )
    .diary()
    .unwrap();
    app.act::<Bov>(
        &venice,
        PlayerCommand::RecordAttempt(attempt("0.2", Outcome::Failure, 0)),
    )
    .diary()
    .unwrap();
    new_campaign(&app, "Roma trip", "roma", roma_assassin(&app).as_str());
    let old = new_campaign(&app, "Old one", "core", "daria");
    app.delete_campaign(&old).unwrap();
    (data_dir.join("bagless.sqlite"), venice)
}

fn roma_assassin(app: &App) -> String {
    app.list_packs()
        .into_iter()
        .find(|p| p.id == "roma")
        .expect("the roma box is built in")
        .assassins[0]
        .id
        .clone()
}

/// The names in the library, in the bin or not, as `list` prints them.
pub fn listed_names(library: &Path) -> String {
    let output = run(library, &["list"]);
    assert_code(&output, 0);
    stdout(&output)
}

/// A command of a game from its JSON, as the window sends it.
macro_rules! json_command {
    ($json:expr) => {
        serde_json::from_value($json).expect("a command")
    };
}

/// RISK for 3 brotherhoods (MISE EN PLACE 1–2), the Sigma card in.
fn risk_setup() -> bagless_app::RiskCommand {
    json_command!(serde_json::json!({
        "type": "create_game",
        "players": [
            { "name": "Ana", "colour": "red" },
            { "name": "Bruno", "colour": "grey" },
            { "name": "Chloé", "colour": "black" },
        ],
        "sigma": true,
        "box_values": [],
    }))
}

/// A library with a game of every kind, each made through the app's own
/// use-cases as the window makes them, ready for more writes.
pub struct EveryKind {
    pub library: PathBuf,
    /// "Venice nights" of [`sample_library`].
    pub campaign: String,
    /// A game of RISK Assassin's Creed for 3, dealt, in its first placement.
    pub risk: String,
    /// A game of Assassin Nation for 3, at its first Intel Phase.
    pub nation: String,
    /// The first memory of the campaign "Memory table", in play.
    pub memory: String,
}

/// [`sample_library`] and a game of every other kind.
pub fn every_kind_library(data_dir: &Path) -> EveryKind {
    let (library, campaign) = sample_library(data_dir);
    let app = open_app(data_dir);
    let risk = app
        .create::<Risk>("Map night", risk_setup())
        .expect("the RISK game is created")
        .id;
    for command in [
        serde_json::json!({ "type": "deal_territories", "deal": null }),
        serde_json::json!({ "type": "deal_cards" }),
    ] {
        risk_act_with_box_values(&app, &risk, command);
    }
    let nation = app
        .create::<Nation>("Friday killers", nation_setup())
        .expect("the Assassin Nation game is created")
        .id;
    let table = new_campaign(&app, "Memory table", "core", "alessandra");
    let next = app
        .open::<Bov>(&table)
        .diary()
        .unwrap()
        .next
        .expect("a new campaign has a memory to play")
        .memory;
    let setup = serde_json::json!({
        "type": "start_memory",
        "campaign_id": table,
        "memory": next,
        "assassins": ["alessandra"],
        "box_values": {},
        "entrances": ["a", "b"],
        "easy": false,
    });
    let memory = app
        .memory_start(&table, json_command!(setup))
        .expect("the memory starts")
        .id;
    EveryKind {
        library,
        campaign,
        risk,
        nation,
        memory,
    }
}

/// `command` in the RISK game `id`, each value of the box it asks for
/// entered first as the players would (1 crest per card, 2 assassins per
/// region).
fn risk_act_with_box_values(app: &App, id: &str, command: serde_json::Value) {
    for _ in 0..100 {
        let Err(error) = app.act::<Risk>(id, command.clone()) else {
            return;
        };
        let key = error.violations.iter().find_map(|v| match v {
            bagless_app::Violation::Risk(v) if v.code.as_str() == "value_needed" => {
                v.params.get("key").cloned()
            }
            _ => None,
        });
        let Some(key) = key else {
            panic!("RISK refuses {command}: {}", error.message);
        };
        let value = match key.split_once('.') {
            Some(("crests", territory)) => {
                serde_json::json!({ "kind": "crests", "territory": territory, "crests": 1 })
            }
            Some(("region_bonus", region)) => {
                serde_json::json!({ "kind": "region_bonus", "region": region, "assassins": 2 })
            }
            _ => panic!("RISK asks for the box value {key}"),
        };
        app.act::<Risk>(
            id,
            serde_json::json!({ "type": "set_box_value", "value": value }),
        )
        .unwrap_or_else(|e| panic!("the box value {key}: {}", e.message));
    }
    panic!("RISK keeps asking for box values");
}

/// Assassin Nation for 3 players (SETUP), every printed value the game
/// needs given, so nothing is asked.
fn nation_setup() -> serde_json::Value {
    let mut values = serde_json::Map::new();
    for n in 1..=18 {
        values.insert(format!("target.{n}.msr"), 0.into());
    }
    for (n, weapon) in ["knife", "pistol", "rope"].iter().enumerate() {
        values.insert(format!("specialist.{}.weapon", n + 1), (*weapon).into());
    }
    serde_json::json!({
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
    })
}
