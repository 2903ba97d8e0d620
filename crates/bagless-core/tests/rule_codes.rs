//! Every rule violation code the core can return, with the params it sets,
//! listed in ui/src/lib/i18n/rule-codes.json for the UI's message catalogue
//! (`rules.<code>` in en.ts and fr.ts; the UI's tests check each code has
//! a message there, using only these params as placeholders).
//!
//! The codes are read from the source: each `RuleViolation::new("code", …)`
//! and `rule("code", …)` call, and the `.with("param", …)` calls chained to
//! it. When the list is out of date, regenerate it with
//!
//!     UPDATE_RULE_CODES=1 cargo test -p bagless-core --test rule_codes
//!
//! and add the new codes' messages to the catalogues.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

/// The core's source files. A new file must be added here (the test checks
/// this list against the src folder).
const SOURCES: &[(&str, &str)] = &[
    ("assassins.rs", include_str!("../src/assassins.rs")),
    ("board.rs", include_str!("../src/board.rs")),
    ("board_view.rs", include_str!("../src/board_view.rs")),
    ("campaign.rs", include_str!("../src/campaign.rs")),
    ("creation.rs", include_str!("../src/creation.rs")),
    ("diary.rs", include_str!("../src/diary.rs")),
    ("entries.rs", include_str!("../src/entries.rs")),
    ("history.rs", include_str!("../src/history.rs")),
    ("hospital.rs", include_str!("../src/hospital.rs")),
    ("hq.rs", include_str!("../src/hq.rs")),
    ("hq_resolution.rs", include_str!("../src/hq_resolution.rs")),
    ("hq_view.rs", include_str!("../src/hq_view.rs")),
    ("ledger_check.rs", include_str!("../src/ledger_check.rs")),
    ("lib.rs", include_str!("../src/lib.rs")),
    ("memories.rs", include_str!("../src/memories.rs")),
    ("overrides.rs", include_str!("../src/overrides.rs")),
    ("pack.rs", include_str!("../src/pack.rs")),
    ("rules.rs", include_str!("../src/rules.rs")),
    ("undo.rs", include_str!("../src/undo.rs")),
];

/// The calls that make a violation; the code is their first argument.
const MAKERS: &[&str] = &["RuleViolation::new(", "rule("];

/// Where `rule` hands its code on to `RuleViolation::new`: no code of its own.
const DELEGATION: &str = "RuleViolation::new(code, message).in_section(section)";

/// One call site: the code and the params chained to it.
#[derive(Debug)]
struct Site {
    file: &'static str,
    line: usize,
    code: String,
    params: BTreeSet<String>,
}

/// The source with `//` comments blanked out (same length, so byte offsets
/// and line numbers stay), leaving string literals alone.
fn without_comments(source: &str) -> String {
    let bytes = source.as_bytes();
    let mut out = String::with_capacity(source.len());
    let mut i = 0;
    let mut in_string = false;
    while i < bytes.len() {
        let c = bytes[i];
        if in_string {
            if c == b'\\' && i + 1 < bytes.len() {
                out.push_str(&source[i..i + 2]);
                i += 2;
                continue;
            }
            if c == b'"' {
                in_string = false;
            }
        } else if c == b'"' && !(i > 0 && bytes[i - 1] == b'\'') {
            in_string = true;
        } else if c == b'/' && bytes.get(i + 1) == Some(&b'/') {
            let end = source[i..].find('\n').map_or(source.len(), |n| i + n);
            out.extend(std::iter::repeat_n(' ', end - i));
            i = end;
            continue;
        }
        let ch = source[i..].chars().next().expect("in bounds");
        out.push(ch);
        i += ch.len_utf8();
    }
    out
}

/// The string literal starting at `at` (on its opening quote), and the
/// offset just past its closing quote.
fn literal(source: &str, at: usize) -> Option<(String, usize)> {
    let rest = source.get(at..)?;
    let body = rest.strip_prefix('"')?;
    let mut value = String::new();
    let mut chars = body.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '\\' => {
                chars.next();
            }
            '"' => return Some((value, at + 1 + i + 1)),
            _ => value.push(c),
        }
    }
    None
}

/// The offset just past the parenthesis closing the one open at `open`.
fn close_paren(source: &str, open: usize) -> usize {
    let bytes = source.as_bytes();
    let mut depth = 0;
    let mut i = open;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                i = literal(source, i).map_or(bytes.len(), |(_, end)| end);
                continue;
            }
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    panic!("unbalanced parentheses after offset {open}");
}

fn skip_space(source: &str, at: usize) -> usize {
    at + (source.len() - at - source[at..].trim_start().len())
}

fn is_ident(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || byte == b'_'
}

