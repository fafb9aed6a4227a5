//! The attacks of issue 35, each at the size, against a server
//! started in this process with its default settings (bot delay 600 ms),
//! while a "canary" (a person playing a Casual bot) and a stream of fresh
//! requests from another address are timed.
//!
//! `cargo run --release -p triominos-server --example attacks -- [--seconds N] [--only NAME]`
//!
//! Phases, one after another: `quiet` (the canary alone), `hints` (6
//! addresses asking hints in a loop on 60 games), `slow` (1,000 connections
//! of one address whose bodies never come, and 1,000 spectator sockets of
//! another), `reviews` (300 review requests held open from one address),
//! `big-reviews` (40 reviews of 20,000 iterations from 20 addresses while a
//! game of two Casual bots plays), `sheets` (one address creating score
//! sheets as fast as it can); and those of issue 44: `takeback-loop` (ten
//! slow tables of one address asking and refusing a takeback in a loop),
//! `takeback-flood` (a takeback asked again at each refusal against an
//! opponent who tries to move), `expert-jam` (ten games against Expert moving
//! at once from one address and twenty never joined from two others, their
//! Expert stand-ins playing),
//! `rematch` (resign and "play again" in a loop), `toggles` ("play again" and
//! decline in a loop before ten spectators); and issue 45's `tables` (a
//! waiting table's creator asking it for changes as fast as it can, another
//! of its people asking to start it); and issue 48's `forged` (one address
//! creating sheets as fast as it can, each with another forged
//! `X-Forwarded-For`, and another asking `/api/health` as fast as it
//! answers); and issue 47's `pools` (one address entering a "Play now"
//! pool and leaving it, and listing the open tables, as fast as it can) and
//! `sign-ins` (one address sending sign-ins with wrong passwords as fast as
//! it is answered, while 50 others each spend their burst of sign-ins: every
//! one an argon2id hash to check); and issue 48's `health` (one address
//! asking `/api/health` as fast as it answers, past its bucket, while the
//! machine's own address, 127.0.0.1, checks ten times a second and is never
//! refused). The server has the defaults of
//! `triominos serve`, creation limits included (the canary resigns each game
//! it leaves). Each phase prints the canary bot's answer time
//! (from the person's move acknowledged to the bot's move seen), fresh
//! requests' times (`GET /api/meta` on a new connection from 127.0.0.1),
//! the process's RSS, and what the attack got.
//!
//! The attackers use the loopback addresses 127.0.0.2 and up (one client
//! each, as the server counts clients); Linux routes all of 127/8 to lo.

use serde_json::{json, Value};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use triominos_protocol::client::{Client, Incoming, Link};

/// A game's socket: the protocol's one typed client (messages the attacks
/// send as typed or as raw text, `Client::send_text`).
type Ws = Client;

/// A TCP connection from the loopback address `from`.
async fn tcp(from: &str, addr: SocketAddr) -> std::io::Result<TcpStream> {
    let s = TcpSocket::new_v4()?;
    s.bind(format!("{from}:0").parse().expect("an address"))?;
    s.connect(addr).await
}

/// One request on a new connection from `from`: (status, body).
async fn request(from: &str, addr: SocketAddr, method: &str, path: &str, body: &str) -> Option<(u16, String)> {
    request_with(from, addr, method, path, "", body).await
}

/// [`request`] with more header lines (`Name: value\r\n` each).
async fn request_with(
    from: &str,
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &str,
    body: &str,
) -> Option<(u16, String)> {
    let mut s = tcp(from, addr).await.ok()?;
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\n{headers}Content-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.ok()?;
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await.ok()?;
    let text = String::from_utf8_lossy(&buf);
    let status = text.split(' ').nth(1)?.parse().ok()?;
    Some((status, text.split_once("\r\n\r\n").map_or("", |x| x.1).to_string()))
}

async fn create(from: &str, addr: SocketAddr, req: Value) -> Value {
    let (s, body) = request(from, addr, "POST", "/api/games", &req.to_string()).await.expect("created");
    assert_eq!(s, 201, "{body}");
    serde_json::from_str(&body).expect("json")
}

fn token(g: &Value, seat: usize) -> String {
    let link = g["seats"][seat]["link"].as_str().or_else(|| g["seats"][seat].as_str()).unwrap_or_default();
    link.rsplit('/').next().unwrap_or_default().to_string()
}

/// A game's socket from `from`, hello sent (`token` `None`: a spectator).
async fn socket(from: &str, addr: SocketAddr, id: &str, token: Option<&str>) -> Option<Ws> {
    let stream = tcp(from, addr).await.ok()?;
    let mut ws = Client::open_over(&Link::new(addr, id, token), stream).await.ok()?;
    ws.hello().await.ok()?;
    Some(ws)
}

/// The next message as JSON (the attacks read `hint`s too, which the typed
/// client does not); `None` once the socket closed.
async fn next(ws: &mut Ws) -> Option<Value> {
    match ws.recv().await.ok()? {
        Incoming::Msg { text, .. } => serde_json::from_str(&text).ok(),
        Incoming::Closed(_) => None,
    }
}

/// What a seat knows: whether it is to play and what it may play.
#[derive(Default)]
struct View {
    my_turn: bool,
    playing: bool,
    over: bool,
    round_over: bool,
    v: u64,
    me: Value,
}

impl View {
    fn absorb(&mut self, m: &Value) {
        let deltas = match m["type"].as_str() {
            Some("snapshot") => &m["log"],
            Some("update") => &m["deltas"],
            _ => return,
        };
        if let Some(last) = deltas.as_array().and_then(|d| d.last()) {
            self.v = self.v.max(last["v"].as_u64().unwrap_or(0));
            let phase = last["status"]["phase"].as_str().unwrap_or("");
            self.playing = phase == "playing";
            self.over = phase == "game_over";
            self.round_over = phase == "round_over";
        }
        if m["me"].is_object() {
            self.me = m["me"].clone();
            self.my_turn = self.me["my_turn"].as_bool().unwrap_or(false);
        }
    }

