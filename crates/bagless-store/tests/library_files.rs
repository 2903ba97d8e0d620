//! The library on real files: reopening, refusing what it must not touch.

use crate::support;
use bagless_store::{Library, StoreError, SAVED_EVERY, SCHEMA_VERSION};
use chrono::{TimeZone, Utc};
use std::path::Path;
use support::{decide, rolled, Command, Event, Game, Races};

fn now() -> chrono::DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 20, 21, 0, 0).unwrap()
}

fn open(dir: &Path) -> Result<Library, StoreError> {
    Library::open(&dir.join("bagless.sqlite"), &dir.join("backups"), now())
}

/// A library with one race, its first roll a 6.
fn seeded(dir: &Path) -> Library {
    let mut library = open(dir).unwrap();
    let create = Command::CreateGame {
        players: vec!["Ana".into(), "Bruno".into()],
        target: 100,
    };
    let events = decide(&Game::default(), &create, now(), 1);
    let created = library.append("c1", 0, &events, now()).unwrap();
    let state = library.load("c1").unwrap().state;
    let events = decide(&state, &Command::Roll { face: Some(6) }, now(), 2);
    library.append("c1", created, &events, now()).unwrap();
    library
}

#[test]
fn a_game_is_there_after_closing_and_reopening() {
    let dir = tempfile::tempdir().unwrap();
    let before = seeded(dir.path()).load("c1").unwrap();
    // `seeded` dropped its connection: the file is closed.
    let library = open(dir.path()).unwrap();
    let after = library.load("c1").unwrap();
    assert_eq!(before, after);
    assert_eq!(after.state.totals, [6, 0]);
    let stored = library.events("c1").unwrap();
    assert_eq!(after.record.last_seq as usize, stored.len());
    assert_eq!(after.state, bagless_dice_race::replay(&stored));
}

/// The entry the saved state of `id` is at, as its row says.
fn saved_at(dir: &Path, id: &str) -> u32 {
    let conn = rusqlite::Connection::open(dir.join("bagless.sqlite")).unwrap();
    conn.query_row(
        "SELECT json_extract(state, '$.seq') FROM game_states WHERE campaign_id = ?1",
        [id],
        |r| r.get(0),
    )
    .unwrap()
}

