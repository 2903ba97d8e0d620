//! A command that panics leaves nothing half-written: `Store::transaction`
//! catches the unwind and rolls its writes back, and the window turns the
//! panic into a refusal (src-tauri's `blocking`). Both need panics to unwind
//! in the build that ships. Cargo.toml's release profile follows Tauri's
//! app-size guide, all but its `panic = "abort"`: this keeps it so.

#[test]
fn the_shipped_build_unwinds_panics() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../Cargo.toml");
    let manifest = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let aborting: Vec<&str> = manifest
        .lines()
        .map(str::trim)
        .filter(|line| !line.starts_with('#'))
        .filter(|line| line.starts_with("panic") && line.contains("abort"))
        .collect();
    assert!(
        aborting.is_empty(),
        "Cargo.toml makes a profile abort on panic ({aborting:?}): a panicking command would close the window and lose its rollback"
    );
    assert!(
        manifest.contains("[profile.release]"),
        "Cargo.toml has no release profile to check"
    );
}
