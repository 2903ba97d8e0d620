//! A save must survive the app being killed, or the power going, at any
//! moment. A child `bagless debug-record-loop` writes to a game of every
//! kind in turn (a Brotherhood of Venice campaign, RISK, Assassin Nation, a
//! memory in play) and says "committed <id> <seq>" after each commit; the
//! tests stop it at random moments and check that the library opens,
//! passes `bagless check`, and holds every write it reported in each game.

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

/// The games written to: (kind, id), as `debug-record-loop` takes them.
fn games(every: &EveryKind) -> Vec<(&'static str, String)> {
    vec![
        ("bov", every.campaign.clone()),
        ("risk", every.risk.clone()),
        ("nation", every.nation.clone()),
        ("memory", every.memory.clone()),
    ]
}

/// What the writer reported committed: a game's id and its last seq then.
type Committed = Vec<(String, u32)>;

/// The writer and a thread collecting the writes it reports as committed.
struct Writer {
    child: Child,
    committed: Arc<Mutex<Committed>>,
    reader: JoinHandle<()>,
}

impl Writer {
    fn start(library: &Path, games: &[(&str, String)]) -> Writer {
        let mut command = bagless();
        command
            .arg("--library")
            .arg(library)
            .arg("debug-record-loop");
        // The writer is told no kind: the library knows each game's.
        for (_, id) in games {
            command.arg("--game").arg(id);
        }
        let mut child = command
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            // Why it stopped, if it stops by itself, shows in the output.
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the writer starts");
        let committed = Arc::new(Mutex::new(Vec::new()));
        let stdout = child.stdout.take().unwrap();
        let reader = {
            let committed = Arc::clone(&committed);
            std::thread::spawn(move || {
                for line in std::io::BufReader::new(stdout).lines() {
                    let Ok(line) = line else { break };
                    let Some(write) = line.strip_prefix("committed ") else {
                        continue;
                    };
                    let (id, seq) = write.split_once(' ').expect("committed <id> <seq>");
                    let seq = seq.parse().expect("a seq");
                    committed.lock().unwrap().push((id.to_string(), seq));
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

    fn committed_so_far(&self) -> Committed {
        self.committed.lock().unwrap().clone()
    }

    /// SIGKILL, then every write it reported (all lines it flushed were
    /// written after their commit).
    fn kill(mut self) -> Committed {
        self.child.kill().unwrap();
        let status = self.child.wait().unwrap();
        // Killed, not stopped by itself (a write it found no way to make).
        assert!(status.code().is_none(), "the writer stopped: {status}");
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

/// The seq of every event of the campaign `id`, read from the app's export
/// of it from the library `opened` as the app opens it.
fn exported_seqs(opened: &App, id: &str) -> Vec<u32> {
    let export = tempfile::tempdir().unwrap();
    let file = export.path().join("log.bagless.json");
    opened.export_campaign_to(id, &file).unwrap();
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

/// The seq of every event of the game `id`, read from the library's events
/// (a memory in play has no export file of its own, and reading the table
/// is much quicker than an export for the 200 checks).
fn stored_seqs(library: &Path, id: &str) -> Vec<u32> {
    let flags = rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY;
    let db = rusqlite::Connection::open_with_flags(library, flags).unwrap();
    let mut query = db
        .prepare("SELECT seq FROM events WHERE campaign_id = ?1 ORDER BY seq")
        .unwrap();
    let seqs = query
        .query_map([id], |row| row.get::<_, u32>(0))
        .unwrap()
        .collect::<Result<Vec<u32>, _>>()
        .unwrap();
    seqs
}

fn assert_sound(library: &Path, games: &[(&str, String)], reported: &Committed, context: &str) {
    let check = run(library, &["check"]);
    assert_eq!(
        code(&check),
        0,
        "{context}: check failed:\n{}{}",
        stdout(&check),
        stderr(&check)
    );
    // Opened as the app opens it (which finishes what the -wal holds).
    let opened = App::open_file(library, bagless_app::now);
    if let Some(error) = opened.library_error() {
        panic!("{context}: the library does not open: {}", error.message);
    }
    for (kind, id) in games {
        let logged = match *kind {
            "bov" => exported_seqs(&opened, id),
            _ => stored_seqs(library, id),
        };
        let reported = reported.iter().filter(|(of, _)| of == id).map(|w| w.1);
        for seq in reported {
            assert!(
                logged.binary_search(&seq).is_ok(),
                "{context}: seq {seq} of the {kind} game was reported committed \
                 but is not in its log (last logged {:?})",
                logged.last()
            );
        }
    }
}

/// Asserts the writes reported reached every game, and says how many.
fn writes_per_game(games: &[(&str, String)], reported: &Committed, seed: u64) -> String {
    games
        .iter()
        .map(|(kind, id)| {
            let writes = reported.iter().filter(|(of, _)| of == id).count();
            assert!(
                writes > 0,
                "seed {seed}: no write to the {kind} game was reported"
            );
            format!("{kind} {writes}")
        })
        .collect::<Vec<_>>()
        .join(", ")
}

#[test]
fn killing_the_writer_at_random_moments_loses_no_committed_write() {
    const KILLS: u32 = 200;
    let seed = seed();
    let mut rng = StdRng::seed_from_u64(seed);
    let dir = tempfile::tempdir().unwrap();
    let every = every_kind_library(dir.path());
    let (library, games) = (&every.library, games(&every));
    let started = Instant::now();
    let mut reported_total = Committed::new();
    let mut kills_after_a_commit = 0u32;
    for kill in 1..=KILLS {
        let writer = Writer::start(library, &games);
        // One kill in five lands while the writer opens the library; the
        // others while it writes, however slow the machine is to start it.
        if rng.random_range(0..5) > 0 {
            writer.wait_for_a_commit();
        }
        std::thread::sleep(Duration::from_millis(rng.random_range(0..20)));
        let reported = writer.kill();
        kills_after_a_commit += u32::from(!reported.is_empty());
        assert_sound(
            library,
            &games,
            &reported,
            &format!("seed {seed}, kill {kill}"),
        );
        reported_total.extend(reported);
    }
    println!(
        "crash test: {KILLS} kills ({kills_after_a_commit} after at least one commit), \
         {} committed writes checked ({}), {:.1} s, seed {seed}",
        reported_total.len(),
        writes_per_game(&games, &reported_total, seed),
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
    let every = every_kind_library(dir.path());
    let (library, games) = (&every.library, games(&every));
    let writer = Writer::start(library, &games);
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
        copy_library_files(library, at.path());
        writer.signal("CONT");
        assert_sound(
            &at.path().join("bagless.sqlite"),
            &games,
            &committed_before,
            &format!("seed {seed}, copy {copy}"),
        );
    }
    let written = writer.kill();
    println!(
        "power-cut test: {COPIES} copies while {} writes were committed ({}), {:.1} s, seed {seed}",
        written.len(),
        writes_per_game(&games, &written, seed),
        started.elapsed().as_secs_f64()
    );
}

/// Issue "A campaign's whole life" 4: bringing a campaign up to date from
/// another home's file is one write. `bagless import` of the 5,000-event
/// campaign into a library holding its first 1,000 events, killed at
/// random moments (SIGKILL), leaves the library as it was or wholly up to
/// date: never half-appended, and always sound.
#[test]
fn an_import_bringing_a_campaign_up_to_date_killed_at_random_moments_is_all_or_nothing() {
    const KILLS: u32 = 12;
    let seed = seed();
    let mut rng = StdRng::seed_from_u64(seed ^ 0x1A);
    let dir = tempfile::tempdir().unwrap();
    // The whole campaign, exported from its fixture.
    let fixture = dir.path().join("fixture");
    std::fs::create_dir_all(&fixture).unwrap();
    std::fs::copy(
        common::fixture("library-5000-events.sqlite"),
        fixture.join("bagless.sqlite"),
    )
    .unwrap();
    let whole = dir.path().join("whole.bagless.json");
    let source = App::open_file(&fixture.join("bagless.sqlite"), bagless_app::now);
    let id = source.list_campaigns().unwrap().campaigns[0].id.clone();
    source.export_campaign_to(&id, &whole).unwrap();
    drop(source);
    // Its first 1,000 events (cut after an entry's last event), as another
    // home last took it.
    let mut file: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&whole).unwrap()).unwrap();
    let events = file["events"].as_array_mut().unwrap();
    let total = events.len() as u32;
    let mut cut = 1000;
    while events[cut]["event"]["kind"] != "campaign_renamed" {
        cut += 1;
    }
    events.truncate(cut);
    let older = dir.path().join("older.bagless.json");
    std::fs::write(&older, file.to_string()).unwrap();

    for kill in 0..KILLS {
        let home = dir.path().join(format!("home-{kill}"));
        std::fs::create_dir_all(&home).unwrap();
        let library = home.join("bagless.sqlite");
        assert_code(&run(&library, &["import", older.to_str().unwrap()]), 0);
        let mut child = bagless()
            .arg("--library")
            .arg(&library)
            .arg("import")
            .arg(&whole)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(rng.random_range(0..1500)));
        let _ = child.kill();
        let _ = child.wait();
        let context = format!("seed {seed}, kill {kill}");
        let check = run(&library, &["check"]);
        assert_eq!(code(&check), 0, "{context}: {}", stdout(&check));
        let seqs = stored_seqs(&library, &id);
        assert!(
            seqs.len() == cut || seqs.len() as u32 == total,
            "{context}: {} of {total} events, half-appended",
            seqs.len()
        );
    }
}
