//! Issue 57: a Brotherhood of Venice campaign told back, on every committed
//! library holding campaigns. The story's figures are checked against the
//! history (the attempts in effect, each point at its entry) and the diary
//! (the XP, the level, the level marks, each memory's attempts); the
//! evening from the epoch is the whole story, the evening from after the
//! last entry is nothing; the year counts every attempt of every campaign.
//! Each fixture's stories and its year are kept as a view snapshot in
//! tests/fixtures/views-told/ (`BAGLESS_WRITE_SNAPSHOTS=1` rewrites them).

use crate::support::app_in;
use crate::support::door::{Door, Parts};
use bagless_app::games::bov::Bov;
use bagless_app::App;
use chrono::{TimeZone, Utc};
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

const LIBRARIES: &[&str] = &[
    "library-schema-1.sqlite",
    "library-schema-2.sqlite",
    "library-schema-3.sqlite",
    "library-schema-4.sqlite",
    "library-schema-5.sqlite",
    "library-schema-6.sqlite",
    "library-schema-7.sqlite",
    "library-schema-8.sqlite",
    "library-5000-events.sqlite",
    "library-no-hq-past-1.1.sqlite",
    "library-edition-1.sqlite",
];

fn clock() -> bagless_app::DateTime {
    Utc.with_ymd_and_hms(2026, 12, 1, 20, 0, 0).unwrap()
}

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures")
}

/// The app on a copy of the fixture `name` (opening migrates in place).
fn opened(name: &str) -> (tempfile::TempDir, App) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(fixtures().join(name), dir.path().join("bagless.sqlite")).unwrap();
    let app = app_in(dir.path(), clock);
    (dir, app)
}

/// The campaigns the library lists, the bin's too.
fn campaigns(app: &App) -> Vec<(String, String)> {
    let listed = app.list_campaigns().unwrap();
    listed
        .campaigns
        .iter()
        .chain(&listed.bin)
        .filter(|c| c.game == "bov")
        .map(|c| (c.id.clone(), c.name.clone()))
        .collect()
}

fn told(app: &App, id: &str, part: Value) -> Value {
    let answer = app.open_game(id, Some(part)).unwrap();
    let answer = serde_json::to_value(answer).unwrap();
    assert_eq!(answer["game"], "bov");
    answer["told"].clone()
}

fn story(app: &App, id: &str) -> Value {
    told(app, id, json!({ "part": "story" }))
}

fn evening(app: &App, id: &str, since: &str) -> Value {
    told(app, id, json!({ "part": "evening", "since": since }))
}

fn u(value: &Value) -> u64 {
    value
        .as_u64()
        .unwrap_or_else(|| panic!("{value} is no number"))
}

