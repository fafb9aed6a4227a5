//! The turn clock, the stand-in bot, taking the seat back and resigning
//! (issue 32: no table waits for ever). No test here measures time: a
//! deadline is moved by rewriting the stored times, and the tests wait for
//! what the server stores or sends.

use crate::common;

use common::*;
use rusqlite::Connection;
use serde_json::{json, Value};
use std::path::Path;
use triominos_bots::levels;
use triominos_server::game::play::Asker;
use triominos_server::protocol::Intent;
use triominos_server::Server;

/// A table of `n` people, of `pace`, with seed 7.
async fn people(server: &Server, n: usize, pace: Value) -> (String, Vec<String>) {
    let seats: Vec<Value> = (0..n).map(|i| json!({"kind": "human", "name": format!("P{i}")})).collect();
    let g =
        create(server, json!({"preset": "pressman", "seats": seats, "seed": 7, "pace": pace, "listed": true})).await;
    let id = g["id"].as_str().unwrap().to_string();
    (id.clone(), (0..n).map(|i| token_of(&g, i)).collect())
}

/// The stored rows of a game: `(v, seat, intent, at)`.
fn rows(db: &Path, id: &str) -> Vec<(i64, Option<i64>, Value, Option<i64>)> {
    let c = Connection::open(db).unwrap();
    let mut s = c.prepare("SELECT v, seat, intent, at FROM actions WHERE game = ?1 ORDER BY v").unwrap();
    s.query_map([id], |r| Ok((r.get(0)?, r.get(1)?, serde_json::from_str(&r.get::<_, String>(2)?).unwrap(), r.get(3)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

/// Moves every stored time of a game `ms` milliseconds into the past (the
/// server down for that long).
fn age(db: &Path, id: &str, ms: i64) {
    let c = Connection::open(db).unwrap();
    c.execute("UPDATE actions SET at = at - ?2 WHERE game = ?1", rusqlite::params![id, ms]).unwrap();
}

/// Every player of a game makes its first move (the opener opens), so the
/// turn clock then counts from a stored action.
async fn open_the_round(server: &Server, id: &str, tokens: &[String]) -> (u8, u8) {
    let mut probe = Client::connect(server.addr, id, Some(&tokens[0])).await;
    let opener = probe.status["to_move"].as_u64().unwrap() as u8;
    let mut c = Client::connect(server.addr, id, Some(&tokens[opener as usize])).await;
    c.act(c.choose()).await.unwrap();
    probe.wait_version(1).await;
    (opener, probe.status["to_move"].as_u64().unwrap() as u8)
}

#[tokio::test]
async fn a_clock_that_ran_out_while_the_server_was_down_ends_the_turn_at_the_restart() {
    let db = temp_db();
    let server = start(&db).await;
    let (id, tokens) = people(&server, 3, json!({"kind": "live", "move_seconds": 30})).await;
    let (_, next) = open_the_round(&server, &id, &tokens).await;
    server.stop().await;
    let before = rows(&db, &id);
    assert_eq!(before.len(), 1);
    let began = before[0].3.expect("the action's time is stored");
    // Down for three minutes: the 30 s of the next seat and its reserve of
    // 2 minutes ran out meanwhile.
    age(&db, &id, 180_000);
    let server = start(&db).await;
    // Nobody connects: the restart finds the deadline past and acts at once.
    until("the stand-in takes the seat and plays", || rows(&db, &id).len() >= 3).await;
    let after = rows(&db, &id);
    assert_eq!(after[1].1, None, "the server's intent");
    assert_eq!(after[1].2, json!({"kind": "stand_in", "seat": next}));
    assert!(after[1].3.unwrap() >= began - 180_000 + 150_000, "not before the deadline");
    assert_eq!(after[2].1, Some(next as i64), "the stand-in plays for the seat");
    let mut watcher = Client::connect(server.addr, &id, None).await;
    watcher.wait_version(2).await;
    assert!(watcher.status["stand_in"].as_array().unwrap().contains(&json!(next)), "{}", watcher.status);
    server.stop().await;
}

#[tokio::test]
async fn a_clock_not_yet_out_at_the_restart_counts_from_the_stored_time() {
    let db = temp_db();
    let server = start(&db).await;
    let (id, tokens) = people(&server, 2, json!({"kind": "live", "move_seconds": 120})).await;
    let (_, next) = open_the_round(&server, &id, &tokens).await;
    server.stop().await;
    // 100 s of the 120 gone while the server was down.
    age(&db, &id, 100_000);
    let server = start(&db).await;
    let c = Client::connect(server.addr, &id, Some(&tokens[next as usize])).await;
    let snap: Value = serde_json::from_str(c.received.iter().find(|m| m.contains("\"snapshot\"")).unwrap()).unwrap();
    assert_eq!(snap["clock"]["seat"], json!(next));
    assert_eq!(snap["clock"]["move_ms"], json!(120_000));
    let left = snap["clock"]["remaining_ms"].as_u64().unwrap();
    assert!(left <= 20_000, "counted from the stored time, not from the restart: {left} ms left");
    assert_eq!(snap["v"], json!(1));
    server.stop().await;
}

#[tokio::test]
async fn an_untimed_table_has_no_clock_and_a_bad_pace_is_refused() {
    let db = temp_db();
    let server = start(&db).await;
    let (id, tokens) = people(&server, 2, json!({"kind": "untimed"})).await;
    let c = Client::connect(server.addr, &id, Some(&tokens[0])).await;
    let snap: Value = serde_json::from_str(&c.received[0]).unwrap();
    assert_eq!(snap["clock"], Value::Null);
    assert_eq!(snap["game"]["pace"], json!({"kind": "untimed"}));
    for pace in [json!({"kind": "live", "move_seconds": 5}), json!({"kind": "slow", "move_seconds": 60})] {
        let req = json!({"preset": "pressman", "seats": [{"kind": "human"}, {"kind": "human"}], "pace": pace});
        let (status, body) = http(&server, "POST", "/api/games", Some(&req.to_string())).await;
        assert_eq!((status, serde_json::from_str::<Value>(&body).unwrap()["code"].clone()), (400, json!("bad_pace")));
    }
    server.stop().await;
}

#[tokio::test]
async fn short_clocks_stand_in_and_the_person_takes_the_seat_back() {
    let db = temp_db();
    // Every turn of a person lasts 150 ms; the bots take their time, so the
    // game is still on when Ann comes back.
    let server = start_with(&db, |c| {
        c.test_move_ms = Some(150);
        c.reserve = std::time::Duration::ZERO;
        c.bot_delay = std::time::Duration::from_millis(300);
    })
    .await;
    let g = create(
        &server,
        json!({"preset": "pressman", "seed": 3, "pace": {"kind": "live", "move_seconds": 60},
               "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "beginner"}]}),
    )
    .await;
    let id = g["id"].as_str().unwrap();
    // Ann is away: her clock runs out, the stand-in plays her seat, turn after turn.
    let mut watcher = Client::connect(server.addr, id, None).await;
    while rows(&db, id).iter().filter(|r| r.1 == Some(0)).count() < 2 {
        let m = watcher.recv().await;
        watcher.absorb(&m);
    }
    let all = rows(&db, id);
    assert_eq!(all.iter().filter(|r| r.2["kind"] == "stand_in").count(), 1, "stood in once");
    // Ann opens her link for the first time: that takes her seat (issue 45).
    let ann = Client::connect(server.addr, id, Some(&token_of(&g, 0))).await;
    until("her first visit takes the seat", || rows(&db, id).iter().any(|r| r.1 == Some(0) && r.2["kind"] == "back"))
        .await;
    drop(ann);
    // She leaves again: her short clock runs out, the stand-in plays again.
    until("stood in again", || rows(&db, id).iter().filter(|r| r.2["kind"] == "stand_in").count() >= 2).await;
    // Ann comes back: she may not play over the stand-in, she takes the seat back.
    let mut ann = Client::connect(server.addr, id, Some(&token_of(&g, 0))).await;
    ann.wait_turn().await;
    if ann.status["phase"] == "playing" {
        let e = ann.act(ann.choose()).await.expect_err("the stand-in plays");
        assert_eq!(e["code"], "stand_in_playing");
    }
    let e = ann.act(json!({"kind": "stand_in", "seat": 0})).await.expect_err("server only");
    assert_eq!(e["code"], "not_yours");
    let e = ann.act(json!({"kind": "back", "seat": 1})).await.expect_err("her own seat only");
    assert_eq!(e["code"], "not_yours");
    // The back may race the stand-in's move: what matters is that it is taken.
    let v = ann.act(json!({"kind": "back", "seat": 0})).await.unwrap();
    let back = rows(&db, id).into_iter().find(|r| r.0 == v as i64).unwrap();
    assert_eq!((back.1, &back.2["kind"], &back.2["seat"]), (Some(0), &json!("back"), &json!(0)));
    server.stop().await;
}

#[tokio::test]
async fn the_rule_timer_times_the_seat_out() {
    let db = temp_db();
    let server = start(&db).await;
    let g = create(
        &server,
        json!({"preset": "pressman", "seed": 5, "options": {"timer": "30"},
               "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]}),
    )
    .await;
    let id = g["id"].as_str().unwrap().to_string();
    let tokens = vec![token_of(&g, 0), token_of(&g, 1)];
    let (_, next) = open_the_round(&server, &id, &tokens).await;
    // Bob is connected when his time runs out: the referee's timeout, no stand-in.
    let mut bob = Client::connect(server.addr, &id, Some(&tokens[next as usize])).await;
    let room = server.state.game(&id).await.unwrap();
    let v = room.submit(None, Intent::TimeOut { seat: next }, Asker::default()).await.unwrap();
    bob.wait_version(v).await;
    let last = rows(&db, &id).pop().unwrap();
    assert_eq!(last.2, json!({"kind": "time_out", "seat": next}));
    let sent: Vec<Value> = bob.received.iter().map(|m| serde_json::from_str(m).unwrap()).collect();
    let timed = sent.iter().flat_map(|m| m["deltas"].as_array().cloned().unwrap_or_default()).find(|d| d["v"] == v);
    let timed = timed.unwrap();
    assert_eq!(timed["action"], json!({"kind": "time_out", "seat": next}));
    assert_eq!(timed["events"][0]["type"], "timed_out");
    assert!(bob.status.get("stand_in").is_none());
    server.stop().await;
}

#[tokio::test]
async fn resigning_with_two_players_ends_the_game_and_the_record_says_so() {
    let db = temp_db();
    let server = start(&db).await;
    let (id, tokens) = people(&server, 2, json!({"kind": "live", "move_seconds": 60})).await;
    let mut a = Client::connect(server.addr, &id, Some(&tokens[0])).await;
    let e = a.act(json!({"kind": "resign", "seat": 1})).await.expect_err("not hers");
    assert_eq!(e["code"], "not_yours");
    a.act(json!({"kind": "resign", "seat": 0})).await.unwrap();
    assert_eq!(a.status["phase"], "game_over");
    assert_eq!(a.status["winners"], json!([1]));
    assert_eq!(a.status["resigned"], json!([0]));
    let e = a.act(json!({"kind": "back", "seat": 0})).await.expect_err("over");
    assert_eq!(e["code"], "game_over");
    let (status, record) = http(&server, "GET", &format!("/api/games/{id}/record.tri"), None).await;
    assert_eq!(status, 200, "{record}");
    assert!(record.contains("[Forfeit \"P0\" \"resigned\"]"), "{record}");
    assert!(record.contains("# P0 forfeits: resigned"), "{record}");
    let (_, list) = http(&server, "GET", "/api/games", None).await;
    let list: Value = serde_json::from_str(&list).unwrap();
    assert_eq!(list["games"][0]["summary"]["winners"], json!([1]));
    // After a restart the game is over the same way.
    server.stop().await;
    let server = start(&db).await;
    let (_, info) = http(&server, "GET", &format!("/api/games/{id}"), None).await;
    let info: Value = serde_json::from_str(&info).unwrap();
    assert_eq!((info["status"]["phase"].clone(), info["status"]["winners"].clone()), (json!("game_over"), json!([1])));
    server.stop().await;
}

/// Issue 45: two resignations at one table, and the record held only one
/// `[Forfeit]`. Every resignation is written, in seat order.
#[tokio::test]
async fn two_resignations_at_one_table_are_both_in_the_record() {
    let db = temp_db();
    let server = start(&db).await;
    let (id, tokens) = people(&server, 3, json!({"kind": "live", "move_seconds": 60})).await;
    let mut c = Client::connect(server.addr, &id, Some(&tokens[2])).await;
    c.act(json!({"kind": "resign", "seat": 2})).await.unwrap();
    assert_eq!(c.status["phase"], "playing", "two people are left");
    let mut a = Client::connect(server.addr, &id, Some(&tokens[0])).await;
    a.act(json!({"kind": "resign", "seat": 0})).await.unwrap();
    assert_eq!(a.status["phase"], "game_over");
    assert_eq!(a.status["resigned"], json!([0, 2]));
    let (status, record) = http(&server, "GET", &format!("/api/games/{id}/record.tri"), None).await;
    assert_eq!(status, 200, "{record}");
    let forfeits: Vec<&str> = record.lines().filter(|l| l.starts_with("[Forfeit ")).collect();
    assert_eq!(forfeits, ["[Forfeit \"P0\" \"resigned\"]", "[Forfeit \"P2\" \"resigned\"]"], "{record}");
    assert!(record.contains("# P0 forfeits: resigned\n# P2 forfeits: resigned"), "{record}");
    // The record reads back, every header kept.
    let replayed = triominos_core::record::replay(&record).unwrap();
    assert_eq!(replayed.tags.iter().filter(|(k, _)| k == "Forfeit").count(), 2);
    server.stop().await;
}

#[tokio::test]
async fn resigning_at_a_table_of_three_leaves_the_seat_to_the_stand_in_and_it_cannot_win() {
    let db = temp_db();
    let server = start(&db).await;
    let g = create(
        &server,
        json!({"preset": "pressman", "seed": 11, "options": {"target": "50"},
               "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"},
                         {"kind": "bot", "level": "beginner"}]}),
    )
    .await;
    let id = g["id"].as_str().unwrap().to_string();
    let mut ann = Client::connect(server.addr, &id, Some(&token_of(&g, 0))).await;
    let mut bob = Client::connect(server.addr, &id, Some(&token_of(&g, 1))).await;
    ann.act(json!({"kind": "resign", "seat": 0})).await.unwrap();
    assert_eq!(ann.status["phase"], "playing");
    assert_eq!((ann.status["resigned"].clone(), ann.status["stand_in"].clone()), (json!([0]), json!([0])));
    let e = ann.act(json!({"kind": "back", "seat": 0})).await.expect_err("resigned");
    assert_eq!(e["code"], "resigned");
    // Bob plays on with the bots to the end (next rounds too).
    loop {
        bob.wait_turn().await;
        match bob.status["phase"].as_str().unwrap() {
            "game_over" => break,
            "round_over" => {
                let _ = bob.act(json!({"kind": "next_round"})).await;
            }
            _ => {
                bob.act(bob.choose()).await.unwrap();
            }
        }
    }
    let winners = bob.status["winners"].as_array().unwrap().clone();
    assert!(!winners.is_empty() && !winners.contains(&json!(0)), "{}", bob.status);
    let (_, record) = http(&server, "GET", &format!("/api/games/{id}/record.tri"), None).await;
    assert!(record.contains("[Forfeit \"Ann\" \"resigned\"]"), "{record}");
    server.stop().await;
}

#[tokio::test]
async fn a_stand_in_tells_the_other_seats_nothing_more() {
    let db = temp_db();
    let server = start(&db).await;
    let (id, tokens) = people(&server, 2, json!({"kind": "live", "move_seconds": 60})).await;
    let mut a = Client::connect(server.addr, &id, Some(&tokens[0])).await;
    let mut b = Client::connect(server.addr, &id, Some(&tokens[1])).await;
    let opener = a.status["to_move"].as_u64().unwrap() as u8;
    let other = 1 - opener;
    let room = server.state.game(&id).await.unwrap();
    let v = room.submit(None, Intent::StandIn { seat: opener }, Asker::default()).await.unwrap();
    // The stand-in opens for the opener.
    let watcher = if opener == 0 { &mut b } else { &mut a };
    watcher.wait_version(v + 1).await;
    for text in &watcher.received {
        let m: Value = serde_json::from_str(text).unwrap();
        // A seat's own view only; no hand, pool or seed of another seat anywhere.
        if !m["me"].is_null() {
            assert_eq!(m["me"]["seat"], json!(other), "{text}");
        }
        assert!(!text.contains("\"seed\""), "{text}");
        for d in m["deltas"].as_array().into_iter().flatten() {
            if d["action"]["kind"] == "draw" {
                assert!(d["action"].get("tile").is_none(), "{d}");
            }
        }
    }
    server.stop().await;
}

#[test]
fn the_stand_in_decides_from_the_seats_observation_only() {
    // Two games that differ only in what the seat cannot see (the others'
    // hands and the pool): the stand-in's decisions are the same.
    let rules = triominos_core::RuleSet::preset("pressman").unwrap();
    let game = triominos_core::Game::new(rules, 3, 21).unwrap();
    let seat = game.to_move();
    let mut rng = triominos_core::rng::seeded(99);
    let other = game.observe(seat).determinize(&mut rng);
    let hidden =
        |g: &triominos_core::Game| (0..3u8).filter(|s| *s != seat).map(|s| g.hand(s).unwrap()).collect::<Vec<_>>();
    assert_eq!(other.hand(seat).unwrap(), game.hand(seat).unwrap());
    assert_ne!(hidden(&other), hidden(&game), "the hidden tiles differ");
    let level = levels::named("casual").unwrap();
    let choose = |g: &triominos_core::Game| {
        let mut bot = level.make(17, false).unwrap();
        let mut g = g.clone();
        let mut actions = Vec::new();
        // The seat's whole opening turn.
        while g.to_move() == seat && actions.len() < 4 && !g.is_round_over() {
            let a = bot.choose(&g.observe(seat));
            actions.push(a);
            g.play(a).unwrap();
        }
        actions
    };
    assert_eq!(choose(&game), choose(&other));
}

/// When the game was created, in milliseconds since 1970 (the clock of its
/// first turn counts from it).
/// When a game's first turn's clock started: its stored start (issue 45),
/// else its creation.
fn created_ms(db: &Path, id: &str) -> i64 {
    let c = Connection::open(db).unwrap();
    let (created, setup): (i64, String) =
        c.query_row("SELECT created, setup FROM games WHERE id = ?1", [id], |r| Ok((r.get(0)?, r.get(1)?))).unwrap();
    let setup: Value = serde_json::from_str(&setup).unwrap();
    setup["started_ms"].as_i64().unwrap_or(created * 1000)
}

/// Whether a log line of this game says `what`.
fn logged(id: &str, what: &str) -> bool {
    logs().iter().any(|l| l.contains(what) && l.contains(id))
}

/// Issue 37 (32's leftover): a slow table nobody is at leaves memory and
/// sleeps; a sweep before its clock runs out it is loaded again, and the
/// clock acts as it would have in memory: its twin (same seed), kept in
/// memory by a spectator, gets the same stand-in and the same moves.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_table_nobody_is_at_sleeps_out_of_memory_and_its_clock_acts_on_time() {
    let db = temp_db();
    // A turn of 3 s; a sweep every 100 ms (a table sleeps when its clock is
    // more than 100 ms away, and is woken 100 ms before it).
    let server = start_with(&db, |c| {
        c.test_move_ms = Some(3000);
        c.evict_after = std::time::Duration::ZERO;
        c.sweep_every = std::time::Duration::from_millis(100);
    })
    .await;
    let slow = json!({"kind": "slow", "move_seconds": 86_400});
    let (asleep, _) = people(&server, 2, slow.clone()).await;
    let (awake, _) = people(&server, 2, slow).await;
    let mut watcher = Client::connect(server.addr, &awake, None).await;
    let opener = watcher.status["to_move"].as_u64().unwrap() as u8;
    until("the table nobody is at sleeps", || logged(&asleep, "a timed game sleeps out of memory")).await;
    // The sweep wakes it before its clock runs out; the stand-in takes the
    // opener's seat and plays for it.
    until("both stand-ins played", || rows(&db, &asleep).len() >= 2 && rows(&db, &awake).len() >= 2).await;
    assert!(logged(&asleep, "a sleeping timed game woken"), "woken by the sweep");
    assert!(!logged(&awake, "a timed game sleeps out of memory"), "a spectator keeps the twin in memory");
    let (a, b) = (rows(&db, &asleep), rows(&db, &awake));
    assert_eq!(a[0].1, None, "the server's intent");
    assert_eq!(a[0].2, json!({"kind": "stand_in", "seat": opener}));
    assert!(a[0].3.unwrap() >= created_ms(&db, &asleep) + 3000, "not before its deadline");
    assert_eq!(a[1].1, Some(opener as i64), "the stand-in plays for the seat");
    let what =
        |r: &[(i64, Option<i64>, Value, Option<i64>)]| r[..2].iter().map(|r| (r.1, r.2.clone())).collect::<Vec<_>>();
    assert_eq!(what(&a), what(&b), "as if it had stayed in memory");
    watcher.wait_version(2).await;
    let mut late = Client::connect(server.addr, &asleep, None).await;
    late.wait_version(2).await;
    assert!(late.status["stand_in"].as_array().unwrap().contains(&json!(opener)), "{}", late.status);
    server.stop().await;
}

/// A page or socket asking for a sleeping table gets it (loaded, no longer
/// sleeping); at a restart a slow table nobody is at sleeps at once, its
/// clock counted from the stored time.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_asking_for_a_sleeping_table_gets_it_and_a_restart_puts_it_to_sleep() {
    let db = temp_db();
    // A sweep every minute: a day's clock is far; the test sweeps by itself.
    let config = |c: &mut triominos_server::ServeConfig| {
        c.evict_after = std::time::Duration::ZERO;
        c.sweep_every = std::time::Duration::from_secs(60);
    };
    let server = start_with(&db, config).await;
    let (id, tokens) = people(&server, 2, json!({"kind": "slow", "move_seconds": 86_400})).await;
    let state = server.state.clone();
    assert_eq!(state.games.evict_idle(), 1);
    assert!(!state.games.is_in_memory(&id));
    let deadline = state.games.sleeping(&id).expect("sleeping until its clock is due");
    assert_eq!(deadline, created_ms(&db, &id) + 86_400_000);
    let (status, body) = http(&server, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(status, 200, "{body}");
    assert!(state.games.is_in_memory(&id) && state.games.sleeping(&id).is_none(), "loaded, no longer sleeping");
    let c = Client::connect(server.addr, &id, Some(&tokens[0])).await;
    let snap: Value = serde_json::from_str(c.received.iter().find(|m| m.contains("\"snapshot\"")).unwrap()).unwrap();
    assert_eq!(snap["clock"]["move_ms"], json!(86_400_000));
    drop(c);
    // Sleeps again once nobody is at it; the socket asking wakes it.
    until("asleep again", || {
        state.games.evict_idle();
        state.games.sleeping(&id).is_some()
    })
    .await;
    let c = Client::connect(server.addr, &id, Some(&tokens[1])).await;
    assert_eq!((c.v, state.games.sleeping(&id)), (0, None));
    drop(c);
    server.stop().await;
    // At a restart: straight to sleep, not in memory, the same deadline.
    let server = start_with(&db, config).await;
    assert!(!server.state.games.is_in_memory(&id));
    assert_eq!(server.state.games.sleeping(&id), Some(deadline));
    server.stop().await;
}
