//! The HTTP and WebSocket API: creating, joining, playing, every refusal,
//! reconnecting, a restart in the middle of a game, and the hidden-information scan.

use crate::common;

use common::*;
use serde_json::{json, Value};
use triominos_core::{Action, Event, Game, Phase, RuleSet, Tile, TileSet};
use triominos_server::Server;

fn two_humans(preset: &str, seed: u64) -> Value {
    json!({"preset": preset, "seed": seed, "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]})
}

async fn version_of(server: &Server, id: &str) -> u64 {
    let (s, body) = http(server, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(s, 200);
    serde_json::from_str::<Value>(&body).unwrap()["version"].as_u64().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn create_join_play_and_pages() {
    let db = temp_db();
    let server = start(&db).await;
    let addr = server.addr;
    let (s, body) = http(&server, "GET", "/", None).await;
    assert_eq!(s, 200);
    assert!(body.contains("<html"));
    let (s, body) = http(&server, "GET", "/api/meta", None).await;
    assert_eq!(s, 200);
    let meta: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(meta["presets"].as_array().unwrap().len(), 3);
    assert_eq!(meta["levels"].as_array().unwrap().len(), triominos_bots::levels::NAMED.len());
    // The option schema: every option once, with its kind, help key and each preset's value.
    let options = meta["options"].as_array().unwrap();
    assert_eq!(options.len(), meta["option_names"].as_array().unwrap().len());
    let max_draws = options.iter().find(|o| o["name"] == "max_draws").unwrap();
    assert_eq!(
        *max_draws,
        json!({"name": "max_draws", "kind": {"type": "int", "min": 1, "max": 50}, "help": "opt.max_draws",
            "defaults": {"goliath": "3", "pressman": "3", "dominos-triangles": "1"}})
    );
    for o in options {
        assert_eq!(meta["presets"][0]["options"][o["name"].as_str().unwrap()], o["defaults"]["goliath"], "{o}");
    }

    let g = create(&server, two_humans("pressman", 19)).await;
    let id = g["id"].as_str().unwrap();
    let t0 = token_of(&g, 0);
    let t1 = token_of(&g, 1);
    assert_eq!(t0.len(), 32, "128-bit tokens");
    assert_ne!(t0, t1);
    let mut a = Client::connect(addr, id, Some(&t0)).await;
    let mut b = Client::connect(addr, id, Some(&t1)).await;
    assert_eq!(a.me["seat"], 0);
    assert_eq!(b.me["seat"], 1);
    assert_eq!(a.me["hand"].as_array().unwrap().len(), 9);
    // The holder of the highest triple opens (pressman): whoever's turn it is plays.
    let (mover, other) = if a.me["my_turn"] == true { (&mut a, &mut b) } else { (&mut b, &mut a) };
    let first = mover.choose();
    assert_eq!(first["kind"], "play");
    assert_eq!(mover.act(first.clone()).await, Ok(1));
    other.wait_version(1).await;
    assert_eq!(other.status["to_move"], other.me["seat"]);
    assert_eq!(version_of(&server, id).await, 1);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_refusal_changes_nothing_and_the_connection_survives() {
    let db = temp_db();
    let server = start(&db).await;
    let addr = server.addr;
    let g = create(&server, two_humans("goliath", 7)).await;
    let id = g["id"].as_str().unwrap().to_string();
    let mut a = Client::connect(addr, &id, Some(&token_of(&g, 0))).await;
    let mut b = Client::connect(addr, &id, Some(&token_of(&g, 1))).await;
    let (mover, waiter) = if a.me["my_turn"] == true { (&mut a, &mut b) } else { (&mut b, &mut a) };
    let good = mover.choose();

    // Out of turn.
    let e = waiter.act(good.clone()).await.unwrap_err();
    assert_eq!(e["code"], "not_your_turn");
    assert!(e["params"]["expected"].is_number());
    // The opener may not draw or pass.
    assert_eq!(mover.act(json!({"kind": "draw"})).await.unwrap_err()["code"], "opener_may_not_draw");
    assert_eq!(mover.act(json!({"kind": "pass"})).await.unwrap_err()["code"], "may_not_pass");
    // Not at the origin.
    let mut off = good.clone();
    off["cell"] = json!([4, 0]);
    let e = mover.act(off).await.unwrap_err();
    assert_eq!(e["code"], "placement");
    assert_eq!(e["params"]["code"], "first_tile_at_origin");
    // A tile not in hand.
    let mine: Vec<String> =
        mover.me["hand"].as_array().unwrap().iter().map(|t| t.as_str().unwrap().to_string()).collect();
    let foreign = Tile::all().map(|t| t.to_string()).find(|t| !mine.contains(t)).unwrap();
    let e = mover.act(json!({"kind": "play", "tile": foreign, "cell": [0, 0], "rotation": 0})).await.unwrap_err();
    assert_eq!(e["code"], "tile_not_in_hand");
    // Malformed actions and messages.
    for bad in [
        json!({"kind": "play", "tile": "1-4-2", "cell": [0, 0], "rotation": 0}),
        json!({"kind": "play", "tile": "1-2-4", "cell": [0, 0], "rotation": 3}),
        json!({"kind": "jump"}),
    ] {
        assert_eq!(mover.act(bad).await.unwrap_err()["code"], "bad_action");
    }
    mover.send_raw("{not json".into()).await;
    assert_eq!(mover.recv_type("error").await["code"], "bad_json");
    mover.send(json!({"type": "dance"})).await;
    assert_eq!(mover.recv_type("error").await["code"], "unknown_message");
    mover.send_raw(format!(r#"{{"type":"ping","pad":"{}"}}"#, "x".repeat(10_000))).await;
    let e = mover.recv_type("error").await;
    assert_eq!(e["code"], "too_large");
    assert_eq!(e["params"]["max"], 4096);
    mover.ws.send_frame(tokio_tungstenite::tungstenite::Message::Binary(vec![1, 2, 3].into())).await.unwrap();
    assert_eq!(mover.recv_type("error").await["code"], "bad_json");
    // The round is not over.
    assert_eq!(mover.act(json!({"kind": "next_round"})).await.unwrap_err()["code"], "round_not_over");
    // Nothing changed, and the connection still works.
    assert_eq!(version_of(&server, &id).await, 0);
    mover.send(json!({"type": "ping", "id": 99})).await;
    assert_eq!(mover.recv_type("pong").await["id"], 99);
    assert_eq!(mover.act(good).await, Ok(1));

    // A spectator may not act.
    let mut spec = Client::connect(addr, &id, None).await;
    assert!(spec.me.is_null());
    let e = spec.act(json!({"kind": "draw"})).await.unwrap_err();
    assert_eq!(e["code"], "spectator");
    // Wrong token (in the hello: see tests/it/net.rs), unknown game.
    let mut wrong = Client::open(addr, &id).await;
    wrong.send(json!({"type": "hello", "token": "0".repeat(32)})).await;
    assert_eq!(wrong.closed().await, (1008, "bad_token".to_string()));
    assert!(wrong.received[0].contains("bad_token"), "{:?}", wrong.received);
    let (s, body) = http(&server, "GET", &format!("/ws/{id}"), None).await;
    assert_eq!(s, 400);
    assert!(body.contains("not_websocket"));
    let url = format!("ws://{addr}/ws/nosuchgame");
    assert!(tokio_tungstenite::connect_async(url).await.is_err());
    let (s, body) = http(&server, "GET", "/api/games/nosuchgame", None).await;
    assert_eq!(s, 404);
    assert!(body.contains("game_not_found"));
    // Bad creation requests.
    for (req, code) in [
        (json!("nope"), "bad_json"),
        (json!({"preset": "chess", "seats": []}), "unknown_preset"),
        (json!({"preset": "goliath", "seats": [{"kind": "human"}]}), "bad_player_count"),
        (json!({"preset": "goliath", "options": {"max_draws": "0"}, "seats": []}), "bad_value"),
        (json!({"preset": "goliath", "options": {"colour": "red"}, "seats": []}), "unknown_option"),
        (json!({"preset": "goliath", "seats": [{"kind": "human"}, {"kind": "bot", "level": "god"}]}), "unknown_level"),
    ] {
        let (s, body) = http(&server, "POST", "/api/games", Some(&req.to_string())).await;
        assert_eq!(s, 400, "{req}");
        assert_eq!(serde_json::from_str::<Value>(&body).unwrap()["code"], code, "{req}");
    }
    // The record of an unfinished game would show the hands: refused.
    let (s, body) = http(&server, "GET", &format!("/api/games/{id}/record.tri"), None).await;
    assert_eq!(s, 409);
    assert!(body.contains("game_not_finished"));
    assert_eq!(version_of(&server, &id).await, 1);
    server.stop().await;
}

async fn play_moves(clients: &mut [Client; 2], moves: usize) {
    for _ in 0..moves {
        let s = clients[0].status["to_move"].as_u64().unwrap() as usize;
        let choice = clients[s].choose();
        let v = clients[s].act(choice).await.unwrap();
        clients[1 - s].wait_version(v).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reconnect_catches_up_and_restart_resumes_exactly() {
    let db = temp_db();
    let server = start(&db).await;
    let addr = server.addr;
    let g = create(&server, two_humans("goliath", 11)).await;
    let id = g["id"].as_str().unwrap().to_string();
    let tokens = [token_of(&g, 0), token_of(&g, 1)];
    let mut clients =
        [Client::connect(addr, &id, Some(&tokens[0])).await, Client::connect(addr, &id, Some(&tokens[1])).await];
    play_moves(&mut clients, 6).await;
    // Seat 1 leaves; seat 0 plays while it may; seat 1 comes back and asks for what it missed.
    let seen_v = clients[1].v;
    let [mut c0, c1] = clients;
    drop(c1);
    while c0.me["my_turn"] == true {
        let choice = c0.choose();
        c0.act(choice).await.unwrap();
    }
    let mut c1 = Client::connect(addr, &id, Some(&tokens[1])).await;
    assert_eq!(c1.v, c0.v, "the snapshot on reconnect has every delta");
    assert!(seen_v >= 2);
    c1.send(json!({"type": "since", "v": seen_v - 2})).await;
    let u = c1.recv_type("update").await;
    let vs: Vec<u64> = u["deltas"].as_array().unwrap().iter().map(|d| d["v"].as_u64().unwrap()).collect();
    assert_eq!(vs, ((seen_v - 1)..=c0.v).collect::<Vec<_>>());
    let mut clients = [c0, c1];
    play_moves(&mut clients, 5).await;

    // Restart the server in the middle of the game.
    clients[0].send(json!({"type": "snapshot"})).await;
    let snap_before = clients[0].recv_type("snapshot").await;
    let me1_before = clients[1].me.clone();
    drop(clients);
    server.stop().await;
    let server = start(&db).await;
    let addr = server.addr;
    let c0 = Client::connect(addr, &id, Some(&tokens[0])).await;
    let c1 = Client::connect(addr, &id, Some(&tokens[1])).await;
    let snap_after = serde_json::from_str::<Value>(c0.received.last().unwrap()).unwrap();
    assert_eq!(snap_before["log"], snap_after["log"], "the same deltas after a restart");
    assert_eq!(snap_before["me"], snap_after["me"]);
    assert_eq!(me1_before["hand"], c1.me["hand"]);
    let mut clients = [c0, c1];
    let v = clients[0].v;
    play_moves(&mut clients, 4).await;
    assert_eq!(clients[0].v, v + 4);
    server.stop().await;
}

/// Plays a whole game: seat 0 is a person (this test), the others bots; a
/// spectator watches. Returns every text the two clients and HTTP received.
async fn play_whole_game(server: &Server, req: Value) -> (String, Vec<String>, Vec<String>) {
    let addr = server.addr;
    let g = create(server, req).await;
    let id = g["id"].as_str().unwrap().to_string();
    let mut me = Client::connect(addr, &id, Some(&token_of(&g, 0))).await;
    let mut spec = Client::connect(addr, &id, None).await;
    let mut http_texts = vec![g.to_string()];
    let mut steps = 0;
    loop {
        me.wait_turn().await;
        match me.status["phase"].as_str().unwrap() {
            "game_over" => break,
            "round_over" => {
                me.act(json!({"kind": "next_round"})).await.unwrap();
            }
            _ => {
                let c = me.choose();
                me.act(c).await.unwrap();
            }
        }
        steps += 1;
        if steps % 10 == 0 {
            http_texts.push(http(server, "GET", &format!("/api/games/{id}"), None).await.1);
        }
        assert!(steps < 2000, "the game ends");
    }
    spec.wait_version(me.v).await;
    http_texts.push(http(server, "GET", "/api/games", None).await.1);
    (id, me.received, spec.received.into_iter().chain(http_texts).collect())
}

/// Rebuilds the referee's game at every version from the public deltas and the seed.
fn referee_states(rules: RuleSet, n: usize, seed: u64, log: &[Value]) -> Vec<Game> {
    let mut g = Game::new(rules, n, seed).unwrap();
    let mut states = vec![g.clone()];
    for d in &log[1..] {
        let a = &d["action"];
        if a["kind"] == "next_round" {
            g.next_round().unwrap();
        } else {
            let action: Action = serde_json::from_value(a.clone()).unwrap();
            g.play_as(d["seat"].as_u64().unwrap() as u8, action).unwrap();
        }
        states.push(g.clone());
    }
    states
}

/// Tiles no one but their holder may know at this state, as seen by `seat`.
fn hidden(g: &Game, seat: Option<u8>) -> TileSet {
    let mut h: TileSet = g.pool().collect();
    if g.public().phase() == Phase::Playing {
        for p in 0..g.players() as u8 {
            if Some(p) != seat {
                h = h.union(g.hand(p).unwrap().difference(g.public().known_tiles(p)));
            }
        }
    }
    // Tiles shown in earlier rounds (hands at a round's end, plays) were public then.
    let round = g.public().round();
    let mut shown = TileSet::EMPTY;
    let mut r = 0;
    for e in g.public().events() {
        match e {
            Event::RoundStarted { round, .. } => r = *round,
            Event::Played { placement, .. } if r < round => {
                shown.insert(placement.tile);
            }
            Event::RoundEnded { hands, .. } if r < round => {
                for hand in hands {
                    shown = shown.union(*hand);
                }
            }
            _ => {}
        }
    }
    h.difference(shown)
}

fn version_of_message(m: &Value) -> Option<u64> {
    match m["type"].as_str()? {
        "snapshot" => m["v"].as_u64(),
        "update" => m["deltas"].as_array()?.iter().filter_map(|d| d["v"].as_u64()).max(),
        _ => None,
    }
}

/// Every text in the move notation a message holds: plays' and legal placements'
/// `notation`, spots' `name`s.
fn notation_texts(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                match (k.as_str(), x) {
                    ("notation" | "name", Value::String(s)) => out.push(s.clone()),
                    _ => notation_texts(x, out),
                }
            }
        }
        Value::Array(a) => a.iter().for_each(|x| notation_texts(x, out)),
        _ => {}
    }
}

fn scan(texts: &[String], states: &[Game], seat: Option<u8>, what: &str) -> usize {
    let mut last = 0u64;
    let mut checked = 0;
    for t in texts {
        let m: Value = serde_json::from_str(t).unwrap_or(Value::Null);
        if let Some(v) = version_of_message(&m) {
            last = v;
        }
        let g = &states[last as usize];
        let mut named = Vec::new();
        notation_texts(&m, &mut named);
        for tile in hidden(g, seat).iter() {
            assert!(!t.contains(&format!("\"{tile}\"")), "{what} at version {last} shows hidden tile {tile}: {t}");
            // Nor in the move notation (`124L555`), where tiles lose their dashes.
            let compact = tile.to_string().replace('-', "");
            for n in &named {
                assert!(!n.contains(&compact), "{what} at version {last} names hidden tile {tile} in {n}: {t}");
            }
        }
        checked += 1;
    }
    checked
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_message_response_or_log_line_shows_a_hidden_tile() {
    let db = temp_db();
    let server = start(&db).await;
    let addr = server.addr;
    let levels = triominos_bots::LEVELS;
    for (preset, target, seed) in [("goliath", "100", 3u64), ("pressman", "none", 4), ("dominos-triangles", "none", 5)]
    {
        let req = json!({
            "preset": preset, "seed": seed, "options": {"target": target}, "listed": true,
            "seats": [
                {"kind": "human", "name": "Me"},
                {"kind": "bot", "level": levels[0]},
                {"kind": "bot", "level": levels[levels.len() - 1]},
            ],
        });
        let mut rules = RuleSet::preset(preset).unwrap();
        rules.set_option("target", target).unwrap();
        let (id, mine, others) = play_whole_game(&server, req).await;
        // The full public log, from a final snapshot.
        let mut c = Client::connect(addr, &id, None).await;
        let snap: Value = serde_json::from_str(c.received.last().unwrap()).unwrap();
        let log = snap["log"].as_array().unwrap().clone();
        let states = referee_states(rules, 3, seed, &log);
        assert!(states.last().unwrap().is_over());
        let n = scan(&mine, &states, Some(0), "seat 0");
        assert!(n > 20);
        // Spectator messages and HTTP bodies: nobody's hand.
        scan(&others, &states, None, "spectator or HTTP");
        c.send(json!({"type": "snapshot"})).await;
        let _ = c.recv_type("snapshot").await;

        // Finished: listed, its record replays to the same totals, its replay has every step.
        let (s, list) = http(&server, "GET", "/api/games", None).await;
        assert_eq!(s, 200);
        assert!(list.contains(&id));
        let (s, tri) = http(&server, "GET", &format!("/api/games/{id}/record.tri"), None).await;
        assert_eq!(s, 200);
        let replayed = triominos_core::record::replay(&tri).unwrap();
        assert_eq!(replayed.game.totals(), states.last().unwrap().totals());
        let (s, rep) = http(&server, "GET", &format!("/api/games/{id}/replay"), None).await;
        assert_eq!(s, 200);
        let rep: Value = serde_json::from_str(&rep).unwrap();
        assert_eq!(rep["frames"].as_array().unwrap().len(), log.len());
        let (s, rep2) = http(&server, "POST", "/api/replay", Some(&tri)).await;
        assert_eq!(s, 200);
        let rep2: Value = serde_json::from_str(&rep2).unwrap();
        assert_eq!(rep2["frames"].as_array().unwrap().len(), log.len());
    }
    // Log lines never name a tile.
    // Every line the server logged through `tracing`, at every level, is captured.
    let logs = logs();
    assert!(logs.len() > 50);
    assert!(logs.iter().any(|l| l.contains("accepted") && l.contains("intent=\"play\"")), "{logs:?}");
    for line in &logs {
        for t in Tile::all() {
            assert!(!line.contains(&t.to_string()), "log line shows a tile: {line}");
        }
    }
    let (s, body) = http(&server, "POST", "/api/replay", Some("[Format \"1\"]\nnonsense\n")).await;
    assert_eq!(s, 400);
    assert!(body.contains("bad_record"));
    // The checker's reason goes with the line, for the page to show (translated).
    let refusal: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert!(refusal["params"]["line"].is_u64(), "{body}");
    assert!(refusal["params"]["reason"].as_str().is_some_and(|r| r.contains("Ruleset")), "{body}");
    server.stop().await;
}

/// The hidden-information scan of hints: seat 0 asks for a hint at each of
/// its decisions and plays it; no hint answer (nor any other message, nor a
/// log line) names a tile seat 0 cannot see.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_hint_shows_a_hidden_tile() {
    let db = temp_db();
    let server = start_with(&db, |c| c.hint_budget = triominos_bots::judge::Settings { search: 150, deals: 40 }).await;
    let addr = server.addr;
    for (preset, target, seed) in
        [("goliath", "100", 13u64), ("pressman", "none", 14), ("dominos-triangles", "none", 15)]
    {
        let req = json!({
            "preset": preset, "seed": seed, "options": {"target": target}, "hints": true,
            "seats": [{"kind": "human", "name": "Me"}, {"kind": "bot", "level": "random"}, {"kind": "bot", "level": "greedy"}],
        });
        let g = create(&server, req).await;
        let id = g["id"].as_str().unwrap().to_string();
        let mut me = Client::connect(addr, &id, Some(&token_of(&g, 0))).await;
        let mut spec = Client::connect(addr, &id, None).await;
        let mut hints = 0;
        loop {
            me.wait_turn().await;
            match me.status["phase"].as_str().unwrap() {
                "game_over" => break,
                "round_over" => {
                    me.act(json!({"kind": "next_round"})).await.unwrap();
                }
                _ => {
                    hints += 1;
                    me.send(json!({"type": "hint", "id": 1_000_000 + hints})).await;
                    let h = loop {
                        let m = me.recv().await;
                        if m["id"] == 1_000_000 + hints && (m["type"] == "hint" || m["type"] == "error") {
                            break m;
                        }
                        me.absorb(&m);
                    };
                    assert_eq!(h["type"], "hint", "{h}");
                    me.act(h["action"].clone()).await.expect("the hinted action is legal");
                }
            }
            assert!(hints < 2000, "the game ends");
        }
        spec.wait_version(me.v).await;
        let mut rules = RuleSet::preset(preset).unwrap();
        rules.set_option("target", target).unwrap();
        let c = Client::connect(addr, &id, None).await;
        let snap: Value = serde_json::from_str(c.received.last().unwrap()).unwrap();
        let states = referee_states(rules, 3, seed, snap["log"].as_array().unwrap());
        assert!(me.received.iter().filter(|t| t.contains("\"type\":\"hint\"")).count() as u64 == hints);
        assert!(scan(&me.received, &states, Some(0), "seat 0 with hints") > 20);
        scan(&spec.received, &states, None, "spectator of a game with hints");
        let used: u64 = snap["hints_used"].as_array().unwrap().iter().map(|u| u["count"].as_u64().unwrap()).sum();
        assert_eq!(used, hints, "every hint counted");
        // The record notes them as comments, and still replays to the same totals.
        let (s, tri) = http(&server, "GET", &format!("/api/games/{id}/record.tri"), None).await;
        assert_eq!(s, 200);
        let noted: u64 =
            tri.lines().filter_map(|l| l.strip_prefix("# hints Me ")).map(|n| n.parse::<u64>().unwrap()).sum();
        assert_eq!(noted, hints, "{tri}");
        let replayed = triominos_core::record::replay(&tri).unwrap();
        assert_eq!(replayed.game.totals(), states.last().unwrap().totals());
        // The replay's score sheet shows them too.
        let (s, rep) = http(&server, "GET", &format!("/api/games/{id}/replay"), None).await;
        assert_eq!(s, 200);
        let rep: Value = serde_json::from_str(&rep).unwrap();
        assert_eq!(rep["hints_used"], snap["hints_used"]);
    }
    let logs = logs();
    assert!(logs.iter().any(|l| l.contains("hint given")), "{logs:?}");
    for line in &logs {
        for t in Tile::all() {
            assert!(!line.contains(&t.to_string()), "log line shows a tile: {line}");
        }
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bots_alone_play_every_round_to_the_end_and_presence_is_told() {
    let db = temp_db();
    let server = start(&db).await;
    let addr = server.addr;
    let levels = triominos_bots::LEVELS;
    let g = create(
        &server,
        json!({"preset": "goliath", "seed": 21, "options": {"target": "150"},
            "seats": [{"kind": "bot", "level": levels[0]}, {"kind": "bot", "level": levels[1 % levels.len()]}]}),
    )
    .await;
    let id = g["id"].as_str().unwrap().to_string();
    assert!(g["seats"][0]["link"].is_null(), "bots have no link");
    let mut spec = Client::connect(addr, &id, None).await;
    while spec.status["phase"] != "game_over" {
        let m = spec.recv().await;
        spec.absorb(&m);
    }
    assert!(spec.status["round"].as_u64().unwrap() >= 1);
    let (s, list) = http(&server, "GET", "/api/games", None).await;
    assert_eq!(s, 200);
    assert!(list.contains(&id));

    // Presence: a seat sees the other seat come and go.
    let g = create(&server, two_humans("pressman", 3)).await;
    let id = g["id"].as_str().unwrap().to_string();
    let mut a = Client::connect(addr, &id, Some(&token_of(&g, 0))).await;
    let b = Client::connect(addr, &id, Some(&token_of(&g, 1))).await;
    loop {
        let p = a.recv_type("presence").await;
        if p["seats"] == json!([0, 1]) {
            break;
        }
    }
    drop(b);
    loop {
        let p = a.recv_type("presence").await;
        if p["seats"] == json!([0]) {
            break;
        }
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_rules_are_refused_naming_the_option_for_games_and_sheets() {
    let db = temp_db();
    let server = start(&db).await;
    let seats = json!([{"kind": "human"}, {"kind": "human"}]);
    let cases = [
        (json!({"players": "2-7"}), json!({"code": "bad_value", "params": {"option": "players", "value": "2-7"}})),
        (
            json!({"players": "4-2"}),
            json!({"code": "inconsistent", "params": {"option": "players", "rule": "min_above_max"}}),
        ),
        (
            json!({"hand_size": "9 7 7 7 10"}),
            json!({"code": "inconsistent", "params": {"option": "hand_size", "rule": "hand_too_big"}}),
        ),
        (
            json!({"hand_size": "30 9 9 9 9"}),
            json!({"code": "bad_value", "params": {"option": "hand_size", "value": "30 9 9 9 9"}}),
        ),
        (json!({"max_draws": "0"}), json!({"code": "bad_value", "params": {"option": "max_draws", "value": "0"}})),
        (json!({"colour": "red"}), json!({"code": "unknown_option", "params": {"option": "colour"}})),
    ];
    for (options, refusal) in &cases {
        let game = json!({"preset": "goliath", "options": options, "seats": seats});
        let sheet = json!({"preset": "goliath", "options": options, "names": ["A", "B"]});
        for (path, req) in [("/api/games", game), ("/api/pad", sheet)] {
            let (s, body) = http(&server, "POST", path, Some(&req.to_string())).await;
            assert_eq!(s, 400, "{path} {req}: {body}");
            assert_eq!(serde_json::from_str::<Value>(&body).unwrap(), *refusal, "{path} {req}");
        }
    }
    for (path, req) in [
        ("/api/games", json!({"preset": "bingo", "seats": seats})),
        ("/api/pad", json!({"preset": "bingo", "names": ["A", "B"]})),
    ] {
        let (s, body) = http(&server, "POST", path, Some(&req.to_string())).await;
        assert_eq!(s, 400);
        let v: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(v, json!({"code": "unknown_preset", "params": {"preset": "bingo"}}), "{path}");
    }
    for (path, req) in [
        ("/api/games", json!({"preset": "goliath", "options": {"first_tile": "start_tile"}, "seats": seats})),
        ("/api/pad", json!({"preset": "goliath", "options": {"first_tile": "start_tile"}, "names": ["A", "B"]})),
    ] {
        let (s, body) = http(&server, "POST", path, Some(&req.to_string())).await;
        assert_eq!(s, 400);
        let v: Value = serde_json::from_str(&body).unwrap();
        let rule = json!({"option": "first_tile", "rule": "start_tile_needs_highest_triple"});
        assert_eq!(v, json!({"code": "inconsistent", "params": rule}), "{path}");
    }
    // Nothing was created (no game is in memory), and the server still answers.
    assert!(server.state.room("nope").await.is_none());
    let (s, body) = http(&server, "POST", "/api/pad/list", Some(r#"{"sheets":[]}"#)).await;
    assert_eq!((s, body.as_str()), (200, r#"{"sheets":[]}"#));
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_silent_socket_is_closed_as_idle_and_its_seat_shows_away() {
    let db = temp_db();
    let idle = std::time::Duration::from_millis(600);
    let server = start_with(&db, |c| c.ws_idle = idle).await;
    let addr = server.addr;
    let g = create(&server, two_humans("pressman", 3)).await;
    let id = g["id"].as_str().unwrap().to_string();
    // `a` keeps reading (the client answers the server's pings as it
    // reads); `b` says hello and then reads nothing, so answers nothing.
    let mut a = Client::connect(addr, &id, Some(&token_of(&g, 0))).await;
    let mut b = Client::connect(addr, &id, Some(&token_of(&g, 1))).await;
    let opened = std::time::Instant::now();
    for seats in [json!([0, 1]), json!([0])] {
        while a.recv_type("presence").await["seats"] != seats {}
    }
    assert!(opened.elapsed() >= idle, "closed only once silent for the idle time");
    // `b`'s socket is gone: reading it ends (the close frame 1001 `idle`
    // was sent, but a client that reads only now finds the connection
    // closed under the pongs it queued; with the socket still open this
    // would read pings until its time limit and fail).
    let end = b.closed().await;
    assert!(end == (1001, "idle".to_string()) || end.0 == 0, "{end:?}");
    // `a`, reading all along, outlives several idle times and still answers.
    let _ = tokio::time::timeout(idle * 3, a.recv_type("never sent")).await;
    a.send(json!({"type": "ping", "id": 7})).await;
    assert_eq!(a.recv_type("pong").await["id"], 7);
    server.stop().await;
}
