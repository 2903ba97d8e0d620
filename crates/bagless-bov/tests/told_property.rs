//! Property: whatever the players do (attempts won and lost, level-ups,
//! cards, joins and leaves, XP typed over, undo), the story read from the
//! log is the campaign the log replays to: one point per attempt in
//! effect, each at its own entry; the XP along the story goes down only
//! where a number typed over the XP took it down (the rules spend none);
//! the last figures are the diary's. The evening from any time counts the
//! attempts recorded since, from the XP the campaign had then.

use crate::board_steps;

use bagless_bov::campaign::{decide, replay_log, Campaign, Command, Context, EventEnvelope};
use bagless_bov::views::told::{evening::evening, story::story};
use bagless_bov::{Event, Pack};
use board_steps::{command, step};
use chrono::{Duration, TimeZone, Utc};
use proptest::prelude::*;

fn push(log: &mut Vec<EventEnvelope>, events: Vec<Event>, at: chrono::DateTime<Utc>) {
    for event in events {
        let seq = log.len() as u32 + 1;
        log.push(EventEnvelope {
            seq,
            recorded_at: at,
            event,
            by: None,
        });
    }
}

/// The core box, the evening's start (2026-11-20, 21:00 UTC) and the log of
/// a campaign `name` created then with `assassins`.
fn created(name: &str, assassins: &[&str]) -> (Pack, chrono::DateTime<Utc>, Vec<EventEnvelope>) {
    let pack = Pack::from_json("core", include_str!("../../../campaigns/core/pack.json")).unwrap();
    let start = Utc.with_ymd_and_hms(2026, 11, 20, 21, 0, 0).unwrap();
    let create = Command::Create {
        name: name.into(),
        pack_id: "core".into(),
        assassins: assassins.iter().map(|a| a.to_string()).collect(),
    };
    let mut log = Vec::new();
    let events = decide(
        &Campaign::default(),
        &pack,
        &create,
        &Context { now: start },
    )
    .unwrap();
    push(&mut log, events, start);
    (pack, start, log)
}

