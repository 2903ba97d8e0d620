//! History, undo/redo and backups through the use-cases, on real files.

use crate::support::door::{Door, Parts};
use bagless_app::games::bov::Bov;
use bagless_app::PlayerCommand;
use bagless_app::{App, AppDirs, NewCampaign};
use chrono::{TimeZone, Utc};
use std::path::Path;

fn clock() -> bagless_app::DateTime {
    Utc.with_ymd_and_hms(2026, 11, 20, 21, 0, 0).unwrap()
}

fn open_app(dir: &Path) -> App {
    App::open(
        AppDirs {
            data_dir: dir.to_path_buf(),
        },
        clock,
    )
}

fn create(app: &App, name: &str) -> String {
    app.create_campaign(NewCampaign {
        name: name.into(),
        pack_id: "core".into(),
        assassins: vec!["daria".into()],
    })
    .unwrap()
    .id
}

fn names(app: &App) -> Vec<String> {
    let view = app.list_campaigns().unwrap();
    let mut names: Vec<String> = view.campaigns.into_iter().map(|c| c.name).collect();
    names.sort();
    names
}

#[test]
fn undo_redo_and_going_back_through_the_history() {
    let dir = tempfile::tempdir().unwrap();
    let app = open_app(dir.path());
    let id = create(&app, "Venice");
    app.act::<Bov>(
        &id,
        PlayerCommand::SetHqSticker {
            number: 1,
            marked: true,
        },
    )
    .diary()
    .unwrap();
    app.rename::<Bov>(&id, "Venice, renamed").diary().unwrap();
    app.act::<Bov>(
        &id,
        PlayerCommand::SetHqSticker {
            number: 2,
            marked: true,
        },
    )
    .diary()
    .unwrap();
    let keys = |view: &bagless_app::GameHistory| -> Vec<String> {
        view.entries.iter().map(|e| e.line.key.clone()).collect()
    };
    let view = app.history(&id, None).unwrap();
    assert_eq!(
        keys(&view),
        [
            "hq_sticker_set",
            "campaign_renamed",
            "hq_sticker_set",
            "campaign_created"
        ]
    );
    assert_eq!(view.name, "Venice, renamed");
    assert!(!view.can_redo);

    let view = history_after(&app, &id, app.undo::<Bov>(&id));
    let view2 = history_after(&app, &id, app.undo::<Bov>(&id));
    assert!(view.can_redo && view2.can_redo);
    assert_eq!(view2.name, "Venice");
    let view = history_after(&app, &id, app.redo::<Bov>(&id));
    assert_eq!(view.name, "Venice, renamed");
    let diary = app.open::<Bov>(&id).diary().unwrap();
    let marked: Vec<u8> = diary
        .hq_stickers
        .iter()
        .filter(|s| s.marked)
        .map(|s| s.number)
        .collect();
    assert_eq!(marked, [1]);

    // Back to the creation: all three undone, each redoable.
    let created = view.entries.last().unwrap().seq;
    let view = app.jump_back_history(&id, created).unwrap();
    assert!(!view.can_undo);
    assert_eq!(app.undo::<Bov>(&id).unwrap_err().code, "nothing_to_undo");
    assert_eq!(
        app.jump_back_history(&id, created).unwrap_err().code,
        "go_back_nothing_after"
    );
    // A new change: nothing undone can come back.
    app.act::<Bov>(
        &id,
        PlayerCommand::SetHqSticker {
            number: 3,
            marked: true,
        },
    )
    .diary()
    .unwrap();
    assert_eq!(app.redo::<Bov>(&id).unwrap_err().code, "redo_after_change");
    // An undo from the diary is one step of the same history, and answers
    // with the diary.
    assert!(matches!(
        app.undo::<Bov>(&id).unwrap().view,
        bagless_app::games::bov::View::Diary(_)
    ));
    assert!(app.history(&id, None).unwrap().can_redo);

    // A campaign in the bin is not changed.
    app.delete_campaign(&id).unwrap();
    assert_eq!(app.redo::<Bov>(&id).unwrap_err().code, "in_bin");
}

