//! The server on each engine of the store: a SQLite file and a real
//! PostgreSQL (a throwaway cluster, see `triominos_server::store::testpg`).
//! The same scenarios, the same answers: games stored, played, stopped and
//! taken up again by a new server; the games where a bot plays resumed at
//! start and the others left on disk; a game that does not replay set aside;
//! an ended game not marked finished marked at start; score sheets kept.

use crate::common;

use common::*;
use serde_json::{json, Value};
use std::path::Path;
use triominos_server::game::room::{Room, SeatKind};
use triominos_server::store::{testpg, Owned, Store};

/// A new database of each engine: `(folder kept while the test runs, --db)`.
fn engines() -> Vec<(Option<TempDb>, String)> {
    let file = temp_db();
    let path = file.to_string_lossy().into_owned();
    vec![(Some(file), path), (None, tokio::task::block_in_place(testpg::database))]
}

/// Writes games through the store itself (either engine), as the server
/// would have: `(game, its intents rewritten at action `broken`, if any)`.
async fn store_games(db: &str, games: &[&Played]) {
    let store = tokio::task::block_in_place(|| Store::open_any(db)).unwrap();
    for p in games {
        let setup = serde_json::to_string(&p.room.setup).unwrap();
        store.create_game(p.room.id.clone(), 1, setup).await.unwrap();
        for (v, (seat, intent)) in p.intents.iter().enumerate() {
            let intent = serde_json::to_string(intent).unwrap();
            store.append(Owned::new(p.room.id.clone(), 1), v as u64 + 1, *seat, intent, 1).await.unwrap();
        }
    }
}

