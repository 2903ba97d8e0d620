//! The rules ledgers: each rules crate's RULES.md follows its seed sentence
//! by sentence, each "→ test: `file::fn`" naming a test that exists, each
//! "→ assumption: `id`" naming an assumption a pack under campaigns/ lists,
//! each "→ not kept:" saying why. A ledger that names a test since renamed
//! or removed fails here, so a rule cannot lose its test unnoticed.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The rules crates, each with its ledger.
const CRATES: &[&str] = &[
    "bagless-bov",
    "bagless-memory",
    "bagless-risk",
    "bagless-nation",
];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every assumption id the packs list.
fn assumptions() -> BTreeSet<String> {
    let mut ids = BTreeSet::new();
    for entry in std::fs::read_dir(root().join("campaigns")).unwrap() {
        let pack = entry.unwrap().path().join("pack.json");
        let Ok(text) = std::fs::read_to_string(&pack) else {
            continue;
        };
        let json: serde_json::Value = serde_json::from_str(&text).unwrap();
        for id in json["assumptions"].as_array().into_iter().flatten() {
            ids.insert(id.as_str().unwrap().to_string());
        }
    }
    ids
}

/// The backticked names after `marker` on `line`.
fn named<'a>(line: &'a str, marker: &str) -> Vec<&'a str> {
    let Some((_, after)) = line.split_once(marker) else {
        return vec![];
    };
    after
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|name| !name.is_empty())
        .collect()
}

/// Whether `file` (a crate's source or test) defines the function `name`.
fn defines(file: &Path, name: &str) -> bool {
    let Ok(text) = std::fs::read_to_string(file) else {
        return false;
    };
    text.match_indices(&format!("fn {name}"))
        .any(|(at, found)| {
            let next = text[at + found.len()..].chars().next();
            matches!(next, Some('(') | Some('<'))
        })
}

/// What is wrong with the ledger of `krate`, and how many sentences it
/// holds.
fn faults(krate: &str, assumptions: &BTreeSet<String>) -> (Vec<String>, usize) {
    let dir = root().join("crates").join(krate);
    let path = dir.join("RULES.md");
    let Ok(text) = std::fs::read_to_string(&path) else {
        return (vec![format!("{krate}: no RULES.md")], 0);
    };
    let mut faults = Vec::new();
    let mut sentences = 0;
    for (number, line) in (1..).zip(text.lines()) {
        let at = format!("{krate}/RULES.md:{number}");
        if !line.trim_start().starts_with("- ") || !line.contains('→') {
            continue;
        }
        sentences += 1;
        let tests = named(line, "→ test:");
        let assumed = named(line, "→ assumption:");
        let not_kept = line.contains("→ not kept:");
        if tests.is_empty() && assumed.is_empty() && !not_kept {
            faults.push(format!(
                "{at}: neither a test, an assumption nor \"not kept\""
            ));
        }
        for test in tests {
            let Some((file, name)) = test.rsplit_once("::") else {
                faults.push(format!("{at}: `{test}` is not `file::fn`"));
                continue;
            };
            // A test of the app that plays what the crate alone cannot (a
            // memory in play beside its campaign) is named from the root.
            let file = match file.strip_prefix("crates/") {
                Some(_) => root().join(file),
                None => dir.join(file),
            };
            if !defines(&file, name) {
                faults.push(format!("{at}: no test `{name}` in {}", file.display()));
            }
        }
        for id in assumed {
            if !assumptions.contains(id) {
                faults.push(format!("{at}: no pack lists the assumption `{id}`"));
            }
        }
    }
    (faults, sentences)
}

#[test]
fn every_rules_crate_keeps_a_ledger_whose_tests_and_assumptions_exist() {
    let assumptions = assumptions();
    let mut all = Vec::new();
    for krate in CRATES {
        let (faults, sentences) = faults(krate, &assumptions);
        if faults.is_empty() && sentences == 0 {
            all.push(format!("{krate}/RULES.md: no sentence with its test"));
        }
        all.extend(faults);
    }
    assert!(all.is_empty(), "the ledgers:\n{}", all.join("\n"));
}

#[test]
fn the_check_finds_a_missing_test_and_an_unknown_assumption() {
    let line = "- \"x\" → test: `tests/a.rs::b`, `src/c.rs::d`";
    assert_eq!(named(line, "→ test:"), vec!["tests/a.rs::b", "src/c.rs::d"]);
    assert!(defines(
        &root().join("crates/bagless-app/tests/ledgers.rs"),
        "the_check_finds_a_missing_test_and_an_unknown_assumption"
    ));
    assert!(!defines(
        &root().join("crates/bagless-app/tests/ledgers.rs"),
        "no_such_test"
    ));
    assert!(assumptions().contains("hq_die"));
}
