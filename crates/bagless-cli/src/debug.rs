//! `bagless debug-record-loop`, hidden from the help: the writer the crash
//! tests kill. It cycles through the kinds of write a player makes (an
//! attempt, a rename, an HQ sticker, an undo) and prints "committed <seq>"
//! once each write is committed, so the test knows what must survive.

use crate::commands::open_existing;
use crate::Failure;
use bagless_app::Packs;
use bagless_core::campaign::{
    decide, last_undoable, AttemptInput, Campaign, Command, Context, Difficulty, Event,
    EventEnvelope, Outcome, XpGained,
};
use bagless_core::Pack;
use chrono::{DateTime, Utc};
use std::io::Write;
use std::path::Path;

pub fn record_loop(library_path: &Path, campaign: &str, count: Option<u64>) -> Result<(), Failure> {
    let mut library = open_existing(library_path)?;
    let packs = Packs::builtin();
    let mut out = std::io::stdout().lock();
    for step in 0..count.unwrap_or(u64::MAX) {
        let stored = library.load(campaign)?;
        let pack = packs.get(&stored.record.pack_id)?;
        let now = Utc::now();
        // Only undo needs the log; reading it every time would slow the loop.
        let log = if step % 4 == 3 {
            library.events(campaign)?
        } else {
            Vec::new()
        };
        let events = next_write(step, &stored.state, pack, &log, now);
        let seq = library.append(campaign, stored.record.last_seq, &events, now)?;
        writeln!(out, "committed {seq}")?;
        out.flush()?;
    }
    Ok(())
}

/// The events of write number `step`; a rename whenever the planned write
/// is not possible (the campaign finished, nothing to undo…).
fn next_write(
    step: u64,
    state: &Campaign,
    pack: &Pack,
    log: &[EventEnvelope],
    now: DateTime<Utc>,
) -> Vec<Event> {
    let command = match step % 4 {
        0 => state.next_memory(pack).map(|memory| {
            Command::RecordAttempt(AttemptInput {
                memory: memory.to_string(),
                outcome: Outcome::Success,
                difficulty: Difficulty::Normal,
                xp: XpGained::default(),
                sync_met: false,
                stickers: vec![],
                played_on: now.date_naive(),
                notes: format!("write {step}"),
                eliminated: vec![],
            })
        }),
        2 => {
            let number = (step / 4 % 9) as u8 + 1;
            Some(Command::SetHqSticker {
                number,
                marked: !state.hq_stickers.contains(&number),
            })
        }
        3 => {
            if let Some(seq) = last_undoable(log) {
                return vec![Event::EntryUndone { seq }];
            }
            None
        }
        _ => None,
    };
    command
        .and_then(|command| decide(state, pack, &command, &Context { now }).ok())
        .unwrap_or_else(|| {
            vec![Event::CampaignRenamed {
                name: format!("Write {step}"),
            }]
        })
}
