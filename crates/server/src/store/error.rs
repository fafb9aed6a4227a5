//! What storage refuses or fails with ([`StoreError`]).

use super::db::DbError;
use super::lease;
use std::sync::Arc;

/// The engine's error, shared (a batch's commit error goes to each of its jobs).
pub type Shared = Arc<DbError>;

/// Storage failed (disk full, database locked or corrupt, unknown schema...).
/// At start, each refusal of [`Store::open`](super::Store::open) names the problem and what to do.
#[derive(Debug, Clone, thiserror::Error)]
pub enum StoreError {
    /// The engine (SQLite or PostgreSQL) refused an operation.
    #[error("{0}")]
    Db(Shared),
    /// The engine refused a step, named.
    #[error("{doing}: {source}")]
    Failed {
        /// What was being done.
        doing: &'static str,
        /// The engine's error.
        source: Shared,
    },
    /// A game's rows could not be read or written.
    #[error("game {id}: {source}")]
    Game {
        /// The game.
        id: String,
        /// The engine's error.
        source: Shared,
    },
    /// A game's actions are not numbered 1, 2, 3...
    #[error("game {id}: action {v} out of sequence")]
    OutOfSequence {
        /// The game.
        id: String,
        /// The number found.
        v: i64,
    },
    /// A row's JSON could not be written.
    #[error("JSON: {0}")]
    Json(Arc<serde_json::Error>),
    /// No transaction could be begun for the batch.
    #[error("cannot begin a transaction: {0}")]
    Begin(Box<StoreError>),
    /// The batch was not committed.
    #[error("commit failed: {0}")]
    Commit(Box<StoreError>),
    /// The storage thread is gone.
    #[error("storage thread stopped")]
    Stopped,
    /// The failure the tests asked for (`Store::fail_next_appends`, with the
    /// feature `testing` only).
    #[cfg(feature = "testing")]
    #[error("database or disk is full (a failure the tests asked for)")]
    Injected,
    /// The path is a folder.
    #[error("this is a folder, not a database file")]
    Folder,
    /// An empty file, not taken for a new database.
    #[error(
        "the database file is empty (0 bytes): it is not a triominos database, and a new one is not made over \
         it; remove the file to start with a new database, or restore a backup"
    )]
    Empty,
    /// The file cannot be read.
    #[error("cannot read the database file: {0}")]
    Unreadable(Arc<std::io::Error>),
    /// The database's folder is not a folder.
    #[error("cannot create the database: {} is not a folder", .0.display())]
    NotAFolder(std::path::PathBuf),
    /// The database cannot be made in its folder.
    #[error("cannot create the database in {}: {source}", .dir.display())]
    CannotCreate {
        /// The folder.
        dir: std::path::PathBuf,
        /// Why.
        source: Arc<std::io::Error>,
    },
    /// The file may not be written.
    #[error("the database file is read-only: the server must write every move; make it writable (and its folder)")]
    ReadOnly,
    /// Not SQLite's header, or a damaged one.
    #[error("not a SQLite database, or a damaged one: {0}")]
    NotSqlite(Box<StoreError>),
    /// `PRAGMA quick_check` found damage.
    #[error(
        "the database is damaged (PRAGMA quick_check: {problems}){games}. The server does not start on a damaged \
         database: restore a backup, or save what can be read with `sqlite3 DAMAGED.db .recover | sqlite3 \
         RECOVERED.db` and start on the recovered file"
    )]
    Damaged {
        /// What the check found.
        problems: String,
        /// The games that cannot be read (`; the games that cannot be read: ...`), if any.
        games: String,
    },
    /// A schema version that is not a number this program writes.
    #[error("bad schema version {0}")]
    BadSchemaVersion(i64),
    /// A version-0 database with a table the server never wrote.
    #[error("not a triominos database (it has a table {0:?})")]
    ForeignTable(String),
    /// A version-0 database with a table of other columns.
    #[error("not a triominos database: table {table:?} has columns {columns:?}, expected {expected:?}")]
    ForeignColumns {
        /// The table.
        table: String,
        /// Its columns.
        columns: Vec<String>,
        /// The columns the server wrote.
        expected: &'static [&'static str],
    },
    /// A database written by a newer program.
    #[error(
        "the database has schema version {found}, newer than version {knows} that this program knows: \
         it was written by a newer triominos; use that one (or a copy of the database)"
    )]
    Newer {
        /// Its version.
        found: u32,
        /// The version this program knows (`SCHEMA_VERSION`).
        knows: u32,
    },
    /// A migration failed.
    #[error("migration {from} -> {}: {source}", .from + 1)]
    Migration {
        /// The version it started from.
        from: u32,
        /// The engine's error.
        source: Shared,
    },
    /// The storage thread could not be started.
    #[error("cannot start the storage thread: {0}")]
    Thread(Arc<std::io::Error>),
    /// PostgreSQL's `triominos_schema` holds other than one row.
    #[error("bad schema version: the table triominos_schema holds {0} rows, not one")]
    SchemaRows(usize),
    /// This instance does not own the game's lease (any more): another
    /// instance took it over; nothing was stored (see [`lease`]).
    #[error("game {game}: this instance no longer owns it (its lease is held by {held}); nothing stored")]
    Fenced {
        /// The game.
        game: String,
        /// Who holds the lease now.
        held: String,
    },
    /// Another instance over the database plays with another lease length
    /// ([`lease::Leases::join`]).
    #[error(
        "other instances over this database use another lease length than this one's {mine} ms: {others}; \
         every instance must use the same --lease-ms (with mixed lengths a game handed over is taken back by \
         the shortest again and again, and a dead instance's games wait its own length): start this one with \
         their --lease-ms, or stop them all and start them all with the new length (an instance killed is \
         forgotten two of its lease lengths after it was last seen)"
    )]
    LeaseLength {
        /// This instance's lease length, in milliseconds.
        mine: i64,
        /// The others: their names and lengths.
        others: String,
    },
    /// PostgreSQL cannot be reached (or refused the connection).
    #[error(
        "cannot connect to PostgreSQL ({url}): {source}; check that the server runs, the address, the user and \
         the database (created with createdb)"
    )]
    Connect {
        /// The address, without its password.
        url: String,
        /// PostgreSQL's error.
        source: Shared,
    },
}

