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
mod handle;
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
mod time;

pub use error::{Shared, StoreError};
pub use games::LISTED;
pub(crate) use games::{count_unfinished, insert_game, unfinished_among};
pub use handle::{FinishedRow, Owned, Store, StoredGame};
pub use health::{Health, Waiting, PROBE_EVERY, STALL_AFTER};
pub use leased::Taken;
pub(crate) use open::name_some;
pub use open::{is_postgres_url, redact};
pub use schema::{migrate, pg_migrate, schema_version, MIGRATIONS, PG_MIGRATIONS, PG_MIGRATION_LOCK, SCHEMA_VERSION};
#[cfg(feature = "testing")]
#[doc(hidden)]
pub use testing::Frozen;
pub use time::{now, now_ms};

#[cfg(test)]
mod tests;
