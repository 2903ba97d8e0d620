//! The Diary of Memories' rules, on the real core and Roma packs.

use bagless_bov::campaign::{
    decide, evolve, replay, AttemptInput, Campaign, Command, Context, Difficulty, Event, Outcome,
    SyncColour, XpGained,
};
use bagless_bov::diary::{diary_view, LaterCampaign, MemoryStatus};
use bagless_bov::Pack;
use chrono::{NaiveDate, TimeZone, Utc};

fn core_pack() -> Pack {
    Pack::from_json(
        "campaigns/core/pack.json",
        include_str!("../../../campaigns/core/pack.json"),
    )
    .unwrap()
}

/// The core box with the HQ steps between memories left out (they have
/// their own tests in hq_rules.rs): for diary tests that play past 0.4,
/// after which FIRST ASSIGNMENT comes before every memory.
fn core_pack_without_hq() -> Pack {
    let mut pack = core_pack();
    pack.board.hq_after = None;
    pack
}

fn roma_pack() -> Pack {
    Pack::from_json(
        "campaigns/roma/pack.json",
        include_str!("../../../campaigns/roma/pack.json"),
    )
    .unwrap()
}

fn ctx() -> Context {
    Context {
        now: Utc.with_ymd_and_hms(2026, 11, 20, 21, 0, 0).unwrap(),
    }
}

/// Runs a command. Before an attempt, skill choices the campaign waits for
/// are put off: these tests are about the diary.
fn run(mut state: Campaign, pack: &Pack, command: Command) -> Campaign {
    if let Command::RecordAttempt(_) = command {
        for (assassin, level) in state.pending_skill_choices(pack) {
            let postpone = Command::PostponeSkill { assassin, level };
            let events = decide(&state, pack, &postpone, &ctx()).unwrap();
            state = events.iter().fold(state, evolve);
        }
    }
    let events = decide(&state, pack, &command, &ctx())
        .unwrap_or_else(|v| panic!("{command:?} refused: {v:?}"));
    events.iter().fold(state, evolve)
}

fn created(pack: &Pack, assassins: &[&str]) -> Campaign {
    run(
        Campaign::default(),
        pack,
        Command::Create {
            name: "Venice".into(),
            pack_id: pack.id.clone(),
            assassins: assassins.iter().map(|s| s.to_string()).collect(),
        },
    )
}

fn attempt(memory: &str, outcome: Outcome, objectives: u32) -> AttemptInput {
    AttemptInput {
        memory: memory.into(),
        outcome,
        difficulty: Difficulty::Normal,
        xp: XpGained {
            mandatory: objectives,
            ..XpGained::default()
        },
        sync_met: false,
        stickers: vec![],
        played_on: NaiveDate::from_ymd_opt(2026, 11, 20).unwrap(),
        notes: String::new(),
        eliminated: vec![],
    }
}

fn success(memory: &str, xp: u32) -> Command {
    Command::RecordAttempt(attempt(memory, Outcome::Success, xp))
}

/// Plays the main memories in order, each a success worth `xp`, up to `last`.
fn played_to(pack: &Pack, last: &str, xp: u32) -> Campaign {
    let mut state = created(pack, &["alessandra", "bastiano"]);
    loop {
        let next = state.next_memory(pack).unwrap().to_string();
        if pack.is_optional(&next) {
            state = run(state, pack, Command::DeclineOptional { memory: next });
            continue;
        }
        state = run(state, pack, success(&next, xp));
        if next == last {
            return state;
        }
    }
}

#[test]
fn both_packs_load_with_the_known_memories() {
    let core = core_pack();
    let ids: Vec<&str> = core.memories().map(|m| m.id.as_str()).collect();
    assert_eq!(ids.len(), 26);
    assert_eq!(
        ids,
        [
            "0.1", "0.2", "0.3", "0.4", "1.1", "1.2", "1.3", "2.1", "2.2", "2.3", "2.4", "3.1",
            "3.2", "3.3", "3.4", "3.5", "4.1", "4.1A", "4.2", "4.3", "4.4", "4.5", "M.A", "M.B",
            "M.C", "M.D"
        ]
    );
    assert_eq!(core.hq_stickers.count, 9);
    assert_eq!(core.hq_stickers.legendary, [9]);
    let roma = roma_pack();
    assert_eq!(roma.xp_track.max, 67);
}

