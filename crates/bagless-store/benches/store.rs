//! Speed of the library file.
//!
//! - `open_campaign`: load a campaign with all 26 memories recorded and
//!   2,000 events and build its diary (target: under 10 ms), as when the
//!   diary is shown again (its state is kept decoded); `open_campaign_cold`:
//!   the same the first time (its state read from its rows).
//! - `record_attempt` against `bare_insert_commit`: one attempt decided and
//!   appended in one fsync'd transaction, next to the cheapest durable write
//!   SQLite can do on the same disk with the same settings (target: under 3x).

#[path = "../tests/support/mod.rs"]
mod support;
use bagless_bov::campaign::{
    decide, AttemptInput, Campaign, Command, Context, Difficulty, Event, Outcome, XpGained,
};
use bagless_bov::diary::diary_view;
use bagless_bov::Pack;
use bagless_store::Library;
use chrono::{NaiveDate, TimeZone, Utc};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use std::hint::black_box;
use support::Campaigns;

/// The core box with the HQ steps between memories left out: the store's
/// speed on a long diary, not the HQ's rules (their figures come from the
/// IPC speed spec).
fn pack() -> Pack {
    let mut pack =
        Pack::from_json("core", include_str!("../../../campaigns/core/pack.json")).unwrap();
    pack.board.hq_after = None;
    pack
}

fn now() -> chrono::DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 20, 21, 0, 0).unwrap()
}

fn create(library: &mut Library, pack: &Pack, id: &str) {
    let command = Command::Create {
        name: format!("Bench {id}"),
        pack_id: "core".into(),
        assassins: vec!["alessandra".into(), "bastiano".into(), "claudio".into()],
    };
    let events = decide(
        &Campaign::default(),
        pack,
        &command,
        &Context { now: now() },
    )
    .unwrap();
    library.append(id, 0, &events, now()).unwrap();
}

/// Chooses a skill for every level-up the campaign waits for.
fn choose_skills(state: &Campaign, pack: &Pack, ctx: &Context) -> Vec<Event> {
    let mut state = state.clone();
    let mut events = Vec::new();
    for (assassin, level) in state.pending_skill_choices(pack) {
        let choose = Command::ChooseSkill {
            assassin,
            level,
            name: format!("Skill of level {level}"),
            hq_level_required: None,
        };
        let chosen = decide(&state, pack, &choose, ctx).unwrap();
        state = chosen.iter().fold(state, bagless_bov::campaign::evolve);
        events.extend(chosen);
    }
    events
}

fn attempt(memory: &str) -> Command {
    Command::RecordAttempt(AttemptInput {
        memory: memory.into(),
        outcome: Outcome::Success,
        difficulty: Difficulty::Normal,
        xp: XpGained {
            mandatory: 4,
            optional: 2,
            boss: 1,
            other: 0,
        },
        sync_met: true,
        stickers: vec![],
        played_on: NaiveDate::from_ymd_opt(2026, 11, 1).unwrap(),
        notes: "A long evening; Claudio saved the day on the rooftops.".into(),
        eliminated: vec![],
    })
}

/// Plays all 26 memories (declining none), then pads the log to 2,000
/// events with HQ sticker changes.
fn full_campaign(library: &mut Library, pack: &Pack, id: &str) {
    create(library, pack, id);
    let ctx = Context { now: now() };
    let mut pending: Vec<Event> = Vec::new();
    let mut state = library.load(id).unwrap().state;
    let created = library.load(id).unwrap().record.last_seq;
    while let Some(next) = state.next_memory(pack).map(str::to_string) {
        let chosen = choose_skills(&state, pack, &ctx);
        state = chosen.iter().fold(state, bagless_bov::campaign::evolve);
        let recorded = decide(&state, pack, &attempt(&next), &ctx).unwrap();
        state = recorded.iter().fold(state, bagless_bov::campaign::evolve);
        pending.extend(chosen);
        pending.extend(recorded);
    }
    let mut n = 0u8;
    while pending.len() + (created as usize) < 2000 {
        pending.push(Event::HqStickerSet {
            number: n % 9 + 1,
            marked: n.is_multiple_of(2),
        });
        n = n.wrapping_add(1);
    }
    library.append(id, created, &pending, now()).unwrap();
    assert_eq!(library.events(id).unwrap().len(), 2000);
}

/// More campaigns than the library keeps decoded.
const COPIES: usize = 16;

fn benches(c: &mut Criterion) {
    let pack = pack();
    let dir = tempfile::tempdir().unwrap();
    let mut library = Library::open(
        &dir.path().join("bagless.sqlite"),
        &dir.path().join("backups"),
        now(),
    )
    .unwrap();
    full_campaign(&mut library, &pack, "full");

    c.bench_function("open_campaign", |b| {
        b.iter(|| {
            let stored = library.load(black_box("full")).unwrap();
            black_box(diary_view("full", &stored.state, &pack, &[]))
        })
    });

    // The same campaign opened for the first time: the library keeps the
    // states of the last few campaigns used, so the loads go round more
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
    c.bench_function("open_campaign_cold", |b| {
        b.iter(|| {
            i = (i + 1) % COPIES;
            let id = format!("full{i}");
            let stored = copies.load(black_box(&id)).unwrap();
            black_box(diary_view(&id, &stored.state, &pack, &[]))
        })
    });
    drop(copies);

    let ctx = Context { now: now() };
    let library = std::cell::RefCell::new(library);
    let mut n = 0u32;
    c.bench_function("record_attempt", |b| {
        b.iter_batched(
            || {
                n += 1;
                let id = format!("r{n}");
                create(&mut library.borrow_mut(), &pack, &id);
                id
            },
            |id| {
                let mut library = library.borrow_mut();
                // The state the creation wrote is still kept, as in the app,
                // where the last command's state is the diary just shown.
                let stored = library.load(&id).unwrap();
                let events = decide(&stored.state, &pack, &attempt("0.1"), &ctx).unwrap();
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

criterion_group!(store, benches);
criterion_main!(store);
