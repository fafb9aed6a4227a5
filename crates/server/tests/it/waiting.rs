//! The waiting room of a table of people, the first clock and the time
//! reserve (issue 45, section 1). No test here measures time: what happened
//! before whom is read from the stored times of the actions and of the
//! start, and a clock is moved by rewriting stored times.

use crate::common;

use common::*;
use rusqlite::Connection;
use serde_json::{json, Value};
use std::path::Path;

/// The stored rows of a game: `(v, seat, intent, at)`.
fn rows(db: &Path, id: &str) -> Vec<(i64, Option<i64>, Value, i64)> {
    let c = Connection::open(db).unwrap();
    let mut s = c.prepare("SELECT v, seat, intent, at FROM actions WHERE game = ?1 ORDER BY v").unwrap();
    s.query_map([id], |r| Ok((r.get(0)?, r.get(1)?, serde_json::from_str(&r.get::<_, String>(2)?).unwrap(), r.get(3)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

/// The stored setup of a game, and whether it is marked finished.
fn stored(db: &Path, id: &str) -> (Value, bool) {
    let c = Connection::open(db).unwrap();
    let (setup, finished): (String, Option<i64>) =
        c.query_row("SELECT setup, finished FROM games WHERE id = ?1", [id], |r| Ok((r.get(0)?, r.get(1)?))).unwrap();
    (serde_json::from_str(&setup).unwrap(), finished.is_some())
}

fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64
}

/// A waiting table (`"wait": true`) of `seats`, live 30 s a move, seed 7.
async fn table(server: &triominos_server::Server, seats: Value) -> (String, Value) {
    let g = create(
        server,
        json!({"preset": "pressman", "seed": 7, "wait": true, "pace": {"kind": "live", "move_seconds": 30}, "seats": seats}),
    )
    .await;
    (g["id"].as_str().unwrap().to_string(), g)
}

fn snapshot(c: &Client) -> Value {
    let last = c.received.iter().rev().find(|m| m.contains("\"type\":\"snapshot\"")).unwrap();
    serde_json::from_str(last).unwrap()
}

/// Waits for the next snapshot (the waiting room changed).
async fn next_snapshot(c: &mut Client) -> Value {
    let s = c.recv_type("snapshot").await;
    c.absorb(&s);
    s
}

#[tokio::test]
async fn nothing_is_played_and_no_clock_runs_before_every_person_is_seated() {
    let db = temp_db();
    // Every turn would last 1 ms: under the old rule the clocks of the absent
    // people ran out, and the bot played, at once.
    let server = start_with(&db, |c| {
        c.test_move_ms = Some(1);
        c.reserve = std::time::Duration::ZERO;
    })
    .await;
    let seats = json!([{"kind": "bot", "level": "beginner", "name": "Clever"}, {"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]);
    let (id, g) = table(&server, seats).await;
    let mut ann = Client::connect(server.addr, &id, Some(&token_of(&g, 1))).await;
    let snap = snapshot(&ann);
    assert_eq!(snap["game"]["waiting"]["arrived"], json!([1]), "{snap}");
    assert_eq!(snap["game"]["waiting"]["host"], json!(1), "the first person made the table");
    assert_eq!(snap["clock"], Value::Null, "no clock while waiting");
    // Played while waiting: refused, nothing stored.
    let e = ann.act(json!({"kind": "draw"})).await.expect_err("waiting");
    assert_eq!(e["code"], "table_waiting");
    // A server restart keeps the waiting room (its state is stored) and plays nothing.
    server.stop().await;
    let server = start_with(&db, |c| {
        c.test_move_ms = Some(1);
        c.reserve = std::time::Duration::ZERO;
    })
    .await;
    let mut ann = Client::connect(server.addr, &id, Some(&token_of(&g, 1))).await;
    assert_eq!(snapshot(&ann)["game"]["waiting"]["arrived"], json!([1]));
    let before_bob = now_ms();
    let _bob = Client::connect(server.addr, &id, Some(&token_of(&g, 2))).await;
    // Everyone is here: the game starts (a fresh snapshot, no waiting room).
    loop {
        let s = next_snapshot(&mut ann).await;
        if s["game"].get("waiting").is_none() {
            break;
        }
    }
    until("the bot opens and the clocks act", || rows(&db, &id).len() >= 2).await;
    let (setup, _) = stored(&db, &id);
    let started = setup["started_ms"].as_i64().expect("the start is stored");
    assert!(started >= before_bob, "started when Bob sat down, not before");
    for (v, seat, intent, at) in rows(&db, &id) {
        assert!(at >= started, "action {v} of seat {seat:?} ({intent}) stored before the start");
    }
    assert_eq!(setup["arrived"], json!([1, 2]));
    server.stop().await;
}

#[tokio::test]
async fn the_first_clock_starts_with_the_game_and_the_reserve_is_spent_before_the_stand_in() {
    let db = temp_db();
    let server = start(&db).await;
    let seats = json!([{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]);
    let (id, g) = table(&server, seats).await;
    let ann = Client::connect(server.addr, &id, Some(&token_of(&g, 0))).await;
    let opener = ann.status["to_move"].as_u64().unwrap() as u8;
    let other = 1 - opener;
    let _bob = Client::connect(server.addr, &id, Some(&token_of(&g, 1))).await;
    drop(ann);
    let mut opener_c = Client::connect(server.addr, &id, Some(&token_of(&g, opener as usize))).await;
    let clock = &snapshot(&opener_c)["clock"];
    assert_eq!(clock["seat"], json!(opener));
    assert_eq!(clock["move_ms"], json!(30_000));
    assert_eq!(clock["reserve_ms"], json!(120_000), "the whole reserve: {clock}");
    let (setup, _) = stored(&db, &id);
    let started = setup["started_ms"].as_i64().unwrap();
    // The first turn counts from the start, not from the creation.
    assert!(setup["created"].as_i64().unwrap() * 1000 <= started);
    opener_c.act(opener_c.choose()).await.unwrap();
    drop(opener_c);
    server.stop().await;
    // The server down for 90 s: the other seat's 30 s are spent and 60 s of
    // its reserve; no stand-in (a hard cut at 30 s would have taken the seat).
    let c = Connection::open(&*db).unwrap();
    c.execute("UPDATE actions SET at = at - 90000 WHERE game = ?1", [&id]).unwrap();
    drop(c);
    let server = start(&db).await;
    let watcher = Client::connect(server.addr, &id, None).await;
    let clock = snapshot(&watcher)["clock"].clone();
    assert_eq!(clock["seat"], json!(other));
    assert_eq!(clock["remaining_ms"], json!(0), "the turn's own time is spent: {clock}");
    let reserve = clock["reserve_ms"].as_u64().unwrap();
    assert!(reserve > 0 && reserve <= 60_000, "the reserve is being spent: {clock}");
    assert_eq!(rows(&db, &id).len(), 1, "no stand-in while the reserve lasts");
    server.stop().await;
    // 61 s more: the reserve is spent too, the stand-in takes the seat.
    let c = Connection::open(&*db).unwrap();
    c.execute("UPDATE actions SET at = at - 61000 WHERE game = ?1", [&id]).unwrap();
    drop(c);
    let server = start(&db).await;
    until("the stand-in takes the seat", || rows(&db, &id).iter().any(|r| r.2["kind"] == "stand_in")).await;
    let r = rows(&db, &id);
    assert_eq!(r[1].2, json!({"kind": "stand_in", "seat": other}));
    assert!(r[1].3 >= r[0].3 + 150_000, "not before the turn's time and the reserve were spent");
    server.stop().await;
}

#[tokio::test]
async fn a_reserve_spent_in_one_turn_is_gone_in_the_next() {
    let db = temp_db();
    let server = start(&db).await;
    let seats = json!([{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]);
    let (id, g) = table(&server, seats).await;
    let probe = Client::connect(server.addr, &id, Some(&token_of(&g, 0))).await;
    let opener = probe.status["to_move"].as_u64().unwrap() as usize;
    drop(probe);
    let mut a = Client::connect(server.addr, &id, Some(&token_of(&g, opener))).await;
    let mut b = Client::connect(server.addr, &id, Some(&token_of(&g, 1 - opener))).await;
    a.act(a.choose()).await.unwrap();
    b.wait_version(1).await;
    // B's turn began 75 s ago: 45 s of its reserve are spent when it plays.
    let c = Connection::open(&*db).unwrap();
    c.execute("UPDATE actions SET at = at - 75000 WHERE game = ?1", [&id]).unwrap();
    drop(c);
    // The server replays the stored times at its restart.
    drop((a, b));
    server.stop().await;
    let server = start(&db).await;
    let mut a = Client::connect(server.addr, &id, Some(&token_of(&g, opener))).await;
    let mut b = Client::connect(server.addr, &id, Some(&token_of(&g, 1 - opener))).await;
    // B's whole turn (its draws too), then A's.
    b.wait_turn().await;
    while b.me["my_turn"] == true {
        b.act(b.choose()).await.unwrap();
    }
    a.wait_turn().await;
    while a.me["my_turn"] == true {
        a.act(a.choose()).await.unwrap();
    }
    b.wait_turn().await;
    let clock = b
        .received
        .iter()
        .rev()
        .filter_map(|m| serde_json::from_str::<Value>(m).ok())
        .find(|m| !m["clock"].is_null())
        .unwrap()["clock"]
        .clone();
    assert_eq!(clock["seat"], json!(1 - opener));
    let left = clock["reserve_ms"].as_u64().unwrap();
    assert!((70_000..=75_000).contains(&left), "120 s less the 45 s spent (the stored times): {clock}");
    server.stop().await;
}

#[tokio::test]
async fn the_creator_starts_anyway_and_a_late_person_takes_the_seat_back() {
    let db = temp_db();
    let server = start(&db).await;
    let seats =
        json!([{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}, {"kind": "human", "name": "Cy"}]);
    let (id, g) = table(&server, seats).await;
    let mut ann = Client::connect(server.addr, &id, Some(&token_of(&g, 0))).await;
    ann.send(json!({"type": "start"})).await;
    assert_eq!(ann.recv_type("error").await["code"], "nobody_arrived");
    let mut bob = Client::connect(server.addr, &id, Some(&token_of(&g, 1))).await;
    assert_eq!(next_snapshot(&mut ann).await["game"]["waiting"]["arrived"], json!([0, 1]));
    for m in [json!({"type": "start"}), json!({"type": "cancel"}), json!({"type": "give_seat", "seat": 2})] {
        bob.send(m).await;
        assert_eq!(bob.recv_type("error").await["code"], "not_host", "the creator's alone");
    }
    let mut watcher = Client::connect(server.addr, &id, None).await;
    watcher.send(json!({"type": "start"})).await;
    assert_eq!(watcher.recv_type("error").await["code"], "not_host");
    assert!(rows(&db, &id).is_empty());
    ann.send(json!({"type": "start"})).await;
    until("the stand-in takes Cy's seat", || {
        rows(&db, &id).iter().any(|r| r.2 == json!({"kind": "stand_in", "seat": 2}))
    })
    .await;
    let (setup, _) = stored(&db, &id);
    assert!(setup.get("waiting").is_none() && setup["started_ms"].is_i64());
    ann.send(json!({"type": "start"})).await;
    assert_eq!(ann.recv_type("error").await["code"], "not_waiting");
    // Cy opens her link: her seat is hers at once, no "play my seat again".
    let _cy = Client::connect(server.addr, &id, Some(&token_of(&g, 2))).await;
    until("Cy takes her seat", || {
        rows(&db, &id).iter().any(|r| r.1 == Some(2) && r.2 == json!({"kind": "back", "seat": 2}))
    })
    .await;
    server.stop().await;
}

#[tokio::test]
async fn the_creator_gives_a_seat_to_a_bot_and_cancels_a_table() {
    let db = temp_db();
    let server = start(&db).await;
    let seats = json!([{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}, {"kind": "bot", "level": "beginner"}]);
    let (id, g) = table(&server, seats.clone()).await;
    let mut ann = Client::connect(server.addr, &id, Some(&token_of(&g, 0))).await;
    for (seat, code) in [(0, "seat_taken"), (2, "seat_taken"), (7, "seat_taken")] {
        ann.send(json!({"type": "give_seat", "seat": seat})).await;
        assert_eq!(ann.recv_type("error").await["code"], code);
    }
    // Three asks at once, then one every 2 s: the fourth is refused, nothing changes.
    ann.send(json!({"type": "give_seat", "seat": 1})).await;
    let e = ann.recv_type("error").await;
    assert_eq!(e["code"], "table_busy");
    assert!(e["params"]["retry_after"].as_u64().unwrap() >= 1);
    assert_eq!(stored(&db, &id).0["seats"][1]["kind"], "human");
    // Another table: Ann gives Bob's seat to a bot.
    let (id, g) = table(&server, seats.clone()).await;
    let mut ann = Client::connect(server.addr, &id, Some(&token_of(&g, 0))).await;
    ann.send(json!({"type": "give_seat", "seat": 1})).await;
    // Ann is the only person left, and here: the game starts.
    let s = loop {
        let s = next_snapshot(&mut ann).await;
        if s["game"].get("waiting").is_none() {
            break s;
        }
    };
    assert_eq!(s["game"]["seats"][1]["kind"], "bot");
    assert_eq!(s["game"]["seats"][1]["level"], "casual", "the table's stand-in level");
    // Bob's link opens nothing now.
    let mut bob = Client::open(server.addr, &id).await;
    bob.send(json!({"type": "hello", "token": token_of(&g, 1)})).await;
    assert_eq!(bob.recv_type("error").await["code"], "bad_token");
    let (setup, _) = stored(&db, &id);
    assert_eq!(setup["seats"][1]["kind"], "bot");

    // Another table: Ann cancels it before anyone came.
    let (id2, g2) = table(&server, seats).await;
    let mut ann = Client::connect(server.addr, &id2, Some(&token_of(&g2, 0))).await;
    ann.send(json!({"type": "cancel"})).await;
    assert_eq!(ann.recv_type("cancelled").await["expired"], false);
    let (setup, finished) = stored(&db, &id2);
    assert!(finished && setup["cancelled"] == true);
    assert!(rows(&db, &id2).is_empty());
    let (_, list) = http(&server, "GET", "/api/games", None).await;
    assert!(!list.contains(&id2), "a cancelled table is not listed: {list}");
    let bob = Client::connect(server.addr, &id2, Some(&token_of(&g2, 1))).await;
    assert_eq!(snapshot(&bob)["game"]["cancelled"], true);
    server.stop().await;
}

#[tokio::test]
async fn a_table_nobody_fills_is_cancelled_after_its_wait() {
    let db = temp_db();
    let server = start(&db).await;
    let seats = json!([{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]);
    let (id, g) = table(&server, seats).await;
    let ann = Client::connect(server.addr, &id, Some(&token_of(&g, 0))).await;
    assert!(snapshot(&ann)["game"]["waiting"]["expires_in_s"].as_u64().unwrap() <= 3600);
    drop(ann);
    server.stop().await;
    // Made an hour and a minute ago (the server down meanwhile).
    let c = Connection::open(&*db).unwrap();
    c.execute("UPDATE games SET created = created - 3660 WHERE id = ?1", [&id]).unwrap();
    let setup: String = c.query_row("SELECT setup FROM games WHERE id = ?1", [&id], |r| r.get(0)).unwrap();
    let mut setup: Value = serde_json::from_str(&setup).unwrap();
    setup["created"] = json!(setup["created"].as_i64().unwrap() - 3660);
    c.execute("UPDATE games SET setup = ?2 WHERE id = ?1", [&id, &setup.to_string()]).unwrap();
    drop(c);
    let server = start(&db).await;
    until("the table is cleaned away", || stored(&db, &id).1).await;
    assert_eq!(stored(&db, &id).0["cancelled"], true);
    assert!(rows(&db, &id).is_empty());
    server.stop().await;
}