    fn choose(&self) -> Value {
        let legal = self.me["legal"].as_array().cloned().unwrap_or_default();
        if let Some(best) = legal.iter().max_by_key(|p| p["points"].as_i64().unwrap_or(0)) {
            return json!({"kind": "play", "tile": best["tile"], "cell": best["cell"], "rotation": best["rotation"]});
        }
        if self.me["can_draw"].as_bool().unwrap_or(false) {
            json!({"kind": "draw"})
        } else {
            json!({"kind": "pass"})
        }
    }
}

/// Timings of one phase, in microseconds.
#[derive(Default)]
struct Samples {
    canary: Mutex<Vec<u64>>,
    fresh: Mutex<Vec<u64>>,
}

fn pct(v: &[u64], p: f64) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    let mut s = v.to_vec();
    s.sort_unstable();
    s[((s.len() as f64 - 1.0) * p).round() as usize] as f64 / 1000.0
}

fn rss_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(f64::NAN, |kb| kb / 1024.0)
}

/// The canary: a person (127.0.0.1) playing Casual, game after game; each
/// bot answer timed from the person's move acknowledged to the person's turn again.
async fn canary(addr: SocketAddr, samples: Arc<Mutex<Arc<Samples>>>, stop: Arc<AtomicBool>) {
    while !stop.load(Ordering::Relaxed) {
        let g = create(
            "127.0.0.1",
            addr,
            json!({"preset": "goliath", "options": {"target": "none"},
            "seats": [{"kind": "human", "name": "Canary"}, {"kind": "bot", "level": "casual"}]}),
        )
        .await;
        let id = g["id"].as_str().expect("id").to_string();
        let Some(mut ws) = socket("127.0.0.1", addr, &id, Some(&token(&g, 0))).await else { continue };
        let mut view = View::default();
        let mut n = 0u64;
        let mut sent: Option<u64> = None;
        // The version the last timed event made, and when it was seen.
        let mut last: Option<(u64, Instant)> = None;
        while !stop.load(Ordering::Relaxed) && !view.over && !view.round_over {
            if view.my_turn && view.playing && sent.is_none() {
                last = None;
                n += 1;
                let msg = json!({"type": "action", "action": view.choose(), "id": n});
                if ws.send_text(msg.to_string()).await.is_err() {
                    break;
                }
                sent = Some(n);
                view.my_turn = false;
            }
            let Some(m) = next(&mut ws).await else { break };
            if m["type"] == "ack" && sent.is_some_and(|i| m["id"] == i) {
                sent = None;
                last = Some((m["v"].as_u64().unwrap_or(0), Instant::now()));
            } else if m["type"] == "error" {
                sent = None;
            }
            let before = view.v;
            view.absorb(&m);
            // Each bot action after the person's: its time from the event before it.
            if let Some((v, t)) = last {
                if m["type"] == "update" && view.v > v && view.v > before {
                    samples.lock().unwrap().canary.lock().unwrap().push(t.elapsed().as_micros() as u64);
                    last = Some((view.v, Instant::now()));
                }
            }
        }
        // Ended: the canary's games do not pile up among its unfinished ones.
        let resign = json!({"type": "action", "action": {"kind": "resign", "seat": 0}, "id": n + 1});
        let _ = ws.send_text(resign.to_string()).await;
        let _ = tokio::time::timeout(Duration::from_secs(5), next(&mut ws)).await;
    }
}

/// Fresh requests from 127.0.0.1, one every 100 ms, each on a new connection.
async fn fresh(addr: SocketAddr, samples: Arc<Mutex<Arc<Samples>>>, stop: Arc<AtomicBool>) {
    while !stop.load(Ordering::Relaxed) {
        let s = samples.lock().unwrap().clone();
        let t0 = Instant::now();
        let ok =
            tokio::time::timeout(Duration::from_secs(60), request("127.0.0.1", addr, "GET", "/api/meta", "")).await;
        let us = match ok {
            Ok(Some((200, _))) => t0.elapsed().as_micros() as u64,
            _ => 60_000_000,
        };
        s.fresh.lock().unwrap().push(us);
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// A game of two people played to its end at once (for the reviews).
async fn finished_game(addr: SocketAddr) -> String {
    let g = create(
        "127.0.0.1",
        addr,
        json!({"preset": "goliath", "options": {"target": "none"},
        "seats": [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}]}),
    )
    .await;
    let id = g["id"].as_str().expect("id").to_string();
    let mut seats = Vec::new();
    for s in 0..2 {
        seats.push((socket("127.0.0.1", addr, &id, Some(&token(&g, s))).await.expect("socket"), View::default()));
    }
    let mut n = 0;
    loop {
        for (ws, view) in seats.iter_mut() {
            while let Ok(Ok(Incoming::Msg { text: t, .. })) =
                tokio::time::timeout(Duration::from_millis(20), ws.recv()).await
            {
                if let Ok(m) = serde_json::from_str::<Value>(&t) {
                    view.absorb(&m);
                }
            }
        }
        if seats.iter().any(|(_, v)| v.over || v.round_over) {
            break;
        }
        for (ws, view) in seats.iter_mut() {
            if view.my_turn && view.playing {
                n += 1;
                let msg = json!({"type": "action", "action": view.choose(), "id": n});
                let _ = ws.send_text(msg.to_string()).await;
                view.my_turn = false;
            }
        }
    }
    id
}

/// Attack 1: `addresses` clients, each with 10 games of two people with
/// hints on, asking a hint in a loop at the seat to play.
async fn hints(addr: SocketAddr, addresses: usize, asked: Arc<AtomicU64>, stop: Arc<AtomicBool>) {
    let mut tasks = Vec::new();
    for a in 0..addresses {
        let from = format!("127.0.0.{}", 2 + a);
        for _ in 0..10 {
            let g = create(
                &from,
                addr,
                json!({"preset": "goliath", "hints": true, "options": {"target": "none"},
                "seats": [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}]}),
            )
            .await;
            let (from, stop, asked) = (from.clone(), stop.clone(), asked.clone());
            tasks.push(tokio::spawn(async move {
                let id = g["id"].as_str().expect("id").to_string();
                // Seat 0 opens: it asks, again and again.
                let Some(mut ws) = socket(&from, addr, &id, Some(&token(&g, 0))).await else { return };
                let mut n = 0u64;
                while !stop.load(Ordering::Relaxed) {
                    n += 1;
                    let msg = json!({"type": "hint", "id": n});
                    if ws.send_text(msg.to_string()).await.is_err() {
                        return;
                    }
                    loop {
                        let Some(m) = next(&mut ws).await else { return };
                        if m["id"] == n && (m["type"] == "hint" || m["type"] == "error") {
                            if m["type"] == "hint" {
                                asked.fetch_add(1, Ordering::Relaxed);
                            } else {
                                tokio::time::sleep(Duration::from_millis(50)).await;
                            }
                            break;
                        }
                    }
                }
            }));
        }
    }
    for t in tasks {
        let _ = t.await;
    }
}