/// The events of the entry that begins at `seq`: it and those derived
/// from it, up to the next entry.
fn effective_entry(log: &[EventEnvelope], seq: u32) -> impl Iterator<Item = &EventEnvelope> {
    let start = seq as usize - 1;
    log[start..]
        .iter()
        .enumerate()
        .take_while(|(i, e)| *i == 0 || !e.event.is_entry())
        .map(|(_, e)| e)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn the_story_is_the_campaign_its_log_replays_to(
        first in 1usize..=4,
        steps in prop::collection::vec(step(), 1..100),
        cut in 0usize..100,
    ) {
        let pack = Pack::from_json("core", include_str!("../../../campaigns/core/pack.json")).unwrap();
        let start = Utc.with_ymd_and_hms(2026, 11, 20, 21, 0, 0).unwrap();
        let create = Command::Create {
            name: "P".into(),
            pack_id: "core".into(),
            assassins: board_steps::ASSASSINS[..first].iter().map(|s| s.to_string()).collect(),
        };
        let ctx = Context { now: start };
        let mut log = Vec::new();
        push(&mut log, decide(&Campaign::default(), &pack, &create, &ctx).unwrap(), start);
        // The XP just before each step, for the evening cut there.
        let mut xp_at_step = Vec::new();
        for (i, step) in steps.iter().enumerate() {
            let at = start + Duration::minutes(i as i64 + 1);
            let state = replay_log(&log);
            xp_at_step.push((at, state.xp(&pack)));
            let events = match command(&state, &pack, step) {
                None => bagless_bov::campaign::last_undoable(&log)
                    .map(|seq| vec![Event::EntryUndone { seq }])
                    .unwrap_or_default(),
                Some(command) => decide(&state, &pack, &command, &Context { now: at }).unwrap_or_default(),
            };
            push(&mut log, events, at);
        }
        let state = replay_log(&log);
        let told = story(&log, &pack);
        prop_assert_eq!(told.points.len(), state.attempts.len());
        for (point, attempt) in told.points.iter().zip(&state.attempts) {
            prop_assert_eq!(&point.memory, &attempt.memory);
            prop_assert_eq!(point.number, attempt.number);
            prop_assert_eq!(point.xp_credited, attempt.xp_credited);
            let entry = &log[point.seq as usize - 1];
            prop_assert!(matches!(entry.event, Event::AttemptRecorded { .. }), "{:?}", entry.event);
        }
        prop_assert_eq!(told.xp, state.xp(&pack));
        prop_assert_eq!(told.level, state.level());
        prop_assert_eq!(told.hq.len(), told.points.len());
        for assassin in &told.assassins {
            prop_assert_eq!(assassin.at.len(), told.points.len());
        }
        // XP goes down along the story only across an override in effect.
        let overrides: Vec<u32> = bagless_bov::campaign::effective(&log)
            .filter(|e| matches!(e.event, Event::ValueOverridden { .. }))
            .map(|e| e.seq)
            .collect();
        for pair in told.points.windows(2) {
            if pair[1].xp < pair[0].xp {
                prop_assert!(
                    overrides.iter().any(|seq| *seq > pair[0].seq && *seq < pair[1].seq),
                    "XP fell from {} to {} with no override between", pair[0].xp, pair[1].xp
                );
            }
        }
        for mark in &told.marks {
            prop_assert_eq!(mark.reached_after.is_some(), state.levels_reached.contains_key(&mark.level));
            // A level reached names the entry that reached it, and the
            // attempt's point, if an attempt did, carries the level.
            prop_assert_eq!(mark.seq.is_some(), mark.reached_after.is_some());
            if let Some(seq) = mark.seq {
                let reached = effective_entry(&log, seq)
                    .any(|e| matches!(e.event, Event::LevelReached { level, .. } if level == mark.level));
                prop_assert!(reached, "level {} not reached in entry {}", mark.level, seq);
            }
            if let Some(point) = mark.point {
                prop_assert!(told.points[point as usize].levels_reached.contains(&mark.level));
            }
        }
        for (i, point) in told.points.iter().enumerate() {
            for level in &point.levels_reached {
                prop_assert!(told.marks.iter().any(|m| m.level == *level && m.point == Some(i as u32)));
            }
        }
        // The evening from the start is the whole story; from a step, the
        // attempts recorded since, from the XP the campaign had then.
        let whole = evening(&log, &pack, start);
        prop_assert_eq!(whole.attempts.len(), told.points.len());
        prop_assert_eq!(whole.xp_before, 0);
        prop_assert_eq!(whole.xp_after, told.xp);
        let (since, xp_then) = xp_at_step[cut % xp_at_step.len()];
        let tonight = evening(&log, &pack, since);
        prop_assert_eq!(
            tonight.attempts.len(),
            told.points.iter().filter(|p| p.recorded_at >= since).count()
        );
        prop_assert_eq!(tonight.xp_after, told.xp);
        // The entries counted tonight are the entries in effect recorded
        // since the cut.
        let since_entries = bagless_bov::campaign::effective(&log)
            .filter(|e| e.event.is_entry() && e.recorded_at >= since)
            .count();
        prop_assert_eq!(tonight.entries as usize, since_entries);
        prop_assert_eq!(whole.entries as usize, bagless_bov::campaign::effective(&log).filter(|e| e.event.is_entry()).count());
        // Undo can take back an entry before the cut: the XP then is the
        // log's in effect now, so it is checked when nothing was undone.
        if !log.iter().any(|e| matches!(e.event, Event::EntryUndone { .. })) {
            prop_assert_eq!(tonight.xp_before, xp_then);
        }
        let after = evening(&log, &pack, start + Duration::days(1));
        prop_assert_eq!(after.entries, 0);
        prop_assert!(after.attempts.is_empty() && after.cards_gained.is_empty() && after.cards_lost.is_empty());
        prop_assert_eq!(after.xp_before, after.xp_after);
    }
}

