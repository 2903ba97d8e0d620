//! Every committed fixture opens with the views it opened with when its
//! snapshot was written: every view of every campaign and game (the
//! library's list, a campaign's diary, board, HQ and history, a
//! game's screen and history, RISK's sheet, a memory in play), compared
//! with tests/fixtures/views/<fixture>.json. The safety net for changes
//! that must leave what a player sees as it was.
//!
//! `BAGLESS_WRITE_SNAPSHOTS=1 cargo test -p bagless-app --test app view_snapshots::`
//! writes the snapshots instead of comparing (see tests/fixtures/README.md).

use crate::support::door::{Door, Parts, BOARD, HQ};
use bagless_app::games::{bov::Bov, memory::Memory, nation::Nation, risk::Risk};
use bagless_app::{App, AppDirs, AppError};
use chrono::{TimeZone, Utc};
use serde::Serialize;
use serde_json::{json, Map, Value};
use std::path::{Path, PathBuf};

/// The libraries, copied to a temporary folder before opening (opening
/// migrates a file in place).
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

/// The export files, each imported into a new library.
const EXPORTS: &[&str] = &["risk-20000-events.bagless.json"];

/// Fixtures that are no library this build opens (it refuses them).
const NOT_OPENED: &[&str] = &["library-from-a-newer-bagless.sqlite"];

/// The app's clock, fixed: nothing in a view depends on the day it is run.
fn clock() -> bagless_app::DateTime {
    Utc.with_ymd_and_hms(2026, 12, 1, 20, 0, 0).unwrap()
}

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures")
}

fn snapshot_path(fixture: &str) -> PathBuf {
    let stem = fixture
        .trim_end_matches(".sqlite")
        .trim_end_matches(".bagless.json");
    fixtures().join("views").join(format!("{stem}.json"))
}

fn writing() -> bool {
    std::env::var("BAGLESS_WRITE_SNAPSHOTS").is_ok_and(|v| v == "1")
}

/// A view as JSON, or the error the app answered with (also what a player
/// sees, so also kept).
fn view<T: Serialize>(answer: Result<T, AppError>) -> Value {
    match answer {
        Ok(view) => serde_json::to_value(view).expect("a view serializes"),
        Err(error) => json!({ "error": error }),
    }
}

/// Every view of every campaign and game of the library `app` holds.
fn views_of(app: &App) -> Value {
    let mut out = Map::new();
    app.wait_for_check();
    let info = app.library_info();
    out.insert("library_error".into(), json!(info.error));
    out.insert("read_only".into(), json!(info.read_only));
    let library = app.list_campaigns().expect("the library lists");
    out.insert("library".into(), view(Ok(&library)));

    // Every record, listed or not (a memory in play has no line of its
    // own), with what `bagless check` says of it.
    let check = app.check_library().expect("the library checks");
    assert!(check.file_problems.is_empty(), "{:?}", check.file_problems);
    let records = check.campaigns.expect("the records read");
    let kinds: std::collections::BTreeMap<&str, &str> = library
        .campaigns
        .iter()
        .chain(&library.bin)
        .map(|c| (c.id.as_str(), c.game.as_str()))
        .collect();
    let mut games = Map::new();
    let mut checked = Vec::new();
    for record in &records {
        checked.push(json!({
            "id": record.id,
            "name": record.name,
            "what": record.what,
            "in_bin": record.in_bin,
            "problem": record.problem,
        }));
        let id = record.id.as_str();
        let kind = match (record.what, kinds.get(id)) {
            (None, _) => "bov",
            (Some(_), Some(kind)) => kind,
            // The one game kept without a line of its own.
            (Some(_), None) => "memory",
        };
        let views = game_views(app, id, kind);
        games.insert(id.to_string(), json!({ "kind": kind, "views": views }));
    }
    out.insert("check".into(), Value::Array(checked));
    out.insert("games".into(), Value::Object(games));
    Value::Object(out)
}

