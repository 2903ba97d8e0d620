//! Where the rules summary (../shared/seeds/000) is silent or unclear,
//! Bagless does not invent a rule: it lists the reading in
//! campaigns/README.md and names it in the pack's `assumptions`, so the
//! diary and the screens that use it mark it (issue "The seeds read a
//! second time", item 20). Every Brotherhood of Venice assumption the README
//! lists is in the packs it names, every pack's assumption is listed, and
//! each has its words in English and French (`assumptions.<id>`).

use bagless_bov::Pack;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn pack(id: &str) -> Pack {
    let file = format!("campaigns/{id}/pack.json");
    Pack::from_json(&file, &read(&file)).unwrap()
}

/// The README's list: (packs, id) for each line `- core, roma \`id\`: …`
/// of the Brotherhood of Venice assumptions.
fn listed() -> Vec<(Vec<String>, String)> {
    let readme = read("campaigns/README.md");
    let heading = "### Brotherhood of Venice (`core/`, `roma/`): assumptions";
    let start = readme.find(heading).expect("the BoV assumptions heading") + heading.len();
    let section = &readme[start..];
    let section = &section[..section.find("\n#").unwrap_or(section.len())];
    section
        .lines()
        .filter_map(|line| line.strip_prefix("- "))
        .filter_map(|line| {
            let (packs, rest) = line.split_once(" `")?;
            let (id, _) = rest.split_once('`')?;
            let packs = packs.split(", ").map(str::to_string).collect();
            Some((packs, id.to_string()))
        })
        .collect()
}

#[test]
fn every_assumption_the_readme_lists_is_named_in_its_packs_with_its_words() {
    let listed = listed();
    assert!(listed.len() >= 10, "{listed:?}");
    let en = read("ui/src/lib/i18n/en.ts");
    let fr = read("ui/src/lib/i18n/fr.ts");
    let mut named: BTreeSet<(String, String)> = BTreeSet::new();
    for (packs, id) in &listed {
        for box_id in packs {
            assert!(
                pack(box_id).assumptions.contains(id),
                "campaigns/README.md lists {box_id} `{id}`: campaigns/{box_id}/pack.json does not name it"
            );
            named.insert((box_id.clone(), id.clone()));
        }
        for (catalogue, words) in [("en.ts", &en), ("fr.ts", &fr)] {
            assert!(
                words.contains(&format!("\n    {id}: ")),
                "{catalogue} has no words for assumptions.{id}"
            );
        }
    }
    for box_id in ["core", "roma"] {
        for id in pack(box_id).assumptions {
            assert!(
                named.contains(&(box_id.to_string(), id.clone())),
                "campaigns/{box_id}/pack.json names `{id}`: campaigns/README.md does not list it"
            );
        }
    }
}
