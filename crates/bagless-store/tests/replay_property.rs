//! Property: for any race built by any sequence of commands, replaying its
//! stored event log rebuilds exactly the state stored, and a refused
//! command writes nothing.

use crate::support::{Command, Context, Event, Game, Races};
use bagless_game::Rules;
use bagless_store::Library;
use chrono::{TimeZone, Utc};
use proptest::prelude::*;

#[derive(Debug, Clone)]
enum Step {
    /// A roll: the face read (0, 7 and 8 no die shows), or none for
    /// Bagless to throw.
    Roll(Option<u8>),
    /// The race set up again (refused: it has begun).
    CreateAgain,
    Undo,
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        8 => prop::option::of(0u8..9).prop_map(Step::Roll),
        1 => Just(Step::CreateAgain),
        2 => Just(Step::Undo),
    ]
}

fn command(step: &Step) -> Command {
    match step {
        Step::Roll(face) => Command::Roll { face: *face },
        _ => Command::CreateGame {
            players: vec!["Ana".into(), "Bruno".into()],
            target: 20,
        },
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn replaying_the_stored_log_rebuilds_the_stored_state(
        steps in prop::collection::vec(step(), 1..80),
        players in 2usize..5,
        target in 1u32..60,
    ) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("bagless.sqlite");
        let now = Utc.with_ymd_and_hms(2026, 11, 20, 21, 0, 0).unwrap();
        let mut library = Library::open(&path, &dir.path().join("backups"), now).unwrap();
        let create = Command::CreateGame {
            players: (0..players).map(|p| format!("Player {p}")).collect(),
            target,
        };
        let ctx = |seed| Context { now, seed: Some(seed) };
        let events = bagless_dice_race::decide(&Game::default(), &create, &ctx(0)).unwrap();
        library.append("p", 0, &events, now).unwrap();
        for (n, step) in steps.iter().enumerate() {
            let stored = library.load("p").unwrap();
            if let Step::Undo = step {
                let log = library.events("p").unwrap();
                if let Ok(undo) = bagless_dice_race::decide_undo(&log) {
                    let one_marker = matches!(undo[..], [Event::Undone { .. }]);
                    prop_assert!(one_marker);
                    library.append("p", stored.record.last_seq, &undo, now).unwrap();
                    let after = library.load("p").unwrap();
                    prop_assert_eq!(&after.state, &bagless_dice_race::replay(&library.events("p").unwrap()));
                    prop_assert_eq!(library.check_race("p").unwrap(), None);
                }
                continue;
            }
            match bagless_dice_race::decide(&stored.state, &command(step), &ctx(n as u64)) {
                Ok(events) => {
                    library.append("p", stored.record.last_seq, &events, now).unwrap();
                }
                Err(refusal) => {
                    prop_assert!(!refusal.code.is_empty());
                    prop_assert_eq!(&library.load("p").unwrap(), &stored);
                }
            }
            let stored = library.load("p").unwrap();
            // The rows, read back, against a replay of the log.
            prop_assert_eq!(library.check_race("p").unwrap(), None);
            prop_assert_eq!(stored.state.invariants(), Vec::<String>::new());
            prop_assert_eq!(
                stored.state.winner.is_some(),
                stored.state.totals.iter().any(|t| *t >= target)
            );
        }
        drop(library);
        // Reopen the file: the saved state on disk against the log on disk.
        let library = Library::open(&path, &dir.path().join("backups"), now).unwrap();
        let stored = library.load("p").unwrap();
        let log = library.events("p").unwrap();
        prop_assert_eq!(bagless_dice_race::replay(&log), stored.state);
    }
}
