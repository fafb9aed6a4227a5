//! Opening a database of either engine, and the checks made at start
//! before anything is written.

use super::batch::run;
use super::db::{Db, Engine};
use super::error::{failed, StoreError};
use super::games::load_game;
use super::handle::{Job, Store};
use super::health::Health;
use super::schema::SCHEMA_VERSION;
use super::schema::{migrate, pg_migrate, schema_version};
use rusqlite::Connection;
use std::path::Path;
use std::sync::{mpsc, Arc};

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
        Ok(Store::handle(tx, health, Engine::Postgres))
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
        Ok(Store::handle(tx, health, engine))
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
