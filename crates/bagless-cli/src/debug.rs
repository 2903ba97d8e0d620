//! `bagless debug-record-loop`, hidden from the help: the writer the crash
//! tests kill. It cycles through the kinds of write a player makes (an
//! attempt, a rename, an HQ sticker, an undo), each through the app's
//! use-case as the window makes it, and prints "committed <seq>" once each
//! write is committed, so the test knows what must survive.

use crate::commands::open_existing;
use crate::Failure;
use bagless_app::{App, AppError, AttemptInput};
use bagless_bov::campaign::{Difficulty, Outcome, XpGained};
use std::io::Write;
use std::path::Path;

pub fn record_loop(library_path: &Path, campaign: &str, count: Option<u64>) -> Result<(), Failure> {
    let app = open_existing(library_path)?;
    let mut out = std::io::stdout().lock();
    for step in 0..count.unwrap_or(u64::MAX) {
        write(&app, campaign, step)?;
        writeln!(out, "committed {}", last_seq(&app, campaign)?)?;
        out.flush()?;
    }
    Ok(())
}

/// Write number `step`; a rename whenever the planned write is not
/// possible (the campaign finished, nothing to undo…).
fn write(app: &App, campaign: &str, step: u64) -> Result<(), AppError> {
    let diary = app.open_diary(campaign)?;
    let planned = match step % 4 {
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
                    notes: format!("write {step}"),
                    eliminated: vec![],
                },
            )
            .map(drop)
        }),
        2 => {
            let number = (step / 4 % 9) as u8 + 1;
            let marked = diary
                .hq_stickers
                .iter()
                .any(|s| s.number == number && s.marked);
            Some(app.set_hq_sticker(campaign, number, !marked).map(drop))
        }
        3 if app.history(campaign, Some(1))?.can_undo => {
            Some(app.undo(campaign, bagless_app::Screen::History).map(drop))
        }
        _ => None,
    };
    match planned {
        Some(Ok(())) => Ok(()),
        Some(Err(error)) if error.code != "rules" => Err(error),
        // Not possible now, or refused by the rules: a rename instead.
        _ => app
            .rename_campaign(campaign, &format!("Write {step}"))
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