/// Every call site in one file; panics on a maker whose code is not a
/// string literal, since it could not be listed.
fn sites(file: &'static str, source: &str) -> Vec<Site> {
    let code = without_comments(source);
    let line_of = |at: usize| code[..at].matches('\n').count() + 1;
    let mut found = Vec::new();
    for maker in MAKERS {
        for (at, _) in code.match_indices(maker) {
            if at > 0 && is_ident(code.as_bytes()[at - 1]) {
                continue; // e.g. `check_rule(`
            }
            if code[..at].trim_end().ends_with("fn") || code[at..].starts_with(DELEGATION) {
                continue; // the makers' own definitions
            }
            let open = at + maker.len() - 1;
            let Some((name, _)) = literal(&code, skip_space(&code, open + 1)) else {
                panic!(
                    "{file}:{}: the violation code is not a string literal; write it out \
                     so that tests/rule_codes.rs can list it",
                    line_of(at)
                );
            };
            let mut params = BTreeSet::new();
            let mut end = close_paren(&code, open);
            loop {
                let next = skip_space(&code, end);
                let rest = &code[next..];
                if let Some(after) = rest.strip_prefix(".with(") {
                    let open = next + ".with".len();
                    let key_at = skip_space(&code, code.len() - after.len());
                    let (key, _) = literal(&code, key_at).unwrap_or_else(|| {
                        panic!("{file}:{}: a param name is not a literal", line_of(next))
                    });
                    params.insert(key);
                    end = close_paren(&code, open);
                } else if rest.starts_with(".in_section(") {
                    end = close_paren(&code, next + ".in_section".len());
                } else {
                    break;
                }
            }
            found.push(Site {
                file,
                line: line_of(at),
                code: name,
                params,
            });
        }
    }
    found
}

/// code → params, one line a code, sorted: stable and easy to diff.
fn render(codes: &BTreeMap<String, BTreeSet<String>>) -> String {
    let mut out = String::from("{\n");
    for (i, (code, params)) in codes.iter().enumerate() {
        let params: Vec<String> = params.iter().map(|p| format!("\"{p}\"")).collect();
        let comma = if i + 1 < codes.len() { "," } else { "" };
        out.push_str(&format!("  \"{code}\": [{}]{comma}\n", params.join(", ")));
    }
    out.push_str("}\n");
    out
}

fn listed_codes() -> BTreeMap<String, BTreeSet<String>> {
    let all: Vec<Site> = SOURCES
        .iter()
        .flat_map(|(file, source)| sites(file, source))
        .collect();
    let mut codes: BTreeMap<String, (BTreeSet<String>, &Site)> = BTreeMap::new();
    for site in &all {
        assert!(
            !site.code.is_empty()
                && site
                    .code
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b == b'_'),
            "{}:{}: code {:?} should be snake_case",
            site.file,
            site.line,
            site.code
        );
        if let Some((params, first)) = codes.get(&site.code) {
            assert_eq!(
                params, &site.params,
                "code {:?} sets different params at {}:{} and {}:{}: the message catalogue \
                 has one message a code, so every site must set the same params",
                site.code, first.file, first.line, site.file, site.line
            );
        } else {
            codes.insert(site.code.clone(), (site.params.clone(), site));
        }
    }
    codes
        .into_iter()
        .map(|(code, (params, _))| (code, params))
        .collect()
}

#[test]
fn every_source_file_is_read() {
    let src = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut on_disk: Vec<String> = std::fs::read_dir(&src)
        .expect("src folder")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".rs"))
        .collect();
    on_disk.sort();
    let listed: Vec<&str> = SOURCES.iter().map(|(name, _)| *name).collect();
    assert_eq!(
        on_disk, listed,
        "add the new source files to SOURCES in tests/rule_codes.rs"
    );
}

#[test]
fn the_parser_reads_codes_and_params() {
    let source = r#"
        // RuleViolation::new("in_a_comment", "x")
        let a = RuleViolation::new("plain", format!("{x} (y)")).with("x", x);
        let b = crate::board::rule(
            "chained",
            "EQUIP",
            "A \"quoted\" message.",
        )
        .with("card", &card.name)
        .with("slot", slot_word(f(1, 2)));
        let c = check_rule("not_a_maker");
    "#;
    let found = sites("test.rs", source);
    let got: Vec<(&str, Vec<&str>)> = found
        .iter()
        .map(|s| {
            (
                s.code.as_str(),
                s.params.iter().map(String::as_str).collect(),
            )
        })
        .collect();
    assert_eq!(
        got,
        vec![("plain", vec!["x"]), ("chained", vec!["card", "slot"])]
    );
}

#[test]
#[should_panic(expected = "not a string literal")]
fn a_code_must_be_a_literal() {
    sites("test.rs", "let v = rule(code, \"EQUIP\", message);");
}

#[test]
fn the_ui_lists_every_rule_code() {
    let codes = listed_codes();
    assert!(codes.len() > 50, "only {} codes found", codes.len());
    assert!(codes["slot_wrong_kind"].contains("card"));
    let expected = render(&codes);
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../ui/src/lib/i18n/rule-codes.json");
    let current = std::fs::read_to_string(&path).unwrap_or_default();
    if current == expected {
        return;
    }
    if std::env::var_os("UPDATE_RULE_CODES").is_some_and(|v| v == "1") {
        std::fs::write(&path, &expected).expect("write rule-codes.json");
        return;
    }
    panic!(
        "{} is out of date with the rule codes in crates/bagless-core/src.\n\
         Regenerate it with\n\n    UPDATE_RULE_CODES=1 cargo test -p bagless-core --test rule_codes\n\n\
         then give each new code a message in ui/src/lib/i18n/en.ts and fr.ts (section `rules`).\n\
         Expected:\n{expected}",
        path.display()
    );
}
