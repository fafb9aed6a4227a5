//! A bounded load test over real WebSockets on the loopback interface: many
//! concurrent two-seat games, each seat a client-side bot that plays the
//! best-scoring legal placement (else draws, else passes) as soon as it is its
//! turn. Reports actions per second and the latency from sending an action to
//! receiving its acknowledgement (stored, applied, broadcast).
//!
//! ```text
//! cargo run --release -p triominos-server --example load -- --games 1000
//! cargo run --release -p triominos-server --example load -- --games 1000 --addr 127.0.0.1:8080
//! ```
//! `--think-ms N` makes each seat pause before acting, like a person or a
//! paced bot (0: act at once, a saturation test).
//! Without `--addr` it starts a server in the same process on a free loopback
//! port with a temporary database (without the per-client limits on game
//! creation: every game comes from one client; start a server for `--addr`
//! with `--max-games-per-client 0 --create-per-minute 0`). It stops by itself: every game is played to
//! its end (one round each), or the time limit (`--seconds`, default 300) ends it.

use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use serde_json::{json, Value};
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
}

const USAGE: &str = "usage: load [--games N] [--addr HOST:PORT] [--seconds N] [--preset NAME] [--think-ms N]
  --games N        concurrent two-seat games (1000)
  --addr HOST:PORT a running server on the loopback interface (default: one started here)
  --seconds N      time limit (300)
  --preset NAME    rules preset (goliath)
  --think-ms N     each seat's think time before acting, uniform in [N/2, 3N/2] (0)
  --help           this text";

/// What the command line asks for: a run, or the usage text.
#[derive(Debug)]
enum Command {
    Run(Args),
    Help,
}

/// Reads the flags (without the program name); a wrong one is an error naming it.
fn parse_args(args: impl IntoIterator<Item = String>) -> Result<Command, String> {
    let mut a = Args { games: 1000, addr: None, seconds: 300, preset: "goliath".into(), think: Duration::ZERO };
    let mut it = args.into_iter();
    while let Some(k) = it.next() {
        if k == "--help" || k == "-h" {
            return Ok(Command::Help);
        }
        let known = ["--games", "--addr", "--seconds", "--preset", "--think-ms"];
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
            _ => a.think = Duration::from_millis(number(&v)?),
        }
    }
    Ok(Command::Run(a))
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

struct Seat {
    ws: Ws,
    me: Me,
    phase: String,
    v: u64,
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

