//! Seals on the backups this Bagless wrote of a library it had checked, so
//! that showing or restoring one does not check every game of it again.
//!
//! A backup is believed only once checked (SQLite's integrity check, then
//! every game's history decided again): on a library of years of play that
//! is seconds. A copy this app took of its own library, while that library
//! was known sound (the start-up check passed, or every change since was
//! decided by the rules), is sound too, as long as not one byte of it has
//! changed since. The seal says so: a keyed BLAKE3 hash of the file's bytes
//! (and of the rules and schema that checked it), written beside it as
//! `<backup>.seal`. The key is this library folder's own (`seal.key`, 32
//! random bytes, readable by its owner only) and never leaves it.
//!
//! A backup whose seal matches is copied and opened without being checked
//! again; any other (no seal, another folder's, a byte changed, a newer
//! build's rules, a `-wal` file beside it) goes through the whole check, as
//! before. The hash is compared in constant time.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// What the seal's key is kept in, in the library's folder.
const KEY_FILE: &str = "seal.key";
/// The seal's file: the backup's name and this.
const SEAL_SUFFIX: &str = ".seal";
const CHUNK: usize = 1 << 20;
/// The check a sealed copy passed (the start-up check: SQLite's integrity
/// check and every game's history): raised when that check changes, so
/// that copies sealed before are checked again.
const CHECK: u32 = 1;
/// A seal is 64 hex digits; more is not one.
const SEAL_MAX_BYTES: u64 = 128;

/// What is done with each chunk of a file as it is hashed, and the bytes
/// read so far.
type EachChunk<'a> = &'a mut dyn FnMut(&[u8], u64) -> std::io::Result<()>;

/// The library folder's key, to seal and to verify.
pub(crate) struct Sealer {
    key: [u8; 32],
    /// The schema and each game's rules edition: a seal written under
    /// others does not match (the backup is checked under these).
    context: String,
}

impl Sealer {
    /// The key of the library folder `data_dir`, made the first time;
    /// `None` when it can be neither read nor made (then nothing is sealed
    /// and every backup is checked whole).
    pub(crate) fn of(data_dir: &Path) -> Option<Sealer> {
        let path = data_dir.join(KEY_FILE);
        Sealer::with_key(read_key(&path).or_else(|| make_key(&path))?)
    }

    /// The key of `data_dir` if it has one: to verify, never making one.
    pub(crate) fn existing(data_dir: &Path) -> Option<Sealer> {
        Sealer::with_key(read_key(&data_dir.join(KEY_FILE))?)
    }

    fn with_key(key: [u8; 32]) -> Option<Sealer> {
        Some(Sealer {
            key,
            // What checked the sealed copy: a seal written by another
            // build's check, schema or rules is no seal here.
            context: format!(
                "bagless seal 1; app {}; check {CHECK}; schema {}; {}",
                env!("CARGO_PKG_VERSION"),
                bagless_store::SCHEMA_VERSION,
                crate::games::rules_editions()
            ),
        })
    }

    /// Seals the backup at `file` (just written, from a library known sound).
    /// A seal that cannot be written only means a slower preview later.
    pub(crate) fn seal(&self, file: &Path) {
        let Ok(hash) = std::fs::File::open(file).and_then(|f| self.hash_of(f, None)) else {
            return;
        };
        let seal = seal_path(file);
        let partial = seal.with_extension("seal-partial");
        let written = std::fs::write(&partial, hash.to_hex().as_bytes())
            .and_then(|()| std::fs::rename(&partial, &seal));
        if written.is_err() {
            let _ = std::fs::remove_file(&partial);
        }
    }

    /// Copies the backup at `source` to `destination` byte for byte, and
    /// says whether its seal matches what was copied (the copy is what was
    /// hashed: nothing can change between the two). `false` leaves no copy
    /// behind. `progress` hears the bytes copied.
    pub(crate) fn copy_if_sealed(
        &self,
        source: &Path,
        destination: &Path,
        progress: &mut dyn FnMut(u64, u64),
    ) -> bool {
        let seal = seal_path(source);
        // A regular file, read short: nothing else is a seal.
        if !std::fs::symlink_metadata(&seal).is_ok_and(|m| m.is_file()) {
            return false;
        }
        let mut expected = String::new();
        if std::fs::File::open(&seal)
            .and_then(|f| f.take(SEAL_MAX_BYTES).read_to_string(&mut expected))
            .is_err()
        {
            return false;
        }
        let Ok(expected) = blake3::Hash::from_hex(expected.trim()) else {
            return false;
        };
        // A -wal beside the file means it was opened as a library since:
        // its bytes are no longer all in the file.
        let mut wal = source.as_os_str().to_owned();
        wal.push("-wal");
        if Path::new(&wal).exists() {
            return false;
        }
        let copied = (|| -> std::io::Result<blake3::Hash> {
            let file = std::fs::File::open(source)?;
            let total = file.metadata()?.len();
            let mut out = std::io::BufWriter::new(std::fs::File::create(destination)?);
            let hash = self.hash_of(
                file,
                Some(
                    (&mut |chunk: &[u8], done: u64| {
                        out.write_all(chunk)?;
                        progress(done, total);
                        Ok(())
                    }) as &mut dyn FnMut(&[u8], u64) -> std::io::Result<()>,
                ),
            )?;
            out.into_inner().map_err(|e| e.into_error())?.sync_all()?;
            Ok(hash)
        })();
        // blake3's Hash compares in constant time.
        let sealed = copied.is_ok_and(|hash| hash == expected);
        if !sealed {
            let _ = std::fs::remove_file(destination);
        }
        sealed
    }