/// The story of one campaign checked against its history and diary.
fn check_story(app: &App, fixture: &str, id: &str, name: &str) -> Value {
    let at = format!("{fixture}: {name}");
    let story = story(app, id);
    let diary = app.open::<Bov>(id).diary().unwrap();
    let diary = serde_json::to_value(&diary).unwrap();
    let history = app.history(id, Some(u32::MAX)).unwrap();
    assert_eq!(history.older, 0);
    // The final figures are the diary's.
    assert_eq!(story["xp"], diary["track"]["total"], "{at}: XP");
    assert_eq!(story["level"], diary["track"]["level"], "{at}: level");
    // The attempts are the history's attempt entries in effect, in order.
    let attempts: Vec<u32> = history
        .entries
        .iter()
        .rev()
        .filter(|e| e.line.key.starts_with("attempt_"))
        .filter(|e| matches!(e.status, bagless_game::history::StepStatus::Done))
        .map(|e| e.seq)
        .collect();
    let points = story["points"].as_array().unwrap();
    let seqs: Vec<u32> = points.iter().map(|p| u(&p["seq"]) as u32).collect();
    assert_eq!(seqs, attempts, "{at}: a point per attempt, at its entry");
    // Each point's outcome is its entry's words.
    let words: BTreeMap<u32, &str> = history
        .entries
        .iter()
        .map(|e| (e.seq, e.line.key.as_str()))
        .collect();
    for point in points {
        let key = match (point["outcome"].as_str(), point["synchronized"].as_bool()) {
            (Some("success"), _) => "attempt_success",
            (_, Some(true)) => "attempt_synchronized",
            _ => "attempt_failure",
        };
        assert_eq!(words[&(u(&point["seq"]) as u32)], key, "{at}");
    }
    // Each memory's attempts and XP are the diary's.
    let rows: Vec<&Value> = diary["sequences"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|s| s["memories"].as_array().unwrap())
        .collect();
    let lines: BTreeMap<&str, &Value> = story["memories"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["memory"].as_str().unwrap(), m))
        .collect();
    for row in rows {
        let memory = row["id"].as_str().unwrap();
        let tried = row["attempts"].as_array().unwrap().len();
        let line = lines.get(memory);
        assert_eq!(
            line.map_or(0, |l| l["points"].as_array().unwrap().len()),
            tried,
            "{at}: {memory}'s attempts"
        );
        let credited: u64 = line.map_or(0, |l| {
            l["points"]
                .as_array()
                .unwrap()
                .iter()
                .map(|i| u(&points[u(i) as usize]["xp_credited"]))
                .sum()
        });
        assert_eq!(credited, u(&row["xp_credited"]), "{at}: {memory}'s XP");
        assert_eq!(
            line.is_some_and(|l| l["declined"] == true),
            row["status"] == "declined",
            "{at}: {memory} declined"
        );
    }
    // The level marks are the diary's, each reached at an entry in effect.
    let marks = story["marks"].as_array().unwrap();
    let diary_marks = diary["track"]["marks"].as_array().unwrap();
    assert_eq!(marks.len(), diary_marks.len(), "{at}");
    for (mark, theirs) in marks.iter().zip(diary_marks) {
        assert_eq!(mark["level"], theirs["level"], "{at}");
        assert_eq!(mark["xp"], theirs["xp"], "{at}");
        assert_eq!(mark["reached_after"], theirs["reached_after"], "{at}");
        if let Some(seq) = mark["seq"].as_u64() {
            assert!(words.contains_key(&(seq as u32)), "{at}: mark at {seq}");
        }
        if let Some(point) = mark["point"].as_u64() {
            let reached = &points[point as usize]["levels_reached"];
            assert!(reached.as_array().unwrap().contains(&mark["level"]), "{at}");
        }
    }
    // The last point's XP is the diary's unless a number was typed over
    // the XP after it.
    if let Some(last) = points.last() {
        let typed_after = history.entries.iter().any(|e| {
            e.seq > u(&last["seq"]) as u32
                && e.overridden
                && matches!(e.status, bagless_game::history::StepStatus::Done)
        });
        if !typed_after {
            assert_eq!(last["xp"], story["xp"], "{at}: the last point's XP");
        }
    }
    // One HQ and one figure per assassin on every point.
    assert_eq!(story["hq"].as_array().unwrap().len(), points.len(), "{at}");
    for assassin in story["assassins"].as_array().unwrap() {
        assert_eq!(assassin["at"].as_array().unwrap().len(), points.len());
    }
    // The evening from the epoch is the whole story.
    let whole = evening(app, id, "1970-01-01T00:00:00Z");
    assert_eq!(whole["attempts"].as_array().unwrap(), points, "{at}");
    assert_eq!(whole["xp_before"], 0, "{at}");
    assert_eq!(whole["xp_after"], story["xp"], "{at}");
    assert_eq!(whole["hq_steps"], story["hq_steps"], "{at}");
    let reached: Vec<&Value> = marks
        .iter()
        .filter(|m| !m["reached_after"].is_null())
        .map(|m| &m["level"])
        .collect();
    assert_eq!(
        whole["levels_reached"]
            .as_array()
            .unwrap()
            .iter()
            .collect::<Vec<_>>(),
        reached,
        "{at}"
    );
    assert_eq!(
        u(&whole["entries"]) as usize,
        history
            .entries
            .iter()
            .filter(|e| matches!(e.status, bagless_game::history::StepStatus::Done))
            .count(),
        "{at}: every entry in effect"
    );
    // After the last entry: nothing.
    let last = history.entries.iter().map(|e| e.recorded_at).max().unwrap();
    let after = (last + chrono::Duration::seconds(1)).to_rfc3339();
    let nothing = evening(app, id, &after);
    assert_eq!(nothing["entries"], 0, "{at}");
    for part in [
        "attempts",
        "cards_gained",
        "cards_lost",
        "hq_steps",
        "levels_reached",
    ] {
        assert_eq!(nothing[part], json!([]), "{at}: {part}");
    }
    assert_eq!(nothing["xp_before"], nothing["xp_after"], "{at}");
    story
}

