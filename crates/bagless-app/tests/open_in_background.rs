//! The window's way of opening the library: on a thread of its own while
//! the window starts. Commands then see exactly what a plain open gives, a
//! library that cannot be opened included.

use crate::support::door::Door;
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

/// The check of every game's history (issue 31, "the start-up check does not
/// hold the first screen"): in the window it waits while the first screen is
/// drawn (`opened::CHECK_AFTER`, 1.5 s), reads answer meanwhile (the
/// window's own wait for its finding wakes nothing), and a change that
/// needs its finding wakes it at once, as closing the app does.
#[test]
fn the_window_check_waits_for_the_first_screen_and_a_change_wakes_it() {
    let dir = tempfile::tempdir().unwrap();
    drop(App::open(dirs(dir.path()), clock));

    let app = std::sync::Arc::new(App::open_in_background(dirs(dir.path()), clock));
    assert!(app.list_campaigns().unwrap().campaigns.is_empty());
    // The window waits for the finding on a thread of its own (to show it):
    // that neither wakes the check nor holds up what the screen asks.
    let waiter = {
        let app = std::sync::Arc::clone(&app);
        std::thread::spawn(move || app.wait_for_check())
    };
    let asked = std::time::Instant::now();
    assert!(
        app.library_info().checking,
        "the check waits while the first screen is drawn"
    );
    assert!(asked.elapsed() < std::time::Duration::from_millis(1000));
    let asked = std::time::Instant::now();
    app.create_campaign(NewCampaign {
        name: "Venice".into(),
        pack_id: "core".into(),
        assassins: vec!["daria".into()],
    })
    .unwrap();
    assert!(
        !app.library_info().checking,
        "the change waited for the whole check"
    );
    assert!(!waiter.join().unwrap(), "the library is sound");
    assert!(
        asked.elapsed() < std::time::Duration::from_millis(1000),
        "the change woke the check instead of waiting out its delay: {:?}",
        asked.elapsed()
    );

    // Closed while the check still waits: the app does not wait it out.
    let app = App::open_in_background(dirs(dir.path()), clock);
    assert_eq!(app.list_campaigns().unwrap().campaigns.len(), 1);
    let closing = std::time::Instant::now();
    drop(app);
    assert!(closing.elapsed() < std::time::Duration::from_millis(1000));
}
