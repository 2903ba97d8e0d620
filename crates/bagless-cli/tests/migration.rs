//! Libraries written by older Bagless versions open with this one: every
//! tests/fixtures/library-schema-<N>.sqlite is upgraded to the current
//! schema, keeps every campaign as it was, passes `bagless check`, and a
//! copy of it as it was lands in the backups folder first. A fixture added
//! for a new schema is covered without changing this file.

mod common;

use bagless_app::games::{nation::Nation, risk::Risk};
use bagless_app::rescue::SCHEMA_VERSION;
use bagless_app::{App, Packs};
use bagless_bov::campaign::{replay_log, Campaign, EventEnvelope};
use common::door::Door;
use common::*;
use rusqlite::{Connection, OpenFlags};
use std::path::{Path, PathBuf};

/// A campaign as the players see it in the list and the diary.
#[derive(Debug, PartialEq)]
struct Seen {
    id: String,
    name: String,
    pack_id: String,
    in_bin: bool,
    xp: u32,
    state: Campaign,
}

fn fixtures() -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(fixture(""))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            name.starts_with("library-schema-") && name.ends_with(".sqlite")
        })
        .collect();
    found.sort();
    found
}

fn user_version(path: &Path) -> u32 {
    let conn = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap();
    conn.pragma_query_value(None, "user_version", |r| r.get(0))
        .unwrap()
}