#[test]
fn level_thresholds_at_their_boundaries() {
    let core = core_pack();
    for (below, at, level) in [(24, 25, 1), (54, 55, 2), (94, 95, 3), (124, 125, 4)] {
        assert_eq!(core.level_for(below), level - 1, "{below} XP");
        assert_eq!(core.level_for(at), level, "{at} XP");
    }
    assert_eq!(core.level_for(175), 4);
    assert_eq!(core.level_for(0), 0);
    let roma = roma_pack();
    assert_eq!(roma.level_for(21), 0);
    assert_eq!(roma.level_for(22), 3);
    assert_eq!(roma.level_for(49), 3);
    assert_eq!(roma.level_for(50), 4);
}

#[test]
fn the_track_stops_at_its_end() {
    let core = core_pack_without_hq();
    let state = played_to(&core, "4.5", 40);
    assert_eq!(state.xp(&core), 175);
    let view = diary_view("c", &state, &core, &[]);
    assert_eq!(view.track.total, 175);
    assert_eq!(view.track.level, 4);
}

#[test]
fn crossing_a_threshold_is_a_level_up_named_after_the_memory() {
    let core = core_pack();
    let mut state = created(&core, &["claudio"]);
    state = run(state, &core, success("0.1", 24));
    assert!(state.levels_reached.is_empty());
    let events = decide(&state, &core, &success("0.2", 32), &ctx()).unwrap();
    // 24 + 32 = 56 crosses both level I (25) and level II (55).
    let levels: Vec<Event> = events
        .iter()
        .filter(|e| matches!(e, Event::LevelReached { .. }))
        .cloned()
        .collect();
    assert_eq!(
        levels,
        [
            Event::LevelReached {
                level: 1,
                after_memory: "0.2".into()
            },
            Event::LevelReached {
                level: 2,
                after_memory: "0.2".into()
            }
        ]
    );
    state = events.iter().fold(state, evolve);
    let view = diary_view("c", &state, &core, &[]);
    assert_eq!(view.track.marks[1].reached_after.as_deref(), Some("0.2"));
    assert_eq!(view.track.marks[2].reached_after, None);
}

#[test]
fn sync_sticker_is_red_in_normal_and_grey_with_any_easy_part() {
    let core = core_pack();
    for (difficulty, colour) in [
        (Difficulty::Normal, SyncColour::Red),
        (Difficulty::PartlyEasy, SyncColour::Grey),
        (Difficulty::Easy, SyncColour::Grey),
    ] {
        let state = created(&core, &["daria"]);
        let mut input = attempt("0.1", Outcome::Success, 6);
        input.difficulty = difficulty;
        input.sync_met = true;
        let state = run(state, &core, Command::RecordAttempt(input));
        assert_eq!(state.attempts[0].sync, Some(colour));
    }
}

/// The 100% sync sticker is placed only when its objective was met: a
/// success without it places none.
#[test]
fn a_success_without_its_sync_objective_places_no_sync_sticker() {
    let core = core_pack();
    let state = created(&core, &["daria"]);
    let input = attempt("0.1", Outcome::Success, 6);
    assert!(!input.sync_met);
    let state = run(state, &core, Command::RecordAttempt(input));
    assert_eq!(state.attempts[0].sync, None);
}

