//! `bagless debug-record-loop`, hidden from the help: the writer the crash
//! tests kill. It writes to each game it is given in turn (a Brotherhood of
//! Venice campaign, a game of RISK, of Assassin Nation, a memory in play:
//! whatever the library holds), each write through the app's one door
//! (`App::busy_write`, which finds the game's kind in the library and its
//! rules through the registry, as the window's commands do), and prints
//! "committed <id> <seq>" once each write is committed, <seq> being the seq
//! of the game's last event, so the test knows what must survive.

use crate::commands::open_existing;
use crate::Failure;
use std::io::Write;
use std::path::Path;

/// `games` are the ids of the games to write to.
pub fn record_loop(
    library_path: &Path,
    games: &[String],
    count: Option<u64>,
) -> Result<(), Failure> {
    let app = open_existing(library_path)?;
    let mut out = std::io::stdout().lock();
    // Each run starts at another game, so that short runs (killed soon
    // after they start) still write to every game.
    let first = std::process::id() as usize % games.len();
    for step in 0..count.unwrap_or(u64::MAX) {
        let id = &games[(first + step as usize) % games.len()];
        let round = step / games.len() as u64;
        let seq = app.busy_write(id, round)?;
        writeln!(out, "committed {id} {seq}")?;
        out.flush()?;
    }
    Ok(())
}
