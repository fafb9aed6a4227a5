//! The store's tests that need PostgreSQL: its migrations, its refusals, leases.

use super::*;

/// The tables of PostgreSQL's version 1 (as [`PG_MIGRATIONS`] made them).
fn pg_at_version_1() -> String {
    let db = testpg::database();
    testpg::sql(&db, &format!("{PG_V0_TO_V1} INSERT INTO triominos_schema VALUES (1);"));
    db
}

#[tokio::test]
async fn a_postgresql_database_of_version_1_gets_the_times_of_its_actions_and_keeps_its_rows() {
    let db = pg_at_version_1();
    testpg::sql(
        &db,
        "INSERT INTO games (id, created, setup) VALUES ('old', 5, '{}');
         INSERT INTO actions (game, v, seat, intent) VALUES ('old', 1, 0, '{\"kind\":\"draw\"}');
         INSERT INTO pad_sheets VALUES ('s', 1, 2, 0, '{}', '[]', '{}');",
    );
    let store = Store::open_postgres(&db).unwrap();
    let g = store.load("old".into()).await.unwrap().unwrap();
    assert_eq!(g.actions, vec![(Some(0), "{\"kind\":\"draw\"}".to_string())]);
    assert_eq!(g.times, vec![None], "an old row has no time");
    store.append(Owned::new("old", 1), 2, Some(1), "{\"kind\":\"pass\"}".into(), 1_234_567).await.unwrap();
    let g = store.load("old".into()).await.unwrap().unwrap();
    assert_eq!(g.times, vec![None, Some(1_234_567)]);
    assert_eq!(store.call(|c| count(c, "pad_sheets")).await.unwrap(), 1);
    drop(store);
    assert_eq!(version_any(&db), SCHEMA_VERSION);
}

#[test]
fn a_newer_postgresql_database_is_refused_naming_both_versions_and_left_as_it_is() {
    let db = pg_at_version_1();
    testpg::sql(&db, &format!("UPDATE triominos_schema SET version = {}", SCHEMA_VERSION + 1));
    let e = Store::open_postgres(&db).err().expect("refused");
    assert!(e.to_string().contains(&format!("version {}", SCHEMA_VERSION + 1)), "{e}");
    assert!(e.to_string().contains(&format!("version {SCHEMA_VERSION}")), "{e}");
    assert_eq!(version_any(&db), SCHEMA_VERSION + 1);
    // The columns of version 2 were not added.
    let cols = testpg::sql(&db, "SELECT count(*) FROM information_schema.columns WHERE table_name = 'actions'");
    assert_eq!(cols[0][0].as_deref(), Some("4"));
}

#[test]
fn a_postgresql_database_of_something_else_is_refused_and_left_as_it_is() {
    for schema in ["CREATE TABLE notes (id TEXT)", "CREATE TABLE games (id TEXT PRIMARY KEY, name TEXT, score INTEGER)"]
    {
        let db = testpg::database();
        testpg::sql(&db, schema);
        let e = Store::open_postgres(&db).err().expect("refused");
        assert!(e.to_string().contains("not a triominos database"), "{e}");
        let tables = testpg::sql(&db, "SELECT to_regclass('triominos_schema')::text");
        assert_eq!(tables[0][0], None, "nothing made");
    }
    // A version table with two rows is not guessed at either.
    let db = pg_at_version_1();
    testpg::sql(&db, "INSERT INTO triominos_schema VALUES (1)");
    let e = Store::open_postgres(&db).err().expect("refused");
    assert!(e.to_string().contains("2 rows"), "{e}");
}

#[test]
fn an_unreachable_postgresql_is_refused_naming_it_without_its_password() {
    let e = Store::open_postgres("postgresql://me:secret@127.0.0.1:1/none").err().expect("refused");
    let said = e.to_string();
    assert!(said.contains("cannot connect to PostgreSQL"), "{said}");
    assert!(said.contains("me:***@127.0.0.1:1/none") && !said.contains("secret"), "{said}");
}

/// Makes a game with this instance's lease on it, as a creation does.
async fn create_leased(store: &Store, id: &str) {
    let (l, id) = (store.leases().cloned().unwrap(), id.to_string());
    store
        .call(move |c| {
            insert_game(c, &id, 1, "{}")?;
            Ok::<_, StoreError>(l.take_new(c, &id, now_ms())?)
        })
        .await
        .unwrap();
}

