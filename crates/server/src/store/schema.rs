//! The schema: its version, the migrations of each engine and the checks of a
//! database met at start (a version-0 one, one of something else, a newer one).

use super::db::{Db, Engine, Val};
use super::error::{failed, StoreError};
use rusqlite::Connection;
use std::sync::Arc;

/// The schema version this program reads and writes.
pub const SCHEMA_VERSION: u32 = 6;

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
/// several instances over one PostgreSQL (see [`lease`](super::lease)): its owner
/// instance, its address, its epoch, its expiry (ms since 1970) and the
/// instance that asked for it, if any. Empty at first; SQLite has it too
/// (one schema), a single instance does not use it.
///
/// Version 3 -> 4: the table `instances`, the instances playing over one
/// PostgreSQL with their lease length and when each was last seen (so that
/// an instance whose `--lease-ms` differs refuses to join: see
/// [`Leases::join`](super::lease::Leases::join)); in PostgreSQL, the table `triominos_schema`
/// made to hold one row at most (a unique index on a constant), so that a
/// backup restored over a live database fails instead of adding a second
/// version row. SQLite has the table too, unused by a single instance.
///
/// Version 4 -> 5 (issue 47, section 2): the "Play now" pools and the open
/// tables ([`crate::pools`]). `pool_entries`: one row per person who pressed
/// "Play now" (its secret id, its pool, the client, the name, an account and
/// a provisional rating left empty for guests, the milliseconds after which
/// bots fill the table, when it entered and was last heard of, its state
/// `waiting`, `seated` or `left`, and once seated its game, seat and link);
/// `pool_pairing`: one row per pool, locked by whoever pairs it (on
/// PostgreSQL `FOR UPDATE SKIP LOCKED`: one instance at a time);
/// `table_claims`: a seat of a public table handed to someone who pressed
/// "Join", kept a minute so that two people are not given one seat.
///
/// Version 5 -> 6 (issue 47, section 1): accounts (see
/// [`crate::accounts`]): `accounts` (a display name, unique case-insensitively through `name_key`, NULL once the
/// account is deleted; when it was created, deleted, suspended),
/// `credentials` (a password's argon2id PHC string, or a passkey), its
/// `recovery_codes` (SHA-256 of each, and when it was used), `sessions`
/// (SHA-256 of the cookie's token, its account, when it was created and last
/// seen, when it expires) and `claims` (a game's seat claimed into an
/// account). Empty at first.
pub const MIGRATIONS: [&str; SCHEMA_VERSION as usize] = [V0_TO_V1, V1_TO_V2, V2_TO_V3, V3_TO_V4, V4_TO_V5, V5_TO_V6];

const V5_TO_V6: &str = "
CREATE TABLE accounts (
    id TEXT PRIMARY KEY,
    name TEXT,
    name_key TEXT UNIQUE,
    created INTEGER NOT NULL,
    deleted INTEGER,
    suspended INTEGER
);
CREATE TABLE credentials (
    id TEXT PRIMARY KEY,
    account TEXT NOT NULL REFERENCES accounts(id),
    kind TEXT NOT NULL,
    secret TEXT NOT NULL,
    created INTEGER NOT NULL
);
CREATE INDEX credentials_account ON credentials(account);
CREATE TABLE recovery_codes (
    account TEXT NOT NULL REFERENCES accounts(id),
    hash TEXT NOT NULL,
    used INTEGER,
    PRIMARY KEY (account, hash)
);
CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    account TEXT NOT NULL REFERENCES accounts(id),
    created INTEGER NOT NULL,
    seen INTEGER NOT NULL,
    expires INTEGER NOT NULL
);
CREATE INDEX sessions_account ON sessions(account);
CREATE INDEX sessions_expires ON sessions(expires);
CREATE TABLE claims (
    game TEXT NOT NULL,
    seat INTEGER NOT NULL,
    account TEXT NOT NULL REFERENCES accounts(id),
    claimed INTEGER NOT NULL,
    PRIMARY KEY (game, seat)
);
CREATE INDEX claims_account ON claims(account, claimed);
";

