//! The shape issue "One path for every game" asks for, kept by a test that
//! reads the sources: one obvious place for each thing.
//! - A game's kind is matched in one place, the registry
//!   (`src/games/registry.rs`); nothing else in the app names a kind.
//! - A game's rules crate is named in the app only by its door
//!   (`src/games/<kind>.rs`) and the registry; the rest of the app reaches
//!   it through them.
//! - No source file of the workspace's crates is over 800 lines.
//! - The store knows no game: it depends on no rules crate, and its sources
//!   name no game's crate, kind or table.
//! - The library's limits (a name's length, the range of dates) are the
//!   library's, `bagless_game::limits`, for every game: the app takes them
//!   from there, not from a game's rules crate.

use std::path::{Path, PathBuf};

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The sources outside the crates: TypeScript, Svelte, JavaScript modules,
/// shell scripts, Rust; not the generated TypeScript types.
fn others(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if path.is_dir() {
            if name != "types" && name != "node_modules" {
                others(&path, out);
            }
        } else if [".rs", ".ts", ".svelte", ".mjs", ".js", ".sh"]
            .iter()
            .any(|ext| name.ends_with(ext))
        {
            out.push(path);
        }
    }
}

/// No kind of game is written in the desktop shell: its commands are the
/// one command set, which finds a game's kind in the library.
#[test]
fn the_desktop_shell_names_no_game() {
    let shell = crate_dir().join("../../src-tauri/src");
    let mut found = Vec::new();
    for line in code_lines(&shell, true) {
        let names = kinds().iter().any(|kind| {
            line.code.contains(&format!("\"{kind}\""))
                || line.code.contains(&format!("bagless_{kind}"))
        });
        if names {
            found.push(line.at("src-tauri/src"));
        }
    }
    assert!(
        found.is_empty(),
        "the shell names a game:\n{}",
        found.join("\n")
    );
}

fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A line of code of a source under a folder.
struct CodeLine {
    /// The file, relative to the folder, with `/`.
    file: String,
    /// Its number, from 1.
    number: usize,
    line: String,
    /// The line without its comment.
    code: String,
}

impl CodeLine {
    fn at(&self, dir: &str) -> String {
        format!("{dir}/{}:{}: {}", self.file, self.number, self.line.trim())
    }
}

/// Every line of the sources under `dir`, those of their unit tests too
/// unless `unit_tests` is false (a unit test may name what the code must
/// never hold).
fn code_lines(dir: &Path, unit_tests: bool) -> Vec<CodeLine> {
    let mut files = Vec::new();
    sources(dir, &mut files);
    let mut lines = Vec::new();
    for file in &files {
        let relative = file
            .strip_prefix(dir)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let text = std::fs::read_to_string(file).unwrap();
        let text = if unit_tests {
            text.as_str()
        } else {
            text.split("#[cfg(test)]").next().unwrap_or("")
        };
        for (n, line) in text.lines().enumerate() {
            lines.push(CodeLine {
                file: relative.clone(),
                number: n + 1,
                line: line.to_string(),
                code: line.split("//").next().unwrap_or("").to_string(),
            });
        }
    }
    lines
}

/// Each game's door in `src/games/` (a file, or a folder's `mod.rs`) and the
/// kind it declares (`pub const KIND: &str = "…";`), read from the sources:
/// a game added with a door is checked here without being listed by hand.
fn doors() -> Vec<(String, String)> {
    let mut found = Vec::new();
    for line in code_lines(&crate_dir().join("src/games"), false) {
        let Some(rest) = line.code.trim().strip_prefix("pub const KIND: &str = \"") else {
            continue;
        };
        let kind = rest.split('"').next().unwrap().to_string();
        let door = line
            .file
            .trim_end_matches("/mod.rs")
            .trim_end_matches(".rs")
            .to_string();
        found.push((door, kind));
    }
    found.sort();
    found
}

/// The kinds the registry knows, as the library writes them (the test-only
/// game's included).
fn kinds() -> Vec<String> {
    doors().into_iter().map(|(_, kind)| kind).collect()
}