/// Every view of the game `id` of `kind`.
fn game_views(app: &App, id: &str, kind: &str) -> Value {
    match kind {
        "bov" => json!({
            "diary": view(app.open::<Bov>(id).diary()),
            "board": view(app.open_at::<Bov>(id, BOARD).board()),
            "hq": view(app.open_at::<Bov>(id, HQ).hq()),
            // The newest 200 steps, and how many older: the whole
            // history of the 5,000-event campaign would make its
            // snapshot over 2 MB.
            "history": view(app.history(id, Some(200))),
        }),
        "risk" => json!({
            "screen": view(app.open::<Risk>(id)),
            "sheet": view(app.risk_sheet(id)),
            "history": view(app.game_history_of(id, Some(200))),
        }),
        "nation" => json!({
            "screen": view(app.open::<Nation>(id)),
            "history": view(app.game_history_of(id, Some(200))),
            // Told back (issue 57): the story, and the evening of the
            // whole game.
            "story": view(app.open_game(id, Some(json!({ "part": "story" })))),
            "evening": view(app.open_game(
                id,
                Some(json!({ "part": "evening", "since": "2000-01-01T00:00:00Z" })),
            )),
        }),
        "memory" => json!({
            "screen": view(app.open::<Memory>(id)),
            "history": view(app.game_history_of(id, Some(200))),
        }),
        other => panic!("{id}: a game of kind {other:?} this test does not know"),
    }
}

/// `value` with every string holding one of `stable`'s random parts (an
/// imported game's new id, the temporary folder) given its placeholder.
fn stabilized(value: Value, stable: &[(String, String)]) -> Value {
    let fix = |s: String| {
        stable
            .iter()
            .fold(s, |s, (random, placeholder)| s.replace(random, placeholder))
    };
    match value {
        Value::String(s) => Value::String(fix(s)),
        Value::Array(items) => {
            Value::Array(items.into_iter().map(|v| stabilized(v, stable)).collect())
        }
        Value::Object(map) => Value::Object(
            map.into_iter()
                .map(|(k, v)| (fix(k), stabilized(v, stable)))
                .collect(),
        ),
        other => other,
    }
}

/// `value` with every object's keys in order, whether or not serde_json
/// keeps insertion order (its `preserve_order` feature is on when the
/// whole workspace is built, off for this crate alone).
fn sorted(value: Value) -> Value {
    match value {
        Value::Array(items) => Value::Array(items.into_iter().map(sorted).collect()),
        Value::Object(map) => {
            let mut entries: Vec<(String, Value)> = map.into_iter().collect();
            entries.sort_by(|a, b| a.0.cmp(&b.0));
            Value::Object(entries.into_iter().map(|(k, v)| (k, sorted(v))).collect())
        }
        other => other,
    }
}

/// A value shown short, for a failure message.
fn short(value: Option<&Value>) -> String {
    let Some(value) = value else {
        return "(nothing)".into();
    };
    let text = value.to_string();
    if text.chars().count() > 160 {
        format!("{}…", text.chars().take(160).collect::<String>())
    } else {
        text
    }
}

/// The first JSON path where `actual` differs from `expected`, with both
/// values there; `None` when they are the same.
fn first_difference(path: &str, expected: &Value, actual: &Value) -> Option<String> {
    match (expected, actual) {
        (Value::Object(e), Value::Object(a)) => {
            let mut keys: Vec<&String> = e.keys().chain(a.keys()).collect();
            keys.sort();
            keys.dedup();
            keys.into_iter().find_map(|key| {
                let here = format!("{path}.{key}");
                match (e.get(key), a.get(key)) {
                    (Some(e), Some(a)) => first_difference(&here, e, a),
                    (e, a) => Some(format!("{here}: expected {}, found {}", short(e), short(a))),
                }
            })
        }
        (Value::Array(e), Value::Array(a)) => {
            let common = e.len().min(a.len());
            (0..common)
                .find_map(|i| first_difference(&format!("{path}[{i}]"), &e[i], &a[i]))
                .or_else(|| {
                    (e.len() != a.len()).then(|| {
                        format!(
                            "{path}: expected {} items, found {} (first extra: {})",
                            e.len(),
                            a.len(),
                            short(e.get(common).or(a.get(common)))
                        )
                    })
                })
        }
        (e, a) if e == a => None,
        (e, a) => Some(format!(
            "{path}: expected {}, found {}",
            short(Some(e)),
            short(Some(a))
        )),
    }
}

