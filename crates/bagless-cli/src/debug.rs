//! `bagless debug-record-loop`, hidden from the help: the writer the crash
//! tests kill. It writes to each game it is given in turn (a Brotherhood of
//! Venice campaign, a game of RISK, of Assassin Nation, a memory in play),
//! each write through the app's use-case as the window makes it, and prints
//! "committed <id> <seq>" once each write is committed, <seq> being the seq
//! of the game's last event, so the test knows what must survive.

use crate::commands::open_existing;
use crate::Failure;
use bagless_app::{App, AppError, AttemptInput, MemoryCommand, NationCommand, RiskCommand};
use bagless_bov::campaign::{Difficulty, Outcome, XpGained};
use std::io::Write;
use std::path::Path;

/// `games` are (kind, id) pairs; kinds are "bov", "risk", "nation" and
/// "memory" (the command line checked them).
pub fn record_loop(
    library_path: &Path,
    games: &[(String, String)],
    count: Option<u64>,
) -> Result<(), Failure> {
    let app = open_existing(library_path)?;
    let mut out = std::io::stdout().lock();
    // The seq of each game's last event, once this run knows it.
    let mut known: Vec<Option<u32>> = vec![None; games.len()];
    // Each run starts at another game, so that short runs (killed soon
    // after they start) still write to every game.
    let first = std::process::id() as usize % games.len();
    for step in 0..count.unwrap_or(u64::MAX) {
        let at = (first + step as usize) % games.len();
        let round = step / games.len() as u64;
        let (kind, id) = &games[at];
        known[at] = match kind.as_str() {
            "bov" => {
                write(&app, id, round)?;
                Some(last_seq(&app, id)?)
            }
            _ => write_game(&app, kind, id, round, known[at])?,
        };
        if let Some(seq) = known[at] {
            writeln!(out, "committed {id} {seq}")?;
            out.flush()?;
        }
    }
    Ok(())
}

/// Write number `round` to a campaign; a rename whenever the planned write
/// is not possible (the campaign finished, nothing to undo…).
fn write(app: &App, campaign: &str, round: u64) -> Result<(), AppError> {
    let diary = app.open_diary(campaign)?;
    let planned = match round % 4 {
        0 => diary.next.map(|next| {
            let now = bagless_app::now();
            app.record_attempt(
                campaign,
                AttemptInput {
                    memory: next.memory,
                    outcome: Outcome::Success,
                    difficulty: Difficulty::Normal,
                    xp: XpGained::default(),
                    sync_met: false,
                    stickers: vec![],
                    played_on: now.date_naive(),
                    notes: format!("write {round}"),
                    eliminated: vec![],
                },
            )
            .map(drop)
        }),
        2 => {
            let number = (round / 4 % 9) as u8 + 1;
            let marked = diary
                .hq_stickers
                .iter()
                .any(|s| s.number == number && s.marked);
            Some(app.set_hq_sticker(campaign, number, !marked).map(drop))
        }
        3 if app.history(campaign, Some(1))?.can_undo => {
            Some(app.undo(campaign, bagless_app::Screen::Diary).map(drop))
        }
        _ => None,
    };
    match planned {
        Some(Ok(())) => Ok(()),
        Some(Err(error)) if error.code != "rules" => Err(error),
        // Not possible now, or refused by the rules: a rename instead.
        _ => app
            .rename_campaign(campaign, &format!("Write {round}"))
            .map(drop),
    }
}

/// The seq of the campaign's last event.
fn last_seq(app: &App, campaign: &str) -> Result<u32, AppError> {
    app.stored_campaigns()?
        .into_iter()
        .find(|c| c.id == campaign)
        .map(|c| c.last_seq)
        .ok_or_else(|| AppError::new("no_such_campaign", "There is no such campaign."))
}

/// The kinds of write made to a game other than a campaign.
#[derive(Clone, Copy)]
enum Step {
    /// A command of the players the rules accept now.
    Act,
    Undo,
    Redo,
    Rename,
}

