//! RISK Assassin's Creed told back through the app's door (issue 57), on
//! real library files: the committed 20,000-event export imported and its
//! story opened as the window opens it (`game_open {part: "story"}`), a
//! game played by the bot with its evening and year; the figures checked
//! against the map the same door shows, and against the log itself. The
//! story of the 20,000-event game is kept as a snapshot: a digest of the
//! whole, and its first and last turns.

use crate::support::door::Door;
use bagless_app::games::risk::Risk;
use bagless_app::{App, GameTold};
use bagless_risk::{Event, Story};
use chrono::{Duration, TimeZone, Utc};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::support::{app_in, risk_bot::long_game};

fn clock() -> bagless_app::DateTime {
    Utc.with_ymd_and_hms(2026, 12, 1, 20, 0, 0).unwrap()
}

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures")
}

/// The game's part `part`, as the window's `game_open` answers it.
fn told(app: &App, id: &str, part: Value) -> GameToldRead {
    let answer = app.open_game(id, Some(part)).unwrap();
    serde_json::from_str(answer.json()).unwrap()
}

/// [`GameTold`] read back from its JSON.
#[derive(serde::Deserialize)]
struct GameToldRead {
    game: String,
    since: Option<String>,
    told: Value,
}

fn story_of(app: &App, id: &str) -> Story {
    let answer = told(app, id, json!({ "part": "story" }));
    assert_eq!(answer.game, "risk");
    assert_eq!(answer.since, None);
    serde_json::from_value(answer.told).unwrap()
}

/// The story agrees with the map the same door shows, and with the log.
fn agrees(app: &App, id: &str, story: &Story, log: &[bagless_game::Envelope<Event>]) {
    let map = app.open::<Risk>(id).unwrap().view;
    let last = story.turns.last().unwrap();
    for (i, b) in story.brotherhoods.iter().enumerate() {
        let player = map.players.iter().find(|p| p.colour == b.colour).unwrap();
        assert_eq!(last.territories[i], player.territories, "{:?}", b.colour);
        assert_eq!(last.assassins[i], player.assassins, "{:?}", b.colour);
    }
    for point in &story.turns {
        assert_eq!(
            point.territories.iter().sum::<u32>(),
            map.territories.len() as u32
        );
    }
    let conquests: Vec<u32> = log
        .iter()
        .filter(|e| matches!(e.event, Event::TerritoryConquered { .. }))
        .map(|e| e.seq)
        .collect();
    let marked: Vec<u32> = story.conquests.iter().map(|c| c.seq).collect();
    assert_eq!(marked, conquests);
}

fn fixture_log() -> Vec<bagless_game::Envelope<Event>> {
    #[derive(serde::Deserialize)]
    struct Export {
        events: Vec<bagless_game::Envelope<Event>>,
    }
    let text = std::fs::read_to_string(fixtures().join("risk-20000-events.bagless.json")).unwrap();
    serde_json::from_str::<Export>(&text).unwrap().events
}

#[test]
fn the_20000_event_game_imported_tells_its_story_as_its_map_and_log_say() {
    let dir = tempfile::tempdir().unwrap();
    let app = app_in(dir.path(), clock);
    let imported = app
        .import_campaign_file(&fixtures().join("risk-20000-events.bagless.json"))
        .unwrap();
    let started = Instant::now();
    let story = story_of(&app, &imported.id);
    println!(
        "the 20,000-event story opened through the door in {:.0} ms",
        started.elapsed().as_secs_f64() * 1000.0
    );
    let log = fixture_log();
    agrees(&app, &imported.id, &story, &log);
    assert_eq!(story.turns.len(), 1354);

    // The evening since the epoch is the whole game; since after its last
    // entry, nothing.
    let whole = told(
        &app,
        &imported.id,
        json!({ "part": "evening", "since": "1970-01-01T00:00:00Z" }),
    );
    let whole: bagless_risk::Evening = serde_json::from_value(whole.told).unwrap();
    assert_eq!(whole.events, 20_000);
    assert_eq!(whole.turns, 1353);
    assert_eq!(whole.conquests as usize, story.conquests.len());
    let last = log.last().unwrap().recorded_at.max(clock()) + Duration::seconds(1);
    let none = app.evening_since(Some(&last.to_rfc3339())).unwrap();
    assert!(none.is_empty());
    let all = app.evening_since(Some("1970-01-01T00:00:00Z")).unwrap();
    assert_eq!(all.len(), 1);
    let all: bagless_risk::Evening = serde_json::from_value(all[0].told.clone()).unwrap();
    assert_eq!(all, whole);

    snapshot(&story);
}

