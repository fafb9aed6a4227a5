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

//!
//! # Where things are
//!
//! `schema`: the schema version and the migrations of each engine;
//! `open`: opening a database and the checks made at start; `batch`: the
//! storage thread and [`Store::call`]; `games`: a game's rows; `leased`: the
//! leases a store takes and renews (the rows themselves are in [`lease`]);
//! `health`: whether the database answers; `error`: [`StoreError`].

mod batch;
pub mod db;
mod error;
mod games;
mod health;
pub mod lease;
mod leased;
mod open;
mod schema;
#[cfg(feature = "testing")]
mod testing;
#[cfg(feature = "testing")]
#[doc(hidden)]
pub mod testpg;
pub mod throttle;

use batch::Job;
use db::Engine;
pub use error::{Shared, StoreError};
pub use games::LISTED;
pub(crate) use games::{count_unfinished, insert_game, unfinished_among};
pub use health::{Health, Waiting, PROBE_EVERY};
pub use leased::Taken;
pub(crate) use open::name_some;
pub use open::{is_postgres_url, redact};
pub use schema::{migrate, pg_migrate, schema_version, MIGRATIONS, PG_MIGRATIONS, PG_MIGRATION_LOCK, SCHEMA_VERSION};
#[cfg(feature = "testing")]
use std::sync::atomic::AtomicU32;
use std::sync::{mpsc, Arc};

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
    /// Appends still to fail (`Store::fail_next_appends`, a test seam of the
    /// feature `testing`).
    #[cfg(feature = "testing")]
    failing_appends: Arc<AtomicU32>,
    engine: Engine,
    /// This instance's leases, when it is one of several.
    leases: Option<lease::Leases>,
}

impl Store {
    /// The handle of a storage thread started with `tx`'s receiver.
    fn handle(tx: mpsc::Sender<Job>, health: Arc<Health>, engine: Engine) -> Store {
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
mod tests;