#[test]
fn the_state_is_saved_every_few_entries_and_the_entries_after_it_are_played_on_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut library = seeded(dir.path());
    // Up to a few entries past a multiple of SAVED_EVERY (not the first).
    for n in 0.. {
        let state = library.load("c1").unwrap();
        let roll = Command::Roll { face: Some(1) };
        let events = decide(&state.state, &roll, now(), n);
        library
            .append("c1", state.record.last_seq, &events, now())
            .unwrap();
        let last = library.record("c1").unwrap().last_seq;
        let at = saved_at(dir.path(), "c1");
        // Saved at the game's creation, then at each multiple of
        // SAVED_EVERY reached; never more than SAVED_EVERY entries behind.
        assert!(
            at <= last && last - at < SAVED_EVERY,
            "{at} after entry {last}"
        );
        if last >= SAVED_EVERY {
            assert_eq!(at, last / SAVED_EVERY * SAVED_EVERY, "after entry {last}");
        }
        // The record and the list follow every entry.
        assert_eq!(library.load("c1").unwrap().state.rolls, n as u32 + 2);
        if last > SAVED_EVERY && last % SAVED_EVERY == 6 {
            break;
        }
    }
    let before = library.load("c1").unwrap();
    drop(library);

    // Reopened, the game reads the state at its last entry: the saved one
    // with the entries after it played on it, as the whole log gives it.
    let library = open(dir.path()).unwrap();
    let after = library.load("c1").unwrap();
    assert_eq!(after, before);
    let log = library.events("c1").unwrap();
    assert_eq!(after.state, bagless_dice_race::replay(&log));
    assert!(saved_at(dir.path(), "c1") < after.record.last_seq);
    assert_eq!(library.check_race("c1").unwrap(), None);
    drop(library);

    // An undo or redo of an entry after the saved state is played on it:
    // the row stays, and the game reads as its whole log gives it, then
    // and once reopened. One reaching back to the saved state or before
    // has the state just before the entry it reaches saved at once (and
    // the entries after it played on that).
    let mut library = open(dir.path()).unwrap();
    let at = saved_at(dir.path(), "c1");
    let mut reached_back = false;
    // (The markers stay short of the next multiple of SAVED_EVERY.)
    for _ in 0..SAVED_EVERY {
        let log = library.events("c1").unwrap();
        let undo = bagless_dice_race::decide_undo(&log).unwrap();
        let undone = match undo[..] {
            [Event::Undone { seq }] => seq,
            _ => panic!("{undo:?}"),
        };
        let last = library.record("c1").unwrap().last_seq;
        library.append("c1", last, &undo, now()).unwrap();
        if undone == at + 3 {
            // A redo, then the undo again.
            let redo = bagless_dice_race::decide_redo(&library.events("c1").unwrap()).unwrap();
            library.append("c1", last + 1, &redo, now()).unwrap();
            library.append("c1", last + 2, &undo, now()).unwrap();
        }
        let log = library.events("c1").unwrap();
        let state = bagless_dice_race::replay(&log);
        assert_eq!(library.load("c1").unwrap().state, state);
        if undone > at {
            assert_eq!(saved_at(dir.path(), "c1"), at, "undo of entry {undone}");
        } else {
            assert_eq!(
                saved_at(dir.path(), "c1"),
                undone - 1,
                "undo of entry {undone}"
            );
            reached_back = true;
        }
        drop(library);
        library = open(dir.path()).unwrap();
        assert_eq!(library.load("c1").unwrap().state, state);
        assert_eq!(library.check_race("c1").unwrap(), None);
        if reached_back {
            break;
        }
    }
    assert!(reached_back);
    // Its redo and undo again and again are played on that state: the row
    // stays where it is.
    let point = saved_at(dir.path(), "c1");
    for _ in 0..3 {
        for decide_step in [
            bagless_dice_race::decide_redo,
            bagless_dice_race::decide_undo,
        ] {
            let markers = decide_step(&library.events("c1").unwrap()).unwrap();
            let last = library.record("c1").unwrap().last_seq;
            library.append("c1", last, &markers, now()).unwrap();
            assert_eq!(saved_at(dir.path(), "c1"), point);
            let log = library.events("c1").unwrap();
            let state = bagless_dice_race::replay(&log);
            assert_eq!(library.load("c1").unwrap().state, state);
        }
    }
    assert_eq!(library.check_race("c1").unwrap(), None);
    drop(library);

    // The saved state edited under the app's feet is found by the check,
    // though it is entries behind.
    let conn = rusqlite::Connection::open(dir.path().join("bagless.sqlite")).unwrap();
    conn.execute(
        "UPDATE game_states SET state = json_set(state, '$.state.totals[1]', 5)",
        [],
    )
    .unwrap();
    drop(conn);
    let library = open(dir.path()).unwrap();
    assert!(library.check_race("c1").unwrap().is_some());
    drop(library);

    // A state saved past the log's end (the log cut short under the app's
    // feet) is named by the check, though the game still opens from its log.
    let conn = rusqlite::Connection::open(dir.path().join("bagless.sqlite")).unwrap();
    conn.execute(
        "UPDATE game_states SET state = json_set(state, '$.seq', 999)",
        [],
    )
    .unwrap();
    drop(conn);
    let library = open(dir.path()).unwrap();
    let found = library.check_race("c1").unwrap().unwrap();
    assert!(found.contains("past its last entry"), "{found}");
    assert!(library.load("c1").is_ok());
}

#[test]
fn the_library_is_in_wal_mode_with_full_sync() {
    let dir = tempfile::tempdir().unwrap();
    drop(seeded(dir.path()));
    let conn = rusqlite::Connection::open(dir.path().join("bagless.sqlite")).unwrap();
    let mode: String = conn
        .pragma_query_value(None, "journal_mode", |r| r.get(0))
        .unwrap();
    assert_eq!(mode, "wal");
    let version: u32 = conn
        .pragma_query_value(None, "user_version", |r| r.get(0))
        .unwrap();
    assert_eq!(version, SCHEMA_VERSION);
}

