//! A bounded load test over real WebSockets on the loopback interface: many
//! concurrent games, each seat a client-side bot that plays the best-scoring
//! legal placement (else draws, else passes; deals the next round when one is
//! over) as soon as it is its turn. Reports actions per second and the latency
//! from sending an action to receiving its acknowledgement (stored, applied,
//! broadcast).
//!
//! ```text
//! cargo run --release -p triominos-server --example load -- --games 1000
//! cargo run --release -p triominos-server --example load -- --games 1000 --addr 127.0.0.1:8080
//! cargo run --release -p triominos-server --example load -- --addr 127.0.0.1:8080 --join seats.txt --acks acks.jsonl
//! ```
//! `--think-ms N` makes each seat pause before acting, like a person or a
//! paced bot (0: act at once, a saturation test).
//! Without `--addr` it starts a server in the same process on a free loopback
//! port with a temporary database (without the per-client limits on game
//! creation: every game comes from one client; start a server for `--addr`
//! with `--max-games-per-client 0 --create-per-minute 0`). It stops by itself: every game is played to
//! its end (one round each), or the time limit (`--seconds`, default 300) ends it.
//!
//! `--join FILE` plays the seats a file names (a line `GAME TOKEN` each, the
//! token from the seat's link) instead of creating games: the scripted people
//! of `scripts/cluster-test.py`, at tables with bots, played to the game's end.
//! Every seat is a person who does not give up: a socket that closes or cannot
//! connect (an instance killed, a game not yet handed over: `503`) is opened
//! again until the time limit, and an action sent but not acknowledged is sent
//! again with the same message id (the server acknowledges a duplicate without
//! applying it twice). `--acks FILE` writes each acknowledged action as a JSON
//! line `{"game", "seat", "id", "v", "action", "duplicate"}`, for the test to
//! find every one of them in the store.

use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use serde_json::{json, Value};
use std::io::Write;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::{Barrier, Semaphore};
use tokio_tungstenite::tungstenite::Message;

#[derive(Debug)]
struct Args {
    games: usize,
    addr: Option<String>,
    seconds: u64,
    preset: String,
    think: Duration,
    join: Option<String>,
    acks: Option<String>,
}

const USAGE: &str = "usage: load [--games N] [--addr HOST:PORT] [--seconds N] [--preset NAME] [--think-ms N] [--join FILE] [--acks FILE]
  --games N        concurrent two-seat games (1000)
  --addr HOST:PORT a running server on the loopback interface (default: one started here)
  --seconds N      time limit (300)
  --preset NAME    rules preset (goliath)
  --think-ms N     each seat's think time before acting, uniform in [N/2, 3N/2] (0)
  --join FILE      play the seats the file names, a line `GAME TOKEN` each, to the game's end (needs --addr)
  --acks FILE      write every acknowledged action as a JSON line
  --help           this text";

/// What the command line asks for: a run, or the usage text.
#[derive(Debug)]
enum Command {
    Run(Args),
    Help,
}

/// Reads the flags (without the program name); a wrong one is an error naming it.
fn parse_args(args: impl IntoIterator<Item = String>) -> Result<Command, String> {
    let mut a = Args {
        games: 1000,
        addr: None,
        seconds: 300,
        preset: "goliath".into(),
        think: Duration::ZERO,
        join: None,
        acks: None,
    };
    let mut it = args.into_iter();
    while let Some(k) = it.next() {
        if k == "--help" || k == "-h" {
            return Ok(Command::Help);
        }
        let known = ["--games", "--addr", "--seconds", "--preset", "--think-ms", "--join", "--acks"];
        if !known.contains(&k.as_str()) {
            return Err(format!("unknown flag {k}"));
        }
        let v = it.next().ok_or_else(|| format!("{k} needs a value"))?;
        let number = |v: &str| v.parse::<u64>().map_err(|_| format!("{k} takes a number, not {v:?}"));
        match k.as_str() {
            "--games" => a.games = number(&v)? as usize,
            "--addr" => match v.parse::<SocketAddr>() {
                Ok(addr) if addr.ip().is_loopback() => a.addr = Some(v),
                Ok(_) => return Err(format!("--addr {v}: the load test only targets the loopback interface")),
                Err(_) => return Err(format!("--addr takes HOST:PORT, not {v:?}")),
            },
            "--seconds" => a.seconds = number(&v)?,
            "--preset" => a.preset = v,
            "--join" => a.join = Some(v),
            "--acks" => a.acks = Some(v),
            _ => a.think = Duration::from_millis(number(&v)?),
        }
    }
    if a.join.is_some() && a.addr.is_none() {
        return Err("--join needs --addr (the server that holds the games)".into());
    }
    Ok(Command::Run(a))
}

