//! Durable storage in SQLite (a file, the default) or PostgreSQL (several
//! instances over one database): the one database of the server, its schema
//! and its migrations, and the one thread that owns the connection (see
//! [`db`] for what the two engines share).
//!
//! Games are event-sourced: a game is its setup (rules, seats, seed) plus every
//! accepted action in order. Score-pad sheets (see [`crate::pad`]) live in the
//! same database, in a table of their own.
//!
//! Jobs sent to the storage thread are grouped into one transaction per batch
//! (group commit); each job runs in a savepoint of its own, rolled back when the
//! job fails, and its reply is sent only after the transaction is committed, so
//! an action is on disk before anyone hears of it.
//!
//! # Schema versions
//!
//! The schema version is SQLite's `PRAGMA user_version`, and in PostgreSQL the
//! one row of the table `triominos_schema`. [`SCHEMA_VERSION`] is the version
//! this program writes, for both engines; [`MIGRATIONS`] (SQLite) and
//! [`PG_MIGRATIONS`] (PostgreSQL) take a database from each older version to
//! the next, in one transaction (in PostgreSQL under an advisory lock, so that
//! instances started together migrate once). Version 0 is a database
//! written before migrations existed (or a new, empty file): it is recognised
//! by its tables and columns, and anything else is refused rather than guessed
//! at. A database with a version newer than [`SCHEMA_VERSION`] is refused with
//! both versions named, never read.
//!
//! The JSON stored in the rows is part of the schema: a game's setup
//! ([`crate::game::room::Setup`]), its intents ([`crate::protocol::Intent`]), the
//! summaries ([`crate::protocol::GameSummary`],
//! [`crate::protocol::pad::SheetSummary`]), a sheet's setup and entries
//! ([`crate::pad::store`]). A change that old rows would not read the same
//! bumps [`SCHEMA_VERSION`] with a migration that rewrites them.

pub mod db;
pub mod lease;
#[doc(hidden)]
pub mod testpg;
pub mod throttle;

use db::{Db, DbError, Engine, Val};
use rusqlite::Connection;
use std::path::Path;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{mpsc, Arc};
use tokio::sync::oneshot;

/// The schema version this program reads and writes.
pub const SCHEMA_VERSION: u32 = 4;

/// `MIGRATIONS[i]` takes a database from schema version `i` to `i + 1`.
///
/// Version 0 -> 1: the tables of the server before migrations existed (games,
/// their actions, and score-pad sheets), created where missing. A database of
/// that time already has some of them, exactly so.
///
/// Version 1 -> 2: each action gets the time it was stored (`actions.at`,
/// milliseconds since 1970; `NULL` in the rows stored before): the turn
/// clocks count from it, so a deadline is known again after a restart.
///
/// Version 2 -> 3: the table `leases`, one row per game in play on one of
/// several instances over one PostgreSQL (see [`lease`]): its owner
/// instance, its address, its epoch, its expiry (ms since 1970) and the
/// instance that asked for it, if any. Empty at first; SQLite has it too
/// (one schema), a single instance does not use it.
///
/// Version 3 -> 4: the table `instances`, the instances playing over one
/// PostgreSQL with their lease length and when each was last seen (so that
/// an instance whose `--lease-ms` differs refuses to join: see
/// [`lease::Leases::join`]); in PostgreSQL, the table `triominos_schema`
/// made to hold one row at most (a unique index on a constant), so that a
/// backup restored over a live database fails instead of adding a second
/// version row. SQLite has the table too, unused by a single instance.
pub const MIGRATIONS: [&str; SCHEMA_VERSION as usize] = [V0_TO_V1, V1_TO_V2, V2_TO_V3, V3_TO_V4];

const V3_TO_V4: &str = "
CREATE TABLE instances (
    name TEXT PRIMARY KEY,
    lease_ms INTEGER NOT NULL,
    seen INTEGER NOT NULL
);
";

const V2_TO_V3: &str = "
CREATE TABLE leases (
    game TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    addr TEXT NOT NULL,
    epoch INTEGER NOT NULL,
    expires INTEGER NOT NULL,
    wanted TEXT
);
CREATE INDEX leases_owner ON leases(owner);
";

const V1_TO_V2: &str = "ALTER TABLE actions ADD COLUMN at INTEGER;";

/// `PG_MIGRATIONS[i]` takes a PostgreSQL database from schema version `i` to
/// `i + 1`: the same tables and columns as [`MIGRATIONS`], integers as
/// `BIGINT`. Version 0 is an empty database (or one holding only the tables
/// of version 0, exactly so: the same check as SQLite's); the first step
/// also makes the table `triominos_schema` that holds the version.
pub const PG_MIGRATIONS: [&str; SCHEMA_VERSION as usize] = [PG_V0_TO_V1, PG_V1_TO_V2, PG_V2_TO_V3, PG_V3_TO_V4];

const PG_V3_TO_V4: &str = "
CREATE TABLE instances (
    name TEXT PRIMARY KEY,
    lease_ms BIGINT NOT NULL,
    seen BIGINT NOT NULL
);
CREATE UNIQUE INDEX triominos_schema_one_row ON triominos_schema ((true));
";

const PG_V0_TO_V1: &str = "
CREATE TABLE IF NOT EXISTS triominos_schema (version BIGINT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    created BIGINT NOT NULL,
    setup TEXT NOT NULL,
    finished BIGINT,
    summary TEXT
);
CREATE TABLE IF NOT EXISTS actions (
    game TEXT NOT NULL,
    v BIGINT NOT NULL,
    seat BIGINT,
    intent TEXT NOT NULL,
    PRIMARY KEY (game, v)
);
CREATE INDEX IF NOT EXISTS games_finished ON games(finished);
CREATE TABLE IF NOT EXISTS pad_sheets (
    id TEXT PRIMARY KEY,
    created BIGINT NOT NULL,
    updated BIGINT NOT NULL,
    version BIGINT NOT NULL,
    setup TEXT NOT NULL,
    entries TEXT NOT NULL,
    summary TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS pad_sheets_updated ON pad_sheets(updated);
";

const PG_V1_TO_V2: &str = "ALTER TABLE actions ADD COLUMN at BIGINT;";

const PG_V2_TO_V3: &str = "
CREATE TABLE leases (
    game TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    addr TEXT NOT NULL,
    epoch BIGINT NOT NULL,
    expires BIGINT NOT NULL,
    wanted TEXT
);
CREATE INDEX leases_owner ON leases(owner);
";

/// The key of the PostgreSQL advisory lock held while the schema is looked
/// at and migrated (`pg_advisory_lock`): "tri" in ASCII.
pub const PG_MIGRATION_LOCK: i64 = 0x0074_7269;

const V0_TO_V1: &str = "
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    created INTEGER NOT NULL,
    setup TEXT NOT NULL,
    finished INTEGER,
    summary TEXT
);
CREATE TABLE IF NOT EXISTS actions (
    game TEXT NOT NULL,
    v INTEGER NOT NULL,
    seat INTEGER,
    intent TEXT NOT NULL,
    PRIMARY KEY (game, v)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS games_finished ON games(finished);
CREATE TABLE IF NOT EXISTS pad_sheets (
    id TEXT PRIMARY KEY,
    created INTEGER NOT NULL,
    updated INTEGER NOT NULL,
    version INTEGER NOT NULL,
    setup TEXT NOT NULL,
    entries TEXT NOT NULL,
    summary TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS pad_sheets_updated ON pad_sheets(updated);
";

/// The tables (and their columns, in order) of a database written before
/// migrations existed: what a version-0 database may hold.
const V0_TABLES: [(&str, &[&str]); 3] = [
    ("games", &["id", "created", "setup", "finished", "summary"]),
    ("actions", &["game", "v", "seat", "intent"]),
    ("pad_sheets", &["id", "created", "updated", "version", "setup", "entries", "summary"]),
];

/// What the storage thread does once a batch is over: `Ok` when it was
/// committed, else the engine's error.
pub(crate) type Done = Box<dyn FnOnce(Result<(), StoreError>) + Send>;

/// A job run on the storage thread, inside the batch's transaction (`Err`
/// with the engine's error when no transaction could be begun: the job must
/// not touch the database). It returns what to do once the transaction is
/// over (typically: reply).
type Job = Box<dyn FnOnce(Result<&Db, &StoreError>) -> Done + Send>;

/// A stored game: its id, setup (JSON), status and every action (JSON) in order.
#[derive(Clone, Debug)]
pub struct StoredGame {
    /// Game id.
    pub id: String,
    /// The setup as JSON (see `room::Setup`).
    pub setup: String,
    /// Whether the game is over.
    pub finished: bool,
    /// Every accepted intent: `(seat, intent JSON)`, in order.
    pub actions: Vec<(Option<u8>, String)>,
    /// When each action was stored, in milliseconds since 1970 (`None` for
    /// the rows stored before schema version 2); as long as `actions`.
    pub times: Vec<Option<i64>>,
}

/// A finished game in the list, as stored.
#[derive(Clone, Debug)]
pub struct FinishedRow {
    /// Game id.
    pub id: String,
    /// Unix seconds when it was created.
    pub created: i64,
    /// Unix seconds when it ended.
    pub finished: i64,
    /// The summary, as JSON text (see [`crate::protocol::GameSummary`]).
    pub summary: String,
}

/// A game as one copy of it in memory writes it: its id and the lease epoch
/// that copy was made or loaded under ([`lease`]; with leases every write
/// is fenced by it, so that a copy dropped from memory never writes, even
/// once its instance took the game back under a newer epoch). Without
/// leases (SQLite, one instance) the epoch is not looked at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Owned {
    /// Game id.
    pub game: String,
    /// The epoch of the lease the copy was made (1) or loaded under.
    pub epoch: i64,
}

impl Owned {
    /// `game` as a copy made or loaded under `epoch` writes it.
    pub fn new(game: impl Into<String>, epoch: i64) -> Owned {
        Owned { game: game.into(), epoch }
    }
}

/// Handle to the storage thread. Cheap to clone.
#[derive(Clone)]
pub struct Store {
    tx: mpsc::Sender<Job>,
    /// Whether the database answers ([`Health`]).
    health: Arc<Health>,
    /// Appends still to fail ([`Store::fail_next_appends`]).
    failing_appends: Arc<AtomicU32>,
    engine: Engine,
    /// This instance's leases, when it is one of several.
    leases: Option<lease::Leases>,
}

/// The engine's error, shared (a batch's commit error goes to each of its jobs).
pub type Shared = Arc<DbError>;

/// Storage failed (disk full, database locked or corrupt, unknown schema...).
/// At start, each refusal of [`Store::open`] names the problem and what to do.
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
    /// The failure the tests asked for ([`Store::fail_next_appends`]).
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
        "the database has schema version {found}, newer than version {SCHEMA_VERSION} that this program knows: \
         it was written by a newer triominos; use that one (or a copy of the database)"
    )]
    Newer {
        /// Its version.
        found: u32,
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
    static FULL: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Notes an error of SQLite that says the disk is full.
fn note_full(e: &DbError) {
    if e.is_disk_full() {
        FULL.with(|f| f.set(true));
    }
}

/// After a full disk (SQLite's `SQLITE_FULL`, or a batch whose commit
/// failed: SQLite rolls a transaction back itself when the disk is full),
/// the write-ahead log is checkpointed and truncated to nothing (`PRAGMA
/// wal_checkpoint(TRUNCATE)`): otherwise it keeps the size it grew to, and
/// space freed by the operator is soon used up again. Tried again after
/// each batch until it succeeds.
fn checkpoint_after_full(conn: &Connection) {
    if !FULL.with(|f| f.get()) {
        return;
    }
    match conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |r| r.get::<_, i64>(0)) {
        Ok(0) => {
            FULL.with(|f| f.set(false));
            tracing::warn!("storage: the disk was full; the write-ahead log is checkpointed and emptied");
        }
        // Busy (a reader) or failed: tried again after the next batch.
        Ok(_) => {}
        Err(e) => {
            if throttle::storage_error().is_some() {
                tracing::error!("storage: cannot checkpoint the write-ahead log after a full disk: {e}");
            }
        }
    }
}