/// Write number `round` to the game `id` of `kind`: in turn a command,
/// undo, redo, undo and a rename (a memory in play has no name of its own:
/// a command instead), so the game stays where it was and a command stays
/// possible. A write the rules refuse now is replaced by an undo, else a
/// command, else a rename. Answers the seq of the game's last event after
/// it, from `known`, the seq before it (`None`: not known yet).
fn write_game(
    app: &App,
    kind: &str,
    id: &str,
    round: u64,
    known: Option<u32>,
) -> Result<Option<u32>, AppError> {
    let planned = match round % 5 {
        0 => Step::Act,
        1 | 3 => Step::Undo,
        2 => Step::Redo,
        _ => Step::Rename,
    };
    for step in [planned, Step::Undo, Step::Act, Step::Rename] {
        match make(app, kind, id, step, round) {
            None => continue,
            Some(Err(error)) if error.code == "rules" => continue,
            Some(Err(error)) => return Err(error),
            Some(Ok(())) => {
                return Ok(match step {
                    // The command's events are the log's newest: its step
                    // and what it derived, the history's newest.
                    Step::Act => Some(newest_listed_seq(app, kind, id)?),
                    // One marker each.
                    Step::Undo | Step::Redo => known.map(|seq| seq + 1),
                    // The library's name: no event.
                    Step::Rename => known,
                });
            }
        }
    }
    Err(AppError::new(
        "debug_no_write",
        format!("No write is possible in the game {id}."),
    ))
}

/// One write to a game; `None` when the game has no such write.
fn make(app: &App, kind: &str, id: &str, step: Step, round: u64) -> Option<Result<(), AppError>> {
    let name = format!("Write {round}");
    let made = match (kind, step) {
        ("risk", Step::Act) => risk_command(app, id, round)
            .and_then(|command| app.risk_act(id, command))
            .map(drop),
        ("risk", Step::Undo) => app.risk_undo(id).map(drop),
        ("risk", Step::Redo) => app.risk_redo(id).map(drop),
        ("risk", Step::Rename) => app.risk_rename(id, &name).map(drop),
        ("nation", Step::Act) => nation_command(app, id, round)
            .and_then(|command| app.nation_act(id, command))
            .map(drop),
        ("nation", Step::Undo) => app.nation_undo(id).map(drop),
        ("nation", Step::Redo) => app.nation_redo(id).map(drop),
        ("nation", Step::Rename) => app.nation_rename(id, &name).map(drop),
        ("memory", Step::Act | Step::Rename) => memory_command(app, id)
            .and_then(|command| app.memory_act(id, command))
            .map(drop),
        ("memory", Step::Undo) => app.memory_undo(id).map(drop),
        ("memory", Step::Redo) => app.memory_redo(id).map(drop),
        _ => return None,
    };
    Some(made)
}

/// RISK: one assassin placed on a territory of the player whose turn it
/// is while some are to place, else a territory's count corrected.
fn risk_command(app: &App, id: &str, round: u64) -> Result<RiskCommand, AppError> {
    let view = app.risk_open(id)?.view;
    let mine = view
        .territories
        .iter()
        .find(|t| t.owner.is_some() && t.owner == view.current);
    Ok(match mine {
        Some(territory) if view.pool > 0 => RiskCommand::Place {
            territory: territory.id,
            count: 1,
        },
        _ => {
            let territory = &view.territories[round as usize % view.territories.len()];
            RiskCommand::Adjust {
                territory: territory.id,
                owner: None,
                assassins: if territory.assassins == 1 { 2 } else { 1 },
                reason: format!("write {round}"),
            }
        }
    })
}

/// Assassin Nation: the first player's cash corrected (tokens are $1,000).
fn nation_command(app: &App, id: &str, round: u64) -> Result<NationCommand, AppError> {
    let view = app.nation_open(id)?.view;
    let first = view.players.first().ok_or_else(|| {
        AppError::new(
            "debug_no_write",
            "The game of Assassin Nation has no player.",
        )
    })?;
    Ok(NationCommand::Adjust {
        player: first.seat,
        cash: if first.cash == 1000 { 2000 } else { 1000 },
        debt: first.debt,
        reason: format!("write {round}"),
    })
}

/// A memory in play: the difficulty switched.
fn memory_command(app: &App, id: &str) -> Result<MemoryCommand, AppError> {
    let view = app.memory_open(id)?.view;
    Ok(MemoryCommand::SetDifficulty { easy: !view.easy })
}

/// The seq of the newest event the game's history lists: its newest
/// step's, after what it derived (written with it, one event per line).
fn newest_listed_seq(app: &App, kind: &str, id: &str) -> Result<u32, AppError> {
    let history = match kind {
        "risk" => app.risk_history(id)?,
        "nation" => app.nation_history(id)?,
        _ => app.memory_history(id)?,
    };
    history
        .entries
        .first()
        .map(|entry| entry.seq + entry.details.len() as u32)
        .ok_or_else(|| AppError::new("debug_no_write", "The game's history is empty."))
}
