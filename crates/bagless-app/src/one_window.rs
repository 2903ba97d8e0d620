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
use std::io::{Read, Write};
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::Path;
use std::time::{Duration, Instant};

/// The lock the running window holds, in the data folder.
pub const LOCK: &str = "bagless-window.lock";
/// Where the running window listens for a second start, beside it.
pub const SOCKET: &str = "bagless-window.sock";
/// How long a second start waits for the running window to answer (it may
/// be starting too) before it opens a window of its own.
pub const KNOCK_FOR: Duration = Duration::from_secs(3);
/// What a second start sends, and the running window answers.
const KNOCK: &[u8] = b"show\n";
const ANSWER: &[u8] = b"shown\n";

/// What a start found in the data folder.
#[derive(Debug)]
pub enum Claim {
    /// This start runs the window: it holds the lock, and answers knocks.
    Ours(Door),
    /// Another start runs it, and was asked to come forward.
    Theirs,
}

/// The running window's hold on its data folder: the lock, kept as long as
/// this value lives, and the socket a second start knocks on.
#[derive(Debug)]
pub struct Door {
    _lock: File,
    listener: UnixListener,
}

impl Door {
    /// Answers each knock, after `on_knock` (the window brought forward),
    /// for as long as the app runs: give it a thread of its own.
    pub fn answer_knocks(self, mut on_knock: impl FnMut()) {
        for stream in self.listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            let _ = stream.set_read_timeout(Some(KNOCK_FOR));
            let mut knock = [0u8; KNOCK.len()];
            if stream.read_exact(&mut knock).is_err() || knock != KNOCK {
                continue;
            }
            on_knock();
            let _ = stream.write_all(ANSWER);
        }
    }
}

/// Takes the data folder `dir` for this start's window, or asks the window
/// that has it to come forward (waiting `wait` at most for its answer). An
/// error when neither can be done: the caller opens a window of its own
/// rather than none.
pub fn claim(dir: &Path, wait: Duration) -> std::io::Result<Claim> {
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
            let listener = UnixListener::bind(&socket)?;
            Ok(Claim::Ours(Door {
                _lock: lock,
                listener,
            }))
        }
        Err(TryLockError::WouldBlock) => knock(&socket, wait).map(|()| Claim::Theirs),
        Err(TryLockError::Error(error)) => Err(error),
    }
}

/// Asks the running window to come forward, waiting a moment for it to
/// listen if it is still starting.
fn knock(socket: &Path, wait: Duration) -> std::io::Result<()> {
    let began = Instant::now();
    loop {
        let answered = UnixStream::connect(socket).and_then(|mut stream| {
            stream.set_read_timeout(Some(wait.max(Duration::from_millis(1))))?;
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
            Err(error) if began.elapsed() >= wait => return Err(error),
            Err(_) => std::thread::sleep(Duration::from_millis(50)),
        }
    }
}
