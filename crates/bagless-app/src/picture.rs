//! The evening's picture (issue 57): the summary the window drew as a PNG,
//! saved where the players chose, to share. The window rasterises it; here
//! the bytes are checked to be a PNG and written whole or not at all: into
//! a partial file beside the one chosen, flushed to the disk, then renamed
//! over it, so a full disk or a crash leaves no half picture and never
//! spoils a picture already there.

use crate::dto::ExportResult;
use crate::{App, AppError, DateTime};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The eight bytes every PNG file starts with.
pub const PNG_SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];

/// A picture larger than this is not the evening's (an A4 page at 2× is
/// well under 10 MiB).
pub const MAX_PICTURE_BYTES: usize = 64 * 1024 * 1024;

impl App {
    /// Where "Save as" proposes the evening's picture: the exports folder,
    /// `bagless-evening-<date>.png`, a free name.
    pub fn picture_suggestion(&self) -> Result<PathBuf, AppError> {
        let dir = self.dirs.exports();
        std::fs::create_dir_all(&dir).map_err(picture_error)?;
        Ok(free_picture_path(&dir, (self.clock)()))
    }

    /// Writes the PNG `bytes` to `path`, whole or not at all.
    pub fn save_picture(&self, path: &Path, bytes: &[u8]) -> Result<ExportResult, AppError> {
        if bytes.len() > MAX_PICTURE_BYTES || !bytes.starts_with(&PNG_SIGNATURE) {
            return Err(AppError::new(
                "picture_not_png",
                "The picture was not drawn: nothing was saved.",
            ));
        }
        if let Ok(meta) = std::fs::metadata(path) {
            if !meta.is_file() {
                return Err(AppError::new(
                    "picture_not_a_file",
                    "A picture is saved to a file, not to a folder or a device.",
                ));
            }
        }
        write_whole(path, bytes).map_err(picture_error)?;
        Ok(ExportResult {
            path: path.display().to_string(),
        })
    }
}

/// `bytes` written to a partial file beside `path`, synced, then renamed
/// over it; the partial file removed if anything fails.
fn write_whole(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let name = path
        .file_name()
        .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::InvalidInput, "no file name"))?;
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let partial = dir.join(format!(".{}.partial", name.to_string_lossy()));
    let written = std::fs::File::create(&partial)
        .and_then(|mut file| file.write_all(bytes).and_then(|()| file.sync_all()))
        .and_then(|()| std::fs::rename(&partial, path));
    if written.is_err() {
        let _ = std::fs::remove_file(&partial);
    }
    written?;
    // The rename itself kept on the disk.
    let _ = std::fs::File::open(&dir).and_then(|d| d.sync_all());
    Ok(())
}

/// A full disk in the players' words (`disk_full`); any other failure
/// (a folder that is not there, one not writable) as `picture_failed`.
fn picture_error(error: std::io::Error) -> AppError {
    let full = error.kind() == std::io::ErrorKind::StorageFull
        || matches!(error.raw_os_error(), Some(28 | 122));
    if full {
        return AppError::new("disk_full", error.to_string());
    }
    AppError::new(
        "picture_failed",
        format!("The picture could not be saved: {error}"),
    )
}

fn free_picture_path(dir: &Path, now: DateTime) -> PathBuf {
    let date = now.format("%Y-%m-%d");
    (1..)
        .map(|n| match n {
            1 => dir.join(format!("bagless-evening-{date}.png")),
            n => dir.join(format!("bagless-evening-{date}-{n}.png")),
        })
        .find(|path| !path.exists())
        .expect("a free name")
}