/// Attack 2: `n` connections of 127.0.0.20 sending a request head that
/// announces a body and no body, opened again as they close; `n` spectator
/// sockets of 127.0.0.21 on `game`.
async fn slow(addr: SocketAddr, n: usize, game: String, held: Arc<AtomicU64>, stop: Arc<AtomicBool>) {
    let mut tasks = Vec::new();
    for i in 0..n {
        let (stop, held, game) = (stop.clone(), held.clone(), game.clone());
        tasks.push(tokio::spawn(async move {
            while !stop.load(Ordering::Relaxed) {
                if i % 2 == 0 {
                    let Ok(mut s) = tcp("127.0.0.20", addr).await else {
                        tokio::time::sleep(Duration::from_millis(100)).await;
                        continue;
                    };
                    let head = b"POST /api/pad HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n";
                    let _ = s.write_all(head).await;
                    held.fetch_add(1, Ordering::Relaxed);
                    let mut buf = [0u8; 256];
                    while let Ok(k) = s.read(&mut buf).await {
                        if k == 0 || stop.load(Ordering::Relaxed) {
                            break;
                        }
                    }
                    held.fetch_sub(1, Ordering::Relaxed);
                } else {
                    let Some(mut ws) = socket("127.0.0.21", addr, &game, None).await else {
                        tokio::time::sleep(Duration::from_millis(100)).await;
                        continue;
                    };
                    held.fetch_add(1, Ordering::Relaxed);
                    while !stop.load(Ordering::Relaxed) {
                        if next(&mut ws).await.is_none() {
                            break;
                        }
                    }
                    held.fetch_sub(1, Ordering::Relaxed);
                }
                // Opened again a second after it is closed or refused.
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        }));
    }
    for t in tasks {
        let _ = t.await;
    }
}

/// Attacks 3 and 4: `n` review requests held open from `addresses` clients
/// (127.0.1.x), each sent again once answered; counts 200s and refusals.
async fn reviews(
    addr: SocketAddr,
    game: String,
    n: usize,
    addresses: usize,
    iterations: u32,
    got: Arc<[AtomicU64; 2]>,
    stop: Arc<AtomicBool>,
) {
    let mut tasks = Vec::new();
    for i in 0..n {
        let (stop, got, game) = (stop.clone(), got.clone(), game.clone());
        let from = format!("127.0.1.{}", 1 + i % addresses);
        tasks.push(tokio::spawn(async move {
            let mut k = 0u32;
            while !stop.load(Ordering::Relaxed) {
                k += 1;
                // Budgets that differ: no two requests share a result.
                let path = format!(
                    "/api/games/{game}/review?seat=0&iterations={}&samples=200",
                    iterations - (i as u32 * 97 + k) % 500
                );
                match request(&from, addr, "GET", &path, "").await {
                    Some((200, _)) => drop(got[0].fetch_add(1, Ordering::Relaxed)),
                    _ => {
                        got[1].fetch_add(1, Ordering::Relaxed);
                        tokio::time::sleep(Duration::from_millis(200)).await;
                    }
                }
            }
        }));
    }
    for t in tasks {
        let _ = t.await;
    }
}

/// Attack 5: sheets created as fast as one client (127.0.0.30) can.
async fn sheets(addr: SocketAddr, got: Arc<[AtomicU64; 2]>, stop: Arc<AtomicBool>) {
    let body = json!({"names": ["Ann", "Bob", "Cy", "Di"], "preset": "goliath"}).to_string();
    while !stop.load(Ordering::Relaxed) {
        match request("127.0.0.30", addr, "POST", "/api/pad", &body).await {
            Some((201, _)) => got[0].fetch_add(1, Ordering::Relaxed),
            _ => got[1].fetch_add(1, Ordering::Relaxed),
        };
    }
}

/// Plays a seat's turns at once (the best placement, else draw or pass)
/// until `stop` or the game's end; counts its moves in `moved`. Answers
/// takebacks with `accept` (when `Some`).
async fn play_seat(mut ws: Ws, accept: Option<bool>, moved: Arc<AtomicU64>, stop: Arc<AtomicBool>) {
    let mut view = View::default();
    let mut n = 0u64;
    while !stop.load(Ordering::Relaxed) && !view.over {
        if view.my_turn && view.playing {
            n += 1;
            let msg = json!({"type": "action", "action": view.choose(), "id": n});
            if ws.send_text(msg.to_string()).await.is_err() {
                return;
            }
            view.my_turn = false;
        }
        let Ok(Some(m)) = tokio::time::timeout(Duration::from_millis(500), next(&mut ws)).await else { continue };
        if m["type"] == "ack" {
            moved.fetch_add(1, Ordering::Relaxed);
        }
        if m["type"] == "error" {
            // Refused (the table waits for a takeback): try again at the next message.
            view.my_turn = view.me["my_turn"].as_bool().unwrap_or(false);
        }
        if let (Some(a), "takeback", "asked") =
            (accept, m["type"].as_str().unwrap_or(""), m["outcome"].as_str().unwrap_or(""))
        {
            let msg = json!({"type": "takeback_answer", "accept": a});
            let _ = ws.send_text(msg.to_string()).await;
        }
        view.absorb(&m);
    }
}

/// Issue 44, attack 6: the takeback loop. 127.0.0.40 makes 10 slow tables
/// (a day a move) of its own two seats with takebacks, places a tile, then
/// on one socket asks a takeback and on the other refuses, in a loop.
/// Counts the asks sent and what the server answered.
async fn takeback_loop(addr: SocketAddr, got: Arc<[AtomicU64; 2]>, stop: Arc<AtomicBool>) {
    let from = "127.0.0.40";
    let mut tasks = Vec::new();
    for _ in 0..10 {
        let g = create(
            from,
            addr,
            json!({"preset": "goliath", "takebacks": true, "pace": {"kind": "slow", "move_seconds": 86400},
            "seats": [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}]}),
        )
        .await;
        let id = g["id"].as_str().expect("id").to_string();
        let (stop, got) = (stop.clone(), got.clone());
        tasks.push(tokio::spawn(async move {
            let mut seats = Vec::new();
            for s in 0..2 {
                let Some(ws) = socket(from, addr, &id, Some(&token(&g, s))).await else { return };
                seats.push((ws, View::default()));
            }
            // The opener places its first tile.
            let mut mover = None;
            while mover.is_none() {
                for (i, (ws, view)) in seats.iter_mut().enumerate() {
                    if let Ok(Some(m)) = tokio::time::timeout(Duration::from_millis(50), next(ws)).await {
                        view.absorb(&m);
                    }
                    if view.my_turn && view.playing {
                        let msg = json!({"type": "action", "action": view.choose(), "id": 1});
                        let _ = ws.send_text(msg.to_string()).await;
                        mover = Some(i);
                    }
                }
            }
            let m = mover.unwrap_or(0);
            let (a, b) = seats.split_at_mut(1);
            let (asker, other) = if m == 0 { (&mut a[0].0, &mut b[0].0) } else { (&mut b[0].0, &mut a[0].0) };
            let ask = json!({"type": "takeback"}).to_string();
            let refuse = json!({"type": "takeback_answer", "accept": false}).to_string();
            while !stop.load(Ordering::Relaxed) {
                if asker.send_text(ask.clone()).await.is_err() || other.send_text(refuse.clone()).await.is_err() {
                    return;
                }
                got[0].fetch_add(1, Ordering::Relaxed);
                // Read what came back (the answers, the refusals) without waiting.
                for ws in [&mut *asker, &mut *other] {
                    while let Ok(Some(m)) = tokio::time::timeout(Duration::from_millis(0), next(ws)).await {
                        if m["type"] == "error" {
                            got[1].fetch_add(1, Ordering::Relaxed);
                        }
                    }
                }
                tokio::task::yield_now().await;
            }
        }));
    }
    for t in tasks {
        let _ = t.await;
    }
}