/// The seats of a `--join` file: a line `GAME TOKEN` each (blank lines and
/// lines starting with `#` skipped).
fn parse_seats(text: &str) -> Result<Vec<(String, String)>, String> {
    let mut seats = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut words = line.split_whitespace();
        match (words.next(), words.next(), words.next()) {
            (Some(g), Some(t), None) => seats.push((g.to_string(), t.to_string())),
            _ => return Err(format!("line {}: want `GAME TOKEN`, not {line:?}", n + 1)),
        }
    }
    Ok(seats)
}

async fn post(addr: SocketAddr, path: &str, body: &str) -> Value {
    let mut s = TcpStream::connect(addr).await.expect("connect");
    let req = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.expect("write");
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await.expect("read");
    let text = String::from_utf8_lossy(&buf);
    let body = text.split_once("\r\n\r\n").map_or("", |x| x.1);
    serde_json::from_str(body).unwrap_or(Value::Null)
}

type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

/// What the client reads of a server message (the rest is skipped unparsed).
#[derive(Deserialize)]
struct Msg {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    id: Option<u64>,
    #[serde(default)]
    v: Option<u64>,
    #[serde(default)]
    duplicate: bool,
    #[serde(default)]
    code: Option<String>,
    #[serde(default)]
    log: Option<Vec<DeltaHead>>,
    #[serde(default)]
    deltas: Option<Vec<DeltaHead>>,
    #[serde(default)]
    me: Option<Me>,
}

#[derive(Deserialize)]
struct DeltaHead {
    v: u64,
    status: StatusHead,
}

#[derive(Deserialize)]
struct StatusHead {
    phase: String,
}

#[derive(Deserialize, Default)]
struct Me {
    seat: u8,
    my_turn: bool,
    legal: Vec<Legal>,
    can_draw: bool,
}

#[derive(Deserialize)]
struct Legal {
    tile: String,
    cell: [i32; 2],
    rotation: u8,
    points: i32,
}

/// One seat's connection, and what it knows of the game.
struct Seat {
    ws: Ws,
    addr: SocketAddr,
    game: String,
    token: String,
    me: Me,
    phase: String,
    v: u64,
}

/// An acknowledged action, as `--acks` writes it.
struct Acked {
    id: u64,
    v: u64,
    action: Value,
    duplicate: bool,
}

/// What one seat did.
#[derive(Default)]
struct Played {
    /// Send-to-ack latencies (µs) of the actions acknowledged on the socket they were sent on.
    lat: Vec<u32>,
    /// Actions refused (a next round another seat dealt first is not counted).
    refused: u32,
    /// Sockets opened again.
    reconnects: u32,
    /// Actions tried again after a `storage_failed` refusal.
    retried: u32,
    acks: Vec<Acked>,
    /// Whether the seat saw its game end.
    over: bool,
    /// The seat's number at its table.
    seat: u8,
}

/// An action sent and not yet settled: waiting for its ack, then for the update it announces.
struct Pending {
    id: u64,
    action: Value,
    sent: Instant,
    resent: bool,
    acked_v: Option<u64>,
}

impl Seat {
    fn absorb(&mut self, m: Msg) {
        let deltas = match m.kind.as_str() {
            "snapshot" => m.log,
            "update" => m.deltas,
            _ => return,
        };
        if let Some(last) = deltas.and_then(|mut d| d.pop()) {
            self.v = self.v.max(last.v);
            self.phase = last.status.phase;
        }
        if let Some(me) = m.me {
            self.me = me;
        }
    }

