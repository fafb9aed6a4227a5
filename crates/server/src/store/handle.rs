//! The handle to the storage thread ([`Store`]), the jobs it is sent, and the
//! rows it hands back.

use super::db::{Db, Engine};
use super::error::StoreError;
use super::health::Health;
use super::lease;
#[cfg(feature = "testing")]
use std::sync::atomic::AtomicU32;
use std::sync::{mpsc, Arc};

/// What the storage thread does once a batch is over: `Ok` when it was
/// committed, else the engine's error.
pub(super) type Done = Box<dyn FnOnce(Result<(), StoreError>) + Send>;

/// A job run on the storage thread, inside the batch's transaction (`Err`
/// with the engine's error when no transaction could be begun: the job must
/// not touch the database). It returns what to do once the transaction is
/// over (typically: reply).
pub(super) type Job = Box<dyn FnOnce(Result<&Db, &StoreError>) -> Done + Send>;

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
    pub(super) tx: mpsc::Sender<Job>,
    /// Whether the database answers ([`Health`]).
    pub(super) health: Arc<Health>,
    /// Appends still to fail (`Store::fail_next_appends`, a test seam of the
    /// feature `testing`).
    #[cfg(feature = "testing")]
    pub(super) failing_appends: Arc<AtomicU32>,
    pub(super) engine: Engine,
    /// This instance's leases, when it is one of several.
    pub(super) leases: Option<lease::Leases>,
}

impl Store {
    /// The handle of a storage thread started with `tx`'s receiver.
    pub(super) fn handle(tx: mpsc::Sender<Job>, health: Arc<Health>, engine: Engine) -> Store {
        Store {
            tx,
            health,
            #[cfg(feature = "testing")]
            failing_appends: Arc::new(AtomicU32::new(0)),
            engine,
            leases: None,
        }
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

    /// Looks whether the server can save for as long as this store's
    /// storage thread lives ([`Health::watch`]): spawned once by the server.
    pub fn watch_saving(&self) -> impl std::future::Future<Output = ()> + Send + 'static {
        Health::watch(Arc::downgrade(&self.health))
    }
}
