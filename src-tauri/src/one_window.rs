//! One window per library (`bagless_app::one_window`): the plugin that asks
//! first of all, before the window is made, and brings the window forward
//! when a second start knocks. Its words go to the error output: the log
//! plugin is not set up yet when it runs.

use bagless_app::one_window::{claim, Claim, Refused, KNOCK_FOR};
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
                                let Some(window) = app.get_webview_window(crate::MAIN_WINDOW) else {
                                    return false; // closing: the next start waits for it
                                };
                                let _ = window.unminimize();
                                let _ = window.show();
                                let _ = window.set_focus();
                                true
                            })
                        })?;
                }
                Ok(Claim::Theirs) => {
                    eprintln!("bagless: Bagless runs already on this library: its window was brought forward");
                    app.cleanup_before_exit();
                    std::process::exit(0);
                }
                // Never two windows writing to one library.
                Err(refused @ Refused::NoAnswer) => {
                    eprintln!("bagless: {refused}");
                    app.cleanup_before_exit();
                    std::process::exit(1);
                }
                // A window of its own rather than none.
                Err(refused @ Refused::Io(_)) => eprintln!("bagless: one window per library: {refused}"),
            }
            Ok(())
        })
        .build()
}
