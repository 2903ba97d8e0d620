//! The window's hold on its library: while the app runs it keeps an
//! exclusive lock on `bagless.sqlite.lock` beside the library, so the
//! `bagless` command knows for sure (not by guessing) that a restore or an
//! import would pull the file from under it. The system drops the lock when
//! the app ends, however it ends.

use crate::AppError;
use std::fs::{File, OpenOptions, TryLockError};
use std::path::{Path, PathBuf};

/// Held for as long as it lives.
#[derive(Debug)]
pub struct LibraryLock {
    _file: File,
    path: PathBuf,
}

impl LibraryLock {
    /// The lock file of the library at `library`.
    pub fn path_for(library: &Path) -> PathBuf {
        let mut name = library.file_name().unwrap_or_default().to_os_string();
        name.push(".lock");
        library.with_file_name(name)
    }

    /// Takes the lock, or says that the window has the library open.
    pub fn acquire(library: &Path) -> Result<LibraryLock, AppError> {
        let path = Self::path_for(library);
        if let Some(folder) = path.parent() {
            std::fs::create_dir_all(folder)
                .map_err(|e| AppError::new("library_io", e.to_string()))?;
        }
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(|e| AppError::new("library_io", e.to_string()))?;
        match file.try_lock() {
            Ok(()) => Ok(LibraryLock { _file: file, path }),
            Err(TryLockError::WouldBlock) => Err(AppError::new(
                "library_open_in_app",
                "Bagless has this library open in its window: close the window first, or add --force.",
            )),
            Err(TryLockError::Error(e)) => Err(AppError::new("library_io", e.to_string())),
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }
}