/// What a year adds up to (issue 57), each assassin's record: the attempts
/// played with them, the memories played to the end with them and the
/// attempts that recorded them eliminated, from the campaign's story.
#[test]
fn the_year_counts_each_assassin_s_attempts_memories_done_and_eliminations() {
    use bagless_bov::campaign::{AttemptInput, Difficulty, Outcome, XpGained};
    use bagless_bov::views::told::year::{year, YearCampaign};
    let (pack, start, mut log) = created("Year", &["alessandra", "bastiano"]);
    let played = [
        ("0.1", Outcome::Failure, vec!["bastiano".to_string()]),
        ("0.1", Outcome::Success, vec![]),
        ("0.2", Outcome::Success, vec![]),
    ];
    for (i, (memory, outcome, eliminated)) in played.into_iter().enumerate() {
        let at = start + Duration::minutes(30 * (i as i64 + 1));
        let command = Command::RecordAttempt(AttemptInput {
            memory: memory.into(),
            outcome,
            difficulty: Difficulty::Normal,
            xp: XpGained::default(),
            sync_met: false,
            stickers: vec![],
            played_on: at.date_naive(),
            notes: String::new(),
            eliminated,
        });
        let events = decide(&replay_log(&log), &pack, &command, &Context { now: at }).unwrap();
        push(&mut log, events, at);
    }
    let year = year(&[YearCampaign {
        name: "Year",
        log: &log,
        pack: &pack,
    }]);
    let records: Vec<(&str, u32, u32, u32)> = year.boxes[0]
        .assassins
        .iter()
        .map(|a| (a.id.as_str(), a.attempts, a.memories_done, a.eliminations))
        .collect();
    assert_eq!(records, [("alessandra", 3, 2, 0), ("bastiano", 3, 2, 1)]);
    // Each record carries the assassin's name from the box.
    let names: Vec<&str> = year.boxes[0]
        .assassins
        .iter()
        .map(|a| a.name.as_str())
        .collect();
    let expected: Vec<&str> = ["alessandra", "bastiano"]
        .iter()
        .map(|id| {
            pack.assassins
                .iter()
                .find(|a| a.id == *id)
                .unwrap()
                .name
                .as_str()
        })
        .collect();
    assert!(expected.iter().all(|n| !n.is_empty()));
    assert_eq!(names, expected);
    // Each memory's attempts, successes and success rate.
    let memories: Vec<(&str, u32, u32, u32)> = year.boxes[0]
        .memories
        .iter()
        .map(|m| {
            (
                m.memory.as_str(),
                m.attempts,
                m.successes,
                m.success_percent,
            )
        })
        .collect();
    assert_eq!(memories, [("0.1", 2, 1, 50), ("0.2", 1, 1, 100)]);
}

/// The evening's summary (issue 57): the cards gained and lost on the
/// assassins' boards since the evening began, by assassin and card.
#[test]
fn the_evening_tells_the_cards_gained_and_lost_on_the_boards() {
    use crate::table::{add_card, inventory, move_card};
    use bagless_bov::board::{CardKind, Place};
    let pack = Pack::from_json("core", include_str!("../../../campaigns/core/pack.json")).unwrap();
    let start = Utc.with_ymd_and_hms(2026, 11, 20, 21, 0, 0).unwrap();
    let mut log = Vec::new();
    let run = |log: &mut Vec<EventEnvelope>, command: Command, minutes: i64| {
        let at = start + Duration::minutes(minutes);
        let events = decide(&replay_log(log), &pack, &command, &Context { now: at }).unwrap();
        push(log, events, at);
    };
    let create = Command::Create {
        name: "Evening".into(),
        pack_id: "core".into(),
        assassins: vec!["alessandra".into()],
    };
    run(&mut log, create, 0);
    let bomb = add_card(
        "Smoke Bomb",
        CardKind::BlackEquipment,
        None,
        inventory("alessandra", 0),
    );
    run(&mut log, bomb, 1);
    let id = |log: &[EventEnvelope], name: &str| {
        replay_log(log)
            .ledger
            .cards
            .values()
            .find(|c| c.card.name == name)
            .unwrap()
            .card
            .id
            .clone()
    };
    let bomb = id(&log, "Smoke Bomb");
    // The evening begins; the bomb leaves the board, a knife comes to it.
    run(&mut log, move_card(&bomb, Place::VillaEnvelope), 60);
    let knife = add_card(
        "Throwing Knife",
        CardKind::BlackEquipment,
        None,
        inventory("alessandra", 1),
    );
    run(&mut log, knife, 61);
    let tonight = evening(&log, &pack, start + Duration::minutes(30));
    let cards =
        |cards: &[bagless_bov::views::told::evening::EveningCard]| -> Vec<(String, String)> {
            cards
                .iter()
                .map(|c| (c.assassin.clone(), c.card.clone()))
                .collect()
        };
    assert_eq!(
        cards(&tonight.cards_gained),
        [("Alessandra".into(), "Throwing Knife".into())]
    );
    assert_eq!(
        cards(&tonight.cards_lost),
        [("Alessandra".into(), "Smoke Bomb".into())]
    );
}

