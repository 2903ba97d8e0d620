//! The desktop shell: resolves the app data dir, opens the library, and
//! forwards each command to `bagless-app` in one line.

// No console window on Windows in release builds.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

mod commands;

use bagless_app::{App, AppDirs, LibraryLock};
use tauri::Manager;

/// The window's hold on its library, for as long as the app runs: the
/// `bagless` command refuses to restore or import under it.
struct Held(#[allow(dead_code)] Option<LibraryLock>);

fn main() {
    tauri::Builder::default()
        .setup(|app| {
            let dirs = AppDirs {
                data_dir: app.path().app_data_dir()?,
            };
            app.manage(Held(LibraryLock::acquire(&dirs.library()).ok()));
            // Opened while the window starts: the first command waits for it.
            let opened: commands::Shared =
                std::sync::Arc::new(App::open_in_background(dirs, bagless_app::now));
            app.manage(opened);
            Ok(())
        })
        .invoke_handler(commands::handler())
        .run(tauri::generate_context!())
        .expect("Bagless could not start its window");
}