    /// The next message; `None` when the socket closed or failed.
    async fn next(&mut self) -> Option<Msg> {
        loop {
            match self.ws.next().await? {
                Ok(Message::Text(t)) => match serde_json::from_str(&t) {
                    Ok(m) => return Some(m),
                    Err(_) => continue,
                },
                Ok(Message::Close(_)) | Err(_) => return None,
                Ok(_) => continue,
            }
        }
    }

    /// What this seat wants to do now, if anything.
    fn want(&self) -> Option<Value> {
        match self.phase.as_str() {
            "playing" if self.me.my_turn => Some(self.choose()),
            "round_over" => Some(json!({"kind": "next_round"})),
            _ => None,
        }
    }

    fn choose(&self) -> Value {
        if let Some(best) = self.me.legal.iter().max_by_key(|p| p.points) {
            return json!({"kind": "play", "tile": best.tile, "cell": best.cell, "rotation": best.rotation});
        }
        if self.me.can_draw {
            json!({"kind": "draw"})
        } else {
            json!({"kind": "pass"})
        }
    }

    async fn send(&mut self, p: &Pending) -> bool {
        let msg = json!({"type": "action", "action": p.action, "id": p.id}).to_string();
        self.ws.send(Message::Text(msg.into())).await.is_ok()
    }

    /// Opens the socket again (after a close or a failure), until `deadline`.
    async fn reconnect(&mut self, deadline: Instant) -> bool {
        match open(self.addr, &self.game, &self.token, deadline).await {
            Ok(fresh) => {
                *self = fresh;
                true
            }
            Err(_) => false,
        }
    }
}

/// Plays one seat to the end of the game (or `deadline`), opening its socket
/// again whenever it closes.
async fn play(mut seat: Seat, deadline: Instant, think: Duration) -> Played {
    let mut out = Played::default();
    let mut id = 0u64;
    let mut pending: Option<Pending> = None;
    // Think times vary (uniform between half and one and a half times `think`),
    // so that the games do not act in lockstep waves.
    let mut rng = (seat.v + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (&seat as *const _ as u64);
    let mut jitter = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        0.5 + (rng % 1000) as f64 / 1000.0
    };
    if !think.is_zero() {
        tokio::time::sleep(think.mul_f64(jitter())).await;
    }
    loop {
        if seat.phase == "game_over" {
            out.over = true;
            break;
        }
        if Instant::now() >= deadline || out.refused > 3 {
            break;
        }
        if pending.is_none() {
            if let Some(action) = seat.want() {
                if !think.is_zero() {
                    tokio::time::sleep(think.mul_f64(jitter())).await;
                }
                id += 1;
                let p = Pending { id, action, sent: Instant::now(), resent: false, acked_v: None };
                let sent = seat.send(&p).await;
                pending = Some(p);
                if sent {
                    continue;
                }
            }
        }
        let m = match tokio::time::timeout(deadline.saturating_duration_since(Instant::now()), seat.next()).await {
            Ok(Some(m)) => m,
            Ok(None) => {
                if !seat.reconnect(deadline).await {
                    break;
                }
                out.reconnects += 1;
                // Sent and not acknowledged: sent again with the same id (the
                // server acknowledges it again if it was stored already).
                if let Some(p) = pending.as_mut().filter(|p| p.acked_v.is_none()) {
                    p.resent = true;
                    let p = pending.as_ref().expect("pending");
                    let _ = seat.send(p).await;
                }
                settle(&seat, &mut pending);
                continue;
            }
            Err(_) => break,
        };
        match m.kind.as_str() {
            "ack" if pending.as_ref().is_some_and(|p| m.id == Some(p.id)) => {
                let p = pending.as_mut().expect("pending");
                if p.acked_v.is_none() {
                    if !p.resent {
                        out.lat.push(p.sent.elapsed().as_micros().min(u32::MAX as u128) as u32);
                    }
                    let v = m.v.unwrap_or(0);
                    out.acks.push(Acked { id: p.id, v, action: p.action.clone(), duplicate: m.duplicate });
                    p.acked_v = Some(v);
                }
            }
            "error" if pending.as_ref().is_some_and(|p| m.id == Some(p.id)) => {
                let p = pending.take().expect("pending");
                if m.code.as_deref() == Some("storage_failed") {
                    // Not stored (the instance lost the game, or its database
                    // failed): a person tries again in a moment.
                    out.retried += 1;
                    tokio::time::sleep(Duration::from_millis(200)).await;
                } else if p.action["kind"] != "next_round" {
                    // Another seat dealt the next round first: not a refusal that counts.
                    out.refused += 1;
                }
            }
            _ => seat.absorb(m),
        }
        settle(&seat, &mut pending);
    }
    out.seat = seat.me.seat;
    let _ = seat.ws.close(None).await;
    out
}

