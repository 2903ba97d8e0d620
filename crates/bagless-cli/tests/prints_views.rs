//! The command prints what the rules crates' views give and computes
//! nothing itself (issue 29: "The CLI prints views"): the XP and level of
//! `bagless list` are the library view's, and what an old attempt counts is
//! what it counted when it was recorded.

mod common;

use bagless_app::games::bov::Bov;
use bagless_app::PlayerCommand;
use bagless_bov::campaign::{roman, Event, Outcome};
use common::door::{Door, Parts, BOARD};
use common::*;
use rusqlite::{Connection, OpenFlags};
use std::path::Path;

#[test]
fn list_prints_the_xp_and_level_of_the_library_view() {
    let dir = tempfile::tempdir().unwrap();
    let app = open_app(dir.path());
    let venice = new_campaign(&app, "Venice nights", "core", "alessandra");
    app.act::<Bov>(
        &venice,
        PlayerCommand::RecordAttempt(attempt("0.1", Outcome::Success, 26)),
    )
    .diary()
    .unwrap();
    // LEVELING UP AND SKILLS: the skill is chosen later.
    let postpone = bagless_bov::Command::PostponeSkill {
        assassin: "alessandra".into(),
        level: 1,
    };
    app.act_at::<Bov>(&venice, postpone, BOARD).board().unwrap();
    // A failure entered with optional objectives' XP: recorded, not counted
    // (CAMPAIGN: "After each completed memory, total the XP you gained").
    let mut failed = attempt("0.2", Outcome::Failure, 4);
    failed.xp.optional = 9;
    app.act::<Bov>(&venice, PlayerCommand::RecordAttempt(failed))
        .diary()
        .unwrap();
    let summaries = app.list_campaigns().unwrap().campaigns;
    drop(app);
    let summary = summaries.iter().find(|s| s.id == venice).unwrap();
    assert_eq!((summary.xp, summary.level), (26, 1));

    let text = listed_names(&dir.path().join("bagless.sqlite"));
    let line = text.lines().find(|l| l.contains("Venice nights")).unwrap();
    let shown = format!("{} XP, level {}", summary.xp, roman(summary.level));
    assert!(line.contains(&shown), "{line}");
}

#[test]
fn the_command_works_out_no_rule_itself() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    // The rules crates' ways to count XP, levels and health: the command
    // prints their views instead.
    let computing = [
        ".xp(",
        "level_for(",
        "xp_credited",
        "xp_counted",
        "max_health(",
        "Packs::builtin",
    ];
    for entry in std::fs::read_dir(&src).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        for call in computing {
            assert!(
                !text.contains(call),
                "{} computes with `{call}`: print the app's view instead",
                path.display()
            );
        }
    }
}

/// Every attempt recorded in the committed libraries (schemas 1 to 5, the
/// 5,000-event campaign) counts the XP it counted when it was recorded:
/// the rules work out from what was entered what the old builds wrote.
#[test]
fn every_committed_attempt_counts_what_it_recorded() {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures");
    let mut checked = 0;
    for entry in std::fs::read_dir(&fixtures).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "sqlite") {
            continue;
        }
        let conn = Connection::open_with_flags(&path, OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap();
        let Ok(mut stmt) =
            conn.prepare("SELECT payload FROM events WHERE kind = 'attempt_recorded'")
        else {
            continue; // a library of a newer Bagless: no log this build reads
        };
        let payloads: Vec<String> = stmt
            .query_map([], |r| r.get(0))
            .unwrap()
            .map(Result::unwrap)
            .collect();
        for payload in payloads {
            let event: Event = serde_json::from_str(&payload).unwrap();
            let Event::AttemptRecorded { attempt } = event else {
                panic!("{}: not an attempt: {payload}", path.display());
            };
            assert_eq!(
                bagless_bov::memories::xp_counted(&attempt),
                attempt.xp_credited,
                "{}: {payload}",
                path.display()
            );
            checked += 1;
        }
    }
    assert!(checked > 50, "the fixtures' attempts are read ({checked})");
}