#[test]
fn a_failure_is_replayed_and_a_second_failure_is_a_synchronized_memory() {
    let core = core_pack();
    let mut state = created(&core, &["alessandra"]);
    state = run(state, &core, success("0.1", 6));
    // A first failure earns nothing (CAMPAIGN: "After each completed
    // memory, total the XP you gained") and 0.2 stays next, as a 2nd
    // attempt. The XP entered is recorded as it was, counting for nothing.
    let failed = attempt("0.2", Outcome::Failure, 5);
    state = run(state, &core, Command::RecordAttempt(failed));
    assert_eq!(state.attempts[1].xp.mandatory, 5);
    assert_eq!(state.attempts[1].xp_credited, 0);
    assert_eq!(state.xp(&core), 6);
    let view = diary_view("c", &state, &core, &[]);
    let next = view.next.unwrap();
    assert_eq!((next.memory.as_str(), next.attempt), ("0.2", 2));

    // The second failure, REPLAYING A MEMORY: "Only receive XP from
    // mandatory objectives" and "Do not place any 100% sync stickers".
    let mut second = attempt("0.2", Outcome::Failure, 4);
    second.xp.boss = 3;
    second.sync_met = true;
    let refused = decide(
        &state,
        &core,
        &Command::RecordAttempt(second.clone()),
        &ctx(),
    );
    assert_eq!(refused.unwrap_err()[0].code, "sync_on_failure");
    second.sync_met = false;
    state = run(state, &core, Command::RecordAttempt(second));
    let last = state.attempts.last().unwrap();
    assert!(last.synchronized && last.sync.is_none());
    assert_eq!(last.number, 2);
    assert_eq!((last.xp.boss, last.xp_credited), (3, 4));
    assert_eq!(state.xp(&core), 10);
    assert!(state.is_done("0.2"));
    let view = diary_view("c", &state, &core, &[]);
    assert_eq!(view.next.unwrap().memory, "0.3");
    assert_eq!(
        view.sequences[0].memories[1].status,
        MemoryStatus::Synchronized
    );
}

#[test]
fn memories_are_played_in_order() {
    let core = core_pack();
    let state = created(&core, &["alessandra"]);
    let refused = decide(&state, &core, &success("0.3", 6), &ctx()).unwrap_err();
    assert_eq!(refused[0].code, "memory_out_of_order");
    assert_eq!(
        refused[0].message,
        "The next memory is 0.1: play it before 0.3."
    );
    let state = run(state, &core, success("0.1", 6));
    let refused = decide(&state, &core, &success("0.1", 6), &ctx()).unwrap_err();
    assert_eq!(refused[0].code, "memory_done");
    let refused = decide(&state, &core, &success("9.9", 6), &ctx()).unwrap_err();
    assert_eq!(refused[0].code, "memory_unknown");
}

#[test]
fn an_optional_memory_is_offered_at_its_place_and_declined_for_good() {
    let core = core_pack_without_hq();
    let state = played_to(&core, "1.2", 5);
    let refused = decide(
        &state,
        &core,
        &Command::DeclineOptional {
            memory: "M.A".into(),
        },
        &ctx(),
    )
    .unwrap_err();
    assert_eq!(refused[0].code, "optional_not_offered");

    let state = run(state, &core, success("1.3", 5));
    assert_eq!(state.next_memory(&core), Some("M.A"));
    // Going on without choosing is refused.
    let refused = decide(&state, &core, &success("2.1", 5), &ctx()).unwrap_err();
    assert_eq!(refused[0].code, "optional_pending");

    let state = run(
        state,
        &core,
        Command::DeclineOptional {
            memory: "M.A".into(),
        },
    );
    assert_eq!(state.next_memory(&core), Some("2.1"));
    let refused = decide(&state, &core, &success("M.A", 5), &ctx()).unwrap_err();
    assert_eq!(refused[0].code, "memory_declined");
    let state = run(state, &core, success("2.1", 5));
    let view = diary_view("c", &state, &core, &[]);
    let ma = &view.sequences[5].memories[0];
    assert_eq!(ma.status, MemoryStatus::Declined);
    assert!(!ma.is_next);
    // Still declined at the end of the campaign.
    assert!(state.declined.contains("M.A"));
}

