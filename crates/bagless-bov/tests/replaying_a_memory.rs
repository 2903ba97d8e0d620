//! What an attempt counts, decided by the core from what the players
//! entered (CAMPAIGN; REPLAYING A MEMORY). The attempt form sends every XP
//! field as typed: the rules record it and count only what applies, and the
//! diary tells the form which fields count before it is filled in.

use bagless_bov::campaign::{
    decide, evolve, replay, AttemptInput, Campaign, Command, Context, Difficulty, Event, Outcome,
    XpGained, XpSource,
};
use bagless_bov::diary::diary_view;
use bagless_bov::memories::{xp_counted, AttemptCounts};
use bagless_bov::Pack;
use chrono::{NaiveDate, TimeZone, Utc};

fn core_pack() -> Pack {
    Pack::from_json(
        "campaigns/core/pack.json",
        include_str!("../../../campaigns/core/pack.json"),
    )
    .unwrap()
}

fn ctx() -> Context {
    Context {
        now: Utc.with_ymd_and_hms(2026, 11, 20, 21, 0, 0).unwrap(),
    }
}

fn events_of(state: &Campaign, pack: &Pack, command: &Command) -> Vec<Event> {
    decide(state, pack, command, &ctx()).unwrap_or_else(|v| panic!("{command:?} refused: {v:?}"))
}

fn run(state: Campaign, pack: &Pack, command: Command) -> Campaign {
    events_of(&state, pack, &command).iter().fold(state, evolve)
}

fn created(pack: &Pack) -> Campaign {
    run(
        Campaign::default(),
        pack,
        Command::Create {
            name: "Venice".into(),
            pack_id: pack.id.clone(),
            assassins: vec!["alessandra".into()],
        },
    )
}

/// An attempt with every XP source entered.
fn attempt(memory: &str, outcome: Outcome, xp: [u32; 4]) -> Command {
    let [mandatory, optional, boss, other] = xp;
    Command::RecordAttempt(AttemptInput {
        memory: memory.into(),
        outcome,
        difficulty: Difficulty::Normal,
        xp: XpGained {
            mandatory,
            optional,
            boss,
            other,
        },
        sync_met: false,
        stickers: vec![],
        played_on: NaiveDate::from_ymd_opt(2026, 11, 20).unwrap(),
        notes: String::new(),
        eliminated: vec![],
    })
}

fn recorded(events: &[Event]) -> &bagless_bov::campaign::Attempt {
    match &events[0] {
        Event::AttemptRecorded { attempt } => attempt,
        other => panic!("not an attempt: {other:?}"),
    }
}

#[test]
fn a_failed_attempt_keeps_the_xp_entered_and_counts_none_of_it() {
    // CAMPAIGN: "After each completed memory, total the XP you gained": a
    // first failure is not completed.
    let core = core_pack();
    let state = run(
        created(&core),
        &core,
        attempt("0.1", Outcome::Success, [6, 0, 0, 0]),
    );
    let failure = attempt("0.2", Outcome::Failure, [3, 4, 2, 1]);
    let events = events_of(&state, &core, &failure);
    let entered = recorded(&events);
    assert_eq!(
        entered.xp,
        XpGained {
            mandatory: 3,
            optional: 4,
            boss: 2,
            other: 1
        },
        "the event keeps what the players entered"
    );
    assert_eq!(entered.xp_credited, 0);
    let state = events.iter().fold(state, evolve);
    assert_eq!(state.attempts[1].xp_credited, 0);
    assert_eq!(state.xp(&core), 6, "nothing added to the track");
    let view = diary_view("c", &state, &core, &[]);
    let row = &view.sequences[0].memories[1];
    assert_eq!((row.id.as_str(), row.xp_credited), ("0.2", 0));
    assert_eq!(row.attempts[0].xp.optional, 4);
    assert_eq!(view.track.total, 6);
}

#[test]
fn a_synchronized_memory_counts_mandatory_objectives_only() {
    // REPLAYING A MEMORY, a second failure: "Only receive XP from mandatory
    // objectives". Optional objectives' XP that would pass level I (25 XP)
    // does not level anyone up.
    let core = core_pack();
    let mut state = run(
        created(&core),
        &core,
        attempt("0.1", Outcome::Success, [6, 0, 0, 0]),
    );
    state = run(state, &core, attempt("0.2", Outcome::Failure, [2, 9, 0, 0]));
    let events = events_of(
        &state,
        &core,
        &attempt("0.2", Outcome::Failure, [10, 15, 3, 0]),
    );
    let entered = recorded(&events);
    assert!(entered.synchronized);
    assert_eq!((entered.xp.optional, entered.xp_credited), (15, 10));
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::LevelReached { .. })),
        "16 XP counted, not 34: no level I"
    );
    let state = events.iter().fold(state, evolve);
    assert_eq!(state.xp(&core), 16);
    assert!(state.is_done("0.2"));
}

