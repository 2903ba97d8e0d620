//! Each command of the real `bagless` binary on real library files: what it
//! prints, its exit code, and what it leaves on disk.

mod common;

use bagless_app::games::bov::Bov;
use bagless_app::PlayerCommand;
use common::door::{Door, Parts};
use common::*;
use std::path::Path;

fn backups_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir.join("backups"))
        .map(|entries| {
            entries
                .filter_map(|e| e.ok()?.file_name().into_string().ok())
                // The backups, not the seals beside them.
                .filter(|name| name.ends_with(".sqlite"))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

#[test]
fn help_explains_the_commands_the_library_and_the_exit_codes() {
    for flag in ["--help", "-h", "help"] {
        let output = bagless().arg(flag).output().unwrap();
        assert_code(&output, 0);
        let text = stdout(&output);
        for needed in [
            "list",
            "check",
            "backup [FILE]",
            "restore FILE",
            "export CAMPAIGN FILE",
            "import FILE",
            "--library",
            "org.bagless.desktop/bagless.sqlite",
            "EXAMPLES",
            "EXIT CODES",
        ] {
            assert!(text.contains(needed), "--help lacks {needed:?}");
        }
        assert!(
            !text.contains("debug-record-loop"),
            "the test writer stays hidden"
        );
    }
}

#[test]
fn a_wrong_command_line_is_exit_2_with_one_line_on_stderr() {
    let dir = tempfile::tempdir().unwrap();
    let library = dir.path().join("bagless.sqlite");
    for args in [
        &[][..],
        &["frobnicate"],
        &["export", "only-a-name"],
        &["restore"],
        &["list", "extra"],
        &["list", "--colour"],
    ] {
        let output = run(&library, args);
        assert_code(&output, 2);
        assert_eq!(stderr(&output).lines().count(), 1, "{args:?}");
        assert!(stderr(&output).contains("bagless --help"));
    }
    assert!(!library.exists(), "a usage error creates nothing");
}

#[test]
fn a_missing_library_is_exit_3_and_is_not_created() {
    let dir = tempfile::tempdir().unwrap();
    let library = dir.path().join("bagless.sqlite");
    for command in ["list", "check", "backup"] {
        let output = run(&library, &[command]);
        assert_code(&output, 3);
        assert!(stderr(&output).contains("There is no library"));
    }
    assert!(!library.exists());
}

#[test]
fn list_shows_every_campaign_with_the_bin_apart() {
    let dir = tempfile::tempdir().unwrap();
    let (library, venice) = sample_library(dir.path());
    let text = listed_names(&library);
    let bin_at = text.find("In the bin:").expect("a bin section");
    let venice_line = text.lines().find(|l| l.contains("Venice nights")).unwrap();
    assert!(
        venice_line.contains("Brotherhood of Venice"),
        "{venice_line}"
    );
    assert!(venice_line.contains("6 XP"), "{venice_line}");
    assert!(
        venice_line.contains("last played 2026-11-19"),
        "{venice_line}"
    );
    assert!(venice_line.contains(&venice), "{venice_line}");
    assert!(text.find("Roma trip").unwrap() < bin_at);
    assert!(text.find("Old one").unwrap() > bin_at);
    // The folder holding bagless.sqlite is accepted as --library too.
    assert_eq!(listed_names(dir.path()), text);
}

#[test]
fn check_passes_on_a_sound_library_and_reports_a_tampered_diary_with_exit_1() {
    let dir = tempfile::tempdir().unwrap();
    let (library, venice) = sample_library(dir.path());
    let output = run(&library, &["check"]);
    assert_code(&output, 0);
    let text = stdout(&output);
    assert_eq!(
        text.matches("\nOK ").count(),
        4,
        "file + 3 campaigns:\n{text}"
    );
    assert!(text.contains("Old one (in the bin"));

    // A sticker in the diary that its history never recorded.
    let conn = rusqlite::Connection::open(&library).unwrap();
    conn.execute(
        "UPDATE game_states SET state = json_insert(state, '$.state.hq_stickers[#]', 5)
          WHERE campaign_id = ?1",
        [&venice],
    )
    .unwrap();
    drop(conn);
    let output = run(&library, &["check"]);
    assert_code(&output, 1);
    let text = stdout(&output);
    let problem = text.lines().find(|l| l.starts_with("PROBLEM")).unwrap();
    assert!(problem.contains("Venice nights"), "{problem}");
    assert!(problem.contains("HQ stickers"), "{problem}");
    assert!(text.contains("Found 1 problem"), "{text}");
}

#[test]
fn backup_writes_a_complete_library_to_the_backups_folder_or_to_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let (library, _) = sample_library(dir.path());
    let before = backups_in(dir.path());
    let output = run(&library, &["backup"]);
    assert_code(&output, 0);
    let made: Vec<String> = backups_in(dir.path())
        .into_iter()
        .filter(|name| !before.contains(name) && name.starts_with("bagless-manual-"))
        .collect();
    assert_eq!(made.len(), 1, "{made:?}");
    let dated = dir.path().join("backups").join(&made[0]);
    assert!(
        dir.path()
            .join("backups")
            .join(format!("{}.seal", made[0]))
            .is_file(),
        "a backup of a library that passed its check is sealed"
    );

    let chosen = dir.path().join("elsewhere").join("copy.sqlite");
    let output = run(&library, &["backup", chosen.to_str().unwrap()]);
    assert_code(&output, 0);
    for copy in [&dated, &chosen] {
        assert_code(&run(copy, &["check"]), 0);
        assert_eq!(listed_names(copy), listed_names(&library));
    }
    // An existing file is never overwritten.
    let output = run(&library, &["backup", chosen.to_str().unwrap()]);
    assert_code(&output, 2);
    assert!(stderr(&output).contains("already exists"));
}

#[test]
fn restore_shows_the_backup_needs_yes_then_replaces_the_library_keeping_a_copy() {
    let dir = tempfile::tempdir().unwrap();
    let (library, _) = sample_library(dir.path());
    let saved = dir.path().join("saved.sqlite");
    assert_code(&run(&library, &["backup", saved.to_str().unwrap()]), 0);
    let at_backup = listed_names(&library);
    // Played on after the backup: the restore takes this back.
    new_campaign(&open_app(dir.path()), "After the backup", "core", "daria");
    let before_restore = listed_names(&library);

    let output = run(&library, &["restore", saved.to_str().unwrap()]);
    assert_code(&output, 2);
    assert!(
        stdout(&output).contains("holds 3 campaigns and games"),
        "{}",
        stdout(&output)
    );
    assert!(stdout(&output).contains("Old one (in the bin)"));
    assert!(stderr(&output).contains("--yes"));
    assert_eq!(listed_names(&library), before_restore, "nothing changed");

    let output = run(&library, &["restore", saved.to_str().unwrap(), "--yes"]);
    assert_code(&output, 0);
    assert_eq!(listed_names(&library), at_backup);
    assert_code(&run(&library, &["check"]), 0);
    let kept: Vec<String> = backups_in(dir.path())
        .into_iter()
        .filter(|name| name.starts_with("bagless-before-restore-"))
        .collect();
    assert_eq!(kept.len(), 1, "{kept:?}");
    let kept = dir.path().join("backups").join(&kept[0]);
    assert_eq!(listed_names(&kept), before_restore);
    assert!(
        !saved.with_extension("sqlite-wal").exists(),
        "reading the backup leaves nothing beside it"
    );
}

#[test]
fn restore_refuses_a_newer_library_a_foreign_file_and_the_library_itself() {
    let dir = tempfile::tempdir().unwrap();
    let (library, _) = sample_library(dir.path());
    let before = listed_names(&library);
    let newer = dir.path().join("newer.sqlite");
    std::fs::copy(fixture("library-from-a-newer-bagless.sqlite"), &newer).unwrap();
    let original = std::fs::read(&newer).unwrap();
    let output = run(&library, &["restore", newer.to_str().unwrap(), "--yes"]);
    assert_code(&output, 3);
    assert!(stderr(&output).contains("newer version of Bagless"));
    assert_eq!(std::fs::read(&newer).unwrap(), original);

    let foreign = dir.path().join("notes.txt");
    std::fs::write(&foreign, "shopping list: bread, dice\n").unwrap();
    let output = run(&library, &["restore", foreign.to_str().unwrap(), "--yes"]);
    assert_code(&output, 3);
    assert!(stderr(&output).contains("not a Bagless library"));

    let output = run(&library, &["restore", library.to_str().unwrap(), "--yes"]);
    assert_code(&output, 2);
    assert_eq!(listed_names(&library), before);
}

#[test]
fn export_by_name_or_id_then_import_recognises_the_same_campaign() {
    let dir = tempfile::tempdir().unwrap();
    let (library, venice) = sample_library(dir.path());
    let by_name = dir.path().join("venice.bagless.json");
    let output = run(
        &library,
        &["export", "Venice nights", by_name.to_str().unwrap()],
    );
    assert_code(&output, 0);
    assert!(by_name.is_file());
    let by_id = dir.path().join("by-id.json");
    assert_code(
        &run(&library, &["export", &venice, by_id.to_str().unwrap()]),
        0,
    );
    // The same campaign either way (only the export time may differ).
    let events = |path: &Path| {
        let file: serde_json::Value =
            serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap();
        file["events"].clone()
    };
    assert_eq!(events(&by_name), events(&by_id));

    // Into the library that holds it: already here, nothing written.
    let output = run(&library, &["import", by_name.to_str().unwrap()]);
    assert_code(&output, 0);
    assert!(
        stdout(&output).contains("is already here"),
        "{}",
        stdout(&output)
    );
    assert!(!listed_names(&library).contains("Venice nights (2)"));

    // Into another home's library: the same campaign, its identity kept.
    let home = tempfile::tempdir().unwrap();
    let elsewhere = home.path().join("bagless.sqlite");
    let output = run(&elsewhere, &["import", by_name.to_str().unwrap()]);
    assert_code(&output, 0);
    assert!(
        stdout(&output).contains(&format!("id {venice}")),
        "{}",
        stdout(&output)
    );
    assert!(listed_names(&elsewhere).contains("6 XP"));
    assert_code(&run(&library, &["check"]), 0);

    let output = run(&library, &["export", "No such campaign", "x.json"]);
    assert_code(&output, 2);
    let output = run(
        &library,
        &["export", "Venice nights", by_name.to_str().unwrap()],
    );
    assert_code(&output, 2);
    assert!(stderr(&output).contains("already exists"));
    let output = run(&library, &["import", library.to_str().unwrap()]);
    assert_code(&output, 4);
    assert!(stderr(&output).contains("not a Bagless campaign export"));
}

/// Every command on a file it must refuse: exit 3, one line on stderr, the
/// file byte-identical, nothing created beside it.
fn assert_refused_untouched(file_name: &str, bytes: &[u8], expected_words: &str) {
    let dir = tempfile::tempdir().unwrap();
    let library = dir.path().join(file_name);
    std::fs::write(&library, bytes).unwrap();
    let export = dir.path().join("out.json");
    for args in [
        &["list"][..],
        &["check"],
        &["backup"],
        &["export", "Venice nights", export.to_str().unwrap()],
    ] {
        let output = run(&library, args);
        assert_code(&output, 3);
        assert_eq!(stderr(&output).lines().count(), 1, "{}", stderr(&output));
        assert!(
            stderr(&output).contains(expected_words),
            "{args:?}: {}",
            stderr(&output)
        );
        assert_eq!(
            std::fs::read(&library).unwrap(),
            bytes,
            "{args:?} changed it"
        );
    }
    assert!(!export.exists());
}

#[test]
fn a_library_from_a_newer_bagless_is_refused_with_exit_3_and_left_byte_identical() {
    let bytes = std::fs::read(fixture("library-from-a-newer-bagless.sqlite")).unwrap();
    assert_refused_untouched("bagless.sqlite", &bytes, "newer version of Bagless");
}

#[test]
fn a_file_that_is_not_sqlite_is_refused_with_exit_3_and_left_byte_identical() {
    let bytes = b"These are my campaign notes, not a database.\n".repeat(100);
    assert_refused_untouched("bagless.sqlite", &bytes, "not a Bagless library");
}

#[test]
fn a_truncated_library_is_refused_with_exit_3_and_left_byte_identical() {
    let dir = tempfile::tempdir().unwrap();
    let (library, _) = sample_library(dir.path());
    let whole = std::fs::read(&library).unwrap();
    assert!(
        whole.len() >= 8 * 4096,
        "enough pages to cut: {}",
        whole.len()
    );
    assert_refused_untouched("bagless.sqlite", &whole[..whole.len() / 2], "damaged");
}

#[test]
fn restore_over_an_unreadable_library_sets_its_files_aside_and_puts_the_backup_back() {
    let dir = tempfile::tempdir().unwrap();
    let (library, _) = sample_library(dir.path());
    let saved = dir.path().join("saved.sqlite");
    assert_code(&run(&library, &["backup", saved.to_str().unwrap()]), 0);
    let at_backup = listed_names(&library);
    let garbage = b"overwritten by a bad USB stick".repeat(200);
    std::fs::write(&library, &garbage).unwrap();
    assert_code(&run(&library, &["check"]), 3);

    let output = run(&library, &["restore", saved.to_str().unwrap(), "--yes"]);
    assert_code(&output, 0);
    assert_eq!(listed_names(&library), at_backup);
    let set_aside: Vec<String> = backups_in(dir.path())
        .into_iter()
        .filter(|name| name.starts_with("bagless-unreadable-"))
        .collect();
    assert_eq!(set_aside.len(), 1, "{set_aside:?}");
    let kept = std::fs::read(dir.path().join("backups").join(&set_aside[0])).unwrap();
    assert_eq!(kept, garbage, "the unreadable file is kept as it was");
}

#[test]
fn restore_where_there_is_no_library_puts_the_backup_there_and_keeps_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (library, _) = sample_library(dir.path());
    let saved = dir.path().join("saved.sqlite");
    assert_code(&run(&library, &["backup", saved.to_str().unwrap()]), 0);
    let at_backup = listed_names(&library);
    // A new folder, named relative to where the command runs.
    let elsewhere = dir.path().join("new-computer");
    std::fs::create_dir_all(&elsewhere).unwrap();
    let output = bagless()
        .current_dir(&elsewhere)
        .args(["--library", "bagless.sqlite", "restore"])
        .arg(&saved)
        .arg("--yes")
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert_code(&output, 0);
    assert!(
        !stdout(&output).contains("was saved to"),
        "{}",
        stdout(&output)
    );
    let restored = elsewhere.join("bagless.sqlite");
    assert_eq!(listed_names(&restored), at_backup);
    assert_code(&run(&restored, &["check"]), 0);
    assert!(
        backups_in(&elsewhere)
            .iter()
            .all(|name| !name.starts_with("bagless-before-restore-")),
        "there was nothing to keep"
    );
}

