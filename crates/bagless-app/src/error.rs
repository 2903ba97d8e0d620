use crate::games::bov::BovViolation;
use crate::games::memory::MemoryViolation;
use crate::games::nation::NationViolation;
use crate::games::risk::RiskViolation;
use bagless_store::exchange::ImportError;
use bagless_store::StoreError;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// An error as the UI receives it: a stable `code` for the message
/// catalogue, an English `message` in the players' words, and the rules a
/// refused command broke.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, thiserror::Error)]
#[error("{message}")]
#[ts(export)]
pub struct AppError {
    pub code: String,
    pub message: String,
    pub violations: Vec<Violation>,
    /// What the catalogue's message for `code` names (an entry, a date).
    pub params: std::collections::BTreeMap<String, String>,
}

/// A rule a refused command broke, with the game it was played in (the
/// UI's catalogue keeps each game's rules apart).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "game", rename_all = "snake_case")]
#[ts(export)]
pub enum Violation {
    Bov(BovViolation),
    Risk(RiskViolation),
    Nation(NationViolation),
    Memory(MemoryViolation),
}

impl Violation {
    /// The rule's code, as the UI's catalogue spells it.
    pub fn code(&self) -> &'static str {
        match self {
            Violation::Bov(v) => v.code.as_str(),
            Violation::Risk(v) => v.code.as_str(),
            Violation::Nation(v) => v.code.as_str(),
            Violation::Memory(v) => v.code.as_str(),
        }
    }

    /// The English sentence, for logs.
    pub fn message(&self) -> &str {
        match self {
            Violation::Bov(v) => &v.message,
            Violation::Risk(v) => &v.message,
            Violation::Nation(v) => &v.message,
            Violation::Memory(v) => &v.message,
        }
    }
}

impl AppError {
    pub fn new(code: &str, message: impl Into<String>) -> Self {
        AppError {
            code: code.to_string(),
            message: message.into(),
            violations: vec![],
            params: Default::default(),
        }
    }

    /// Adds a param of the catalogue's message.
    pub fn with(mut self, key: &str, value: impl ToString) -> Self {
        self.params.insert(key.to_string(), value.to_string());
        self
    }

    pub fn in_bin() -> Self {
        AppError::new(
            "in_bin",
            "This campaign is in the bin. Restore it to change it.",
        )
    }

    pub fn export(error: std::io::Error) -> Self {
        let full = error.kind() == std::io::ErrorKind::StorageFull
            || matches!(error.raw_os_error(), Some(28 | 122));
        if full {
            return StoreError::DiskFull(error.to_string()).into();
        }
        AppError::new(
            "export_failed",
            format!("The campaign could not be exported: {error}"),
        )
    }
}

impl From<Vec<Violation>> for AppError {
    fn from(violations: Vec<Violation>) -> Self {
        let message = violations
            .iter()
            .map(Violation::message)
            .collect::<Vec<_>>()
            .join(" ");
        AppError {
            code: "rules".into(),
            message,
            violations,
            params: Default::default(),
        }
    }
}

impl From<Vec<BovViolation>> for AppError {
    fn from(violations: Vec<BovViolation>) -> Self {
        violations
            .into_iter()
            .map(Violation::Bov)
            .collect::<Vec<_>>()
            .into()
    }
}

impl From<RiskViolation> for AppError {
    fn from(violation: RiskViolation) -> Self {
        vec![Violation::Risk(violation)].into()
    }
}

impl From<MemoryViolation> for AppError {
    fn from(violation: MemoryViolation) -> Self {
        vec![Violation::Memory(violation)].into()
    }
}

impl From<NationViolation> for AppError {
    fn from(violation: NationViolation) -> Self {
        vec![Violation::Nation(violation)].into()
    }
}

impl From<StoreError> for AppError {
    fn from(error: StoreError) -> Self {
        let code = match &error {
            StoreError::NewerSchema { .. } => "library_newer",
            StoreError::NotALibrary(_) => "library_foreign",
            StoreError::Damaged(_) => "library_damaged",
            StoreError::Busy => "library_busy",
            StoreError::Conflict => "conflict",
            StoreError::NoSuchCampaign => "no_such_campaign",
            StoreError::BadTime(_) => "bad_time",
            StoreError::DiskFull(_) => "disk_full",
            StoreError::Io(_) | StoreError::Sqlite(_) | StoreError::Json(_) => "library_io",
        };
        AppError::new(code, error.to_string())
    }
}

impl From<ImportError> for AppError {
    fn from(error: ImportError) -> Self {
        let code = match &error {
            ImportError::Unreadable(_) => "import_unreadable",
            ImportError::NotAFile { .. } => "import_not_a_file",
            ImportError::TooLarge { .. } => "import_too_large",
            ImportError::Truncated => "import_truncated",
            ImportError::NotAnExport => "import_not_export",
            ImportError::Damaged(_) => "import_damaged",
            ImportError::NewerVersion { .. } => "import_newer",
            ImportError::UnknownPack(_) => "import_unknown_pack",
            ImportError::BreaksRule { .. } => "import_breaks_rule",
            ImportError::NotAsRecorded { .. } => "import_not_as_recorded",
        };
        match &error {
            ImportError::BreaksRule {
                seq, date, section, ..
            } => AppError::new(code, error.to_string())
                .with("entry", seq)
                .with("date", date)
                .with("section", section),
            ImportError::NotAsRecorded { seq, date, .. } => AppError::new(code, error.to_string())
                .with("entry", seq)
                .with("date", date),
            _ => AppError::new(code, error.to_string()),
        }
    }
}
