use std::path::{Path, PathBuf};

/// What can go wrong with the library file, in words a player understands.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("This library was saved by a newer version of Bagless (library format {found}; this version reads up to {supported}). Update Bagless to open it; the file has not been changed.")]
    NewerSchema { found: u32, supported: u32 },
    #[error("{0} is not a Bagless library. It has not been changed.")]
    NotALibrary(PathBuf),
    #[error("The library file is damaged ({0}). It has not been changed; restore a copy from the backups folder.")]
    Damaged(String),
    #[error("The library is in use by another Bagless window. Close it and try again.")]
    Busy,
    #[error("This campaign was changed elsewhere meanwhile. Reopen it and try again.")]
    Conflict,
    #[error("There is no such campaign in the library.")]
    NoSuchCampaign,
    #[error("The date {0} cannot be saved in the library.")]
    BadTime(String),
    #[error("The disk is full: free some space; nothing was changed. (Details: {0})")]
    DiskFull(String),
    #[error("The library could not be read or written; nothing was changed. (Details: {0})")]
    Io(std::io::Error),
    #[error("The library could not be read or written; nothing was changed. (Details: {0})")]
    Sqlite(rusqlite::Error),
    #[error("An entry could not be saved; nothing was changed. (Details: {0})")]
    Json(#[from] serde_json::Error),
}

/// ENOSPC and EDQUOT: no room left on the disk (or in the user's quota).
fn is_disk_full(error: &std::io::Error) -> bool {
    error.kind() == std::io::ErrorKind::StorageFull
        || error.kind() == std::io::ErrorKind::QuotaExceeded
        || matches!(error.raw_os_error(), Some(28 | 122))
}

impl From<std::io::Error> for StoreError {
    fn from(error: std::io::Error) -> Self {
        if is_disk_full(&error) {
            StoreError::DiskFull(error.to_string())
        } else {
            StoreError::Io(error)
        }
    }
}

impl From<rusqlite::Error> for StoreError {
    fn from(error: rusqlite::Error) -> Self {
        use rusqlite::ErrorCode;
        match error.sqlite_error_code() {
            Some(ErrorCode::DiskFull) => StoreError::DiskFull(error.to_string()),
            Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => StoreError::Busy,
            Some(ErrorCode::DatabaseCorrupt | ErrorCode::NotADatabase) => {
                StoreError::Damaged(error.to_string())
            }
            // A value in a table that is not what Bagless writes.
            _ if matches!(error, rusqlite::Error::FromSqlConversionFailure(..)) => {
                StoreError::Damaged(error.to_string())
            }
            _ => StoreError::Sqlite(error),
        }
    }
}

impl StoreError {
    pub(crate) fn from_open(path: &Path, error: rusqlite::Error) -> Self {
        match error.sqlite_error_code() {
            Some(rusqlite::ErrorCode::NotADatabase) => StoreError::NotALibrary(path.to_path_buf()),
            _ => error.into(),
        }
    }
}