/// Issue 44, attack 7: takebacks against an opponent. At 5 live tables (30 s
/// a move, takebacks), 127.0.0.41 plays seat 0 and after each of its
/// placements asks a takeback, and again as soon as a refusal comes; the
/// opponent (127.0.0.42) refuses at once and plays its turns. Counts the
/// attacker's asks (`got[0]`) and the opponent's moves acknowledged (`got[1]`).
async fn takeback_flood(addr: SocketAddr, got: Arc<[AtomicU64; 2]>, stop: Arc<AtomicBool>) {
    let mut tasks = Vec::new();
    for _ in 0..5 {
        let g = create(
            "127.0.0.41",
            addr,
            json!({"preset": "goliath", "takebacks": true, "pace": {"kind": "live", "move_seconds": 30},
            "seats": [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}]}),
        )
        .await;
        let id = g["id"].as_str().expect("id").to_string();
        let Some(victim) = socket("127.0.0.42", addr, &id, Some(&token(&g, 1))).await else { continue };
        let moved = Arc::new(AtomicU64::new(0));
        tasks.push(tokio::spawn(play_seat(victim, Some(false), moved.clone(), stop.clone())));
        let Some(mut ws) = socket("127.0.0.41", addr, &id, Some(&token(&g, 0))).await else { continue };
        let (stop, got) = (stop.clone(), got.clone());
        tasks.push(tokio::spawn(async move {
            let mut view = View::default();
            let mut n = 0u64;
            let ask = json!({"type": "takeback"}).to_string();
            let mut counted = 0;
            while !stop.load(Ordering::Relaxed) && !view.over {
                let now = moved.load(Ordering::Relaxed);
                got[1].fetch_add(now - counted, Ordering::Relaxed);
                counted = now;
                if view.my_turn && view.playing {
                    n += 1;
                    let msg = json!({"type": "action", "action": view.choose(), "id": n});
                    if ws.send_text(msg.to_string()).await.is_err() {
                        return;
                    }
                    view.my_turn = false;
                }
                let Ok(Some(m)) = tokio::time::timeout(Duration::from_millis(500), next(&mut ws)).await else {
                    continue;
                };
                let again = (m["type"] == "ack" && m["id"] == n)
                    || (m["type"] == "takeback" && m["outcome"] != "asked" && m["outcome"] != "accepted");
                if again {
                    got[0].fetch_add(1, Ordering::Relaxed);
                    if ws.send_text(ask.clone()).await.is_err() {
                        return;
                    }
                }
                view.absorb(&m);
            }
        }));
    }
    for t in tasks {
        let _ = t.await;
    }
}