#[test]
fn a_library_from_a_newer_schema_is_refused_and_left_untouched() {
    let dir = tempfile::tempdir().unwrap();
    drop(seeded(dir.path()));
    let path = dir.path().join("bagless.sqlite");
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.pragma_update(None, "user_version", SCHEMA_VERSION + 5)
            .unwrap();
        // Leave a single file behind, as a newer Bagless would after closing.
        conn.pragma_update(None, "journal_mode", "DELETE").unwrap();
    }
    let bytes = std::fs::read(&path).unwrap();
    let error = open(dir.path()).err().expect("refused");
    assert!(matches!(error, StoreError::NewerSchema { found, .. } if found == SCHEMA_VERSION + 5));
    let message = error.to_string();
    assert!(message.contains("newer version of Bagless"), "{message}");
    assert!(message.contains("has not been changed"), "{message}");
    assert_eq!(std::fs::read(&path).unwrap(), bytes, "byte-identical");
    assert!(!dir.path().join("bagless.sqlite-wal").exists());
}

#[test]
fn a_damaged_library_gives_a_clear_error_and_is_not_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    drop(seeded(dir.path()));
    let path = dir.path().join("bagless.sqlite");
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.pragma_update(None, "journal_mode", "DELETE").unwrap();
    }
    // Scribble over every page after the first (the tables' pages).
    let mut bytes = std::fs::read(&path).unwrap();
    assert!(bytes.len() > 8192);
    for (i, byte) in bytes[4096..].iter_mut().enumerate() {
        *byte = (i * 7 % 251) as u8;
    }
    std::fs::write(&path, &bytes).unwrap();
    let error = open(dir.path()).err().expect("refused");
    assert!(matches!(error, StoreError::Damaged(_)), "{error:?}");
    assert!(error.to_string().contains("damaged"), "{error}");
    assert_eq!(std::fs::read(&path).unwrap(), bytes, "not overwritten");
}

#[test]
fn a_file_that_is_not_a_library_is_refused_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bagless.sqlite");
    let text = b"these are my shopping notes, not a database\n".repeat(200);
    std::fs::write(&path, &text).unwrap();
    let error = open(dir.path()).err().expect("refused");
    assert!(matches!(error, StoreError::NotALibrary(_)), "{error:?}");
    assert_eq!(std::fs::read(&path).unwrap(), text);

    // Another program's SQLite database is not migrated into either.
    std::fs::remove_file(&path).unwrap();
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.execute_batch("CREATE TABLE recipes (name TEXT)")
            .unwrap();
    }
    let bytes = std::fs::read(&path).unwrap();
    assert!(matches!(open(dir.path()), Err(StoreError::NotALibrary(_))));
    assert_eq!(std::fs::read(&path).unwrap(), bytes);
}

#[test]
fn a_stale_writer_is_refused_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let mut library = seeded(dir.path());
    let events = rolled(1);
    let logged = library.events("c1").unwrap().len();
    assert!(matches!(
        library.append("c1", 1, &events, now()),
        Err(StoreError::Conflict)
    ));
    assert_eq!(library.load("c1").unwrap().state.totals, [6, 0]);
    assert_eq!(library.events("c1").unwrap().len(), logged);
}

