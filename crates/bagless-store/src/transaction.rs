//! Transactions begun and ended with prepared statements: a few reads seen
//! at one moment, or one write that is all or nothing.

use crate::StoreError;
use rusqlite::Connection;

/// Runs `read`, a few queries, in one read transaction: they see one
/// moment of the file, and the file's lock is taken once, not per query.
pub(crate) fn read_at_once<T, E: From<StoreError>>(
    conn: &Connection,
    read: impl FnOnce() -> Result<T, E>,
) -> Result<T, E> {
    if !conn.is_autocommit() {
        return read();
    }
    conn.prepare_cached("BEGIN DEFERRED")
        .and_then(|mut begin| begin.execute([]))
        .map_err(StoreError::from)?;
    let reading = Reading(conn);
    let value = read();
    reading.end()?;
    value
}

/// A read transaction, ended however `read_at_once`'s reading ends.
struct Reading<'c>(&'c Connection);

impl Reading<'_> {
    fn end(self) -> Result<(), StoreError> {
        // What a reading saves on the way (a state computed again from its
        // log) is best effort: when it cannot be kept, or SQLite already
        // undid it, what was read still stands (the Drop rolls back).
        if !self.0.is_autocommit() {
            let _ = self
                .0
                .prepare_cached("COMMIT")
                .and_then(|mut commit| commit.execute([]));
        }
        Ok(())
    }
}

impl Drop for Reading<'_> {
    fn drop(&mut self) {
        if !self.0.is_autocommit() {
            let _ = self
                .0
                .prepare_cached("ROLLBACK")
                .and_then(|mut rollback| rollback.execute([]));
        }
    }
}

/// A write transaction, rolled back unless committed. Its BEGIN and COMMIT
/// are prepared once, like every other statement of a write (parsing them
/// again took a few microseconds of each write). Begun inside a command's
/// own transaction ([`crate::Library::writing`]) it is a savepoint of it:
/// what it wrote is undone alone when it fails, and kept by the command's
/// commit.
pub(crate) struct Writing<'c> {
    conn: &'c Connection,
    committed: bool,
    nested: bool,
}

impl<'c> Writing<'c> {
    /// Takes the write lock at once, so that the campaign's `last_seq` read
    /// first is still the last one when the events are added.
    pub(crate) fn begin(conn: &'c mut Connection) -> Result<Writing<'c>, StoreError> {
        let nested = !conn.is_autocommit();
        let begin = if nested {
            "SAVEPOINT writing"
        } else {
            "BEGIN IMMEDIATE"
        };
        conn.prepare_cached(begin)?.execute([])?;
        Ok(Writing {
            conn,
            committed: false,
            nested,
        })
    }

    pub(crate) fn commit(mut self) -> Result<(), StoreError> {
        let end = if self.nested {
            "RELEASE writing"
        } else {
            "COMMIT"
        };
        self.conn.prepare_cached(end)?.execute([])?;
        self.committed = true;
        Ok(())
    }
}

impl std::ops::Deref for Writing<'_> {
    type Target = Connection;

    fn deref(&self) -> &Connection {
        self.conn
    }
}

impl Drop for Writing<'_> {
    fn drop(&mut self) {
        if self.committed || self.conn.is_autocommit() {
            return;
        }
        // Nothing of a failed write stays (as with rusqlite's own
        // transactions, an error rolling back is not reported).
        let undo = if self.nested {
            "ROLLBACK TO writing; RELEASE writing"
        } else {
            "ROLLBACK"
        };
        let _ = self.conn.execute_batch(undo);
    }
}