#[test]
fn a_backup_is_previewed_then_restored_after_keeping_the_library() {
    let dir = tempfile::tempdir().unwrap();
    {
        let app = open_app(dir.path());
        let id = create(&app, "Venice");
        app.rename::<Bov>(&id, "Venice nights").diary().unwrap();
    }
    // Opening an existing library takes the day's backup.
    let app = open_app(dir.path());
    create(&app, "Later");
    let backups = app.list_backups();
    assert_eq!(backups.len(), 1);
    assert_eq!(backups[0].kind, "daily");
    assert_eq!(
        backups[0].taken_at.as_deref(),
        Some("2026-11-20T21:00:00+00:00")
    );

    let preview = app.preview_backup(&backups[0].file_name).unwrap();
    assert_eq!(preview.campaigns.len(), 1);
    let campaign = &preview.campaigns[0];
    assert_eq!(campaign.name, "Venice nights");
    assert_eq!(campaign.pack_name, "Brotherhood of Venice");
    assert_eq!(
        campaign.last_change.as_deref(),
        Some("2026-11-20T21:00:00+00:00")
    );
    assert_eq!(preview.last_change, campaign.last_change);
    // A preview replaces nothing, and leaves no staging folder behind.
    assert_eq!(names(&app), ["Later", "Venice nights"]);
    let leftovers: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.starts_with(".restore"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");

    let restored = app.restore_backup(&backups[0].file_name, false).unwrap();
    assert_eq!(restored.campaigns, 1);
    assert!(restored
        .kept_file_name
        .starts_with("bagless-before-restore-"));
    assert_eq!(names(&app), ["Venice nights"]);
    // The library as it was is one of the backups now, and holds both.
    let kept = app.preview_backup(&restored.kept_file_name).unwrap();
    assert_eq!(kept.kind, "before_restore");
    assert_eq!(kept.campaigns.len(), 2);
    // The restored library is the app's library: it takes changes.
    let id = app.list_campaigns().unwrap().campaigns[0].id.clone();
    app.rename::<Bov>(&id, "Venice again").diary().unwrap();
    drop(app);
    assert_eq!(names(&open_app(dir.path())), ["Venice again"]);
}

#[test]
fn bad_backups_are_refused_with_a_reason_and_change_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let app = open_app(dir.path());
    create(&app, "Venice");
    let backups = dir.path().join("backups");
    std::fs::create_dir_all(&backups).unwrap();
    std::fs::write(
        backups.join("bagless-manual-20261120-210000.sqlite"),
        "not a database",
    )
    .unwrap();
    std::fs::write(backups.join("bagless-manual-20261120-210001.sqlite"), "").unwrap();
    let mut truncated = std::fs::read(dir.path().join("bagless.sqlite")).unwrap_or_default();
    truncated.truncate(100);
    std::fs::write(
        backups.join("bagless-manual-20261120-210002.sqlite"),
        truncated,
    )
    .unwrap();
    let cases = [
        ("bagless-manual-20261120-210000.sqlite", "backup_foreign"),
        ("bagless-manual-20261120-210001.sqlite", "backup_foreign"),
        ("../bagless.sqlite", "backup_unknown"),
        ("bagless-daily-20991231-000000.sqlite", "backup_unknown"),
    ];
    for (file, code) in cases {
        assert_eq!(app.preview_backup(file).unwrap_err().code, code, "{file}");
        assert_eq!(
            app.restore_backup(file, false).unwrap_err().code,
            code,
            "{file}"
        );
    }
    let error = app
        .restore_backup("bagless-manual-20261120-210002.sqlite", false)
        .unwrap_err();
    assert!(
        ["backup_foreign", "backup_damaged"].contains(&error.code.as_str()),
        "{error:?}"
    );
    assert_eq!(names(&app), ["Venice"]);
    // Nothing was kept "before a restore" that did not happen.
    assert!(app
        .list_backups()
        .iter()
        .all(|b| b.kind != "before_restore"));
}

/// The history after an undo or redo (the history screen asks for it
/// again after each).
fn history_after(
    app: &bagless_app::App,
    id: &str,
    step: Result<crate::support::door::Screen<Bov>, bagless_app::AppError>,
) -> bagless_app::GameHistory {
    step.unwrap();
    app.history(id, None).unwrap()
}

/// Long work shows its progress (issue "Cost that does not grow with the
/// library"): a preview tells how far the copy and the check of each game
/// have come, a restore how far the library kept and the backup put in
/// place have come, each step counting up to its total.
#[test]
fn a_preview_and_a_restore_tell_how_far_they_have_come() {
    use bagless_app::{Progress, ProgressStep};
    use std::sync::Mutex;
    let dir = tempfile::tempdir().unwrap();
    {
        let app = open_app(dir.path());
        create(&app, "Venice");
        create(&app, "Florence");
    }
    let app = open_app(dir.path());
    // The day's backup is taken beside the first screen, before the check,
    // and sealed once every history is decided again and found sound.
    app.wait_for_check();
    assert!(app.check_histories_if_due());
    let backup = app.list_backups().remove(0).file_name;
    // Its seal taken away, the backup is checked game by game (a sealed one
    // is believed without: `sealed_backups.rs`).
    std::fs::remove_file(dir.path().join("backups").join(format!("{backup}.seal")))
        .expect("the day's backup of a sound library is sealed");
    let heard = Mutex::new(Vec::<Progress>::new());
    let listen = |p: Progress| heard.lock().unwrap().push(p);

    let preview = app.preview_backup_with(&backup, &listen).unwrap();
    assert_eq!(preview.campaigns.len(), 2);
    let steps = |heard: &[Progress], step| -> Vec<(u32, u32)> {
        heard
            .iter()
            .filter(|p| p.step == step)
            .map(|p| (p.done, p.total))
            .collect()
    };
    let said = std::mem::take(&mut *heard.lock().unwrap());
    let copying = steps(&said, ProgressStep::Copying);
    let (done, total) = *copying.last().expect("the copy is told");
    assert!(
        total > 0 && done == total,
        "the copy ends whole: {copying:?}"
    );
    assert!(copying.windows(2).all(|w| w[0].0 <= w[1].0), "{copying:?}");
    assert_eq!(
        steps(&said, ProgressStep::Checking),
        [(0, 2), (1, 2), (2, 2)],
        "each game checked, counted"
    );

    app.restore_backup_with(&backup, false, &listen).unwrap();
    let said = std::mem::take(&mut *heard.lock().unwrap());
    for step in [ProgressStep::Keeping, ProgressStep::Restoring] {
        let told = steps(&said, step);
        let (done, total) = *told.last().unwrap_or_else(|| panic!("{step:?} told"));
        assert!(total > 0 && done == total, "{step:?} ends whole: {told:?}");
    }
    // The restored library is sound and can be changed at once.
    assert!(app.library_info().read_only.is_none());
    create(&app, "Rome");
}
