//! Property: whatever the players do (moves, trades, level-ups, eliminations,
//! failures, joins and leaves, undo), every card is in exactly one place, no
//! slot holds a card that does not fit, no board holds more than 5 inventory
//! cards or a second worn armor, and the level matches the XP. A refused
//! command names the rule and changes nothing.

use crate::board_steps;

use bagless_bov::campaign::{
    decide, last_undoable, replay_log, Campaign, Command, Context, EventEnvelope,
};
use bagless_bov::{Event, Pack};
use board_steps::{check, command, step, Step};
use chrono::{TimeZone, Utc};
use proptest::prelude::*;

fn push(log: &mut Vec<EventEnvelope>, events: Vec<Event>, ctx: &Context) {
    for event in events {
        let seq = log.len() as u32 + 1;
        log.push(EventEnvelope {
            seq,
            recorded_at: ctx.now,
            event,
            by: None,
        });
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn every_card_stays_in_exactly_one_fitting_place(
        first in 1usize..=4,
        steps in prop::collection::vec(step(), 1..120),
    ) {
        let pack = Pack::from_json("core", include_str!("../../../campaigns/core/pack.json")).unwrap();
        let ctx = Context { now: Utc.with_ymd_and_hms(2026, 11, 20, 21, 0, 0).unwrap() };
        let create = Command::Create {
            name: "P".into(),
            pack_id: "core".into(),
            assassins: board_steps::ASSASSINS[..first].iter().map(|s| s.to_string()).collect(),
        };
        let mut log = Vec::new();
        push(&mut log, decide(&Campaign::default(), &pack, &create, &ctx).unwrap(), &ctx);
        for step in &steps {
            let state = replay_log(&log);
            let Some(command) = command(&state, &pack, step) else {
                if let Some(seq) = last_undoable(&log) {
                    push(&mut log, vec![Event::EntryUndone { seq }], &ctx);
                }
                let undone = replay_log(&log);
                prop_assert_eq!(check(&undone, &pack), Ok(()), "after undo");
                continue;
            };
            match decide(&state, &pack, &command, &ctx) {
                Ok(events) => {
                    // The first event is the player's entry, the rest derived
                    // from it; `is_entry` says so without building the command.
                    for (i, e) in events.iter().enumerate() {
                        prop_assert_eq!(e.is_entry(), e.as_command().is_some(), "{:?}", e);
                        prop_assert_eq!(e.is_entry(), i == 0, "{:?}", e);
                    }
                    push(&mut log, events, &ctx);
                    let after = replay_log(&log);
                    prop_assert_eq!(check(&after, &pack), Ok(()), "after {:?}", command);
                }
                Err(violations) => {
                    prop_assert!(!violations.is_empty());
                    for v in &violations {
                        prop_assert!(!v.message.is_empty());
                        // Every refusal quotes its rulebook section.
                        prop_assert!(!v.section.heading().is_empty(), "{} names no rule", v.code);
                    }
                    // decide is pure: the state is the log's, untouched.
                    prop_assert_eq!(&replay_log(&log), &state);
                }
            }
        }
        let _ = Step::Undo;
    }
}
