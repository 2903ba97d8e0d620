//! No import loop between the core's modules: the `crate::` paths each
//! module of `src/` uses make a graph without a cycle, and every path goes
//! down the layers below, never up or sideways into a later layer.
//!
//! The layers, lowest first (a module uses only modules of its own layer
//! listed before it, or of the layers below):
//!
//! 1. refusals: `refusals` (rule codes and the rulebook's sections);
//! 2. model types, in `model/`: `value_keys` (the numbers printed on
//!    cards, asked when needed), `cards` (cards and places), `pack` (a box's contents),
//!    `board` (the assassins' state and the card ledger), `hq_types` (the
//!    HQ's spots, phases and resolution input), `override_types`, then
//!    `campaign` (Campaign, Command, Event, EventEnvelope and the state's
//!    helpers);
//! 3. rules modules, in `rules/`, one per section of the rulebook: `creation`
//!    (CAMPAIGN, ADJUSTING THE NUMBER OF PLAYERS), `ledger_check` (EQUIP),
//!    `hospital` (FIRST ASSIGNMENT 1; ASSIGNMENTS: MEMORY 1.2 ONWARD 1),
//!    `hq` (HEADQUARTERS, FIRST ASSIGNMENT, ASSIGNMENTS: MEMORY 1.2
//!    ONWARD, CONTRACT CARDS), `assassins` (LEVELING UP AND SKILLS,
//!    ASSASSINS' HEALTH, ELIMINATED, ASSASSIN APPRENTICES, EQUIP),
//!    `memories` (CAMPAIGN, REPLAYING A MEMORY, OPTIONAL MEMORY, VILLA),
//!    `hq_resolution`
//!    (HQ RESOLUTION STEP), `overrides`, `undo` (SAVING THE GAME), `edition`
//!    (the edition of the rules a campaign plays), each with its own part
//!    of `decide` and `evolve`;
//! 4. dispatch: `game`, the total `decide`, `evolve`, `replay`,
//!    `replay_log`, `effective` and `last_undoable`, calling the rules
//!    modules; `again`, the campaign on `bagless_game::Rules` (an entry
//!    read from a file decided again);
//! 5. views, in `views/`: `entries`, `offers` (what the forms offer,
//!    decided by `game`), `board_view`, `destinations` (where
//!    a card picked up may go, decided by `game`), `hq_view`, `diary` (which shows
//!    the skill choices and the HQ step due), `history`, `summary` (the
//!    library's line), `seat` (an assassin's board on its player's phone),
//!    `told` (the campaign told back: `story`, then `evening` and `year`
//!    which read it).
//!
//! A `pub use` (or `pub(crate) use`) statement only re-exports: it keeps an
//! short public path working (`bagless_bov::campaign` is
//! `model::campaign`) and is not an import, so it is not counted. Neither is
//! code inside a `#[cfg(test)]` item, nor comments and string literals.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layers above, lowest first. Every module of `src/` is in one.
const LAYERS: &[(&str, &[&str])] = &[
    ("refusals", &["refusals"]),
    (
        "model types",
        &[
            "model",
            "model::value_keys",
            "model::cards",
            "model::pack",
            "model::packs",
            "model::board",
            "model::hq_types",
            "model::override_types",
            "model::campaign",
        ],
    ),
    (
        "rules modules",
        &[
            "rules",
            "rules::edition",
            "rules::creation",
            "rules::ledger_check",
            "rules::hospital",
            "rules::hq",
            "rules::equipment",
            "rules::assassins",
            "rules::memories",
            "rules::hq_resolution",
            "rules::overrides",
            "rules::undo",
        ],
    ),
    ("dispatch", &["game", "again"]),
    (
        "views",
        &[
            "views",
            "views::entries",
            "views::offers",
            "views::board_view",
            "views::destinations",
            "views::hq_view",
            "views::diary",
            "views::history",
            "views::summary",
            "views::seat",
            "views::shelf",
            "views::told",
            "views::told::story",
            "views::told::evening",
            "views::told::year",
        ],
    ),
];

type Graph = BTreeMap<String, BTreeSet<String>>;

fn src_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            out.push(path);
        }
    }
}