#[test]
fn a_bot_game_tells_its_evening_and_its_year() {
    let dir = tempfile::tempdir().unwrap();
    let first = Utc.with_ymd_and_hms(2026, 11, 20, 20, 0, 0).unwrap();
    let second = Utc.with_ymd_and_hms(2026, 11, 27, 20, 0, 0).unwrap();
    let mut log = long_game(3_000, first);
    // The entries from the 1,500th played a week later.
    let split = log[1_500..]
        .iter()
        .position(|e| e.event.is_entry())
        .unwrap()
        + 1_500;
    for envelope in &mut log[split..] {
        envelope.recorded_at = second;
    }
    let mut library = bagless_store::Library::open(
        &dir.path().join("bagless.sqlite"),
        &dir.path().join("backups"),
        clock(),
    )
    .unwrap();
    library
        .insert_game_log::<bagless_app::games::risk::Risk>("bot", "The bot's game", &log)
        .unwrap();
    drop(library);
    let app = app_in(dir.path(), clock);
    let story = story_of(&app, "bot");
    agrees(&app, "bot", &story, &log);

    let evenings: Vec<GameTold> = app.evening_since(Some(&second.to_rfc3339())).unwrap();
    assert_eq!(evenings.len(), 1);
    assert_eq!(evenings[0].id, "bot");
    let evening: bagless_risk::Evening = serde_json::from_value(evenings[0].told.clone()).unwrap();
    assert_eq!(evening.events as usize, log.len() - split);
    let later = |e: &&bagless_game::Envelope<Event>| e.seq as usize > split;
    let conquests = log
        .iter()
        .filter(later)
        .filter(|e| matches!(e.event, Event::TerritoryConquered { .. }))
        .count();
    assert_eq!(evening.conquests as usize, conquests);
    let turns = log
        .iter()
        .filter(later)
        .filter(|e| matches!(e.event, Event::TurnStarted { .. }))
        .count();
    assert_eq!(evening.turns as usize, turns);
    assert!(turns > 0);
    // The territories before the evening are those the entries before it
    // left on the board.
    let board = bagless_risk::replay(&log[..split]);
    for b in &evening.brotherhoods {
        let colour = b.brotherhood.colour;
        assert_eq!(
            b.territories_before,
            board.territories_held(colour),
            "{colour:?}"
        );
    }
    let moved: u32 = evening
        .brotherhoods
        .iter()
        .map(|b| b.territories.abs_diff(b.territories_before))
        .sum();
    assert!(moved > 0, "the evening changed the board");

    let years = app.year().unwrap();
    let risk = years.iter().find(|y| y.game == "risk").unwrap();
    let year: bagless_risk::Year = serde_json::from_value(risk.told.clone()).unwrap();
    assert_eq!((year.games, year.finished), (1, 0));
    let last = story.turns.last().unwrap().turn;
    assert_eq!(year.turns, last);
    let names: Vec<(&str, u32, u32)> = year
        .players
        .iter()
        .map(|p| (p.name.as_str(), p.games, p.wins))
        .collect();
    assert_eq!(names, vec![("Ana", 1, 0), ("Bruno", 1, 0), ("Chloé", 1, 0)]);
    assert_eq!(year.played[0].name, "The bot's game");
}

/// The story of the 20,000-event game as `tests/fixtures/views/told/`
/// keeps it: a digest of the whole (blake3 of its JSON), its counts, and
/// its first and last turns (the whole would be 200 KB).
fn snapshot(story: &Story) {
    let whole = serde_json::to_string(story).unwrap();
    let n = story.turns.len();
    let kept = json!({
        "digest": blake3::hash(whole.as_bytes()).to_hex().to_string(),
        "brotherhoods": story.brotherhoods,
        "board": story.board,
        "events": story.events,
        "turns": n,
        "conquests": story.conquests.len(),
        "missions": story.missions,
        "eliminations": story.eliminations,
        "won": story.won,
        "first_turns": story.turns[..3],
        "last_turns": story.turns[n - 3..],
        "first_conquests": story.conquests[..3],
        "last_conquest": story.conquests.last(),
    });
    let path = fixtures().join("views/told/risk-20000-events.story.json");
    if std::env::var("BAGLESS_WRITE_SNAPSHOTS").is_ok_and(|v| v == "1") {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        let text = serde_json::to_string_pretty(&kept).unwrap() + "\n";
        std::fs::write(&path, text).unwrap();
        return;
    }
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("no snapshot at {} ({e})", path.display()));
    let expected: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        expected,
        kept,
        "the story is not what it was ({})",
        path.display()
    );
}
