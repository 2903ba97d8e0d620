//! Backups this app sealed (issue "Cost that does not grow with the
//! library": preview and restore of a large library under a second): a copy
//! of a library found sound is believed without its games being checked
//! again, as long as not one byte of it changed; a sealed backup edited
//! afterwards is checked whole, and refused when it does not pass.

use crate::support::door::Door;
use bagless_app::{App, NewCampaign, Progress, ProgressStep};
use chrono::{TimeZone, Utc};
use std::path::Path;
use std::sync::Mutex;

fn clock() -> bagless_app::DateTime {
    Utc.with_ymd_and_hms(2026, 11, 26, 21, 0, 0).unwrap()
}

fn open_app(dir: &Path) -> App {
    crate::support::app_in(dir, clock)
}

/// A backup taken now into the backups folder: its path and file name.
fn back_up(app: &App) -> (std::path::PathBuf, String) {
    let path = app.back_up(None).unwrap().path;
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    (path, name)
}

fn create(app: &App, name: &str) {
    app.create_campaign(NewCampaign {
        name: name.into(),
        pack_id: "core".into(),
        assassins: vec!["daria".into()],
    })
    .unwrap();
}

/// The checking steps a preview of `backup` tells.
fn checking(app: &App, backup: &str) -> Result<Vec<(u32, u32)>, bagless_app::AppError> {
    let heard = Mutex::new(Vec::<Progress>::new());
    app.preview_backup_with(backup, &|p| heard.lock().unwrap().push(p))?;
    Ok(heard
        .into_inner()
        .unwrap()
        .into_iter()
        .filter(|p| p.step == ProgressStep::Checking)
        .map(|p| (p.done, p.total))
        .collect())
}

#[test]
fn a_sealed_backup_is_believed_whole_and_a_byte_changed_is_checked_and_refused() {
    let dir = tempfile::tempdir().unwrap();
    let app = open_app(dir.path());
    create(&app, "Venice");
    create(&app, "Florence");
    let (made, name) = back_up(&app);
    assert!(
        dir.path()
            .join("backups")
            .join(format!("{name}.seal"))
            .is_file(),
        "a backup of a sound library is sealed"
    );
    // Believed: no game checked one by one, the preview as it was.
    assert_eq!(checking(&app, &name).unwrap(), [(2, 2)]);
    let preview = app.preview_backup(&name).unwrap();
    assert_eq!(preview.campaigns.len(), 2);

    // A game's saved state edited in the backup, its seal left as it was:
    // the seal no longer matches, the backup is checked and refused.
    {
        let conn = rusqlite::Connection::open(&made).unwrap();
        conn.execute_batch(
            "PRAGMA journal_mode = DELETE;
             UPDATE game_states SET state = json_set(state, '$.state.name', 'Edited');",
        )
        .unwrap();
    }
    let _ = std::fs::remove_file(made.with_extension("sqlite-wal"));
    // Checked game by game, each named in the preview; the restore refused.
    assert_eq!(checking(&app, &name).unwrap(), [(0, 2), (1, 2), (2, 2)]);
    let preview = app.preview_backup(&name).unwrap();
    assert_eq!(preview.problems.len(), 2, "{:?}", preview.problems);
    assert!(preview.campaigns.iter().all(|c| c.history_problem));
    assert_eq!(
        app.restore_backup(&name, false).unwrap_err().code,
        "backup_not_believed"
    );
    assert_eq!(
        app.list_campaigns().unwrap().campaigns.len(),
        2,
        "nothing replaced"
    );
}

#[test]
fn a_restore_of_a_sealed_backup_keeps_the_library_sealed_and_takes_changes() {
    let dir = tempfile::tempdir().unwrap();
    let app = open_app(dir.path());
    create(&app, "Venice");
    let (_, name) = back_up(&app);
    create(&app, "Later");
    let restored = app.restore_backup(&name, false).unwrap();
    assert_eq!(restored.campaigns, 1);
    let kept = dir.path().join("backups").join(&restored.kept_file_name);
    assert!(
        Path::new(&format!("{}.seal", kept.display())).is_file(),
        "the library kept before the restore is sealed"
    );
    assert_eq!(checking(&app, &restored.kept_file_name).unwrap(), [(2, 2)]);
    create(&app, "After the restore");
    drop(app);
    let app = open_app(dir.path());
    assert!(
        !app.wait_for_check(),
        "the restored library passes its check"
    );
    assert_eq!(app.list_campaigns().unwrap().campaigns.len(), 2);
}

#[test]
fn a_backup_from_another_folder_s_app_is_checked_whole() {
    let (ours, theirs) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let other = open_app(theirs.path());
    create(&other, "Theirs");
    let (made, name) = back_up(&other);
    drop(other);
    let app = open_app(ours.path());
    create(&app, "Ours");
    let backups = ours.path().join("backups");
    std::fs::create_dir_all(&backups).unwrap();
    std::fs::copy(&made, backups.join(&name)).unwrap();
    std::fs::copy(
        format!("{}.seal", made.display()),
        backups.join(format!("{name}.seal")),
    )
    .unwrap();
    assert_eq!(
        checking(&app, &name).unwrap(),
        [(0, 1), (1, 1)],
        "its seal is not ours"
    );
}

/// Nothing is sealed of a library the start-up check did not pass whole:
/// neither the day's copy nor a backup asked for.
#[test]
fn no_copy_of_a_library_that_failed_its_check_is_sealed() {
    let dir = tempfile::tempdir().unwrap();
    {
        let app = open_app(dir.path());
        create(&app, "Venice");
    }
    // A saved state edited under the app's feet: it no longer matches its log.
    rusqlite::Connection::open(dir.path().join("bagless.sqlite"))
        .unwrap()
        .execute(
            "UPDATE game_states SET state = json_set(state, '$.state.name', 'Edited')",
            [],
        )
        .unwrap();
    let app = open_app(dir.path());
    assert!(app.wait_for_check(), "read-only: the check found it");
    let seals = || {
        std::fs::read_dir(dir.path().join("backups"))
            .unwrap()
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter(|n| n.ends_with(".seal"))
            .count()
    };
    assert_eq!(app.list_backups().len(), 1, "the day's copy is taken");
    assert_eq!(seals(), 0, "and not sealed");
    let (_, name) = back_up(&app);
    assert_eq!(seals(), 0, "nor a backup asked for");
    assert_eq!(app.preview_backup(&name).unwrap().problems.len(), 1);
    assert_eq!(
        app.restore_backup(&name, false).unwrap_err().code,
        "backup_not_believed"
    );
}