/// Reads an old library with plain SQL on the tables every schema keeps
/// (the campaign list and the append-only event log), without this build's
/// store, so the expectation does not depend on the code under test.
fn seen_in_old_file(path: &Path) -> Vec<Seen> {
    let packs = Packs::builtin();
    let conn = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap();
    // From schema 5 a library holds other games too: the campaigns are
    // Brotherhood of Venice's rows.
    let has_games: bool = conn
        .query_row(
            "SELECT count(*) > 0 FROM pragma_table_info('campaigns') WHERE name = 'game'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    let only_bov = if has_games { "WHERE game = 'bov'" } else { "" };
    let mut campaigns = conn
        .prepare(&format!(
            "SELECT id, name, pack_id, deleted_at IS NOT NULL FROM campaigns {only_bov} ORDER BY created_at, id"
        ))
        .unwrap();
    let rows: Vec<(String, String, String, bool)> = campaigns
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    rows.into_iter()
        .map(|(id, name, pack_id, in_bin)| {
            let mut events = conn
                .prepare("SELECT seq, recorded_at, payload FROM events WHERE campaign_id = ?1 ORDER BY seq")
                .unwrap();
            let log: Vec<EventEnvelope> = events
                .query_map([&id], |r| {
                    Ok((r.get::<_, u32>(0)?, r.get::<_, String>(1)?, r.get::<_, String>(2)?))
                })
                .unwrap()
                .map(|row| {
                    let (seq, at, payload) = row.unwrap();
                    EventEnvelope {
                        seq,
                        recorded_at: chrono::DateTime::parse_from_rfc3339(&at).unwrap().into(),
                        event: serde_json::from_str(&payload).unwrap(),
                        by: None,
                    }
                })
                .collect();
            let state = replay_log(&log);
            Seen {
                xp: state.xp(packs.get(&pack_id).unwrap()),
                id,
                name,
                pack_id,
                in_bin,
                state,
            }
        })
        .collect()
}

fn seen_in_library(app: &App) -> Vec<Seen> {
    let packs = Packs::builtin();
    app.stored_campaigns()
        .unwrap()
        .into_iter()
        .map(|campaign| Seen {
            xp: campaign.state.xp(packs.get(&campaign.pack_id).unwrap()),
            id: campaign.id,
            name: campaign.name,
            pack_id: campaign.pack_id,
            in_bin: campaign.in_bin,
            state: campaign.state,
        })
        .collect()
}

/// The library at `path`, opened by the current code as the `bagless`
/// command opens it.
fn open_library(path: &Path) -> Result<App, String> {
    let app = App::open_file(path, bagless_app::now);
    match app.library_error() {
        Some(error) => Err(error.message),
        None => Ok(app),
    }
}

#[test]
fn the_schema_version_is_the_last_migration_file() {
    let last = std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../migrations"))
        .unwrap()
        .filter_map(|e| {
            let name = e.unwrap().file_name().into_string().unwrap();
            name.split('_').next()?.parse::<u32>().ok()
        })
        .max()
        .unwrap();
    assert_eq!(SCHEMA_VERSION, last, "every file in migrations/ is applied");
}

#[test]
fn every_older_library_fixture_opens_upgraded_with_its_campaigns_unchanged() {
    let fixtures = fixtures();
    assert!(
        !fixtures.is_empty(),
        "no library-schema-*.sqlite fixture found"
    );
    for fixture in fixtures {
        let label = fixture.file_name().unwrap().to_string_lossy().into_owned();
        let dir = tempfile::tempdir().unwrap();
        let library = dir.path().join("bagless.sqlite");
        std::fs::copy(&fixture, &library).unwrap();
        let old_version = user_version(&library);
        assert!(
            old_version <= SCHEMA_VERSION,
            "{label}: written by a newer build?"
        );
        let expected = seen_in_old_file(&library);

        // Opened by the current code, as the `bagless` command does.
        let output = run(&library, &["check"]);
        assert_code(&output, 0);
        assert_eq!(user_version(&library), SCHEMA_VERSION, "{label}: upgraded");
        let opened = open_library(&library).unwrap_or_else(|e| panic!("{label}: {e}"));
        assert_eq!(
            seen_in_library(&opened),
            expected,
            "{label}: campaigns kept"
        );

        if old_version < SCHEMA_VERSION {
            let prefix = format!("bagless-before-v{SCHEMA_VERSION}-");
            let backup = std::fs::read_dir(dir.path().join("backups"))
                .unwrap()
                .map(|e| e.unwrap().path())
                .find(|p| {
                    p.file_name()
                        .unwrap()
                        .to_string_lossy()
                        .starts_with(&prefix)
                })
                .unwrap_or_else(|| panic!("{label}: no {prefix}* backup"));
            assert_eq!(user_version(&backup), old_version, "{label}: taken before");
            assert_eq!(seen_in_old_file(&backup), expected, "{label}: a whole copy");
        } else {
            println!("{label}: already the current schema ({SCHEMA_VERSION}); nothing to migrate");
        }
    }
}

/// What the schema 1 fixture was made with, so a fixture reading nothing
/// (an empty file, a wrong query) cannot pass the loop above.
#[test]
fn the_schema_1_fixture_holds_the_three_campaigns_it_was_made_with() {
    let seen = opened_fixture("library-schema-1.sqlite");
    assert_eq!(
        summary(&seen),
        [
            ("Binned one", "core", true),
            ("Roma weekend", "roma", false),
            ("Venice, Tuesday group", "core", false),
        ]
    );
    let (venice, roma) = (&seen[2], &seen[1]);
    let venice_memories: Vec<&str> = venice
        .state
        .attempts
        .iter()
        .map(|a| a.memory.as_str())
        .collect();
    assert!(venice_memories.contains(&"0.1") && venice_memories.contains(&"0.2"));
    assert!(venice.xp > 0 && roma.xp > 0, "XP was earned");
}

/// One fixture per schema version, the current one included, so that the
/// next migration is tested against a library this build really wrote
/// (`make fixture` writes the current one).
#[test]
fn every_schema_version_has_its_fixture() {
    let have: Vec<String> = fixtures()
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    for version in 1..=SCHEMA_VERSION {
        let name = format!("library-schema-{version}.sqlite");
        assert!(
            have.contains(&name),
            "{name} is missing: run `make fixture` when its schema is current"
        );
    }
}

/// Each campaign's name, box and whether it is in the bin.
fn summary(seen: &[Seen]) -> Vec<(&str, &str, bool)> {
    seen.iter()
        .map(|c| (c.name.as_str(), c.pack_id.as_str(), c.in_bin))
        .collect()
}

/// Opens a fixture as the current build does, after copying it aside.
fn opened_fixture(name: &str) -> Vec<Seen> {
    let dir = tempfile::tempdir().unwrap();
    let library = dir.path().join("bagless.sqlite");
    std::fs::copy(fixture(name), &library).unwrap();
    assert_code(&run(&library, &["check"]), 0);
    let opened = open_library(&library).unwrap();
    let mut seen = seen_in_library(&opened);
    // Made in the same second: the name orders them.
    seen.sort_by(|a, b| a.name.cmp(&b.name));
    seen
}

/// Schemas 2 and 3 were written by crates/bagless-app/tests/library_fixture.rs
/// as it was then: the boards (skills, cards, health) from schema 2 on, the
/// HQ from schema 3.
#[test]
fn the_schema_2_and_3_fixtures_keep_their_boards_and_hq() {
    for name in ["library-schema-2.sqlite", "library-schema-3.sqlite"] {
        let seen = opened_fixture(name);
        assert_eq!(
            summary(&seen),
            [
                ("Carnival nights", "core", false),
                ("Quattro serate à Venise", "core", false),
                ("Roma", "roma", true),
            ],
            "{name}"
        );
        let carnival = &seen[0].state;
        assert_eq!(carnival.level(), 1, "{name}: level I reached");
        assert_eq!(carnival.roster["daria"].health, 2, "{name}: Dariâ's health");
        assert!(
            matches!(
                carnival.roster["alessandra"].skills.get(&1),
                Some(bagless_bov::board::SkillChoice::Chosen { .. })
            ),
            "{name}: Alessandra's skill"
        );
        let places: Vec<String> = carnival
            .ledger
            .cards
            .values()
            .filter(|c| c.card.name == "Smoke Bomb" || c.card.name.starts_with("Chest"))
            .map(|c| format!("{}: {:?}", c.card.name, c.place))
            .collect();
        assert_eq!(
            places.len(),
            3,
            "{name}: the added cards are kept: {places:?}"
        );
        assert_eq!(
            carnival.ledger.chest_deck.len(),
            1,
            "{name}: one chest card left in the deck"
        );
        assert_eq!(
            carnival.hq_stickers.len(),
            1,
            "{name}: the second sticker was undone"
        );
    }
    let quattro = &opened_fixture("library-schema-3.sqlite")[1].state;
    let hq = quattro.hq.as_ref().expect("schema 3: the HQ is unlocked");
    assert_eq!(hq.ally, bagless_bov::hq::AllyKind::Courtesans);
    assert_eq!(
        (quattro.hq_level, hq.contract),
        (2, 2),
        "contract 1 fulfilled: HQ level II"
    );
}

/// Schema 4 adds overrides: the XP typed over the track comes through.
#[test]
fn the_schema_4_fixture_keeps_its_xp_override() {
    let seen = opened_fixture("library-schema-4.sqlite");
    let carnival = seen.iter().find(|c| c.name == "Carnival nights").unwrap();
    assert_eq!(carnival.xp, 33, "30 XP from the memories, typed over as 33");
    assert_eq!(carnival.state.xp_correction, 3);
}

/// Schema 5 holds games of several boxes: the fixture's RISK Assassin's
/// Creed and Assassin Nation games open, pass the check (their saved state
/// is what their logs replay to) and are listed beside the campaigns.
#[test]
fn the_schema_5_fixture_keeps_one_game_of_each_box() {
    let dir = tempfile::tempdir().unwrap();
    let library = dir.path().join("bagless.sqlite");
    std::fs::copy(fixture("library-schema-5.sqlite"), &library).unwrap();
    assert_code(&run(&library, &["check"]), 0);
    // The rescue command lists the games beside the campaigns.
    let listed = run(&library, &["list"]);
    assert_code(&listed, 0);
    let text = String::from_utf8_lossy(&listed.stdout);
    assert!(
        text.contains("Midnight map - RISK Assassin's Creed"),
        "{text}"
    );
    assert!(text.contains("Friday killers - Assassin Nation"), "{text}");
    let app = open_library(&library).unwrap();
    let listed = app.list_campaigns().unwrap();
    let mut games: Vec<(String, String)> = listed
        .campaigns
        .iter()
        .map(|c| (c.game.clone(), c.name.clone()))
        .collect();
    games.sort();
    assert_eq!(
        games,
        [
            ("bov", "Carnival nights"),
            ("bov", "Quattro serate à Venise"),
            ("nation", "Friday killers"),
            ("risk", "Midnight map"),
        ]
        .map(|(g, n)| (g.to_string(), n.to_string()))
    );
    let risk = listed.campaigns.iter().find(|c| c.game == "risk").unwrap();
    let map = app.open::<Risk>(&risk.id).unwrap();
    assert!(map
        .view
        .territories
        .iter()
        .all(|t| t.owner.is_some() && t.assassins >= 1));
    let nation = listed
        .campaigns
        .iter()
        .find(|c| c.game == "nation")
        .unwrap();
    assert_eq!(app.open::<Nation>(&nation.id).unwrap().view.round, 1);
}

/// Issue "A campaign's whole life" 1: `bagless check`, which decides every
/// history again, finds every committed library sound (exit 0), the
/// campaigns recorded before the HQ's first assignment was required and
/// before the boards' events were recorded included; the library from a
/// newer Bagless stays refused, untouched.
#[test]
fn bagless_check_finds_every_committed_library_sound() {
    let mut checked = 0;
    for entry in std::fs::read_dir(fixture("")).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if !(name.starts_with("library-") && name.ends_with(".sqlite")) {
            continue;
        }
        let dir = tempfile::tempdir().unwrap();
        let library = dir.path().join("bagless.sqlite");
        std::fs::copy(&path, &library).unwrap();
        let output = run(&library, &["check"]);
        if name.contains("newer") {
            assert_code(&output, 3);
            assert_eq!(
                std::fs::read(&library).unwrap(),
                std::fs::read(&path).unwrap()
            );
            continue;
        }
        assert_eq!(
            code(&output),
            0,
            "{name}: {}{}",
            stdout(&output),
            stderr(&output)
        );
        assert!(
            stdout(&output).contains("All good"),
            "{name}: {}",
            stdout(&output)
        );
        checked += 1;
    }
    assert!(checked >= 11, "{checked} libraries checked");
}