/// Writes the snapshot of `fixture`, or compares with it.
fn compare(fixture: &str, views: Value) {
    let path = snapshot_path(fixture);
    let views = sorted(views);
    if writing() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        let text = serde_json::to_string_pretty(&views).unwrap() + "\n";
        std::fs::write(&path, text).unwrap();
        return;
    }
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{fixture}: no snapshot at {} ({e}); BAGLESS_WRITE_SNAPSHOTS=1 writes it",
            path.display()
        )
    });
    let expected: Value = serde_json::from_str(&text).expect("a snapshot is JSON");
    if let Some(difference) = first_difference("$", &expected, &views) {
        panic!(
            "{fixture}: a view is not what it was ({}):\n  {difference}",
            path.display()
        );
    }
}

fn app_in(dir: &Path) -> App {
    App::open(
        AppDirs {
            data_dir: dir.to_path_buf(),
        },
        clock,
    )
}

fn library_views(fixture: &str) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(fixtures().join(fixture), dir.path().join("bagless.sqlite")).unwrap();
    let app = app_in(dir.path());
    let stable = [(dir.path().display().to_string(), "<data-dir>".to_string())];
    compare(fixture, stabilized(views_of(&app), &stable));
}

fn export_views(fixture: &str) {
    let dir = tempfile::tempdir().unwrap();
    let app = app_in(dir.path());
    let imported = app
        .import_campaign_file(&fixtures().join(fixture))
        .unwrap_or_else(|e| panic!("{fixture} imports: {e:?}"));
    let stable = [
        (imported.id.clone(), "<imported-id>".to_string()),
        (dir.path().display().to_string(), "<data-dir>".to_string()),
    ];
    let views = json!({
        "imported": view(Ok(&imported)),
        "library": views_of(&app),
    });
    compare(fixture, stabilized(views, &stable));
}

#[test]
fn schema_1() {
    library_views("library-schema-1.sqlite");
}

#[test]
fn schema_2() {
    library_views("library-schema-2.sqlite");
}

#[test]
fn schema_3() {
    library_views("library-schema-3.sqlite");
}

#[test]
fn schema_4() {
    library_views("library-schema-4.sqlite");
}

#[test]
fn schema_5() {
    library_views("library-schema-5.sqlite");
}

#[test]
fn schema_6() {
    library_views("library-schema-6.sqlite");
}

#[test]
fn schema_7() {
    library_views("library-schema-7.sqlite");
}

#[test]
fn schema_8() {
    library_views("library-schema-8.sqlite");
}

#[test]
fn campaign_of_5000_events() {
    library_views("library-5000-events.sqlite");
}

#[test]
fn no_hq_past_1_1() {
    library_views("library-no-hq-past-1.1.sqlite");
}

#[test]
fn edition_1() {
    library_views("library-edition-1.sqlite");
}

#[test]
fn risk_game_of_20000_events() {
    export_views("risk-20000-events.bagless.json");
}

/// A fixture added to tests/fixtures/ gets a snapshot too, and a snapshot
/// is of a fixture still there.
#[test]
fn every_fixture_has_its_snapshot() {
    let mut found: Vec<String> = std::fs::read_dir(fixtures())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".sqlite") || name.ends_with(".bagless.json"))
        .filter(|name| !NOT_OPENED.contains(&name.as_str()))
        .collect();
    found.sort();
    let mut known: Vec<String> = LIBRARIES
        .iter()
        .chain(EXPORTS)
        .map(|s| s.to_string())
        .collect();
    known.sort();
    assert_eq!(found, known, "every fixture is in LIBRARIES or EXPORTS");
    if writing() {
        return;
    }
    // (Its folders keep views of their own: `told/`, the games told back.)
    let mut snapshots: Vec<String> = std::fs::read_dir(fixtures().join("views"))
        .unwrap()
        .filter(|e| e.as_ref().is_ok_and(|e| e.path().is_file()))
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    snapshots.sort();
    let mut expected: Vec<String> = known
        .iter()
        .map(|f| {
            let path = snapshot_path(f);
            path.file_name().unwrap().to_string_lossy().into_owned()
        })
        .collect();
    expected.sort();
    assert_eq!(
        snapshots, expected,
        "tests/fixtures/views/ holds one snapshot per fixture, no other"
    );
}

