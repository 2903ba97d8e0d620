//! A library whose saved state does not match its history opens read-only:
//! reading works, every change is refused with a clear message, and the
//! newest backup that passes the check is offered; restoring it ends that.

use crate::support::door::{Door, Parts};
use bagless_app::games::bov::Bov;
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
    assert!(app.open::<Bov>(&venice.id).diary().is_ok());
    let refused = app.rename::<Bov>(&venice.id, "Other").diary().unwrap_err();
    assert_eq!(refused.code, "library_inconsistent");
    assert_eq!(app.open::<Bov>(&venice.id).diary().unwrap().name, "Venice");
    assert!(app
        .create_campaign(NewCampaign {
            name: "New".into(),
            pack_id: "core".into(),
            assassins: vec!["claudio".into()],
        })
        .is_err());

    app.restore_backup(&good, false).unwrap();
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

/// SQLite's quick check of the file comes beside the window's first screen
/// (it reads the whole file): a library whose pages are damaged opens, is
/// made read-only when the check finds it, and nothing is written to it.
#[test]
fn a_library_with_damaged_pages_is_made_read_only_by_the_check_beside_the_first_screen() {
    let dir = tempfile::tempdir().unwrap();
    let app = open(dir.path());
    for name in ["Venice", "Florence", "Rome"] {
        app.create_campaign(bagless_app::NewCampaign {
            name: name.into(),
            pack_id: "core".into(),
            assassins: vec!["daria".into()],
        })
        .unwrap();
    }
    drop(app);
    let path = dir.path().join("bagless.sqlite");
    let mut bytes = std::fs::read(&path).unwrap();
    let pages = bytes.len() / 4096;
    assert!(pages >= 4, "{pages} pages");
    // The last page's b-tree header, overwritten.
    let last = (pages - 1) * 4096;
    bytes[last..last + 12].copy_from_slice(&[0xEE; 12]);
    std::fs::write(&path, &bytes).unwrap();

    let app = open(dir.path());
    app.wait_for_check();
    let read_only = app.library_info().read_only.expect("made read-only");
    assert_eq!(read_only.code, "library_damaged");
    let refused = app
        .create_campaign(bagless_app::NewCampaign {
            name: "Milan".into(),
            pack_id: "core".into(),
            assassins: vec!["daria".into()],
        })
        .unwrap_err();
    assert_eq!(refused.code, "library_damaged");
    drop(app);
    assert_eq!(std::fs::read(&path).unwrap(), bytes, "nothing written");
}
