//! The evening's picture saved through the app, to real files: whole, or
//! not at all, and refused in the players' words.

use bagless_app::{App, AppDirs, PNG_SIGNATURE};
use chrono::{TimeZone, Utc};
use std::path::Path;

fn clock() -> bagless_app::DateTime {
    Utc.with_ymd_and_hms(2026, 12, 2, 23, 30, 0).unwrap()
}

fn open_app(dir: &Path) -> App {
    App::open(
        AppDirs {
            data_dir: dir.to_path_buf(),
        },
        clock,
    )
}

/// A PNG's bytes: the signature, then anything (the app checks no more).
fn png(fill: u8, len: usize) -> Vec<u8> {
    let mut bytes = PNG_SIGNATURE.to_vec();
    bytes.resize(len, fill);
    bytes
}

/// The files of `dir`, by name.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn the_picture_is_written_whole_where_chosen_and_the_suggestion_is_free() {
    let home = tempfile::tempdir().unwrap();
    let app = open_app(home.path());
    let first = app.picture_suggestion().unwrap();
    assert_eq!(
        first.file_name().unwrap().to_str(),
        Some("bagless-evening-2026-12-02.png")
    );
    let bytes = png(7, 300_000);
    let saved = app.save_picture(&first, &bytes).unwrap();
    assert_eq!(saved.path, first.display().to_string());
    assert_eq!(std::fs::read(&first).unwrap(), bytes);
    // The next suggestion does not write over it; no partial file is left.
    let second = app.picture_suggestion().unwrap();
    assert_eq!(
        second.file_name().unwrap().to_str(),
        Some("bagless-evening-2026-12-02-2.png")
    );
    assert_eq!(
        names(first.parent().unwrap()),
        vec!["bagless-evening-2026-12-02.png"]
    );

    // Saved again over it: replaced whole by the new picture.
    let smaller = png(9, 1_000);
    app.save_picture(&first, &smaller).unwrap();
    assert_eq!(std::fs::read(&first).unwrap(), smaller);
    assert_eq!(
        names(first.parent().unwrap()),
        vec!["bagless-evening-2026-12-02.png"]
    );
}

#[test]
fn a_bad_place_or_bytes_are_refused_and_nothing_is_left() {
    let home = tempfile::tempdir().unwrap();
    let app = open_app(home.path());
    let dir = tempfile::tempdir().unwrap();

    // A folder chosen as the file.
    let refused = app.save_picture(dir.path(), &png(1, 100)).unwrap_err();
    assert_eq!(refused.code, "picture_not_a_file");

    // A folder that is not there.
    let nowhere = dir.path().join("gone").join("evening.png");
    let refused = app.save_picture(&nowhere, &png(1, 100)).unwrap_err();
    assert_eq!(refused.code, "picture_failed");
    assert!(!nowhere.exists());

    // Bytes that are not a PNG (a canvas that drew nothing).
    let path = dir.path().join("evening.png");
    let refused = app.save_picture(&path, b"not a picture").unwrap_err();
    assert_eq!(refused.code, "picture_not_png");
    let refused = app.save_picture(&path, &[]).unwrap_err();
    assert_eq!(refused.code, "picture_not_png");
    assert!(names(dir.path()).is_empty(), "{:?}", names(dir.path()));

    // A picture already there stays as it was when the new one is refused.
    let kept = png(3, 500);
    std::fs::write(&path, &kept).unwrap();
    assert!(app.save_picture(&path, b"nope").is_err());
    assert_eq!(std::fs::read(&path).unwrap(), kept);
}

#[cfg(unix)]
#[test]
fn a_folder_that_cannot_be_written_is_told_and_leaves_no_partial_file() {
    use std::os::unix::fs::PermissionsExt;
    let home = tempfile::tempdir().unwrap();
    let app = open_app(home.path());
    let dir = tempfile::tempdir().unwrap();
    let locked = dir.path().join("locked");
    std::fs::create_dir(&locked).unwrap();
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o500)).unwrap();
    let path = locked.join("evening.png");
    let answer = app.save_picture(&path, &png(1, 100));
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o700)).unwrap();
    // Root writes anywhere: then the picture is simply saved.
    match answer {
        Err(error) => {
            assert_eq!(error.code, "picture_failed");
            assert!(names(&locked).is_empty());
        }
        Ok(_) => assert_eq!(names(&locked), vec!["evening.png"]),
    }
}
