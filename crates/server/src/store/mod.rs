//! Durable storage in SQLite: the one database of the server, its schema and
//! its migrations, and the one thread that owns the connection.
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
//! The schema version is SQLite's `PRAGMA user_version`. [`SCHEMA_VERSION`] is
//! the version this program writes; [`MIGRATIONS`] takes a database from each
//! older version to the next, in one transaction. Version 0 is a database
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

pub mod throttle;

use rusqlite::{params, Connection, OptionalExtension};
use std::path::Path;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{mpsc, Arc};
use tokio::sync::oneshot;

/// The schema version this program reads and writes.
pub const SCHEMA_VERSION: u32 = 2;

/// `MIGRATIONS[i]` takes a database from schema version `i` to `i + 1`.
///
/// Version 0 -> 1: the tables of the server before migrations existed (games,
/// their actions, and score-pad sheets), created where missing. A database of
/// that time already has some of them, exactly so.
///
/// Version 1 -> 2: each action gets the time it was stored (`actions.at`,
/// milliseconds since 1970; `NULL` in the rows stored before): the turn
/// clocks count from it, so a deadline is known again after a restart.
pub const MIGRATIONS: [&str; SCHEMA_VERSION as usize] = [V0_TO_V1, V1_TO_V2];

const V1_TO_V2: &str = "ALTER TABLE actions ADD COLUMN at INTEGER;";

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
/// committed, else SQLite's error.
pub(crate) type Done = Box<dyn FnOnce(Result<(), StoreError>) + Send>;

/// A job run on the storage thread, inside the batch's transaction (`Err`
/// with SQLite's error when no transaction could be begun: the job must not
/// touch the database). It returns what to do once the transaction is over
/// (typically: reply).
type Job = Box<dyn FnOnce(Result<&Connection, &StoreError>) -> Done + Send>;

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

/// Handle to the storage thread. Cheap to clone.
#[derive(Clone)]
pub struct Store {
    tx: mpsc::Sender<Job>,
    /// Appends still to fail ([`Store::fail_next_appends`]).
    failing_appends: Arc<AtomicU32>,
}

/// SQLite's error, shared (a batch's commit error goes to each of its jobs).
pub type Sqlite = Arc<rusqlite::Error>;

/// Storage failed (disk full, database locked or corrupt, unknown schema...).
/// At start, each refusal of [`Store::open`] names the problem and what to do.
#[derive(Debug, Clone, thiserror::Error)]
pub enum StoreError {
    /// SQLite refused an operation.
    #[error("{0}")]
    Sqlite(Sqlite),
    /// SQLite refused a step, named.
    #[error("{doing}: {source}")]
    Failed {
        /// What was being done.
        doing: &'static str,
        /// SQLite's error.
        source: Sqlite,
    },
    /// A game's rows could not be read or written.
    #[error("game {id}: {source}")]
    Game {
        /// The game.
        id: String,
        /// SQLite's error.
        source: Sqlite,
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
        /// SQLite's error.
        source: Sqlite,
    },
    /// The storage thread could not be started.
    #[error("cannot start the storage thread: {0}")]
    Thread(Arc<std::io::Error>),
}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> StoreError {
        note_full(&e);
        StoreError::Sqlite(Arc::new(e))
    }
}

