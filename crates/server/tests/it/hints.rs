//! Hints ("Suggest a move"): refused by name when they may not be given, a
//! hint is a legal move that changes nothing, each one is counted in public
//! and kept across a restart, and the hint depends on nothing hidden.

use crate::common;

use common::*;
use serde_json::{json, Value};
use triominos_bots::judge::Settings;
use triominos_core::rng::{below, seeded};
use triominos_core::{Action, Game, Phase, RuleSet};
use triominos_server::game::hint;
use triominos_server::game::think::Lane;
use triominos_server::Server;

/// A small, fixed search: the tests do not depend on the machine's speed.
fn quick(c: &mut triominos_server::ServeConfig) {
    c.hint_budget = Settings { search: 200, deals: 40 };
}

fn game(hints: bool, seats: Value, target: &str) -> Value {
    json!({"preset": "goliath", "seed": 11, "hints": hints, "options": {"target": target}, "seats": seats})
}

fn human_and_bot() -> Value {
    json!([{"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "casual", "name": "Bob"}])
}

fn two_humans() -> Value {
    json!([{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}])
}

async fn version_of(server: &Server, id: &str) -> u64 {
    let (s, body) = http(server, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(s, 200, "{body}");
    serde_json::from_str::<Value>(&body).unwrap()["version"].as_u64().unwrap()
}

/// Asks for a hint; the answer (`hint` or `error`) with that id.
async fn ask(c: &mut Client, id: u64) -> Value {
    c.send(json!({"type": "hint", "id": id})).await;
    loop {
        let m = c.recv().await;
        if (m["type"] == "hint" || m["type"] == "error") && m["id"] == id {
            return m;
        }
        c.absorb(&m);
    }
}

/// The next `hints_used` message.
async fn hints_used(c: &mut Client) -> Value {
    c.recv_type("hints_used").await["used"].clone()
}

/// Whether a hinted action is one of the seat's legal actions, as its private view lists them.
fn is_legal(me: &Value, a: &Value) -> bool {
    match a["kind"].as_str() {
        Some("play") => me["legal"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["tile"] == a["tile"] && p["cell"] == a["cell"] && p["rotation"] == a["rotation"]),
        Some("draw") => me["can_draw"] == true,
        Some("pass") => me["can_pass"] == true,
        _ => false,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hints_off_and_every_bad_request_are_refused_by_name() {
    let db = temp_db();
    let server = start_with(&db, quick).await;
    let addr = server.addr;
    // Off (the default): refused.
    let g = create(&server, json!({"preset": "goliath", "seats": human_and_bot()})).await;
    let id = g["id"].as_str().unwrap();
    let (_, info) = http(&server, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(serde_json::from_str::<Value>(&info).unwrap()["hints"], false);
    let mut me = Client::connect(addr, id, Some(&token_of(&g, 0))).await;
    me.wait_turn().await;
    assert_eq!(ask(&mut me, 1).await["code"], "hints_off");

    // On: a spectator, the seat not to move, a round over, a game over.
    let g = create(&server, game(true, two_humans(), "400")).await;
    let id = g["id"].as_str().unwrap().to_string();
    let (_, info) = http(&server, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(serde_json::from_str::<Value>(&info).unwrap()["hints"], true);
    let mut a = Client::connect(addr, &id, Some(&token_of(&g, 0))).await;
    let mut b = Client::connect(addr, &id, Some(&token_of(&g, 1))).await;
    let mut spec = Client::connect(addr, &id, None).await;
    assert_eq!(ask(&mut spec, 2).await["code"], "spectator");
    let waiter = if a.me["my_turn"] == true { &mut b } else { &mut a };
    let e = ask(waiter, 3).await;
    assert_eq!(e["code"], "not_your_turn");
    assert!(e["params"]["expected"].is_number());
    // Play the round out (the players' own moves), then ask.
    loop {
        let mover = if a.me["my_turn"] == true { &mut a } else { &mut b };
        let c = mover.choose();
        mover.act(c).await.unwrap();
        a.wait_version(b.v.max(a.v)).await;
        b.wait_version(a.v).await;
        if a.status["phase"] != "playing" {
            break;
        }
    }
    assert_eq!(a.status["phase"], "round_over");
    assert_eq!(ask(&mut a, 4).await["code"], "round_over");
    assert_eq!(version_of(&server, &id).await, a.v, "nothing changed");

    let g = create(&server, game(true, two_humans(), "none")).await;
    let id = g["id"].as_str().unwrap().to_string();
    let mut a = Client::connect(addr, &id, Some(&token_of(&g, 0))).await;
    let mut b = Client::connect(addr, &id, Some(&token_of(&g, 1))).await;
    while a.status["phase"] == "playing" {
        let mover = if a.me["my_turn"] == true { &mut a } else { &mut b };
        let c = mover.choose();
        mover.act(c).await.unwrap();
        let v = a.v.max(b.v);
        a.wait_version(v).await;
        b.wait_version(v).await;
    }
    assert_eq!(a.status["phase"], "game_over");
    assert_eq!(ask(&mut a, 5).await["code"], "game_over");
    // No hint was given: none counted.
    let c = Client::connect(addr, &id, None).await;
    let snap: Value = serde_json::from_str(&c.received[0]).unwrap();
    assert_eq!(snap["hints_used"], json!([]));
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hint_is_legal_changes_nothing_and_is_counted_in_public_across_a_restart() {
    let db = temp_db();
    // One decision at a time: the test holds it to keep a hint waiting.
    let one = |c: &mut triominos_server::ServeConfig| {
        quick(c);
        c.max_thinking = 1;
    };
    let server = start_with(&db, one).await;
    let addr = server.addr;
    let g = create(&server, game(true, human_and_bot(), "400")).await;
    let id = g["id"].as_str().unwrap().to_string();
    let mut me = Client::connect(addr, &id, Some(&token_of(&g, 0))).await;
    let mut spec = Client::connect(addr, &id, None).await;
    me.wait_turn().await;
    let v = me.v;
    let h = ask(&mut me, 1).await;
    assert_eq!(h["type"], "hint", "{h}");
    assert_eq!(h["v"], v);
    assert!(is_legal(&me.me, &h["action"]), "{h} is legal in {}", me.me);
    assert!(!h["reasons"].as_array().unwrap().is_empty());
    if h["action"]["kind"] == "play" {
        let p = me.me["legal"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["tile"] == h["action"]["tile"] && p["cell"] == h["action"]["cell"])
            .unwrap()
            .clone();
        assert_eq!(h["points"], p["points"], "the engine's points of that play");
    }
    // Nothing changed; everyone is told the hint was used.
    assert_eq!(version_of(&server, &id).await, v);
    let round = me.status["round"].as_u64().unwrap();
    assert_eq!(hints_used(&mut me).await, json!([{"round": round, "seat": 0, "count": 1}]));
    assert_eq!(hints_used(&mut spec).await, json!([{"round": round, "seat": 0, "count": 1}]));
    // Asked again at the same moment: the same search, the same hint.
    let again = ask(&mut me, 2).await;
    assert_eq!(again["action"], h["action"]);
    assert_eq!(again["reasons"], h["reasons"]);
    assert_eq!(hints_used(&mut me).await[0]["count"], 2);
    assert_eq!(version_of(&server, &id).await, v);

    // One at a time per seat: while one waits for its turn to think, a second is refused.
    let permit = server.state.thinking.acquire(Lane::People, 1).await;
    me.send(json!({"type": "hint", "id": 10})).await;
    me.send(json!({"type": "hint", "id": 11})).await;
    let busy = me.recv_type("error").await;
    assert_eq!(busy["code"], "hint_busy", "{busy}");
    // A hint the game moves past before it is ready is not given nor counted.
    let play = me.choose();
    let played = me.act(play).await.unwrap();
    drop(permit);
    let stale = me.recv_type("error").await;
    assert_eq!(stale["code"], "hint_stale", "{stale}");
    assert!(played > v);

    // Kept across a restart: in the snapshot.
    server.stop().await;
    let server = start_with(&db, one).await;
    let c = Client::connect(server.addr, &id, None).await;
    let snap: Value = serde_json::from_str(&c.received[0]).unwrap();
    assert_eq!(snap["hints_used"], json!([{"round": round, "seat": 0, "count": 2}]));
    assert_eq!(snap["game"]["hints"], true);
    server.stop().await;
}

/// A position `steps` random legal actions into a game (next rounds dealt).
fn position(rules: RuleSet, players: usize, seed: u64, steps: usize) -> Game {
    let mut g = Game::new(rules, players, seed).unwrap();
    let mut rng = seeded(seed ^ 0x5eed);
    for _ in 0..steps {
        match g.public().phase() {
            Phase::GameOver => break,
            Phase::RoundOver => g.next_round().unwrap(),
            Phase::Playing => {
                let legal = g.legal_actions();
                let a = legal[below(&mut rng, legal.len() as u32) as usize];
                g.play(a).unwrap();
            }
        }
    }
    g
}

#[test]
fn the_hint_depends_on_nothing_hidden() {
    // Two games with the same public history and the same hand of the asking
    // seat, other hidden hands and pool: the same hint for the same seed.
    let mut compared = 0;
    for seed in 0..24u64 {
        let preset = ["goliath", "pressman", "dominos-triangles"][seed as usize % 3];
        let players = 2 + (seed as usize % 3);
        let game = position(RuleSet::preset(preset).unwrap(), players, seed, 6 + seed as usize * 2);
        if game.public().phase() != Phase::Playing {
            continue;
        }
        let me = game.to_move();
        let obs = game.observe(me);
        let mut rng = seeded(seed);
        let twin = (0..50)
            .map(|_| obs.determinize(&mut rng))
            .find(|g| (0..players as u8).any(|s| g.hand(s) != game.hand(s)) || !g.pool().eq(game.pool()))
            .expect("other hidden hands");
        assert_eq!(twin.public().events(), game.public().events());
        assert_eq!(twin.hand(me), game.hand(me));
        let settings = Settings { search: 150, deals: 40 };
        let a = hint::suggest(&obs, settings, 42).expect("a decision");
        let b = hint::suggest(&twin.observe(me), settings, 42).expect("a decision");
        assert_eq!(a, b, "{preset}, seed {seed}");
        assert!(game.is_legal(a.action), "{:?}", a.action);
        compared += 1;
    }
    assert!(compared > 12, "{compared}");
}

/// The hint is the judge's: the same action, reasons and grades as
/// `judge::hint` (the judgement the review uses), its grades from the idea
/// (no tile named) to the tile to the whole action, and the same on the
/// wire as `{"code", "params"}`.
#[test]
fn the_hint_is_the_judges_graded_from_the_idea_to_the_spot() {
    let settings = Settings { search: 150, deals: 40 };
    let mut plays = 0;
    for seed in 0..10u64 {
        let preset = ["goliath", "pressman"][seed as usize % 2];
        let game = position(RuleSet::preset(preset).unwrap(), 2, seed, 10 + (seed as usize * 7) % 40);
        if game.public().phase() != Phase::Playing {
            continue;
        }
        let obs = game.observe(game.to_move());
        let h = hint::suggest(&obs, settings, 9).expect("a decision");
        let j = triominos_bots::judge::hint(&obs, settings, 9).unwrap();
        assert_eq!((h.action, &h.reasons, &h.grades, h.as_good.clone()), (j.action, &j.reasons, &j.grades, j.as_good));
        assert!(!h.grades.idea.names_a_tile(), "{:?}", h.grades.idea);
        assert_eq!(h.grades.tile, h.action.placement().map(|p| p.tile));
        assert_eq!(h.grades.action, h.action);
        assert!(!h.reasons.is_empty() && h.se >= 0.0);
        let wire = serde_json::to_value(&h).unwrap();
        assert!(wire["reasons"][0]["code"].is_string(), "{wire}");
        assert!(wire["grades"]["idea"]["code"].is_string(), "{wire}");
        if let Action::Play { placement, .. } = h.action {
            assert_eq!(wire["grades"]["tile"], placement.tile.to_string());
            plays += 1;
        }
    }
    assert!(plays >= 3, "{plays}");
}

/// Issue 35: one client asking hints in a loop on many games held the
/// thinking slots. Now a client (its address) has at most
/// `--max-hints-per-client` hints waiting or worked out, all its games
/// together: one more is `hint_busy`; once they are answered it may ask again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clients_hints_on_all_its_games_are_capped() {
    let db = temp_db();
    let server = start_with(&db, |c| {
        quick(c);
        c.max_thinking = 1;
        c.max_hints_per_client = 2;
    })
    .await;
    let mut movers = Vec::new();
    for _ in 0..3 {
        let g = create(&server, game(true, two_humans(), "none")).await;
        let id = g["id"].as_str().unwrap().to_string();
        let a = Client::connect(server.addr, &id, Some(&token_of(&g, 0))).await;
        let b = Client::connect(server.addr, &id, Some(&token_of(&g, 1))).await;
        movers.push(if a.me["my_turn"] == true { a } else { b });
    }
    // No hint is worked out while the test holds the one slot.
    let permit = server.state.thinking.acquire(Lane::People, 1).await;
    movers[0].send(json!({"type": "hint", "id": 1})).await;
    movers[1].send(json!({"type": "hint", "id": 1})).await;
    until("two hints waiting", || server.state.thinking.status().waiting_hints == 2).await;
    assert_eq!(ask(&mut movers[2], 1).await["code"], "hint_busy", "the client's third");
    drop(permit);
    for m in movers.iter_mut().take(2) {
        assert_eq!(m.recv_type("hint").await["id"], 1);
    }
    until("the shares given back", || server.state.shares.is_empty()).await;
    assert_eq!(ask(&mut movers[2], 2).await["type"], "hint", "answered now");
    server.stop().await;
}