/// `src/hq.rs` is `hq`, `src/a/b.rs` is `a::b`, `src/a/mod.rs` is `a`;
/// `src/lib.rs` is the crate root, `None`.
fn module_name(src: &Path, file: &Path) -> Option<String> {
    let relative = file.strip_prefix(src).expect("a file under src");
    let mut parts: Vec<String> = relative
        .with_extension("")
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    if parts == ["lib"] || parts.is_empty() {
        return None;
    }
    Some(parts.join("::"))
}

/// The code with comments, string and char literals blanked out (so
/// nothing in them is read as a path or a brace).
fn code_only(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        match c {
            '/' if next == Some('/') => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '/' if next == Some('*') => {
                let mut depth = 0;
                while i < chars.len() {
                    if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                        depth += 1;
                        i += 2;
                    } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                        depth -= 1;
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        i += 1;
                    }
                }
                out.push(' ');
            }
            'r' if (next == Some('"') || next == Some('#'))
                && !chars
                    .get(i.wrapping_sub(1))
                    .is_some_and(|p| p.is_alphanumeric() || *p == '_') =>
            {
                // A raw string: r"...", r#"..."#.
                let mut j = i + 1;
                let mut hashes = 0;
                while chars.get(j) == Some(&'#') {
                    hashes += 1;
                    j += 1;
                }
                if chars.get(j) != Some(&'"') {
                    out.push(c);
                    i += 1;
                    continue;
                }
                j += 1;
                loop {
                    if j >= chars.len() {
                        break;
                    }
                    if chars[j] == '"' && (0..hashes).all(|h| chars.get(j + 1 + h) == Some(&'#')) {
                        j += 1 + hashes;
                        break;
                    }
                    j += 1;
                }
                out.push_str("\"\"");
                i = j;
            }
            '"' => {
                i += 1;
                while i < chars.len() && chars[i] != '"' {
                    if chars[i] == '\\' {
                        i += 1;
                    }
                    i += 1;
                }
                i += 1;
                out.push_str("\"\"");
            }
            '\'' => {
                // A char literal ('x', '\n', '"') or a lifetime ('a).
                if next == Some('\\') {
                    i += 2;
                    while i < chars.len() && chars[i] != '\'' {
                        i += 1;
                    }
                    i += 1;
                    out.push_str("' '");
                } else if chars.get(i + 2) == Some(&'\'') {
                    i += 3;
                    out.push_str("' '");
                } else {
                    out.push(c);
                    i += 1;
                }
            }
            _ => {
                out.push(c);
                i += 1;
            }
        }
    }
    out
}

/// Skips from `at` past the end of the item starting there: its `;`, or
/// its balanced `{ ... }` if one comes first.
fn item_end(code: &[u8], mut at: usize) -> usize {
    while at < code.len() {
        match code[at] {
            b';' => return at + 1,
            b'{' => {
                let mut depth = 0;
                while at < code.len() {
                    match code[at] {
                        b'{' => depth += 1,
                        b'}' => {
                            depth -= 1;
                            if depth == 0 {
                                return at + 1;
                            }
                        }
                        _ => {}
                    }
                    at += 1;
                }
                return at;
            }
            _ => at += 1,
        }
    }
    at
}

fn starts_word(code: &[u8], at: usize) -> bool {
    at == 0 || !(code[at - 1].is_ascii_alphanumeric() || code[at - 1] == b'_')
}

/// The code left once `#[cfg(test)]` items and re-export statements
/// (`pub use`, `pub(crate) use`, `pub(super) use`) are cut out.
fn counted_code(code: &str) -> String {
    let bytes = code.as_bytes();
    let mut out = String::with_capacity(code.len());
    let mut at = 0;
    while at < bytes.len() {
        let rest = &code[at..];
        if rest.starts_with("#[cfg(test)]") {
            at = item_end(bytes, at);
            out.push(' ');
            continue;
        }
        if starts_word(bytes, at) && rest.starts_with("pub") {
            let after_pub = rest[3..].trim_start();
            let after_vis = match after_pub.strip_prefix('(') {
                Some(inner) => inner.split_once(')').map_or("", |(_, r)| r).trim_start(),
                None => after_pub,
            };
            if after_vis.starts_with("use ") || after_vis.starts_with("use\n") {
                at = item_end(bytes, at);
                out.push(' ');
                continue;
            }
        }
        let c = rest.chars().next().expect("not at the end");
        out.push(c);
        at += c.len_utf8();
    }
    out
}

