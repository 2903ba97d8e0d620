//! A hook of the end-to-end tests' build only (`e2e-hooks`, never the .deb):
//! files dropped onto the window. A drop from the desktop cannot be driven
//! through WebDriver, so this build also takes the paths written to the file
//! named by `BAGLESS_E2E_DROP` (one per line; the test writes it whole, by a
//! rename) and hands them to the window as a drop, the same event the system's
//! drag and drop sends (`tauri://drag-drop`), once each time the file appears.

use serde::Serialize;
use std::time::Duration;
use tauri::{AppHandle, Emitter};

/// How often the file is looked for.
const LOOK_EVERY: Duration = Duration::from_millis(100);

/// A drop's payload, as the window's drop listener reads it.
#[derive(Clone, Serialize)]
struct Dropped {
    paths: Vec<String>,
    position: Position,
}

#[derive(Clone, Serialize)]
struct Position {
    x: f64,
    y: f64,
}

/// Watches `BAGLESS_E2E_DROP`, when it is set, for as long as the app runs.
pub fn watch_drops(app: AppHandle) {
    let Some(file) = std::env::var_os("BAGLESS_E2E_DROP") else {
        return;
    };
    std::thread::spawn(move || loop {
        std::thread::sleep(LOOK_EVERY);
        let Ok(text) = std::fs::read_to_string(&file) else {
            continue;
        };
        let _ = std::fs::remove_file(&file);
        let paths = text
            .lines()
            .map(str::trim)
            .filter(|line| !line.is_empty())
            .map(String::from)
            .collect();
        let dropped = Dropped {
            paths,
            position: Position { x: 0.0, y: 0.0 },
        };
        if let Err(error) = app.emit("tauri://drag-drop", dropped) {
            log::warn!("e2e drop: {error}");
        }
    });
}