/// Issue 37's fencing: an instance paused past its lease (here: its
/// lease made to expire, as the clock would) and resumed after another
/// took the game over cannot store an action, an end, a setup or a
/// takeback for it; it learns at its next renewal that it lost the game.
/// The new owner reads every action stored before and goes on.
#[tokio::test]
async fn an_instance_whose_lease_was_taken_over_stores_nothing_for_that_game() {
    let db = testpg::database();
    let a = Store::open_postgres(&db).unwrap().with_leases(lease::Leases::new("a", "127.0.0.1:1", 60_000));
    let b = Store::open_postgres(&db).unwrap().with_leases(lease::Leases::new("b", "127.0.0.1:2", 60_000));
    create_leased(&a, "g").await;
    a.append(Owned::new("g", 1), 1, Some(0), "{\"kind\":\"draw\"}".into(), 1).await.unwrap();
    // A live lease: B may not take the game, and asks for it.
    match b.take_and_load("g".into()).await.unwrap() {
        Taken::Elsewhere(h) => assert_eq!((h.owner.starts_with("a-"), h.addr.as_str()), (true, "127.0.0.1:1")),
        other => panic!("{other:?}"),
    }
    b.ask_for("g".into()).await.unwrap();
    let renewed = a.renew_leases().await.unwrap();
    assert_eq!((renewed.kept.len(), renewed.wanted.clone(), renewed.lost.len()), (1, vec!["g".to_string()], 0));
    // A is paused past its lease; B takes the game over (epoch 2) and reads what A stored.
    testpg::sql(&db, "UPDATE leases SET expires = 0");
    let Taken::Mine(epoch, g) = b.take_and_load("g".into()).await.unwrap() else { panic!("taken over") };
    assert_eq!((epoch, g.actions.len()), (2, 1));
    // A resumes: nothing it writes for the game is stored.
    for e in [
        a.append(Owned::new("g", 1), 2, Some(1), "{\"kind\":\"pass\"}".into(), 2).await.err(),
        a.finish(Owned::new("g", 1), 3, "{}".into()).await.err(),
        a.update_setup(Owned::new("g", 1), "{\"x\":1}".into()).await.err(),
        a.delete_last(Owned::new("g", 1), 1).await.err(),
    ] {
        assert!(matches!(e, Some(StoreError::Fenced { .. })), "{e:?}");
    }
    let renewed = a.renew_leases().await.unwrap();
    assert_eq!(renewed.lost, ["g"], "A learns it lost the game");
    // B goes on.
    b.append(Owned::new("g", 2), 2, Some(1), "{\"kind\":\"play\"}".into(), 4).await.unwrap();
    let g = b.load("g".into()).await.unwrap().unwrap();
    assert_eq!(
        g.actions.iter().map(|(_, i)| i.as_str()).collect::<Vec<_>>(),
        ["{\"kind\":\"draw\"}", "{\"kind\":\"play\"}"]
    );
    assert_eq!(g.setup, "{}");
    // Given back, it is free at once for another instance.
    b.release("g".into()).await.unwrap();
    let Taken::Mine(epoch, _) = a.take_and_load("g".into()).await.unwrap() else { panic!("free again") };
    assert_eq!(epoch, 1, "a new lease row");
}