fn ident_at(code: &str, at: usize) -> &str {
    let rest = &code[at..];
    let end = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    &rest[..end]
}

/// The paths after `crate::` (and `super::` in a top-level module), as
/// lists of segments; a `crate::{a, b::c}` group gives each of its
/// top-level names.
fn crate_paths(code: &str, module: &str) -> Vec<Vec<String>> {
    let parent: Vec<&str> = {
        let mut parts: Vec<&str> = module.split("::").collect();
        parts.pop();
        parts
    };
    let bytes = code.as_bytes();
    let mut paths = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let rest = &code[at..];
        let (prefix, base): (&str, Vec<&str>) = if rest.starts_with("crate::") {
            ("crate::", vec![])
        } else if rest.starts_with("super::") {
            ("super::", parent.clone())
        } else {
            at += rest.chars().next().map_or(1, char::len_utf8);
            continue;
        };
        if !starts_word(bytes, at) || (at > 1 && &code[at - 2..at] == "::") {
            at += prefix.len();
            continue;
        }
        at += prefix.len();
        let mut segments: Vec<String> = base.iter().map(|s| s.to_string()).collect();
        loop {
            let ident = ident_at(code, at);
            if ident.is_empty() {
                break;
            }
            segments.push(ident.to_string());
            at += ident.len();
            if code[at..].starts_with("::") {
                at += 2;
            } else {
                break;
            }
        }
        if code[at..].starts_with('{') {
            // A group: each name at its top level.
            let mut depth = 0;
            let mut name_next = true;
            while at < bytes.len() {
                match bytes[at] {
                    b'{' => {
                        depth += 1;
                        name_next = depth == 1;
                        at += 1;
                    }
                    b'}' => {
                        depth -= 1;
                        at += 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    b',' if depth == 1 => {
                        name_next = true;
                        at += 1;
                    }
                    b if b.is_ascii_whitespace() => at += 1,
                    _ if name_next && depth == 1 => {
                        let ident = ident_at(code, at);
                        let mut grouped = segments.clone();
                        grouped.push(ident.to_string());
                        paths.push(grouped);
                        name_next = false;
                        at += ident.len().max(1);
                    }
                    _ => at += 1,
                }
            }
        } else if !segments.is_empty() {
            paths.push(segments);
        }
    }
    paths
}

/// The module a path names: its longest prefix that is a module.
fn module_of(path: &[String], modules: &BTreeSet<String>) -> Option<String> {
    (1..=path.len())
        .rev()
        .map(|n| path[..n].join("::"))
        .find(|prefix| modules.contains(prefix))
}

/// For each module of `src/`, the other modules whose `crate::` paths it
/// uses (re-exports and test code left out).
fn module_graph() -> Graph {
    let src = src_dir();
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let sources: Vec<(String, String)> = files
        .iter()
        .filter_map(|file| {
            let name = module_name(&src, file)?;
            let text = std::fs::read_to_string(file)
                .unwrap_or_else(|e| panic!("reading {}: {e}", file.display()));
            Some((name, text))
        })
        .collect();
    let modules: BTreeSet<String> = sources.iter().map(|(name, _)| name.clone()).collect();
    sources
        .iter()
        .map(|(name, text)| {
            let code = counted_code(&code_only(text));
            let uses = crate_paths(&code, name)
                .iter()
                .filter_map(|path| module_of(path, &modules))
                .filter(|used| used != name && !name.starts_with(&format!("{used}::")))
                .collect();
            (name.clone(), uses)
        })
        .collect()
}

