//! The store's own tests, on SQLite and on PostgreSQL ([`testpg`]).

use super::db::{Db, Engine};
use super::schema::{PG_V0_TO_V1, V0_TO_V1};
use super::*;
use rusqlite::Connection;
use std::path::Path;

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

/// A new database of each engine: a SQLite file (with its folder, kept
/// while the test runs) and a PostgreSQL database ([`testpg`]).
fn both() -> Vec<(Option<tempfile::TempDir>, String)> {
    let (dir, path) = db();
    vec![(Some(dir), path.to_string_lossy().into_owned()), (None, testpg::database())]
}

/// The schema version of a database of either engine.
fn version_any(db: &str) -> u32 {
    match is_postgres_url(db) {
        true => testpg::sql(db, "SELECT version FROM triominos_schema")[0][0].as_deref().unwrap().parse().unwrap(),
        false => version_of(Path::new(db)),
    }
}

fn count(db: &Db, table: &str) -> Result<i64, StoreError> {
    Ok(db.query_int(&format!("SELECT count(*) FROM {table}"), &[])?)
}

#[tokio::test]
async fn a_new_database_gets_the_current_schema() {
    for (_dir, db) in both() {
        let store = Store::open_any(&db).unwrap();
        store.create_game("g".into(), 1, "{}".into()).await.unwrap();
        drop(store);
        assert_eq!(version_any(&db), SCHEMA_VERSION, "{db}");
        // Opened again: nothing to migrate, the game is there.
        let store = Store::open_any(&db).unwrap();
        assert_eq!(store.unfinished().await.unwrap(), vec!["g".to_string()]);
    }
}

#[tokio::test]
async fn every_kind_of_row_reads_back_the_same_in_both_engines() {
    for (_dir, db) in both() {
        let store = Store::open_any(&db).unwrap();
        store.create_game("a".into(), 10, "{\"s\":1}".into()).await.unwrap();
        store.create_game("b".into(), 11, "{}".into()).await.unwrap();
        store.append(Owned::new("a", 1), 1, Some(2), "{\"kind\":\"draw\"}".into(), 1_700_000_000_123).await.unwrap();
        store.append(Owned::new("a", 1), 2, None, "{\"kind\":\"next_round\"}".into(), 1_700_000_000_456).await.unwrap();
        // The same number again is refused, the first kept.
        let again = store.append(Owned::new("a", 1), 2, Some(0), "{}".into(), 1).await;
        assert!(again.is_err(), "{db}");
        assert!(!store.delete_last(Owned::new("a", 1), 1).await.unwrap(), "not the last: kept");
        store.append(Owned::new("a", 1), 3, Some(1), "{\"kind\":\"pass\"}".into(), 1_700_000_000_789).await.unwrap();
        assert!(store.delete_last(Owned::new("a", 1), 3).await.unwrap());
        store.update_setup(Owned::new("a", 1), "{\"s\":2}".into()).await.unwrap();
        let g = store.load("a".into()).await.unwrap().unwrap();
        assert_eq!(g.setup, "{\"s\":2}");
        assert!(!g.finished);
        assert_eq!(
            g.actions,
            vec![(Some(2), "{\"kind\":\"draw\"}".to_string()), (None, "{\"kind\":\"next_round\"}".to_string())]
        );
        assert_eq!(g.times, vec![Some(1_700_000_000_123), Some(1_700_000_000_456)]);
        assert!(store.load("none".into()).await.unwrap().is_none());
        assert_eq!(store.unfinished().await.unwrap(), vec!["a".to_string(), "b".to_string()]);
        store.finish(Owned::new("b", 1), 99, "{\"listed\":true,\"w\":1}".into()).await.unwrap();
        store.finish(Owned::new("a", 1), 98, "{\"listed\":true,\"w\":0}".into()).await.unwrap();
        // A private game (its creator did not list it; a name's quotes are escaped) is
        // finished but not listed.
        store.create_game("c".into(), 12, "{}".into()).await.unwrap();
        store
            .finish(Owned::new("c", 1), 100, "{\"listed\":false,\"name\":\"\\\"listed\\\":true\"}".into())
            .await
            .unwrap();
        let f = store.finished(10).await.unwrap();
        let ids: Vec<_> = f.iter().map(|r| (r.id.as_str(), r.created, r.finished, r.summary.as_str())).collect();
        assert_eq!(ids, vec![("b", 11, 99, "{\"listed\":true,\"w\":1}"), ("a", 10, 98, "{\"listed\":true,\"w\":0}")]);
        assert!(store.load("c".into()).await.unwrap().unwrap().finished);
        assert_eq!(store.finished(1).await.unwrap().len(), 1);
        assert!(store.unfinished().await.unwrap().is_empty());
        assert!(store.load("a".into()).await.unwrap().unwrap().finished);
    }
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
            c.execute("INSERT INTO actions (game, v, seat, intent) VALUES ('old', 1, 0, '{\"kind\":\"draw\"}')", [])
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
        let sheets: i64 = store.call(|c| count(c, "pad_sheets")).await.unwrap();
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
    store.append(Owned::new("old", 1), 2, Some(1), "{\"kind\":\"pass\"}".into(), 1_234_567).await.unwrap();
    let g = store.load("old".into()).await.unwrap().unwrap();
    assert_eq!(g.times, vec![None, Some(1_234_567)]);
    drop(store);
    assert_eq!(version_of(&path), SCHEMA_VERSION);
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
    for schema in ["CREATE TABLE notes (id TEXT)", "CREATE TABLE games (id TEXT PRIMARY KEY, name TEXT, score INTEGER)"]
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
    for (_dir, db) in both() {
        let store = Store::open_any(&db).unwrap();
        let failing = store.call(|c| -> Result<(), StoreError> {
            c.execute("INSERT INTO games (id, created, setup) VALUES ('half', 1, '{}')", &[])?;
            Err(StoreError::Injected)
        });
        let good = store.create_game("kept".into(), 2, "{}".into());
        let (a, b) = tokio::join!(failing, good);
        assert!(a.is_err());
        b.unwrap();
        assert_eq!(store.unfinished().await.unwrap(), vec!["kept".to_string()], "{db}");
    }
}

/// In PostgreSQL a failed statement aborts the transaction until its
/// savepoint is rolled back: a job that fails a statement and goes on
/// (answering `Ok`) is undone and failed, and the jobs of its batch
/// after it are stored all the same. In SQLite the statement alone fails.
#[tokio::test]
async fn a_job_that_goes_on_after_a_failed_statement_does_not_spoil_its_batch() {
    for (_dir, db) in both() {
        let store = Store::open_any(&db).unwrap();
        store.create_game("dup".into(), 1, "{}".into()).await.unwrap();
        let careless = store.call(|c| -> Result<(), StoreError> {
            c.execute("INSERT INTO games (id, created, setup) VALUES ('careless', 1, '{}')", &[])?;
            let _ = c.execute("INSERT INTO games (id, created, setup) VALUES ('dup', 1, '{}')", &[]);
            Ok(())
        });
        let good = store.create_game("kept".into(), 2, "{}".into());
        let (a, b) = tokio::join!(careless, good);
        b.unwrap();
        let mut ids = store.unfinished().await.unwrap();
        ids.sort();
        match store.engine() {
            Engine::Postgres => {
                assert!(a.is_err(), "undone");
                assert_eq!(ids, ["dup", "kept"]);
            }
            Engine::Sqlite => {
                a.unwrap();
                assert_eq!(ids, ["careless", "dup", "kept"]);
            }
        }
    }
}

mod pg;
