//! Bots on the server: the named levels offered to the lobby, games stored
//! with the bots' old names, the cap on decisions at once (games with people
//! first), the cap on games of bots alone, and a bot's move tried again after
//! a storage failure.

use crate::common;

use common::*;
use serde_json::{json, Value};
use std::time::Duration;
use triominos_server::game::think::Lane;
use triominos_server::Server;

async fn version_of(server: &Server, id: &str) -> u64 {
    let (s, body) = http(server, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(s, 200, "{body}");
    serde_json::from_str::<Value>(&body).unwrap()["version"].as_u64().unwrap()
}

/// Waits until the game is past version `v`.
async fn past(server: &Server, id: &str, v: u64) -> u64 {
    let deadline = std::time::Instant::now() + Duration::from_secs(120);
    loop {
        let now = version_of(server, id).await;
        if now > v {
            return now;
        }
        assert!(std::time::Instant::now() < deadline, "game {id} stayed at version {v}");
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
}

fn bots_alone(level: &str, target: &str) -> Value {
    json!({"preset": "goliath", "options": {"target": target},
        "seats": [{"kind": "bot", "level": level}, {"kind": "bot", "level": level}]})
}

fn against(level: &str) -> Value {
    json!({"preset": "goliath", "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "level": level}]})
}

/// Plays the person's turns until it is the bot's.
async fn play_until_bot(c: &mut Client) {
    c.wait_turn().await;
    while c.status["phase"] == "playing" && c.me["my_turn"] == true {
        let a = c.choose();
        c.act(a).await.unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_is_offered_four_named_levels_with_their_strength() {
    let db = temp_db();
    let server = start(&db).await;
    let (s, body) = http(&server, "GET", "/api/meta", None).await;
    assert_eq!(s, 200);
    let meta: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(meta["levels"], json!(["beginner", "casual", "clever", "expert"]));
    let info = meta["level_info"].as_array().unwrap();
    assert_eq!(info.len(), 4);
    let mut last = 0.0;
    for (l, id) in info.iter().zip(meta["levels"].as_array().unwrap()) {
        assert_eq!(l["id"], *id);
        assert_eq!(l["against"], "greedy");
        let w = l["win_rate"].as_f64().unwrap();
        assert!(w > last && w <= 1.0, "{l}: stronger than the level before");
        last = w;
        assert!(l["games"].as_u64().unwrap() >= 100, "{l}");
    }
    assert_eq!(info[3]["at_least"], true, "Expert's figure is a lower bound");
    assert_eq!(info[3]["think_ms"], 1000, "Expert thinks a second a move");
    assert_eq!(info[0]["at_least"], false);
    // Every named level, and the bots' own names, make games; others are refused.
    for level in ["beginner", "casual", "clever", "expert", "random", "greedy", "heuristic", "mcts"] {
        create(&server, against(level)).await;
    }
    let (s, body) = http(&server, "POST", "/api/games", Some(&against("grandmaster").to_string())).await;
    assert_eq!(s, 400);
    assert_eq!(serde_json::from_str::<Value>(&body).unwrap()["code"], "unknown_level");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn expert_answers_a_move() {
    let db = temp_db();
    let server = start(&db).await;
    let g = create(&server, against("expert")).await;
    let id = g["id"].as_str().unwrap();
    let mut c = Client::connect(server.addr, id, Some(&token_of(&g, 0))).await;
    play_until_bot(&mut c).await;
    let v = c.v;
    c.wait_version(v + 1).await;
    assert!(c.status["phase"] == "playing" || c.status["phase"] == "round_over");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_stored_with_the_old_level_names_load_and_their_bots_play() {
    let db = temp_db();
    // The game of bots alone plays to 100,000 points (hundreds of rounds), so it is still
    // going when the test counts it, however fast the machine.
    let setup = |seats: Value, options: Value| {
        json!({"preset": "goliath", "options": options, "seed": 7, "created": 1, "seats": seats}).to_string()
    };
    {
        let store = triominos_server::store::Store::open(&db).unwrap();
        store
            .create_game(
                "old1".into(),
                1,
                setup(
                    json!([{"kind": "human", "name": "Ann", "token": "t0"}, {"kind": "bot", "level": "mcts"}]),
                    json!([]),
                ),
            )
            .await
            .unwrap();
        store
            .create_game(
                "old2".into(),
                2,
                setup(
                    json!([{"kind": "bot", "level": "heuristic"}, {"kind": "bot", "level": "random"},
                    {"kind": "bot", "level": "greedy"}]),
                    json!([["target", "100000"]]),
                ),
            )
            .await
            .unwrap();
    }
    // Options as stored by the server: every option by name.
    let server = start(&db).await;
    assert_eq!(version_of(&server, "old1").await, 0);
    let mut c = Client::connect(server.addr, "old1", Some("t0")).await;
    assert_eq!(c.me["seat"], 0);
    play_until_bot(&mut c).await;
    let v = c.v;
    c.wait_version(v + 1).await;
    // The game of bots alone was resumed and plays on.
    past(&server, "old2", 0).await;
    assert_eq!(server.state.games.bot_games(), 1, "a resumed game of bots alone counts");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_one_decision_at_a_time_a_game_with_a_person_goes_before_bots_alone_and_both_progress() {
    let db = temp_db();
    let server = start_with(&db, |c| c.max_thinking = 1).await;
    let thinking = server.state.thinking.clone();
    assert_eq!(thinking.cap(), 1);
    // The test takes the one turn to think.
    let held = thinking.acquire(Lane::People, 1).await;
    // A game of bots alone: its first decision waits.
    let b = create(&server, bots_alone("casual", "60")).await;
    let bid = b["id"].as_str().unwrap().to_string();
    until("the bots' decision waits", || thinking.status().waiting_bots_only == 1).await;
    // A person's game: once they have played, their bot's decision waits too.
    let g = create(&server, against("casual")).await;
    let gid = g["id"].as_str().unwrap().to_string();
    let mut c = Client::connect(server.addr, &gid, Some(&token_of(&g, 0))).await;
    // (When the bot opens, its decision waits already.)
    while c.status["phase"] == "playing" && c.me["my_turn"] == true {
        let a = c.choose();
        c.act(a).await.unwrap();
    }
    until("the person's bot waits", || thinking.status().waiting_people == 1).await;
    let before = c.v;
    // Another turn asked for by the test, after both.
    let next = tokio::spawn({
        let t = thinking.clone();
        async move { t.acquire(Lane::People, 1).await }
    });
    until("the test waits too", || thinking.status().waiting_people == 2).await;
    drop(held);
    // The person's bot went first, then the test's turn; the bots alone still wait.
    let held = next.await.unwrap();
    assert_eq!(version_of(&server, &bid).await, 0, "the game of bots alone has not moved");
    assert_eq!(thinking.status().waiting_bots_only, 1);
    c.wait_version(before + 1).await;
    drop(held);
    // Now both games go on, one decision at a time.
    past(&server, &bid, 0).await;
    play_until_bot(&mut c).await;
    let v = c.v;
    c.wait_version(v + 1).await;
    let mut spec = Client::connect(server.addr, &bid, None).await;
    while spec.status["phase"] != "game_over" {
        let m = spec.recv().await;
        spec.absorb(&m);
    }
    assert_eq!(thinking.status().running, 0);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_of_bots_alone_beyond_the_cap_is_refused_until_one_ends() {
    let db = temp_db();
    let server = start_with(&db, |c| c.max_bot_games = 1).await;
    let first = create(&server, bots_alone("beginner", "50")).await;
    let (s, body) = http(&server, "POST", "/api/games", Some(&bots_alone("casual", "50").to_string())).await;
    assert_eq!(s, 429, "{body}");
    assert_eq!(
        serde_json::from_str::<Value>(&body).unwrap(),
        json!({"code": "too_many_bot_games", "params": {"max": 1}})
    );
    // Games with a person are not counted.
    create(&server, against("casual")).await;
    let mut spec = Client::connect(server.addr, first["id"].as_str().unwrap(), None).await;
    while spec.status["phase"] != "game_over" {
        let m = spec.recv().await;
        spec.absorb(&m);
    }
    assert_eq!(server.state.games.bot_games(), 0);
    create(&server, bots_alone("casual", "50")).await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bots_move_that_could_not_be_stored_is_tried_again_until_it_is() {
    let db = temp_db();
    let server = start_with(&db, |c| {
        c.store_retry = Duration::from_millis(1);
        c.store_retry_max = Duration::from_millis(4);
    })
    .await;
    // The first five writes of moves fail, as on a full disk.
    server.state.store.fail_next_appends(5);
    let g = create(&server, bots_alone("casual", "50")).await;
    let id = g["id"].as_str().unwrap().to_string();
    let mut spec = Client::connect(server.addr, &id, None).await;
    while spec.status["phase"] != "game_over" {
        let m = spec.recv().await;
        spec.absorb(&m);
    }
    assert_eq!(server.state.store.appends_left_to_fail(), 0, "every failure happened");
    let tries = logs().iter().filter(|l| l.contains(&id) && l.contains("could not be stored; trying again")).count();
    assert_eq!(tries, 5, "each failure logged once");
    // Every move is stored: the game replays from the database after a restart.
    let total = version_of(&server, &id).await;
    server.stop().await;
    let server = start(&db).await;
    assert_eq!(version_of(&server, &id).await, total);
    server.stop().await;
}

/// Issue 48: after an outage of the database the bots waited for the end of
/// their pause (doubling up to 30 s) while people's moves went through at
/// once. Now the database's return wakes the waiting moves: here the pause
/// is ten minutes, and the move is stored as soon as the store says the
/// database answers again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bots_move_waiting_to_be_tried_again_is_tried_at_once_when_the_database_answers_again() {
    let db = temp_db();
    let server = start_with(&db, |c| {
        c.store_retry = Duration::from_secs(600);
        c.store_retry_max = Duration::from_secs(600);
    })
    .await;
    server.state.store.fail_next_appends(1);
    let g = create(&server, bots_alone("casual", "50")).await;
    let id = g["id"].as_str().unwrap().to_string();
    let store = server.state.store.clone();
    until("the first move failed to be stored", || store.appends_left_to_fail() == 0).await;
    let room = server.state.game(&id).await.unwrap();
    assert_eq!(room.version().await, 0, "waiting for its next try");
    server.state.store.health().simulate_return();
    until("the move stored at the database's return", || room.status().version >= 1).await;
    assert!(!server.state.store.load(id.clone()).await.unwrap().unwrap().actions.is_empty(), "stored");
    server.stop().await;
}
