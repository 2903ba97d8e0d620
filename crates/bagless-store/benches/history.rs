//! Speed of undo and of checking a library.
//!
//! - `undo_one_step_5000_events`: one undo decided and written on a game
//!   whose log holds 5,000 events, the saved state rebuilt (target: under
//!   20 ms).
//! - `check_library_20x2000`: what `bagless check` does on a library of 20
//!   games of 2,000 events each: SQLite's integrity check, then every
//!   game's saved state against a replay of its log (target: under 2 s).
//!
//! The games are dice races (the test game of the shelf: the store knows
//! no game), their logs of rolls, each an entry and an undo step.
//!
//! With `BAGLESS_COUNT=<call>:<n>` the bench times nothing: it makes one
//! call `n` times for callgrind to count its instructions (see [`count`]),
//! as the app's command bench does.

#[path = "../tests/support/mod.rs"]
mod support;
use bagless_dice_race::{decide_redo, decide_undo};
use bagless_store::Library;
use chrono::{TimeZone, Utc};
use criterion::{criterion_group, Criterion};
use std::time::{Duration, Instant};
use support::{created, Event, EventEnvelope, Races};

fn now() -> chrono::DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 20, 21, 0, 0).unwrap()
}

/// A race of three players whose log holds `events` rolls (its target out
/// of reach).
fn race(library: &mut Library, id: &str, events: usize) {
    let mut log = created(&["Ana", "Bruno", "Chiara"], u32::MAX);
    let mut n = 0usize;
    while log.len() < events {
        log.push(Event::Rolled {
            player: n % 3,
            face: (n % 6) as u8 + 1,
        });
        n += 1;
    }
    library.append(id, 0, &log, now()).unwrap();
    assert_eq!(library.events(id).unwrap().len(), events);
}

/// An undo or a redo, as the app writes it.
fn write(
    library: &mut Library,
    id: &str,
    decide: fn(&[EventEnvelope]) -> Result<Vec<Event>, bagless_dice_race::Refusal>,
) {
    let log = library.log(id).unwrap();
    let markers = decide(&log).unwrap();
    library.append_markers(id, log, &markers, now()).unwrap();
}

fn benches(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let mut library = Library::open(
        &dir.path().join("bagless.sqlite"),
        &dir.path().join("backups"),
        now(),
    )
    .unwrap();
    race(&mut library, "big", 5000);
    // What an undo spends reading the log it decides on.
    c.bench_function("read_log_5000_events", |b| {
        b.iter(|| library.events("big").unwrap().len())
    });
    c.bench_function("undo_one_step_5000_events", |b| {
        b.iter_custom(|iters| {
            let mut spent = Duration::ZERO;
            for _ in 0..iters {
                let start = Instant::now();
                write(&mut library, "big", decide_undo);
                spent += start.elapsed();
                // Back as it was, untimed, so every undo starts alike.
                write(&mut library, "big", decide_redo);
            }
            spent
        })
    });

    let dir = tempfile::tempdir().unwrap();
    let mut library = Library::open(
        &dir.path().join("bagless.sqlite"),
        &dir.path().join("backups"),
        now(),
    )
    .unwrap();
    for i in 0..20 {
        race(&mut library, &format!("c{i}"), 2000);
    }
    let mut group = c.benchmark_group("check");
    group.sample_size(10);
    group.bench_function("check_library_20x2000", |b| {
        b.iter(|| {
            assert!(library.integrity_check().unwrap().is_empty());
            for record in library.campaigns().unwrap() {
                assert_eq!(library.check_race(&record.id).unwrap(), None);
            }
        })
    });
    group.finish();
}

/// One call counted: callgrind counts the instructions under this
/// function only (`--toggle-collect='history::counted*'`), the setup left
/// out.
#[inline(never)]
fn counted(call: &mut dyn FnMut()) {
    call();
}

/// `BAGLESS_COUNT=<call>:<n>`: the call made `n` times on the bench's
/// library, after one call not counted, for an instruction count that does
/// not depend on the machine's load:
///
/// ```text
/// BAGLESS_COUNT=undo_one_step_5000_events:100 valgrind --tool=callgrind \
///     --toggle-collect='history::counted*' target/release/deps/history-<hash>
/// ```
///
/// (the instructions per call: callgrind's total over `n`). Calls:
/// `read_log_5000_events`, `undo_one_step_5000_events` (each undo redone,
/// not counted), `check_library_20x2000`.
fn count(asked: &str) {
    let (call, n) = asked.split_once(':').expect("<call>:<n>");
    let n: u32 = n.parse().expect("a number of calls");
    let dir = tempfile::tempdir().unwrap();
    let mut library = Library::open(
        &dir.path().join("bagless.sqlite"),
        &dir.path().join("backups"),
        now(),
    )
    .unwrap();
    if call == "check_library_20x2000" {
        for i in 0..20 {
            race(&mut library, &format!("c{i}"), 2000);
        }
    } else {
        race(&mut library, "big", 5000);
    }
    for i in 0..=n {
        // The first call not counted.
        let take = |call: &mut dyn FnMut()| {
            if i == 0 {
                call();
            } else {
                counted(call);
            }
        };
        match call {
            "read_log_5000_events" => take(&mut || {
                std::hint::black_box(library.events("big").unwrap().len());
            }),
            "undo_one_step_5000_events" => {
                take(&mut || write(&mut library, "big", decide_undo));
                write(&mut library, "big", decide_redo);
            }
            "check_library_20x2000" => take(&mut || {
                assert!(library.integrity_check().unwrap().is_empty());
                for record in library.campaigns().unwrap() {
                    assert_eq!(library.check_race(&record.id).unwrap(), None);
                }
            }),
            _ => panic!("no call {call} to count"),
        }
    }
}

criterion_group!(history, benches);

fn main() {
    if let Ok(asked) = std::env::var("BAGLESS_COUNT") {
        return count(&asked);
    }
    history();
    Criterion::default().configure_from_args().final_summary();
}