#[test]
fn the_log_holds_what_was_entered_and_an_import_decides_it_again_the_same() {
    // An import replays each entry through `decide`: the attempt entered
    // with XP that does not count decides again to the very same event.
    let core = core_pack();
    let mut state = run(
        created(&core),
        &core,
        attempt("0.1", Outcome::Success, [6, 0, 0, 0]),
    );
    state = run(state, &core, attempt("0.2", Outcome::Failure, [1, 2, 3, 4]));
    let events = events_of(
        &state,
        &core,
        &attempt("0.2", Outcome::Failure, [5, 6, 0, 0]),
    );
    let command = events[0].as_command().expect("an attempt is an entry");
    assert_eq!(events_of(&state, &core, &command), events);
}

/// Events as the builds before this one wrote them: the form had already
/// zeroed the XP that did not count, and `xp_credited` held the count.
const OLD_LOG: &str = r#"[
  {"kind":"campaign_created","name":"Venice","pack_id":"core","assassins":["alessandra"]},
  {"kind":"attempt_recorded","attempt":{"memory":"0.1","number":1,"outcome":"success","difficulty":"normal","xp":{"mandatory":6,"optional":2,"boss":0,"other":0},"xp_credited":8,"synchronized":false,"sync":"red","stickers":[],"played_on":"2026-01-10","notes":""}},
  {"kind":"attempt_recorded","attempt":{"memory":"0.2","number":1,"outcome":"failure","difficulty":"normal","xp":{"mandatory":0,"optional":0,"boss":0,"other":0},"xp_credited":0,"synchronized":false,"sync":null,"stickers":[],"played_on":"2026-01-17","notes":"","eliminated":[]}},
  {"kind":"attempt_recorded","attempt":{"memory":"0.2","number":2,"outcome":"failure","difficulty":"easy","xp":{"mandatory":5,"optional":0,"boss":0,"other":0},"xp_credited":5,"synchronized":true,"sync":null,"stickers":[],"played_on":"2026-01-24","notes":"","eliminated":[]}}
]"#;

#[test]
fn an_old_event_still_gives_the_xp_it_recorded() {
    let core = core_pack();
    let log: Vec<Event> = serde_json::from_str(OLD_LOG).expect("old events still read");
    let state = replay(&log);
    let counted: Vec<u32> = state.attempts.iter().map(|a| a.xp_credited).collect();
    assert_eq!(counted, [8, 0, 5], "the same count as each event recorded");
    for event in &log {
        if let Event::AttemptRecorded { attempt } = event {
            assert_eq!(xp_counted(attempt), attempt.xp_credited, "{attempt:?}");
        }
    }
    let view = diary_view("c", &state, &core, &[]);
    assert_eq!(view.track.total, 13);
    let rows: Vec<u32> = view.sequences[0].memories[..2]
        .iter()
        .map(|m| m.xp_credited)
        .collect();
    assert_eq!(rows, [8, 5]);
}

#[test]
fn a_count_written_in_an_event_is_not_believed() {
    // A file edited to credit 50 XP to a first failure counts what the rules
    // make of what was entered: nothing.
    let core = core_pack();
    let edited = OLD_LOG.replace(
        r#""xp":{"mandatory":0,"optional":0,"boss":0,"other":0},"xp_credited":0"#,
        r#""xp":{"mandatory":0,"optional":0,"boss":0,"other":0},"xp_credited":50"#,
    );
    let log: Vec<Event> = serde_json::from_str(&edited).unwrap();
    assert_eq!(replay(&log).xp(&core), 13);
}

#[test]
fn the_diary_tells_the_attempt_form_what_counts() {
    let core = core_pack();
    let all = XpSource::ALL.to_vec();
    let state = created(&core);
    let next = diary_view("c", &state, &core, &[]).next.unwrap();
    assert_eq!((next.memory.as_str(), next.attempt), ("0.1", 1));
    assert_eq!(
        next.on_success,
        AttemptCounts {
            synchronized: false,
            xp: all.clone(),
            sync: true,
            stickers: true,
        }
    );
    // A first failure counts nothing: the memory is replayed.
    assert_eq!(
        next.on_failure,
        AttemptCounts {
            synchronized: false,
            xp: vec![],
            sync: false,
            stickers: false,
        }
    );

    // The replay: failing it again makes a synchronized memory, mandatory
    // objectives' XP only, its stickers but no 100% sync.
    let state = run(state, &core, attempt("0.1", Outcome::Failure, [0; 4]));
    let next = diary_view("c", &state, &core, &[]).next.unwrap();
    assert_eq!((next.memory.as_str(), next.attempt), ("0.1", 2));
    assert_eq!(
        next.on_failure,
        AttemptCounts {
            synchronized: true,
            xp: vec![XpSource::Mandatory],
            sync: false,
            stickers: true,
        }
    );
    assert_eq!(next.on_success.xp, all);
}