/// `value` without what a game's views read from the rest of its library
/// (the other campaigns of a box: a sync passed on, cards and numbers
/// offered again; a memory in play, and the board's leave, join and swap
/// offers it closes; the bin), which another library changes. The
/// stickers go with the sync: a red one passed on from another campaign
/// wins over a grey one earned here.
fn own_views(value: Value) -> Value {
    const OF_THE_LIBRARY: [&str; 8] = [
        "sync",
        "in_bin",
        "known_cards",
        "suggested",
        "from_campaign",
        "memory_in_play",
        "memory_left_open",
        "roster",
    ];
    match value {
        Value::Array(items) => Value::Array(items.into_iter().map(own_views).collect()),
        Value::Object(map) => Value::Object(
            map.into_iter()
                .filter(|(k, _)| !OF_THE_LIBRARY.contains(&k.as_str()))
                .map(|(k, v)| (k, own_views(v)))
                .collect(),
        ),
        other => other,
    }
}

/// Issue "A campaign's whole life" 1: every history an earlier Bagless
/// wrote stays valid under the reading it was played with. Every committed
/// library (the one from a newer Bagless aside, which stays refused)
/// passes the deep check, and each of its games, exported, imports into
/// the library of another fixture, decided again there, with the same
/// views.
#[test]
fn every_fixture_passes_the_check_and_its_games_import_elsewhere_with_the_same_views() {
    let mut names: Vec<String> = std::fs::read_dir(fixtures())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("library-") && n.ends_with(".sqlite") && !n.contains("newer"))
        .collect();
    names.sort();
    assert!(names.len() >= 11, "{names:?}");
    for name in &names {
        let dir = tempfile::tempdir().unwrap();
        std::fs::copy(fixtures().join(name), dir.path().join("bagless.sqlite")).unwrap();
        let app = app_in(dir.path());
        let check = app.check_library().expect("the library checks");
        assert!(
            check.file_problems.is_empty(),
            "{name}: {:?}",
            check.file_problems
        );
        for record in check.campaigns.as_ref().unwrap() {
            assert_eq!(record.problem, None, "{name}: {}", record.name);
        }
        // Imported into another fixture's library, whose names differ.
        let other = if name == "library-schema-1.sqlite" {
            "library-schema-8.sqlite"
        } else {
            "library-schema-1.sqlite"
        };
        let elsewhere = tempfile::tempdir().unwrap();
        std::fs::copy(
            fixtures().join(other),
            elsewhere.path().join("bagless.sqlite"),
        )
        .unwrap();
        let second = app_in(elsewhere.path());
        let listed = app.list_campaigns().unwrap();
        for game in listed.campaigns.iter().chain(&listed.bin) {
            let path = app
                .export_campaign(&game.id)
                .unwrap_or_else(|e| panic!("{name}: {} exports: {e:?}", game.name));
            let imported = second
                .import_campaign(&path.path)
                .unwrap_or_else(|e| panic!("{name}: {} imports into {other}: {e:?}", game.name));
            assert_eq!(imported.name, game.name, "{name}: no name taken");
            let stable = |id: &str| [(id.to_string(), "<id>".to_string())];
            let here = own_views(stabilized(
                game_views(&app, &game.id, &game.game),
                &stable(&game.id),
            ));
            let there = own_views(stabilized(
                game_views(&second, &imported.id, &game.game),
                &stable(&imported.id),
            ));
            if let Some(difference) = first_difference("$", &here, &there) {
                panic!("{name}: {} imported into {other}: {difference}", game.name);
            }
        }
    }
}
