//! One window per library: a second start of Bagless on the same data
//! folder brings the running window forward and exits.
//!
//! The window that runs holds a lock file in the data folder for as long as
//! it runs (the system lets it go when the process ends, however it ends),
//! and answers on a socket beside it. A second start finds the lock taken,
//! knocks on the socket and exits. Kept here rather than through a D-Bus
//! name (tauri-plugin-single-instance): no session bus needed, one window
//! per data folder rather than per desktop session, and a release binary
//! 1.5 MB smaller without a D-Bus stack it used for nothing else (issue 31).

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Read, Write};
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::Path;
use std::time::Duration;
use tauri::plugin::{Builder, TauriPlugin};
use tauri::{AppHandle, Manager, Runtime};

/// The lock the running window holds, in the data folder.
const LOCK: &str = "bagless-window.lock";
/// Where the running window listens for a second start, beside it.
const SOCKET: &str = "bagless-window.sock";
/// How long a second start waits for the running window to answer (it may
/// be starting too) before it opens a window of its own.
const KNOCK_FOR: Duration = Duration::from_secs(3);
/// What a second start sends, and the running window answers.
const KNOCK: &[u8] = b"show\n";
const ANSWER: &[u8] = b"shown\n";

/// The lock, kept for as long as the app runs.
struct Held(#[allow(dead_code)] File);

/// The plugin: first of all, before the window is made.
pub fn init<R: Runtime>() -> TauriPlugin<R> {
    Builder::new("one-window")
        .setup(|app, _api| {
            let dir = app.path().app_data_dir()?;
            match claim(&dir) {
                Ok(Claim::Ours(lock, listener)) => {
                    app.manage(Held(lock));
                    let app = app.clone();
                    std::thread::Builder::new()
                        .name("bagless-one-window".into())
                        .spawn(move || listen(&app, listener))?;
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

enum Claim {
    /// This start runs the window: the lock, and the socket to answer on.
    Ours(File, UnixListener),
    /// Another start runs it, and was asked to come forward.
    Theirs,
}

fn claim(dir: &Path) -> std::io::Result<Claim> {
    std::fs::create_dir_all(dir)?;
    let lock = OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(dir.join(LOCK))?;
    let socket = dir.join(SOCKET);
    match lock.try_lock() {
        Ok(()) => {
            // A socket left by a window that ended without tidying up.
            match std::fs::remove_file(&socket) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(e),
                _ => {}
            }
            Ok(Claim::Ours(lock, UnixListener::bind(&socket)?))
        }
        Err(TryLockError::WouldBlock) => knock(&socket).map(|()| Claim::Theirs),
        Err(TryLockError::Error(error)) => Err(error),
    }
}

/// Asks the running window to come forward, waiting a moment for it to
/// listen if it is still starting.
fn knock(socket: &Path) -> std::io::Result<()> {
    let began = std::time::Instant::now();
    loop {
        let answered = UnixStream::connect(socket).and_then(|mut stream| {
            stream.set_read_timeout(Some(KNOCK_FOR))?;
            stream.write_all(KNOCK)?;
            let mut answer = [0u8; ANSWER.len()];
            stream.read_exact(&mut answer)?;
            Ok(answer == ANSWER)
        });
        match answered {
            Ok(true) => return Ok(()),
            Ok(false) => {
                return Err(std::io::Error::other(
                    "the running window answered something else",
                ))
            }
            Err(error) if began.elapsed() >= KNOCK_FOR => return Err(error),
            Err(_) => std::thread::sleep(Duration::from_millis(50)),
        }
    }
}

/// Brings the window forward at each knock.
fn listen<R: Runtime>(app: &AppHandle<R>, listener: UnixListener) {
    for stream in listener.incoming() {
        let Ok(mut stream) = stream else { continue };
        let _ = stream.set_read_timeout(Some(KNOCK_FOR));
        let mut knock = [0u8; KNOCK.len()];
        if stream.read_exact(&mut knock).is_err() || knock != KNOCK {
            continue;
        }
        if let Some(window) = app.get_webview_window("main") {
            let _ = window.unminimize();
            let _ = window.show();
            let _ = window.set_focus();
        }
        let _ = stream.write_all(ANSWER);
    }
}