/// Issue 48: a copy of a game dropped from memory (its lease lost) whose
/// instance took the game back since, under a newer epoch, stores
/// nothing: the fence compares the epoch the writing copy was loaded
/// under, not the one the instance holds now. The live copy writes.
#[tokio::test]
async fn a_copy_loaded_under_an_older_epoch_stores_nothing_once_its_instance_took_the_game_back() {
    let db = testpg::database();
    let a = Store::open_postgres(&db).unwrap().with_leases(lease::Leases::new("a", "127.0.0.1:1", 60_000));
    let b = Store::open_postgres(&db).unwrap().with_leases(lease::Leases::new("b", "127.0.0.1:2", 60_000));
    create_leased(&a, "g").await;
    // B takes it over (A's lease ran out), then A takes it back.
    testpg::sql(&db, "UPDATE leases SET expires = 0");
    let Taken::Mine(2, _) = b.take_and_load("g".into()).await.unwrap() else { panic!("B takes it") };
    testpg::sql(&db, "UPDATE leases SET expires = 0");
    let Taken::Mine(3, _) = a.take_and_load("g".into()).await.unwrap() else { panic!("A takes it back") };
    assert_eq!(a.leases().unwrap().epoch("g"), Some(3));
    // The copy A loaded under epoch 1: nothing it writes is stored.
    let old = || Owned::new("g", 1);
    for e in [
        a.append(old(), 1, Some(0), "{\"kind\":\"draw\"}".into(), 1).await.err(),
        a.finish(old(), 3, "{}".into()).await.err(),
        a.update_setup(old(), "{\"x\":1}".into()).await.err(),
        a.delete_last(old(), 1).await.err(),
    ] {
        assert!(matches!(e, Some(StoreError::Fenced { .. })), "{e:?}");
    }
    assert!(a.load("g".into()).await.unwrap().unwrap().actions.is_empty(), "nothing stored");
    // The live copy (epoch 3) writes; B's copy (epoch 2) does not.
    a.append(Owned::new("g", 3), 1, Some(0), "{\"kind\":\"draw\"}".into(), 1).await.unwrap();
    let e = b.append(Owned::new("g", 2), 2, Some(1), "{\"kind\":\"pass\"}".into(), 2).await.err();
    assert!(matches!(e, Some(StoreError::Fenced { .. })), "{e:?}");
    assert_eq!(a.load("g".into()).await.unwrap().unwrap().actions.len(), 1);
}

/// Two requests of one instance loading a game it holds at once (two
/// seats' sockets arriving together at a waiting table) take the same
/// epoch: the copy kept in memory, loaded by one of them, is not fenced
/// by the other's take (the cluster test's tables stalled so). A lease
/// run out is taken under a new epoch, by any instance.
#[tokio::test]
async fn an_instance_taking_a_live_lease_it_holds_keeps_its_epoch() {
    let db = testpg::database();
    let a = Store::open_postgres(&db).unwrap().with_leases(lease::Leases::new("a", "127.0.0.1:1", 60_000));
    create_leased(&a, "g").await;
    for _ in 0..2 {
        let Taken::Mine(1, _) = a.take_and_load("g".into()).await.unwrap() else { panic!("the same epoch") };
    }
    a.update_setup(Owned::new("g", 1), "{\"x\":1}".into()).await.unwrap();
    testpg::sql(&db, "UPDATE leases SET expires = 0");
    let Taken::Mine(2, _) = a.take_and_load("g".into()).await.unwrap() else { panic!("a new epoch") };
    let e = a.update_setup(Owned::new("g", 1), "{\"x\":2}".into()).await.err();
    assert!(matches!(e, Some(StoreError::Fenced { .. })), "{e:?}");
}

/// Issue 48: with `--lease-ms` 1000, 6000 and 30000 on three instances a
/// game handed over was taken back by the short one again and again. An
/// instance whose lease length differs from one alive refuses to join,
/// naming it; the same length joins; an instance stopped (or not seen
/// for two of its lease lengths, killed) no longer counts.
#[tokio::test]
async fn an_instance_with_another_lease_length_than_one_alive_refuses_to_join() {
    let db = testpg::database();
    let open = |name: &str, ttl| Store::open_postgres(&db).unwrap().with_leases(lease::Leases::new(name, "x", ttl));
    let a = open("a", 6_000);
    a.join().await.unwrap();
    let b = open("b", 1_000);
    let e = b.join().await.expect_err("another length");
    let said = e.to_string();
    assert!(said.contains("1000 ms") && said.contains("a-") && said.contains("(6000 ms)"), "{said}");
    open("c", 6_000).join().await.unwrap();
    // A killed: not seen for two of its lease lengths.
    let name = a.leases().unwrap().instance.clone();
    testpg::sql(&db, &format!("UPDATE instances SET seen = seen - 12001 WHERE name = '{name}'"));
    let e = b.join().await.expect_err("c is alive");
    assert!(e.to_string().contains("c-"), "{e}");
    // Every 6 s instance stops: the 1 s one may join.
    let c = open("c2", 6_000);
    c.join().await.unwrap();
    c.release_all().await.unwrap();
    testpg::sql(&db, "UPDATE instances SET seen = 0");
    b.join().await.unwrap();
    let rows = testpg::sql(&db, "SELECT count(*) FROM instances WHERE lease_ms = 1000");
    assert_eq!(rows[0][0].as_deref(), Some("1"));
}

