//! The window's commands are declared once, in src-tauri/src/command_list.rs
//! (build.rs and `generate_handler!` read that list). This test fails when
//! anything else disagrees with it: a Tauri command not in the list, a
//! capability without its command or a command without its permission, or
//! a command the UI's ipc modules never call (or call without declaring):
//! the shared one, and each game's own (`ui/src/games/<kind>/ipc.ts`).

use std::collections::BTreeSet;
use std::path::Path;

fn read(path: &str) -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../..")
            .join(path),
    )
    .unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Words of `[a-z_]` that follow `before` in `text`.
fn names_after(text: &str, before: &str) -> BTreeSet<String> {
    text.match_indices(before)
        .map(|(at, _)| {
            text[at + before.len()..]
                .chars()
                .take_while(|c| c.is_ascii_lowercase() || *c == '_')
                .collect::<String>()
        })
        .filter(|name| !name.is_empty())
        .collect()
}

/// The names in `call('name'` and `call<Type>('name'` of the ipc module,
/// and in `callHearing('name'` (a long command, told with its progress).
fn called_commands(ipc: &str) -> BTreeSet<String> {
    ipc.match_indices("call")
        .filter_map(|(at, _)| {
            let mut rest = &ipc[at + "call".len()..];
            rest = rest.strip_prefix("Hearing").unwrap_or(rest);
            if let Some(generic) = rest.strip_prefix('<') {
                rest = &generic[generic.find('>')? + 1..];
            }
            let name: String = rest
                .strip_prefix("('")?
                .chars()
                .take_while(|c| c.is_ascii_lowercase() || *c == '_')
                .collect();
            (!name.is_empty()).then_some(name)
        })
        .collect()
}

fn declared() -> BTreeSet<String> {
    let list = read("src-tauri/src/command_list.rs");
    let start = list.find("$then!(").expect("the list") + "$then!(".len();
    let end = start + list[start..].find(')').expect("the list's end");
    list[start..end]
        .split(',')
        .map(|name| name.trim().to_string())
        .filter(|name| !name.is_empty())
        .collect()
}

#[test]
fn every_command_is_declared_once_and_reachable_from_the_ui() {
    let declared = declared();
    assert!(declared.len() > 20, "{declared:?}");

    let shell = read("src-tauri/src/commands.rs");
    let mut tauri_commands = BTreeSet::new();
    for block in shell.split("#[tauri::command]").skip(1) {
        let name = names_after(block, "async fn ");
        tauri_commands.extend(name.into_iter().take(1));
    }
    assert_eq!(
        tauri_commands, declared,
        "#[tauri::command]s in commands.rs"
    );

    let capability: serde_json::Value =
        serde_json::from_str(&read("src-tauri/capabilities/main-window.json")).unwrap();
    let allowed: BTreeSet<String> = capability["permissions"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|p| p.as_str()?.strip_prefix("allow-"))
        .map(|p| p.replace('-', "_"))
        .collect();
    assert_eq!(
        allowed, declared,
        "permissions in capabilities/main-window.json"
    );

    let mut called = called_commands(&read("ui/src/lib/ipc/index.ts"));
    let games = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../ui/src/games");
    for game in std::fs::read_dir(&games).unwrap() {
        let own = game.unwrap().path().join("ipc.ts");
        if own.exists() {
            called.extend(called_commands(&std::fs::read_to_string(own).unwrap()));
        }
    }
    let missing: Vec<_> = declared.difference(&called).collect();
    let unknown: Vec<_> = called.difference(&declared).collect();
    assert!(
        missing.is_empty() && unknown.is_empty(),
        "declared but never called from ui/src/lib/ipc or a game's ipc.ts: {missing:?}; called but not declared: {unknown:?}"
    );
}
