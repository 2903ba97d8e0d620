//! One window per library (`bagless_app::one_window`), on real files and
//! sockets: the first start takes the data folder, a second one has it come
//! forward and leaves, two at once leave one window, a folder whose window
//! ended (even killed, its socket left behind) is taken again, a window
//! closing lets the next start take over, and a holder that never answers
//! keeps a second window off the library.

use bagless_app::one_window::{claim, Claim, Door, Refused, LOCK, SOCKET};
use std::sync::mpsc;
use std::time::{Duration, Instant};

const WAIT: Duration = Duration::from_secs(3);

fn ours(claimed: Result<Claim, Refused>) -> Door {
    match claimed.expect("the folder can be claimed") {
        Claim::Ours(door) => door,
        Claim::Theirs => panic!("another window was found where none runs"),
    }
}

/// Another app's hold on `dir`, by hand: its lock taken and its socket
/// listening, with no one answering yet.
fn held(dir: &std::path::Path) -> (std::fs::File, std::os::unix::net::UnixListener) {
    let lock = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(dir.join(LOCK))
        .unwrap();
    lock.try_lock().unwrap();
    let listener = std::os::unix::net::UnixListener::bind(dir.join(SOCKET)).unwrap();
    (lock, listener)
}

/// The window, on a thread of its own: each knock is told on the channel.
fn run(door: Door) -> mpsc::Receiver<()> {
    let (knocked, heard) = mpsc::channel();
    std::thread::spawn(move || {
        door.answer_knocks(move || {
            let _ = knocked.send(());
            true
        })
    });
    heard
}

#[test]
fn a_second_start_brings_the_running_window_forward_and_leaves() {
    let dir = tempfile::tempdir().unwrap();
    let heard = run(ours(claim(dir.path(), WAIT)));
    for _ in 0..2 {
        assert!(
            matches!(claim(dir.path(), WAIT), Ok(Claim::Theirs)),
            "a second start hands over"
        );
        heard
            .recv_timeout(WAIT)
            .expect("the running window was asked to come forward");
    }
}

#[test]
fn two_starts_at_once_leave_one_window() {
    let dir = tempfile::tempdir().unwrap();
    let starts: Vec<_> = (0..2)
        .map(|_| {
            let path = dir.path().to_path_buf();
            std::thread::spawn(move || match claim(&path, WAIT) {
                Ok(Claim::Ours(door)) => {
                    // The window answers the other start, then runs on.
                    std::thread::spawn(move || door.answer_knocks(|| true));
                    "ours"
                }
                Ok(Claim::Theirs) => "theirs",
                Err(refused) => panic!("{refused}"),
            })
        })
        .collect();
    let mut found: Vec<_> = starts.into_iter().map(|s| s.join().unwrap()).collect();
    found.sort_unstable();
    assert_eq!(found, ["ours", "theirs"]);
}

#[test]
fn a_folder_whose_window_ended_is_taken_again_despite_its_socket_left_behind() {
    let dir = tempfile::tempdir().unwrap();
    let door = ours(claim(dir.path(), WAIT));
    // The window ends without tidying up (a kill): its lock goes with it,
    // its socket stays.
    drop(door);
    assert!(dir.path().join(SOCKET).exists());
    let heard = run(ours(claim(dir.path(), WAIT)));
    assert!(matches!(claim(dir.path(), WAIT), Ok(Claim::Theirs)));
    heard.recv_timeout(WAIT).unwrap();
}

#[test]
fn a_start_while_the_window_closes_waits_and_takes_the_folder() {
    use std::io::{Read, Write};
    let dir = tempfile::tempdir().unwrap();
    // An app whose window has closed, still ending: it holds the lock,
    // answers a knock with "gone", then ends and lets the folder go.
    let (lock, listener) = held(dir.path());
    let ending = std::thread::spawn(move || {
        let (mut stream, _) = listener.accept().unwrap();
        let mut knock = [0u8; 5];
        stream.read_exact(&mut knock).unwrap();
        stream.write_all(b"gone!\n").unwrap();
        std::thread::sleep(Duration::from_millis(200));
        drop(lock);
    });
    let door = ours(claim(dir.path(), WAIT));
    ending.join().unwrap();
    // The new window is the one a third start finds.
    let heard = run(door);
    assert!(matches!(claim(dir.path(), WAIT), Ok(Claim::Theirs)));
    heard.recv_timeout(WAIT).unwrap();
}

#[test]
fn a_holder_that_never_answers_keeps_a_second_window_off_the_library() {
    let dir = tempfile::tempdir().unwrap();
    // The lock held, and a socket that takes the knock but never answers.
    let _held = held(dir.path());
    let wait = Duration::from_millis(400);
    let began = Instant::now();
    let claimed = claim(dir.path(), wait);
    let took = began.elapsed();
    assert!(matches!(claimed, Err(Refused::NoAnswer)), "{claimed:?}");
    assert!(took >= wait, "it waited for the holder first ({took:?})");
    assert!(took < wait * 3, "and not much longer ({took:?})");
}