#[test]
fn an_optional_memory_can_be_played_when_offered() {
    let core = core_pack_without_hq();
    let state = played_to(&core, "1.3", 5);
    let mut input = attempt("M.A", Outcome::Success, 7);
    input.sync_met = true;
    let state = run(state, &core, Command::RecordAttempt(input));
    assert!(state.is_done("M.A"));
    assert_eq!(state.next_memory(&core), Some("2.1"));
    let refused = decide(
        &state,
        &core,
        &Command::DeclineOptional {
            memory: "1.1".into(),
        },
        &ctx(),
    )
    .unwrap_err();
    assert_eq!(refused[0].code, "decline_main");
}

#[test]
fn a_sync_earned_later_shows_on_earlier_campaigns_of_the_same_box() {
    let core = core_pack();
    let earlier = created(&core, &["alessandra"]);
    let mut later = created(&core, &["bastiano"]);
    let mut input = attempt("0.1", Outcome::Success, 6);
    input.sync_met = true;
    input.difficulty = Difficulty::PartlyEasy;
    later = run(later, &core, Command::RecordAttempt(input));

    let view = diary_view(
        "a",
        &earlier,
        &core,
        &[LaterCampaign {
            name: "Second run",
            campaign: &later,
        }],
    );
    let sync = view.sequences[0].memories[0].sync.clone().unwrap();
    assert_eq!(sync.colour, SyncColour::Grey);
    assert_eq!(sync.from_campaign.as_deref(), Some("Second run"));
    // The later campaign's own diary is not changed by the earlier one.
    let own = diary_view("b", &later, &core, &[]);
    assert_eq!(
        own.sequences[0].memories[0]
            .sync
            .clone()
            .unwrap()
            .from_campaign,
        None
    );
    // The earlier campaign's XP and progress are its own.
    assert_eq!(view.track.total, 0);
    assert_eq!(view.next.unwrap().memory, "0.1");
}

#[test]
fn hq_stickers_are_marked_within_the_diary() {
    let core = core_pack();
    let state = created(&core, &["alessandra"]);
    let state = run(
        state,
        &core,
        Command::SetHqSticker {
            number: 9,
            marked: true,
        },
    );
    let view = diary_view("c", &state, &core, &[]);
    assert!(view.hq_stickers[8].marked && view.hq_stickers[8].legendary);
    let refused = decide(
        &state,
        &core,
        &Command::SetHqSticker {
            number: 10,
            marked: true,
        },
        &ctx(),
    )
    .unwrap_err();
    assert_eq!(refused[0].code, "hq_sticker_unknown");
}

#[test]
fn creating_checks_name_and_assassins() {
    let core = core_pack();
    let bad = Command::Create {
        name: "  ".into(),
        pack_id: "core".into(),
        assassins: vec!["alessandra".into(), "alessandra".into(), "ezio".into()],
    };
    let codes: Vec<&str> = decide(&Campaign::default(), &core, &bad, &ctx())
        .unwrap_err()
        .into_iter()
        .map(|v| v.code.as_str())
        .collect();
    assert_eq!(codes, ["name_empty", "assassin_twice", "assassin_unknown"]);
    let five = Command::Create {
        name: "Five".into(),
        pack_id: "core".into(),
        assassins: vec![],
    };
    assert_eq!(
        decide(&Campaign::default(), &core, &five, &ctx()).unwrap_err()[0].code,
        "assassin_count"
    );
}

#[test]
fn a_sequence_sticker_is_earned_on_the_last_memory() {
    let core = core_pack_without_hq();
    let state = played_to(&core, "0.3", 5);
    let mut input = attempt("0.4", Outcome::Success, 5);
    input.stickers = vec!["sequence-0".into()];
    let state = run(state, &core, Command::RecordAttempt(input));
    let view = diary_view("c", &state, &core, &[]);
    assert!(view.sequences[0].memories[3].stickers[0].earned);
    let mut wrong = attempt("1.1", Outcome::Success, 5);
    wrong.stickers = vec!["sequence-0".into()];
    let refused = decide(&state, &core, &Command::RecordAttempt(wrong), &ctx()).unwrap_err();
    assert_eq!(refused[0].code, "sticker_unknown");
}

