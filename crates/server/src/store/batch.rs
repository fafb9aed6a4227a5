//! The storage thread: one connection, its jobs grouped into one
//! transaction per batch (group commit), each job in a savepoint of its own,
//! and [`Store::call`], the way every other part of the store reaches it.

use super::db::{Db, Engine};
use super::error::{failed, StoreError, FULL};
use super::handle::{Done, Job, Store};
use super::health::{probe, Health, PROBE_EVERY};
use super::throttle;
use rusqlite::Connection;
use std::sync::mpsc;
use tokio::sync::oneshot;

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

impl Store {
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
}

/// The storage thread: waits for a job, takes every job already queued (up to
/// a batch limit), runs them in one transaction, commits, then replies.
pub(super) fn run(conn: Db, rx: mpsc::Receiver<Job>, health: &Health) {
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
        health.batch_began();
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
        health.batch_ended();
        if let Some(c) = conn.as_sqlite() {
            checkpoint_after_full(c);
        }
        for d in done.drain(..) {
            d(committed.clone());
        }
    }
}