impl From<serde_json::Error> for StoreError {
    fn from(e: serde_json::Error) -> StoreError {
        StoreError::Json(Arc::new(e))
    }
}

/// The engine's error for a named step.
fn failed<E: Into<DbError>>(doing: &'static str) -> impl FnOnce(E) -> StoreError {
    move |e| {
        let e = e.into();
        note_full(&e);
        StoreError::Failed { doing, source: Arc::new(e) }
    }
}

/// The schema version of an open database.
pub fn schema_version(conn: &Connection) -> Result<u32, StoreError> {
    conn.pragma_query_value(None, "user_version", |r| r.get::<_, i64>(0))
        .map_err(StoreError::from)
        .and_then(|v| u32::try_from(v).map_err(|_| StoreError::BadSchemaVersion(v)))
}

/// The schema version of a database of either engine: SQLite's
/// `user_version` ([`schema_version`]), PostgreSQL's one row of
/// `triominos_schema` (0 when it has no such table).
fn version_of(db: &Db) -> Result<u32, StoreError> {
    if let Some(conn) = db.as_sqlite() {
        return schema_version(conn);
    }
    let has = db.query_opt("SELECT to_regclass('triominos_schema')::text", &[])?;
    if has.map(|r| r.opt_text(0)).transpose()?.flatten().is_none() {
        return Ok(0);
    }
    let v = match db.query("SELECT version FROM triominos_schema", &[])?.as_slice() {
        [r] => r.int(0)?,
        rows => return Err(StoreError::SchemaRows(rows.len())),
    };
    u32::try_from(v).map_err(|_| StoreError::BadSchemaVersion(v))
}

/// Checks that a version-0 database (of either engine) holds only the tables
/// (and columns) that the server wrote before migrations existed.
fn check_v0(db: &Db) -> Result<(), StoreError> {
    let (tables, columns) = match db.engine() {
        Engine::Sqlite => (
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
            "SELECT name FROM pragma_table_info(?1) ORDER BY cid",
        ),
        Engine::Postgres => (
            "SELECT table_name::text FROM information_schema.tables \
             WHERE table_schema = current_schema() ORDER BY table_name",
            "SELECT column_name::text FROM information_schema.columns \
             WHERE table_schema = current_schema() AND table_name = ?1 ORDER BY ordinal_position",
        ),
    };
    let texts = |sql: &str, args: &[Val<'_>]| -> Result<Vec<String>, StoreError> {
        Ok(db.query(sql, args)?.iter().map(|r| r.text(0)).collect::<Result<_, _>>()?)
    };
    for table in texts(tables, &[])? {
        let Some((_, expected)) = V0_TABLES.iter().find(|(n, _)| *n == table) else {
            return Err(StoreError::ForeignTable(table));
        };
        let columns = texts(columns, &[Val::from(&table)])?;
        if columns != *expected {
            return Err(StoreError::ForeignColumns { table, columns, expected });
        }
    }
    Ok(())
}

/// Writes the schema version `v` (in the migration's transaction).
fn set_version(db: &Db, v: u32) -> Result<(), StoreError> {
    match db.engine() {
        Engine::Sqlite => db.batch(&format!("PRAGMA user_version = {v}"))?,
        Engine::Postgres => {
            db.execute("DELETE FROM triominos_schema", &[])?;
            db.execute("INSERT INTO triominos_schema (version) VALUES (?1)", &[Val::from(i64::from(v))])?;
        }
    }
    Ok(())
}

/// Brings a database of either engine to [`SCHEMA_VERSION`] ([`MIGRATIONS`]
/// on SQLite, [`PG_MIGRATIONS`] on PostgreSQL), each step in a transaction
/// of its own; refuses a database newer than this program or one it does not
/// recognise. On PostgreSQL, [`pg_migrate`] runs it under its lock.
pub fn migrate(db: &Db) -> Result<(), StoreError> {
    let found = version_of(db)?;
    if found > SCHEMA_VERSION {
        return Err(StoreError::Newer { found });
    }
    if found == 0 {
        check_v0(db)?;
    }
    let steps = match db.engine() {
        Engine::Sqlite => &MIGRATIONS,
        Engine::Postgres => &PG_MIGRATIONS,
    };
    for v in found..SCHEMA_VERSION {
        db.batch("BEGIN")?;
        let step = db
            .batch(steps[v as usize])
            .map_err(|e| StoreError::Migration { from: v, source: Arc::new(e) })
            .and_then(|()| set_version(db, v + 1))
            .and_then(|()| Ok(db.batch("COMMIT")?));
        if step.is_err() {
            let _ = db.batch("ROLLBACK");
        }
        step?;
    }
    Ok(())
}

impl From<postgres::Error> for StoreError {
    fn from(e: postgres::Error) -> StoreError {
        StoreError::from(DbError::from(e))
    }
}

/// Whether a `--db` value names a PostgreSQL database (`postgres://…` or
/// `postgresql://…`) rather than a SQLite file.
pub fn is_postgres_url(db: &str) -> bool {
    db.starts_with("postgres://") || db.starts_with("postgresql://")
}

/// A PostgreSQL address without its password (for messages and logs).
pub fn redact(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else { return url.to_string() };
    let (auth, host) = match rest.rsplit_once('@') {
        Some((auth, host)) => (auth, host),
        None => return url.to_string(),
    };
    match auth.split_once(':') {
        Some((user, _)) => format!("{scheme}://{user}:***@{host}"),
        None => url.to_string(),
    }
}

/// Brings a PostgreSQL database to [`SCHEMA_VERSION`] ([`migrate`]) under
/// the advisory lock [`PG_MIGRATION_LOCK`] (instances started together
/// migrate once, one after the other: the later ones find the work done);
/// refuses a user that may not write (a probe write of the version,
/// unchanged).
pub fn pg_migrate(db: &Db) -> Result<(), StoreError> {
    let lock = [Val::from(PG_MIGRATION_LOCK)];
    db.execute("SELECT pg_advisory_lock(?1)", &lock)?;
    let done = migrate(db).and_then(|()| {
        db.execute("UPDATE triominos_schema SET version = version", &[])
            .map_err(failed("cannot write to the database (does the user have the rights to write?)"))
    });
    let unlocked = db.execute("SELECT pg_advisory_unlock(?1)", &lock);
    done?;
    unlocked?;
    Ok(())
}

