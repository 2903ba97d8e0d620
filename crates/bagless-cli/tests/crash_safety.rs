//! A save must survive the app being killed, or the power going, at any
//! moment. A child `bagless debug-record-loop` writes to a campaign in a
//! loop and says "committed <seq>" after each commit; the tests stop it at
//! random moments and check that the library opens, passes `bagless check`,
//! and holds every write it reported.

// The writer exists only with the `debug-writer` feature: `make test-rust`
// runs this file with it.
#![cfg(all(unix, feature = "debug-writer"))]

mod common;

use bagless_app::App;
use common::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::io::BufRead;
use std::path::Path;
use std::process::{Child, Stdio};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Change through BAGLESS_CRASH_SEED to explore; a failure prints the seed.
fn seed() -> u64 {
    std::env::var("BAGLESS_CRASH_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20_261_122)
}

/// The writer and a thread collecting the seqs it reports as committed.
struct Writer {
    child: Child,
    committed: Arc<Mutex<Vec<u32>>>,
    reader: JoinHandle<()>,
}

impl Writer {
    fn start(library: &Path, campaign: &str) -> Writer {
        let mut child = bagless()
            .arg("--library")
            .arg(library)
            .args(["debug-record-loop", "--campaign", campaign])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the writer starts");
        let committed = Arc::new(Mutex::new(Vec::new()));
        let stdout = child.stdout.take().unwrap();
        let reader = {
            let committed = Arc::clone(&committed);
            std::thread::spawn(move || {
                for line in std::io::BufReader::new(stdout).lines() {
                    let Ok(line) = line else { break };
                    if let Some(seq) = line.strip_prefix("committed ") {
                        committed.lock().unwrap().push(seq.parse().unwrap());
                    }
                }
            })
        };
        Writer {
            child,
            committed,
            reader,
        }
    }

    fn wait_for_a_commit(&self) {
        let deadline = Instant::now() + Duration::from_secs(20);
        while self.committed.lock().unwrap().is_empty() {
            assert!(Instant::now() < deadline, "the writer commits nothing");
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    fn committed_so_far(&self) -> Vec<u32> {
        self.committed.lock().unwrap().clone()
    }

    /// SIGKILL, then every seq it reported (all lines it flushed were
    /// written after their commit).
    fn kill(mut self) -> Vec<u32> {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
        self.reader.join().unwrap();
        Arc::try_unwrap(self.committed)
            .unwrap()
            .into_inner()
            .unwrap()
    }

    fn signal(&self, name: &str) {
        let status = std::process::Command::new("kill")
            .arg(format!("-{name}"))
            .arg(self.child.id().to_string())
            .status()
            .unwrap();
        assert!(status.success(), "kill -{name}");
    }
}

/// Opens the library as the app does and returns the seq of every event of
/// the campaign's log, read from the app's export of it.
fn logged_seqs(library: &Path, campaign: &str) -> Vec<u32> {
    let opened = App::open_file(library, bagless_app::now);
    if let Some(error) = opened.library_error() {
        panic!("the library does not open: {}", error.message);
    }
    let export = tempfile::tempdir().unwrap();
    let file = export.path().join("log.bagless.json");
    opened.export_campaign_to(campaign, &file).unwrap();
    let exported: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    let seqs: Vec<u32> = exported["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["seq"].as_u64().unwrap() as u32)
        .collect();
    seqs
}

fn assert_sound(library: &Path, campaign: &str, reported: &[u32], context: &str) {
    let check = run(library, &["check"]);
    assert_eq!(
        code(&check),
        0,
        "{context}: check failed:\n{}{}",
        stdout(&check),
        stderr(&check)
    );
    let logged = logged_seqs(library, campaign);
    for seq in reported {
        assert!(
            logged.binary_search(seq).is_ok(),
            "{context}: seq {seq} was reported committed but is not in the log (last logged {:?})",
            logged.last()
        );
    }
}

#[test]
fn killing_the_writer_at_random_moments_loses_no_committed_write() {
    const KILLS: u32 = 200;
    let seed = seed();
    let mut rng = StdRng::seed_from_u64(seed);
    let dir = tempfile::tempdir().unwrap();
    let (library, campaign) = sample_library(dir.path());
    let started = Instant::now();
    let mut reported_total = 0usize;
    let mut kills_after_a_commit = 0u32;
    for kill in 1..=KILLS {
        let writer = Writer::start(&library, &campaign);
        // One kill in five lands while the writer opens the library; the
        // others while it writes, however slow the machine is to start it.
        if rng.random_range(0..5) > 0 {
            writer.wait_for_a_commit();
        }
        std::thread::sleep(Duration::from_millis(rng.random_range(0..20)));
        let reported = writer.kill();
        reported_total += reported.len();
        kills_after_a_commit += u32::from(!reported.is_empty());
        assert_sound(
            &library,
            &campaign,
            &reported,
            &format!("seed {seed}, kill {kill}"),
        );
    }
    println!(
        "crash test: {KILLS} kills ({kills_after_a_commit} after at least one commit), \
         {reported_total} committed writes checked, {:.1} s, seed {seed}",
        started.elapsed().as_secs_f64()
    );
    assert!(
        kills_after_a_commit >= KILLS / 2,
        "seed {seed}: most kills must land while writing, only {kills_after_a_commit} did"
    );
}

/// Copies `<library>` and its -wal and -shm, as they are, into `to`.
fn copy_library_files(library: &Path, to: &Path) {
    for suffix in ["", "-wal", "-shm"] {
        let mut from = library.as_os_str().to_owned();
        from.push(suffix);
        let mut into = to.join("bagless.sqlite").into_os_string();
        into.push(suffix);
        match std::fs::copy(&from, &into) {
            Ok(_) => {}
            // The -wal and -shm come and go with the connections.
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && !suffix.is_empty() => {}
            Err(e) => panic!("copying {from:?}: {e}"),
        }
    }
}

#[test]
fn a_copy_of_the_files_taken_mid_write_opens_to_a_consistent_library() {
    const COPIES: u32 = 50;
    let seed = seed();
    let mut rng = StdRng::seed_from_u64(seed ^ 0x5eed);
    let dir = tempfile::tempdir().unwrap();
    let (library, campaign) = sample_library(dir.path());
    let writer = Writer::start(&library, &campaign);
    let started = Instant::now();
    for copy in 1..=COPIES {
        std::thread::sleep(Duration::from_millis(rng.random_range(1..25)));
        let committed_before = writer.committed_so_far();
        // A power cut freezes the disk at one instant. The writer is frozen
        // mid-write instead, so the three files are copied from one moment
        // (a checkpoint between two copies would mix moments, which no
        // power cut can do).
        writer.signal("STOP");
        let at = tempfile::tempdir().unwrap();
        copy_library_files(&library, at.path());
        writer.signal("CONT");
        assert_sound(
            &at.path().join("bagless.sqlite"),
            &campaign,
            &committed_before,
            &format!("seed {seed}, copy {copy}"),
        );
    }
    let written = writer.kill().len();
    println!(
        "power-cut test: {COPIES} copies while {written} writes were committed, {:.1} s, seed {seed}",
        started.elapsed().as_secs_f64()
    );
    assert!(written > 0, "the writer wrote");
}
