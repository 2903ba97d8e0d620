//! Property: for any campaign built by any sequence of commands, replaying
//! its stored event log rebuilds exactly the state stored in the projection
//! tables, and a refused command writes nothing.

use crate::board_steps;

use crate::support;
use bagless_bov::campaign::{
    decide, last_undoable, replay_log, AttemptInput, Campaign, Command, Context, Difficulty,
    Outcome, XpGained,
};
use bagless_bov::{Event, Pack};
use bagless_store::Library;
use chrono::{NaiveDate, TimeZone, Utc};
use proptest::prelude::*;
use support::Campaigns;

#[derive(Debug, Clone)]
enum Step {
    Play {
        outcome: Outcome,
        difficulty: Difficulty,
        mandatory: u32,
        extra: u32,
        sync: bool,
        sticker: bool,
    },
    PlayOther(usize),
    Decline,
    HqSticker(u8, bool),
    Rename(String),
    /// Assassins and cards: moves, trades, skills, joins and leaves.
    Board(board_steps::Step),
    Undo,
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        6 => (
            prop_oneof![Just(Outcome::Success), Just(Outcome::Failure)],
            prop_oneof![Just(Difficulty::Normal), Just(Difficulty::PartlyEasy), Just(Difficulty::Easy)],
            0u32..20,
            0u32..10,
            any::<bool>(),
            any::<bool>(),
        )
            .prop_map(|(outcome, difficulty, mandatory, extra, sync, sticker)| Step::Play {
                outcome,
                difficulty,
                mandatory,
                extra,
                sync,
                sticker
            }),
        1 => (0usize..26).prop_map(Step::PlayOther),
        1 => Just(Step::Decline),
        1 => (0u8..11, any::<bool>()).prop_map(|(n, m)| Step::HqSticker(n, m)),
        1 => "[ a-zA-Z0-9é'\n]{0,70}".prop_map(Step::Rename),
        2 => Just(Step::Undo),
        8 => board_steps::step().prop_map(Step::Board),
    ]
}

fn command(state: &Campaign, pack: &Pack, step: &Step) -> Command {
    let next = state.next_memory(pack).unwrap_or("4.5").to_string();
    let input = |memory: String| AttemptInput {
        memory,
        outcome: Outcome::Success,
        difficulty: Difficulty::Normal,
        xp: XpGained::default(),
        sync_met: false,
        stickers: vec![],
        played_on: NaiveDate::from_ymd_opt(2026, 11, 1).unwrap(),
        notes: "n".into(),
        eliminated: vec![],
    };
    match step {
        Step::Play {
            outcome,
            difficulty,
            mandatory,
            extra,
            sync,
            sticker,
        } => {
            let stickers = pack
                .memory(&next)
                .map(|m| m.stickers.iter().map(|s| s.id.clone()).collect())
                .unwrap_or_default();
            Command::RecordAttempt(AttemptInput {
                outcome: *outcome,
                difficulty: *difficulty,
                xp: XpGained {
                    mandatory: *mandatory,
                    boss: *extra,
                    ..Default::default()
                },
                sync_met: *sync,
                stickers: if *sticker { stickers } else { vec![] },
                ..input(next)
            })
        }
        Step::PlayOther(i) => {
            Command::RecordAttempt(input(pack.memories().nth(*i).unwrap().id.clone()))
        }
        Step::Decline => Command::DeclineOptional { memory: next },
        Step::HqSticker(number, marked) => Command::SetHqSticker {
            number: *number,
            marked: *marked,
        },
        Step::Rename(name) => Command::Rename { name: name.clone() },
        Step::Board(step) => board_steps::command(state, pack, step).unwrap_or(Command::Rename {
            name: "Board".into(),
        }),
        Step::Undo => unreachable!("undo is not a command"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn replaying_the_stored_log_rebuilds_the_stored_state(steps in prop::collection::vec(step(), 1..80)) {
        let pack = Pack::from_json("core", include_str!("../../../campaigns/core/pack.json")).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("bagless.sqlite");
        let now = Utc.with_ymd_and_hms(2026, 11, 20, 21, 0, 0).unwrap();
        let ctx = Context { now };
        let mut library = Library::open(&path, &dir.path().join("backups"), now).unwrap();
        let create = Command::Create {
            name: "P".into(),
            pack_id: "core".into(),
            assassins: vec!["claudio".into()],
        };
        let events = decide(&Campaign::default(), &pack, &create, &ctx).unwrap();
        library.append("p", 0, &events, now).unwrap();
        for step in &steps {
            let stored = library.load("p").unwrap();
            if let Step::Undo = step {
                let log = library.events("p").unwrap();
                if let Some(seq) = last_undoable(&log) {
                    let undo = [Event::EntryUndone { seq }];
                    library.append("p", stored.record.last_seq, &undo, now).unwrap();
                    let after = library.load("p").unwrap();
                    prop_assert_eq!(&after.state, &replay_log(&library.events("p").unwrap()));
                    prop_assert_eq!(library.check_campaign("p").unwrap(), None);
                }
                continue;
            }
            let command = command(&stored.state, &pack, step);
            match decide(&stored.state, &pack, &command, &ctx) {
                Ok(events) => {
                    library.append("p", stored.record.last_seq, &events, now).unwrap();
                }
                Err(violations) => {
                    prop_assert!(!violations.is_empty());
                    prop_assert_eq!(&library.load("p").unwrap(), &stored);
                }
            }
            let stored = library.load("p").unwrap();
            // The rows, read back, against a replay of the log.
            prop_assert_eq!(library.check_campaign("p").unwrap(), None);
            prop_assert!(stored.state.xp(&pack) <= pack.xp_track.max);
            prop_assert_eq!(board_steps::check(&stored.state, &pack), Ok(()));
            prop_assert_eq!(
                stored.state.levels_reached.keys().max().copied().unwrap_or(0),
                pack.level_for(stored.state.xp(&pack))
            );
        }
        drop(library);
        // Reopen the file: the projection on disk against the log on disk.
        let library = Library::open(&path, &dir.path().join("backups"), now).unwrap();
        let stored = library.load("p").unwrap();
        let log = library.events("p").unwrap();
        prop_assert_eq!(replay_log(&log), stored.state);
    }
}
