//! The window's way of opening the library: on a thread of its own while
//! the window starts. Commands then see exactly what a plain open gives, a
//! library that cannot be opened included.

use bagless_app::{App, AppDirs, NewCampaign};
use chrono::{TimeZone, Utc};
use std::path::Path;

fn clock() -> bagless_app::DateTime {
    Utc.with_ymd_and_hms(2026, 11, 20, 21, 0, 0).unwrap()
}

fn dirs(dir: &Path) -> AppDirs {
    AppDirs {
        data_dir: dir.to_path_buf(),
    }
}

#[test]
fn commands_wait_for_the_library_and_see_what_a_plain_open_sees() {
    let dir = tempfile::tempdir().unwrap();
    let app = App::open(dirs(dir.path()), clock);
    app.create_campaign(NewCampaign {
        name: "Venice".into(),
        pack_id: "core".into(),
        assassins: vec!["daria".into()],
    })
    .unwrap();
    let expected = serde_json::to_string(&app.list_campaigns().unwrap()).unwrap();
    drop(app);

    let app = App::open_in_background(dirs(dir.path()), clock);
    // Asked at once, from several threads: each waits for the one open.
    let seen: Vec<String> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..4)
            .map(|_| scope.spawn(|| serde_json::to_string(&app.list_campaigns().unwrap()).unwrap()))
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert!(seen.iter().all(|s| *s == expected), "{seen:?}");
    assert!(app.library_info().error.is_none());
}

#[test]
fn a_library_that_cannot_be_opened_is_reported_the_same() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("bagless.sqlite"),
        b"not a database at all, surely",
    )
    .unwrap();
    let app = App::open_in_background(dirs(dir.path()), clock);
    let error = app
        .library_info()
        .error
        .expect("the library cannot be opened");
    assert_eq!(error.code, "library_foreign");
    assert_eq!(app.list_campaigns().unwrap_err().code, "library_foreign");
}
