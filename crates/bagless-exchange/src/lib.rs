//! The export file: one JSON document with a campaign's (or another
//! game's) whole event log, and which game it is (`game`, empty when
//! absent, as in the exports written before there were other games: the
//! app reads those as campaigns). Reading one never trusts it: size, shape
//! and version are checked here, and the caller replays its events through
//! the rules before anything is written to the library. A crate of its own,
//! so that fuzzing its parser builds no SQLite.

use bagless_game::Envelope;
use chrono::{DateTime, Utc};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::io::{Read, Write};
use std::path::Path;

/// The marker at the top of every export.
pub const EXPORT_FORMAT: &str = "bagless-campaign";
/// The export version this build writes and the newest it reads.
pub const EXPORT_VERSION: u32 = 1;
/// Exports larger than this are refused unread. A Brotherhood of Venice
/// campaign is a few hundred kilobytes; the longest game is a RISK game,
/// about 275 bytes an entry (a game of 300 turns, 20,000 entries, is
/// 5.5 MB), and an import takes at most 100,000 entries: 64 MiB holds
/// those with room to spare, so every game Bagless exports comes back in
/// (`bagless-app`'s import tests check it against a real long game).
pub const MAX_EXPORT_BYTES: u64 = 64 * 1024 * 1024;
/// The file name ending of an export.
pub const EXPORT_EXTENSION: &str = "bagless.json";

/// An export of any game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameExport<E> {
    pub format: String,
    pub version: u32,
    pub exported_at: DateTime<Utc>,
    pub app_version: String,
    pub name: String,
    /// The box: "bov", "risk", "nation"; empty in the exports written
    /// before the library kept other games than Brotherhood of Venice
    /// campaigns (the app reads those as campaigns).
    #[serde(default)]
    pub game: String,
    pub pack_id: String,
    /// The game's identity, the same in every library that holds it (its
    /// id where it was created, carried by every export and import): a
    /// file of a game the library holds is compared with it by history.
    /// Exports written before it was carried have none: their game is
    /// recognised by its creation (its first entry and the time it was
    /// recorded).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    pub events: Vec<Envelope<E>>,
}

/// Why an export file cannot be imported, in the players' words.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ImportError {
    #[error("The file could not be opened: {0}")]
    Unreadable(String),
    #[error("Only a file can be imported: this is {what}.")]
    NotAFile { what: String },
    #[error("The file is too large to be a Bagless campaign ({size} bytes; at most {max}).")]
    TooLarge { size: u64, max: u64 },
    #[error("The file is cut short: it may not have finished copying. Export the campaign again.")]
    Truncated,
    #[error("This file is not a Bagless campaign export.")]
    NotAnExport,
    #[error("This file is damaged: {0}")]
    Damaged(String),
    #[error("This campaign was exported by a newer version of Bagless (export version {found}). Update Bagless to import it.")]
    NewerVersion { found: u32 },
    #[error("This campaign needs the {0} box, which this version of Bagless does not know.")]
    UnknownPack(String),
    /// The rules refuse an entry of the file: the heading of the rulebook
    /// section the refusal rests on, and the rules' sentence.
    #[error("This file's game breaks a rule at entry {seq} ({date}), {section}: {message}")]
    BreaksRule {
        seq: u32,
        date: String,
        section: String,
        message: String,
    },
    /// The rules accept the entry but would not have written what the file
    /// records with it (a count, a die's effect, an event removed or
    /// moved), or something that always holds does not after it.
    #[error("This file was changed by hand or is damaged: {why}. Nothing was imported.")]
    NotAsRecorded { seq: u32, date: String, why: String },
}

/// Writes `file` to `path` so that a crash never leaves half a file under
/// that name: a temporary file is written, flushed to disk, then renamed.
pub fn write_export<E: Serialize>(path: &Path, file: &GameExport<E>) -> std::io::Result<()> {
    let partial = path.with_extension("partial");
    let written = (|| {
        // Buffered: serde writes token by token, and a write each was
        // millions of system calls for a long game (2.7 s for 20,000 entries).
        let mut out = std::io::BufWriter::with_capacity(1 << 16, std::fs::File::create(&partial)?);
        serde_json::to_writer_pretty(&mut out, file)?;
        out.write_all(b"\n")?;
        let out = out
            .into_inner()
            .map_err(std::io::IntoInnerError::into_error)?;
        out.sync_all()?;
        std::fs::rename(&partial, path)
    })();
    if written.is_err() {
        // Cut short (a full disk): nothing is left behind.
        let _ = std::fs::remove_file(&partial);
    }
    written
}

