//! The desktop shell: resolves the app data dir, opens the library, and
//! forwards each command to `bagless-app` in one line. It is also where the
//! app behaves as a desktop citizen: one window per library (a second start
//! brings the first window forward), the window's size and place remembered,
//! logs in the app's log folder, and the system's file choosers.

// No console window on Windows in release builds.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

mod commands;
mod dialogs;
#[cfg(feature = "e2e-hooks")]
mod e2e;
#[cfg(unix)]
mod one_window;

use bagless_app::{App, AppDirs, LibraryLock};
use tauri::{Manager, WindowEvent};
use tauri_plugin_log::{RotationStrategy, Target, TargetKind};
use tauri_plugin_window_state::{AppHandleExt, StateFlags};

/// The window's hold on its library, for as long as the app runs: the
/// `bagless` command refuses to restore or import under it.
struct Held(#[allow(dead_code)] Option<LibraryLock>);

/// Logs kept: the current file and the 4 before it, 1 MiB each.
const LOG_FILES: usize = 4;
const LOG_FILE_BYTES: u128 = 1024 * 1024;

fn main() {
    paint_without_compositing();
    let builder = tauri::Builder::default();
    // First: a second start hands over to the running window and exits.
    #[cfg(unix)]
    let builder = builder.plugin(one_window::init());
    builder
        .plugin(
            tauri_plugin_log::Builder::new()
                .targets([Target::new(TargetKind::LogDir { file_name: None })])
                .level(log::LevelFilter::Info)
                .max_file_size(LOG_FILE_BYTES)
                .rotation_strategy(RotationStrategy::KeepSome(LOG_FILES))
                .build(),
        )
        // The window is made hidden (tauri.conf.json), given its last size
        // and place, then shown (`show_placed`): its size and place are
        // not changed under a page already loading.
        .plugin(
            tauri_plugin_window_state::Builder::default()
                .with_state_flags(PLACED)
                .build(),
        )
        .plugin(tauri_plugin_dialog::init())
        .setup(|app| {
            let dirs = AppDirs {
                data_dir: app.path().app_data_dir()?,
            };
            log::info!("Bagless {} starting", env!("CARGO_PKG_VERSION"));
            let held = LibraryLock::acquire(&dirs.library());
            if let Err(error) = &held {
                log::warn!("library lock: {}", error.message);
            }
            app.manage(Held(held.ok()));
            // Opened while the window starts: the first command waits for it.
            let opened: commands::Shared =
                std::sync::Arc::new(App::open_in_background(dirs, bagless_app::now));
            // Every game's history is checked after the first screen: the
            // window is told when the check ends, to show what it found.
            let checked = opened.clone();
            let window = app.handle().clone();
            std::thread::Builder::new()
                .name("bagless-checked".into())
                .spawn(move || {
                    checked.wait_for_check();
                    let _ = tauri::Emitter::emit(&window, "library-checked", ());
                    // Then every history decided again, at most once a day.
                    if checked.check_histories_if_due() {
                        let _ = tauri::Emitter::emit(&window, "library-checked", ());
                    }
                })?;
            // The players' phones (issue 32): their pages come from the UI
            // build the app embeds, served only while a table is open
            // (on 127.0.0.1 in the end-to-end tests' build).
            let resolver = app.asset_resolver();
            let assets: bagless_seats::Assets = std::sync::Arc::new(move |path: &str| {
                resolver
                    .get(path.to_string())
                    .map(|asset| bagless_seats::Asset {
                        bytes: asset.bytes,
                        mime: asset.mime_type,
                    })
            });
            let bind = if cfg!(feature = "e2e-hooks") {
                bagless_seats::tables::Bind::Loopback
            } else {
                bagless_seats::tables::Bind::LocalNetwork
            };
            // A seat's action from a phone: the window shows the game again.
            let host = app.handle().clone();
            let acted: bagless_seats::Acted = std::sync::Arc::new(move |game_id: &str| {
                let _ = tauri::Emitter::emit(&host, "seat-acted", game_id);
            });
            app.manage(bagless_seats::tables::Tables::new(
                opened.clone(),
                assets,
                bind,
                acted,
            ));
            app.manage(opened);
            show_placed(app.handle())?;
            #[cfg(feature = "e2e-hooks")]
            e2e::watch_drops(app.handle().clone());
            Ok(())
        })
        // The size and place are saved as they change, not only at a clean
        // exit: a window closed by a crash or a kill reopens as it was.
        .on_window_event(|window, event| {
            if matches!(event, WindowEvent::Resized(_) | WindowEvent::Moved(_)) {
                let _ = window.app_handle().save_window_state(PLACED);
            }
        })
        .invoke_handler(commands::handler())
        .run(tauri::generate_context!())
        .expect("Bagless could not start its window");
}

/// What is kept of the window between starts: all but whether it is
/// shown, which `show_placed` decides.
const PLACED: StateFlags = StateFlags::all().difference(StateFlags::VISIBLE);

/// The window's label: tauri.conf.json's window, and the one
/// capabilities/main-window.json allows.
const MAIN_WINDOW: &str = "main";

/// Shows the main window, made hidden and then given its last size and
/// place by the window-state plugin. Restored on a window already shown,
/// that size and place changed under a page already loading, and the app's
/// process and WebKit's web process could wait on each other until WebKit
/// gave up after half a second (seen painting without compositing, with
/// `strace`): on the 21-game library, 1 start in 10 came 500 ms late so, and
/// 3 in 10 in a build whose window came up sooner; none was seen in 16 with
/// the window placed before it is shown.
fn show_placed(app: &tauri::AppHandle) -> tauri::Result<()> {
    let Some(window) = app.get_webview_window(MAIN_WINDOW) else {
        log::error!("the main window was not made: nothing to show");
        return Err(tauri::Error::WindowNotFound);
    };
    // The plugin maximizes a window in idle steps, after it is shown: a
    // window left maximized is maximized here, before it shows.
    #[cfg(target_os = "linux")]
    if left_maximized(app) {
        use gtk::prelude::GtkWindowExt;
        match window.gtk_window() {
            Ok(gtk_window) => gtk_window.maximize(),
            Err(error) => log::warn!("the main window could not be maximized: {error}"),
        }
    }
    window.show().inspect_err(|error| {
        log::error!("the main window could not be shown: {error}");
    })
}

/// Whether the main window was maximized when the app last closed, as the
/// window-state plugin saved it (`{"main": {"maximized": true, ...}}`);
/// false when that cannot be read.
#[cfg(target_os = "linux")]
fn left_maximized(app: &tauri::AppHandle) -> bool {
    let Ok(dir) = app.path().app_config_dir() else {
        return false;
    };
    std::fs::read(dir.join(app.filename()))
        .ok()
        .and_then(|bytes| serde_json::from_slice::<serde_json::Value>(&bytes).ok())
        .and_then(|saved| saved.get(MAIN_WINDOW)?.get("maximized")?.as_bool())
        .unwrap_or(false)
}

/// WebKitGTK paints the window without its accelerated compositing mode
/// (issue 31: idle memory). In that mode the web process kept a GL context
/// and a backing store per layer: on the 21-game library its memory went
/// from 226 MB (121 MB anonymous) to 118 MB (39 MB), below the empty Tauri
/// window's, and the RISK map still redraws within a frame (`make bench`).
/// Screens of forms and one board need no compositor. Set only when the
/// player has not said otherwise: `WEBKIT_DISABLE_COMPOSITING_MODE=0` turns
/// compositing back on. The end-to-end build keeps the compositor:
/// WebKitWebDriver's screenshots wait for a composited frame and never come
/// back without it (the same page, painted the other way).
fn paint_without_compositing() {
    #[cfg(all(target_os = "linux", not(feature = "e2e-hooks")))]
    if std::env::var_os("WEBKIT_DISABLE_COMPOSITING_MODE").is_none() {
        // Before any thread starts (the webview's included).
        std::env::set_var("WEBKIT_DISABLE_COMPOSITING_MODE", "1");
    }
}