    async fn next(&mut self) -> Option<Msg> {
        loop {
            match self.ws.next().await? {
                Ok(Message::Text(t)) => return serde_json::from_str(&t).ok(),
                Ok(_) => continue,
                Err(_) => return None,
            }
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
}

/// Plays one seat to the end of the game; returns the latencies (µs) of its actions and its refusals.
async fn play(mut seat: Seat, deadline: Instant, think: Duration) -> (Vec<u32>, u32) {
    let mut lat = Vec::new();
    let mut refused = 0;
    let mut id = 0u64;
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
    while seat.phase != "game_over" && Instant::now() < deadline {
        if seat.me.my_turn && seat.phase == "playing" {
            if !think.is_zero() {
                tokio::time::sleep(think.mul_f64(jitter())).await;
            }
            id += 1;
            let msg = json!({"type": "action", "action": seat.choose(), "id": id}).to_string();
            let t0 = Instant::now();
            if seat.ws.send(Message::Text(msg.into())).await.is_err() {
                break;
            }
            // Wait for the ack (or refusal), then for the update it announces.
            let mut acked_v = None;
            while let Some(m) = seat.next().await {
                match m.kind.as_str() {
                    "ack" if m.id == Some(id) => {
                        lat.push(t0.elapsed().as_micros().min(u32::MAX as u128) as u32);
                        acked_v = m.v;
                    }
                    "error" if m.id == Some(id) => {
                        refused += 1;
                        break;
                    }
                    _ => seat.absorb(m),
                }
                if acked_v.is_some_and(|v| seat.v >= v) {
                    break;
                }
            }
            if refused > 3 {
                break;
            }
        } else {
            match seat.next().await {
                Some(m) => seat.absorb(m),
                None => break,
            }
        }
    }
    let _ = seat.ws.close(None).await;
    (lat, refused)
}

async fn connect(addr: SocketAddr, id: &str, token: &str) -> Seat {
    let url = format!("ws://{addr}/ws/{id}");
    let config = tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default().read_buffer_size(16 * 1024);
    let (mut ws, _) = tokio_tungstenite::connect_async_with_config(url, Some(config), true).await.expect("websocket");
    // The seat's token goes in the first message, never in the address.
    let hello = json!({"type": "hello", "token": token}).to_string();
    ws.send(Message::Text(hello.into())).await.expect("hello");
    let mut s = Seat { ws, me: Me::default(), phase: String::new(), v: 0 };
    while s.phase.is_empty() {
        let m = s.next().await.expect("snapshot");
        s.absorb(m);
    }
    s
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
    println!(
        "load: {} concurrent games ({}, one round each), think time {} ms, against {addr}",
        a.games,
        a.preset,
        a.think.as_millis()
    );
    let deadline = Instant::now() + Duration::from_secs(a.seconds);

    // Set up every game and connect both seats, then start them all at once.
    let setup = Instant::now();
    let gate = Arc::new(Semaphore::new(64));
    let barrier = Arc::new(Barrier::new(a.games * 2 + 1));
    let mut tasks = Vec::new();
    for _ in 0..a.games {
        let gate = gate.clone();
        let barrier = barrier.clone();
        let preset = a.preset.clone();
        let think = a.think;
        tasks.push(tokio::spawn(async move {
            let seats = {
                let _permit = gate.acquire().await.expect("gate");
                let req = json!({"preset": preset, "options": {"target": "none"},
                    "seats": [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}]});
                let g = post(addr, "/api/games", &req.to_string()).await;
                let id = g["id"].as_str().expect("game id").to_string();
                let token = |i: usize| {
                    g["seats"][i]["link"].as_str().unwrap_or("").rsplit('/').next().unwrap_or("").to_string()
                };
                [connect(addr, &id, &token(0)).await, connect(addr, &id, &token(1)).await]
            };
            let [s0, s1] = seats;
            let b0 = barrier.clone();
            let h0 = tokio::spawn(async move {
                b0.wait().await;
                play(s0, deadline, think).await
            });
            let h1 = tokio::spawn(async move {
                barrier.wait().await;
                play(s1, deadline, think).await
            });
            let (r0, r1) = (h0.await.expect("seat"), h1.await.expect("seat"));
            (r0, r1)
        }));
    }
    barrier.wait().await;
    let connected = setup.elapsed();
    let start = Instant::now();
    let mut lat: Vec<u32> = Vec::new();
    let mut refused = 0;
    let mut finished = 0;
    for t in tasks {
        let ((l0, e0), (l1, e1)) = t.await.expect("game task");
        if !l0.is_empty() || !l1.is_empty() {
            finished += 1;
        }
        lat.extend(l0);
        lat.extend(l1);
        refused += e0 + e1;
    }
    let secs = start.elapsed().as_secs_f64();
    lat.sort_unstable();
    println!(
        "setup: {} games created and {} sockets connected in {:.1} s",
        a.games,
        a.games * 2,
        connected.as_secs_f64()
    );
    println!(
        "played: {} actions in {:.1} s = {:.0} actions/s ({} games played, {} refusals)",
        lat.len(),
        secs,
        lat.len() as f64 / secs,
        finished,
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
    if let Some(server) = _server {
        server.stop().await;
    }
    if let Some(dir) = db_dir {
        let _ = std::fs::remove_dir_all(dir);
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
    }
}
