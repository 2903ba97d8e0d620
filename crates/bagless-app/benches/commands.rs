//! The use-cases players wait on, through `bagless-app` (the door the window
//! and the CLI share), on the 5,000-event campaign of
//! tests/fixtures/library-5000-events.sqlite, on a real SQLite file. Each
//! call is timed as the window waits for it: the command set's call that
//! `src-tauri/src/commands.rs` forwards to, and the JSON Tauri writes of its
//! answer (nothing read back in Rust; the tests' typed door,
//! tests/support/door.rs, only sets the campaign up):
//!
//! - `open_diary`, `open_board`, `history`: opening a screen;
//!   `open_destinations`: where a card picked up may go (issue 55).
//! - `record_attempt`: an attempt decided, written and answered with the
//!   diary (timed), then undone (not timed); `bare_commit` beside it is a
//!   bare SQLite insert-and-commit on the same disk, for the ratio.
//! - `undo_redo`: an undo then its redo, each answered with the diary
//!   (each sample on a fresh copy of the library).
//!
//! - `bring_up_to_date`: the 5,000-event campaign's export imported into a
//!   library holding its first 1,000 events (another home): every entry
//!   decided again, the 4,000 new ones appended, a backup first (each
//!   sample on a fresh copy of that library). Target: under 1 s.
//!
//! - `story`: the campaign told back (issue 57), `game_open` with the part
//!   `story`: its whole log read once by the rules crate, written as the
//!   window receives it. Target: under 100 ms computed and drawn; the
//!   figure is printed (median of 50).
//!
//! With `BAGLESS_COUNT=<call>:<n>` the bench times nothing: it makes one
//! call `n` times for callgrind to count its instructions (see [`count`]),
//! a figure the machine's load does not move.
//!
//! The IPC figures (the same calls from the window) come from
//! tests/e2e/ipc-speed.spec.mjs.

#[path = "../tests/support/door.rs"]
mod door;
use bagless_app::games::bov::Bov;
use bagless_app::{
    App, AppDirs, AppError, AttemptInput, GameAnswer, GameCommand, GamePart, PlayerCommand,
};
use bagless_bov::campaign::{Difficulty, Outcome, XpGained};
use bagless_bov::hq::{AllyKind, MiniatureKind, Spot};
use chrono::{NaiveDate, TimeZone, Utc};
use criterion::{criterion_group, Criterion};
use door::{Door, Parts, BOARD, HQ};
use serde::Serialize;
use std::path::Path;
use std::time::{Duration, Instant};

fn clock() -> chrono::DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 23, 21, 0, 0).unwrap()
}

/// The fixture in a folder of its own, gone back before its last memory
/// (4.5) with its HQ set up, as the IPC speed spec does: recording an
/// attempt is then a real write.
fn app(dir: &Path) -> (App, String, String) {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/library-5000-events.sqlite");
    std::fs::copy(fixture, dir.join("bagless.sqlite")).unwrap();
    let app = App::open(
        AppDirs {
            data_dir: dir.to_path_buf(),
        },
        clock,
    );
    let id = app.list_campaigns().unwrap().campaigns[0].id.clone();
    app.jump_back_history(&id, 101).unwrap();
    let act = |command| app.act_at::<Bov>(&id, command, HQ).hq().unwrap();
    let hq = act(PlayerCommand::UnlockHq {
        ally: AllyKind::Mercenaries,
    });
    let mut helpers = vec![];
    for m in &hq.miniatures {
        match m.kind {
            MiniatureKind::Assassin | MiniatureKind::Ezio => {
                act(assign(&m.id, Spot::Memory));
            }
            _ => helpers.push((m.kind, m.id.clone())),
        }
    }
    let ally = helpers
        .iter()
        .position(|(k, _)| *k == MiniatureKind::Ally)
        .unwrap();
    act(assign(&helpers.remove(ally).1, Spot::Memory));
    let spots = [Spot::HospitalWhite, Spot::Workshop, Spot::Shop];
    for (i, (_, m)) in helpers.iter().enumerate() {
        act(assign(m, *spots.get(i).unwrap_or(&Spot::CommandRoom)));
    }
    act(PlayerCommand::SetHqValue {
        key: "contract.1.level".into(),
        value: 1,
    });
    act(PlayerCommand::ConfirmAssignment);
    let memory = app.open::<Bov>(&id).diary().unwrap().next.unwrap().memory;
    (app, id, memory)
}

fn assign(miniature: &str, spot: Spot) -> PlayerCommand {
    PlayerCommand::AssignMiniature {
        miniature: miniature.into(),
        spot: Some(spot),
    }
}