thread_local! {
    /// Whether SQLite said the disk (or the database) is full on this
    /// thread since the last look: the storage thread then empties the
    /// write-ahead log ([`run`]).
    static FULL: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Notes an error of SQLite that says the disk is full.
fn note_full(e: &rusqlite::Error) {
    if e.sqlite_error_code() == Some(rusqlite::ErrorCode::DiskFull) {
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

/// SQLite's error for a named step.
fn failed(doing: &'static str) -> impl FnOnce(rusqlite::Error) -> StoreError {
    move |e| {
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

/// Checks that a version-0 database holds only the tables (and columns) that
/// the server wrote before migrations existed.
fn check_v0(conn: &Connection) -> Result<(), StoreError> {
    let mut s = conn
        .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        .map_err(StoreError::from)?;
    let tables = s
        .query_map([], |r| r.get::<_, String>(0))
        .map_err(StoreError::from)?
        .collect::<Result<Vec<_>, _>>()
        .map_err(StoreError::from)?;
    for table in tables {
        let Some((_, expected)) = V0_TABLES.iter().find(|(n, _)| *n == table) else {
            return Err(StoreError::ForeignTable(table));
        };
        let mut s = conn.prepare("SELECT name FROM pragma_table_info(?1) ORDER BY cid").map_err(StoreError::from)?;
        let columns = s
            .query_map([&table], |r| r.get::<_, String>(0))
            .map_err(StoreError::from)?
            .collect::<Result<Vec<_>, _>>()
            .map_err(StoreError::from)?;
        if columns != *expected {
            return Err(StoreError::ForeignColumns { table, columns, expected });
        }
    }
    Ok(())
}

/// Brings a database to [`SCHEMA_VERSION`], each step in a transaction of its
/// own; refuses a database newer than this program or one it does not recognise.
pub fn migrate(conn: &mut Connection) -> Result<(), StoreError> {
    let found = schema_version(conn)?;
    if found > SCHEMA_VERSION {
        return Err(StoreError::Newer { found });
    }
    if found == 0 {
        check_v0(conn)?;
    }
    for v in found..SCHEMA_VERSION {
        let tx = conn.transaction().map_err(StoreError::from)?;
        tx.execute_batch(MIGRATIONS[v as usize]).map_err(|e| StoreError::Migration { from: v, source: Arc::new(e) })?;
        tx.pragma_update(None, "user_version", v + 1).map_err(StoreError::from)?;
        tx.commit().map_err(StoreError::from)?;
    }
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
        let mut conn = open_checked(path)?;
        migrate(&mut conn)?;
        conn.pragma_update(None, "journal_mode", "WAL")
            .map_err(failed("cannot switch the database to WAL mode (is its folder writable?)"))?;
        // WAL + FULL: each commit is synced; group commit keeps that cheap.
        let sync = std::env::var("TRIOMINOS_SQLITE_SYNC").unwrap_or_else(|_| "FULL".into());
        conn.pragma_update(None, "synchronous", sync).map_err(StoreError::from)?;
        probe_write(&conn)?;
        let (tx, rx) = mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("triominos-store".into())
            .spawn(move || run(conn, rx))
            .map_err(|e| StoreError::Thread(Arc::new(e)))?;
        Ok(Store { tx, failing_appends: Arc::new(AtomicU32::new(0)) })
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
    pub(crate) async fn call<T, E>(&self, f: impl FnOnce(&Connection) -> Result<T, E> + Send + 'static) -> Result<T, E>
    where
        T: Send + 'static,
        E: From<StoreError> + Send + 'static,
    {
        let (reply, rx) = oneshot::channel::<Result<T, E>>();
        let job: Job = Box::new(move |conn| {
            // Prepared once: a job is often a single small insert.
            let exec = |c: &Connection, sql: &str| c.prepare_cached(sql).and_then(|mut st| st.execute([]));
            let r = match conn {
                Err(e) => Err(StoreError::Begin(Box::new(e.clone())).into()),
                Ok(c) => match exec(c, "SAVEPOINT job") {
                    Err(e) => Err(failed("cannot begin a savepoint")(e).into()),
                    Ok(_) => {
                        let r = f(c);
                        let undone = match r.is_err() {
                            true => exec(c, "ROLLBACK TO job").err(),
                            false => None,
                        };
                        match (undone, exec(c, "RELEASE job")) {
                            (None, Ok(_)) => r,
                            (Some(e), _) | (None, Err(e)) => Err(failed("cannot end a savepoint")(e).into()),
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
    /// (milliseconds since 1970, [`now_ms`]).
    pub async fn append(
        &self,
        game: String,
        v: u64,
        seat: Option<u8>,
        intent: String,
        at: i64,
    ) -> Result<(), StoreError> {
        let failing = self.failing_appends.clone();
        self.call(move |c| {
            if failing.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1)).is_ok() {
                return Err(StoreError::Injected);
            }
            c.prepare_cached("INSERT INTO actions (game, v, seat, intent, at) VALUES (?1, ?2, ?3, ?4, ?5)")
                .and_then(|mut s| s.execute(params![game, v as i64, seat, intent, at]))
                .map_err(StoreError::from)?;
            Ok(())
        })
        .await
    }

    /// Deletes a game's last action, numbered `v` (a takeback): `Ok(false)`,
    /// deleting nothing, when `v` is not its last.
    pub async fn delete_last(&self, game: String, v: u64) -> Result<bool, StoreError> {
        self.call(move |c| {
            let n = c
                .execute(
                    "DELETE FROM actions WHERE game = ?1 AND v = ?2 \
                     AND v = (SELECT MAX(v) FROM actions WHERE game = ?1)",
                    params![game, v as i64],
                )
                .map_err(StoreError::from)?;
            Ok(n == 1)
        })
        .await
    }

    /// Marks a game finished with its summary.
    pub async fn finish(&self, game: String, at: i64, summary: String) -> Result<(), StoreError> {
        self.call(move |c| {
            c.execute("UPDATE games SET finished = ?2, summary = ?3 WHERE id = ?1", params![game, at, summary])
                .map_err(StoreError::from)?;
            Ok(())
        })
        .await
    }

    /// Rewrites a game's setup (the hints used are kept in it: see
    /// [`crate::game::room::Setup::hints_used`]).
    pub async fn update_setup(&self, game: String, setup: String) -> Result<(), StoreError> {
        self.call(move |c| {
            c.execute("UPDATE games SET setup = ?2 WHERE id = ?1", params![game, setup]).map_err(StoreError::from)?;
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
            let mut s =
                c.prepare("SELECT id FROM games WHERE finished IS NULL ORDER BY created").map_err(StoreError::from)?;
            let rows = s.query_map([], |r| r.get::<_, String>(0)).map_err(StoreError::from)?;
            rows.collect::<Result<Vec<_>, _>>().map_err(StoreError::from)
        })
        .await
    }

    /// The most recently finished games, newest first.
    pub async fn finished(&self, limit: u32) -> Result<Vec<FinishedRow>, StoreError> {
        self.call(move |c| {
            let mut s = c
                .prepare(
                    "SELECT id, created, finished, summary FROM games WHERE finished IS NOT NULL \
                     ORDER BY finished DESC, id LIMIT ?1",
                )
                .map_err(StoreError::from)?;
            let rows = s
                .query_map([limit], |r| {
                    Ok(FinishedRow {
                        id: r.get(0)?,
                        created: r.get(1)?,
                        finished: r.get(2)?,
                        summary: r.get::<_, Option<String>>(3)?.unwrap_or_default(),
                    })
                })
                .map_err(StoreError::from)?;
            rows.collect::<Result<Vec<_>, _>>().map_err(StoreError::from)
        })
        .await
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
    check_damage(&conn)?;
    Ok(conn)
}

/// `PRAGMA quick_check`: on damage, an error with what it found and the games
/// that cannot be read (the server refuses to start on a damaged database).
fn check_damage(conn: &Connection) -> Result<(), StoreError> {
    let found: Result<Vec<String>, rusqlite::Error> =
        conn.prepare("PRAGMA quick_check(20)").and_then(|mut s| s.query_map([], |r| r.get::<_, String>(0))?.collect());
    let problems = match found {
        Ok(lines) if lines == ["ok"] => return Ok(()),
        Ok(lines) => lines.join("; "),
        Err(e) => e.to_string(),
    };
    let games = match damaged_games(conn) {
        Ok(ids) if ids.is_empty() => String::new(),
        Ok(ids) => format!("; the games that cannot be read: {}", name_some(&ids, 20)),
        Err(e) => format!("; the list of games cannot be read: {e}"),
    };
    Err(StoreError::Damaged { problems, games })
}

/// The ids of the games whose rows SQLite cannot read (as far as the list of
/// games can be read).
fn damaged_games(conn: &Connection) -> Result<Vec<String>, StoreError> {
    let ids: Vec<String> = conn
        .prepare("SELECT id FROM games ORDER BY id")
        .and_then(|mut s| s.query_map([], |r| r.get::<_, String>(0))?.collect())
        .map_err(StoreError::from)?;
    let mut bad: Vec<String> = ids.into_iter().filter(|id| load_game(conn, id).is_err()).collect();
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
pub(crate) fn count_unfinished(c: &Connection) -> Result<usize, StoreError> {
    c.prepare_cached("SELECT count(*) FROM games WHERE finished IS NULL")
        .and_then(|mut s| s.query_row([], |r| r.get::<_, i64>(0)))
        .map(|n| n.max(0) as usize)
        .map_err(StoreError::from)
}

/// Those of `ids` that are stored and not finished.
pub(crate) fn unfinished_among(c: &Connection, ids: &[String]) -> Result<Vec<String>, StoreError> {
    let mut s = c.prepare_cached("SELECT 1 FROM games WHERE id = ?1 AND finished IS NULL").map_err(StoreError::from)?;
    let mut out = Vec::new();
    for id in ids {
        if s.exists([id]).map_err(StoreError::from)? {
            out.push(id.clone());
        }
    }
    Ok(out)
}

/// Stores a new game (see [`Store::create_game`]).
pub(crate) fn insert_game(c: &Connection, id: &str, created: i64, setup: &str) -> Result<(), StoreError> {
    c.prepare_cached("INSERT INTO games (id, created, setup) VALUES (?1, ?2, ?3)")
        .and_then(|mut s| s.execute(params![id, created, setup]))
        .map_err(|e| {
            note_full(&e);
            StoreError::Game { id: id.to_string(), source: Arc::new(e) }
        })?;
    Ok(())
}

fn load_game(c: &Connection, id: &str) -> Result<Option<StoredGame>, StoreError> {
    let fail = |e: rusqlite::Error| StoreError::Game { id: id.to_string(), source: Arc::new(e) };
    let head: Option<(String, Option<i64>)> = c
        .query_row("SELECT setup, finished FROM games WHERE id = ?1", [id], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()
        .map_err(fail)?;
    let Some((setup, finished)) = head else { return Ok(None) };
    let mut s = c.prepare_cached("SELECT v, seat, intent, at FROM actions WHERE game = ?1 ORDER BY v").map_err(fail)?;
    let rows = s
        .query_map([id], |r| {
            Ok((r.get::<_, i64>(0)?, r.get::<_, Option<u8>>(1)?, r.get::<_, String>(2)?, r.get::<_, Option<i64>>(3)?))
        })
        .map_err(fail)?;
    let mut actions = Vec::new();
    let mut times = Vec::new();
    for (i, row) in rows.enumerate() {
        let (v, seat, intent, at) = row.map_err(fail)?;
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
fn run(conn: Connection, rx: mpsc::Receiver<Job>) {
    const BATCH: usize = 512;
    let mut done: Vec<Done> = Vec::with_capacity(BATCH);
    while let Ok(first) = rx.recv() {
        let began = conn.execute_batch("BEGIN").map_err(StoreError::from);
        let c = began.as_ref().map(|_| &conn);
        done.push(first(c));
        while done.len() < BATCH {
            match rx.try_recv() {
                Ok(job) => done.push(job(c)),
                Err(_) => break,
            }
        }
        let committed = began.and_then(|_| {
            conn.execute_batch("COMMIT").map_err(|e| {
                let _ = conn.execute_batch("ROLLBACK");
                StoreError::from(e)
            })
        });
        if let Err(e) = &committed {
            // On SQLITE_FULL, SQLite rolls the transaction back itself and
            // the commit fails: as good a sign of a full disk as any.
            FULL.with(|f| f.set(true));
            if let Some(suppressed) = throttle::storage_error() {
                tracing::error!(suppressed, "storage: a batch of {} job(s) was not committed: {e}", done.len());
            }
        }
        checkpoint_after_full(&conn);
        for d in done.drain(..) {
            d(committed.clone());
        }
    }
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

    #[tokio::test]
    async fn a_new_database_gets_the_current_schema() {
        let (_dir, path) = db();
        let store = Store::open(&path).unwrap();
        store.create_game("g".into(), 1, "{}".into()).await.unwrap();
        drop(store);
        assert_eq!(version_of(&path), SCHEMA_VERSION);
        // Opened again: nothing to migrate, the game is there.
        let store = Store::open(&path).unwrap();
        assert_eq!(store.unfinished().await.unwrap(), vec!["g".to_string()]);
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
            let sheets: i64 = store
                .call(|c| c.query_row("SELECT count(*) FROM pad_sheets", [], |r| r.get(0)).map_err(StoreError::from))
                .await
                .unwrap();
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
        store.append("old".into(), 2, Some(1), "{\"kind\":\"pass\"}".into(), 1_234_567).await.unwrap();
        let g = store.load("old".into()).await.unwrap().unwrap();
        assert_eq!(g.times, vec![None, Some(1_234_567)]);
        drop(store);
        assert_eq!(version_of(&path), 2);
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
        let (_dir, path) = db();
        let store = Store::open(&path).unwrap();
        let failing = store.call(|c| -> Result<(), StoreError> {
            c.execute("INSERT INTO games (id, created, setup) VALUES ('half', 1, '{}')", [])
                .map_err(StoreError::from)?;
            Err(StoreError::Injected)
        });
        let good = store.create_game("kept".into(), 2, "{}".into());
        let (a, b) = tokio::join!(failing, good);
        assert!(a.is_err());
        b.unwrap();
        assert_eq!(store.unfinished().await.unwrap(), vec!["kept".to_string()]);
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
                let pages: i64 = c.query_row("PRAGMA page_count", [], |r| r.get(0))?;
                c.query_row(&format!("PRAGMA max_page_count = {pages}"), [], |_| Ok(()))?;
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
        let n: i64 = store
            .call(|c| c.query_row("SELECT count(*) FROM games", [], |r| r.get(0)).map_err(StoreError::from))
            .await
            .unwrap();
        assert!(n >= 20);
    }
}