#[test]
fn restore_and_import_refuse_while_the_window_holds_the_library_unless_forced() {
    let dir = tempfile::tempdir().unwrap();
    let (library, venice) = sample_library(dir.path());
    let export = dir.path().join("venice.bagless.json");
    assert_code(
        &run(&library, &["export", &venice, export.to_str().unwrap()]),
        0,
    );
    let backup = dir.path().join("copy.sqlite");
    assert_code(&run(&library, &["backup", backup.to_str().unwrap()]), 0);
    // The window's lock, held here as the desktop app holds it.
    let window = bagless_app::LibraryLock::acquire(&library).unwrap();
    let before = std::fs::read(&library).unwrap();
    for args in [
        vec!["import", export.to_str().unwrap()],
        vec!["restore", backup.to_str().unwrap(), "--yes"],
    ] {
        let output = run(&library, &args);
        assert_code(&output, 2);
        assert!(
            stderr(&output).contains("close the window first"),
            "{}",
            stderr(&output)
        );
    }
    assert_eq!(std::fs::read(&library).unwrap(), before, "nothing written");
    assert!(listed_names(&library).lines().all(|l| !l.contains("(2)")));
    // --force goes ahead.
    let output = run(&library, &["import", export.to_str().unwrap(), "--force"]);
    assert_code(&output, 0);
    drop(window);
    // Once the window is gone, no --force is needed.
    assert_code(&run(&library, &["import", export.to_str().unwrap()]), 0);
    assert_code(&run(&library, &["list", "--force"]), 2);
}