/// Clears an acknowledged action once the update it announced has arrived.
fn settle(seat: &Seat, pending: &mut Option<Pending>) {
    if pending.as_ref().is_some_and(|p| p.acked_v.is_some_and(|v| seat.v >= v)) {
        *pending = None;
    }
}

/// Opens a seat's socket and waits for its snapshot, trying again (every
/// 200 ms) until `deadline` while the server refuses (a `503` from an instance
/// that does not hold the game yet) or cannot be reached.
async fn open(addr: SocketAddr, game: &str, token: &str, deadline: Instant) -> Result<Seat, String> {
    let url = format!("ws://{addr}/ws/{game}");
    loop {
        let config = tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default().read_buffer_size(16 * 1024);
        let attempt = async {
            let (mut ws, _) = tokio_tungstenite::connect_async_with_config(&url, Some(config), true)
                .await
                .map_err(|e| e.to_string())?;
            // The seat's token goes in the first message, never in the address.
            let hello = json!({"type": "hello", "token": token}).to_string();
            ws.send(Message::Text(hello.into())).await.map_err(|e| e.to_string())?;
            let mut s = Seat {
                ws,
                addr,
                game: game.to_string(),
                token: token.to_string(),
                me: Me::default(),
                phase: String::new(),
                v: 0,
            };
            while s.phase.is_empty() {
                let m = s.next().await.ok_or("closed before the snapshot")?;
                s.absorb(m);
            }
            Ok::<_, String>(s)
        };
        let left = deadline.saturating_duration_since(Instant::now());
        let e = match tokio::time::timeout(left, attempt).await {
            Ok(Ok(seat)) => return Ok(seat),
            Ok(Err(e)) => e,
            Err(_) => "time limit".to_string(),
        };
        if Instant::now() + Duration::from_millis(200) >= deadline {
            return Err(format!("{game}: {e}"));
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

fn percentile(sorted: &[u32], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i] as f64 / 1000.0
}

fn main() {
    let a = match parse_args(std::env::args().skip(1)) {
        Ok(Command::Run(a)) => a,
        Ok(Command::Help) => {
            println!("{USAGE}");
            return;
        }
        Err(e) => {
            eprintln!("load: {e}\n{USAGE}");
            std::process::exit(2);
        }
    };
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("runtime");
    rt.block_on(run(a));
}

async fn run(a: Args) {
    let (addr, _server, db_dir) = match &a.addr {
        // Checked by parse_args.
        Some(s) => (s.parse::<SocketAddr>().expect("--addr HOST:PORT"), None, None),
        None => {
            let dir = std::env::temp_dir().join(format!("triominos-load-{}", triominos_server::secret::random_hex(6)));
            std::fs::create_dir_all(&dir).expect("temp dir");
            let mut c = triominos_server::ServeConfig::new("127.0.0.1:0", dir.join("load.db"));
            c.bot_delay = Duration::ZERO;
            // Every game comes from this one loopback client.
            (c.max_games_per_client, c.create_per_minute) = (0, 0);
            // Two sockets a game, and room for the HTTP requests that create them.
            c.max_connections = c.max_connections.max(a.games * 2 + 128);
            // Every seat of the load test is one client (127.0.0.1).
            c.max_connections_per_client = 0;
            let server = triominos_server::start(c).await.expect("server");
            (server.addr, Some(server), Some(dir))
        }
    };
    assert!(addr.ip().is_loopback(), "the load test only targets the loopback interface");
    let deadline = Instant::now() + Duration::from_secs(a.seconds);
    let joined = match &a.join {
        Some(path) => match std::fs::read_to_string(path).map_err(|e| e.to_string()).and_then(|t| parse_seats(&t)) {
            Ok(seats) => Some(seats),
            Err(e) => {
                eprintln!("load: --join {path}: {e}");
                std::process::exit(2);
            }
        },
        None => None,
    };
    match &joined {
        Some(seats) => println!(
            "load: {} seats of the games in {}, think time {} ms, against {addr}",
            seats.len(),
            a.join.as_deref().unwrap_or(""),
            a.think.as_millis()
        ),
        None => println!(
            "load: {} concurrent games ({}, one round each), think time {} ms, against {addr}",
            a.games,
            a.preset,
            a.think.as_millis()
        ),
    }

    // Connect every seat (creating the games first without --join), then start them all at once.
    let setup = Instant::now();
    let gate = Arc::new(Semaphore::new(64));
    let n_seats_wanted = joined.as_ref().map_or(a.games * 2, Vec::len);
    let barrier = Arc::new(Barrier::new(n_seats_wanted + 1));
    let mut tasks = Vec::new();
    let mut created = Vec::new();
    if joined.is_none() {
        for _ in 0..a.games {
            let gate = gate.clone();
            let preset = a.preset.clone();
            created.push(tokio::spawn(async move {
                let _permit = gate.acquire().await.expect("gate");
                let req = json!({"preset": preset, "options": {"target": "none"},
                    "seats": [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}]});
                let g = post(addr, "/api/games", &req.to_string()).await;
                let id = g["id"].as_str().expect("game id").to_string();
                let token = |i: usize| {
                    g["seats"][i]["link"].as_str().unwrap_or("").rsplit('/').next().unwrap_or("").to_string()
                };
                [(id.clone(), token(0)), (id, token(1))]
            }));
        }
    }
    let mut list = Vec::new();
    for c in created {
        list.extend(c.await.expect("create"));
    }
    if let Some(j) = &joined {
        list = j.clone();
    }
    let n_games = list.iter().map(|(g, _)| g).collect::<std::collections::HashSet<_>>().len();
    for (game, token) in list {
        let gate = gate.clone();
        let barrier = barrier.clone();
        let think = a.think;
        tasks.push(tokio::spawn(async move {
            let seat = {
                let _permit = gate.acquire().await.expect("gate");
                open(addr, &game, &token, deadline).await
            };
            barrier.wait().await;
            let played = match seat {
                Ok(seat) => play(seat, deadline, think).await,
                Err(e) => {
                    eprintln!("load: could not connect: {e}");
                    Played::default()
                }
            };
            (game, played)
        }));
    }
    barrier.wait().await;
    let connected = setup.elapsed();
    // Printed at once: scripts/load-figures.py starts its CPU count here.
    println!("setup: {n_games} games, {n_seats_wanted} sockets connected in {:.1} s; playing", connected.as_secs_f64());
    let start = Instant::now();
    let mut lat: Vec<u32> = Vec::new();
    let (mut refused, mut reconnects, mut retried, mut over, mut n_seats, mut n_acks) = (0, 0, 0, 0, 0, 0);
    let mut games_played = std::collections::HashSet::new();
    let mut acks_out = a.acks.as_ref().map(|p| std::io::BufWriter::new(std::fs::File::create(p).expect("--acks FILE")));
    for t in tasks {
        let (game, p) = t.await.expect("seat task");
        n_seats += 1;
        if !p.acks.is_empty() {
            games_played.insert(game.clone());
        }
        lat.extend(p.lat);
        refused += p.refused;
        reconnects += p.reconnects;
        retried += p.retried;
        over += p.over as usize;
        n_acks += p.acks.len();
        if let Some(out) = acks_out.as_mut() {
            for k in p.acks {
                let line = json!({"game": game, "seat": p.seat, "id": k.id, "v": k.v, "action": k.action, "duplicate": k.duplicate});
                writeln!(out, "{line}").expect("write --acks");
            }
        }
    }
    if let Some(mut out) = acks_out {
        out.flush().expect("write --acks");
    }
    let secs = start.elapsed().as_secs_f64();
    lat.sort_unstable();
    println!(
        "played: {} actions in {:.1} s = {:.0} actions/s ({} games played, {} refusals)",
        n_acks,
        secs,
        n_acks as f64 / secs,
        games_played.len(),
        refused
    );
    println!(
        "latency (send -> ack): p50 {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, p99.9 {:.1} ms, max {:.1} ms",
        percentile(&lat, 0.50),
        percentile(&lat, 0.90),
        percentile(&lat, 0.99),
        percentile(&lat, 0.999),
        percentile(&lat, 1.0)
    );
    println!(
        "seats: {over} of {n_seats} saw their game end; {reconnects} sockets opened again; {retried} actions tried again after storage_failed"
    );
    if let Some(server) = _server {
        server.stop().await;
    }
    if let Some(dir) = db_dir {
        let _ = std::fs::remove_dir_all(dir);
    }
    if joined.is_some() && over < n_seats {
        std::process::exit(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Command, String> {
        parse_args(args.iter().map(|s| s.to_string()))
    }

    #[test]
    fn help_is_the_usage_and_bad_flags_are_errors_not_panics() {
        assert!(matches!(parse(&["--help"]), Ok(Command::Help)));
        assert!(matches!(parse(&["--games", "3", "-h"]), Ok(Command::Help)));
        assert!(USAGE.contains("--think-ms"));
        let Ok(Command::Run(a)) = parse(&["--games", "12", "--think-ms", "50", "--addr", "127.0.0.1:9"]) else {
            panic!("a run")
        };
        assert_eq!((a.games, a.think, a.addr.as_deref()), (12, Duration::from_millis(50), Some("127.0.0.1:9")));
        let Ok(Command::Run(d)) = parse(&[]) else { panic!("a run") };
        assert_eq!((d.games, d.seconds, d.preset.as_str()), (1000, 300, "goliath"));
        assert_eq!(parse(&["--jump"]).unwrap_err(), "unknown flag --jump");
        assert_eq!(parse(&["--games"]).unwrap_err(), "--games needs a value");
        assert!(parse(&["--games", "many"]).unwrap_err().contains("takes a number"));
        assert!(parse(&["--addr", "nowhere"]).unwrap_err().contains("HOST:PORT"));
        assert!(parse(&["--addr", "8.8.8.8:80"]).unwrap_err().contains("loopback"));
        assert!(parse(&["--join", "seats.txt"]).unwrap_err().contains("--join needs --addr"));
        let Ok(Command::Run(j)) = parse(&["--addr", "127.0.0.1:9", "--join", "s.txt", "--acks", "a.jsonl"]) else {
            panic!("a run")
        };
        assert_eq!((j.join.as_deref(), j.acks.as_deref()), (Some("s.txt"), Some("a.jsonl")));
    }

    #[test]
    fn a_join_file_names_a_seat_a_line_and_a_bad_line_is_an_error() {
        let seats = parse_seats("# game token\nAbc123 t0k3n\n\n  Xyz9 other  \n").expect("seats");
        assert_eq!(seats, vec![("Abc123".into(), "t0k3n".into()), ("Xyz9".into(), "other".into())]);
        assert_eq!(parse_seats("a b c").unwrap_err(), "line 1: want `GAME TOKEN`, not \"a b c\"");
        assert!(parse_seats("ok tok\nlonely").unwrap_err().starts_with("line 2:"));
        assert_eq!(parse_seats("").expect("empty"), vec![]);
    }
}