#[test]
fn replaying_the_log_rebuilds_the_state() {
    let core = core_pack();
    let mut log = Vec::new();
    let mut state = Campaign::default();
    for command in [
        Command::Create {
            name: "Log".into(),
            pack_id: "core".into(),
            assassins: vec!["claudio".into()],
        },
        success("0.1", 30),
        Command::Rename {
            name: "Log 2".into(),
        },
    ] {
        let events = decide(&state, &core, &command, &ctx()).unwrap();
        state = events.iter().fold(state, evolve);
        log.extend(events);
    }
    assert_eq!(replay(&log), state);
    assert_eq!(state.name, "Log 2");
    assert!(state.levels_reached.contains_key(&1));
}

#[test]
fn undoing_an_entry_takes_back_what_it_derived() {
    use bagless_bov::campaign::{effective, last_undoable, replay_log, EventEnvelope};
    let core = core_pack();
    let mut log: Vec<EventEnvelope> = Vec::new();
    let push = |log: &mut Vec<EventEnvelope>, events: Vec<Event>| {
        for event in events {
            let seq = log.len() as u32 + 1;
            log.push(EventEnvelope {
                seq,
                recorded_at: ctx().now,
                event,
                by: None,
            });
        }
    };
    let decide_on = |log: &[EventEnvelope], command: Command| {
        decide(&replay_log(log), &core, &command, &ctx()).unwrap()
    };
    let create = Command::Create {
        name: "Undo".into(),
        pack_id: "core".into(),
        assassins: vec!["claudio".into()],
    };
    let events = decide_on(&log, create);
    push(&mut log, events);
    assert_eq!(last_undoable(&log), None, "creation is not undone");
    let created_count = log.len();
    let events = decide_on(&log, success("0.1", 10));
    push(&mut log, events);
    let first = created_count as u32 + 1;
    let before = replay_log(&log);
    let before_count = log.len();
    // 10 + 20 crosses level I: the attempt and its level-up are one entry.
    let events = decide_on(&log, success("0.2", 20));
    push(&mut log, events);
    let second = before_count as u32 + 1;
    assert_eq!(replay_log(&log).levels_reached.len(), 1);
    assert_eq!(last_undoable(&log), Some(second));
    push(&mut log, vec![Event::EntryUndone { seq: second }]);
    assert_eq!(replay_log(&log), before);
    assert_eq!(effective(&log).count(), before_count);
    // The next undo takes back 0.1; then nothing is left to undo.
    assert_eq!(last_undoable(&log), Some(first));
    push(&mut log, vec![Event::EntryUndone { seq: first }]);
    assert_eq!(last_undoable(&log), None);
    assert_eq!(replay_log(&log).next_memory(&core), Some("0.1"));
    // Playing on after an undo works as if the entry had never been made.
    let replayed_at = log.len() as u32 + 1;
    let events = decide_on(&log, success("0.1", 3));
    push(&mut log, events);
    assert_eq!(replay_log(&log).xp(&core), 3);
    assert_eq!(last_undoable(&log), Some(replayed_at));
}

#[test]
fn hostile_numbers_and_dates_are_refused_without_a_panic() {
    let core = core_pack();
    let mut state = created(&core, &["alessandra"]);
    state = run(
        state,
        &core,
        Command::RecordAttempt(attempt("0.1", Outcome::Failure, 0)),
    );
    let mut second = attempt("0.1", Outcome::Failure, 0);
    second.xp.optional = u32::MAX;
    second.xp.boss = 1;
    let refused = decide(&state, &core, &Command::RecordAttempt(second), &ctx()).unwrap_err();
    assert!(refused.iter().any(|v| v.code == "xp_too_large"));
    let mut old = attempt("0.1", Outcome::Failure, 0);
    old.played_on = NaiveDate::from_ymd_opt(1999, 12, 31).unwrap();
    let refused = decide(&state, &core, &Command::RecordAttempt(old), &ctx()).unwrap_err();
    assert_eq!(refused[0].code, "date_too_early");
    let end_of_time = Context {
        now: chrono::DateTime::<Utc>::MAX_UTC,
    };
    let late = Command::RecordAttempt(attempt("0.1", Outcome::Failure, 0));
    assert!(decide(&state, &core, &late, &end_of_time).is_err());
}