/// Issue 44, attack 8: Expert bots at people's tables. 127.0.0.43 plays 10
/// games against Expert, moving at once, and 127.0.0.47 and 127.0.0.48 make
/// 10 live tables (30 s) each against Expert with Expert stand-ins, never
/// joined (their stand-ins take over after 30 s, the phase's warm-up).
/// Counts the moves against Expert (`got[0]`) and the tables the creation
/// limits refused (`got[1]`).
async fn expert_jam(addr: SocketAddr, got: Arc<[AtomicU64; 2]>, stop: Arc<AtomicBool>) {
    let body = json!({"preset": "goliath", "stand_in": "expert", "pace": {"kind": "live", "move_seconds": 30},
        "seats": [{"kind": "human", "name": "A"}, {"kind": "bot", "name": "E", "level": "expert"}]})
    .to_string();
    let moved = Arc::new(AtomicU64::new(0));
    let mut tasks = Vec::new();
    for from in ["127.0.0.43", "127.0.0.47", "127.0.0.48"] {
        for _ in 0..10 {
            // As many as the creation limits let through (the others refused, counted).
            let g: Value = match request(from, addr, "POST", "/api/games", &body).await {
                Some((201, b)) => serde_json::from_str(&b).unwrap_or_default(),
                _ => {
                    got[1].fetch_add(1, Ordering::Relaxed);
                    continue;
                }
            };
            if from != "127.0.0.43" {
                continue;
            }
            let id = g["id"].as_str().expect("id").to_string();
            let Some(ws) = socket(from, addr, &id, Some(&token(&g, 0))).await else { continue };
            tasks.push(tokio::spawn(play_seat(ws, None, moved.clone(), stop.clone())));
        }
    }
    while !stop.load(Ordering::Relaxed) {
        got[0].store(moved.load(Ordering::Relaxed), Ordering::Relaxed);
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    for t in tasks {
        let _ = t.await;
    }
}

/// Issue 44, attack 9: "Play again" around the game limits. 127.0.0.44, at
/// the default limits, makes games against a bot, resigns each and asks a
/// rematch, and resigns and asks again in the new game, in a loop. Counts
/// the rematches made (`got[0]`) and refused (`got[1]`).
async fn rematches(addr: SocketAddr, got: Arc<[AtomicU64; 2]>, stop: Arc<AtomicBool>) {
    let from = "127.0.0.44";
    let body = json!({"preset": "goliath", "seats": [{"kind": "human", "name": "A"},
        {"kind": "bot", "level": "beginner"}]})
    .to_string();
    let mut link: Option<(String, String)> = None;
    while !stop.load(Ordering::Relaxed) {
        let (id, tok) = match link.take() {
            Some(l) => l,
            None => match request(from, addr, "POST", "/api/games", &body).await {
                Some((201, b)) => {
                    let g: Value = serde_json::from_str(&b).unwrap_or_default();
                    (g["id"].as_str().unwrap_or_default().to_string(), token(&g, 0))
                }
                _ => {
                    got[1].fetch_add(1, Ordering::Relaxed);
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
        };
        let Some(mut ws) = socket(from, addr, &id, Some(&tok)).await else { continue };
        let resign = json!({"type": "action", "action": {"kind": "resign", "seat": 0}, "id": 1});
        let _ = ws.send_text(resign.to_string()).await;
        let _ = ws.send_text(json!({"type": "rematch"}).to_string()).await;
        loop {
            let Ok(Some(m)) = tokio::time::timeout(Duration::from_secs(2), next(&mut ws)).await else { break };
            if m["type"] == "rematch" {
                got[0].fetch_add(1, Ordering::Relaxed);
                let l = m["link"].as_str().unwrap_or_default();
                let mut parts = l.trim_start_matches("/g/").split('/');
                if let (Some(g), Some(t)) = (parts.next(), parts.next()) {
                    link = Some((g.to_string(), t.to_string()));
                }
                break;
            }
            if m["type"] == "error" && m["code"] != "game_over" {
                got[1].fetch_add(1, Ordering::Relaxed);
                tokio::time::sleep(Duration::from_millis(100)).await;
                break;
            }
        }
    }
}

/// Issue 44, attack 10: toggling "Play again". 127.0.0.45 sends yes and no
/// in a loop at a finished table of two people watched by 10 spectators of
/// 127.0.0.46. Counts the toggles sent (`got[0]`) and the messages the
/// other seat received (`got[1]`).
async fn toggles(addr: SocketAddr, got: Arc<[AtomicU64; 2]>, stop: Arc<AtomicBool>) {
    let from = "127.0.0.45";
    let g = create(
        from,
        addr,
        json!({"preset": "goliath", "seats": [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}]}),
    )
    .await;
    let id = g["id"].as_str().expect("id").to_string();
    let Some(mut a) = socket(from, addr, &id, Some(&token(&g, 0))).await else { return };
    let Some(mut b) = socket(from, addr, &id, Some(&token(&g, 1))).await else { return };
    let resign = json!({"type": "action", "action": {"kind": "resign", "seat": 0}, "id": 1});
    let _ = a.send_text(resign.to_string()).await;
    for _ in 0..10 {
        if let Some(mut w) = socket("127.0.0.46", addr, &id, None).await {
            let stop = stop.clone();
            tokio::spawn(async move {
                while !stop.load(Ordering::Relaxed) {
                    if tokio::time::timeout(Duration::from_millis(500), next(&mut w)).await.is_ok_and(|m| m.is_none()) {
                        return;
                    }
                }
            });
        }
    }
    let got2 = got.clone();
    let stop2 = stop.clone();
    tokio::spawn(async move {
        while !stop2.load(Ordering::Relaxed) {
            match tokio::time::timeout(Duration::from_millis(500), next(&mut b)).await {
                Ok(Some(m)) if m["type"] == "rematch_asked" => drop(got2[1].fetch_add(1, Ordering::Relaxed)),
                Ok(None) => return,
                _ => {}
            }
        }
    });
    let mut yes = true;
    while !stop.load(Ordering::Relaxed) {
        let kind = if yes { "rematch" } else { "rematch_decline" };
        yes = !yes;
        if a.send_text(json!({"type": kind}).to_string()).await.is_err() {
            return;
        }
        got[0].fetch_add(1, Ordering::Relaxed);
        while let Ok(Some(_)) = tokio::time::timeout(Duration::from_millis(0), next(&mut a)).await {}
        tokio::task::yield_now().await;
    }
}

/// A waiting table's creator asking for changes as fast as it can (a seat
/// that cannot be given: checked, nothing changes), and another person at
/// the table asking to start it (issue 45). `got`: asks checked, asks
/// refused by the creator's bucket (`table_busy`); `not_host`: the other's
/// refusals.
async fn tables(addr: SocketAddr, got: Arc<[AtomicU64; 2]>, not_host: Arc<AtomicU64>, stop: Arc<AtomicBool>) {
    let seats = json!([{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}, {"kind": "human", "name": "C"}]);
    let g = create("127.0.0.31", addr, json!({"preset": "goliath", "seats": seats})).await;
    let id = g["id"].as_str().unwrap_or_default().to_string();
    let Some(mut host) = socket("127.0.0.31", addr, &id, Some(&token(&g, 0))).await else { return };
    let Some(mut other) = socket("127.0.0.32", addr, &id, Some(&token(&g, 1))).await else { return };
    let error = |m: &Value| m["type"] == "error";
    while !stop.load(Ordering::Relaxed) {
        let ask = json!({"type": "give_seat", "seat": 9}).to_string();
        if host.send_text(ask).await.is_err() {
            return;
        }
        loop {
            let Some(m) = next(&mut host).await else { return };
            if error(&m) {
                match m["code"].as_str() {
                    Some("table_busy") => got[1].fetch_add(1, Ordering::Relaxed),
                    _ => got[0].fetch_add(1, Ordering::Relaxed),
                };
                break;
            }
        }
        if other.send_text(json!({"type": "start"}).to_string()).await.is_err() {
            return;
        }
        loop {
            let Some(m) = next(&mut other).await else { return };
            if error(&m) {
                if m["code"] == "not_host" {
                    not_host.fetch_add(1, Ordering::Relaxed);
                }
                break;
            }
        }
    }
}

/// Moves of a game seen by a spectator (a game of two Casual bots).
async fn bot_moves(addr: SocketAddr, id: String, moves: Arc<AtomicU64>, stop: Arc<AtomicBool>) {
    let Some(mut ws) = socket("127.0.0.1", addr, &id, None).await else { return };
    let mut view = View::default();
    let mut last = 0;
    while !stop.load(Ordering::Relaxed) {
        let Ok(Some(m)) = tokio::time::timeout(Duration::from_millis(200), next(&mut ws)).await else { continue };
        view.absorb(&m);
        if view.v > last {
            moves.fetch_add(view.v - last, Ordering::Relaxed);
            last = view.v;
        }
    }
}

fn main() {
    let mut seconds = 20u64;
    let mut only: Option<String> = None;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--seconds" => seconds = args.next().and_then(|v| v.parse().ok()).expect("--seconds N"),
            "--only" => only = args.next(),
            _ => {
                eprintln!(
                    "usage: attacks [--seconds N] [--only quiet|hints|slow|reviews|big-reviews|sheets|takeback-loop|\
                     takeback-flood|expert-jam|rematch|toggles|tables|forged|pools|sign-ins|health]"
                );
                std::process::exit(2);
            }
        }
    }
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("runtime");
    rt.block_on(run(seconds, only));
}

