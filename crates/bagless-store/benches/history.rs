//! Speed of undo and of checking a library.
//!
//! - `undo_one_step_5000_events`: one undo decided and written on a campaign
//!   whose log holds 5,000 events, the projection rebuilt (target: under 20 ms).
//! - `check_library_20x2000`: what `bagless check` does on a library of 20
//!   campaigns of 2,000 events each: SQLite's integrity check, then every
//!   campaign's projection against a replay of its log (target: under 2 s).

#[path = "../tests/support/mod.rs"]
mod support;
use bagless_bov::campaign::{
    decide, AttemptInput, Campaign, Command, Context, Difficulty, Event, Outcome, XpGained,
};
use bagless_bov::history::{decide_redo, decide_undo};
use bagless_bov::Pack;
use bagless_store::Library;
use chrono::{NaiveDate, TimeZone, Utc};
use criterion::{criterion_group, criterion_main, Criterion};
use std::time::{Duration, Instant};
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

/// A campaign with every memory played and its skills chosen, its log
/// padded to `events` with card moves and HQ stickers (entries, each one
/// an undo step).
fn campaign(library: &mut Library, pack: &Pack, id: &str, events: usize) {
    let ctx = Context { now: now() };
    let create = Command::Create {
        name: format!("Bench {id}"),
        pack_id: "core".into(),
        assassins: vec!["alessandra".into(), "bastiano".into(), "claudio".into()],
    };
    let mut log = decide(&Campaign::default(), pack, &create, &ctx).unwrap();
    let mut state = log
        .iter()
        .fold(Campaign::default(), bagless_bov::campaign::evolve);
    let push = |state: &mut Campaign, command: &Command, log: &mut Vec<Event>| {
        let new = decide(state, pack, command, &ctx).unwrap();
        *state = new
            .iter()
            .fold(state.clone(), bagless_bov::campaign::evolve);
        log.extend(new);
    };
    while let Some(next) = state.next_memory(pack).map(str::to_string) {
        for (assassin, level) in state.pending_skill_choices(pack) {
            let choose = Command::ChooseSkill {
                assassin,
                level,
                name: format!("Skill {level}"),
                hq_level_required: None,
            };
            push(&mut state, &choose, &mut log);
        }
        push(&mut state, &attempt(&next), &mut log);
    }
    let mut n = 0u32;
    while log.len() < events {
        log.push(Event::HqStickerSet {
            number: (n % 9 + 1) as u8,
            marked: n.is_multiple_of(2),
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
    decide: fn(&[bagless_bov::EventEnvelope]) -> Result<Vec<Event>, bagless_bov::RuleViolation>,
) {
    let log = library.log(id).unwrap();
    let markers = decide(&log).unwrap();
    library.append_markers(id, log, &markers, now()).unwrap();
}

fn benches(c: &mut Criterion) {
    let pack = pack();
    let dir = tempfile::tempdir().unwrap();
    let mut library = Library::open(
        &dir.path().join("bagless.sqlite"),
        &dir.path().join("backups"),
        now(),
    )
    .unwrap();
    campaign(&mut library, &pack, "big", 5000);
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
        campaign(&mut library, &pack, &format!("c{i}"), 2000);
    }
    let mut group = c.benchmark_group("check");
    group.sample_size(10);
    group.bench_function("check_library_20x2000", |b| {
        b.iter(|| {
            assert!(library.integrity_check().unwrap().is_empty());
            for record in library.campaigns().unwrap() {
                assert_eq!(library.check_campaign(&record.id).unwrap(), None);
            }
        })
    });
    group.finish();
}

criterion_group!(history, benches);
criterion_main!(history);