fn two_humans() -> [SeatKind; 2] {
    [SeatKind::Human, SeatKind::Human]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stored_games_replay_and_only_those_where_a_bot_plays_are_loaded_at_start_on_both_engines() {
    for (_dir, db) in engines() {
        let humans: Vec<Played> =
            (0..3).map(|i| play(&format!("h{i}"), &two_humans(), "400", 20 + i, |_| false)).collect();
        let bot_to_play = |r: &Room| !r.game.is_round_over() && r.game.to_move() == 1;
        let hb = play("hb-bot", &[SeatKind::Human, SeatKind::Bot], "400", 200, bot_to_play);
        let mut all: Vec<&Played> = humans.iter().collect();
        all.push(&hb);
        store_games(&db, &all).await;
        let server = start(Path::new(&db)).await;
        let s = &server.state;
        assert!(s.games.is_in_memory("hb-bot"), "{db}: a bot is to play: resumed");
        assert!(!s.games.is_in_memory("h0"), "the others wait on disk");
        let (status, body) = http(&server, "GET", "/api/games/h2", None).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(serde_json::from_str::<Value>(&body).unwrap()["version"], 22);
        server.stop().await;
    }
}

/// A game played over a socket, the server stopped, a new one started on
/// the same database: the game goes on from where it was, every acknowledged
/// action kept, and it plays to its end; its record is offered.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_played_stopped_and_taken_up_by_a_new_server_goes_on_to_its_end_on_both_engines() {
    for (_dir, db) in engines() {
        let server = start(Path::new(&db)).await;
        let req = json!({"preset": "goliath", "seed": 7, "options": {"target": "60"}, "listed": true,
            "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]});
        let created = create(&server, req).await;
        let id = created["id"].as_str().unwrap().to_string();
        let tokens = [token_of(&created, 0), token_of(&created, 1)];
        let acked = {
            let mut players = [
                Client::connect(server.addr, &id, Some(&tokens[0])).await,
                Client::connect(server.addr, &id, Some(&tokens[1])).await,
            ];
            play_moves(&mut players, 12).await
        };
        server.stop().await;
        let server = start(Path::new(&db)).await;
        let mut players = [
            Client::connect(server.addr, &id, Some(&tokens[0])).await,
            Client::connect(server.addr, &id, Some(&tokens[1])).await,
        ];
        assert_eq!(players[0].v, acked, "{db}: every acknowledged action kept");
        play_moves(&mut players, 5000).await;
        assert_eq!(players[0].status["phase"], "game_over", "{db}: played to its end");
        let (status, body) = http(&server, "GET", &format!("/api/games/{id}/record.tri"), None).await;
        assert_eq!(status, 200, "{body}");
        let (status, body) = http(&server, "GET", "/api/games", None).await;
        assert_eq!(status, 200);
        assert_eq!(serde_json::from_str::<Value>(&body).unwrap()["games"][0]["id"], id.as_str(), "listed finished");
        server.stop().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_that_does_not_replay_is_set_aside_and_one_ended_but_not_marked_is_marked_on_both_engines() {
    for (_dir, db) in engines() {
        let good = play("good", &two_humans(), "400", 12, |_| false);
        let mut broken = play("broken", &two_humans(), "400", 12, |_| false);
        // Its seventh action is another seat's: it does not replay.
        broken.intents[6].0 = broken.intents[6].0.map(|s| 1 - s);
        let ended = play("ended", &two_humans(), "1", 10_000, |_| false);
        assert!(ended.room.is_over());
        store_games(&db, &[&good, &broken, &ended]).await;
        let server = start(Path::new(&db)).await;
        let damaged: Vec<String> = server.state.games.damaged().into_iter().map(|(id, _)| id).collect();
        assert_eq!(damaged, ["broken"], "{db}");
        let (status, body) = http(&server, "GET", "/api/games/broken", None).await;
        assert_eq!(
            (status, serde_json::from_str::<Value>(&body).unwrap()["code"].clone()),
            (500, "game_damaged".into())
        );
        let (status, _) = http(&server, "GET", "/api/games/good", None).await;
        assert_eq!(status, 200);
        // A table of people, private: marked finished in the store, listed nowhere.
        let stored = server.state.store.load("ended".into()).await.unwrap().unwrap();
        assert!(stored.finished, "{db}: marked finished at start");
        let mut unfinished = server.state.store.unfinished().await.unwrap();
        unfinished.sort();
        assert_eq!(unfinished, ["broken", "good"], "the damaged game is kept as it is");
        server.stop().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn score_sheets_are_kept_on_both_engines() {
    for (_dir, db) in engines() {
        let server = start(Path::new(&db)).await;
        let (s, body) =
            http(&server, "POST", "/api/pad", Some(&json!({"names": ["Ann", "Bob"], "preset": "goliath"}).to_string()))
                .await;
        assert_eq!(s, 201, "{body}");
        let v: Value = serde_json::from_str(&body).unwrap();
        let (id, key) = (v["id"].as_str().unwrap().to_string(), v["key"].as_str().unwrap().to_string());
        server.stop().await;
        let server = start(Path::new(&db)).await;
        let list = json!({"sheets": [{"id": id, "key": key}, {"id": "none", "key": "x"}]}).to_string();
        let (s, body) = http(&server, "POST", "/api/pad/list", Some(&list)).await;
        assert_eq!(s, 200, "{body}");
        let v: Value = serde_json::from_str(&body).unwrap();
        let ids: Vec<&str> = v["sheets"].as_array().unwrap().iter().map(|s| s["id"].as_str().unwrap()).collect();
        assert_eq!(ids, [id.as_str()], "{db}");
        server.stop().await;
    }
}

/// Plays `n` moves of a two-person game (each its best move, the next
/// round dealt when one ends): the version reached.
async fn play_moves(players: &mut [Client; 2], n: usize) -> u64 {
    let mut v = players[0].v.max(players[1].v);
    for _ in 0..n {
        players[0].wait_version(v).await;
        players[1].wait_version(v).await;
        let phase = players[0].status["phase"].as_str().unwrap_or("").to_string();
        if phase == "game_over" {
            break;
        }
        v = if phase == "round_over" {
            players[0].act(json!({"kind": "next_round"})).await.unwrap()
        } else {
            let me = usize::from(players[0].me["my_turn"] != true);
            let intent = players[me].choose();
            players[me].act(intent).await.unwrap()
        };
    }
    v
}

/// Issue 37: two instances over one PostgreSQL. A game made on A is A's
/// (its lease); B, asked for it, answers 503 and asks A for it; at its next
/// renewal A hands it over (its sockets close), B takes it with every
/// action and the players go on there; B stops (as a dead instance, its
/// lease left to expire), and A takes the game over and plays on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_hand_a_game_over_and_take_over_from_one_that_stopped() {
    use triominos_server::game::lease::tick;
    let db = tokio::task::block_in_place(testpg::database);
    // Long leases: the test's own calls of `tick` do the renewals.
    let long = |c: &mut triominos_server::ServeConfig| c.lease = std::time::Duration::from_secs(600);
    let a = start_with(Path::new(&db), long).await;
    let b = start_with(Path::new(&db), long).await;
    let req = json!({"preset": "goliath", "seed": 3, "options": {"target": "400"},
        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]});
    let created = create(&a, req).await;
    let id = created["id"].as_str().unwrap().to_string();
    let tokens = [token_of(&created, 0), token_of(&created, 1)];
    let connect = |addr| {
        let (id, tokens) = (id.clone(), tokens.clone());
        async move {
            [Client::connect(addr, &id, Some(&tokens[0])).await, Client::connect(addr, &id, Some(&tokens[1])).await]
        }
    };
    let mut on_a = connect(a.addr).await;
    let v1 = play_moves(&mut on_a, 4).await;
    let path = format!("/api/games/{id}");
    assert_eq!(http(&b, "GET", &path, None).await.0, 503, "A plays it");
    let t = tick(&a.state).await.unwrap();
    assert_eq!(t.handed, [id.as_str()], "handed over to B, which asked");
    assert!(!a.state.games.is_in_memory(&id));
    for p in &mut on_a {
        assert_eq!(p.closed().await, (1013, "moved".to_string()), "the page is told the game moved");
    }
    let (status, body) = http(&b, "GET", &path, None).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(serde_json::from_str::<Value>(&body).unwrap()["version"], v1, "every action kept");
    let mut on_b = connect(b.addr).await;
    assert_eq!(on_b[0].v, v1);
    let v2 = play_moves(&mut on_b, 4).await;
    assert!(v2 > v1);
    assert_eq!(http(&a, "GET", &path, None).await.0, 503, "B plays it now");
    // B is paused past its lease (made to run out, as the clock would): A's
    // next round takes the game over.
    tokio::task::block_in_place(|| testpg::sql(&db, "UPDATE leases SET expires = 0"));
    let t = tick(&a.state).await.unwrap();
    assert_eq!(t.taken, [id.as_str()], "taken over from the instance whose lease ran out");
    // B resumes: a player's move there is refused (fenced: nothing stored),
    // and B drops the game at once, without waiting for its next round: the
    // sockets close and the pages find the game on A.
    on_b[0].wait_version(v2).await;
    on_b[1].wait_version(v2).await;
    let (me, intent) = if on_b[0].status["phase"] == "round_over" {
        (0, json!({"kind": "next_round"}))
    } else {
        let me = usize::from(on_b[0].me["my_turn"] != true);
        (me, on_b[me].choose())
    };
    let refused = on_b[me].act(intent).await.expect_err("fenced");
    assert_eq!(refused["code"], "storage_failed", "{refused}");
    assert!(!b.state.games.is_in_memory(&id), "dropped at the fenced store");
    for p in &mut on_b {
        assert_eq!(p.closed().await, (1013, "moved".to_string()), "the page is told the game moved");
    }
    assert_eq!(tick(&b.state).await.unwrap().lost, Vec::<String>::new(), "nothing left to drop");
    b.stop().await;
    let mut back = connect(a.addr).await;
    assert_eq!(back[0].v, v2, "every acknowledged action kept");
    let v3 = play_moves(&mut back, 2).await;
    assert!(v3 > v2);
    // A socket that reached A for the game and says its hello only after A
    // lost it (a third instance took it over): closed with 1013 `moved`, not
    // joined to a game nobody plays here any more.
    let mut early = Client::open(a.addr, &id).await;
    let c = start_with(Path::new(&db), long).await;
    tokio::task::block_in_place(|| testpg::sql(&db, "UPDATE leases SET expires = 0"));
    assert_eq!(tick(&c.state).await.unwrap().taken, [id.as_str()]);
    assert_eq!(tick(&a.state).await.unwrap().lost, [id.as_str()]);
    early.send(json!({"type": "hello", "token": tokens[0]})).await;
    assert_eq!(early.closed().await, (1013, "moved".to_string()));
    c.stop().await;
    a.stop().await;
}

/// Issue 37: a game of bots alone handed over, or given back by an instance
/// that stops, is not left without an owner when nobody asks for it again
/// (no page is open on a game of bots alone): the instance that asked takes
/// it at its next round, and when an instance stops, another takes its games
/// at its next round.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_of_bots_handed_over_or_given_back_plays_on_without_being_asked_for_again() {
    use triominos_server::game::lease::tick;
    let db = tokio::task::block_in_place(testpg::database);
    // Long leases (the test's calls of `tick` renew them), slow bots (the game
    // stays unfinished while the instances pass it around).
    let slow = |c: &mut triominos_server::ServeConfig| {
        c.lease = std::time::Duration::from_secs(600);
        c.bot_delay = std::time::Duration::from_secs(600);
    };
    let a = start_with(Path::new(&db), slow).await;
    let b = start_with(Path::new(&db), slow).await;
    let req = json!({"preset": "goliath", "seed": 5,
        "seats": [{"kind": "bot", "name": "X", "level": "greedy"}, {"kind": "bot", "name": "Y", "level": "greedy"}]});
    let id = create(&a, req).await["id"].as_str().unwrap().to_string();
    let path = format!("/api/games/{id}");
    assert_eq!(http(&b, "GET", &path, None).await.0, 503, "A plays it");
    assert_eq!(tick(&a.state).await.unwrap().handed, [id.as_str()], "handed over to B, which asked");
    assert!(!a.state.games.is_in_memory(&id));
    // Nobody asks again: A's round leaves it to B, B's round takes it.
    assert!(tick(&a.state).await.unwrap().taken.is_empty(), "left to the instance that asked for it");
    assert_eq!(tick(&b.state).await.unwrap().taken, [id.as_str()], "the instance that asked takes it");
    assert!(b.state.games.is_in_memory(&id));
    // B stops (SIGTERM): its leases given back, A takes the game at its next round.
    b.stop().await;
    assert_eq!(tick(&a.state).await.unwrap().taken, [id.as_str()], "taken from the instance that stopped");
    assert!(a.state.games.is_in_memory(&id));
    a.stop().await;
}

/// Issue 37: every instance answers a finished game (its record), even while
/// the instance that played it still holds its lease: a finished game takes
/// no more actions, so it is read without the lease (it answered 503 before).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_is_read_by_every_instance_while_another_holds_its_lease() {
    let db = tokio::task::block_in_place(testpg::database);
    let long = |c: &mut triominos_server::ServeConfig| {
        c.lease = std::time::Duration::from_secs(600);
        c.bot_delay = std::time::Duration::ZERO;
    };
    let a = start_with(Path::new(&db), long).await;
    let b = start_with(Path::new(&db), long).await;
    let req = json!({"preset": "goliath", "seed": 9, "options": {"target": "100"},
        "seats": [{"kind": "bot", "name": "X", "level": "greedy"}, {"kind": "bot", "name": "Y", "level": "greedy"}]});
    let id = create(&a, req).await["id"].as_str().unwrap().to_string();
    let path = format!("/api/games/{id}/record.tri");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    let on_a = loop {
        let (status, body) = http(&a, "GET", &path, None).await;
        if status == 200 {
            break body;
        }
        assert!(std::time::Instant::now() < deadline, "the game of bots did not finish: {status} {body}");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    };
    assert!(a.state.games.is_in_memory(&id), "A still holds the finished game");
    let (status, on_b) = http(&b, "GET", &path, None).await;
    assert_eq!(status, 200, "{on_b}");
    assert_eq!(on_b, on_a, "the same record from either instance");
    assert!(!b.state.games.is_in_memory(&id), "B read it without taking it");
    a.stop().await;
    b.stop().await;
}

/// Issue 37 (32's leftover) with two instances: a slow table sleeping out of
/// A's memory has no lease once A has given its leases back (stopped); B's
/// start puts it to sleep in B's memory and gives its lease back too; a page
/// asking B for it gets it, with its clock counted from the stored time.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sleeping_slow_table_of_an_instance_that_stopped_sleeps_at_the_next_start_without_a_lease() {
    let db = tokio::task::block_in_place(testpg::database);
    let config = |c: &mut triominos_server::ServeConfig| {
        c.lease = std::time::Duration::from_secs(600);
        c.evict_after = std::time::Duration::ZERO;
        c.sweep_every = std::time::Duration::from_secs(60);
    };
    let a = start_with(Path::new(&db), config).await;
    let req = json!({"preset": "goliath", "pace": {"kind": "slow", "move_seconds": 259_200},
        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]});
    let id = create(&a, req).await["id"].as_str().unwrap().to_string();
    assert_eq!(a.state.games.evict_idle(), 1);
    let deadline = a.state.games.sleeping(&id).expect("sleeps in A's memory");
    a.stop().await;
    let leases =
        || tokio::task::block_in_place(|| testpg::sql(&db, &format!("SELECT owner FROM leases WHERE game = '{id}'")));
    let b = start_with(Path::new(&db), config).await;
    assert!(!b.state.games.is_in_memory(&id));
    assert_eq!(b.state.games.sleeping(&id), Some(deadline), "asleep at B's start, the same deadline");
    assert_eq!(leases(), Vec::<Vec<Option<String>>>::new(), "its lease given back");
    let (status, body) = http(&b, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(status, 200, "{body}");
    assert!(b.state.games.is_in_memory(&id) && b.state.games.sleeping(&id).is_none());
    assert_eq!(leases().len(), 1, "B's now");
    b.stop().await;
}

/// Issue 48, the defect: a copy of a game dropped from memory writes on.
/// A bot's move on A cannot be stored (a failure injected, as when A alone
/// is cut off the database) and is to be tried again; meanwhile B asks for
/// the game and A hands it over (its copy dropped), B takes it (epoch 2)
/// and is then paused past its lease, and A takes the game back (epoch 3,
/// a new copy). The dropped copy's retry used to pass the fence (it looked
/// at A's epoch now, not the copy's) and store the game's next actions
/// while the live copy, which every page sees, was frozen on `duplicate
/// key`. Now the dropped copy stores nothing, and the live one plays on.
/// (The pauses only order the steps as in the issue: the bot's move fails
/// at 8 s, is tried again 4 s later, and the new copy's bot plays 8 s after
/// it was loaded; the assertions hold whatever the timing.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_copy_of_a_game_dropped_from_memory_stores_nothing_once_its_instance_took_the_game_back() {
    use std::time::Duration;
    use triominos_server::game::lease::tick;
    let db = tokio::task::block_in_place(testpg::database);
    let a = start_with(Path::new(&db), |c| {
        c.lease = Duration::from_secs(600);
        c.bot_delay = Duration::from_secs(8);
        c.store_retry = Duration::from_secs(4);
    })
    .await;
    // B's bots never play within the test: only A's copies matter.
    let b = start_with(Path::new(&db), |c| {
        c.lease = Duration::from_secs(600);
        c.bot_delay = Duration::from_secs(600);
    })
    .await;
    a.state.store.fail_next_appends(1);
    let req = json!({"preset": "goliath", "seed": 11,
        "seats": [{"kind": "bot", "name": "X", "level": "greedy"}, {"kind": "bot", "name": "Y", "level": "greedy"}]});
    let id = create(&a, req).await["id"].as_str().unwrap().to_string();
    let old = a.state.game(&id).await.unwrap();
    let store = a.state.store.clone();
    until("the bot's first move failed to be stored", || store.appends_left_to_fail() == 0).await;
    let path = format!("/api/games/{id}");
    assert_eq!(http(&b, "GET", &path, None).await.0, 503, "A plays it");
    assert_eq!(tick(&a.state).await.unwrap().handed, [id.as_str()], "handed over to B, which asked");
    assert_eq!(tick(&b.state).await.unwrap().taken, [id.as_str()], "B takes it");
    tokio::task::block_in_place(|| testpg::sql(&db, "UPDATE leases SET expires = 0"));
    let (status, body) = http(&a, "GET", &path, None).await;
    assert_eq!(status, 200, "A takes it back: {body}");
    let live = a.state.game(&id).await.unwrap();
    assert_ne!(old.copy(), live.copy(), "a new copy");
    assert_eq!(live.read(|r| r.epoch).await, Some(3));
    // The live copy's bot plays (after the dropped copy's retry was due).
    until("the live copy stored its first move", || live.status().version >= 1).await;
    let stored = tokio::task::block_in_place(|| {
        testpg::sql(&db, &format!("SELECT count(*), max(v) FROM actions WHERE game = '{id}'"))
    });
    let v = live.version().await;
    assert_eq!(stored[0], [Some(v.to_string()), Some(v.to_string())], "what the live copy played, and only that");
    assert_eq!(old.version().await, 0, "the dropped copy played nothing");
    let lease =
        tokio::task::block_in_place(|| testpg::sql(&db, &format!("SELECT epoch FROM leases WHERE game = '{id}'")));
    assert_eq!(lease, [[Some("3".to_string())]]);
    a.stop().await;
    b.stop().await;
}