const V4_TO_V5: &str = "
CREATE TABLE pool_entries (
    id TEXT PRIMARY KEY,
    pool TEXT NOT NULL,
    preset TEXT NOT NULL,
    pace TEXT NOT NULL,
    size INTEGER NOT NULL,
    client TEXT NOT NULL,
    name TEXT NOT NULL,
    account TEXT,
    rating INTEGER,
    bots_after INTEGER,
    entered INTEGER NOT NULL,
    seen INTEGER NOT NULL,
    state TEXT NOT NULL,
    game TEXT,
    seat INTEGER,
    link TEXT
);
CREATE INDEX pool_entries_pool ON pool_entries(pool, state, entered);
CREATE INDEX pool_entries_client ON pool_entries(client, state);
CREATE INDEX pool_entries_seen ON pool_entries(seen);
CREATE TABLE pool_pairing (
    pool TEXT PRIMARY KEY,
    at INTEGER NOT NULL
);
CREATE TABLE table_claims (
    game TEXT NOT NULL,
    seat INTEGER NOT NULL,
    client TEXT NOT NULL,
    at INTEGER NOT NULL,
    PRIMARY KEY (game, seat)
);
CREATE INDEX table_claims_client ON table_claims(client, at);
";

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
pub const PG_MIGRATIONS: [&str; SCHEMA_VERSION as usize] =
    [PG_V0_TO_V1, PG_V1_TO_V2, PG_V2_TO_V3, PG_V3_TO_V4, PG_V4_TO_V5, PG_V5_TO_V6];

const PG_V5_TO_V6: &str = "
CREATE TABLE accounts (
    id TEXT PRIMARY KEY,
    name TEXT,
    name_key TEXT UNIQUE,
    created BIGINT NOT NULL,
    deleted BIGINT,
    suspended BIGINT
);
CREATE TABLE credentials (
    id TEXT PRIMARY KEY,
    account TEXT NOT NULL REFERENCES accounts(id),
    kind TEXT NOT NULL,
    secret TEXT NOT NULL,
    created BIGINT NOT NULL
);
CREATE INDEX credentials_account ON credentials(account);
CREATE TABLE recovery_codes (
    account TEXT NOT NULL REFERENCES accounts(id),
    hash TEXT NOT NULL,
    used BIGINT,
    PRIMARY KEY (account, hash)
);
CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    account TEXT NOT NULL REFERENCES accounts(id),
    created BIGINT NOT NULL,
    seen BIGINT NOT NULL,
    expires BIGINT NOT NULL
);
CREATE INDEX sessions_account ON sessions(account);
CREATE INDEX sessions_expires ON sessions(expires);
CREATE TABLE claims (
    game TEXT NOT NULL,
    seat BIGINT NOT NULL,
    account TEXT NOT NULL REFERENCES accounts(id),
    claimed BIGINT NOT NULL,
    PRIMARY KEY (game, seat)
);
CREATE INDEX claims_account ON claims(account, claimed);
";

const PG_V4_TO_V5: &str = "
CREATE TABLE pool_entries (
    id TEXT PRIMARY KEY,
    pool TEXT NOT NULL,
    preset TEXT NOT NULL,
    pace TEXT NOT NULL,
    size BIGINT NOT NULL,
    client TEXT NOT NULL,
    name TEXT NOT NULL,
    account TEXT,
    rating BIGINT,
    bots_after BIGINT,
    entered BIGINT NOT NULL,
    seen BIGINT NOT NULL,
    state TEXT NOT NULL,
    game TEXT,
    seat BIGINT,
    link TEXT
);
CREATE INDEX pool_entries_pool ON pool_entries(pool, state, entered);
CREATE INDEX pool_entries_client ON pool_entries(client, state);
CREATE INDEX pool_entries_seen ON pool_entries(seen);
CREATE TABLE pool_pairing (
    pool TEXT PRIMARY KEY,
    at BIGINT NOT NULL
);
CREATE TABLE table_claims (
    game TEXT NOT NULL,
    seat BIGINT NOT NULL,
    client TEXT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (game, seat)
);
CREATE INDEX table_claims_client ON table_claims(client, at);
";

const PG_V3_TO_V4: &str = "
CREATE TABLE instances (
    name TEXT PRIMARY KEY,
    lease_ms BIGINT NOT NULL,
    seen BIGINT NOT NULL
);
CREATE UNIQUE INDEX triominos_schema_one_row ON triominos_schema ((true));
";

pub(super) const PG_V0_TO_V1: &str = "
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

pub(super) const V0_TO_V1: &str = "
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
        return Err(StoreError::Newer { found, knows: SCHEMA_VERSION });
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
