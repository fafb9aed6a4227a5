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

use clap::Parser;
use serde_json::{json, Value};
use std::io::Write;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::{Barrier, Semaphore};
use triominos_core::Phase;
use triominos_protocol::client::tungstenite::protocol::WebSocketConfig;
use triominos_protocol::client::{Client, Incoming, Link, View};
use triominos_protocol::{ClientMsg, Intent, ServerMsg};

/// The load test's flags.
#[derive(Debug, Parser)]
#[command(name = "load", about = "A bounded load test over real WebSockets on the loopback interface")]
struct Args {
    /// Concurrent two-seat games.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    games: usize,
    /// A running server on the loopback interface (default: one started here).
    #[arg(long, value_name = "HOST:PORT", value_parser = loopback)]
    addr: Option<SocketAddr>,
    /// Time limit, in seconds.
    #[arg(long, value_name = "N", default_value_t = 300)]
    seconds: u64,
    /// Rules preset.
    #[arg(long, value_name = "NAME", default_value = "goliath")]
    preset: String,
    /// Each seat's think time before acting, uniform in [N/2, 3N/2] milliseconds.
    #[arg(long = "think-ms", value_name = "N", default_value_t = 0)]
    think_ms: u64,
    /// Play the seats the file names, a line `GAME TOKEN` each, to the game's end (needs --addr).
    #[arg(long, value_name = "FILE", requires = "addr")]
    join: Option<String>,
    /// Write every acknowledged action as a JSON line.
    #[arg(long, value_name = "FILE")]
    acks: Option<String>,
}

impl Args {
    fn think(&self) -> Duration {
        Duration::from_millis(self.think_ms)
    }
}

