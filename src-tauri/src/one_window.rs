//! One window per library (`bagless_app::one_window`): the plugin that asks
//! first of all, before the window is made, and brings the window forward
//! when a second start knocks.

use bagless_app::one_window::{claim, Claim, KNOCK_FOR};
use tauri::plugin::{Builder, TauriPlugin};
use tauri::{Manager, Runtime};

pub fn init<R: Runtime>() -> TauriPlugin<R> {
    Builder::new("one-window")
        .setup(|app, _api| {
            match claim(&app.path().app_data_dir()?, KNOCK_FOR) {
                Ok(Claim::Ours(door)) => {
                    let app = app.clone();
                    std::thread::Builder::new()
                        .name("bagless-one-window".into())
                        .spawn(move || {
                            door.answer_knocks(|| {
                                if let Some(window) = app.get_webview_window("main") {
                                    let _ = window.unminimize();
                                    let _ = window.show();
                                    let _ = window.set_focus();
                                }
                            })
                        })?;
                }
                Ok(Claim::Theirs) => {
                    log::info!(
                        "Bagless runs already on this library: its window was brought forward"
                    );
                    app.cleanup_before_exit();
                    std::process::exit(0);
                }
                // A window of its own rather than none: the library's own
                // lock still keeps the `bagless` command off it.
                Err(error) => log::warn!("one window per library: {error}"),
            }
            Ok(())
        })
        .build()
}
