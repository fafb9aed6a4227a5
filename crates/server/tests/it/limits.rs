//! Bounded games: idle games leave memory and come back on demand; games per
//! client, games in all and the rate of creation per client are capped, each
//! refusal a 429 `{code, params}`.

use crate::common;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::Request;
use common::*;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tower::ServiceExt;
use triominos_server::Server;

fn two_humans() -> Value {
    json!({"preset": "goliath", "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]})
}

/// A creation from the client at `ip` (as the accept loop tells the router).
async fn create_from(server: &Server, ip: &str, req: &Value) -> (u16, Value) {
    let mut r = Request::builder()
        .method("POST")
        .uri("/api/games")
        .header("content-type", "application/json")
        .body(Body::from(req.to_string()))
        .unwrap();
    let addr = SocketAddr::new(ip.parse().unwrap(), 40000);
    r.extensions_mut().insert(ConnectInfo(addr));
    let resp = triominos_server::http::router::router(server.state.clone()).oneshot(r).await.unwrap();
    let status = resp.status().as_u16();
    let bytes = axum::body::to_bytes(resp.into_body(), usize::MAX).await.unwrap();
    (status, serde_json::from_slice(&bytes).unwrap())
}

/// Settings for these tests: no sweep unless asked, no eviction delay.
async fn server_with(db: &std::path::Path, set: impl FnOnce(&mut triominos_server::ServeConfig)) -> Server {
    start_with(db, |c| {
        c.sweep_every = Duration::ZERO;
        c.evict_after = Duration::ZERO;
        set(c);
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_game_leaves_memory_and_comes_back_as_it_was() {
    let db = temp_db();
    let server = server_with(&db, |_| {}).await;
    let state = server.state.clone();
    let g = create(&server, two_humans()).await;
    let id = g["id"].as_str().unwrap().to_string();
    let mut a = Client::connect(server.addr, &id, Some(&token_of(&g, 0))).await;
    let mut b = Client::connect(server.addr, &id, Some(&token_of(&g, 1))).await;
    // Connected: it stays.
    assert_eq!(state.games.evict_idle(), 0);
    assert!(state.games.is_in_memory(&id));
    for _ in 0..4 {
        let to_move = a.status["to_move"].as_u64().unwrap();
        let (mover, other) = if to_move == 0 { (&mut a, &mut b) } else { (&mut b, &mut a) };
        let choice = mover.choose();
        let v = mover.act(choice).await.unwrap();
        other.wait_version(v).await;
    }
    let hand = a.me["hand"].clone();
    let v = a.v;
    drop((a, b));
    // Once both sessions are over, nothing holds it: dropped.
    until("the idle game dropped from memory", || {
        state.games.evict_idle();
        !state.games.is_in_memory(&id)
    })
    .await;
    // Asked for again: loaded, replayed, the same game.
    let a = Client::connect(server.addr, &id, Some(&token_of(&g, 0))).await;
    assert_eq!((a.v, a.me["hand"].clone()), (v, hand));
    assert!(state.games.is_in_memory(&id));
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_where_a_bot_plays_stays_and_the_sweep_drops_the_idle_ones_by_itself() {
    let db = temp_db();
    let server = start_with(&db, |c| {
        c.evict_after = Duration::ZERO;
        c.sweep_every = Duration::from_millis(20);
    })
    .await;
    let state = server.state.clone();
    // Bots alone to 100,000: they play for a long while.
    let bots = create(
        &server,
        json!({"preset": "goliath", "options": {"target": "100000"},
            "seats": [{"kind": "bot", "level": "beginner"}, {"kind": "bot", "level": "beginner"}]}),
    )
    .await;
    let bots = bots["id"].as_str().unwrap().to_string();
    let idle = create(&server, two_humans()).await["id"].as_str().unwrap().to_string();
    until("the sweep dropped the idle game", || !state.games.is_in_memory(&idle)).await;
    // Many sweeps later, the bots still play in memory.
    let v0 = state.game(&bots).await.unwrap().version().await;
    until("the bots played on", || state.games.evict_idle() == 0 && state.games.is_in_memory(&bots)).await;
    let mut spec = Client::connect(server.addr, &bots, None).await;
    spec.wait_version(v0 + 20).await;
    assert!(state.games.is_in_memory(&bots));
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_per_client_are_capped_until_one_ends() {
    let db = temp_db();
    let server = server_with(&db, |c| {
        c.max_games_per_client = 2;
        c.create_per_minute = 0;
    })
    .await;
    let mut mine = Vec::new();
    for _ in 0..2 {
        let (s, g) = create_from(&server, "192.0.2.1", &two_humans()).await;
        assert_eq!(s, 201, "{g}");
        mine.push(g["id"].as_str().unwrap().to_string());
    }
    let (s, r) = create_from(&server, "192.0.2.1", &two_humans()).await;
    assert_eq!((s, r.clone()), (429, json!({"code": "too_many_games", "params": {"max": 2}})));
    // Another client is not counted with it; an IPv6 host is its /64.
    assert_eq!(create_from(&server, "192.0.2.2", &two_humans()).await.0, 201);
    assert_eq!(create_from(&server, "2001:db8::1", &two_humans()).await.0, 201);
    assert_eq!(create_from(&server, "2001:db8::1", &two_humans()).await.0, 201);
    assert_eq!(create_from(&server, "2001:db8::2:3", &two_humans()).await.0, 429, "same /64");
    // One of its games ends: it may create one more.
    server.state.store.finish(triominos_server::store::Owned::new(mine[0].clone(), 1), 5, "{}".into()).await.unwrap();
    assert_eq!(create_from(&server, "192.0.2.1", &two_humans()).await.0, 201);
    assert_eq!(create_from(&server, "192.0.2.1", &two_humans()).await.0, 429);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unfinished_games_in_all_are_capped_stored_ones_included() {
    let db = temp_db();
    {
        // One unfinished game stored before the start, on disk only.
        let server = start(&db).await;
        create(&server, two_humans()).await;
        server.stop().await;
    }
    let server = server_with(&db, |c| c.max_games = 3).await;
    assert_eq!(server.state.games.in_memory(), 0);
    assert_eq!(create_from(&server, "192.0.2.1", &two_humans()).await.0, 201);
    assert_eq!(create_from(&server, "192.0.2.2", &two_humans()).await.0, 201);
    let (s, r) = create_from(&server, "192.0.2.3", &two_humans()).await;
    assert_eq!((s, r), (429, json!({"code": "server_full", "params": {"max": 3}})));
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn creating_too_fast_is_refused_with_when_to_try_again() {
    let db = temp_db();
    let server = server_with(&db, |c| {
        c.create_burst = 3;
        c.create_per_minute = 1;
        c.max_games_per_client = 0;
    })
    .await;
    for _ in 0..3 {
        assert_eq!(create_from(&server, "192.0.2.1", &two_humans()).await.0, 201);
    }
    let (s, r) = create_from(&server, "192.0.2.1", &two_humans()).await;
    assert_eq!((s, r["code"].clone()), (429, json!("too_fast")));
    let wait = r["params"]["retry_after"].as_u64().unwrap();
    assert!((1..=60).contains(&wait), "{r}");
    assert_eq!(create_from(&server, "192.0.2.2", &two_humans()).await.0, 201, "another client has its own");
    server.stop().await;
}

/// One HTTP request over a real socket: the status.
async fn post_over_tcp(addr: SocketAddr, body: &str) -> u16 {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let req = format!(
        "POST /api/games HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\
         Connection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).await.unwrap();
    out.split(' ').nth(1).unwrap().parse().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_client_is_its_peer_address_over_a_real_socket() {
    let db = temp_db();
    let server = server_with(&db, |c| {
        c.create_burst = 1;
        c.create_per_minute = 1;
    })
    .await;
    let body = two_humans().to_string();
    assert_eq!(post_over_tcp(server.addr, &body).await, 201);
    assert_eq!(post_over_tcp(server.addr, &body).await, 429, "the same loopback client");
    server.stop().await;
}

// ---------- Score sheets by client (issue 35) ----------

/// A sheet made by the client at `ip`.
async fn sheet_from(server: &Server, ip: &str) -> (u16, Value) {
    let mut r = Request::builder()
        .method("POST")
        .uri("/api/pad")
        .header("content-type", "application/json")
        .body(Body::from(json!({"names": ["Ann", "Bob"], "preset": "goliath"}).to_string()))
        .unwrap();
    r.extensions_mut().insert(ConnectInfo(SocketAddr::new(ip.parse().unwrap(), 40000)));
    let resp = triominos_server::http::router::router(server.state.clone()).oneshot(r).await.unwrap();
    let status = resp.status().as_u16();
    let bytes = axum::body::to_bytes(resp.into_body(), usize::MAX).await.unwrap();
    (status, serde_json::from_slice(&bytes).unwrap())
}

/// Issue 35: one client made 912 sheets a second (about 5 GB an hour) and a
/// full disk then refused every person's move. Now a client makes at most
/// `--sheets-per-hour` sheets an hour, and the server stores at most
/// `--max-sheets`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sheets_are_limited_per_client_per_hour_and_in_all() {
    let db = temp_db();
    let server = server_with(&db, |c| {
        c.sheets_per_hour = 5;
        c.max_sheets = 8;
    })
    .await;
    for _ in 0..5 {
        assert_eq!(sheet_from(&server, "192.0.2.1").await.0, 201);
    }
    let (s, body) = sheet_from(&server, "192.0.2.1").await;
    assert_eq!(s, 429, "{body}");
    assert_eq!(body["code"], "sheets_too_fast");
    // 5 an hour: the next one in 12 minutes.
    assert_eq!(body["params"]["retry_after"], 720);
    // The same /64 is the same client; another client has its own hour.
    for _ in 0..3 {
        assert_eq!(sheet_from(&server, "2001:db8:0:7::1").await.0, 201);
    }
    // Eight stored: the server takes no more, whoever asks.
    let (s, body) = sheet_from(&server, "2001:db8:0:7::2").await;
    assert_eq!((s, body), (429, json!({"code": "too_many_sheets", "params": {"max": 8}})));
}

/// Sheets with no entry left unchanged for `--empty-sheet-days` are deleted
/// by the sweep; a sheet with an entry, or a recent one, stays.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn old_empty_sheets_are_swept_and_the_others_kept() {
    let db = temp_db();
    let server = server_with(&db, |c| c.empty_sheet_days = 30).await;
    let mut ids = Vec::new();
    for _ in 0..3 {
        let (s, body) = sheet_from(&server, "192.0.2.1").await;
        assert_eq!(s, 201);
        ids.push((body["id"].as_str().unwrap().to_string(), body["key"].as_str().unwrap().to_string()));
    }
    // The second gets an entry.
    let (s, _, body) = http_with(
        &server,
        "POST",
        &format!("/api/pad/{}/entries", ids[1].0),
        Some(&json!({"entry": {"kind": "play", "player": 0, "tile": "5-5-5"}}).to_string()),
        &[("x-pad-key", &ids[1].1)],
    )
    .await;
    assert!(s == 200 || s == 201, "{s} {body}");
    // The first two were last changed 31 days ago.
    server.state.store.flush().await.unwrap();
    let conn = rusqlite::Connection::open(&*db).unwrap();
    let old = triominos_server::store::now() - 31 * 86_400;
    for (id, _) in &ids[..2] {
        conn.execute("UPDATE pad_sheets SET updated = ?1 WHERE id = ?2", rusqlite::params![old, id]).unwrap();
    }
    drop(conn);
    assert_eq!(triominos_server::pad::sweep(&server.state).await, 1, "only the old empty one");
    assert_eq!(http(&server, "GET", &format!("/api/pad/{}", ids[0].0), None).await.0, 404);
    assert_eq!(http(&server, "GET", &format!("/api/pad/{}", ids[1].0), None).await.0, 200);
    assert_eq!(http(&server, "GET", &format!("/api/pad/{}", ids[2].0), None).await.0, 200);
}
