//! Durable storage in SQLite, event-sourced: a game is its setup (rules, seats,
//! seed) plus every accepted action in order. One thread owns the connection;
//! jobs sent to it are grouped into one transaction per batch (group commit), and
//! each job's reply is sent only after that transaction is committed, so an action
//! is on disk before anyone hears of it.

use rusqlite::{params, Connection, OptionalExtension};
use std::path::Path;
use std::sync::mpsc;
use tokio::sync::oneshot;

/// A job run on the storage thread inside a transaction. It returns what to do
/// once the transaction is committed (typically: send the reply).
type Job = Box<dyn FnOnce(&Connection) -> Box<dyn FnOnce(bool) + Send> + Send>;

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
}

/// A finished game in the list.
#[derive(Clone, Debug, serde::Serialize)]
pub struct FinishedGame {
    /// Game id.
    pub id: String,
    /// Unix seconds when it was created.
    pub created: i64,
    /// Unix seconds when it ended.
    pub finished: i64,
    /// The summary (JSON): preset, names, totals, winners.
    pub summary: serde_json::Value,
}

/// Handle to the storage thread. Cheap to clone.
#[derive(Clone)]
pub struct Store {
    tx: mpsc::Sender<Job>,
}

/// Storage failed (disk full, database locked or corrupt...).
#[derive(Debug, Clone)]
pub struct StoreError(pub String);

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for StoreError {}

fn err(e: impl std::fmt::Display) -> StoreError {
    StoreError(e.to_string())
}

const SCHEMA: &str = "
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

impl Store {
    /// Opens (or creates) the database and starts the storage thread.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        let conn = Connection::open(path).map_err(err)?;
        conn.pragma_update(None, "journal_mode", "WAL").map_err(err)?;
        // WAL + FULL: each commit is synced; group commit keeps that cheap.
        let sync = std::env::var("TRIOMINOS_SQLITE_SYNC").unwrap_or_else(|_| "FULL".into());
        conn.pragma_update(None, "synchronous", sync).map_err(err)?;
        conn.busy_timeout(std::time::Duration::from_secs(5)).map_err(err)?;
        conn.execute_batch(SCHEMA).map_err(err)?;
        let (tx, rx) = mpsc::channel::<Job>();
        std::thread::Builder::new().name("triominos-store".into()).spawn(move || run(conn, rx)).map_err(err)?;
        Ok(Store { tx })
    }

    async fn call<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Connection) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let (reply, rx) = oneshot::channel();
        let job: Job = Box::new(move |conn| {
            let r = f(conn);
            Box::new(move |committed| {
                let _ = reply.send(if committed { r } else { Err(StoreError("commit failed".into())) });
            })
        });
        self.tx.send(job).map_err(|_| StoreError("storage thread stopped".into()))?;
        rx.await.map_err(|_| StoreError("storage thread stopped".into()))?
    }

    /// Stores a new game.
    pub async fn create_game(&self, id: String, created: i64, setup: String) -> Result<(), StoreError> {
        self.call(move |c| {
            c.execute("INSERT INTO games (id, created, setup) VALUES (?1, ?2, ?3)", params![id, created, setup])
                .map_err(err)?;
            Ok(())
        })
        .await
    }

    /// Appends the intent numbered `v` to a game's log.
    pub async fn append(&self, game: String, v: u64, seat: Option<u8>, intent: String) -> Result<(), StoreError> {
        self.call(move |c| {
            c.prepare_cached("INSERT INTO actions (game, v, seat, intent) VALUES (?1, ?2, ?3, ?4)")
                .and_then(|mut s| s.execute(params![game, v as i64, seat, intent]))
                .map_err(err)?;
            Ok(())
        })
        .await
    }

    /// Marks a game finished with its summary.
    pub async fn finish(&self, game: String, at: i64, summary: String) -> Result<(), StoreError> {
        self.call(move |c| {
            c.execute("UPDATE games SET finished = ?2, summary = ?3 WHERE id = ?1", params![game, at, summary])
                .map_err(err)?;
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
            let mut s = c.prepare("SELECT id FROM games WHERE finished IS NULL ORDER BY created").map_err(err)?;
            let rows = s.query_map([], |r| r.get::<_, String>(0)).map_err(err)?;
            rows.collect::<Result<Vec<_>, _>>().map_err(err)
        })
        .await
    }

    /// The most recently finished games, newest first.
    pub async fn finished(&self, limit: u32) -> Result<Vec<FinishedGame>, StoreError> {
        self.call(move |c| {
            let mut s = c
                .prepare(
                    "SELECT id, created, finished, summary FROM games WHERE finished IS NOT NULL \
                     ORDER BY finished DESC, id LIMIT ?1",
                )
                .map_err(err)?;
            let rows = s
                .query_map([limit], |r| {
                    Ok(FinishedGame {
                        id: r.get(0)?,
                        created: r.get(1)?,
                        finished: r.get(2)?,
                        summary: serde_json::from_str(&r.get::<_, String>(3)?).unwrap_or_default(),
                    })
                })
                .map_err(err)?;
            rows.collect::<Result<Vec<_>, _>>().map_err(err)
        })
        .await
    }
}

fn load_game(c: &Connection, id: &str) -> Result<Option<StoredGame>, StoreError> {
    let head: Option<(String, Option<i64>)> = c
        .query_row("SELECT setup, finished FROM games WHERE id = ?1", [id], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()
        .map_err(err)?;
    let Some((setup, finished)) = head else { return Ok(None) };
    let mut s = c.prepare_cached("SELECT v, seat, intent FROM actions WHERE game = ?1 ORDER BY v").map_err(err)?;
    let rows = s
        .query_map([id], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, Option<u8>>(1)?, r.get::<_, String>(2)?)))
        .map_err(err)?;
    let mut actions = Vec::new();
    for (i, row) in rows.enumerate() {
        let (v, seat, intent) = row.map_err(err)?;
        if v != i as i64 + 1 {
            return Err(StoreError(format!("game {id}: action {v} out of sequence")));
        }
        actions.push((seat, intent));
    }
    Ok(Some(StoredGame { id: id.to_string(), setup, finished: finished.is_some(), actions }))
}

/// The storage thread: waits for a job, takes every job already queued (up to
/// a batch limit), runs them in one transaction, commits, then replies.
fn run(conn: Connection, rx: mpsc::Receiver<Job>) {
    const BATCH: usize = 512;
    let mut done: Vec<Box<dyn FnOnce(bool) + Send>> = Vec::with_capacity(BATCH);
    while let Ok(first) = rx.recv() {
        let began = conn.execute_batch("BEGIN").is_ok();
        done.push(first(&conn));
        while done.len() < BATCH {
            match rx.try_recv() {
                Ok(job) => done.push(job(&conn)),
                Err(_) => break,
            }
        }
        let committed = began && conn.execute_batch("COMMIT").is_ok();
        if began && !committed {
            let _ = conn.execute_batch("ROLLBACK");
        }
        for d in done.drain(..) {
            d(committed);
        }
    }
}