impl Store {
    /// Opens (or creates) the database, brings its schema up to date and
    /// starts the storage thread.
    ///
    /// Refuses, with a message naming the problem and SQLite's own words: a
    /// path whose folder is missing or not writable, an empty (0-byte) file, a
    /// file that is not a SQLite database, a read-only file, a database that
    /// `PRAGMA quick_check` finds damaged (naming the games that cannot be
    /// read), one that cannot be written to. Nothing is written before these
    /// checks pass.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        let db = Db::sqlite(open_checked(path)?);
        if let Some(conn) = db.as_sqlite() {
            check_damage(conn, &db)?;
            migrate(&db)?;
            conn.pragma_update(None, "journal_mode", "WAL").map_err(failed::<rusqlite::Error>(
                "cannot switch the database to WAL mode (is its folder writable?)",
            ))?;
            // WAL + FULL: each commit is synced; group commit keeps that cheap.
            let sync = std::env::var("TRIOMINOS_SQLITE_SYNC").unwrap_or_else(|_| "FULL".into());
            conn.pragma_update(None, "synchronous", sync).map_err(StoreError::from)?;
            probe_write(conn)?;
        }
        Store::start(db)
    }

    /// Opens a PostgreSQL database (`postgres://user:password@host:port/name`
    /// or `postgresql://…`; `?host=/folder` for a unix socket), brings its
    /// schema up to date ([`pg_migrate`]) and starts the storage thread. The
    /// database must exist (`createdb`); its tables are made at the first
    /// start. Refuses, naming the problem: a server that cannot be reached or
    /// refuses the user, a database newer than this program or not a
    /// triominos one, a user that may not write.
    ///
    /// The connection is made on the storage thread itself: the client of
    /// the `postgres` crate runs a runtime of its own, which may not run
    /// inside the server's.
    pub fn open_postgres(url: &str) -> Result<Store, StoreError> {
        let url = url.to_string();
        let (tx, rx) = mpsc::channel::<Job>();
        let health = Arc::new(Health::default());
        let h = health.clone();
        let (opened, open_rx) = mpsc::channel::<Result<(), StoreError>>();
        std::thread::Builder::new()
            .name("triominos-store".into())
            .spawn(move || {
                let connect =
                    |e: postgres::Error| StoreError::Connect { url: redact(&url), source: Arc::new(e.into()) };
                let db = postgres::Client::connect(&url, postgres::NoTls)
                    .map_err(connect)
                    .map(|client| Db::postgres(client, url.clone()))
                    .and_then(|db| pg_migrate(&db).map(|()| db));
                match db {
                    Ok(db) => {
                        let _ = opened.send(Ok(()));
                        run(db, rx, &h);
                    }
                    Err(e) => {
                        let _ = opened.send(Err(e));
                    }
                }
            })
            .map_err(|e| StoreError::Thread(Arc::new(e)))?;
        open_rx.recv().map_err(|_| StoreError::Stopped)??;
        Ok(Store { tx, health, failing_appends: Arc::new(AtomicU32::new(0)), engine: Engine::Postgres, leases: None })
    }

    /// Opens the database `db` names: PostgreSQL for a `postgres://…`
    /// address ([`Store::open_postgres`]), else the SQLite file at that path
    /// ([`Store::open`]).
    pub fn open_any(db: &str) -> Result<Store, StoreError> {
        match is_postgres_url(db) {
            true => Store::open_postgres(db),
            false => Store::open(Path::new(db)),
        }
    }

    fn start(db: Db) -> Result<Store, StoreError> {
        let engine = db.engine();
        let (tx, rx) = mpsc::channel::<Job>();
        let health = Arc::new(Health::default());
        let h = health.clone();
        std::thread::Builder::new()
            .name("triominos-store".into())
            .spawn(move || run(db, rx, &h))
            .map_err(|e| StoreError::Thread(Arc::new(e)))?;
        Ok(Store { tx, health, failing_appends: Arc::new(AtomicU32::new(0)), engine, leases: None })
    }

    /// Which engine the store writes to.
    pub fn engine(&self) -> Engine {
        self.engine
    }

    /// Whether the database answers, as the storage thread last found it
    /// ([`Health`]).
    pub fn health(&self) -> &Health {
        &self.health
    }

    /// A test seam: the next `n` appends fail on the storage thread, inside
    /// their transaction, as on a full disk (a `StoreError`, nothing
    /// written); the ones after work again. For the tests of what the server
    /// does after a temporary storage failure.
    #[doc(hidden)]
    pub fn fail_next_appends(&self, n: u32) {
        self.failing_appends.store(n, Ordering::SeqCst);
    }

    /// Appends still to fail (see [`Store::fail_next_appends`]).
    #[doc(hidden)]
    pub fn appends_left_to_fail(&self) -> u32 {
        self.failing_appends.load(Ordering::SeqCst)
    }

    /// Runs `f` on the storage thread inside a transaction, in a savepoint of
    /// its own that is rolled back when `f` fails; answers once committed.
    pub async fn call<T, E>(&self, f: impl FnOnce(&Db) -> Result<T, E> + Send + 'static) -> Result<T, E>
    where
        T: Send + 'static,
        E: From<StoreError> + Send + 'static,
    {
        let (reply, rx) = oneshot::channel::<Result<T, E>>();
        let job: Job = Box::new(move |conn| {
            let r = match conn {
                Err(e) => Err(StoreError::Begin(Box::new(e.clone())).into()),
                Ok(c) => match c.control("SAVEPOINT job") {
                    Err(e) => Err(failed("cannot begin a savepoint")(e).into()),
                    Ok(_) => {
                        let r = f(c);
                        let undone = match r.is_err() {
                            true => c.control("ROLLBACK TO SAVEPOINT job").err(),
                            false => None,
                        };
                        match (undone, c.control("RELEASE SAVEPOINT job")) {
                            (None, Ok(_)) => r,
                            (Some(e), _) => Err(failed("cannot end a savepoint")(e).into()),
                            // PostgreSQL: a statement of the job failed and the job
                            // went on (the transaction is then aborted until the
                            // savepoint is rolled back): the job is undone, failed.
                            (None, Err(e)) => {
                                let _ = c.control("ROLLBACK TO SAVEPOINT job");
                                let _ = c.control("RELEASE SAVEPOINT job");
                                Err(failed("cannot end a savepoint")(e).into())
                            }
                        }
                    }
                },
            };
            Box::new(move |committed: Result<(), StoreError>| {
                let _ = reply.send(match committed {
                    Ok(()) => r,
                    Err(e) => Err(StoreError::Commit(Box::new(e)).into()),
                });
            })
        });
        self.tx.send(job).map_err(|_| StoreError::Stopped)?;
        rx.await.map_err(|_| StoreError::Stopped)?
    }

    /// Waits until every job sent before it is over (its transaction committed).
    pub async fn flush(&self) -> Result<(), StoreError> {
        self.call(|_| Ok::<(), StoreError>(())).await
    }

    /// Stores a new game.
    pub async fn create_game(&self, id: String, created: i64, setup: String) -> Result<(), StoreError> {
        self.call(move |c| insert_game(c, &id, created, &setup)).await
    }

    /// Appends the intent numbered `v` to a game's log, stored at `at`
    /// (milliseconds since 1970, [`now_ms`]), fenced by the epoch of the
    /// copy that writes it ([`Owned`]).
    pub async fn append(
        &self,
        owned: Owned,
        v: u64,
        seat: Option<u8>,
        intent: String,
        at: i64,
    ) -> Result<(), StoreError> {
        let failing = self.failing_appends.clone();
        let leases = self.leases.clone();
        self.call(move |c| {
            if failing.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1)).is_ok() {
                return Err(StoreError::Injected);
            }
            let game = fence(c, leases.as_ref(), owned)?;
            c.execute(
                "INSERT INTO actions (game, v, seat, intent, at) VALUES (?1, ?2, ?3, ?4, ?5)",
                &[Val::from(&game), Val::from(v as i64), Val::from(seat), Val::from(&intent), Val::from(at)],
            )?;
            Ok(())
        })
        .await
    }

    /// Deletes a game's last action, numbered `v` (a takeback): `Ok(false)`,
    /// deleting nothing, when `v` is not its last.
    pub async fn delete_last(&self, owned: Owned, v: u64) -> Result<bool, StoreError> {
        self.delete_from(owned, v, v).await
    }

    /// Deletes a game's actions numbered `from` to `last`, its last (a
    /// takeback with the bots' replies after it): `Ok(false)`, deleting
    /// nothing, when `last` is not its last action or `from` is after it.
    pub async fn delete_from(&self, owned: Owned, from: u64, last: u64) -> Result<bool, StoreError> {
        let leases = self.leases.clone();
        self.call(move |c| {
            let game = fence(c, leases.as_ref(), owned)?;
            if from > last {
                return Ok(false);
            }
            let n = c.execute(
                "DELETE FROM actions WHERE game = ?1 AND v >= ?2 AND v <= ?3 \
                 AND ?3 = (SELECT MAX(v) FROM actions WHERE game = ?1)",
                &[Val::from(&game), Val::from(from as i64), Val::from(last as i64)],
            )?;
            Ok(n == last - from + 1)
        })
        .await
    }

    /// Marks a game finished with its summary.
    pub async fn finish(&self, owned: Owned, at: i64, summary: String) -> Result<(), StoreError> {
        let leases = self.leases.clone();
        self.call(move |c| {
            let game = fence(c, leases.as_ref(), owned)?;
            c.execute(
                "UPDATE games SET finished = ?2, summary = ?3 WHERE id = ?1",
                &[Val::from(&game), Val::from(at), Val::from(&summary)],
            )?;
            Ok(())
        })
        .await
    }

    /// Rewrites a game's setup (the hints used are kept in it: see
    /// [`crate::game::room::Setup::hints_used`]).
    pub async fn update_setup(&self, owned: Owned, setup: String) -> Result<(), StoreError> {
        let leases = self.leases.clone();
        self.call(move |c| {
            let game = fence(c, leases.as_ref(), owned)?;
            c.execute("UPDATE games SET setup = ?2 WHERE id = ?1", &[Val::from(&game), Val::from(&setup)])?;
            Ok(())
        })
        .await
    }

    /// Loads one game with its log.
    pub async fn load(&self, id: String) -> Result<Option<StoredGame>, StoreError> {
        self.call(move |c| load_game(c, &id)).await
    }

    /// Ids of the games not finished yet.
    pub async fn unfinished(&self) -> Result<Vec<String>, StoreError> {
        self.call(|c| {
            let rows = c.query("SELECT id FROM games WHERE finished IS NULL ORDER BY created, id", &[])?;
            Ok(rows.iter().map(|r| r.text(0)).collect::<Result<Vec<_>, _>>()?)
        })
        .await
    }

    /// The most recently finished games that their creator listed
    /// ([`LISTED`]), newest first.
    pub async fn finished(&self, limit: u32) -> Result<Vec<FinishedRow>, StoreError> {
        self.call(move |c| {
            let rows = c.query(
                "SELECT id, created, finished, summary FROM games WHERE finished IS NOT NULL \
                 AND summary LIKE ?2 ORDER BY finished DESC, id LIMIT ?1",
                &[Val::from(limit), Val::from(LISTED)],
            )?;
            let row = |r: &db::Row| -> Result<FinishedRow, DbError> {
                Ok(FinishedRow {
                    id: r.text(0)?,
                    created: r.int(1)?,
                    finished: r.int(2)?,
                    summary: r.opt_text(3)?.unwrap_or_default(),
                })
            };
            Ok(rows.iter().map(row).collect::<Result<Vec<_>, _>>()?)
        })
        .await
    }
}