/// Issue "A campaign's whole life" 3: a backup edited by hand (a RISK
/// game's deal changed to 50 assassins on Alaska, its saved state deleted)
/// is decided again before anything is replaced: `bagless restore` names
/// the game and the entry and changes nothing; with `--leave-out` it
/// restores the others and says which was left out.
#[test]
fn restore_refuses_a_backup_whose_history_the_rules_would_not_write_or_leaves_it_out() {
    let dir = tempfile::tempdir().unwrap();
    let every = every_kind_library(dir.path());
    let library = every.library.clone();
    let saved = dir.path().join("saved.sqlite");
    assert_code(&run(&library, &["backup", saved.to_str().unwrap()]), 0);
    {
        let conn = rusqlite::Connection::open(&saved).unwrap();
        conn.execute_batch("PRAGMA journal_mode = DELETE;").unwrap();
        let changed = conn
            .execute(
                "UPDATE events SET payload = json_set(payload, '$.holdings[0].assassins', 50)
                 WHERE campaign_id = ?1 AND kind = 'territories_dealt'",
                [&every.risk],
            )
            .unwrap();
        assert_eq!(changed, 1);
        conn.execute(
            "DELETE FROM game_states WHERE campaign_id = ?1",
            [&every.risk],
        )
        .unwrap();
    }
    new_campaign(&open_app(dir.path()), "After the backup", "core", "daria");
    let before = listed_names(&library);

    let output = run(&library, &["restore", saved.to_str().unwrap(), "--yes"]);
    assert_code(&output, 1);
    let out = stdout(&output);
    assert!(
        out.contains("PROBLEM  Map night (RISK Assassin's Creed): entry "),
        "{out}"
    );
    assert!(out.contains("--leave-out"), "{out}");
    assert_eq!(listed_names(&library), before, "nothing changed");

    let output = run(
        &library,
        &["restore", saved.to_str().unwrap(), "--yes", "--leave-out"],
    );
    assert_code(&output, 0);
    assert!(
        stdout(&output).contains("Left out: Map night"),
        "{}",
        stdout(&output)
    );
    let after = listed_names(&library);
    assert!(!after.contains("Map night"), "{after}");
    assert!(after.contains("Friday killers"), "{after}");
    assert!(!after.contains("After the backup"), "{after}");
    assert_code(&run(&library, &["check"]), 0);
}