#[test]
fn a_command_is_one_transaction_all_of_it_kept_or_none() {
    let dir = tempfile::tempdir().unwrap();
    let mut library = seeded(dir.path());
    let last = library.record("c1").unwrap().last_seq;
    // The first player's total after each roll tells which were kept.
    let total = |library: &Library| library.load("c1").unwrap().state.totals[0];
    // A command that the rules refuse writes nothing: the log kept
    // decoded stays for the next command.
    library.log("c1").unwrap();
    let kept = library.cached_entries();
    assert!(kept > 0);
    let refused: Result<(), StoreError> = library.writing(|_| Err(StoreError::Conflict));
    assert!(refused.is_err());
    assert_eq!(library.cached_entries(), kept);
    // A command whose entry is written, then fails: nothing of it stays,
    // on file or in what the library keeps decoded.
    let failed: Result<(), StoreError> = library.writing(|library| {
        library.append("c1", last, &rolled(1), now())?;
        assert_eq!(total(library), 7);
        Err(StoreError::Conflict)
    });
    assert!(matches!(failed, Err(StoreError::Conflict)));
    assert_eq!(library.cached_entries(), 0);
    assert_eq!(total(&library), 6);
    assert_eq!(library.record("c1").unwrap().last_seq, last);
    // A command that panics half-way: rolled back too, and the library
    // still takes the next command.
    let panicked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let _: Result<(), StoreError> = library.writing(|library| {
            library.append("c1", last, &rolled(2), now())?;
            panic!("half-way");
        });
    }));
    assert!(panicked.is_err());
    assert_eq!(total(&library), 6);
    // A write that fails inside a command is undone alone (a savepoint):
    // the command's other writes are kept by its commit.
    let kept: Result<(), StoreError> = library.writing(|library| {
        library.append("c1", last, &rolled(3), now())?;
        assert!(matches!(
            library.append("c1", last, &rolled(4), now()),
            Err(StoreError::Conflict)
        ));
        Ok(())
    });
    kept.unwrap();
    // SQLite undoes a whole transaction itself on some failures (a full
    // disk, an I/O error; here a trigger's RAISE(ROLLBACK)): a command that
    // goes on as if its write stood is refused, not reported kept.
    let side = rusqlite::Connection::open(dir.path().join("bagless.sqlite")).unwrap();
    side.execute_batch(
        "CREATE TRIGGER no_bin BEFORE UPDATE OF deleted_at ON campaigns
         BEGIN SELECT RAISE(ROLLBACK, 'the disk is full'); END;",
    )
    .unwrap();
    let undone: Result<(), StoreError> = library.writing(|library| {
        library.append("c1", last + 1, &rolled(5), now())?;
        assert!(library.move_to_bin("c1", now()).is_err());
        Ok(())
    });
    assert!(undone.is_err());
    side.execute_batch("DROP TRIGGER no_bin").unwrap();
    assert_eq!(total(&library), 9);
    assert_eq!(library.record("c1").unwrap().deleted_at, None);
    drop(library);
    let library = open(dir.path()).unwrap();
    assert_eq!(total(&library), 9);
    assert_eq!(library.record("c1").unwrap().last_seq, last + 1);
}

#[test]
fn the_bin_keeps_a_game_until_it_is_restored() {
    let dir = tempfile::tempdir().unwrap();
    let mut library = seeded(dir.path());
    library.move_to_bin("c1", now()).unwrap();
    assert!(library.record("c1").unwrap().deleted_at.is_some());
    drop(library);
    let mut library = open(dir.path()).unwrap();
    library.restore_from_bin("c1").unwrap();
    let stored = library.load("c1").unwrap();
    assert_eq!(stored.record.deleted_at, None);
    assert_eq!(stored.state.rolls, 1);
    assert!(matches!(
        library.move_to_bin("nope", now()),
        Err(StoreError::NoSuchCampaign)
    ));
}

#[test]
fn a_game_kind_is_its_record_s_in_the_bin_or_not() {
    let dir = tempfile::tempdir().unwrap();
    let mut library = seeded(dir.path());
    let kind = library.record("c1").unwrap().game;
    assert_eq!(library.kind_of("c1").unwrap(), kind);
    library.move_to_bin("c1", now()).unwrap();
    assert_eq!(library.kind_of("c1").unwrap(), kind);
    assert!(matches!(
        library.kind_of("nope"),
        Err(StoreError::NoSuchCampaign)
    ));
}

