//! One window per library (`bagless_app::one_window`), on real files and
//! sockets: the first start takes the data folder, a second one asks it to
//! come forward and leaves, a folder whose window ended (even killed, its
//! socket left behind) is taken again, and a window that does not answer
//! leaves the second start free to open its own.

use bagless_app::one_window::{claim, Claim, LOCK, SOCKET};
use std::sync::mpsc;
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(3);

fn ours(claimed: std::io::Result<Claim>) -> bagless_app::one_window::Door {
    match claimed.expect("the folder can be claimed") {
        Claim::Ours(door) => door,
        Claim::Theirs => panic!("another window was found where none runs"),
    }
}

#[test]
fn a_second_start_brings_the_running_window_forward_and_leaves() {
    let dir = tempfile::tempdir().unwrap();
    let door = ours(claim(dir.path(), WAIT));
    let (knocked, heard) = mpsc::channel();
    std::thread::spawn(move || door.answer_knocks(move || knocked.send(()).unwrap()));

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
fn a_folder_whose_window_ended_is_taken_again_despite_its_socket_left_behind() {
    let dir = tempfile::tempdir().unwrap();
    let door = ours(claim(dir.path(), WAIT));
    // The window ends without tidying up (a kill): its lock goes with it,
    // its socket stays.
    drop(door);
    assert!(dir.path().join(SOCKET).exists());
    let door = ours(claim(dir.path(), WAIT));
    let (knocked, heard) = mpsc::channel();
    std::thread::spawn(move || door.answer_knocks(move || knocked.send(()).unwrap()));
    assert!(matches!(claim(dir.path(), WAIT), Ok(Claim::Theirs)));
    heard.recv_timeout(WAIT).unwrap();
}

#[test]
fn a_window_that_does_not_answer_leaves_the_second_start_its_own() {
    let dir = tempfile::tempdir().unwrap();
    // The lock held, and no one listening on the socket.
    let lock = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(dir.path().join(LOCK))
        .unwrap();
    lock.try_lock().unwrap();
    let began = std::time::Instant::now();
    let claimed = claim(dir.path(), Duration::from_millis(300));
    assert!(claimed.is_err(), "an error, for a window of its own");
    assert!(
        began.elapsed() >= Duration::from_millis(300),
        "it waited for the running window first"
    );
}
