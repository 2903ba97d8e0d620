//! A library whose saved state does not match its history opens read-only:
//! reading works, every change is refused with a clear message, and the
//! newest backup that passes the check is offered; restoring it ends that.

use bagless_app::{App, AppDirs, NewCampaign};
use chrono::{TimeZone, Utc};
use std::path::Path;

fn clock() -> bagless_app::DateTime {
    Utc.with_ymd_and_hms(2026, 11, 20, 21, 0, 0).unwrap()
}

fn open(dir: &Path) -> App {
    App::open(
        AppDirs {
            data_dir: dir.to_path_buf(),
        },
        clock,
    )
}

#[test]
fn a_library_that_does_not_add_up_opens_read_only_and_offers_a_good_backup() {
    let dir = tempfile::tempdir().unwrap();
    let app = open(dir.path());
    let venice = app
        .create_campaign(NewCampaign {
            name: "Venice".into(),
            pack_id: "core".into(),
            assassins: vec!["daria".into()],
        })
        .unwrap();
    app.wait_for_check();
    assert!(app.library_info().read_only.is_none());
    drop(app);
    // A backup made while all was well.
    let library = bagless_store::Library::open(
        &dir.path().join("bagless.sqlite"),
        &dir.path().join("backups"),
        clock(),
    )
    .unwrap();
    library
        .take_backup(&dir.path().join("backups"), "manual", clock())
        .unwrap();
    drop(library);

    // A sticker in the diary that its history never recorded.
    let conn = rusqlite::Connection::open(dir.path().join("bagless.sqlite")).unwrap();
    conn.execute(
        "UPDATE game_states SET state = json_insert(state, '$.state.hq_stickers[#]', 5)
          WHERE campaign_id = ?1",
        [&venice.id],
    )
    .unwrap();
    drop(conn);

    let app = open(dir.path());
    app.wait_for_check();
    let info = app.library_info();
    let read_only = info.read_only.expect("read-only");
    assert_eq!(read_only.code, "library_inconsistent");
    assert!(
        read_only.message.contains("Venice"),
        "{}",
        read_only.message
    );
    let good = info.good_backup.expect("a good backup is offered");
    // Reading works; changing does not, and writes nothing.
    assert!(app.open_diary(&venice.id).is_ok());
    let refused = app.rename_campaign(&venice.id, "Other").unwrap_err();
    assert_eq!(refused.code, "library_inconsistent");
    assert_eq!(app.open_diary(&venice.id).unwrap().name, "Venice");
    assert!(app
        .create_campaign(NewCampaign {
            name: "New".into(),
            pack_id: "core".into(),
            assassins: vec!["claudio".into()],
        })
        .is_err());

    app.restore_backup(&good).unwrap();
    app.wait_for_check();
    assert!(
        app.library_info().read_only.is_none(),
        "the restored library is sound"
    );
    assert!(app
        .create_campaign(NewCampaign {
            name: "New".into(),
            pack_id: "core".into(),
            assassins: vec!["claudio".into()],
        })
        .is_ok());
}