/// What a path is when it is not a regular file, in the players' words.
fn not_a_file(kind: std::fs::FileType) -> Option<ImportError> {
    use std::os::unix::fs::FileTypeExt;
    let what = if kind.is_file() {
        return None;
    } else if kind.is_dir() {
        "a folder"
    } else if kind.is_fifo() {
        "a pipe"
    } else if kind.is_socket() {
        "a socket"
    } else if kind.is_block_device() || kind.is_char_device() {
        "a device"
    } else {
        "not a regular file"
    };
    Some(ImportError::NotAFile { what: what.into() })
}

/// An export read from `path`, its events read as `E`.
pub fn read_export<E: DeserializeOwned>(path: &Path) -> Result<GameExport<E>, ImportError> {
    parse_game_export(&read_export_bytes(path)?)
}

/// The bytes of an export file, read only if it is a regular file of at
/// most [`MAX_EXPORT_BYTES`].
pub fn read_export_bytes(path: &Path) -> Result<Vec<u8>, ImportError> {
    use std::os::unix::fs::OpenOptionsExt;
    let unreadable = |e: std::io::Error| ImportError::Unreadable(e.to_string());
    // A pipe or a device would block a read for ever: only a regular file is
    // opened, without waiting (O_NONBLOCK), and checked again once open.
    let kind = std::fs::metadata(path).map_err(unreadable)?.file_type();
    if let Some(refusal) = not_a_file(kind) {
        return Err(refusal);
    }
    const O_NONBLOCK: i32 = 0o4000;
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(O_NONBLOCK)
        .open(path)
        .map_err(unreadable)?;
    let metadata = file.metadata().map_err(unreadable)?;
    if let Some(refusal) = not_a_file(metadata.file_type()) {
        return Err(refusal);
    }
    let size = metadata.len();
    if size > MAX_EXPORT_BYTES {
        return Err(ImportError::TooLarge {
            size,
            max: MAX_EXPORT_BYTES,
        });
    }
    // Read at most one byte past the limit: the file may grow while we read.
    let mut bytes = Vec::new();
    file.take(MAX_EXPORT_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(unreadable)?;
    if bytes.len() as u64 > MAX_EXPORT_BYTES {
        return Err(ImportError::TooLarge {
            size: bytes.len() as u64,
            max: MAX_EXPORT_BYTES,
        });
    }
    Ok(bytes)
}

/// The box an export's game is from (empty for an export written before
/// there were other boxes), once its envelope is checked.
pub fn export_game(bytes: &[u8]) -> Result<String, ImportError> {
    Ok(head(bytes)?.game.unwrap_or_default())
}

/// An export of a game whose events are `E`.
pub fn parse_game_export<E: DeserializeOwned>(bytes: &[u8]) -> Result<GameExport<E>, ImportError> {
    head(bytes)?;
    serde_json::from_slice(bytes).map_err(classify)
}

fn classify(e: serde_json::Error) -> ImportError {
    match e.classify() {
        serde_json::error::Category::Eof => ImportError::Truncated,
        serde_json::error::Category::Syntax | serde_json::error::Category::Io => {
            ImportError::NotAnExport
        }
        // serde's wording is for developers; the players get the gist.
        serde_json::error::Category::Data => ImportError::Damaged(format!(
            "an entry near line {} is not what Bagless writes",
            e.line()
        )),
    }
}

/// The envelope of an export: its format, version and game.
#[derive(Deserialize)]
struct Head {
    format: Option<String>,
    version: Option<u32>,
    game: Option<String>,
}

fn head(bytes: &[u8]) -> Result<Head, ImportError> {
    let head: Head = serde_json::from_slice(bytes).map_err(|e| match classify(e) {
        ImportError::Damaged(_) => ImportError::NotAnExport,
        other => other,
    })?;
    if head.format.as_deref() != Some(EXPORT_FORMAT) {
        return Err(ImportError::NotAnExport);
    }
    match head.version {
        None => return Err(ImportError::NotAnExport),
        Some(found) if found > EXPORT_VERSION => return Err(ImportError::NewerVersion { found }),
        Some(0) => return Err(ImportError::NotAnExport),
        Some(_) => {}
    }
    Ok(head)
}

impl From<bagless_game::Disbelieved> for ImportError {
    fn from(found: bagless_game::Disbelieved) -> Self {
        let date = found.recorded_at.format("%Y-%m-%d %H:%M").to_string();
        match found.why {
            bagless_game::Why::Refused { section, message } => ImportError::BreaksRule {
                seq: found.seq,
                date,
                section,
                message,
            },
            _ => ImportError::NotAsRecorded {
                seq: found.seq,
                date,
                why: found.to_string(),
            },
        }
    }
}