/// The campaign told back (issue 57): an optional memory declined
/// ("OPTIONAL MEMORIES": ignored for good) has its line in the story,
/// marked declined, with no attempt; the evening tells only the HQ steps
/// resolved, and the editions stepped to, since its start.
#[test]
fn the_story_marks_a_declined_memory_and_the_evening_its_hq_steps_since() {
    let (pack, start, mut log) = created("Told", &["alessandra"]);
    let declined = Event::OptionalMemoryDeclined {
        memory: "M.A".into(),
    };
    push(&mut log, vec![declined], start + Duration::minutes(1));
    for (hours, stars) in [(1, 1), (3, 2)] {
        let resolved = Event::HqResolved {
            input: crate::table::plain_resolution(2),
            stars,
            fulfilled: stars == 2,
        };
        push(&mut log, vec![resolved], start + Duration::hours(hours));
        // A step to the next edition of the rules after each.
        let step = Event::EditionChanged {
            from: stars,
            to: stars + 1,
        };
        push(
            &mut log,
            vec![step],
            start + Duration::hours(hours) + Duration::minutes(5),
        );
    }
    let told = story(&log, &pack);
    let line = told
        .memories
        .iter()
        .find(|m| m.memory == "M.A")
        .expect("M.A's line");
    assert!(
        line.declined && line.optional && !line.done && line.points.is_empty(),
        "{line:?}"
    );
    assert_eq!(told.hq_steps.len(), 2);
    // HQ RESOLUTION STEP: a level changed by a resolution is told on that
    // step only (HQ LEVEL), not on the steps before.
    assert!(told.hq_steps.iter().all(|s| s.level.is_none()));
    let mut leveled = log.clone();
    let resolved = Event::HqResolved {
        input: crate::table::plain_resolution(2),
        stars: 3,
        fulfilled: true,
    };
    push(
        &mut leveled,
        vec![resolved, Event::HqLevelChanged { level: 2 }],
        start + Duration::hours(5),
    );
    let levels: Vec<Option<u8>> = story(&leveled, &pack)
        .hq_steps
        .iter()
        .map(|s| s.level)
        .collect();
    assert_eq!(levels, [None, None, Some(2)]);
    let tonight = evening(&log, &pack, start + Duration::hours(2));
    let stars: Vec<u32> = tonight.hq_steps.iter().map(|s| s.stars).collect();
    assert_eq!(stars, [2]);
    // The editions the campaign stepped to, in the story and tonight.
    let steps = |editions: &[bagless_bov::views::told::story::StoryEdition]| -> Vec<(u32, u32)> {
        editions.iter().map(|e| (e.from, e.to)).collect()
    };
    assert_eq!(steps(&told.editions), [(1, 2), (2, 3)]);
    assert_eq!(steps(&tonight.editions), [(2, 3)]);
    // The HQ's line at the next attempt counts the contracts fulfilled so
    // far (HQ RESOLUTION STEP, 4. COMMAND ROOM: "you have succeeded: remove
    // the card from the game"): the second resolution's, not the first's.
    let attempt = bagless_bov::campaign::Attempt {
        memory: "0.1".into(),
        number: 1,
        outcome: bagless_bov::campaign::Outcome::Success,
        difficulty: bagless_bov::campaign::Difficulty::Normal,
        xp: Default::default(),
        xp_credited: 0,
        synchronized: false,
        sync: None,
        stickers: vec![],
        played_on: start.date_naive(),
        notes: String::new(),
        eliminated: vec![],
    };
    push(
        &mut log,
        vec![Event::AttemptRecorded { attempt }],
        start + Duration::hours(4),
    );
    let told = story(&log, &pack);
    assert_eq!(told.hq.iter().map(|h| h.fulfilled).collect::<Vec<_>>(), [1]);
}

