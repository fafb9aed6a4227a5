//! Intents are applied once per seat and id (a duplicate is acknowledged
//! again and changes nothing, within a connection, across a reconnect and a
//! restart); deal seeds of games with people come from the server and are
//! shown only once the game is over; names with control or bidi characters
//! are refused.

use crate::common;

use common::*;
use serde_json::{json, Value};
use triominos_server::game::play::{read_stored_intent, stored_intent};
use triominos_server::game::room::{Room, SeatKind, INTENT_IDS};
use triominos_server::protocol::Intent;
use triominos_server::Server;

fn two_humans(seed: u64) -> Value {
    json!({"preset": "goliath", "seed": seed, "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]})
}

/// The `ack` (or `error`) of message `id`, taking in every other message on the way.
async fn answer_to(c: &mut Client, id: u64) -> Value {
    loop {
        let m = c.recv().await;
        if (m["type"] == "ack" || m["type"] == "error") && m["id"] == id {
            return m;
        }
        c.absorb(&m);
    }
}

async fn version_of(server: &Server, id: &str) -> u64 {
    let (s, body) = http(server, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(s, 200, "{body}");
    serde_json::from_str::<Value>(&body).unwrap()["version"].as_u64().unwrap()
}

async fn snapshot_of(c: &mut Client) -> Value {
    c.send(json!({"type": "snapshot"})).await;
    let s = c.recv_type("snapshot").await;
    c.absorb(&s);
    s
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_intent_sent_twice_with_one_id_is_applied_once_even_after_a_reconnect_and_a_restart() {
    let db = temp_db();
    let server = start(&db).await;
    let g = create(&server, two_humans(11)).await;
    let id = g["id"].as_str().unwrap().to_string();
    let tokens = [token_of(&g, 0), token_of(&g, 1)];
    let mut clients = [
        Client::connect(server.addr, &id, Some(&tokens[0])).await,
        Client::connect(server.addr, &id, Some(&tokens[1])).await,
    ];
    // The opener places a tile (message id 7); the other seat then draws.
    let opener = clients[0].status["to_move"].as_u64().unwrap() as usize;
    let drawer = 1 - opener;
    let play = clients[opener].choose();
    assert_eq!(play["kind"], "play");
    clients[opener].send(json!({"type": "action", "action": play, "id": 7})).await;
    let ack = answer_to(&mut clients[opener], 7).await;
    assert_eq!(ack, json!({"type": "ack", "id": 7, "v": 1}));
    let mut c = std::mem::replace(&mut clients[drawer], Client::connect(server.addr, &id, None).await);
    c.wait_version(1).await;
    let hand = c.me["hand"].as_array().unwrap().len();
    let pool = c.status["pool"].as_u64().unwrap();

    // Two identical draws, back to back, with the id the other seat used:
    // ids are per seat, so the first is applied; the second is a duplicate.
    let draw = json!({"type": "action", "action": {"kind": "draw"}, "id": 7});
    c.send(draw.clone()).await;
    c.send(draw.clone()).await;
    assert_eq!(answer_to(&mut c, 7).await, json!({"type": "ack", "id": 7, "v": 2}));
    assert_eq!(answer_to(&mut c, 7).await, json!({"type": "ack", "id": 7, "v": 2, "duplicate": true}));
    let snap = snapshot_of(&mut c).await;
    assert_eq!(snap["v"], 2, "one draw, not two");
    assert_eq!(snap["log"].as_array().unwrap().len(), 3);
    assert_eq!(c.me["hand"].as_array().unwrap().len(), hand + 1);
    assert_eq!(c.status["pool"].as_u64().unwrap(), pool - 1);

    // A new connection of the same seat: still a duplicate.
    drop(c);
    let mut c = Client::connect(server.addr, &id, Some(&tokens[drawer])).await;
    c.send(draw.clone()).await;
    assert_eq!(answer_to(&mut c, 7).await, json!({"type": "ack", "id": 7, "v": 2, "duplicate": true}));
    assert_eq!(version_of(&server, &id).await, 2);

    // After a restart the stored ids are known again.
    drop(c);
    drop(clients);
    server.stop().await;
    let server = start(&db).await;
    let mut c = Client::connect(server.addr, &id, Some(&tokens[drawer])).await;
    assert_eq!(c.v, 2);
    c.send(draw.clone()).await;
    assert_eq!(answer_to(&mut c, 7).await, json!({"type": "ack", "id": 7, "v": 2, "duplicate": true}));
    assert_eq!(version_of(&server, &id).await, 2);
    assert_eq!(c.me["hand"].as_array().unwrap().len(), hand + 1);

    // A new id is a new intent.
    let next = c.choose();
    c.send(json!({"type": "action", "action": next, "id": 8})).await;
    assert_eq!(answer_to(&mut c, 8).await, json!({"type": "ack", "id": 8, "v": 3}));
    // An intent without an id is never taken for a duplicate, and a refused
    // one is not remembered: a refusal, then the same refusal again.
    for _ in 0..2 {
        c.send(json!({"type": "action", "action": {"kind": "pass"}, "id": 9})).await;
        let e = answer_to(&mut c, 9).await;
        assert_eq!(e["type"], "error", "{e}");
    }
    assert_eq!(version_of(&server, &id).await, 3);
    server.stop().await;
}

#[test]
fn the_stored_form_keeps_the_client_id_and_old_rows_read_the_same() {
    let draw = Intent::Act(triominos_core::Action::Draw);
    let text = stored_intent(draw, Some(42)).unwrap();
    assert_eq!(serde_json::from_str::<Value>(&text).unwrap(), json!({"kind": "draw", "client_id": 42}));
    assert_eq!(read_stored_intent(&text).unwrap(), (draw, Some(42)));
    assert_eq!(stored_intent(draw, None).unwrap(), r#"{"kind":"draw"}"#);
    // A row stored before the ids were.
    assert_eq!(read_stored_intent(r#"{"kind":"next_round"}"#).unwrap(), (Intent::NextRound, None));
    assert!(read_stored_intent(r#"{"kind":"draw","client_id":"x"}"#).is_err());
}

#[test]
fn a_seat_remembers_its_last_ids_only() {
    let setup = setup(1, &[], vec![seat(SeatKind::Human, 0), seat(SeatKind::Human, 1)]);
    let mut room = Room::new("g".into(), setup).unwrap();
    for i in 0..=INTENT_IDS as u64 {
        room.remember_id(0, 100 + i, i + 1);
    }
    assert_eq!(room.applied_id(0, 100), None, "the oldest is forgotten");
    assert_eq!(room.applied_id(0, 101), Some(2));
    assert_eq!(room.applied_id(0, 100 + INTENT_IDS as u64), Some(INTENT_IDS as u64 + 1));
    assert_eq!(room.applied_id(1, 101), None, "per seat");
}

/// A server run without `--fixed-seeds`, as in production.
async fn production(db: &std::path::Path) -> Server {
    start_with(db, |c| c.fixed_seeds = false).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_with_people_cannot_be_given_its_seed() {
    let db = temp_db();
    let server = production(&db).await;
    let bot = json!({"kind": "bot", "level": "greedy"});
    for seats in [
        json!([{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]),
        json!([{"kind": "human", "name": "Ann"}, bot]),
    ] {
        let (s, body) = http(
            &server,
            "POST",
            "/api/games",
            Some(&json!({"preset": "goliath", "seed": 5, "seats": seats}).to_string()),
        )
        .await;
        assert_eq!(s, 400, "{body}");
        assert_eq!(serde_json::from_str::<Value>(&body).unwrap(), json!({"code": "seed_not_allowed", "params": null}));
    }
    // Without a seed: two games, two seeds from the server.
    let mut seeds = Vec::new();
    for _ in 0..2 {
        let g = create(&server, json!({"preset": "goliath", "seats": [{"kind": "human"}, bot]})).await;
        let room = server.state.room(g["id"].as_str().unwrap()).await.unwrap();
        seeds.push(room.read(|r| r.setup.seed).await.unwrap());
    }
    assert_ne!(seeds[0], seeds[1]);
    // Bots alone may be given one (a demo to show again): the same deal.
    let mut deals = Vec::new();
    for _ in 0..2 {
        let req = json!({"preset": "goliath", "seed": 5, "options": {"target": "none"}, "seats": [bot, bot]});
        let g = create(&server, req).await;
        let room = server.state.room(g["id"].as_str().unwrap()).await.unwrap();
        let (seed, deal) = room.read(|r| (r.setup.seed, r.game.history()[0].deal.clone())).await.unwrap();
        assert_eq!(seed, 5);
        deals.push(deal);
    }
    assert_eq!(deals[0], deals[1]);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_seed_is_shown_once_the_game_is_over_and_never_before() {
    let db = temp_db();
    let server = production(&db).await;
    // One round with two tiles each: over in a few moves, none of them the end.
    let req = json!({"preset": "goliath", "options": {"target": "none", "hand_size": "2 2 2 2 2"},
        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "greedy"}]});
    let g = create(&server, req).await;
    let id = g["id"].as_str().unwrap().to_string();
    let seed = server.state.room(&id).await.unwrap().read(|r| r.setup.seed).await.unwrap().to_string();
    let mut me = Client::connect(server.addr, &id, Some(&token_of(&g, 0))).await;
    let mut spectator = Client::connect(server.addr, &id, None).await;
    let mut texts = vec![g.to_string()];
    loop {
        let (s, info) = http(&server, "GET", &format!("/api/games/{id}"), None).await;
        assert_eq!(s, 200);
        let info: Value = serde_json::from_str(&info).unwrap();
        if info["status"]["phase"] == "game_over" {
            assert_eq!(info["seed"].as_u64().unwrap().to_string(), seed, "shown once over");
            break;
        }
        assert!(info.get("seed").is_none(), "{info}");
        texts.push(info.to_string());
        for path in ["record.tri", "replay"] {
            let (s, body) = http(&server, "GET", &format!("/api/games/{id}/{path}"), None).await;
            assert_eq!(s, 409, "{body}");
            texts.push(body);
        }
        me.wait_turn().await;
        if me.status["phase"] == "playing" {
            let c = me.choose();
            me.act(c).await.unwrap();
        }
    }
    assert!(texts.len() > 3, "looked before the end");
    spectator.wait_version(me.v).await;
    for t in texts.iter().chain(&me.received).chain(&spectator.received) {
        assert!(!t.contains(&seed), "the seed before the end: {t}");
    }
    let (s, record) = http(&server, "GET", &format!("/api/games/{id}/record.tri"), None).await;
    assert_eq!(s, 200);
    assert!(record.contains(&seed), "the record names its seed:\n{record}");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_with_control_or_bidi_characters_are_refused_for_games_and_sheets() {
    let db = temp_db();
    let server = start(&db).await;
    let refused = |body: &str| serde_json::from_str::<Value>(body).unwrap();
    for (bad, n) in [
        ("Ann\u{202E}", 1),
        ("\u{2066}Bob", 2),
        ("A\u{200F}", 1),
        ("\u{061C}x", 2),
        ("A\u{200E}B", 1),
        ("A\tB", 2),
        ("A\u{7}", 1),
        ("A\u{2028}B", 2),
    ] {
        let mut names = ["Ann", "Bob"];
        names[n - 1] = bad;
        let req = json!({"preset": "goliath", "seats": [{"kind": "human", "name": names[0]}, {"kind": "bot", "level": "greedy", "name": names[1]}]});
        let (s, body) = http(&server, "POST", "/api/games", Some(&req.to_string())).await;
        assert_eq!(s, 400, "{bad:?}: {body}");
        assert_eq!(refused(&body), json!({"code": "bad_name", "params": {"n": n}}), "{bad:?}");
        let req = json!({"preset": "goliath", "names": names});
        let (s, body) = http(&server, "POST", "/api/pad", Some(&req.to_string())).await;
        assert_eq!(s, 400, "{bad:?}: {body}");
        assert_eq!(refused(&body), json!({"code": "bad_name", "params": {"n": n}}), "{bad:?}");
    }
    // Letters of every script, emoji joined with U+200D, spaces around: kept (trimmed).
    let good = ["Léa", "عليّ", "👩\u{200D}👩\u{200D}👧", "  Zoë "];
    let g = create(
        &server,
        json!({"preset": "goliath", "seats": good.iter().map(|n| json!({"kind": "human", "name": n})).collect::<Vec<_>>()}),
    )
    .await;
    let names: Vec<&str> = g["seats"].as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Léa", "عليّ", "👩\u{200D}👩\u{200D}👧", "Zoë"]);
    server.stop().await;
}
