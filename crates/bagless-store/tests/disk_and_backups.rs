//! The edges a desktop app meets on real disks: a full disk said as such
//! with nothing left half-written, backups of every kind rotated by count
//! and by total size, and imports that refuse anything but a regular file
//! at once (a pipe used to hang the import for ever).

use crate::support;
use bagless_store::exchange::{read_export, ImportError};
use bagless_store::{Library, StoreError, BACKUP_KEEP, BACKUP_MAX_BYTES, KEEP_PER_KIND};
use chrono::{TimeZone, Utc};
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};
use support::{created, rolled, Event, Races};

fn now() -> chrono::DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 20, 21, 0, 0).unwrap()
}

/// A library of a few hundred kilobytes: one race of many rolls.
fn library(dir: &Path) -> Library {
    let mut library =
        Library::open(&dir.join("bagless.sqlite"), &dir.join("backups"), now()).unwrap();
    let mut seq = library
        .append("c1", 0, &created(&["Ana", "Bruno"], 1_000_000), now())
        .unwrap();
    let rolls: Vec<_> = (0..2000u32)
        .flat_map(|n| rolled((n % 6) as u8 + 1))
        .collect();
    seq = library.append("c1", seq, &rolls, now()).unwrap();
    assert!(seq > 2000);
    library
}

fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .map(|e| e.unwrap().file_name().into_string().unwrap())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

struct Tmpfs(std::path::PathBuf);

impl Tmpfs {
    /// A tiny tmpfs, where the machine lets us mount one (root, as CI is).
    fn mount(at: &Path, size: &str) -> Option<Tmpfs> {
        std::fs::create_dir_all(at).unwrap();
        let ok = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(at)
            .output()
            .is_ok_and(|out| out.status.success());
        ok.then(|| Tmpfs(at.to_path_buf()))
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

#[test]
fn a_full_disk_is_said_first_and_leaves_no_partial_copy() {
    // The message, for any way the disk fills (ENOSPC from the system).
    let full = StoreError::from(std::io::Error::from_raw_os_error(28)).to_string();
    assert!(
        full.starts_with("The disk is full: free some space; nothing was changed"),
        "{full}"
    );

    let dir = tempfile::tempdir().unwrap();
    let library = library(dir.path());
    let Some(small) = Tmpfs::mount(&dir.path().join("small"), "64k") else {
        eprintln!("no tmpfs could be mounted here: the injected error above stands in");
        return;
    };
    let error = library
        .take_backup(&small.0, "before-import", now())
        .unwrap_err();
    assert!(matches!(error, StoreError::DiskFull(_)), "{error:?}");
    assert!(
        error
            .to_string()
            .starts_with("The disk is full: free some space; nothing was changed"),
        "{error}"
    );
    assert_eq!(names(&small.0), Vec::<String>::new(), "no .partial is left");
    // The library itself is untouched and still works.
    assert_eq!(library.events("c1").unwrap().len(), 2001);
}

fn touch(dir: &Path, name: &str, size: u64) {
    let file = std::fs::File::create(dir.join(name)).unwrap();
    // Sparse: the size counts, the disk is not used.
    file.set_len(size).unwrap();
}

#[test]
fn backups_of_every_kind_are_rotated_by_count() {
    let dir = tempfile::tempdir().unwrap();
    let backups = dir.path().join("backups");
    std::fs::create_dir_all(&backups).unwrap();
    for day in 1..=20 {
        touch(
            &backups,
            &format!("bagless-daily-202610{day:02}-080000.sqlite"),
            10,
        );
    }
    for n in 1..=8 {
        for kind in ["before-import", "before-restore", "before-v3"] {
            touch(
                &backups,
                &format!("bagless-{kind}-202609{n:02}-080000.sqlite"),
                10,
            );
        }
    }
    touch(&backups, "notes.txt", 10);
    let library = library(dir.path());
    library
        .take_backup(&backups, "before-import", now())
        .unwrap();
    let left = names(&backups);
    let count = |prefix: &str| left.iter().filter(|n| n.starts_with(prefix)).count();
    assert_eq!(count("bagless-daily-"), BACKUP_KEEP);
    assert_eq!(count("bagless-before-import-"), KEEP_PER_KIND);
    assert_eq!(count("bagless-before-restore-"), KEEP_PER_KIND);
    assert_eq!(count("bagless-before-v"), KEEP_PER_KIND);
    assert!(left.contains(&"notes.txt".to_string()), "other files stay");
    // The newest of each kind stay; the new one among them.
    assert!(left.contains(&"bagless-before-import-20261120-210000.sqlite".to_string()));
    assert!(left.contains(&"bagless-daily-20261020-080000.sqlite".to_string()));
    assert!(!left.contains(&"bagless-daily-20261001-080000.sqlite".to_string()));
}

#[test]
fn backups_over_the_size_limit_lose_the_oldest_first() {
    let dir = tempfile::tempdir().unwrap();
    let backups = dir.path().join("backups");
    std::fs::create_dir_all(&backups).unwrap();
    let big = BACKUP_MAX_BYTES / 3;
    touch(
        &backups,
        "bagless-before-restore-20260901-080000.sqlite",
        big,
    );
    touch(
        &backups,
        "bagless-before-import-20260902-080000.sqlite",
        big,
    );
    touch(
        &backups,
        "bagless-before-import-20260903-080000.sqlite",
        big,
    );
    touch(
        &backups,
        "bagless-before-import-20260904-080000.sqlite",
        big,
    );
    let library = library(dir.path());
    library
        .take_backup(&backups, "before-import", now())
        .unwrap();
    let left = names(&backups);
    let total: u64 = left
        .iter()
        .map(|n| std::fs::metadata(backups.join(n)).unwrap().len())
        .sum();
    assert!(total <= BACKUP_MAX_BYTES, "{total} bytes left: {left:?}");
    // The oldest imports went; the newest copy of each kind stays, even
    // the old restore one.
    assert!(left.contains(&"bagless-before-restore-20260901-080000.sqlite".to_string()));
    assert!(!left.contains(&"bagless-before-import-20260902-080000.sqlite".to_string()));
    assert!(left.contains(&"bagless-before-import-20261120-210000.sqlite".to_string()));
}

#[test]
fn only_a_regular_file_is_imported_and_a_pipe_never_blocks() {
    let dir = tempfile::tempdir().unwrap();
    let refused = |path: &Path| match read_export::<Event>(path) {
        Err(ImportError::NotAFile { what }) => what,
        other => panic!("{}: {other:?}", path.display()),
    };
    assert_eq!(refused(dir.path()), "a folder");
    assert_eq!(refused(Path::new("/dev/null")), "a device");
    let fifo = dir.path().join("campaign.bagless.json");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let started = Instant::now();
    assert_eq!(refused(&fifo), "a pipe");
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "answered at once"
    );
    let error = read_export::<Event>(&fifo).unwrap_err().to_string();
    assert_eq!(error, "Only a file can be imported: this is a pipe.");
}