/// A cycle of the graph, as the modules around it with the first repeated
/// at the end, or `None`.
fn find_cycle(graph: &Graph) -> Option<Vec<String>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        Open,
        Done,
    }
    fn visit(
        node: &str,
        graph: &Graph,
        marks: &mut BTreeMap<String, Mark>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        match marks.get(node) {
            Some(Mark::Done) => return None,
            Some(Mark::Open) => {
                let from = stack.iter().position(|n| n == node).expect("on the stack");
                let mut cycle = stack[from..].to_vec();
                cycle.push(node.to_string());
                return Some(cycle);
            }
            None => {}
        }
        marks.insert(node.to_string(), Mark::Open);
        stack.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, marks, stack) {
                return Some(cycle);
            }
        }
        stack.pop();
        marks.insert(node.to_string(), Mark::Done);
        None
    }
    let mut marks = BTreeMap::new();
    graph
        .keys()
        .find_map(|node| visit(node, graph, &mut marks, &mut Vec::new()))
}

fn describe(graph: &Graph) -> String {
    graph
        .iter()
        .map(|(module, uses)| {
            let uses: Vec<&str> = uses.iter().map(String::as_str).collect();
            format!("  {module}: {}", uses.join(" "))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_core_modules_import_one_another_without_a_loop() {
    let graph = module_graph();
    assert!(
        graph.len() > 10,
        "the modules of src/ were not found:\n{}",
        describe(&graph)
    );
    if let Some(cycle) = find_cycle(&graph) {
        panic!(
            "import loop between the core's modules: {}\n(each uses the next through a \
             `crate::` path; a `pub use` re-export does not count)\nthe whole graph:\n{}",
            cycle.join(" -> "),
            describe(&graph)
        );
    }
}

#[test]
fn every_module_uses_only_the_layers_below_it() {
    let graph = module_graph();
    let rank: BTreeMap<&str, (usize, &str)> = LAYERS
        .iter()
        .flat_map(|(layer, modules)| modules.iter().map(move |m| (*m, *layer)))
        .enumerate()
        .map(|(order, (module, layer))| (module, (order, layer)))
        .collect();
    let mut problems = Vec::new();
    for (module, uses) in &graph {
        let Some((order, layer)) = rank.get(module.as_str()) else {
            problems.push(format!(
                "{module} is in no layer: add it to LAYERS (and the doc comment) of \
                 tests/module_graph.rs"
            ));
            continue;
        };
        for used in uses {
            match rank.get(used.as_str()) {
                Some((used_order, used_layer)) if used_order > order => problems.push(format!(
                    "{module} ({layer}) uses {used} ({used_layer}), listed after it"
                )),
                _ => {}
            }
        }
    }
    for (_, modules) in LAYERS {
        for module in *modules {
            if !graph.contains_key(*module) {
                problems.push(format!("LAYERS lists {module}, which src/ does not have"));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "{}\nthe whole graph:\n{}",
        problems.join("\n"),
        describe(&graph)
    );
}

#[test]
fn the_reader_sees_paths_groups_and_loops_and_skips_what_does_not_count() {
    let text = r#"
//! Uses [`crate::doc_only`] in a comment.
use crate::a::{b, c::D};
use crate::{e, f::G};
pub use crate::reexported::Thing;
pub(crate) use crate::reexported_too::Other;
fn f() -> &'static str {
    let _x = crate::h::call();
    let _c = '"';
    /* crate::in_block */
    "crate::in_string"
}
#[cfg(test)]
mod tests {
    use crate::only_in_tests::Helper;
}
"#;
    let code = counted_code(&code_only(text));
    let found: BTreeSet<String> = crate_paths(&code, "m")
        .into_iter()
        .map(|path| path[0].clone())
        .collect();
    let expected: BTreeSet<String> = ["a", "e", "f", "h"].map(String::from).into();
    assert_eq!(found, expected);

    let graph: Graph = [("x", "y"), ("y", "z"), ("z", "x"), ("w", "x")]
        .iter()
        .fold(Graph::new(), |mut graph, (from, to)| {
            graph
                .entry(from.to_string())
                .or_default()
                .insert(to.to_string());
            graph
        });
    let cycle = find_cycle(&graph).expect("x -> y -> z -> x is a loop");
    assert_eq!(cycle.first(), cycle.last());
    assert_eq!(cycle.len(), 4);
    let mut acyclic = graph.clone();
    acyclic.get_mut("z").expect("z").clear();
    assert_eq!(find_cycle(&acyclic), None);
}
