//! Whether the database answers ([`Health`]).

use super::db::Db;
use super::db::DbError;
use super::time::now_ms;
use std::sync::atomic::Ordering;

/// How often the storage thread tries PostgreSQL again while it does not
/// answer, with no job to run ([`Health`]); how often [`Health::watch`]
/// looks whether saving works.
pub const PROBE_EVERY: std::time::Duration = std::time::Duration::from_millis(250);

/// How long a batch of writes may wait for its commit before the server
/// counts itself unable to save ([`Health::cannot_save`]): PostgreSQL
/// frozen (a `SIGSTOP`, a lock held, a disk that stopped answering) fails
/// nothing, it only never answers; past this time the pages are told
/// (`{"type":"saving","ok":false}`), and again once a batch is committed.
pub const STALL_AFTER: std::time::Duration = std::time::Duration::from_secs(5);

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
    /// When the storage thread began the batch it is in (ms since 1970), 0
    /// between batches.
    busy_since: std::sync::atomic::AtomicI64,
    /// Whether the server cannot save, as last told ([`Health::saving`]).
    cannot_save: tokio::sync::watch::Sender<bool>,
}

impl Default for Health {
    fn default() -> Health {
        Health {
            down_since: std::sync::atomic::AtomicI64::new(0),
            returns: tokio::sync::watch::channel(0).0,
            waiting: std::sync::atomic::AtomicUsize::new(0),
            busy_since: std::sync::atomic::AtomicI64::new(0),
            cannot_save: tokio::sync::watch::channel(false).0,
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

    /// The storage thread begins a batch (its first job taken).
    pub(super) fn batch_began(&self) {
        self.busy_since.store(now_ms().max(1), Ordering::SeqCst);
    }

    /// The storage thread is done with a batch (committed or not).
    pub(super) fn batch_ended(&self) {
        self.busy_since.store(0, Ordering::SeqCst);
    }

    /// Since when the storage thread waits for the database (ms since 1970),
    /// if its batch began over [`STALL_AFTER`] ago.
    pub fn stalled_since(&self) -> Option<i64> {
        let since = self.busy_since.load(Ordering::SeqCst);
        Some(since).filter(|s| *s != 0 && now_ms().saturating_sub(*s) >= STALL_AFTER.as_millis() as i64)
    }

    /// Whether the server cannot save now: the database does not answer
    /// (a batch failed, [`Health::is_down`]) or a batch has waited for it
    /// longer than [`STALL_AFTER`] ([`Health::stalled_since`]).
    pub fn cannot_save(&self) -> bool {
        self.is_down() || self.stalled_since().is_some()
    }

    /// Told when the server stops being able to save (`true`) and when it
    /// can again (`false`), as [`Health::watch`] finds it (at most one
    /// change each [`PROBE_EVERY`]); the value now is [`Health::cannot_save`]'s
    /// at the last look.
    pub fn saving(&self) -> tokio::sync::watch::Receiver<bool> {
        self.cannot_save.subscribe()
    }

    /// Looks once whether the server can save, and tells [`Health::saving`]'s
    /// receivers when that changed.
    pub fn look(&self) {
        let now = self.cannot_save();
        let changed = self.cannot_save.send_if_modified(|was| std::mem::replace(was, now) != now);
        if changed && now {
            tracing::warn!("storage: writes wait for the database; the pages are told the server cannot save");
        } else if changed {
            tracing::warn!("storage: writes are saved again; the pages are told");
        }
    }

    /// Looks whether the server can save every [`PROBE_EVERY`]
    /// ([`Health::look`]) for as long as `health` lives: the storage thread
    /// cannot tell of a stall itself (it waits inside it).
    pub async fn watch(health: std::sync::Weak<Health>) {
        let mut tick = tokio::time::interval(PROBE_EVERY);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            let Some(h) = health.upgrade() else { return };
            h.look();
        }
    }

    /// A test seam: the batch in progress counted as begun long ago (a
    /// stall at once; see `Store::freeze`).
    #[cfg(feature = "testing")]
    pub(super) fn began_long_ago(&self) {
        self.busy_since.store(1, Ordering::SeqCst);
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