/// Issue "A campaign's whole life" 4, from the command line: one campaign
/// in two homes. Played on in A and carried to B, it brings B up to date;
/// the same file again changes nothing; played on both, it is shown both
/// ways and nothing changes until --keep-here or --keep-file, and then
/// nothing is lost: the other way is kept beside it as a copy.
#[test]
fn import_brings_a_campaign_up_to_date_and_never_forks_it_silently() {
    use bagless_bov::campaign::Outcome;
    let a_dir = tempfile::tempdir().unwrap();
    let (a, venice) = sample_library(a_dir.path());
    let b_dir = tempfile::tempdir().unwrap();
    let b = b_dir.path().join("bagless.sqlite");
    let file = a_dir.path().join("venice.bagless.json");
    let export = |to: &Path| {
        let _ = std::fs::remove_file(to);
        assert_code(&run(&a, &["export", &venice, to.to_str().unwrap()]), 0);
    };
    export(&file);
    assert_code(&run(&b, &["import", file.to_str().unwrap()]), 0);

    // Played on in A: B brought up to date, with what was played said.
    open_app(a_dir.path())
        .act::<Bov>(
            &venice,
            PlayerCommand::RecordAttempt(attempt("0.2", Outcome::Success, 10)),
        )
        .diary()
        .unwrap();
    export(&file);
    let output = run(&b, &["import", file.to_str().unwrap()]);
    assert_code(&output, 0);
    let out = stdout(&output);
    assert!(out.contains("Brought \"Venice nights\""), "{out}");
    assert!(out.contains("XP: 16 (was 6)"), "{out}");
    assert!(listed_names(&b).contains("16 XP"), "{}", listed_names(&b));
    let output = run(&b, &["import", file.to_str().unwrap()]);
    assert!(
        stdout(&output).contains("is already here"),
        "{}",
        stdout(&output)
    );

    // Played on in both: shown both ways, nothing changed.
    open_app(a_dir.path())
        .act::<Bov>(
            &venice,
            PlayerCommand::RecordAttempt(attempt("0.3", Outcome::Success, 4)),
        )
        .diary()
        .unwrap();
    open_app(b_dir.path())
        .act::<Bov>(
            &venice,
            PlayerCommand::RecordAttempt(attempt("0.3", Outcome::Failure, 1)),
        )
        .diary()
        .unwrap();
    export(&file);
    let before = listed_names(&b);
    let output = run(&b, &["import", file.to_str().unwrap()]);
    assert_code(&output, 1);
    assert!(
        stdout(&output).contains("played on both"),
        "{}",
        stdout(&output)
    );
    assert_eq!(listed_names(&b), before, "nothing changed");

    // The file's way becomes the campaign; B's is kept beside it.
    let output = run(&b, &["import", file.to_str().unwrap(), "--keep-file"]);
    assert_code(&output, 0);
    let names = listed_names(&b);
    assert!(names.contains("Venice nights (2026-"), "{names}");
    assert!(names.contains("20 XP"), "{names}");
    assert!(names.contains("16 XP"), "{names}");
    assert_code(&run(&b, &["check"]), 0);
}