/// The year adds up every attempt of every campaign of the box.
fn check_year(app: &App, fixture: &str, stories: &Map<String, Value>) -> Value {
    let years = app.year().unwrap();
    let years = serde_json::to_value(years).unwrap();
    let Some(bov) = years
        .as_array()
        .unwrap()
        .iter()
        .find(|y| y["game"] == "bov")
    else {
        assert!(stories.is_empty(), "{fixture}: campaigns, no year");
        return Value::Null;
    };
    let boxes = bov["told"]["boxes"].as_array().unwrap();
    let attempts: u64 = boxes
        .iter()
        .flat_map(|b| b["memories"].as_array().unwrap())
        .map(|m| u(&m["attempts"]))
        .sum();
    // The year is of the campaigns outside the bin.
    let listed: Vec<String> = app
        .list_campaigns()
        .unwrap()
        .campaigns
        .iter()
        .filter(|c| c.game == "bov")
        .map(|c| c.id.clone())
        .collect();
    let points: usize = listed
        .iter()
        .map(|id| stories[id]["points"].as_array().unwrap().len())
        .sum();
    assert_eq!(attempts as usize, points, "{fixture}: the year's attempts");
    for memory in boxes.iter().flat_map(|b| b["memories"].as_array().unwrap()) {
        assert!(u(&memory["successes"]) <= u(&memory["attempts"]));
        assert!(u(&memory["success_percent"]) <= 100);
    }
    for b in boxes {
        assert!(
            u(&b["evenings"]) >= 1,
            "{fixture}: a box played, an evening"
        );
    }
    bov["told"].clone()
}

fn snapshot(fixture: &str, value: &Value) {
    let stem = fixture.trim_end_matches(".sqlite");
    let path = fixtures().join("views-told").join(format!("{stem}.json"));
    let text = serde_json::to_string_pretty(value).unwrap() + "\n";
    if std::env::var("BAGLESS_WRITE_SNAPSHOTS").is_ok_and(|v| v == "1") {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
        return;
    }
    let kept = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{fixture}: no snapshot at {} ({e}); BAGLESS_WRITE_SNAPSHOTS=1 writes it",
            path.display()
        )
    });
    let kept: Value = serde_json::from_str(&kept).unwrap();
    assert!(
        kept == *value,
        "{fixture}: the story is not what it was ({})",
        path.display()
    );
}

fn told_back(fixture: &str) {
    let (_dir, app) = opened(fixture);
    let mut stories = Map::new();
    for (id, name) in campaigns(&app) {
        stories.insert(id.clone(), check_story(&app, fixture, &id, &name));
    }
    let year = check_year(&app, fixture, &stories);
    snapshot(fixture, &json!({ "stories": stories, "year": year }));
}

#[test]
fn every_fixture_is_told_back() {
    for fixture in LIBRARIES {
        told_back(fixture);
    }
}

/// The 5,000-event campaign's story holds a point per attempt of its
/// diary, and its evenings are counted from its entries' times.
#[test]
fn the_long_campaign_is_told_whole() {
    let (_dir, app) = opened("library-5000-events.sqlite");
    let (id, _) = campaigns(&app).into_iter().next().unwrap();
    // The figure `make bench` times in the release build (benches/commands.rs),
    // printed here from the test's own build: an upper bound.
    let start = std::time::Instant::now();
    let story = story(&app, &id);
    println!(
        "the 5,000-event campaign's story (game_open part story, as JSON): {:.1?} in this build",
        start.elapsed()
    );
    let diary = serde_json::to_value(app.open::<Bov>(&id).diary().unwrap()).unwrap();
    let attempts: usize = diary["sequences"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|s| s["memories"].as_array().unwrap())
        .map(|m| m["attempts"].as_array().unwrap().len())
        .sum();
    assert!(attempts > 0);
    assert_eq!(story["points"].as_array().unwrap().len(), attempts);
    assert!(!story["assassins"].as_array().unwrap().is_empty());
}
