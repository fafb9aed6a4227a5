//! Whether the database answers ([`Health`]).

use super::db::Db;
use super::db::DbError;
use super::time::now_ms;
use std::sync::atomic::Ordering;

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
    pub(super) fn down(&self) {
        if self.down_since.compare_exchange(0, now_ms().max(1), Ordering::SeqCst, Ordering::SeqCst).is_ok() {
            tracing::warn!("storage: the database does not answer; the moves of bots wait for its return");
        }
    }

    /// A batch was committed (or a probe went through): the database answers.
    pub(super) fn up(&self) {
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
    #[cfg(feature = "testing")]
    #[doc(hidden)]
    pub fn simulate_return(&self) {
        self.down();
        self.up();
    }
}

/// One try of a database that did not answer: PostgreSQL connected again
/// when its connection was lost, then an empty transaction.
pub(super) fn probe(conn: &Db) -> Result<(), DbError> {
    if conn.is_closed() {
        conn.reconnect()?;
    }
    conn.batch("BEGIN")?;
    conn.batch("COMMIT")
}
