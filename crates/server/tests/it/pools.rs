//! Meeting players (issue 47, section 2): the open tables and the "Play
//! now" pools, on both engines of the store; on PostgreSQL two instances
//! (two stores over one database) pairing at once. No test here measures
//! time: a wait is made by rewriting the stored times of an entry.

use crate::common;

use common::*;
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use triominos_server::pools::store::{self as pools, Caps, NewEntry};
use triominos_server::protocol::{Pace, PoolState};
use triominos_server::store::db::Val;
use triominos_server::store::{testpg, Store, StoreError};

/// A new database of each engine: `(folder kept while the test runs, --db)`.
fn engines() -> Vec<(Option<TempDb>, String)> {
    let file = temp_db();
    let path = file.to_string_lossy().into_owned();
    vec![(Some(file), path), (None, tokio::task::block_in_place(testpg::database))]
}

/// A server for the pools' tests: no cap on a client's entries (every
/// request of these tests comes from one client), no rate.
async fn server(db: &str) -> triominos_server::Server {
    start_with(Path::new(db), |c| {
        c.pool_entries_per_client = 0;
        c.pools_per_minute = 0;
    })
    .await
}

async fn call(s: &triominos_server::Server, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
    let body = body.map(|b| b.to_string());
    let (status, text) = http(s, method, path, body.as_deref()).await;
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

async fn enter(s: &triominos_server::Server, body: Value) -> Value {
    let (status, v) = call(s, "POST", "/api/pools", Some(body)).await;
    assert_eq!(status, 201, "{v}");
    v
}

async fn follow(s: &triominos_server::Server, entry: &Value) -> Value {
    let (status, v) = call(s, "GET", &format!("/api/pools/{}", entry["entry"].as_str().unwrap()), None).await;
    assert_eq!(status, 200, "{v}");
    v
}

/// The game and seat of a seated entry's link `/g/ID/TOKEN`.
fn game_of(entry: &Value) -> String {
    entry["link"].as_str().unwrap().split('/').nth(2).unwrap().to_string()
}

/// A stored game's setup.
async fn setup_of(s: &triominos_server::Server, id: &str) -> Value {
    let stored = s.state.store.load(id.to_string()).await.unwrap().unwrap();
    serde_json::from_str(&stored.setup).unwrap()
}

/// Rows of a count query on the server's store.
async fn count(s: &triominos_server::Server, sql: &'static str) -> i64 {
    s.state.store.call(move |c| c.query_int(sql, &[]).map_err(StoreError::from)).await.unwrap()
}

const TWO: &str = r#"{"preset": "pressman", "size": 2, "pace": {"kind": "live", "move_seconds": 60}}"#;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_entries_are_seated_once_at_one_table_that_waits_for_them() {
    for (_dir, db) in engines() {
        let s = server(&db).await;
        let pool: Value = serde_json::from_str(TWO).unwrap();
        let mut ann = pool.clone();
        ann["name"] = json!("Ann");
        let a = enter(&s, ann).await;
        assert_eq!(a["state"], "waiting", "{db}");
        assert!(a.get("link").is_none());
        // The partner's arrival seats both, in its own request.
        let mut bob = pool.clone();
        bob["name"] = json!("Bob");
        let b = enter(&s, bob).await;
        assert_eq!(b["state"], "seated", "{db}: {b}");
        let a = follow(&s, &a).await;
        assert_eq!(a["state"], "seated");
        let game = game_of(&a);
        assert_eq!(game_of(&b), game);
        assert_ne!(a["link"], b["link"]);
        // A table of people waiting for them, with its two people's seats.
        let setup = setup_of(&s, &game).await;
        assert_eq!(setup["waiting"], true);
        assert_eq!(setup["listed"], Value::Null, "a table of the pools is private");
        let names: Vec<&str> = setup["seats"].as_array().unwrap().iter().map(|x| x["name"].as_str().unwrap()).collect();
        assert_eq!(names, ["Ann", "Bob"]);
        assert!(setup["seats"].as_array().unwrap().iter().all(|x| x["kind"] == "human"));
        assert_eq!(setup["pace"], json!({"kind": "live", "move_seconds": 60}));
        // Followed again: the same seat, no second table.
        assert_eq!(follow(&s, &a).await["link"], a["link"]);
        assert_eq!(follow(&s, &b).await["link"], b["link"]);
        assert_eq!(count(&s, "SELECT count(*) FROM games").await, 1);
        // Each link opens its seat: both seated, the game starts.
        let tokens: Vec<String> =
            [&a, &b].iter().map(|e| e["link"].as_str().unwrap().rsplit('/').next().unwrap().to_string()).collect();
        let _ca = Client::connect(s.addr, &game, Some(&tokens[0])).await;
        let _cb = Client::connect(s.addr, &game, Some(&tokens[1])).await;
        until_room(&s.state, &game, "the table's people seated", |r| !r.is_waiting()).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_entries_for_tables_of_two_one_waits_and_one_who_leaves_is_out() {
    for (_dir, db) in engines() {
        let s = server(&db).await;
        let pool: Value = serde_json::from_str(TWO).unwrap();
        let a = enter(&s, pool.clone()).await;
        let b = enter(&s, pool.clone()).await;
        let c = enter(&s, pool.clone()).await;
        assert_eq!(follow(&s, &a).await["state"], "seated", "{db}");
        assert_eq!(b["state"], "seated");
        let c = follow(&s, &c).await;
        assert_eq!(c["state"], "waiting", "{db}: the third waits");
        // Another pool (another size) is not this one.
        let mut three = pool.clone();
        three["size"] = json!(3);
        assert_eq!(enter(&s, three).await["state"], "waiting");
        // The third leaves: out, and the next one waits alone.
        let (status, left) =
            call(&s, "POST", &format!("/api/pools/{}/leave", c["entry"].as_str().unwrap()), None).await;
        assert_eq!((status, left["state"].as_str()), (200, Some("left")), "{left}");
        assert_eq!(follow(&s, &c).await["state"], "left");
        let d = enter(&s, pool.clone()).await;
        assert_eq!(d["state"], "waiting", "{db}: nobody left to sit with");
        assert_eq!(count(&s, "SELECT count(*) FROM games").await, 1);
        // A seated entry that leaves keeps its seat.
        let (_, kept) = call(&s, "POST", &format!("/api/pools/{}/leave", b["entry"].as_str().unwrap()), None).await;
        assert_eq!(kept["state"], "seated");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_entry_not_heard_of_is_out_and_bots_fill_a_table_once_its_wait_is_over() {
    for (_dir, db) in engines() {
        let s = server(&db).await;
        let mut pool: Value = serde_json::from_str(TWO).unwrap();
        pool["size"] = json!(3);
        // Gone without a word: its page stopped asking 76 s ago.
        let gone = enter(&s, pool.clone()).await;
        let id = gone["entry"].as_str().unwrap().to_string();
        let past = triominos_server::store::now_ms() - triominos_server::pools::STALE_MS - 1000;
        s.state
            .store
            .call(move |c| {
                c.execute("UPDATE pool_entries SET seen = ?2 WHERE id = ?1", &[Val::from(&id), Val::from(past)])
                    .map_err(StoreError::from)
            })
            .await
            .unwrap();
        let mut bots = pool.clone();
        bots["bots_after_s"] = json!(5);
        bots["name"] = json!("Cy");
        let e = enter(&s, bots).await;
        assert_eq!(e["state"], "waiting", "{db}: no partner, the bots' time not come");
        assert_eq!(follow(&s, &gone).await["state"], "left", "{db}");
        // Its 5 s gone by (written in its row, not waited for): a table with bots.
        let id = e["entry"].as_str().unwrap().to_string();
        s.state
            .store
            .call(move |c| {
                c.execute("UPDATE pool_entries SET entered = entered - 6000 WHERE id = ?1", &[Val::from(&id)])
                    .map_err(StoreError::from)
            })
            .await
            .unwrap();
        // And the pool last paired long ago (a poll pairs it at most every 250 ms).
        s.state
            .store
            .call(|c| c.execute("UPDATE pool_pairing SET at = at - 1000", &[]).map_err(StoreError::from))
            .await
            .unwrap();
        let e = follow(&s, &e).await;
        assert_eq!(e["state"], "seated", "{db}: {e}");
        let setup = setup_of(&s, &game_of(&e)).await;
        let kinds: Vec<&str> = setup["seats"].as_array().unwrap().iter().map(|x| x["kind"].as_str().unwrap()).collect();
        assert_eq!(kinds, ["human", "bot", "bot"]);
        assert_eq!(setup["waiting"], Value::Null, "a person alone with bots starts at once");
        assert!(setup["started_ms"].is_i64());
        assert_eq!(count(&s, "SELECT count(*) FROM games").await, 1);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pools_refuse_what_they_do_not_offer_and_a_second_entry_of_a_client_changing_nothing() {
    for (_dir, db) in engines() {
        let s = start_with(Path::new(&db), |c| c.pools_per_minute = 0).await;
        let bad = [
            json!({"preset": "pressman", "size": 5}),
            json!({"preset": "pressman", "size": 1}),
            json!({"preset": "nope", "size": 2}),
            json!({"preset": "pressman", "size": 2, "pace": {"kind": "live", "move_seconds": 7}}),
            json!({"preset": "pressman", "size": 2, "bots_after_s": 1}),
            json!({"preset": "pressman", "size": 2, "bots_after_s": 100000}),
        ];
        for b in bad {
            let (status, v) = call(&s, "POST", "/api/pools", Some(b.clone())).await;
            assert_eq!((status, v["code"].as_str()), (400, Some("bad_pool")), "{db} {b}: {v}");
        }
        let (status, v) =
            call(&s, "POST", "/api/pools", Some(json!({"preset": "pressman", "size": 2, "name": "a\u{7}b"}))).await;
        assert_eq!((status, v["code"].as_str()), (400, Some("bad_name")), "{v}");
        let (status, v) = call(&s, "POST", "/api/pools", Some(json!({"size": 2}))).await;
        assert_eq!((status, v["code"].as_str()), (400, Some("bad_json")), "{v}");
        assert_eq!(count(&s, "SELECT count(*) FROM pool_entries").await, 0);
        // One entry a client at a time (the default).
        let first = enter(&s, json!({"preset": "pressman", "size": 3})).await;
        let (status, v) = call(&s, "POST", "/api/pools", Some(json!({"preset": "pressman", "size": 2}))).await;
        assert_eq!((status, v["code"].as_str(), v["params"]["max"].as_u64()), (429, Some("already_waiting"), Some(1)));
        assert_eq!(count(&s, "SELECT count(*) FROM pool_entries").await, 1);
        // Once it left, the client may enter again.
        call(&s, "POST", &format!("/api/pools/{}/leave", first["entry"].as_str().unwrap()), None).await;
        enter(&s, json!({"preset": "pressman", "size": 2})).await;
        // An entry nobody holds.
        for id in ["0123456789abcdef0123456789abcdef", "short", "../x"] {
            let (status, v) = call(&s, "GET", &format!("/api/pools/{id}"), None).await;
            assert!(status == 404, "{id}: {status} {v}");
            let (status, _) = call(&s, "POST", &format!("/api/pools/{id}/leave"), None).await;
            assert_eq!(status, 404, "{id}");
        }
    }
}

#[tokio::test]
async fn a_client_asking_the_pools_too_fast_is_refused_with_the_wait() {
    let db = temp_db();
    let s = start_with(&db, |c| c.pools_per_minute = 3).await;
    for _ in 0..3 {
        assert_eq!(call(&s, "GET", "/api/tables", None).await.0, 200);
    }
    let (status, v) = call(&s, "POST", "/api/pools", Some(json!({"preset": "pressman", "size": 2}))).await;
    assert_eq!((status, v["code"].as_str()), (429, Some("pools_too_fast")), "{v}");
    assert_eq!(v["params"]["retry_after"], 20);
    assert_eq!(count(&s, "SELECT count(*) FROM pool_entries").await, 0);
}

/// A public (listed) table of `people` people waiting for them.
async fn table(s: &triominos_server::Server, people: usize, listed: bool) -> Value {
    let seats: Vec<Value> = (0..people).map(|i| json!({"kind": "human", "name": format!("P{i}")})).collect();
    create(s, json!({"preset": "pressman", "wait": true, "listed": listed, "seats": seats})).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_public_table_is_listed_without_its_links_and_joined_in_one_click() {
    for (_dir, db) in engines() {
        let s = server(&db).await;
        let private = table(&s, 2, false).await;
        let open = table(&s, 3, true).await;
        let (status, list) = call(&s, "GET", "/api/tables", None).await;
        assert_eq!(status, 200);
        let tables = list["tables"].as_array().unwrap();
        assert_eq!(tables.len(), 1, "{db}: only the public table: {list}");
        let t = &tables[0];
        assert_eq!(t["id"], open["id"]);
        assert_eq!((t["size"].as_u64(), t["free"].as_u64()), (Some(3), Some(2)), "the host's seat is not free");
        assert_eq!(t["seated"], json!([]));
        // Nothing hidden: no seat's token, no seed.
        let text = list.to_string();
        for created in [&open, &private] {
            for seat in 0..created["seats"].as_array().unwrap().len() {
                assert!(!text.contains(&token_of(created, seat)), "a token in the list: {text}");
            }
        }
        assert!(!text.contains("seed"), "{text}");
        // The host sits down: named in the list.
        let id = open["id"].as_str().unwrap();
        let _host = Client::connect(s.addr, id, Some(&token_of(&open, 0))).await;
        until_room(&s.state, id, "the host's arrival stored", |r| r.setup.arrived.contains(0)).await;
        let (_, list) = call(&s, "GET", "/api/tables", None).await;
        assert_eq!(list["tables"][0]["seated"], json!(["P0"]), "{db}");
        // Join: a free seat's link, held; then the other; then none.
        let (status, j1) = call(&s, "POST", &format!("/api/tables/{id}/join"), None).await;
        assert_eq!(status, 200, "{j1}");
        assert_eq!(j1["link"], open["seats"][1]["link"]);
        let (_, list) = call(&s, "GET", "/api/tables", None).await;
        assert_eq!(list["tables"][0]["free"], 1);
        let (_, j2) = call(&s, "POST", &format!("/api/tables/{id}/join"), None).await;
        assert_eq!(j2["link"], open["seats"][2]["link"]);
        let (_, list) = call(&s, "GET", "/api/tables", None).await;
        assert_eq!(list["tables"], json!([]), "{db}: a full table is not listed");
        let (status, v) = call(&s, "POST", &format!("/api/tables/{id}/join"), None).await;
        assert_eq!((status, v["code"].as_str()), (429, Some("too_many_claims")), "{v}");
        // Another client's claims are its own (the store's function, another client).
        let oid = id.to_string();
        let r = s.state.store.call(move |c| pools::join(c, &oid, "10.0.0.9", triominos_server::store::now_ms())).await;
        assert!(matches!(r, Err(pools::PoolError::Refused(triominos_server::protocol::Refused::TableFull))), "{r:?}");
        // A private table, or one that is not there, cannot be joined.
        for other in [private["id"].as_str().unwrap(), "nothere"] {
            let o = other.to_string();
            let r =
                s.state.store.call(move |c| pools::join(c, &o, "10.0.0.9", triominos_server::store::now_ms())).await;
            assert!(
                matches!(r, Err(pools::PoolError::Refused(triominos_server::protocol::Refused::TableClosed))),
                "{r:?}"
            );
        }
        // The joined links open their seats: everyone here, the game starts, unlisted.
        let t1 = j1["link"].as_str().unwrap().rsplit('/').next().unwrap().to_string();
        let t2 = j2["link"].as_str().unwrap().rsplit('/').next().unwrap().to_string();
        let _c1 = Client::connect(s.addr, id, Some(&t1)).await;
        let _c2 = Client::connect(s.addr, id, Some(&t2)).await;
        until_room(&s.state, id, "the table started", |r| !r.is_waiting()).await;
    }
}

#[tokio::test]
async fn the_list_of_open_tables_is_a_bounded_page() {
    let db = temp_db();
    let s = start_with(&db, |c| {
        c.pools_per_minute = 0;
        c.max_games_per_client = 0;
        c.create_per_minute = 0;
    })
    .await;
    for _ in 0..triominos_server::pools::PAGE + 5 {
        table(&s, 2, true).await;
    }
    let (_, list) = call(&s, "GET", "/api/tables?limit=1000", None).await;
    assert_eq!(list["tables"].as_array().unwrap().len(), triominos_server::pools::PAGE as usize);
    let (_, list) = call(&s, "GET", "/api/tables?limit=3", None).await;
    assert_eq!(list["tables"].as_array().unwrap().len(), 3);
}

/// Two instances (two stores over one PostgreSQL) enter and follow 40
/// people of one pool at once: every table formed holds two of them, and
/// nobody is seated twice.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn nobody_is_seated_twice_when_two_instances_pair_one_pool_at_once() {
    let db = tokio::task::block_in_place(testpg::database);
    let stores: Vec<Store> = (0..2).map(|_| tokio::task::block_in_place(|| Store::open_any(&db)).unwrap()).collect();
    let caps = Caps { entries_per_client: 0, max_games: 0 };
    let ids: Vec<String> = (0..40).map(|i| format!("{i:032x}")).collect();
    let mut tasks = Vec::new();
    for (i, id) in ids.iter().enumerate() {
        let store = stores[i % 2].clone();
        let e = NewEntry {
            id: id.clone(),
            preset: "pressman".into(),
            pace: Pace::Untimed,
            size: 2,
            client: format!("10.0.0.{i}"),
            name: String::new(),
            account: None,
            rating: None,
            bots_after_ms: None,
        };
        tasks.push(tokio::spawn(async move {
            store.call(move |c| pools::enter(c, &e, triominos_server::store::now_ms(), caps)).await
        }));
    }
    for t in tasks {
        t.await.unwrap().unwrap();
    }
    // Each follows its entry from the instance it talks to, at once, until all are seated.
    for _round in 0..20 {
        // Each round a new pairing is due (a poll pairs a pool at most every 250 ms).
        testpg::sql(&db, "UPDATE pool_pairing SET at = 0");
        let mut tasks = Vec::new();
        for (i, id) in ids.iter().enumerate() {
            let (store, id) = (stores[(i + 1) % 2].clone(), id.clone());
            tasks.push(tokio::spawn(async move {
                store.call(move |c| pools::poll(c, &id, triominos_server::store::now_ms(), caps)).await
            }));
        }
        let mut waiting = 0;
        for t in tasks {
            let (e, _) = t.await.unwrap().unwrap();
            waiting += usize::from(e.state == PoolState::Waiting);
        }
        if waiting == 0 {
            break;
        }
    }
    let rows = testpg::sql(&db, "SELECT id, game, seat, state FROM pool_entries");
    let mut tables: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for r in &rows {
        assert_eq!(r[3].as_deref(), Some("seated"), "{r:?}");
        tables.entry(r[1].clone().unwrap()).or_default().insert(r[2].clone().unwrap());
    }
    assert_eq!(rows.len(), 40);
    assert_eq!(tables.len(), 20, "{tables:?}");
    assert!(tables.values().all(|seats| seats.len() == 2), "{tables:?}");
    let games = testpg::sql(&db, "SELECT count(*) FROM games");
    assert_eq!(games[0][0].as_deref(), Some("20"));
}