/// Issue 48: `pg_restore` into the live database added a second row to
/// `triominos_schema`, and every later start refused the database. The
/// table holds one row by a constraint now: a second one is refused.
#[test]
fn the_postgresql_schema_table_holds_one_row_by_a_constraint() {
    let db = testpg::database();
    drop(Store::open_postgres(&db).unwrap());
    let mut client = postgres::Client::connect(&db, postgres::NoTls).unwrap();
    let e = client.batch_execute("INSERT INTO triominos_schema VALUES (4)").expect_err("a second row");
    let constraint = e.as_db_error().and_then(|d| d.constraint()).map(str::to_string);
    assert_eq!(constraint.as_deref(), Some("triominos_schema_one_row"), "{e:?}");
    assert_eq!(version_any(&db), SCHEMA_VERSION);
}

/// Two instances taking one free game at once: exactly one gets it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_taking_one_game_at_once_one_gets_it() {
    let db = testpg::database();
    let stores: Vec<Store> = (0..4)
        .map(|i| Store::open_postgres(&db).unwrap().with_leases(lease::Leases::new(&format!("i{i}"), "x", 60_000)))
        .collect();
    stores[0].create_game("g".into(), 1, "{}".into()).await.unwrap();
    let takes = stores.iter().map(|s| s.take_and_load("g".into()));
    let got = futures_util::future::join_all(takes).await;
    let mine = got.iter().filter(|t| matches!(t, Ok(Taken::Mine(..)))).count();
    let elsewhere = got.iter().filter(|t| matches!(t, Ok(Taken::Elsewhere(_)))).count();
    assert_eq!((mine, elsewhere), (1, 3), "{got:?}");
}

/// Instances started together over one new database: each migrates under
/// the advisory lock, the first makes the tables, the others find them.
#[test]
fn instances_started_together_migrate_once() {
    let db = testpg::database();
    let opened: Vec<_> = (0..4)
        .map(|_| {
            let db = db.clone();
            std::thread::spawn(move || Store::open_postgres(&db).map(|_| ()))
        })
        .collect();
    for o in opened {
        o.join().unwrap().unwrap();
    }
    assert_eq!(version_any(&db), SCHEMA_VERSION);
}

/// Issue 35: after a full disk the write-ahead log kept the size it had
/// grown to, so space freed was soon used up again. Now, once SQLite says
/// the disk is full, the log is checkpointed and emptied. The database is
/// made full with `max_page_count` (SQLite's same `SQLITE_FULL`).
#[tokio::test]
async fn after_a_full_disk_the_write_ahead_log_is_emptied() {
    let (_dir, path) = db();
    let store = Store::open(&path).unwrap();
    let wal = path.with_file_name("t.db-wal");
    let size = || std::fs::metadata(&wal).map_or(0, |m| m.len());
    for i in 0..20 {
        store.create_game(format!("g{i}"), 1, "x".repeat(500)).await.unwrap();
    }
    assert!(size() > 0, "the log holds the last writes");
    store
        .call(|c| {
            let pages = c.query_int("PRAGMA page_count", &[])?;
            c.query_opt(&format!("PRAGMA max_page_count = {pages}"), &[])?;
            Ok::<_, StoreError>(())
        })
        .await
        .unwrap();
    let mut full = None;
    for i in 0..10_000 {
        if let Err(e) = store.create_game(format!("h{i}"), 1, "y".repeat(2000)).await {
            full = Some(e);
            break;
        }
    }
    // SQLite rolls the batch back itself on SQLITE_FULL: the commit fails.
    full.expect("the database fills up");
    store.flush().await.unwrap();
    assert_eq!(size(), 0, "the log is emptied after the full disk");
    // What was stored before is still there.
    let n: i64 = store.call(|c| count(c, "games")).await.unwrap();
    assert!(n >= 20);
}
