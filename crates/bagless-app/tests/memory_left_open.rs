//! A memory played in Bagless whose game cannot be put in the bin once its
//! attempt is in the diary: the diary entry stays written, and the answer
//! says the game was left open (the diary shows it as a notice), instead
//! of the failure being swallowed.

use crate::support::door::{Door, Parts};
use bagless_app::games::{bov::Bov, memory::Memory};
use bagless_app::PlayerCommand;
use bagless_app::{App, AppDirs, NewCampaign};
use bagless_bov::campaign::{AttemptInput, Difficulty, Outcome, XpGained};
use chrono::{NaiveDate, TimeZone, Utc};
use std::path::Path;

use crate::support;
use support::games::memory_setup;

fn clock() -> bagless_app::DateTime {
    Utc.with_ymd_and_hms(2026, 11, 25, 22, 0, 0).unwrap()
}

fn open_app(dir: &Path) -> App {
    App::open(
        AppDirs {
            data_dir: dir.to_path_buf(),
        },
        clock,
    )
}

/// A campaign of the core box with its next memory in play: the
/// campaign's id, the memory, and its game's id.
fn a_memory_in_play(app: &App) -> (String, String, String) {
    let campaign = app
        .create_campaign(NewCampaign {
            name: "Venice".into(),
            pack_id: "core".into(),
            assassins: vec!["daria".into()],
        })
        .unwrap()
        .id;
    let next = app
        .open::<Bov>(&campaign)
        .diary()
        .unwrap()
        .next
        .unwrap()
        .memory;
    let game = app
        .memory_start(&campaign, memory_setup(&campaign, &next, &["daria"]))
        .unwrap()
        .id;
    (campaign, next, game)
}

fn failed(memory: &str) -> AttemptInput {
    AttemptInput {
        memory: memory.into(),
        outcome: Outcome::Failure,
        difficulty: Difficulty::Normal,
        xp: XpGained::default(),
        sync_met: false,
        stickers: vec![],
        played_on: NaiveDate::from_ymd_opt(2026, 11, 25).unwrap(),
        notes: String::new(),
        eliminated: vec![],
    }
}

/// The attempts the diary holds at `memory`.
fn attempts(diary: &bagless_bov::diary::DiaryView, memory: &str) -> usize {
    diary
        .sequences
        .iter()
        .flat_map(|s| &s.memories)
        .find(|m| m.id == memory)
        .map_or(0, |m| m.attempts.len())
}

#[test]
fn a_memory_s_game_that_cannot_be_binned_is_said_and_the_diary_entry_stays() {
    let dir = tempfile::tempdir().unwrap();
    let app = open_app(dir.path());
    let (campaign, memory, game) = a_memory_in_play(&app);

    // Under the app's feet, the library refuses to put that game in the
    // bin (as a file that cannot be written to at that moment would).
    let conn = rusqlite::Connection::open(dir.path().join("bagless.sqlite")).unwrap();
    conn.execute_batch(&format!(
        "CREATE TRIGGER keep_it_open BEFORE UPDATE OF deleted_at ON campaigns
         WHEN NEW.id = '{game}' AND NEW.deleted_at IS NOT NULL
         BEGIN SELECT RAISE(ABORT, 'the library said no'); END;"
    ))
    .unwrap();
    drop(conn);

    let answer = app
        .act::<Bov>(&campaign, PlayerCommand::RecordAttempt(failed(&memory)))
        .diary()
        .unwrap();
    assert_eq!(
        answer.memory_left_open.as_deref(),
        Some(memory.as_str()),
        "the answer says the memory's game was left open"
    );
    assert_eq!(
        answer.memory_in_play, None,
        "the answer offers no resume of the game of the attempt recorded"
    );
    assert_eq!(attempts(&answer, &memory), 1, "the diary entry is written");

    // Written for good, and the game indeed still open.
    let diary = app.open::<Bov>(&campaign).diary().unwrap();
    assert_eq!(attempts(&diary, &memory), 1);
    assert_eq!(diary.memory_left_open, None, "said on that answer only");
    assert!(!app.open::<Memory>(&game).unwrap().in_bin);
}

#[test]
fn a_memory_s_game_binned_leaves_nothing_to_say() {
    let dir = tempfile::tempdir().unwrap();
    let app = open_app(dir.path());
    let (campaign, memory, game) = a_memory_in_play(&app);
    let answer = app
        .act::<Bov>(&campaign, PlayerCommand::RecordAttempt(failed(&memory)))
        .diary()
        .unwrap();
    assert_eq!(answer.memory_left_open, None);
    assert!(app.open::<Memory>(&game).unwrap().in_bin);
    // Nothing to say is not written in the answer at all.
    let json = serde_json::to_value(&answer).unwrap();
    assert!(json.get("memory_left_open").is_none(), "{json}");
}
