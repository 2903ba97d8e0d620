//! One window per library: a second start of Bagless on the same data
//! folder brings the running window forward and exits.
//!
//! The window that runs holds a lock file in the data folder for as long as
//! it runs (the system lets it go when the process ends, however it ends),
//! and answers on a socket beside it. A second start finds the lock taken,
//! knocks on the socket and exits. The desktop shell asks [`claim`] first of
//! all, before its window is made (src-tauri/src/one_window.rs). Kept here
//! rather than through a D-Bus name: no session bus needed, one window per
//! data folder rather than per desktop session, and no D-Bus stack in the
//! release binary (issue 31).

use std::fs::{File, OpenOptions, TryLockError};
use std::hash::{Hash, Hasher};
use std::io::{Read, Write};
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The lock the running window holds, in the data folder.
pub const LOCK: &str = "bagless-window.lock";
/// Where the running window listens for a second start, beside it.
pub const SOCKET: &str = "bagless-window.sock";
/// How long a second start waits for the running window to answer (it may
/// be starting, or closing) before it gives up.
pub const KNOCK_FOR: Duration = Duration::from_secs(3);
/// What a second start sends, and the running window answers: shown, or
/// gone (its window closed, the app ending).
const KNOCK: &[u8] = b"show\n";
const SHOWN: &[u8] = b"shown\n";
const GONE: &[u8] = b"gone!\n";
/// A socket's path is at most 108 bytes on Linux, its last one a zero.
const SOCKET_PATH_MAX: usize = 107;

/// What a start found in the data folder.
#[derive(Debug)]
pub enum Claim {
    /// This start runs the window: it holds the lock, and answers knocks.
    Ours(Door),
    /// Another start runs it, and brought its window forward.
    Theirs,
}

/// Why a start could not claim the data folder.
#[derive(Debug)]
pub enum Refused {
    /// Another Bagless holds it and did not answer in time: a second window
    /// on the same library must not open.
    NoAnswer,
    /// The folder's lock or socket could not be made: the caller opens a
    /// window of its own rather than none.
    Io(std::io::Error),
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refused::NoAnswer => write!(
                f,
                "Bagless already runs on this library and did not answer: close it, or end it, and start again."
            ),
            Refused::Io(error) => write!(f, "the window's lock or socket could not be made: {error}"),
        }
    }
}

/// The running window's hold on its data folder: the lock, kept as long as
/// this value lives, and the socket a second start knocks on.
#[derive(Debug)]
pub struct Door {
    _lock: File,
    listener: UnixListener,
}

impl Door {
    /// Answers each knock with what `on_knock` says (true: the window was
    /// brought forward; false: there is none any more), for as long as the
    /// app runs: give it a thread of its own.
    pub fn answer_knocks(self, mut on_knock: impl FnMut() -> bool) {
        for stream in self.listener.incoming() {
            let Ok(mut stream) = stream else {
                // Out of file handles, say: not a busy loop.
                std::thread::sleep(Duration::from_millis(50));
                continue;
            };
            let _ = stream.set_read_timeout(Some(KNOCK_FOR));
            let mut knock = [0u8; KNOCK.len()];
            if stream.read_exact(&mut knock).is_err() || knock != KNOCK {
                continue;
            }
            let answer = if on_knock() { SHOWN } else { GONE };
            let _ = stream.write_all(answer);
        }
    }
}

/// Takes the data folder `dir` for this start's window, or has the window
/// that holds it come forward, waiting `wait` at most for it (it may be
/// starting, or ending and letting the folder go).
pub fn claim(dir: &Path, wait: Duration) -> Result<Claim, Refused> {
    std::fs::create_dir_all(dir).map_err(Refused::Io)?;
    let lock = OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(dir.join(LOCK))
        .map_err(Refused::Io)?;
    let socket = socket_path(dir);
    let began = Instant::now();
    loop {
        match lock.try_lock() {
            Ok(()) => return listen(lock, &socket).map(Claim::Ours).map_err(Refused::Io),
            Err(TryLockError::WouldBlock) => {}
            Err(TryLockError::Error(error)) => return Err(Refused::Io(error)),
        }
        let left = wait.saturating_sub(began.elapsed());
        if knock(&socket, left) {
            return Ok(Claim::Theirs);
        }
        if began.elapsed() >= wait {
            return Err(Refused::NoAnswer);
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The socket beside the lock, or, where that path is too long for a
/// socket, one in the user's runtime folder named after the data folder.
fn socket_path(dir: &Path) -> PathBuf {
    let beside = dir.join(SOCKET);
    if beside.as_os_str().len() <= SOCKET_PATH_MAX {
        return beside;
    }
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    dir.hash(&mut hasher);
    match std::env::var_os("XDG_RUNTIME_DIR") {
        Some(runtime) => {
            PathBuf::from(runtime).join(format!("bagless-{:016x}.sock", hasher.finish()))
        }
        // Binding fails with the path's own error: a window of its own.
        None => beside,
    }
}

fn listen(lock: File, socket: &Path) -> std::io::Result<Door> {
    // A socket left by a window that ended without tidying up.
    match std::fs::remove_file(socket) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(e),
        _ => {}
    }
    let listener = UnixListener::bind(socket)?;
    Ok(Door {
        _lock: lock,
        listener,
    })
}

/// Asks the running window to come forward, waiting `left` at most for
/// its answer: true once it says it did.
fn knock(socket: &Path, left: Duration) -> bool {
    let answered = UnixStream::connect(socket).and_then(|mut stream| {
        stream.set_read_timeout(Some(left.max(Duration::from_millis(1))))?;
        stream.write_all(KNOCK)?;
        let mut answer = [0u8; SHOWN.len()];
        stream.read_exact(&mut answer)?;
        Ok(answer == SHOWN)
    });
    answered.unwrap_or(false)
}