fn attempt(memory: &str) -> AttemptInput {
    AttemptInput {
        memory: memory.into(),
        outcome: Outcome::Success,
        difficulty: Difficulty::Normal,
        xp: XpGained {
            mandatory: 1,
            optional: 0,
            boss: 0,
            other: 0,
        },
        sync_met: false,
        stickers: vec![],
        played_on: NaiveDate::from_ymd_opt(2026, 11, 23).unwrap(),
        notes: String::new(),
        eliminated: vec![],
    }
}

/// What the window receives for a game's answer: the JSON the command set
/// wrote once, which the shell hands over as the answer's body (src-tauri's
/// `written`). Nothing reads it back in Rust: the window reads it in
/// JavaScript.
fn sent(answer: Result<GameAnswer, AppError>) -> String {
    answer.unwrap().into_json()
}

/// What the window receives for a typed answer (the history): the JSON
/// Tauri writes of it.
fn sent_typed<T: Serialize>(answer: Result<T, AppError>) -> String {
    serde_json::to_string(&answer.unwrap()).unwrap()
}

/// The part of a campaign's screen, as the window names it.
fn part(part: &str) -> Option<GamePart> {
    Some(serde_json::json!({ "part": part }))
}

/// The window's calls on the campaign, each as `src-tauri/src/commands.rs`
/// forwards it (`game_open`, `game_history`, `game_act`, `game_undo`,
/// `game_redo`), answered with the JSON the window gets.
struct Window<'a> {
    app: &'a App,
    id: &'a str,
    memory: &'a str,
}

/// A card picked up on the boards (the first an assassin or the storage
/// holds), read through the tests' typed door: setup, not timed.
fn held(app: &App, id: &str) -> String {
    let board = app.open_at::<Bov>(id, BOARD).board().unwrap();
    board
        .assassins
        .iter()
        .flat_map(|a| a.inventory.iter().flatten().chain(a.bag.iter()))
        .chain(board.storage.cards.iter())
        .next()
        .map_or_else(|| "flying-machine".to_string(), |card| card.id.clone())
}

impl Window<'_> {
    fn open_diary(&self) -> String {
        sent(self.app.open_game(self.id, part("diary")))
    }
    fn open_board(&self) -> String {
        sent(self.app.open_game(self.id, part("board")))
    }
    /// Where `card`, picked up on the boards, may go (issue 55), asked
    /// apart from `open_board`.
    fn open_destinations(&self, card: &str) -> String {
        let part = serde_json::json!({ "part": "destinations", "card": card });
        sent(self.app.open_game(self.id, Some(part)))
    }
    fn history(&self) -> String {
        sent_typed(self.app.game_history_of(self.id, None))
    }
    /// The attempt as the window sends it (what Tauri reads from the
    /// call's arguments, before the command runs: not timed).
    fn attempt(&self) -> GameCommand {
        door::command_for::<Bov>(PlayerCommand::RecordAttempt(attempt(self.memory)))
    }
    fn record_attempt(&self, command: GameCommand) -> String {
        sent(self.app.act_in_game(self.id, command, part("diary")))
    }
    fn undo(&self) -> String {
        sent(self.app.undo_in_game(self.id, part("diary")))
    }
    fn redo(&self) -> String {
        sent(self.app.redo_in_game(self.id, part("diary")))
    }
}

