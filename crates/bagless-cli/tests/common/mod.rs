//! What the `bagless` command tests share: running the real binary, and
//! libraries made through the app's own use-cases.

#![allow(dead_code)] // each test file uses its own part of this

use bagless_app::{App, AppDirs, AttemptInput, NewCampaign};
use bagless_bov::campaign::{Difficulty, Outcome, XpGained};
use chrono::NaiveDate;
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
    app.record_attempt(&venice, attempt("0.1", Outcome::Success, 6))
        .unwrap();
    app.record_attempt(&venice, attempt("0.2", Outcome::Failure, 0))
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