/// An attempt as an earlier Bagless recorded it, made by hand.
fn recorded(
    memory: &str,
    number: u8,
    success: bool,
    synchronized: bool,
    stickers: &[&str],
) -> Event {
    use bagless_bov::campaign::{Attempt, Difficulty, Outcome};
    Event::AttemptRecorded {
        attempt: Attempt {
            memory: memory.into(),
            number,
            outcome: if success {
                Outcome::Success
            } else {
                Outcome::Failure
            },
            difficulty: Difficulty::Normal,
            xp: Default::default(),
            xp_credited: 0,
            synchronized,
            sync: None,
            stickers: stickers.iter().map(|s| s.to_string()).collect(),
            played_on: chrono::NaiveDate::from_ymd_opt(2026, 11, 20).unwrap(),
            notes: String::new(),
            eliminated: vec![],
        },
    }
}

/// REPLAYING A MEMORY, "If you fail a second time, read the Synchronized
/// Memory page … and act as if you had completed it". The evening counts it
/// done as a success is; the year counts it among the memory's second
/// failures; the story marks a sticker earned by an attempt on the memory's
/// line.
#[test]
fn a_synchronized_memory_is_done_tonight_counted_in_the_year_and_its_stickers_told() {
    use bagless_bov::views::told::year::{year, YearCampaign};
    let (pack, start, mut log) = created("Synchronized", &["alessandra"]);
    for (i, event) in [
        recorded("0.1", 1, true, false, &[]),
        recorded("0.2", 1, false, false, &[]),
        recorded("0.2", 2, false, true, &[]),
        recorded("1.3", 1, true, false, &["sequence-1"]),
    ]
    .into_iter()
    .enumerate()
    {
        push(
            &mut log,
            vec![event],
            start + Duration::minutes(i as i64 + 1),
        );
    }
    let tonight = evening(&log, &pack, start);
    assert_eq!(tonight.memories_done, ["0.1", "0.2", "1.3"]);
    let year = year(&[YearCampaign {
        name: "Synchronized",
        log: &log,
        pack: &pack,
    }]);
    let second = year.boxes[0]
        .memories
        .iter()
        .find(|m| m.memory == "0.2")
        .unwrap();
    assert_eq!(
        (second.attempts, second.successes, second.synchronized),
        (2, 0, 1)
    );
    let told = story(&log, &pack);
    let done: Vec<(&str, bool)> = told
        .memories
        .iter()
        .map(|m| (m.memory.as_str(), m.done))
        .collect();
    assert!(
        done.contains(&("0.2", true)) && done.contains(&("1.3", true)),
        "{done:?}"
    );
    let line = told.memories.iter().find(|m| m.memory == "1.3").unwrap();
    let earned: Vec<(&str, bool)> = line
        .stickers
        .iter()
        .map(|s| (s.id.as_str(), s.earned))
        .collect();
    assert_eq!(earned, [("sequence-1", true)]);
}

/// LEVELING UP AND SKILLS: the evening tells the levels reached since it
/// began, not those reached before.
#[test]
fn the_evening_tells_only_the_levels_reached_since_it_began() {
    use bagless_bov::campaign::{AttemptInput, Difficulty, Outcome, XpGained};
    let (pack, start, mut log) = created("Levels", &["alessandra"]);
    // Level I (25 XP) before the evening, level II (55) during it.
    for (memory, minutes) in [("0.1", 1), ("0.2", 60)] {
        let at = start + Duration::minutes(minutes);
        let mut state = replay_log(&log);
        for (assassin, level) in state.pending_skill_choices(&pack) {
            let put_off = Command::PostponeSkill { assassin, level };
            let events = decide(&state, &pack, &put_off, &Context { now: at }).unwrap();
            push(&mut log, events, at);
            state = replay_log(&log);
        }
        let attempt = Command::RecordAttempt(AttemptInput {
            memory: memory.into(),
            outcome: Outcome::Success,
            difficulty: Difficulty::Normal,
            xp: XpGained {
                mandatory: 30,
                ..XpGained::default()
            },
            sync_met: false,
            stickers: vec![],
            played_on: at.date_naive(),
            notes: String::new(),
            eliminated: vec![],
        });
        let events = decide(&state, &pack, &attempt, &Context { now: at }).unwrap();
        push(&mut log, events, at);
    }
    let tonight = evening(&log, &pack, start + Duration::minutes(30));
    assert_eq!(tonight.level_before, 1);
    assert_eq!(tonight.levels_reached, [2]);
}
