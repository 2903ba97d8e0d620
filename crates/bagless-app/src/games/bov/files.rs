//! A campaign's export file brought in: every entry in effect decided
//! again by the rules (entries undone before the export are left out), the
//! copy renamed by an entry of its own when its name is taken.

use super::{builtin_packs, Bov};
use crate::files::{free_name, names_in_use};
use crate::{games, new_campaign_id, App, AppError, CampaignSummary, MAX_IMPORT_EVENTS};
use bagless_bov::campaign::{decide, Campaign, Context, Event, EventEnvelope};
use bagless_game::limits::{EARLIEST_YEAR, LATEST_YEAR};
use bagless_store::exchange::{self, GameExport, ImportError};
use chrono::Datelike;

/// A Brotherhood of Venice campaign's export.
type ExportFile = GameExport<Event>;

impl App {
    /// Imports a campaign's export file (`bytes`) as a new campaign. Its
    /// inputs are replayed through the rules; on any problem nothing is
    /// written.
    pub(crate) fn import_campaign_export(&self, bytes: &[u8]) -> Result<CampaignSummary, AppError> {
        let file: ExportFile = exchange::parse_game_export(bytes)?;
        let mut envelopes = replay_import(&file)?;
        let now = (self.clock)();
        self.with_writable_library(|library| {
            // Two cards with one name cannot be told apart: number the copy.
            let state = bagless_bov::campaign::replay(envelopes.iter().map(|e| &e.event));
            let taken = names_in_use(library)?;
            if let Some(name) = free_name(&state.name, &taken) {
                envelopes.push(EventEnvelope {
                    seq: envelopes.len() as u32 + 1,
                    recorded_at: now,
                    event: Event::CampaignRenamed { name },
                    by: None,
                });
            }
            // An import is the one write that brings in outside data: keep
            // the library as it was just before, in the backups folder.
            self.take_backup(library, "before-import", now)?;
            let id = new_campaign_id();
            crate::games::seat_authors_only::<Bov>(&mut envelopes);
            library.insert_game_log::<Bov>(&id, &state.name, &envelopes)?;
            let (record, state) = library.game_state::<Bov>(&id)?;
            Ok(games::summary::<Bov>(&record, &state))
        })
    }
}

fn replay_import(file: &ExportFile) -> Result<Vec<EventEnvelope>, ImportError> {
    if file.events.len() > MAX_IMPORT_EVENTS {
        return Err(ImportError::Damaged("too many entries".into()));
    }
    let pack = builtin_packs()
        .get(&file.pack_id)
        .map_err(|_| ImportError::UnknownPack(file.pack_id.clone()))?;
    match file.events.first().map(|e| &e.event) {
        Some(Event::CampaignCreated { pack_id, .. }) if *pack_id == file.pack_id => {}
        _ => {
            return Err(ImportError::Damaged(
                "it does not start with a new campaign".into(),
            ))
        }
    }
    for (expected, envelope) in (1u32..).zip(&file.events) {
        if envelope.seq != expected {
            return Err(ImportError::Damaged(format!(
                "entry {expected} is missing or out of order"
            )));
        }
        // Times the library could not write back (or that no export has).
        let year = envelope.recorded_at.year();
        if !(EARLIEST_YEAR..=LATEST_YEAR).contains(&year) {
            return Err(ImportError::Damaged(format!(
                "entry {expected} has an impossible date"
            )));
        }
    }
    believe_campaign(pack, &file.events)
}

/// A campaign's log decided again, entry by entry, as an import does: the
/// entries in effect and what the rules derive from them, numbered anew,
/// or the first entry the rules would not have written. Entries undone
/// are left out.
pub(crate) fn believe_campaign(
    pack: &bagless_bov::pack::Pack,
    log: &[EventEnvelope],
) -> Result<Vec<EventEnvelope>, ImportError> {
    let mut state = Campaign::default();
    let mut out: Vec<EventEnvelope> = Vec::with_capacity(log.len());
    // Entries undone before the export are left out of the new campaign.
    let effective: Vec<&EventEnvelope> = bagless_bov::campaign::effective(log).collect();
    let mut at = 0;
    while at < effective.len() {
        let envelope = effective[at];
        let date = envelope.recorded_at.format("%Y-%m-%d %H:%M").to_string();
        // Nothing from outside is believed: each entry is decided again,
        // and what the file records after it must be what it gives.
        let Some(command) = envelope.event.as_command() else {
            return Err(ImportError::NotAsRecorded {
                seq: envelope.seq,
                date,
                why: format!("entry {} follows from no entry", envelope.seq),
            });
        };
        let end = effective[at + 1..]
            .iter()
            .position(|e| e.event.as_command().is_some())
            .map_or(effective.len(), |n| at + 1 + n);
        let ctx = Context {
            now: envelope.recorded_at,
        };
        let decided = match &envelope.event {
            // A creation plays the edition of the rules its file records
            // (`EditionSet` after it; none: edition 1, as every log written
            // before editions were kept), not this build's.
            Event::CampaignCreated {
                name,
                pack_id,
                assassins,
            } if !state.is_created() => {
                let edition = effective[at + 1..end]
                    .iter()
                    .find_map(|e| match e.event {
                        Event::EditionSet { edition } => Some(edition),
                        _ => None,
                    })
                    .unwrap_or(1);
                bagless_bov::rules::creation::decide_create(pack, name, pack_id, assassins, edition)
            }
            _ => decide(&state, pack, &command, &ctx),
        };
        let events = decided.map_err(|violations| ImportError::BreaksRule {
            seq: envelope.seq,
            date: date.clone(),
            section: violations
                .first()
                .map(bagless_bov::RuleViolation::heading)
                .unwrap_or_default(),
            message: violations
                .iter()
                .map(|v| v.message.as_str())
                .collect::<Vec<_>>()
                .join(" "),
        })?;
        // Every event the file records after the entry must be one the
        // rules derive from it, in their order. A log of an older Bagless
        // may lack some (it derived fewer, or none): they are derived
        // again, the old shape upcast, and nothing played is lost.
        let mut recorded = effective[at + 1..end].iter().map(|e| &e.event).peekable();
        for derived in events.iter().skip(1) {
            if recorded.peek() == Some(&derived) {
                recorded.next();
            }
        }
        if recorded.peek().is_some() {
            return Err(ImportError::NotAsRecorded {
                seq: envelope.seq,
                why: format!(
                    "entry {} ({date}) is not followed by what the rules give",
                    envelope.seq
                ),
                date,
            });
        }
        for event in events {
            state = bagless_bov::campaign::evolve(state, &event);
            out.push(EventEnvelope {
                seq: out.len() as u32 + 1,
                recorded_at: envelope.recorded_at,
                event,
                by: envelope.by.clone(),
            });
        }
        at = end;
    }
    match out.first().map(|e| &e.event) {
        Some(Event::CampaignCreated { .. }) => Ok(out),
        _ => Err(ImportError::Damaged("it holds no campaign".into())),
    }
}