    /// The keyed hash of the context and of every byte `file` gives, each
    /// chunk handed to `each` as it is read.
    fn hash_of(
        &self,
        mut file: std::fs::File,
        mut each: Option<EachChunk<'_>>,
    ) -> std::io::Result<blake3::Hash> {
        let mut hasher = blake3::Hasher::new_keyed(&self.key);
        hasher.update(self.context.as_bytes());
        hasher.update(&[0]);
        let mut buffer = vec![0u8; CHUNK];
        let mut done = 0u64;
        loop {
            let read = file.read(&mut buffer)?;
            if read == 0 {
                return Ok(hasher.finalize());
            }
            hasher.update(&buffer[..read]);
            done += read as u64;
            if let Some(each) = each.as_mut() {
                each(&buffer[..read], done)?;
            }
        }
    }
}

/// The seal of the backup at `file`.
pub(crate) fn seal_path(file: &Path) -> PathBuf {
    let mut name = file.as_os_str().to_owned();
    name.push(SEAL_SUFFIX);
    PathBuf::from(name)
}

fn read_key(path: &Path) -> Option<[u8; 32]> {
    let bytes = std::fs::read(path).ok()?;
    bytes.try_into().ok()
}

/// A new key, readable by its owner only, written beside and renamed into
/// place (a key cut short by a crash, or of another length, is replaced:
/// the seals made with it then no longer match, and their backups are
/// checked whole). Two processes making one at once: the last rename wins,
/// and the other's seals are checked whole too.
fn make_key(path: &Path) -> Option<[u8; 32]> {
    let key: [u8; 32] = rand::random();
    let partial = path.with_extension(format!("partial-{:08x}", rand::random::<u32>()));
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    std::fs::create_dir_all(path.parent()?).ok()?;
    let written = options
        .open(&partial)
        .and_then(|mut file| file.write_all(&key).and_then(|()| file.sync_all()))
        .and_then(|()| std::fs::rename(&partial, path));
    if written.is_err() {
        let _ = std::fs::remove_file(&partial);
        return None;
    }
    Some(key)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sealer(dir: &Path) -> Sealer {
        Sealer::of(dir).expect("a key")
    }

    #[test]
    fn a_sealed_file_copies_as_sealed_and_a_changed_byte_does_not() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("bagless-manual-20261126-010000.sqlite");
        std::fs::write(&file, vec![7u8; 3 * CHUNK + 5]).unwrap();
        let sealer = sealer(dir.path());
        sealer.seal(&file);
        let copy = dir.path().join("copy.sqlite");
        let mut seen = 0;
        assert!(sealer.copy_if_sealed(&file, &copy, &mut |done, _| seen = done));
        assert_eq!(std::fs::read(&copy).unwrap(), std::fs::read(&file).unwrap());
        assert_eq!(seen, 3 * CHUNK as u64 + 5, "every byte told");

        let mut bytes = std::fs::read(&file).unwrap();
        bytes[CHUNK + 1] ^= 1;
        std::fs::write(&file, bytes).unwrap();
        assert!(!sealer.copy_if_sealed(&file, &copy, &mut |_, _| {}));
        assert!(!copy.exists(), "no copy left of a file not sealed");
    }

    #[test]
    fn another_folder_s_key_a_missing_seal_or_a_wal_beside_is_no_seal() {
        let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        let file = a.path().join("backup.sqlite");
        std::fs::write(&file, b"a library").unwrap();
        let copy = a.path().join("copy.sqlite");
        assert!(!sealer(a.path()).copy_if_sealed(&file, &copy, &mut |_, _| {}));
        sealer(a.path()).seal(&file);
        assert!(sealer(a.path()).copy_if_sealed(&file, &copy, &mut |_, _| {}));
        assert!(!sealer(b.path()).copy_if_sealed(&file, &copy, &mut |_, _| {}));
        std::fs::write(a.path().join("backup.sqlite-wal"), b"").unwrap();
        assert!(!sealer(a.path()).copy_if_sealed(&file, &copy, &mut |_, _| {}));
    }

    #[cfg(unix)]
    #[test]
    fn the_key_is_its_owner_s_only_and_kept() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let first = sealer(dir.path()).key;
        let mode = std::fs::metadata(dir.path().join(KEY_FILE))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
        assert_eq!(sealer(dir.path()).key, first, "the same key the next time");
        // A key cut short (a crash while it was written) is replaced.
        std::fs::write(dir.path().join(KEY_FILE), b"short").unwrap();
        assert!(
            Sealer::existing(dir.path()).is_none(),
            "no key to verify with"
        );
        assert_ne!(sealer(dir.path()).key, first);
        assert_eq!(std::fs::read(dir.path().join(KEY_FILE)).unwrap().len(), 32);
    }
}
