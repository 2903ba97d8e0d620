//! Export and import files: a campaign's (or a game's) whole log written
//! to a file the players chose, and read back as a new campaign after its
//! inputs are replayed through the rules.

use crate::dto::{CampaignSummary, ExportFileInfo, ExportResult};
use crate::games::bov::{self, Bov};
use crate::{games, new_campaign_id, App, AppError, DateTime, MAX_IMPORT_EVENTS};
use bagless_bov::campaign::{decide, Campaign, Context, Event, EventEnvelope};
use bagless_game::limits::{EARLIEST_YEAR, LATEST_YEAR, MAX_NAME_CHARS};
use bagless_store::exchange::{self, GameExport, ImportError};

/// A Brotherhood of Venice campaign's export.
type ExportFile = GameExport<Event>;
use chrono::Datelike;
use std::path::{Path, PathBuf};

impl App {
    /// Writes the campaign's whole log to a new file in the exports folder.
    pub fn export_campaign(&self, campaign_id: &str) -> Result<ExportResult, AppError> {
        let path = self.export_file_suggestion(campaign_id)?;
        self.export_campaign_to(campaign_id, &path)
    }

    /// Where "Save as" proposes to write a campaign: the exports folder and
    /// a free file name made of the campaign's name and today's date.
    pub fn export_file_suggestion(&self, campaign_id: &str) -> Result<PathBuf, AppError> {
        let now = (self.clock)();
        self.with_library(|library| {
            let record = library.record(campaign_id)?;
            let dir = self.dirs.exports();
            std::fs::create_dir_all(&dir).map_err(AppError::export)?;
            Ok(free_export_path(&dir, &record.name, now))
        })
    }

    /// Writes the campaign's whole log to `path` (chosen by the players): a
    /// file written whole or not at all, never a folder or a device.
    pub fn export_campaign_to(
        &self,
        campaign_id: &str,
        path: &Path,
    ) -> Result<ExportResult, AppError> {
        if let Ok(meta) = std::fs::metadata(path) {
            if !meta.is_file() {
                return Err(AppError::new(
                    "export_not_a_file",
                    "A campaign is exported to a file, not to a folder or a device.",
                ));
            }
        }
        let now = (self.clock)();
        self.with_library(|library| {
            let record = library.record(campaign_id)?;
            games::export_of(library, &record, path, now)
                .unwrap_or_else(|| Err(bagless_store::StoreError::NoSuchCampaign.into()))?;
            Ok(ExportResult {
                path: path.display().to_string(),
            })
        })
    }

    /// The export files in the exports folder, newest first.
    pub fn list_export_files(&self) -> Vec<ExportFileInfo> {
        let mut files: Vec<(std::time::SystemTime, ExportFileInfo)> =
            std::fs::read_dir(self.dirs.exports())
                .into_iter()
                .flatten()
                .filter_map(|entry| {
                    let entry = entry.ok()?;
                    let name = entry.file_name().into_string().ok()?;
                    if !name.ends_with(exchange::EXPORT_EXTENSION) {
                        return None;
                    }
                    let modified = entry.metadata().ok()?.modified().ok()?;
                    Some((
                        modified,
                        ExportFileInfo {
                            path: entry.path().display().to_string(),
                            file_name: name,
                        },
                    ))
                })
                .collect();
        files.sort_by_key(|file| std::cmp::Reverse(file.0));
        files.into_iter().map(|(_, info)| info).collect()
    }

    /// The folder exports are written to and chosen from by default.
    pub fn exports_dir(&self) -> PathBuf {
        self.dirs.exports()
    }

    /// Imports an export file as a new campaign. The file's inputs are
    /// replayed through the rules; on any problem nothing is written.
    pub fn import_campaign(&self, path: &str) -> Result<CampaignSummary, AppError> {
        self.import_campaign_file(Path::new(path))
    }

    /// [`App::import_campaign`] for a path chosen in the system's chooser.
    pub fn import_campaign_file(&self, path: &Path) -> Result<CampaignSummary, AppError> {
        let bytes = exchange::read_export_bytes(path)?;
        let kind = exchange::export_game(&bytes)?;
        // An export written before the library kept other games is a
        // campaign's.
        if !kind.is_empty() && kind != bov::KIND {
            return self
                .import_of(&kind, &bytes)
                .unwrap_or_else(|| Err(ImportError::UnknownPack(kind).into()));
        }
        let file: ExportFile = exchange::parse_game_export(&bytes)?;
        let mut envelopes = self.replay_import(&file)?;
        let now = (self.clock)();
        self.with_writable_library(|library| {
            // Two cards with one name cannot be told apart: number the copy.
            let state = bagless_bov::campaign::replay(envelopes.iter().map(|e| &e.event));
            let taken: Vec<String> = library
                .campaigns()?
                .into_iter()
                .filter(|c| c.deleted_at.is_none())
                .map(|c| c.name)
                .collect();
            if let Some(name) = free_name(&state.name, &taken) {
                envelopes.push(EventEnvelope {
                    seq: envelopes.len() as u32 + 1,
                    recorded_at: now,
                    event: Event::CampaignRenamed { name },
                });
            }
            // An import is the one write that brings in outside data: keep
            // the library as it was just before, in the backups folder.
            self.take_backup(library, "before-import", now)?;
            let id = new_campaign_id();
            library.insert_game_log::<Bov>(&id, &state.name, &envelopes)?;
            let (record, state) = library.game_state::<Bov>(&id)?;
            Ok(games::summary::<Bov>(&record, &state))
        })
    }

    fn replay_import(&self, file: &ExportFile) -> Result<Vec<EventEnvelope>, ImportError> {
        if file.events.len() > MAX_IMPORT_EVENTS {
            return Err(ImportError::Damaged("too many entries".into()));
        }
        let pack = self
            .packs
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
            });
        }
        at = end;
    }
    match out.first().map(|e| &e.event) {
        Some(Event::CampaignCreated { .. }) => Ok(out),
        _ => Err(ImportError::Damaged("it holds no campaign".into())),
    }
}

/// `None` when `name` is free, else the first of "name (2)", "name (3)"…
/// that is, shortened to stay within the longest name allowed.
pub(crate) fn free_name(name: &str, taken: &[String]) -> Option<String> {
    if !taken.iter().any(|t| t == name) {
        return None;
    }
    (2..).find_map(|n: u32| {
        let suffix = format!(" ({n})");
        let room = MAX_NAME_CHARS - suffix.chars().count();
        let base: String = name.chars().take(room).collect();
        let candidate = format!("{}{suffix}", base.trim_end());
        (!taken.contains(&candidate)).then_some(candidate)
    })
}

/// `<name>-<date>.bagless.json` in `dir`, numbered if that name is taken.
pub(crate) fn free_export_path(dir: &Path, name: &str, now: DateTime) -> PathBuf {
    let stem: String = name
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { '-' })
        .collect::<String>()
        .split('-')
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join("-");
    let stem = if stem.is_empty() {
        "campaign".into()
    } else {
        stem
    };
    let date = now.format("%Y-%m-%d");
    (1..)
        .map(|n| {
            let suffix = if n == 1 {
                String::new()
            } else {
                format!("-{n}")
            };
            dir.join(format!(
                "{stem}-{date}{suffix}.{}",
                exchange::EXPORT_EXTENSION
            ))
        })
        .find(|path| !path.exists())
        .expect("an unused name exists")
}