/// Attack 6 (issue 48): sheets created as fast as one client (127.0.0.31)
/// can, each naming another client in a forged `X-Forwarded-For` (the
/// server trusts no proxy: the header changes nothing), and `GET
/// /api/health` as fast as it answers, from 127.0.0.32.
async fn forged(addr: SocketAddr, got: Arc<[AtomicU64; 2]>, health: Arc<AtomicU64>, stop: Arc<AtomicBool>) {
    let body = json!({"names": ["Ann", "Bob"], "preset": "goliath"}).to_string();
    let prober = {
        let stop = stop.clone();
        tokio::spawn(async move {
            while !stop.load(Ordering::Relaxed) {
                if let Some((200, _)) = request("127.0.0.32", addr, "GET", "/api/health", "").await {
                    health.fetch_add(1, Ordering::Relaxed);
                }
            }
        })
    };
    let mut n: u64 = 0;
    while !stop.load(Ordering::Relaxed) {
        n += 1;
        let xff = format!("X-Forwarded-For: 10.{}.{}.{}\r\n", n >> 16 & 255, n >> 8 & 255, n & 255);
        match request_with("127.0.0.31", addr, "POST", "/api/pad", &xff, &body).await {
            Some((201, _)) => got[0].fetch_add(1, Ordering::Relaxed),
            _ => got[1].fetch_add(1, Ordering::Relaxed),
        };
    }
    prober.abort();
}

/// Attack 7 (issue 47): one client (127.0.0.33) entering a "Play now" pool
/// and leaving it as fast as it can, and listing the open tables between:
/// `got[0]` requests answered, `got[1]` refused (`pools_too_fast`,
/// `already_waiting`); `counter`: the pool's rows at the end.
async fn pools(addr: SocketAddr, got: Arc<[AtomicU64; 2]>, stop: Arc<AtomicBool>) {
    let body = json!({"preset": "goliath", "size": 2}).to_string();
    while !stop.load(Ordering::Relaxed) {
        let entered = request("127.0.0.33", addr, "POST", "/api/pools", &body).await;
        let entry = match &entered {
            Some((201, text)) => {
                got[0].fetch_add(1, Ordering::Relaxed);
                serde_json::from_str::<Value>(text).ok().and_then(|v| v["entry"].as_str().map(str::to_string))
            }
            _ => {
                got[1].fetch_add(1, Ordering::Relaxed);
                None
            }
        };
        if let Some(e) = entry {
            match request("127.0.0.33", addr, "POST", &format!("/api/pools/{e}/leave"), "").await {
                Some((200, _)) => got[0].fetch_add(1, Ordering::Relaxed),
                _ => got[1].fetch_add(1, Ordering::Relaxed),
            };
        }
        match request("127.0.0.33", addr, "GET", "/api/tables", "").await {
            Some((200, _)) => got[0].fetch_add(1, Ordering::Relaxed),
            _ => got[1].fetch_add(1, Ordering::Relaxed),
        };
    }
}