/// The `LIKE` pattern of a listed game's summary: the summary is JSON written
/// by serde (`GameSummary`, its `listed` field first), in which a name's own
/// quotes are escaped, so only the field itself matches. No schema change:
/// the flag travels in the summary, as the hints do in the setup.
pub const LISTED: &str = "%\"listed\":true%";

/// Checks, in a write's transaction, that this instance owns the game with
/// the epoch its copy was made or loaded under ([`lease::Leases::fence`]);
/// without leases, nothing to check. The game's id.
fn fence(c: &Db, leases: Option<&lease::Leases>, owned: Owned) -> Result<String, StoreError> {
    if let Some(l) = leases {
        l.fence(c, &owned.game, owned.epoch)?;
    }
    Ok(owned.game)
}

/// What taking a game's lease gave ([`Store::take_and_load`]).
#[derive(Debug)]
pub enum Taken {
    /// No such game.
    NotFound,
    /// This instance owns the game now (with this epoch; 0 without leases),
    /// loaded after the lease was taken.
    Mine(i64, StoredGame),
    /// Another instance holds a live lease.
    Elsewhere(lease::Holder),
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

/// The leases of games in play (several instances over one PostgreSQL: see [`lease`]).
impl Store {
    /// The leases of this instance, when it is one of several
    /// ([`Store::with_leases`]).
    pub fn leases(&self) -> Option<&lease::Leases> {
        self.leases.as_ref()
    }

    /// This store with leases: every write of a game checks this instance's
    /// lease on it (see [`lease`]).
    pub fn with_leases(mut self, leases: lease::Leases) -> Store {
        self.leases = Some(leases);
        self
    }

    /// Takes a game's lease (when nobody holds a live one) and loads it, in
    /// one job: the lease row is locked first, so that the instance that had
    /// it can store nothing more once the game is read. Without leases,
    /// loads it.
    pub async fn take_and_load(&self, game: String) -> Result<Taken, StoreError> {
        let Some(leases) = self.leases.clone() else {
            return Ok(match self.load(game).await? {
                Some(g) => Taken::Mine(0, g),
                None => Taken::NotFound,
            });
        };
        let l = leases.clone();
        let id = game.clone();
        let taken = self
            .call(move |c| {
                if c.query_opt("SELECT 1 FROM games WHERE id = ?1", &[Val::from(&game)])?.is_none() {
                    return Ok(Taken::NotFound);
                }
                match l.try_take(c, &game, now_ms())? {
                    Err(holder) => Ok(Taken::Elsewhere(holder)),
                    Ok(epoch) => match load_game(c, &game) {
                        Ok(Some(g)) => Ok(Taken::Mine(epoch, g)),
                        Ok(None) => Ok(Taken::NotFound),
                        Err(e) => Err(e),
                    },
                }
            })
            .await;
        if matches!(taken, Ok(Taken::NotFound) | Err(_)) {
            leases.forget(&id);
        }
        taken
    }

    /// Renews every lease this instance holds; tells which it still holds,
    /// which it lost (another took them over: its rooms must go) and which
    /// another instance asked for.
    pub async fn renew_leases(&self) -> Result<lease::Renewed, StoreError> {
        let Some(leases) = self.leases.clone() else { return Ok(lease::Renewed::default()) };
        self.call(move |c| Ok::<_, StoreError>(leases.renew(c, now_ms())?)).await
    }

    /// Gives a game's lease back (the game left memory, or is handed over):
    /// another instance may take it at once.
    pub async fn release(&self, game: String) -> Result<(), StoreError> {
        let Some(leases) = self.leases.clone() else { return Ok(()) };
        let Some(epoch) = leases.forget(&game) else { return Ok(()) };
        self.call(move |c| Ok::<_, StoreError>(leases.give_back(c, &game, epoch)?)).await
    }

    /// Gives back every lease of this instance (it stops): the other
    /// instances may take its games at once, not after their expiry.
    pub async fn release_all(&self) -> Result<(), StoreError> {
        let Some(leases) = self.leases.clone() else { return Ok(()) };
        self.call(move |c| Ok::<_, StoreError>(leases.give_back_all(c, now_ms())?)).await
    }

    /// Joins the instances over this database ([`lease::Leases::join`]):
    /// refused with [`StoreError::LeaseLength`] when one seen lately uses
    /// another lease length. Nothing without leases.
    pub async fn join(&self) -> Result<(), StoreError> {
        let Some(leases) = self.leases.clone() else { return Ok(()) };
        self.call(move |c| Ok(leases.join(c, now_ms())?)).await
    }

    /// Hands a game over to the instance that asked for it (see
    /// [`lease::Leases::hand_over`]).
    pub async fn hand_over(&self, game: String) -> Result<(), StoreError> {
        let Some(leases) = self.leases.clone() else { return Ok(()) };
        let Some(epoch) = leases.forget(&game) else { return Ok(()) };
        self.call(move |c| Ok::<_, StoreError>(leases.hand_over(c, &game, epoch, now_ms())?)).await
    }

    /// Asks the owner of a game to hand it over (its players are sent to
    /// this instance): it gives the lease back at its next renewal.
    pub async fn ask_for(&self, game: String) -> Result<(), StoreError> {
        let Some(leases) = self.leases.clone() else { return Ok(()) };
        self.call(move |c| Ok::<_, StoreError>(leases.ask(c, &game)?)).await
    }
}

/// Opens the database file after checking what can be checked without
/// writing: the folder, an empty file, the SQLite header, read-only, damage.
fn open_checked(path: &Path) -> Result<Connection, StoreError> {
    let wal = |p: &Path| {
        let mut w = p.as_os_str().to_owned();
        w.push("-wal");
        std::fs::metadata(std::path::PathBuf::from(w)).map_or(0, |m| m.len())
    };
    match std::fs::metadata(path) {
        Ok(m) if m.is_dir() => return Err(StoreError::Folder),
        // SQLite would take an empty file for a new database and start with no
        // games: a database emptied by accident would go unnoticed.
        Ok(m) if m.len() == 0 && wal(path) == 0 => return Err(StoreError::Empty),
        Ok(_) => {}
        Err(e) => {
            let parent = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
            match std::fs::metadata(parent) {
                Ok(m) if m.is_dir() && e.kind() == std::io::ErrorKind::NotFound => {}
                Ok(m) if m.is_dir() => return Err(StoreError::Unreadable(Arc::new(e))),
                Ok(_) => return Err(StoreError::NotAFolder(parent.to_path_buf())),
                Err(e) => return Err(StoreError::CannotCreate { dir: parent.to_path_buf(), source: Arc::new(e) }),
            }
        }
    }
    let conn =
        Connection::open(path).map_err(failed("cannot open the database (is its folder there and writable?)"))?;
    conn.busy_timeout(std::time::Duration::from_secs(5)).map_err(StoreError::from)?;
    // SQLite opens a file it may not write read-only, without a word.
    if conn.is_readonly(rusqlite::MAIN_DB).map_err(StoreError::from)? {
        return Err(StoreError::ReadOnly);
    }
    // The first read checks the header.
    if let Err(e) = schema_version(&conn) {
        return Err(StoreError::NotSqlite(Box::new(e)));
    }
    Ok(conn)
}

/// `PRAGMA quick_check`: on damage, an error with what it found and the games
/// that cannot be read (the server refuses to start on a damaged database).
fn check_damage(conn: &Connection, db: &Db) -> Result<(), StoreError> {
    let found: Result<Vec<String>, rusqlite::Error> =
        conn.prepare("PRAGMA quick_check(20)").and_then(|mut s| s.query_map([], |r| r.get::<_, String>(0))?.collect());
    let problems = match found {
        Ok(lines) if lines == ["ok"] => return Ok(()),
        Ok(lines) => lines.join("; "),
        Err(e) => e.to_string(),
    };
    let games = match damaged_games(conn, db) {
        Ok(ids) if ids.is_empty() => String::new(),
        Ok(ids) => format!("; the games that cannot be read: {}", name_some(&ids, 20)),
        Err(e) => format!("; the list of games cannot be read: {e}"),
    };
    Err(StoreError::Damaged { problems, games })
}

/// The ids of the games whose rows SQLite cannot read (as far as the list of
/// games can be read).
fn damaged_games(conn: &Connection, db: &Db) -> Result<Vec<String>, StoreError> {
    let ids: Vec<String> = conn
        .prepare("SELECT id FROM games ORDER BY id")
        .and_then(|mut s| s.query_map([], |r| r.get::<_, String>(0))?.collect())
        .map_err(StoreError::from)?;
    let mut bad: Vec<String> = ids.into_iter().filter(|id| load_game(db, id).is_err()).collect();
    // Actions of games the list does not hold (its own pages may be the damaged ones).
    let orphans: Result<Vec<String>, _> = conn
        .prepare("SELECT DISTINCT game FROM actions WHERE game NOT IN (SELECT id FROM games) ORDER BY game")
        .and_then(|mut s| s.query_map([], |r| r.get::<_, String>(0))?.collect());
    if let Ok(orphans) = orphans {
        bad.extend(orphans);
    }
    Ok(bad)
}

/// At most `max` of `ids`, then how many more.
pub(crate) fn name_some(ids: &[String], max: usize) -> String {
    let mut s = ids.iter().take(max).cloned().collect::<Vec<_>>().join(", ");
    if ids.len() > max {
        s.push_str(&format!(" and {} more", ids.len() - max));
    }
    s
}

/// Writes the database header once (the schema version, unchanged) and
/// syncs: a file, folder or disk that takes no writes is found at start.
fn probe_write(conn: &Connection) -> Result<(), StoreError> {
    conn.execute_batch(&format!("BEGIN IMMEDIATE; PRAGMA user_version = {SCHEMA_VERSION}; COMMIT")).map_err(|e| {
        let _ = conn.execute_batch("ROLLBACK");
        failed("cannot write to the database (read-only file or folder, or full disk?)")(e)
    })
}

/// How many games are not finished.
pub(crate) fn count_unfinished(c: &Db) -> Result<usize, StoreError> {
    Ok(c.query_int("SELECT count(*) FROM games WHERE finished IS NULL", &[])?.max(0) as usize)
}

/// Those of `ids` that are stored and not finished.
pub(crate) fn unfinished_among(c: &Db, ids: &[String]) -> Result<Vec<String>, StoreError> {
    let mut out = Vec::new();
    for id in ids {
        if c.query_opt("SELECT 1 FROM games WHERE id = ?1 AND finished IS NULL", &[Val::from(id)])?.is_some() {
            out.push(id.clone());
        }
    }
    Ok(out)
}

/// Stores a new game (see [`Store::create_game`]).
pub(crate) fn insert_game(c: &Db, id: &str, created: i64, setup: &str) -> Result<(), StoreError> {
    c.execute(
        "INSERT INTO games (id, created, setup) VALUES (?1, ?2, ?3)",
        &[Val::from(id), Val::from(created), Val::from(setup)],
    )
    .map_err(|e| {
        note_full(&e);
        StoreError::Game { id: id.to_string(), source: Arc::new(e) }
    })?;
    Ok(())
}

fn load_game(c: &Db, id: &str) -> Result<Option<StoredGame>, StoreError> {
    let fail = |e: DbError| StoreError::Game { id: id.to_string(), source: Arc::new(e) };
    let Some(head) = c.query_opt("SELECT setup, finished FROM games WHERE id = ?1", &[Val::from(id)]).map_err(fail)?
    else {
        return Ok(None);
    };
    let (setup, finished) = (head.text(0).map_err(fail)?, head.opt_int(1).map_err(fail)?);
    let rows = c
        .query("SELECT v, seat, intent, at FROM actions WHERE game = ?1 ORDER BY v", &[Val::from(id)])
        .map_err(fail)?;
    let mut actions = Vec::new();
    let mut times = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let read = || -> Result<_, DbError> {
            let seat = match row.opt_int(1)? {
                None => None,
                Some(s) => Some(u8::try_from(s).map_err(|_| DbError::Type {
                    column: 1,
                    found: "an integer out of range",
                    expected: "a seat (0 to 255)",
                })?),
            };
            Ok((row.int(0)?, seat, row.text(2)?, row.opt_int(3)?))
        };
        let (v, seat, intent, at) = read().map_err(fail)?;
        if v != i as i64 + 1 {
            return Err(StoreError::OutOfSequence { id: id.to_string(), v });
        }
        actions.push((seat, intent));
        times.push(at);
    }
    Ok(Some(StoredGame { id: id.to_string(), setup, finished: finished.is_some(), actions, times }))
}