fn commands(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let (app, id, memory) = app(dir.path());
    let window = Window {
        app: &app,
        id: &id,
        memory: &memory,
    };
    let mut group = c.benchmark_group("app_5000_events");
    group.bench_function("open_diary", |b| b.iter(|| window.open_diary()));
    group.bench_function("open_board", |b| b.iter(|| window.open_board()));
    let card = held(&app, &id);
    group.bench_function("open_destinations", |b| {
        b.iter(|| window.open_destinations(&card))
    });
    group.bench_function("history", |b| b.iter(|| window.history()));
    let story = || sent(app.open_game(&id, part("story")));
    group.bench_function("story", |b| b.iter(story));
    group.bench_function("record_attempt", |b| {
        b.iter_custom(|iters| {
            let mut timed = Duration::ZERO;
            for _ in 0..iters {
                let command = window.attempt();
                let start = Instant::now();
                std::hint::black_box(window.record_attempt(command));
                timed += start.elapsed();
                window.undo();
            }
            timed
        })
    });
    // Each sample on a fresh copy of the library (not timed): every undo
    // and redo adds an entry to the log, and a log grown by the bench's
    // own thousands of markers would time the bench, not the players' undo.
    group.bench_function("undo_redo", |b| {
        b.iter_custom(|iters| {
            let dir = tempfile::tempdir().unwrap();
            let (app, id, memory) = self::app(dir.path());
            let window = Window {
                app: &app,
                id: &id,
                memory: &memory,
            };
            let start = Instant::now();
            for _ in 0..iters {
                std::hint::black_box(window.undo());
                std::hint::black_box(window.redo());
            }
            start.elapsed()
        })
    });
    group.finish();
    let mut times: Vec<Duration> = (0..50)
        .map(|_| {
            let start = Instant::now();
            std::hint::black_box(story());
            start.elapsed()
        })
        .collect();
    times.sort();
    println!(
        "story of the 5,000-event campaign (game_open part story, as JSON): {:.2?} median of 50, {:.2?} slowest (target < 100 ms with the drawing)",
        times[25], times[49]
    );

    // A bare insert-and-commit on the same disk, with the library's settings.
    let conn = rusqlite::Connection::open(dir.path().join("bare.sqlite")).unwrap();
    conn.pragma_update(None, "journal_mode", "WAL").unwrap();
    conn.pragma_update(None, "synchronous", "FULL").unwrap();
    conn.execute_batch("CREATE TABLE t (id INTEGER PRIMARY KEY, payload TEXT)")
        .unwrap();
    c.bench_function("bare_commit", |b| {
        b.iter(|| {
            conn.execute("INSERT INTO t (payload) VALUES ('x')", [])
                .unwrap()
        })
    });
    ratio(&window, &conn);
}

/// The ratio of recording an attempt to a bare commit, the two timed in
/// turns (rounds of [`ROUND`] of each) so that both meet the disk in the
/// same state: a disk's flush time drifts by a fifth from one minute to
/// the next, more than the two differ. Each round's ratio is of medians
/// (a flush now and then takes ten times as long); the figure is the
/// median of the rounds'.
fn ratio(window: &Window, conn: &rusqlite::Connection) {
    const ROUNDS: usize = 15;
    const ROUND: usize = 200;
    let median = |mut times: Vec<Duration>| {
        times.sort();
        times[times.len() / 2]
    };
    let (mut ratios, mut records, mut bares) = (vec![], vec![], vec![]);
    for _ in 0..ROUNDS {
        let mut record = Vec::with_capacity(ROUND);
        for _ in 0..ROUND {
            let command = window.attempt();
            let start = Instant::now();
            std::hint::black_box(window.record_attempt(command));
            record.push(start.elapsed());
            window.undo();
        }
        let mut bare = Vec::with_capacity(ROUND);
        for _ in 0..ROUND {
            let start = Instant::now();
            conn.execute("INSERT INTO t (payload) VALUES ('x')", [])
                .unwrap();
            bare.push(start.elapsed());
        }
        let (record, bare) = (median(record), median(bare));
        ratios.push(record.as_secs_f64() / bare.as_secs_f64());
        records.push(record);
        bares.push(bare);
    }
    ratios.sort_by(f64::total_cmp);
    println!(
        "record_attempt / bare_commit, timed in turns: {:.2}x (median of {ROUNDS} rounds; \
         record {:.1?}, bare commit {:.1?}, medians)",
        ratios[ROUNDS / 2],
        median(records),
        median(bares),
    );
}

/// A library holding the first 1,000 events of the 5,000-event campaign
/// (as another home last took it), and the whole campaign's export.
fn two_homes(dir: &Path) -> (std::path::PathBuf, std::path::PathBuf) {
    let source = dir.join("source");
    std::fs::create_dir_all(&source).unwrap();
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/library-5000-events.sqlite");
    std::fs::copy(fixture, source.join("bagless.sqlite")).unwrap();
    let app = App::open(
        AppDirs {
            data_dir: source.clone(),
        },
        clock,
    );
    let id = app.list_campaigns().unwrap().campaigns[0].id.clone();
    let whole = dir.join("whole.bagless.json");
    app.export_campaign_to(&id, &whole).unwrap();
    drop(app);
    let mut file: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&whole).unwrap()).unwrap();
    let events = file["events"].as_array_mut().unwrap();
    let mut cut = 1000;
    while events[cut]["event"]["kind"] != "campaign_renamed" {
        cut += 1;
    }
    events.truncate(cut);
    let older = dir.join("older.bagless.json");
    std::fs::write(&older, file.to_string()).unwrap();
    let home = dir.join("home");
    std::fs::create_dir_all(&home).unwrap();
    let app = App::open(
        AppDirs {
            data_dir: home.clone(),
        },
        clock,
    );
    app.import_file(&older, None).unwrap();
    drop(app);
    (home.join("bagless.sqlite"), whole)
}

