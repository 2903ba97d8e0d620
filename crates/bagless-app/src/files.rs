//! Export and import files: a game's whole log written to a file the
//! players chose, with its identity, and read back after its entries are
//! decided again by its rules: a new game, or the same game brought up to
//! date from another home (see `games::import`).

use crate::dto::{CampaignSummary, ExportFileInfo, ExportResult};
use crate::games::{ForkChoice, ImportHow, Imported};
use crate::{games, App, AppError, DateTime};
use bagless_game::limits::MAX_NAME_CHARS;
use bagless_store::exchange::{self, ImportError};
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
            games::export_of(library, &record, Some(path), now)
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

    /// Imports an export file: its entries decided again by the rules,
    /// then, for a game the library holds, compared by history ([`Imported`]).
    /// A file and a library that went different ways are refused here
    /// (`import_went_different_ways`): [`App::import_file`] shows both and
    /// takes the players' choice. On any problem nothing is written.
    pub fn import_campaign(&self, path: &str) -> Result<CampaignSummary, AppError> {
        self.import_campaign_file(Path::new(path))
    }

    /// [`App::import_campaign`] for a path chosen in the system's chooser.
    pub fn import_campaign_file(&self, path: &Path) -> Result<CampaignSummary, AppError> {
        let imported = self.import_file(path, None)?;
        match imported.how {
            ImportHow::WentDifferentWays => Err(went_different_ways(&imported)),
            _ => Ok(imported.game),
        }
    }

    /// The game `campaign_id` as an export file's bytes (with its
    /// identity), to hand it over to another Bagless without a file.
    pub fn export_bytes(&self, campaign_id: &str) -> Result<Vec<u8>, AppError> {
        let now = (self.clock)();
        self.with_library(|library| {
            let record = library.record(campaign_id)?;
            games::export_of(library, &record, None, now)
                .unwrap_or_else(|| Err(bagless_store::StoreError::NoSuchCampaign.into()))
        })
    }

    /// Imports an export handed over without a file (`bytes`, from another
    /// Bagless): the same road as [`App::import_file`].
    pub fn import_bytes(
        &self,
        bytes: &[u8],
        choice: Option<ForkChoice>,
    ) -> Result<Imported, AppError> {
        if bytes.len() as u64 > exchange::MAX_EXPORT_BYTES {
            return Err(ImportError::TooLarge {
                size: bytes.len() as u64,
                max: exchange::MAX_EXPORT_BYTES,
            }
            .into());
        }
        let kind = exchange::export_game(bytes)?;
        let kind = games::registry::kind_of_export(&kind);
        self.import_of(kind, bytes, choice)
            .unwrap_or_else(|| Err(ImportError::UnknownPack(kind.to_string()).into()))
    }

    /// Imports the export file at `path`: a game the library does not hold
    /// is added; a file of a game it holds is compared by history, and
    /// brings it up to date, changes nothing, or (when both went different
    /// ways) shows both until the players give `choice`.
    pub fn import_file(
        &self,
        path: &Path,
        choice: Option<ForkChoice>,
    ) -> Result<Imported, AppError> {
        let bytes = exchange::read_export_bytes(path)?;
        let kind = exchange::export_game(&bytes)?;
        let kind = games::registry::kind_of_export(&kind);
        let mut imported = self
            .import_of(kind, &bytes, choice)
            .unwrap_or_else(|| Err(ImportError::UnknownPack(kind.to_string()).into()))?;
        imported.path = path.display().to_string();
        Ok(imported)
    }
}

/// A file and the library that went different ways, for a caller that
/// cannot show both.
pub(crate) fn went_different_ways(imported: &Imported) -> AppError {
    AppError::new(
        "import_went_different_ways",
        format!(
            "“{}” was played on both here and in this file since entry {}: choose which stays the campaign (the other is kept beside it as a copy).",
            imported.game.name,
            imported.fork.as_ref().map_or(0, |f| f.common)
        ),
    )
    .with("name", &imported.game.name)
}

/// The names of the games out of the bin, which an import does not take
/// again.
pub(crate) fn names_in_use(
    library: &bagless_store::Library,
) -> Result<Vec<String>, bagless_store::StoreError> {
    Ok(library
        .campaigns()?
        .into_iter()
        .filter(|c| c.deleted_at.is_none())
        .map(|c| c.name)
        .collect())
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