/// The storage thread: waits for a job, takes every job already queued (up to
/// a batch limit), runs them in one transaction, commits, then replies.
fn run(conn: Db, rx: mpsc::Receiver<Job>, health: &Health) {
    const BATCH: usize = 512;
    let mut done: Vec<Done> = Vec::with_capacity(BATCH);
    loop {
        // While the database does not answer, PostgreSQL is tried again
        // every [`PROBE_EVERY`] even when no job comes (the bots' moves
        // wait for its return: [`Health::returned`]).
        let first = match health.is_down() && conn.engine() == Engine::Postgres {
            false => match rx.recv() {
                Ok(job) => job,
                Err(_) => return,
            },
            true => match rx.recv_timeout(PROBE_EVERY) {
                Ok(job) => job,
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if probe(&conn).is_ok() {
                        health.up();
                    }
                    continue;
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => return,
            },
        };
        // PostgreSQL: a connection lost (a restart of the server, a network
        // cut) is opened again for the next batch; the batch fails meanwhile.
        if conn.is_closed() {
            match conn.reconnect() {
                Ok(()) => tracing::warn!("storage: the connection to PostgreSQL was lost; connected again"),
                Err(e) => {
                    if let Some(suppressed) = throttle::storage_error() {
                        tracing::error!(suppressed, "storage: cannot connect to PostgreSQL again: {e}");
                    }
                }
            }
        }
        let began = conn.batch("BEGIN").map_err(StoreError::from);
        let c = began.as_ref().map(|_| &conn);
        done.push(first(c));
        while done.len() < BATCH {
            match rx.try_recv() {
                Ok(job) => done.push(job(c)),
                Err(_) => break,
            }
        }
        let committed = began.and_then(|_| {
            conn.batch("COMMIT").map_err(|e| {
                let _ = conn.batch("ROLLBACK");
                StoreError::from(e)
            })
        });
        match &committed {
            Err(e) => {
                // On SQLITE_FULL, SQLite rolls the transaction back itself and
                // the commit fails: as good a sign of a full disk as any.
                FULL.with(|f| f.set(true));
                health.down();
                if let Some(suppressed) = throttle::storage_error() {
                    tracing::error!(suppressed, "storage: a batch of {} job(s) was not committed: {e}", done.len());
                }
            }
            Ok(()) => health.up(),
        }
        if let Some(c) = conn.as_sqlite() {
            checkpoint_after_full(c);
        }
        for d in done.drain(..) {
            d(committed.clone());
        }
    }
}

/// How often the storage thread tries PostgreSQL again while it does not
/// answer, with no job to run ([`Health`]).
pub const PROBE_EVERY: std::time::Duration = std::time::Duration::from_millis(250);

/// Whether the database answers, as the storage thread last found it: down
/// from a batch that could not be committed (a connection lost, PostgreSQL
/// stopped, a full disk) until a batch is committed again, or, on
/// PostgreSQL, until a probe ([`PROBE_EVERY`]: connected again, `BEGIN`,
/// `COMMIT`) goes through. Each return is counted and told
/// ([`Health::returned`]): the bots' moves waiting to be tried again are
/// tried at once, not at the end of their pause (which doubles up to
/// [`crate::config::ServeConfig::store_retry_max`]).
#[derive(Debug)]
pub struct Health {
    /// When the database stopped answering (ms since 1970), 0 while it answers.
    down_since: std::sync::atomic::AtomicI64,
    /// How many times it came back.
    returns: tokio::sync::watch::Sender<u64>,
    /// Writes waiting to be tried again ([`Health::waiting`]).
    waiting: std::sync::atomic::AtomicUsize,
}

impl Default for Health {
    fn default() -> Health {
        Health {
            down_since: std::sync::atomic::AtomicI64::new(0),
            returns: tokio::sync::watch::channel(0).0,
            waiting: std::sync::atomic::AtomicUsize::new(0),
        }
    }
}

/// One write waiting to be tried again, counted while it lives ([`Health::wait`]).
pub struct Waiting<'a>(&'a Health);

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.waiting.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Health {
    /// Whether the database does not answer now.
    pub fn is_down(&self) -> bool {
        self.down_since.load(Ordering::SeqCst) != 0
    }

    /// Since when the database does not answer (ms since 1970), if it does not.
    pub fn down_since(&self) -> Option<i64> {
        Some(self.down_since.load(Ordering::SeqCst)).filter(|t| *t != 0)
    }

    /// A batch was not committed.
    fn down(&self) {
        if self.down_since.compare_exchange(0, now_ms().max(1), Ordering::SeqCst, Ordering::SeqCst).is_ok() {
            tracing::warn!("storage: the database does not answer; the moves of bots wait for its return");
        }
    }

    /// A batch was committed (or a probe went through): the database answers.
    fn up(&self) {
        let since = self.down_since.swap(0, Ordering::SeqCst);
        if since != 0 {
            tracing::warn!(down_ms = now_ms() - since, "storage: the database answers again");
            self.returns.send_modify(|n| *n += 1);
        }
    }

    /// Told each time the database answers again after it did not
    /// (`changed()` resolves); mark the current count seen before trying.
    pub fn returned(&self) -> tokio::sync::watch::Receiver<u64> {
        self.returns.subscribe()
    }

    /// A write (a bot's move) waits to be tried again: counted until the
    /// guard is dropped.
    pub fn wait(&self) -> Waiting<'_> {
        self.waiting.fetch_add(1, Ordering::SeqCst);
        Waiting(self)
    }

    /// How many writes (bots' moves) wait to be tried again now.
    pub fn waiting(&self) -> usize {
        self.waiting.load(Ordering::SeqCst)
    }

    /// A test seam: the database counted as gone and back, as after an
    /// outage (what waits for its return is woken).
    #[doc(hidden)]
    pub fn simulate_return(&self) {
        self.down();
        self.up();
    }
}