#[test]
fn a_daily_backup_is_taken_and_can_be_opened() {
    let dir = tempfile::tempdir().unwrap();
    drop(seeded(dir.path()));
    drop(open(dir.path()).unwrap());
    let backups: Vec<_> = std::fs::read_dir(dir.path().join("backups"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(backups.len(), 1, "{backups:?}");
    let copy = tempfile::tempdir().unwrap();
    std::fs::copy(&backups[0], copy.path().join("bagless.sqlite")).unwrap();
    let restored = open(copy.path()).unwrap();
    assert_eq!(restored.load("c1").unwrap().state.rolls, 1);
}

#[test]
fn the_newer_library_fixture_is_refused_and_left_untouched() {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/library-from-a-newer-bagless.sqlite");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bagless.sqlite");
    std::fs::copy(&fixture, &path).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    let error = open(dir.path()).err().expect("refused");
    assert!(
        matches!(error, StoreError::NewerSchema { found: 99, .. }),
        "{error:?}"
    );
    assert_eq!(std::fs::read(&path).unwrap(), bytes);
    let leftovers: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(leftovers.len(), 1, "no side files, no backups folder");
}

#[test]
fn a_backup_that_cannot_be_written_does_not_keep_the_library_closed() {
    let dir = tempfile::tempdir().unwrap();
    drop(seeded(dir.path()));
    // A file where the backups folder should be: no backup can be taken.
    std::fs::write(dir.path().join("backups"), b"in the way").unwrap();
    let library = open(dir.path()).unwrap();
    assert_eq!(library.load("c1").unwrap().state.rolls, 1);
}

/// A campaign's state kept decoded between calls never outlives its rows:
/// a write by another connection drops it, even one that changes the rows
/// without adding an event (someone at the sqlite3 shell).
#[test]
fn a_cached_state_follows_a_write_by_another_connection() {
    let dir = tempfile::tempdir().unwrap();
    let app = seeded(dir.path());
    let before = app.load("c1").unwrap();
    let shell = rusqlite::Connection::open(dir.path().join("bagless.sqlite")).unwrap();
    shell
        .execute(
            "UPDATE game_states
                SET state = json_set(state, '$.state.rolls',
                                     json_extract(state, '$.state.rolls') + 3)
              WHERE campaign_id = 'c1'",
            [],
        )
        .unwrap();
    drop(shell);
    let after = app.load("c1").unwrap();
    assert_eq!(after.record.last_seq, before.record.last_seq);
    assert_eq!(after.state.rolls, before.state.rolls + 3);
    // And the check compares the rows, never a state kept in memory.
    assert!(app.check_race("c1").unwrap().is_some());
}

/// The decoded logs kept between calls never outlive what the file holds:
/// a write by another connection (the `bagless` command while the app is
/// open), a stale undo, and a whole file restored under the library.
#[test]
fn a_cached_log_follows_writes_by_another_connection_and_a_restore() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = seeded(dir.path());
    let before = app.log("c1").unwrap();
    let backup = dir.path().join("before.sqlite");
    app.backup_to(&backup).unwrap();

    let mut other = open(dir.path()).unwrap();
    let last = other.record("c1").unwrap().last_seq;
    other.append("c1", last, &rolled(2), now()).unwrap();
    drop(other);

    let after = app.log("c1").unwrap();
    assert_eq!(
        after.len(),
        before.len() + 1,
        "the other connection's event is read"
    );
    assert_eq!(app.load("c1").unwrap().state.totals[0], 8);
    // An undo decided on the log as it was is refused, not written.
    let undo = bagless_dice_race::decide_undo(&before).unwrap();
    assert!(matches!(
        app.append_markers("c1", before.clone(), &undo, now()),
        Err(StoreError::Conflict)
    ));
    assert_eq!(app.log("c1").unwrap(), after);

    let source = Library::open(&backup, &dir.path().join("backups-2"), now()).unwrap();
    app.replace_with(&source).unwrap();
    assert_eq!(
        app.log("c1").unwrap(),
        before,
        "the restored file's log is read"
    );
    assert_eq!(app.load("c1").unwrap().state.totals[0], 6);
}