/// Attack 8 (issue 47): sign-ins with wrong passwords, as fast as one
/// client (127.0.0.33) is answered, under names that exist or not; and 50
/// other clients (127.0.0.34 and up) each sending sign-ins until refused.
/// Counts the attempts checked (401) and refused (429 `sign_in_too_fast`,
/// 503 `sign_in_busy`).
async fn sign_ins(addr: SocketAddr, got: Arc<[AtomicU64; 2]>, stop: Arc<AtomicBool>) {
    let body = json!({"name": "Target", "password": "the right password"}).to_string();
    let _ = request("127.0.0.1", addr, "POST", "/api/account/signup", &body).await;
    let mut tasks = Vec::new();
    for i in 0..51u32 {
        let (got, stop) = (got.clone(), stop.clone());
        tasks.push(tokio::spawn(async move {
            let from = format!("127.0.0.{}", 33 + i);
            let mut n = 0u64;
            while !stop.load(Ordering::Relaxed) {
                n += 1;
                let name = if n.is_multiple_of(2) { "Target".to_string() } else { format!("nobody {i} {n}") };
                let body = json!({"name": name, "password": format!("guess {n}")}).to_string();
                match request(&from, addr, "POST", "/api/account/signin", &body).await {
                    Some((401, _)) => drop(got[0].fetch_add(1, Ordering::Relaxed)),
                    Some(_) => {
                        got[1].fetch_add(1, Ordering::Relaxed);
                        // The 50 others stop at their first refusal; the first goes on.
                        if i > 0 {
                            return;
                        }
                    }
                    None => tokio::time::sleep(Duration::from_millis(10)).await,
                }
            }
        }));
    }
    for t in tasks {
        let _ = t.await;
    }
}