#[test]
fn every_door_is_on_the_shelf_and_the_shelf_has_no_other() {
    let doors = doors();
    let kinds: Vec<&str> = doors.iter().map(|(_, k)| k.as_str()).collect();
    assert!(
        ["bov", "risk", "nation", "memory", "dice_race"]
            .iter()
            .all(|k| kinds.contains(k)),
        "the doors found: {doors:?}"
    );
    let registry = std::fs::read_to_string(crate_dir().join("src/games/registry.rs")).unwrap();
    let shelf = registry
        .lines()
        .find(|l| l.starts_with("shelf!("))
        .expect("the registry's shelf!(…) line");
    let on_shelf: Vec<&str> = shelf
        .trim_start_matches("shelf!(")
        .trim_end_matches(");")
        .split(',')
        .map(|g| g.trim().split("::").next().unwrap())
        .filter(|g| !g.is_empty())
        .collect();
    for (door, kind) in &doors {
        // The test-only game is visited in test builds alone, beside the shelf.
        let test_only = registry.contains(&format!(
            "#[cfg(feature = \"test-game\")]\n            if kind == super::{door}::KIND"
        ));
        assert!(
            on_shelf.contains(&door.as_str()) != test_only,
            "the game {kind} ({door}) must be on the shelf once, or visited in test builds only"
        );
    }
    for game in &on_shelf {
        assert!(
            doors.iter().any(|(door, _)| door == game),
            "{game} is on the shelf but has no door declaring its kind"
        );
    }
}

#[test]
fn a_game_s_kind_is_matched_only_in_the_registry() {
    let kinds = kinds();
    let mut found = Vec::new();
    for line in code_lines(&crate_dir().join("src"), true) {
        // The registry, and each game's own door, which declares its kind.
        let own_door = kinds.iter().any(|kind| {
            line.file == format!("games/{kind}.rs")
                || line.file.starts_with(&format!("games/{kind}/"))
        });
        if line.file == "games/registry.rs" || own_door {
            continue;
        }
        let code = &line.code;
        let names_kind = code.contains("::KIND =>")
            || kinds.iter().any(|kind| {
                code.contains(&format!("games::{kind}::KIND"))
                    || code.contains(&format!("\"{kind}\""))
            });
        if names_kind {
            found.push(line.at("src"));
        }
    }
    assert!(
        found.is_empty(),
        "a game's kind named outside src/games/registry.rs:\n{}",
        found.join("\n")
    );
}

#[test]
fn no_source_file_is_over_800_lines() {
    let crates = crate_dir().join("..");
    let mut files = Vec::new();
    for entry in std::fs::read_dir(&crates).unwrap() {
        let dir = entry.unwrap().path();
        for part in ["src", "tests", "benches"] {
            if dir.join(part).is_dir() {
                sources(&dir.join(part), &mut files);
            }
        }
    }
    assert!(
        files.len() > 100,
        "the workspace's sources: {}",
        files.len()
    );
    // The window's code, the desktop shell and the end-to-end specs too (the
    // types ts-rs generates aside: one file per type, written by the build).
    let root = crates.join("..");
    let before = files.len();
    for dir in ["ui/src", "src-tauri/src", "tests/e2e", "scripts"] {
        others(&root.join(dir), &mut files);
    }
    assert!(
        files.len() - before > 100,
        "the window's, the shell's and the specs' sources: {}",
        files.len() - before
    );
    let long: Vec<String> = files
        .iter()
        .filter_map(|file| {
            let lines = std::fs::read_to_string(file).unwrap().lines().count();
            (lines > 800).then(|| format!("{} ({lines} lines)", file.display()))
        })
        .collect();
    assert!(long.is_empty(), "split by heading:\n{}", long.join("\n"));
}

/// The rules crates, and the kinds of game the library records.
const GAME_CRATES: &[&str] = &[
    "bagless-bov",
    "bagless-risk",
    "bagless-nation",
    "bagless-memory",
    "bagless-dice-race",
];

#[test]
fn the_store_knows_no_game() {
    let store = crate_dir().join("../bagless-store");
    let manifest = std::fs::read_to_string(store.join("Cargo.toml")).unwrap();
    let dependencies = manifest
        .split("[dependencies]")
        .nth(1)
        .unwrap()
        .split("\n[")
        .next()
        .unwrap();
    for game in GAME_CRATES {
        assert!(
            !dependencies.contains(game),
            "bagless-store depends on {game}"
        );
    }
    let mut found = Vec::new();
    for line in code_lines(&store.join("src"), false) {
        let code = &line.code;
        let names = GAME_CRATES
            .iter()
            .any(|game| code.contains(&game.replace('-', "_")))
            || ["'bov'", "\"bov\"", "'risk'", "\"risk\"", "diary_", "hq_"]
                .iter()
                .any(|name| code.contains(name));
        if names {
            found.push(line.at("bagless-store/src"));
        }
    }
    assert!(
        found.is_empty(),
        "the store names a game:\n{}",
        found.join("\n")
    );
}