/// Issue 48, where it applies on both engines: a copy of a game that left
/// memory (here: forgotten, as after a takeback that does not rebuild)
/// never writes; the copy loaded again does.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_copy_of_a_game_no_longer_in_memory_stores_nothing_on_both_engines() {
    use triominos_server::game::play::Asker;
    use triominos_server::protocol::Intent;
    for (_dir, db) in engines() {
        let server = start(Path::new(&db)).await;
        let req = json!({"preset": "goliath", "seed": 7,
            "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]});
        let id = create(&server, req).await["id"].as_str().unwrap().to_string();
        let old = server.state.game(&id).await.unwrap();
        let (seat, action) = old
            .read(|r| {
                let seat = r.game.to_move();
                (seat, r.game.observe(seat).legal_actions()[0])
            })
            .await
            .unwrap();
        server.state.games.forget(&id);
        let e = old
            .submit(Some(seat), Intent::Act(action), Asker::default())
            .await
            .expect_err("a copy no longer in memory");
        assert!(e.is_storage_failure(), "{db}: {e:?}");
        let store = server.state.store.clone();
        assert!(store.load(id.clone()).await.unwrap().unwrap().actions.is_empty(), "{db}: nothing stored");
        let live = server.state.game(&id).await.unwrap();
        let v = live.submit(Some(seat), Intent::Act(action), Asker::default()).await.unwrap();
        assert_eq!(v, 1);
        assert_eq!(store.load(id.clone()).await.unwrap().unwrap().actions.len(), 1, "{db}");
        server.stop().await;
    }
}

/// Issue 48: PostgreSQL gone (the server's connection cut, and no new one
/// allowed), then back. The store finds the outage, tries PostgreSQL again
/// by itself while it is gone (no request needed), and its return wakes the
/// bot's move waiting to be tried again: its pause here is ten minutes, so
/// the game goes on only through that wake.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn when_postgresql_comes_back_the_waiting_bots_play_on_at_once() {
    use std::time::Duration;
    let db = tokio::task::block_in_place(testpg::database);
    let (base, name) = db.rsplit_once('/').unwrap();
    let admin = format!("{base}/postgres");
    let a = start_with(Path::new(&db), |c| {
        c.lease = Duration::from_secs(600);
        c.bot_delay = Duration::from_millis(100);
        c.store_retry = Duration::from_secs(600);
        c.store_retry_max = Duration::from_secs(600);
    })
    .await;
    let req = json!({"preset": "goliath", "seed": 13, "options": {"target": "400"},
        "seats": [{"kind": "bot", "name": "X", "level": "greedy"}, {"kind": "bot", "name": "Y", "level": "greedy"}]});
    let id = create(&a, req).await["id"].as_str().unwrap().to_string();
    let room = a.state.game(&id).await.unwrap();
    until("a first move", || room.status().version >= 1).await;
    tokio::task::block_in_place(|| {
        testpg::sql(&admin, &format!("ALTER DATABASE {name} ALLOW_CONNECTIONS false"));
        testpg::sql(
            &admin,
            &format!("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}'"),
        );
    });
    let health = a.state.store.clone();
    until("the bot's move waits for the database", || health.health().waiting() >= 1).await;
    assert!(health.health().is_down());
    let v = room.version().await;
    tokio::task::block_in_place(|| testpg::sql(&admin, &format!("ALTER DATABASE {name} ALLOW_CONNECTIONS true")));
    until("the store finds the database back", || !health.health().is_down()).await;
    until("the bots play on", || room.status().version > v).await;
    assert_eq!(health.health().waiting(), 0);
    a.stop().await;
}
