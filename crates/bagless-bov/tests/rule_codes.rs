//! The rule codes, as the UI and the tests see them.
//!
//! - ui/src/lib/i18n/rule-codes.json lists every [`RuleCode`] with the
//!   params it may carry, for the UI's message catalogue (`rules.<code>` in
//!   en.ts and fr.ts; the UI's tests check each code has a message there,
//!   using only these params as placeholders). It is written from the enum;
//!   when it is out of date, regenerate it with
//!
//!       UPDATE_RULE_CODES=1 cargo test -p bagless-bov --test bov rule_codes::
//!
//! - Every code is asserted by name in a rules test: a refusal nobody has
//!   seen happen is a refusal nobody knows works.

use bagless_bov::RuleCode;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn render() -> String {
    let codes: BTreeMap<&str, &[&str]> = RuleCode::ALL
        .iter()
        .map(|code| (code.as_str(), code.params()))
        .collect();
    let mut out = serde_json::to_string_pretty(&codes).expect("codes as JSON");
    out.push('\n');
    out
}

#[test]
fn the_ui_lists_every_rule_code() {
    let path = root().join("ui/src/lib/i18n/rule-codes.json");
    let expected = render();
    if std::env::var_os("UPDATE_RULE_CODES").is_some_and(|v| v == "1") {
        std::fs::write(&path, &expected).expect("write rule-codes.json");
    }
    let found = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        found == expected,
        "ui/src/lib/i18n/rule-codes.json is out of date. Regenerate it with\n\n    \
         UPDATE_RULE_CODES=1 cargo test -p bagless-bov --test bov rule_codes::\n\n\
         then give each new code a message in ui/src/lib/i18n/rules-en.ts and rules-fr.ts."
    );
}

/// The Rust files of the tests that decide commands and look at refusals.
fn rules_tests() -> Vec<(PathBuf, String)> {
    let mut files = Vec::new();
    for dir in [
        "crates/bagless-bov/tests",
        "crates/bagless-bov/src",
        "crates/bagless-bov/src/model",
        "crates/bagless-bov/src/rules",
        "crates/bagless-bov/src/views",
        "crates/bagless-app/tests",
    ] {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(root().join(dir))
            .unwrap_or_else(|e| panic!("{dir}: {e}"))
            .map(|e| e.expect("entry").path())
            .filter(|p| p.extension().is_some_and(|x| x == "rs"))
            .filter(|p| !p.ends_with("rule_codes.rs") && !p.ends_with("refusals.rs"))
            .collect();
        entries.sort();
        for path in entries {
            let text = std::fs::read_to_string(&path).expect("a test file");
            // In the core's sources only their test modules count.
            let text = match (dir.contains("/src"), text.find("#[cfg(test)]")) {
                (false, _) => text,
                (true, Some(at)) => text[at..].to_string(),
                (true, None) => continue,
            };
            files.push((path, text));
        }
    }
    files
}

/// Codes that no test asserts by name yet. Each one taken off this list
/// needs a test that meets the refusal; the list only ever shrinks.
const NOT_YET_ASSERTED: &[&str] = &[];

#[test]
fn every_rule_code_is_asserted_by_name_in_a_test() {
    let files = rules_tests();
    assert!(files.len() > 5, "the rules tests are found");
    let unasserted: Vec<&str> = RuleCode::ALL
        .iter()
        .filter(|code| {
            let by_string = format!("\"{}\"", code.as_str());
            let by_name = format!("RuleCode::{code:?}");
            !files
                .iter()
                .any(|(_, text)| text.contains(&by_string) || text.contains(&by_name))
        })
        .map(|code| code.as_str())
        .collect();
    assert_eq!(
        unasserted, NOT_YET_ASSERTED,
        "codes no rules test asserts by name (write a test that meets each refusal)"
    );
}
