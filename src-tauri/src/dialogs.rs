//! The system's file choosers. Import opens one filtered to Bagless exports,
//! Export a "Save as" one proposing the campaign's name and date (the
//! evening's picture one proposing `bagless-evening-<date>.png`); the path
//! chosen comes back here and goes to `bagless-app`, which refuses anything
//! but a regular file. Titles arrive from the UI, in the players' language.
//!
//! A native chooser cannot be driven through WebDriver: built with the
//! `e2e-hooks` feature (the end-to-end tests' build, never the .deb), the
//! choice is read from the file named by `BAGLESS_E2E_CHOOSER` instead: its
//! first line is the path chosen, an empty file is a cancel, and no file is
//! the players accepting what the chooser proposed (a save under the
//! suggested name; an open chooser proposes nothing, so that is a cancel).

use std::path::{Path, PathBuf};
use tauri::AppHandle;
use tauri_plugin_dialog::DialogExt;

/// The file the players chose to import, or `None` if they cancelled.
pub fn choose_import(app: &AppHandle, folder: &Path, title: &str, filter: &str) -> Option<PathBuf> {
    #[cfg(feature = "e2e-hooks")]
    if let Some(choice) = hooked() {
        return choice.unwrap_or(None);
    }
    app.dialog()
        .file()
        .set_title(title)
        .add_filter(filter, &["json"])
        .set_directory(folder)
        .blocking_pick_file()?
        .into_path()
        .ok()
}

/// Where the players chose to save an export, or `None` if they cancelled.
pub fn choose_export(
    app: &AppHandle,
    suggestion: &Path,
    title: &str,
    filter: &str,
) -> Option<PathBuf> {
    choose_save(app, suggestion, title, filter, "json")
}

/// Where the players chose to save the evening's picture (a PNG), or `None`.
pub fn choose_picture(
    app: &AppHandle,
    suggestion: &Path,
    title: &str,
    filter: &str,
) -> Option<PathBuf> {
    choose_save(app, suggestion, title, filter, "png")
}

/// A "Save as" chooser proposing `suggestion`, its files filtered to `extension`.
fn choose_save(
    app: &AppHandle,
    suggestion: &Path,
    title: &str,
    filter: &str,
    extension: &str,
) -> Option<PathBuf> {
    #[cfg(feature = "e2e-hooks")]
    if let Some(choice) = hooked() {
        return choice.unwrap_or_else(|| Some(suggestion.to_path_buf()));
    }
    let mut chooser = app
        .dialog()
        .file()
        .set_title(title)
        .add_filter(filter, &[extension]);
    if let Some(folder) = suggestion.parent() {
        chooser = chooser.set_directory(folder);
    }
    if let Some(name) = suggestion.file_name() {
        chooser = chooser.set_file_name(name.to_string_lossy());
    }
    chooser.blocking_save_file()?.into_path().ok()
}

#[cfg(feature = "e2e-hooks")]
/// `None`: no hook. `Some(None)`: the players accepted the proposal.
/// `Some(Some(choice))`: a path, or `None` for a cancel.
fn hooked() -> Option<Option<Option<PathBuf>>> {
    let file = std::env::var_os("BAGLESS_E2E_CHOOSER")?;
    let Ok(text) = std::fs::read_to_string(file) else {
        return Some(None);
    };
    let line = text.lines().next().unwrap_or_default().trim().to_string();
    Some(Some((!line.is_empty()).then(|| PathBuf::from(line))))
}