/// One try of a database that did not answer: PostgreSQL connected again
/// when its connection was lost, then an empty transaction.
fn probe(conn: &Db) -> Result<(), DbError> {
    if conn.is_closed() {
        conn.reconnect()?;
    }
    conn.batch("BEGIN")?;
    conn.batch("COMMIT")
}

/// Milliseconds since 1970: the time each action is stored with (the turn
/// clocks count from it).
pub fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
}

/// Seconds since 1970: the time stored in the rows.
pub fn now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The schema of the server before migrations existed, exactly as it
    /// created its tables: the games in `store.rs` at start...
    const MAIN_GAMES: &str = "
        CREATE TABLE IF NOT EXISTS games (
            id TEXT PRIMARY KEY,
            created INTEGER NOT NULL,
            setup TEXT NOT NULL,
            finished INTEGER,
            summary TEXT
        );
        CREATE TABLE IF NOT EXISTS actions (
            game TEXT NOT NULL,
            v INTEGER NOT NULL,
            seat INTEGER,
            intent TEXT NOT NULL,
            PRIMARY KEY (game, v)
        ) WITHOUT ROWID;
        CREATE INDEX IF NOT EXISTS games_finished ON games(finished);
    ";
    /// ...and the score pad's sheets in `pad.rs`, on its first use.
    const MAIN_PAD: &str = "
        CREATE TABLE IF NOT EXISTS pad_sheets (
            id TEXT PRIMARY KEY,
            created INTEGER NOT NULL,
            updated INTEGER NOT NULL,
            version INTEGER NOT NULL,
            setup TEXT NOT NULL,
            entries TEXT NOT NULL,
            summary TEXT NOT NULL
        );
        CREATE INDEX IF NOT EXISTS pad_sheets_updated ON pad_sheets(updated);
    ";

    fn db() -> (tempfile::TempDir, std::path::PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.db");
        (dir, path)
    }

    fn version_of(path: &Path) -> u32 {
        schema_version(&Connection::open(path).unwrap()).unwrap()
    }

    /// A new database of each engine: a SQLite file (with its folder, kept
    /// while the test runs) and a PostgreSQL database ([`testpg`]).
    fn both() -> Vec<(Option<tempfile::TempDir>, String)> {
        let (dir, path) = db();
        vec![(Some(dir), path.to_string_lossy().into_owned()), (None, testpg::database())]
    }

    /// The schema version of a database of either engine.
    fn version_any(db: &str) -> u32 {
        match is_postgres_url(db) {
            true => testpg::sql(db, "SELECT version FROM triominos_schema")[0][0].as_deref().unwrap().parse().unwrap(),
            false => version_of(Path::new(db)),
        }
    }

    fn count(db: &Db, table: &str) -> Result<i64, StoreError> {
        Ok(db.query_int(&format!("SELECT count(*) FROM {table}"), &[])?)
    }

    #[tokio::test]
    async fn a_new_database_gets_the_current_schema() {
        for (_dir, db) in both() {
            let store = Store::open_any(&db).unwrap();
            store.create_game("g".into(), 1, "{}".into()).await.unwrap();
            drop(store);
            assert_eq!(version_any(&db), SCHEMA_VERSION, "{db}");
            // Opened again: nothing to migrate, the game is there.
            let store = Store::open_any(&db).unwrap();
            assert_eq!(store.unfinished().await.unwrap(), vec!["g".to_string()]);
        }
    }

    #[tokio::test]
    async fn every_kind_of_row_reads_back_the_same_in_both_engines() {
        for (_dir, db) in both() {
            let store = Store::open_any(&db).unwrap();
            store.create_game("a".into(), 10, "{\"s\":1}".into()).await.unwrap();
            store.create_game("b".into(), 11, "{}".into()).await.unwrap();
            store
                .append(Owned::new("a", 1), 1, Some(2), "{\"kind\":\"draw\"}".into(), 1_700_000_000_123)
                .await
                .unwrap();
            store
                .append(Owned::new("a", 1), 2, None, "{\"kind\":\"next_round\"}".into(), 1_700_000_000_456)
                .await
                .unwrap();
            // The same number again is refused, the first kept.
            let again = store.append(Owned::new("a", 1), 2, Some(0), "{}".into(), 1).await;
            assert!(again.is_err(), "{db}");
            assert!(!store.delete_last(Owned::new("a", 1), 1).await.unwrap(), "not the last: kept");
            store
                .append(Owned::new("a", 1), 3, Some(1), "{\"kind\":\"pass\"}".into(), 1_700_000_000_789)
                .await
                .unwrap();
            assert!(store.delete_last(Owned::new("a", 1), 3).await.unwrap());
            store.update_setup(Owned::new("a", 1), "{\"s\":2}".into()).await.unwrap();
            let g = store.load("a".into()).await.unwrap().unwrap();
            assert_eq!(g.setup, "{\"s\":2}");
            assert!(!g.finished);
            assert_eq!(
                g.actions,
                vec![(Some(2), "{\"kind\":\"draw\"}".to_string()), (None, "{\"kind\":\"next_round\"}".to_string())]
            );
            assert_eq!(g.times, vec![Some(1_700_000_000_123), Some(1_700_000_000_456)]);
            assert!(store.load("none".into()).await.unwrap().is_none());
            assert_eq!(store.unfinished().await.unwrap(), vec!["a".to_string(), "b".to_string()]);
            store.finish(Owned::new("b", 1), 99, "{\"listed\":true,\"w\":1}".into()).await.unwrap();
            store.finish(Owned::new("a", 1), 98, "{\"listed\":true,\"w\":0}".into()).await.unwrap();
            // A private game (its creator did not list it; a name's quotes are escaped) is
            // finished but not listed.
            store.create_game("c".into(), 12, "{}".into()).await.unwrap();
            store
                .finish(Owned::new("c", 1), 100, "{\"listed\":false,\"name\":\"\\\"listed\\\":true\"}".into())
                .await
                .unwrap();
            let f = store.finished(10).await.unwrap();
            let ids: Vec<_> = f.iter().map(|r| (r.id.as_str(), r.created, r.finished, r.summary.as_str())).collect();
            assert_eq!(
                ids,
                vec![("b", 11, 99, "{\"listed\":true,\"w\":1}"), ("a", 10, 98, "{\"listed\":true,\"w\":0}")]
            );
            assert!(store.load("c".into()).await.unwrap().unwrap().finished);
            assert_eq!(store.finished(1).await.unwrap().len(), 1);
            assert!(store.unfinished().await.unwrap().is_empty());
            assert!(store.load("a".into()).await.unwrap().unwrap().finished);
        }
    }

    #[tokio::test]
    async fn a_database_of_the_schema_before_migrations_is_upgraded_and_keeps_its_data() {
        for with_pad in [false, true] {
            let (_dir, path) = db();
            {
                let c = Connection::open(&path).unwrap();
                c.execute_batch(MAIN_GAMES).unwrap();
                if with_pad {
                    c.execute_batch(MAIN_PAD).unwrap();
                }
                c.execute("INSERT INTO games (id, created, setup) VALUES ('old', 5, '{\"preset\":\"goliath\"}')", [])
                    .unwrap();
                c.execute(
                    "INSERT INTO actions (game, v, seat, intent) VALUES ('old', 1, 0, '{\"kind\":\"draw\"}')",
                    [],
                )
                .unwrap();
                if with_pad {
                    c.execute("INSERT INTO pad_sheets VALUES ('s', 1, 2, 0, '{}', '[]', '{}')", []).unwrap();
                }
                assert_eq!(schema_version(&c).unwrap(), 0);
            }
            let store = Store::open(&path).unwrap();
            let g = store.load("old".into()).await.unwrap().unwrap();
            assert_eq!(g.setup, "{\"preset\":\"goliath\"}");
            assert_eq!(g.actions, vec![(Some(0), "{\"kind\":\"draw\"}".to_string())]);
            let sheets: i64 = store.call(|c| count(c, "pad_sheets")).await.unwrap();
            assert_eq!(sheets, i64::from(with_pad));
            drop(store);
            assert_eq!(version_of(&path), SCHEMA_VERSION);
        }
    }

    #[tokio::test]
    async fn a_database_of_version_1_gets_the_times_of_its_actions_and_keeps_its_rows() {
        let (_dir, path) = db();
        {
            let c = Connection::open(&path).unwrap();
            c.execute_batch(V0_TO_V1).unwrap();
            c.pragma_update(None, "user_version", 1).unwrap();
            c.execute("INSERT INTO games (id, created, setup) VALUES ('old', 5, '{}')", []).unwrap();
            c.execute("INSERT INTO actions (game, v, seat, intent) VALUES ('old', 1, 0, '{\"kind\":\"draw\"}')", [])
                .unwrap();
        }
        let store = Store::open(&path).unwrap();
        let g = store.load("old".into()).await.unwrap().unwrap();
        assert_eq!(g.actions, vec![(Some(0), "{\"kind\":\"draw\"}".to_string())]);
        assert_eq!(g.times, vec![None], "an old row has no time");
        store.append(Owned::new("old", 1), 2, Some(1), "{\"kind\":\"pass\"}".into(), 1_234_567).await.unwrap();
        let g = store.load("old".into()).await.unwrap().unwrap();
        assert_eq!(g.times, vec![None, Some(1_234_567)]);
        drop(store);
        assert_eq!(version_of(&path), SCHEMA_VERSION);
    }

    #[test]
    fn a_newer_database_is_refused_naming_both_versions() {
        let (_dir, path) = db();
        {
            let c = Connection::open(&path).unwrap();
            c.execute_batch(MAIN_GAMES).unwrap();
            c.pragma_update(None, "user_version", SCHEMA_VERSION + 1).unwrap();
        }
        let e = Store::open(&path).err().expect("refused");
        assert!(e.to_string().contains(&format!("version {}", SCHEMA_VERSION + 1)), "{e}");
        assert!(e.to_string().contains(&format!("version {SCHEMA_VERSION}")), "{e}");
        // Not touched.
        assert_eq!(version_of(&path), SCHEMA_VERSION + 1);
    }

    #[test]
    fn a_database_of_something_else_is_refused() {
        for schema in
            ["CREATE TABLE notes (id TEXT)", "CREATE TABLE games (id TEXT PRIMARY KEY, name TEXT, score INTEGER)"]
        {
            let (_dir, path) = db();
            Connection::open(&path).unwrap().execute_batch(schema).unwrap();
            let e = Store::open(&path).err().expect("refused");
            assert!(e.to_string().contains("not a triominos database"), "{e}");
            assert_eq!(version_of(&path), 0, "left as it was");
        }
    }

    #[tokio::test]
    async fn a_failed_job_changes_nothing_and_the_others_of_its_batch_are_kept() {
        for (_dir, db) in both() {
            let store = Store::open_any(&db).unwrap();
            let failing = store.call(|c| -> Result<(), StoreError> {
                c.execute("INSERT INTO games (id, created, setup) VALUES ('half', 1, '{}')", &[])?;
                Err(StoreError::Injected)
            });
            let good = store.create_game("kept".into(), 2, "{}".into());
            let (a, b) = tokio::join!(failing, good);
            assert!(a.is_err());
            b.unwrap();
            assert_eq!(store.unfinished().await.unwrap(), vec!["kept".to_string()], "{db}");
        }
    }

    /// In PostgreSQL a failed statement aborts the transaction until its
    /// savepoint is rolled back: a job that fails a statement and goes on
    /// (answering `Ok`) is undone and failed, and the jobs of its batch
    /// after it are stored all the same. In SQLite the statement alone fails.
    #[tokio::test]
    async fn a_job_that_goes_on_after_a_failed_statement_does_not_spoil_its_batch() {
        for (_dir, db) in both() {
            let store = Store::open_any(&db).unwrap();
            store.create_game("dup".into(), 1, "{}".into()).await.unwrap();
            let careless = store.call(|c| -> Result<(), StoreError> {
                c.execute("INSERT INTO games (id, created, setup) VALUES ('careless', 1, '{}')", &[])?;
                let _ = c.execute("INSERT INTO games (id, created, setup) VALUES ('dup', 1, '{}')", &[]);
                Ok(())
            });
            let good = store.create_game("kept".into(), 2, "{}".into());
            let (a, b) = tokio::join!(careless, good);
            b.unwrap();
            let mut ids = store.unfinished().await.unwrap();
            ids.sort();
            match store.engine() {
                Engine::Postgres => {
                    assert!(a.is_err(), "undone");
                    assert_eq!(ids, ["dup", "kept"]);
                }
                Engine::Sqlite => {
                    a.unwrap();
                    assert_eq!(ids, ["careless", "dup", "kept"]);
                }
            }
        }
    }

    /// The tables of PostgreSQL's version 1 (as [`PG_MIGRATIONS`] made them).
    fn pg_at_version_1() -> String {
        let db = testpg::database();
        testpg::sql(&db, &format!("{PG_V0_TO_V1} INSERT INTO triominos_schema VALUES (1);"));
        db
    }

    #[tokio::test]
    async fn a_postgresql_database_of_version_1_gets_the_times_of_its_actions_and_keeps_its_rows() {
        let db = pg_at_version_1();
        testpg::sql(
            &db,
            "INSERT INTO games (id, created, setup) VALUES ('old', 5, '{}');
             INSERT INTO actions (game, v, seat, intent) VALUES ('old', 1, 0, '{\"kind\":\"draw\"}');
             INSERT INTO pad_sheets VALUES ('s', 1, 2, 0, '{}', '[]', '{}');",
        );
        let store = Store::open_postgres(&db).unwrap();
        let g = store.load("old".into()).await.unwrap().unwrap();
        assert_eq!(g.actions, vec![(Some(0), "{\"kind\":\"draw\"}".to_string())]);
        assert_eq!(g.times, vec![None], "an old row has no time");
        store.append(Owned::new("old", 1), 2, Some(1), "{\"kind\":\"pass\"}".into(), 1_234_567).await.unwrap();
        let g = store.load("old".into()).await.unwrap().unwrap();
        assert_eq!(g.times, vec![None, Some(1_234_567)]);
        assert_eq!(store.call(|c| count(c, "pad_sheets")).await.unwrap(), 1);
        drop(store);
        assert_eq!(version_any(&db), SCHEMA_VERSION);
    }

    #[test]
    fn a_newer_postgresql_database_is_refused_naming_both_versions_and_left_as_it_is() {
        let db = pg_at_version_1();
        testpg::sql(&db, &format!("UPDATE triominos_schema SET version = {}", SCHEMA_VERSION + 1));
        let e = Store::open_postgres(&db).err().expect("refused");
        assert!(e.to_string().contains(&format!("version {}", SCHEMA_VERSION + 1)), "{e}");
        assert!(e.to_string().contains(&format!("version {SCHEMA_VERSION}")), "{e}");
        assert_eq!(version_any(&db), SCHEMA_VERSION + 1);
        // The columns of version 2 were not added.
        let cols = testpg::sql(&db, "SELECT count(*) FROM information_schema.columns WHERE table_name = 'actions'");
        assert_eq!(cols[0][0].as_deref(), Some("4"));
    }

    #[test]
    fn a_postgresql_database_of_something_else_is_refused_and_left_as_it_is() {
        for schema in
            ["CREATE TABLE notes (id TEXT)", "CREATE TABLE games (id TEXT PRIMARY KEY, name TEXT, score INTEGER)"]
        {
            let db = testpg::database();
            testpg::sql(&db, schema);
            let e = Store::open_postgres(&db).err().expect("refused");
            assert!(e.to_string().contains("not a triominos database"), "{e}");
            let tables = testpg::sql(&db, "SELECT to_regclass('triominos_schema')::text");
            assert_eq!(tables[0][0], None, "nothing made");
        }
        // A version table with two rows is not guessed at either.
        let db = pg_at_version_1();
        testpg::sql(&db, "INSERT INTO triominos_schema VALUES (1)");
        let e = Store::open_postgres(&db).err().expect("refused");
        assert!(e.to_string().contains("2 rows"), "{e}");
    }

    #[test]
    fn an_unreachable_postgresql_is_refused_naming_it_without_its_password() {
        let e = Store::open_postgres("postgresql://me:secret@127.0.0.1:1/none").err().expect("refused");
        let said = e.to_string();
        assert!(said.contains("cannot connect to PostgreSQL"), "{said}");
        assert!(said.contains("me:***@127.0.0.1:1/none") && !said.contains("secret"), "{said}");
    }

    /// Makes a game with this instance's lease on it, as a creation does.
    async fn create_leased(store: &Store, id: &str) {
        let (l, id) = (store.leases().cloned().unwrap(), id.to_string());
        store
            .call(move |c| {
                insert_game(c, &id, 1, "{}")?;
                Ok::<_, StoreError>(l.take_new(c, &id, now_ms())?)
            })
            .await
            .unwrap();
    }

    /// Issue 37's fencing: an instance paused past its lease (here: its
    /// lease made to expire, as the clock would) and resumed after another
    /// took the game over cannot store an action, an end, a setup or a
    /// takeback for it; it learns at its next renewal that it lost the game.
    /// The new owner reads every action stored before and goes on.
    #[tokio::test]
    async fn an_instance_whose_lease_was_taken_over_stores_nothing_for_that_game() {
        let db = testpg::database();
        let a = Store::open_postgres(&db).unwrap().with_leases(lease::Leases::new("a", "127.0.0.1:1", 60_000));
        let b = Store::open_postgres(&db).unwrap().with_leases(lease::Leases::new("b", "127.0.0.1:2", 60_000));
        create_leased(&a, "g").await;
        a.append(Owned::new("g", 1), 1, Some(0), "{\"kind\":\"draw\"}".into(), 1).await.unwrap();
        // A live lease: B may not take the game, and asks for it.
        match b.take_and_load("g".into()).await.unwrap() {
            Taken::Elsewhere(h) => assert_eq!((h.owner.starts_with("a-"), h.addr.as_str()), (true, "127.0.0.1:1")),
            other => panic!("{other:?}"),
        }
        b.ask_for("g".into()).await.unwrap();
        let renewed = a.renew_leases().await.unwrap();
        assert_eq!((renewed.kept.len(), renewed.wanted.clone(), renewed.lost.len()), (1, vec!["g".to_string()], 0));
        // A is paused past its lease; B takes the game over (epoch 2) and reads what A stored.
        testpg::sql(&db, "UPDATE leases SET expires = 0");
        let Taken::Mine(epoch, g) = b.take_and_load("g".into()).await.unwrap() else { panic!("taken over") };
        assert_eq!((epoch, g.actions.len()), (2, 1));
        // A resumes: nothing it writes for the game is stored.
        for e in [
            a.append(Owned::new("g", 1), 2, Some(1), "{\"kind\":\"pass\"}".into(), 2).await.err(),
            a.finish(Owned::new("g", 1), 3, "{}".into()).await.err(),
            a.update_setup(Owned::new("g", 1), "{\"x\":1}".into()).await.err(),
            a.delete_last(Owned::new("g", 1), 1).await.err(),
        ] {
            assert!(matches!(e, Some(StoreError::Fenced { .. })), "{e:?}");
        }
        let renewed = a.renew_leases().await.unwrap();
        assert_eq!(renewed.lost, ["g"], "A learns it lost the game");
        // B goes on.
        b.append(Owned::new("g", 2), 2, Some(1), "{\"kind\":\"play\"}".into(), 4).await.unwrap();
        let g = b.load("g".into()).await.unwrap().unwrap();
        assert_eq!(
            g.actions.iter().map(|(_, i)| i.as_str()).collect::<Vec<_>>(),
            ["{\"kind\":\"draw\"}", "{\"kind\":\"play\"}"]
        );
        assert_eq!(g.setup, "{}");
        // Given back, it is free at once for another instance.
        b.release("g".into()).await.unwrap();
        let Taken::Mine(epoch, _) = a.take_and_load("g".into()).await.unwrap() else { panic!("free again") };
        assert_eq!(epoch, 1, "a new lease row");
    }

    /// Issue 48: a copy of a game dropped from memory (its lease lost) whose
    /// instance took the game back since, under a newer epoch, stores
    /// nothing: the fence compares the epoch the writing copy was loaded
    /// under, not the one the instance holds now. The live copy writes.
    #[tokio::test]
    async fn a_copy_loaded_under_an_older_epoch_stores_nothing_once_its_instance_took_the_game_back() {
        let db = testpg::database();
        let a = Store::open_postgres(&db).unwrap().with_leases(lease::Leases::new("a", "127.0.0.1:1", 60_000));
        let b = Store::open_postgres(&db).unwrap().with_leases(lease::Leases::new("b", "127.0.0.1:2", 60_000));
        create_leased(&a, "g").await;
        // B takes it over (A's lease ran out), then A takes it back.
        testpg::sql(&db, "UPDATE leases SET expires = 0");
        let Taken::Mine(2, _) = b.take_and_load("g".into()).await.unwrap() else { panic!("B takes it") };
        testpg::sql(&db, "UPDATE leases SET expires = 0");
        let Taken::Mine(3, _) = a.take_and_load("g".into()).await.unwrap() else { panic!("A takes it back") };
        assert_eq!(a.leases().unwrap().epoch("g"), Some(3));
        // The copy A loaded under epoch 1: nothing it writes is stored.
        let old = || Owned::new("g", 1);
        for e in [
            a.append(old(), 1, Some(0), "{\"kind\":\"draw\"}".into(), 1).await.err(),
            a.finish(old(), 3, "{}".into()).await.err(),
            a.update_setup(old(), "{\"x\":1}".into()).await.err(),
            a.delete_last(old(), 1).await.err(),
        ] {
            assert!(matches!(e, Some(StoreError::Fenced { .. })), "{e:?}");
        }
        assert!(a.load("g".into()).await.unwrap().unwrap().actions.is_empty(), "nothing stored");
        // The live copy (epoch 3) writes; B's copy (epoch 2) does not.
        a.append(Owned::new("g", 3), 1, Some(0), "{\"kind\":\"draw\"}".into(), 1).await.unwrap();
        let e = b.append(Owned::new("g", 2), 2, Some(1), "{\"kind\":\"pass\"}".into(), 2).await.err();
        assert!(matches!(e, Some(StoreError::Fenced { .. })), "{e:?}");
        assert_eq!(a.load("g".into()).await.unwrap().unwrap().actions.len(), 1);
    }

    /// Two requests of one instance loading a game it holds at once (two
    /// seats' sockets arriving together at a waiting table) take the same
    /// epoch: the copy kept in memory, loaded by one of them, is not fenced
    /// by the other's take (the cluster test's tables stalled so). A lease
    /// run out is taken under a new epoch, by any instance.
    #[tokio::test]
    async fn an_instance_taking_a_live_lease_it_holds_keeps_its_epoch() {
        let db = testpg::database();
        let a = Store::open_postgres(&db).unwrap().with_leases(lease::Leases::new("a", "127.0.0.1:1", 60_000));
        create_leased(&a, "g").await;
        for _ in 0..2 {
            let Taken::Mine(1, _) = a.take_and_load("g".into()).await.unwrap() else { panic!("the same epoch") };
        }
        a.update_setup(Owned::new("g", 1), "{\"x\":1}".into()).await.unwrap();
        testpg::sql(&db, "UPDATE leases SET expires = 0");
        let Taken::Mine(2, _) = a.take_and_load("g".into()).await.unwrap() else { panic!("a new epoch") };
        let e = a.update_setup(Owned::new("g", 1), "{\"x\":2}".into()).await.err();
        assert!(matches!(e, Some(StoreError::Fenced { .. })), "{e:?}");
    }

    /// Issue 48: with `--lease-ms` 1000, 6000 and 30000 on three instances a
    /// game handed over was taken back by the short one again and again. An
    /// instance whose lease length differs from one alive refuses to join,
    /// naming it; the same length joins; an instance stopped (or not seen
    /// for two of its lease lengths, killed) no longer counts.
    #[tokio::test]
    async fn an_instance_with_another_lease_length_than_one_alive_refuses_to_join() {
        let db = testpg::database();
        let open = |name: &str, ttl| Store::open_postgres(&db).unwrap().with_leases(lease::Leases::new(name, "x", ttl));
        let a = open("a", 6_000);
        a.join().await.unwrap();
        let b = open("b", 1_000);
        let e = b.join().await.expect_err("another length");
        let said = e.to_string();
        assert!(said.contains("1000 ms") && said.contains("a-") && said.contains("(6000 ms)"), "{said}");
        open("c", 6_000).join().await.unwrap();
        // A killed: not seen for two of its lease lengths.
        let name = a.leases().unwrap().instance.clone();
        testpg::sql(&db, &format!("UPDATE instances SET seen = seen - 12001 WHERE name = '{name}'"));
        let e = b.join().await.expect_err("c is alive");
        assert!(e.to_string().contains("c-"), "{e}");
        // Every 6 s instance stops: the 1 s one may join.
        let c = open("c2", 6_000);
        c.join().await.unwrap();
        c.release_all().await.unwrap();
        testpg::sql(&db, "UPDATE instances SET seen = 0");
        b.join().await.unwrap();
        let rows = testpg::sql(&db, "SELECT count(*) FROM instances WHERE lease_ms = 1000");
        assert_eq!(rows[0][0].as_deref(), Some("1"));
    }

    /// Issue 48: `pg_restore` into the live database added a second row to
    /// `triominos_schema`, and every later start refused the database. The
    /// table holds one row by a constraint now: a second one is refused.
    #[test]
    fn the_postgresql_schema_table_holds_one_row_by_a_constraint() {
        let db = testpg::database();
        drop(Store::open_postgres(&db).unwrap());
        let mut client = postgres::Client::connect(&db, postgres::NoTls).unwrap();
        let e = client.batch_execute("INSERT INTO triominos_schema VALUES (4)").expect_err("a second row");
        let constraint = e.as_db_error().and_then(|d| d.constraint()).map(str::to_string);
        assert_eq!(constraint.as_deref(), Some("triominos_schema_one_row"), "{e:?}");
        assert_eq!(version_any(&db), SCHEMA_VERSION);
    }

    /// Two instances taking one free game at once: exactly one gets it.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn two_instances_taking_one_game_at_once_one_gets_it() {
        let db = testpg::database();
        let stores: Vec<Store> = (0..4)
            .map(|i| Store::open_postgres(&db).unwrap().with_leases(lease::Leases::new(&format!("i{i}"), "x", 60_000)))
            .collect();
        stores[0].create_game("g".into(), 1, "{}".into()).await.unwrap();
        let takes = stores.iter().map(|s| s.take_and_load("g".into()));
        let got = futures_util::future::join_all(takes).await;
        let mine = got.iter().filter(|t| matches!(t, Ok(Taken::Mine(..)))).count();
        let elsewhere = got.iter().filter(|t| matches!(t, Ok(Taken::Elsewhere(_)))).count();
        assert_eq!((mine, elsewhere), (1, 3), "{got:?}");
    }

    /// Instances started together over one new database: each migrates under
    /// the advisory lock, the first makes the tables, the others find them.
    #[test]
    fn instances_started_together_migrate_once() {
        let db = testpg::database();
        let opened: Vec<_> = (0..4)
            .map(|_| {
                let db = db.clone();
                std::thread::spawn(move || Store::open_postgres(&db).map(|_| ()))
            })
            .collect();
        for o in opened {
            o.join().unwrap().unwrap();
        }
        assert_eq!(version_any(&db), SCHEMA_VERSION);
    }

    /// Issue 35: after a full disk the write-ahead log kept the size it had
    /// grown to, so space freed was soon used up again. Now, once SQLite says
    /// the disk is full, the log is checkpointed and emptied. The database is
    /// made full with `max_page_count` (SQLite's same `SQLITE_FULL`).
    #[tokio::test]
    async fn after_a_full_disk_the_write_ahead_log_is_emptied() {
        let (_dir, path) = db();
        let store = Store::open(&path).unwrap();
        let wal = path.with_file_name("t.db-wal");
        let size = || std::fs::metadata(&wal).map_or(0, |m| m.len());
        for i in 0..20 {
            store.create_game(format!("g{i}"), 1, "x".repeat(500)).await.unwrap();
        }
        assert!(size() > 0, "the log holds the last writes");
        store
            .call(|c| {
                let pages = c.query_int("PRAGMA page_count", &[])?;
                c.query_opt(&format!("PRAGMA max_page_count = {pages}"), &[])?;
                Ok::<_, StoreError>(())
            })
            .await
            .unwrap();
        let mut full = None;
        for i in 0..10_000 {
            if let Err(e) = store.create_game(format!("h{i}"), 1, "y".repeat(2000)).await {
                full = Some(e);
                break;
            }
        }
        // SQLite rolls the batch back itself on SQLITE_FULL: the commit fails.
        full.expect("the database fills up");
        store.flush().await.unwrap();
        assert_eq!(size(), 0, "the log is emptied after the full disk");
        // What was stored before is still there.
        let n: i64 = store.call(|c| count(c, "games")).await.unwrap();
        assert!(n >= 20);
    }
}
