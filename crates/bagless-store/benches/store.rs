//! Speed of the library file.
//!
//! - `open_game`: load a game of 2,000 events and build its view (target:
//!   under 10 ms), as when its screen is shown again (its state is kept
//!   decoded); `open_game_cold`: the same the first time (its state read
//!   from its rows).
//! - `record_roll` against `bare_insert_commit`: one entry decided and
//!   appended in one fsync'd transaction, next to the cheapest durable write
//!   SQLite can do on the same disk with the same settings (target: under 3x).
//!
//! The games are dice races (the test game of the shelf: the store knows
//! no game).
//!
//! With `BAGLESS_COUNT=<call>:<n>` the bench times nothing: it makes one
//! call `n` times for callgrind to count its instructions (see [`count`]),
//! as the app's command bench does.

#[path = "../tests/support/mod.rs"]
mod support;
use bagless_store::Library;
use chrono::{TimeZone, Utc};
use criterion::{criterion_group, BatchSize, Criterion};
use std::hint::black_box;
use support::{created, decide, Command, Event, Races};

fn now() -> chrono::DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 20, 21, 0, 0).unwrap()
}

fn create(library: &mut Library, id: &str) {
    library
        .append(id, 0, &created(&["Ana", "Bruno", "Chiara"], 100), now())
        .unwrap();
}

/// A race whose log holds 2,000 events (its target out of reach).
fn long_race(library: &mut Library, id: &str) {
    let mut log = created(&["Ana", "Bruno", "Chiara"], u32::MAX);
    let mut n = 0usize;
    while log.len() < 2000 {
        log.push(Event::Rolled {
            player: n % 3,
            face: (n % 6) as u8 + 1,
        });
        n += 1;
    }
    library.append(id, 0, &log, now()).unwrap();
    assert_eq!(library.events(id).unwrap().len(), 2000);
}

/// More games than the library keeps decoded.
const COPIES: usize = 16;

fn benches(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let mut library = Library::open(
        &dir.path().join("bagless.sqlite"),
        &dir.path().join("backups"),
        now(),
    )
    .unwrap();
    long_race(&mut library, "full");

    c.bench_function("open_game", |b| {
        b.iter(|| {
            let stored = library.load(black_box("full")).unwrap();
            black_box(bagless_dice_race::view(&stored.state))
        })
    });

    // The same game opened for the first time: the library keeps the
    // states of the last few games used, so the loads go round more
    // copies of it than it keeps, and each one reads the rows (a library of
    // its own, so that the copies do not weigh on the writes timed below).
    let copies = {
        let log = library.events("full").unwrap();
        let mut copies = Library::open(
            &dir.path().join("copies.sqlite"),
            &dir.path().join("backups"),
            now(),
        )
        .unwrap();
        for i in 0..COPIES {
            copies.insert_log(&format!("full{i}"), &log).unwrap();
        }
        copies
    };
    let mut i = 0;
    c.bench_function("open_game_cold", |b| {
        b.iter(|| {
            i = (i + 1) % COPIES;
            let id = format!("full{i}");
            let stored = copies.load(black_box(&id)).unwrap();
            black_box(bagless_dice_race::view(&stored.state))
        })
    });
    drop(copies);

    let library = std::cell::RefCell::new(library);
    let mut n = 0u32;
    c.bench_function("record_roll", |b| {
        b.iter_batched(
            || {
                n += 1;
                let id = format!("r{n}");
                create(&mut library.borrow_mut(), &id);
                id
            },
            |id| {
                let mut library = library.borrow_mut();
                // The state the creation wrote is still kept, as in the app,
                // where the last command's state is the screen just shown.
                let stored = library.load(&id).unwrap();
                let roll = Command::Roll { face: Some(4) };
                let events = decide(&stored.state, &roll, now(), 0);
                // As the app does: the state it decided on is handed over.
                library
                    .append_to(
                        &id,
                        stored.record.last_seq,
                        Some(&stored.state),
                        &events,
                        now(),
                    )
                    .unwrap()
            },
            BatchSize::PerIteration,
        )
    });

    // The floor: one row inserted and committed, same disk, same settings.
    let bare = rusqlite::Connection::open(dir.path().join("bare.sqlite")).unwrap();
    bare.pragma_update(None, "journal_mode", "WAL").unwrap();
    bare.pragma_update(None, "synchronous", "FULL").unwrap();
    bare.execute_batch("CREATE TABLE t (x TEXT NOT NULL)")
        .unwrap();
    let mut bare = bare;
    c.bench_function("bare_insert_commit", |b| {
        b.iter(|| {
            let tx = bare.transaction().unwrap();
            tx.execute("INSERT INTO t (x) VALUES (?1)", ["row"])
                .unwrap();
            tx.commit().unwrap();
        })
    });
}

/// One call counted: callgrind counts the instructions under this
/// function only (`--toggle-collect='store::counted*'`), the setup left
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
/// BAGLESS_COUNT=open_game:200 valgrind --tool=callgrind \
///     --toggle-collect='store::counted*' target/release/deps/store-<hash>
/// ```
///
/// (the instructions per call: callgrind's total over `n`). Calls:
/// `open_game`, `open_game_cold`, `record_roll` (the game it rolls in
/// created first, not counted), `bare_insert_commit`.
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
    long_race(&mut library, "full");
    let mut copies = None;
    let mut bare = None;
    match call {
        "open_game_cold" => {
            let log = library.events("full").unwrap();
            let mut library = Library::open(
                &dir.path().join("copies.sqlite"),
                &dir.path().join("backups"),
                now(),
            )
            .unwrap();
            for i in 0..COPIES {
                library.insert_log(&format!("full{i}"), &log).unwrap();
            }
            copies = Some(library);
        }
        "bare_insert_commit" => {
            let conn = rusqlite::Connection::open(dir.path().join("bare.sqlite")).unwrap();
            conn.pragma_update(None, "journal_mode", "WAL").unwrap();
            conn.pragma_update(None, "synchronous", "FULL").unwrap();
            conn.execute_batch("CREATE TABLE t (x TEXT NOT NULL)")
                .unwrap();
            bare = Some(conn);
        }
        _ => {}
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
            "open_game" => take(&mut || {
                let stored = library.load(black_box("full")).unwrap();
                black_box(bagless_dice_race::view(&stored.state));
            }),
            "open_game_cold" => {
                let copies = copies.as_ref().unwrap();
                let id = format!("full{}", (i as usize + 1) % COPIES);
                take(&mut || {
                    let stored = copies.load(black_box(&id)).unwrap();
                    black_box(bagless_dice_race::view(&stored.state));
                })
            }
            "record_roll" => {
                let id = format!("r{i}");
                create(&mut library, &id);
                take(&mut || {
                    let stored = library.load(&id).unwrap();
                    let roll = Command::Roll { face: Some(4) };
                    let events = decide(&stored.state, &roll, now(), 0);
                    library
                        .append_to(
                            &id,
                            stored.record.last_seq,
                            Some(&stored.state),
                            &events,
                            now(),
                        )
                        .unwrap();
                })
            }
            "bare_insert_commit" => {
                let bare = bare.as_mut().unwrap();
                take(&mut || {
                    let tx = bare.transaction().unwrap();
                    tx.execute("INSERT INTO t (x) VALUES (?1)", ["row"])
                        .unwrap();
                    tx.commit().unwrap();
                })
            }
            _ => panic!("no call {call} to count"),
        }
    }
}

criterion_group!(store, benches);

fn main() {
    if let Ok(asked) = std::env::var("BAGLESS_COUNT") {
        return count(&asked);
    }
    store();
    Criterion::default().configure_from_args().final_summary();
}