/// The store's own tests and benches keep no real game either (issue 58
/// item 5): its manifest, dependencies and dev-dependencies alike, names
/// no rules crate but the test game's (the dice race), and its tests and
/// benches name none in their code.
#[test]
fn the_store_s_tests_need_no_real_game() {
    let store = crate_dir().join("../bagless-store");
    let manifest = std::fs::read_to_string(store.join("Cargo.toml")).unwrap();
    let real = GAME_CRATES
        .iter()
        .filter(|game| **game != "bagless-dice-race");
    let mut found = Vec::new();
    for section in ["[dependencies]", "[dev-dependencies]"] {
        let Some(listed) = manifest.split(section).nth(1) else {
            continue;
        };
        let listed = listed.split("\n[").next().unwrap();
        for line in listed.lines() {
            let code = line.split('#').next().unwrap_or("");
            for game in real.clone() {
                if code.contains(game) {
                    found.push(format!("bagless-store's {section} name {game}: {line}"));
                }
            }
        }
    }
    for dir in ["tests", "benches"] {
        for line in code_lines(&store.join(dir), true) {
            for game in real.clone() {
                if line.code.contains(&game.replace('-', "_")) {
                    found.push(line.at(&format!("bagless-store/{dir}")));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "the store's tests need a real game:\n{}",
        found.join("\n")
    );
}

/// The limits every game of the library is held to.
const LIBRARY_LIMITS: &[&str] = &["MAX_NAME_CHARS", "EARLIEST_YEAR", "LATEST_YEAR"];

#[test]
fn the_library_s_limits_are_the_library_s_not_a_game_s() {
    let lines = code_lines(&crate_dir().join("src"), true);
    let from_the_library: std::collections::BTreeSet<&str> = lines
        .iter()
        .filter(|line| line.code.contains("use bagless_game::limits::"))
        .map(|line| line.file.as_str())
        .collect();
    let mut found = Vec::new();
    for line in &lines {
        let code = &line.code;
        let limit = LIBRARY_LIMITS.iter().find(|limit| code.contains(*limit));
        let Some(limit) = limit else { continue };
        let from_a_game = GAME_CRATES
            .iter()
            .any(|game| code.contains(&game.replace('-', "_")));
        if from_a_game || !from_the_library.contains(line.file.as_str()) {
            found.push(format!("src/{}:{}: {limit}", line.file, line.number));
        }
    }
    assert!(
        found.is_empty(),
        "a limit of the library taken from elsewhere than bagless_game::limits:\n{}",
        found.join("\n")
    );
    // The one number, for every game: a campaign's name is held to it too.
    assert_eq!(
        bagless_bov::campaign::MAX_NAME_CHARS,
        bagless_game::limits::MAX_NAME_CHARS
    );
    assert_eq!(
        bagless_bov::campaign::EARLIEST_YEAR,
        bagless_game::limits::EARLIEST_YEAR
    );
}

/// The rules crates of the games on the registry, as Rust names them, and
/// the door of each in `src/games/` (a file, or a folder of its own).
const REGISTERED_CRATES: &[(&str, &str)] = &[
    ("bagless_bov", "games/bov/"),
    ("bagless_risk", "games/risk.rs"),
    ("bagless_nation", "games/nation.rs"),
    ("bagless_memory", "games/memory.rs"),
    ("bagless_dice_race", "games/dice_race.rs"),
];

#[test]
fn a_game_s_crate_is_named_only_by_its_door_and_the_registry() {
    let mut found = Vec::new();
    for line in code_lines(&crate_dir().join("src"), true) {
        if line.file == "games/registry.rs" {
            continue;
        }
        let elsewhere = REGISTERED_CRATES.iter().any(|(rules, door)| {
            let in_door = match door.strip_suffix('/') {
                Some(folder) => line.file.starts_with(&format!("{folder}/")),
                None => line.file == *door,
            };
            !in_door && line.code.contains(rules)
        });
        if elsewhere {
            found.push(line.at("src"));
        }
    }
    assert!(
        found.is_empty(),
        "a game's rules crate named outside its door (src/games/<kind>.rs) and \
         src/games/registry.rs; reach it through the door:\n{}",
        found.join("\n")
    );
}