/// Attack 9 (issue 48): `GET /api/health` as fast as it answers from one
/// client (127.0.0.33): `got` counts its `200`s and its `429`s; the
/// machine's own checks (127.0.0.1, ten a second) refused or failed are
/// counted in `own_refused`.
async fn health_flood(addr: SocketAddr, got: Arc<[AtomicU64; 2]>, own_refused: Arc<AtomicU64>, stop: Arc<AtomicBool>) {
    let own = {
        let stop = stop.clone();
        tokio::spawn(async move {
            while !stop.load(Ordering::Relaxed) {
                if !matches!(request("127.0.0.1", addr, "GET", "/api/health", "").await, Some((200, _))) {
                    own_refused.fetch_add(1, Ordering::Relaxed);
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        })
    };
    while !stop.load(Ordering::Relaxed) {
        match request("127.0.0.33", addr, "GET", "/api/health", "").await {
            Some((200, _)) => got[0].fetch_add(1, Ordering::Relaxed),
            Some((429, _)) => got[1].fetch_add(1, Ordering::Relaxed),
            _ => 0,
        };
    }
    own.abort();
}

async fn run(seconds: u64, only: Option<String>) {
    let dir = std::env::temp_dir().join(format!("triominos-attacks-{}", triominos_server::secret::random_hex(6)));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let db = dir.join("attacks.db");
    // The server's defaults (bot delay 600 ms, every fair share), but for
    // the creation limits of the load client's own games.
    let c = triominos_server::ServeConfig::new("127.0.0.1:0", &db);
    let server = triominos_server::start(c).await.expect("server");
    let addr = server.addr;
    let state = server.state.clone();
    println!("attacks against {addr}, {seconds} s a phase, defaults of `triominos serve` (bot delay 600 ms)");
    let done_game = finished_game(addr).await;
    let watched = create(
        "127.0.0.1",
        addr,
        json!({"preset": "goliath",
        "seats": [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}]}),
    )
    .await["id"]
        .as_str()
        .expect("id")
        .to_string();

    let samples = Arc::new(Mutex::new(Arc::new(Samples::default())));
    let stop_all = Arc::new(AtomicBool::new(false));
    let canary_task = tokio::spawn(canary(addr, samples.clone(), stop_all.clone()));
    let fresh_task = tokio::spawn(fresh(addr, samples.clone(), stop_all.clone()));
    let phases = [
        "quiet",
        "hints",
        "slow",
        "reviews",
        "big-reviews",
        "sheets",
        "takeback-loop",
        "takeback-flood",
        "expert-jam",
        "rematch",
        "toggles",
        "tables",
        "forged",
        "pools",
        "sign-ins",
        "health",
    ];
    println!("| phase | canary bot p50 | canary bot p99 (n) | fresh p50 | fresh p99 (n) | RSS | the attack |");
    println!("|---|---|---|---|---|---|---|");
    for phase in phases {
        if only.as_deref().is_some_and(|o| o != phase && phase != "quiet") {
            continue;
        }
        let s = Arc::new(Samples::default());
        *samples.lock().unwrap() = s.clone();
        let stop = Arc::new(AtomicBool::new(false));
        let counter = Arc::new(AtomicU64::new(0));
        let got: Arc<[AtomicU64; 2]> = Arc::new([AtomicU64::new(0), AtomicU64::new(0)]);
        let db_before = std::fs::metadata(&db).map_or(0, |m| m.len());
        let mut peak_rss = rss_mb();
        let attack = match phase {
            "hints" => Some(tokio::spawn(hints(addr, 6, counter.clone(), stop.clone()))),
            "slow" => Some(tokio::spawn(slow(addr, 2000, watched.clone(), counter.clone(), stop.clone()))),
            "reviews" => Some(tokio::spawn(reviews(addr, done_game.clone(), 300, 1, 1000, got.clone(), stop.clone()))),
            "big-reviews" => {
                let bots = create(
                    "127.0.0.1",
                    addr,
                    json!({"preset": "goliath", "options": {"target": "none"},
                    "seats": [{"kind": "bot", "level": "casual"}, {"kind": "bot", "level": "casual"}]}),
                )
                .await["id"]
                    .as_str()
                    .expect("id")
                    .to_string();
                tokio::spawn(bot_moves(addr, bots, counter.clone(), stop.clone()));
                Some(tokio::spawn(reviews(addr, done_game.clone(), 40, 20, 20_000, got.clone(), stop.clone())))
            }
            "sheets" => Some(tokio::spawn(sheets(addr, got.clone(), stop.clone()))),
            "takeback-loop" => Some(tokio::spawn(takeback_loop(addr, got.clone(), stop.clone()))),
            "takeback-flood" => Some(tokio::spawn(takeback_flood(addr, got.clone(), stop.clone()))),
            "expert-jam" => Some(tokio::spawn(expert_jam(addr, got.clone(), stop.clone()))),
            "rematch" => Some(tokio::spawn(rematches(addr, got.clone(), stop.clone()))),
            "toggles" => Some(tokio::spawn(toggles(addr, got.clone(), stop.clone()))),
            "tables" => Some(tokio::spawn(tables(addr, got.clone(), counter.clone(), stop.clone()))),
            "forged" => Some(tokio::spawn(forged(addr, got.clone(), counter.clone(), stop.clone()))),
            "pools" => Some(tokio::spawn(pools(addr, got.clone(), stop.clone()))),
            "sign-ins" => Some(tokio::spawn(sign_ins(addr, got.clone(), stop.clone()))),
            "health" => Some(tokio::spawn(health_flood(addr, got.clone(), counter.clone(), stop.clone()))),
            _ => None,
        };
        if phase == "expert-jam" {
            // The never-joined tables' stand-ins take over after 30 s: timed from then.
            tokio::time::sleep(Duration::from_secs(32)).await;
            *samples.lock().unwrap() = s.clone();
            s.canary.lock().unwrap().clear();
            s.fresh.lock().unwrap().clear();
        }
        let t0 = Instant::now();
        while t0.elapsed() < Duration::from_secs(seconds) {
            tokio::time::sleep(Duration::from_millis(250)).await;
            peak_rss = peak_rss.max(rss_mb());
        }
        let what = match phase {
            "quiet" => String::from("none"),
            "hints" => format!("{} hints given", counter.load(Ordering::Relaxed)),
            "slow" => {
                format!("{} of 2,000 slow connections and spectators held at the end", counter.load(Ordering::Relaxed))
            }
            "reviews" | "big-reviews" => format!(
                "{} reviews answered, {} refused{}",
                got[0].load(Ordering::Relaxed),
                got[1].load(Ordering::Relaxed),
                if phase == "big-reviews" {
                    format!(
                        "; the game of bots: {:.2} moves/s",
                        counter.load(Ordering::Relaxed) as f64 / t0.elapsed().as_secs_f64()
                    )
                } else {
                    String::new()
                }
            ),
            "takeback-loop" => format!(
                "{} ask/refuse pairs sent, {} refused; timer tasks alive: {} clocks, {} lapses ({} games in memory)",
                got[0].load(Ordering::Relaxed),
                got[1].load(Ordering::Relaxed),
                state.timers.clocks(),
                state.timers.lapses(),
                state.games.in_memory()
            ),
            "takeback-flood" => format!(
                "{} takebacks asked; the opponents moved {} times",
                got[0].load(Ordering::Relaxed),
                got[1].load(Ordering::Relaxed)
            ),
            "expert-jam" => format!(
                "{} moves against Expert, {} of 30 tables refused; games of bots alone counted: {}; a client's decisions running at most {}",
                got[0].load(Ordering::Relaxed),
                got[1].load(Ordering::Relaxed),
                state.games.bot_games(),
                state.thinking.share()
            ),
            "rematch" => format!(
                "{} rematches made, {} refused; database +{} KB",
                got[0].load(Ordering::Relaxed),
                got[1].load(Ordering::Relaxed),
                (std::fs::metadata(&db).map_or(0, |m| m.len()).saturating_sub(db_before)) / 1024
            ),
            "toggles" => format!(
                "{} toggles sent, {} told to the other seat",
                got[0].load(Ordering::Relaxed),
                got[1].load(Ordering::Relaxed)
            ),
            "tables" => format!(
                "a waiting table's creator: {} asks checked, {} refused (`table_busy`); another seat: {} `not_host`",
                got[0].load(Ordering::Relaxed),
                got[1].load(Ordering::Relaxed),
                counter.load(Ordering::Relaxed)
            ),
            "forged" => format!(
                "{} sheets created, {} refused under forged X-Forwarded-For (one client); {} health answers",
                got[0].load(Ordering::Relaxed),
                got[1].load(Ordering::Relaxed),
                counter.load(Ordering::Relaxed)
            ),
            "pools" => format!(
                "one client entering and leaving a pool and listing the open tables: {} answered, {} refused; pool rows stored: {}; clients' buckets in memory: {}",
                got[0].load(Ordering::Relaxed),
                got[1].load(Ordering::Relaxed),
                state.store.call(|c| c.query_int("SELECT count(*) FROM pool_entries", &[]).map_err(triominos_server::store::StoreError::from)).await.unwrap_or(-1),
                state.pools.len()
            ),
            "sign-ins" => format!(
                "{} wrong sign-ins checked (an argon2id hash each), {} refused (`sign_in_too_fast`, `sign_in_busy`)",
                got[0].load(Ordering::Relaxed),
                got[1].load(Ordering::Relaxed)
            ),
            "health" => format!(
                "one client: {} health answers, {} refused (`429 checks_too_fast`); the machine's own checks refused: {}",
                got[0].load(Ordering::Relaxed),
                got[1].load(Ordering::Relaxed),
                counter.load(Ordering::Relaxed)
            ),
            _ => format!(
                "{} sheets created, {} refused; database +{} KB",
                got[0].load(Ordering::Relaxed),
                got[1].load(Ordering::Relaxed),
                (std::fs::metadata(&db).map_or(0, |m| m.len()).saturating_sub(db_before)) / 1024
            ),
        };
        stop.store(true, Ordering::Relaxed);
        if let Some(a) = attack {
            a.abort();
        }
        let (canary, fresh) = (s.canary.lock().unwrap().clone(), s.fresh.lock().unwrap().clone());
        println!(
            "| {phase} | {:.0} ms | **{:.0} ms** ({}) | {:.1} ms | **{:.1} ms** ({}) | {:.0} MB | {what} |",
            pct(&canary, 0.5),
            pct(&canary, 0.99),
            canary.len(),
            pct(&fresh, 0.5),
            pct(&fresh, 0.99),
            fresh.len(),
            peak_rss
        );
        // Let the attack's connections close before the next phase.
        tokio::time::sleep(Duration::from_secs(2)).await;
    }
    stop_all.store(true, Ordering::Relaxed);
    canary_task.abort();
    fresh_task.abort();
    server.stop().await;
    let _ = std::fs::remove_dir_all(&dir);
}
