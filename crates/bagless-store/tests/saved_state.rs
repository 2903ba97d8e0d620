//! The saved state on a real library file: after every step of a whole
//! race (rolls the players read, rolls Bagless throws, undos and redos),
//! the state read back is exactly what replaying the log gives, before and
//! after reopening the file, and the check finds nothing wrong.

use crate::support::{decide, Command, Event, Game, Races};
use bagless_store::Library;
use chrono::{TimeZone, Utc};

#[test]
fn the_saved_state_matches_the_replayed_log_at_every_step() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bagless.sqlite");
    let now = Utc.with_ymd_and_hms(2026, 11, 20, 21, 0, 0).unwrap();
    let mut library = Library::open(&path, &dir.path().join("backups"), now).unwrap();
    let check = |library: &Library, after: &str| {
        let stored = library.load("h").unwrap();
        assert_eq!(
            stored.state,
            bagless_dice_race::replay(&library.events("h").unwrap()),
            "after {after}"
        );
        // The rows themselves, read back, not only the state loaded.
        assert_eq!(library.check_race("h").unwrap(), None, "after {after}");
    };
    let run = |library: &mut Library, command: Command, seed: u64| {
        let (state, last) = match library.load("h") {
            Ok(stored) => (stored.state, stored.record.last_seq),
            Err(_) => (Game::default(), 0),
        };
        let events = decide(&state, &command, now, seed);
        library.append("h", last, &events, now).unwrap();
        check(library, &format!("{command:?}"));
    };
    run(
        &mut library,
        Command::CreateGame {
            players: vec!["Ana".into(), "Bruno".into(), "Chiara".into()],
            target: 30,
        },
        0,
    );
    // Rolls read off the table and thrown by Bagless, an undo and a redo
    // after every third, until someone wins.
    for n in 0u64.. {
        let face = (n % 4 != 3).then_some((n % 6) as u8 + 1);
        run(&mut library, Command::Roll { face }, n);
        if n % 3 == 2 {
            for step in [
                bagless_dice_race::decide_undo,
                bagless_dice_race::decide_redo,
            ] {
                let log = library.events("h").unwrap();
                let markers = step(&log).unwrap();
                let last = library.record("h").unwrap().last_seq;
                library.append("h", last, &markers, now).unwrap();
                check(&library, &format!("{markers:?}"));
            }
        }
        if library.load("h").unwrap().state.winner.is_some() {
            break;
        }
        assert!(n < 200, "a race of 30 is won within 200 rolls");
    }
    let won = library.load("h").unwrap();
    let log = library.events("h").unwrap();
    assert!(matches!(log.last().unwrap().event, Event::Won { .. }));
    // Undone, the win is gone from the state saved; redone, it is back.
    let undo = bagless_dice_race::decide_undo(&log).unwrap();
    library
        .append("h", won.record.last_seq, &undo, now)
        .unwrap();
    check(&library, "the winning roll undone");
    assert_eq!(library.load("h").unwrap().state.winner, None);
    drop(library);

    // Reopened: the same state, from the file alone.
    let library = Library::open(&path, &dir.path().join("backups"), now).unwrap();
    check(&library, "reopening");
    assert_eq!(library.load("h").unwrap().state.winner, None);
}