#[test]
fn a_red_sticker_from_a_later_campaign_covers_an_own_grey_one() {
    let core = core_pack();
    let mut mine = created(&core, &["alessandra"]);
    let mut grey = attempt("0.1", Outcome::Success, 6);
    grey.sync_met = true;
    grey.difficulty = Difficulty::Easy;
    mine = run(mine, &core, Command::RecordAttempt(grey));
    let mut later = created(&core, &["bastiano"]);
    let mut red = attempt("0.1", Outcome::Success, 6);
    red.sync_met = true;
    later = run(later, &core, Command::RecordAttempt(red));
    let later = [LaterCampaign {
        name: "Later",
        campaign: &later,
    }];
    let view = diary_view("c", &mine, &core, &later);
    let sync = view.sequences[0].memories[0].sync.clone().unwrap();
    assert_eq!(
        (sync.colour, sync.from_campaign.as_deref()),
        (SyncColour::Red, Some("Later"))
    );
}

#[test]
fn roma_has_no_hq_stickers_to_mark() {
    let roma = roma_pack();
    let state = created(&roma, &["alif"]);
    let refused = decide(
        &state,
        &roma,
        &Command::SetHqSticker {
            number: 1,
            marked: true,
        },
        &ctx(),
    )
    .unwrap_err();
    assert_eq!(refused[0].message, "This box's diary has no HQ stickers.");
}

/// CAMPAIGN: "every 100% sync unlocked in a campaign is valid for all the
/// campaigns you played before": from every campaign the app hands over,
/// the rules read the sync of those of the same box begun later and out of
/// the bin, never of one begun before, binned, or of another box.
#[test]
fn the_shelf_passes_a_sync_only_from_a_later_campaign_of_the_box_out_of_the_bin() {
    use bagless_bov::views::shelf::{self, OnTheShelf};
    use chrono::{Duration, TimeZone, Utc};
    let core = core_pack();
    let this = created(&core, &["alessandra"]);
    let mut synced = created(&core, &["bastiano"]);
    let mut input = attempt("0.1", Outcome::Success, 6);
    input.sync_met = true;
    synced = run(synced, &core, Command::RecordAttempt(input));
    let roma = bagless_bov::packs::pack("roma").unwrap();
    let mut other_box = created(roma, &["alif"]);
    other_box.attempts = synced.attempts.clone();
    let day = Utc.with_ymd_and_hms(2026, 11, 20, 21, 0, 0).unwrap();
    let at = |id, days, in_bin, campaign| OnTheShelf {
        id,
        name: id,
        begun: day + Duration::days(days),
        in_bin,
        campaign,
    };
    let me = at("me", 0, false, &this);
    let sync_of = |shelf: &[OnTheShelf<'_>]| {
        shelf::diary(&me, &core, shelf).sequences[0].memories[0]
            .sync
            .clone()
            .and_then(|s| s.from_campaign)
    };
    assert_eq!(
        sync_of(&[me, at("later", 1, false, &synced)]),
        Some("later".into())
    );
    assert_eq!(sync_of(&[at("earlier", -1, false, &synced)]), None);
    assert_eq!(sync_of(&[at("binned", 1, true, &synced)]), None);
    assert_eq!(sync_of(&[at("roma", 1, false, &other_box)]), None);
    // Begun at the same instant (a copy kept beside it, from another
    // home): neither was played before the other.
    assert_eq!(sync_of(&[at("zz", 0, false, &synced)]), None);
    assert_eq!(sync_of(&[at("aa", 0, false, &synced)]), None);
}
