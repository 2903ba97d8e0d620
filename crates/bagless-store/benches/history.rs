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

#[path = "../tests/support/mod.rs"]
mod support;
use bagless_dice_race::{decide_redo, decide_undo};
use bagless_store::Library;
use chrono::{TimeZone, Utc};
use criterion::{criterion_group, criterion_main, Criterion};
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

criterion_group!(history, benches);
criterion_main!(history);
