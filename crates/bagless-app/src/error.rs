use bagless_bov::RuleViolation;
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
    pub violations: Vec<RuleViolation>,
}

impl AppError {
    pub fn new(code: &str, message: impl Into<String>) -> Self {
        AppError {
            code: code.to_string(),
            message: message.into(),
            violations: vec![],
        }
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

impl From<Vec<RuleViolation>> for AppError {
    fn from(violations: Vec<RuleViolation>) -> Self {
        let message = violations
            .iter()
            .map(|v| v.message.as_str())
            .collect::<Vec<_>>()
            .join(" ");
        AppError {
            code: "rules".into(),
            message,
            violations,
        }
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
        };
        AppError::new(code, error.to_string())
    }
}