/// A copy of `library` in a folder of its own under `dir`, opened as the
/// window opens it (its games listed first).
fn home(dir: &Path, library: &Path, n: u64) -> (App, std::path::PathBuf) {
    let home = dir.join(format!("sample-{n}"));
    std::fs::create_dir_all(&home).unwrap();
    std::fs::copy(library, home.join("bagless.sqlite")).unwrap();
    let app = App::open(
        AppDirs {
            data_dir: home.clone(),
        },
        clock,
    );
    app.list_campaigns().unwrap();
    (app, home)
}

fn bring_up_to_date(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let (library, whole) = two_homes(dir.path());
    c.bench_function("bring_up_to_date", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for n in 0..iters {
                let (app, home) = self::home(dir.path(), &library, n);
                let start = Instant::now();
                let imported = app.import_file(&whole, None).unwrap();
                total += start.elapsed();
                assert_eq!(imported.how, bagless_app::ImportHow::BroughtUpToDate);
                drop(app);
                std::fs::remove_dir_all(&home).unwrap();
            }
            total
        })
    });
}

/// One call counted: callgrind counts the instructions under this
/// function only (`--toggle-collect='commands::counted*'`; `*counted*`
/// would also toggle on the BoV rules' `xp_counted`), the setup and the
/// untimed undos left out.
#[inline(never)]
fn counted(call: impl FnOnce() -> String) -> usize {
    std::hint::black_box(call()).len()
}

/// `BAGLESS_COUNT=<call>:<n>`: the call made `n` times on the same
/// library as the bench's, after one call not counted, for an instruction
/// count that does not depend on the machine's load:
///
/// ```text
/// BAGLESS_COUNT=open_diary:200 valgrind --tool=callgrind \
///     --toggle-collect='commands::counted*' target/release/deps/commands-<hash>
/// ```
///
/// (the instructions per call: callgrind's total over `n`). Calls:
/// `open_diary`, `open_board`, `open_destinations`, `history`,
/// `record_attempt`, `undo_redo` (an undo and its redo), `bring_up_to_date`.
fn count(asked: &str) {
    let (call, n) = asked.split_once(':').expect("<call>:<n>");
    let n: u64 = n.parse().expect("a number of calls");
    let dir = tempfile::tempdir().unwrap();
    if call == "bring_up_to_date" {
        let (library, whole) = two_homes(dir.path());
        for i in 0..=n {
            let (app, home) = home(dir.path(), &library, i);
            let import = || format!("{:?}", app.import_file(&whole, None).unwrap().how);
            // The first import not counted, as every other call's first.
            let how = if i == 0 {
                import()
            } else {
                counted(import).to_string()
            };
            drop(app);
            std::fs::remove_dir_all(&home).unwrap();
            std::hint::black_box(how);
        }
        return;
    }
    let (app, id, memory) = app(dir.path());
    let window = Window {
        app: &app,
        id: &id,
        memory: &memory,
    };
    let card = held(&app, &id);
    let once = |counting: bool| {
        let call: Box<dyn FnOnce() -> String + '_> = match call {
            "open_diary" => Box::new(|| window.open_diary()),
            "open_board" => Box::new(|| window.open_board()),
            "open_destinations" => Box::new(|| window.open_destinations(&card)),
            "history" => Box::new(|| window.history()),
            "record_attempt" => {
                let command = window.attempt();
                Box::new(|| window.record_attempt(command))
            }
            "undo_redo" => Box::new(|| window.undo()),
            _ => panic!("no call {call} to count"),
        };
        if counting {
            counted(call);
        } else {
            eprintln!("{asked}: the first answer, {} bytes of JSON", call().len());
        }
        match asked.split_once(':').unwrap().0 {
            "record_attempt" => drop(window.undo()),
            "undo_redo" if counting => {
                counted(|| window.redo());
            }
            "undo_redo" => drop(window.redo()),
            _ => {}
        }
    };
    once(false);
    for _ in 0..n {
        once(true);
    }
}

criterion_group! {
    name = up_to_date;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(std::time::Duration::from_secs(1))
        .measurement_time(std::time::Duration::from_secs(10));
    targets = bring_up_to_date
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(30)
        .warm_up_time(std::time::Duration::from_secs(1))
        .measurement_time(std::time::Duration::from_secs(4));
    targets = commands
}

fn main() {
    if let Ok(asked) = std::env::var("BAGLESS_COUNT") {
        return count(&asked);
    }
    benches();
    up_to_date();
    Criterion::default().configure_from_args().final_summary();
}