impl From<DbError> for StoreError {
    fn from(e: DbError) -> StoreError {
        note_full(&e);
        StoreError::Db(Arc::new(e))
    }
}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> StoreError {
        StoreError::from(DbError::from(e))
    }
}

thread_local! {
    /// Whether SQLite said the disk (or the database) is full on this
    /// thread since the last look: the storage thread then empties the
    /// write-ahead log ([`run`]).
    pub(super) static FULL: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Notes an error of SQLite that says the disk is full.
pub(super) fn note_full(e: &DbError) {
    if e.is_disk_full() {
        FULL.with(|f| f.set(true));
    }
}

impl From<serde_json::Error> for StoreError {
    fn from(e: serde_json::Error) -> StoreError {
        StoreError::Json(Arc::new(e))
    }
}

/// The engine's error for a named step.
pub(super) fn failed<E: Into<DbError>>(doing: &'static str) -> impl FnOnce(E) -> StoreError {
    move |e| {
        let e = e.into();
        note_full(&e);
        StoreError::Failed { doing, source: Arc::new(e) }
    }
}

impl From<postgres::Error> for StoreError {
    fn from(e: postgres::Error) -> StoreError {
        StoreError::from(DbError::from(e))
    }
}

impl From<lease::LeaseError> for StoreError {
    fn from(e: lease::LeaseError) -> StoreError {
        match e {
            lease::LeaseError::Db(e) => StoreError::from(e),
            lease::LeaseError::Fenced { game, held } => StoreError::Fenced { game, held },
            lease::LeaseError::Length { mine, others } => StoreError::LeaseLength { mine, others },
        }
    }
}