/// `--addr`: a socket address on the loopback interface.
fn loopback(v: &str) -> Result<SocketAddr, String> {
    match v.parse::<SocketAddr>() {
        Ok(addr) if addr.ip().is_loopback() => Ok(addr),
        Ok(_) => Err("the load test only targets the loopback interface".into()),
        Err(_) => Err(format!("takes HOST:PORT, not {v:?}")),
    }
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

/// One seat's connection, and what it knows of the game.
struct Seat {
    ws: Client,
    view: View,
}

/// An acknowledged action, as `--acks` writes it.
struct Acked {
    id: u64,
    v: u64,
    action: Intent,
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
    action: Intent,
    sent: Instant,
    resent: bool,
    acked_v: Option<u64>,
}

impl Seat {
    /// The phase after the last delta.
    fn phase(&self) -> Option<Phase> {
        self.view.phase()
    }

    /// The next message; `None` when the socket closed or failed.
    async fn next(&mut self) -> Option<ServerMsg<'static>> {
        loop {
            match self.ws.recv().await {
                Ok(Incoming::Msg { msg: Some(m), .. }) => return Some(*m),
                Ok(Incoming::Msg { msg: None, .. }) => continue,
                Ok(Incoming::Closed(_)) | Err(_) => return None,
            }
        }
    }

    /// What this seat wants to do now, if anything.
    fn want(&self) -> Option<Intent> {
        match self.phase() {
            Some(Phase::Playing) if self.view.my_turn() => Some(self.view.best()),
            Some(Phase::RoundOver) => Some(Intent::NextRound),
            _ => None,
        }
    }

    async fn send(&mut self, p: &Pending) -> bool {
        self.ws.send(&ClientMsg::Action { action: p.action, id: Some(p.id) }).await.is_ok()
    }

    /// Opens the socket again (after a close or a failure), until `deadline`.
    async fn reconnect(&mut self, deadline: Instant) -> bool {
        match open(self.ws.link(), deadline).await {
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
    let mut rng = (seat.view.v.unwrap_or(0) + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (&seat as *const _ as u64);
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
        if seat.phase() == Some(Phase::GameOver) {
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
        match m {
            ServerMsg::Ack { id: Some(i), v, duplicate } if pending.as_ref().is_some_and(|p| i == p.id) => {
                let p = pending.as_mut().expect("pending");
                if p.acked_v.is_none() {
                    if !p.resent {
                        out.lat.push(p.sent.elapsed().as_micros().min(u32::MAX as u128) as u32);
                    }
                    out.acks.push(Acked { id: p.id, v, action: p.action, duplicate });
                    p.acked_v = Some(v);
                }
            }
            ServerMsg::Error { id: Some(i), refusal } if pending.as_ref().is_some_and(|p| i == p.id) => {
                let p = pending.take().expect("pending");
                if refusal.code == "storage_failed" {
                    // Not stored (the instance lost the game, or its database
                    // failed): a person tries again in a moment.
                    out.retried += 1;
                    tokio::time::sleep(Duration::from_millis(200)).await;
                } else if p.action != Intent::NextRound {
                    // Another seat dealt the next round first: not a refusal that counts.
                    out.refused += 1;
                }
            }
            m => {
                seat.view.absorb(&m);
            }
        }
        settle(&seat, &mut pending);
    }
    out.seat = seat.view.me.as_ref().map_or(0, |me| me.seat);
    seat.ws.close().await;
    out
}

/// Clears an acknowledged action once the update it announced has arrived.
fn settle(seat: &Seat, pending: &mut Option<Pending>) {
    if pending.as_ref().is_some_and(|p| p.acked_v.is_some_and(|v| seat.view.v.is_some_and(|seen| seen >= v))) {
        *pending = None;
    }
}

/// Opens a seat's socket and waits for its snapshot, trying again (every
/// 200 ms) until `deadline` while the server refuses (a `503` from an instance
/// that does not hold the game yet) or cannot be reached.
async fn open(link: &Link, deadline: Instant) -> Result<Seat, String> {
    loop {
        let config = WebSocketConfig::default().read_buffer_size(16 * 1024);
        let attempt = async {
            // The seat's token goes in the first message, never in the address.
            let ws = Client::open(link, Some(config)).await.map_err(|e| e.to_string())?;
            let mut s = Seat { ws, view: View::default() };
            s.ws.hello().await.map_err(|e| e.to_string())?;
            while s.phase().is_none() {
                let m = s.next().await.ok_or("closed before the snapshot")?;
                s.view.absorb(&m);
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
            return Err(format!("{}: {e}", link.game));
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
    let a = Args::parse();
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("runtime");
    rt.block_on(run(a));
}

async fn run(a: Args) {
    let (addr, _server, db_dir) = match a.addr {
        // Checked by `loopback`.
        Some(addr) => (addr, None, None),
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
            a.think_ms
        ),
        None => println!(
            "load: {} concurrent games ({}, one round each), think time {} ms, against {addr}",
            a.games, a.preset, a.think_ms
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
        let think = a.think();
        tasks.push(tokio::spawn(async move {
            let seat = {
                let _permit = gate.acquire().await.expect("gate");
                open(&Link::new(addr, &game, Some(&token)), deadline).await
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

    fn parse(args: &[&str]) -> Result<Args, clap::Error> {
        Args::try_parse_from(std::iter::once("load").chain(args.iter().copied()))
    }

    #[test]
    fn help_is_the_usage_and_bad_flags_are_errors_not_panics() {
        use clap::error::ErrorKind;
        assert_eq!(parse(&["--help"]).unwrap_err().kind(), ErrorKind::DisplayHelp);
        assert_eq!(parse(&["--games", "3", "-h"]).unwrap_err().kind(), ErrorKind::DisplayHelp);
        assert!(parse(&["--help"]).unwrap_err().to_string().contains("--think-ms"));
        let a = parse(&["--games", "12", "--think-ms", "50", "--addr", "127.0.0.1:9"]).expect("a run");
        assert_eq!((a.games, a.think(), a.addr), (12, Duration::from_millis(50), Some("127.0.0.1:9".parse().unwrap())));
        let d = parse(&[]).expect("a run");
        assert_eq!((d.games, d.seconds, d.preset.as_str()), (1000, 300, "goliath"));
        assert_eq!(parse(&["--jump"]).unwrap_err().kind(), ErrorKind::UnknownArgument);
        assert_eq!(parse(&["--games"]).unwrap_err().kind(), ErrorKind::InvalidValue);
        assert!(parse(&["--games", "many"]).unwrap_err().to_string().contains("invalid digit"));
        assert!(parse(&["--addr", "nowhere"]).unwrap_err().to_string().contains("HOST:PORT"));
        assert!(parse(&["--addr", "8.8.8.8:80"]).unwrap_err().to_string().contains("loopback"));
        assert_eq!(parse(&["--join", "seats.txt"]).unwrap_err().kind(), ErrorKind::MissingRequiredArgument);
        let j = parse(&["--addr", "127.0.0.1:9", "--join", "s.txt", "--acks", "a.jsonl"]).expect("a run");
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
