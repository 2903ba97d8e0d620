//! The other games' commands, through `bagless-app`, on a real SQLite file:
//! a game of RISK Assassin's Creed played by a simple bot for about 20,000
//! events (the issue's "300 turns"), written as one log, then
//!
//! - `risk_open`: the map of that game opened (the target: under 10 ms);
//! - `risk_place_undo`: one assassin placed then the placement undone,
//!   each answered with the map;
//!
//! each timed as the window waits for it: the command set's call and the
//! JSON it answers with, nothing read back in Rust (the tests' typed door
//! only sets the game up);
//! - `risk_odds`: the exact odds of 30 assassins against 20;
//! - `risk_story`: that game told back, its story turn by turn as the
//!   window opens it (`game_open {part: "story"}`, issue 57; the target:
//!   under 100 ms computed and drawn).
//!
//! With `BAGLESS_COUNT=<call>:<n>` the bench times nothing: it makes one
//! call `n` times for callgrind to count its instructions (see [`count`]),
//! as the command bench does.

#[path = "../tests/support/door.rs"]
mod door;
use bagless_app::games::risk::Risk;
use bagless_app::{App, AppDirs, RiskCommand as Command};
use door::Door;

#[path = "../tests/support/risk_bot.rs"]
mod risk_bot;
use chrono::{TimeZone, Utc};
use criterion::{criterion_group, Criterion};
use risk_bot::long_game;
use std::path::Path;

fn clock() -> chrono::DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 23, 21, 0, 0).unwrap()
}

/// The bot's long game, written to a library as one log.
fn app_with_long_game(dir: &Path) -> (App, String, usize) {
    let log = long_game(20_000, clock());
    let events = log.len();
    let mut library =
        bagless_store::Library::open(&dir.join("bagless.sqlite"), &dir.join("backups"), clock())
            .unwrap();
    library
        .insert_game_log::<bagless_app::games::risk::Risk>("long", "A long game", &log)
        .unwrap();
    drop(library);
    let app = App::open(
        AppDirs {
            data_dir: dir.to_path_buf(),
        },
        clock,
    );
    (app, "long".to_string(), events)
}

fn games(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let (app, id, events) = app_with_long_game(dir.path());
    let map = app.open::<Risk>(&id).unwrap();
    println!(
        "risk: a game of {events} events, turn {}, {:?}",
        map.view.turn, map.view.phase
    );
    c.bench_function("risk_open", |b| {
        b.iter(|| app.open_game(&id, None).unwrap().into_json())
    });
    let place_on = map
        .view
        .territories
        .iter()
        .find(|t| t.owner == map.view.current)
        .unwrap()
        .id;
    c.bench_function("risk_place_undo", |b| {
        b.iter(|| {
            let place = door::command_for::<Risk>(Command::Place {
                territory: place_on,
                count: 1,
            });
            let placed = app.act_in_game(&id, place, None).unwrap().into_json();
            (placed, app.undo_in_game(&id, None).unwrap().into_json())
        })
    });
    c.bench_function("risk_odds_30_vs_20", |b| b.iter(|| app.risk_odds(30, 20)));
    let story = || {
        app.open_game(&id, Some(serde_json::json!({ "part": "story" })))
            .unwrap()
    };
    let started = std::time::Instant::now();
    let answer = story();
    println!(
        "risk: the story of {events} events told in {:.1} ms ({} KB of JSON)",
        started.elapsed().as_secs_f64() * 1000.0,
        answer.json().len() / 1024
    );
    c.bench_function("risk_story", |b| b.iter(story));
}

/// One call counted: callgrind counts the instructions under this
/// function only (`--toggle-collect='games::counted*'`), the setup left
/// out.
#[inline(never)]
fn counted(call: impl FnOnce() -> String) -> usize {
    std::hint::black_box(call()).len()
}

/// `BAGLESS_COUNT=<call>:<n>`: the call made `n` times on the bench's long
/// game, after one call not counted, for an instruction count that does not
/// depend on the machine's load:
///
/// ```text
/// BAGLESS_COUNT=risk_open:50 valgrind --tool=callgrind \
///     --toggle-collect='games::counted*' target/release/deps/games-<hash>
/// ```
///
/// (the instructions per call: callgrind's total over `n`). Calls:
/// `risk_open`, `risk_place_undo` (a placement and its undo, the command
/// read from the window's arguments not counted), `risk_odds` (30 against
/// 20, written as JSON), `risk_story`.
fn count(asked: &str) {
    let (call, n) = asked.split_once(':').expect("<call>:<n>");
    let n: u64 = n.parse().expect("a number of calls");
    let dir = tempfile::tempdir().unwrap();
    let (app, id, _) = app_with_long_game(dir.path());
    let map = app.open::<Risk>(&id).unwrap();
    let place_on = map
        .view
        .territories
        .iter()
        .find(|t| t.owner == map.view.current)
        .unwrap()
        .id;
    let once = |counting: bool| {
        let take = |call: &dyn Fn() -> String| {
            if counting {
                counted(call);
            } else {
                eprintln!("{asked}: the first answer, {} bytes of JSON", call().len());
            }
        };
        match call {
            "risk_open" => take(&|| app.open_game(&id, None).unwrap().into_json()),
            "risk_place_undo" => {
                let place = std::cell::Cell::new(Some(door::command_for::<Risk>(Command::Place {
                    territory: place_on,
                    count: 1,
                })));
                take(&|| {
                    let place = place.take().unwrap();
                    app.act_in_game(&id, place, None).unwrap().into_json()
                });
                take(&|| app.undo_in_game(&id, None).unwrap().into_json());
            }
            "risk_odds" => take(&|| serde_json::to_string(&app.risk_odds(30, 20)).unwrap()),
            "risk_story" => take(&|| {
                let part = serde_json::json!({ "part": "story" });
                app.open_game(&id, Some(part)).unwrap().into_json()
            }),
            _ => panic!("no call {call} to count"),
        }
    };
    once(false);
    for _ in 0..n {
        once(true);
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = games
}

fn main() {
    if let Ok(asked) = std::env::var("BAGLESS_COUNT") {
        return count(&asked);
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
