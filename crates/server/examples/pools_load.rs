//! Scripted people through the "Play now" pools (issue 47): `--people N`
//! (1,000) arrive over `--seconds S` (60), each at a pool of a mixed preset
//! (pressman, goliath) and size (2, 3, 4), asking about their entry every
//! second as the page does; a tenth of them leave before they are seated;
//! every one who stays ticked "bots after 20 s". Reports whether everyone
//! who stayed was seated exactly once, and the median and p99 time from the
//! arrival that completed a table of people to each of its people learning
//! their seat.
//!
//! ```text
//! cargo run --release -p triominos-server --example pools_load -- --people 1000 --seconds 60
//! ```
//! It starts a server in this process on a free loopback port and a
//! temporary SQLite database, without the per-client caps (every person is
//! one client here, 127.0.0.1).

use serde_json::{json, Value};
use std::collections::{HashMap, HashSet};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// One request on a new connection: (status, body).
async fn request(addr: SocketAddr, method: &str, path: &str, body: &str) -> Option<(u16, Value)> {
    let mut s = TcpStream::connect(addr).await.ok()?;
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.ok()?;
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await.ok()?;
    let text = String::from_utf8_lossy(&buf);
    let status = text.split(' ').nth(1)?.parse().ok()?;
    let body = text.split_once("\r\n\r\n").map_or("", |x| x.1);
    Some((status, serde_json::from_str(body).unwrap_or(Value::Null)))
}

/// What one person saw: when they entered, when they learnt their seat (and its link).
#[derive(Clone, Debug, Default)]
struct Seen {
    entered: Option<Instant>,
    seated: Option<(Instant, String)>,
    left: bool,
}

fn arg(name: &str, default: u64) -> u64 {
    let args: Vec<String> = std::env::args().collect();
    args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn main() {
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("runtime");
    rt.block_on(run(arg("--people", 1000) as usize, arg("--seconds", 60)));
}

async fn run(people: usize, seconds: u64) {
    let dir = std::env::temp_dir().join(format!("triominos-pools-{}", triominos_server::secret::random_hex(6)));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let mut c = triominos_server::ServeConfig::new("127.0.0.1:0", dir.join("pools.db"));
    c.pool_entries_per_client = 0;
    c.pools_per_minute = 0;
    c.max_connections_per_client = 0;
    let server = triominos_server::start(c).await.expect("server");
    let addr = server.addr;
    let seen: Arc<Mutex<Vec<Seen>>> = Arc::new(Mutex::new(vec![Seen::default(); people]));
    let t0 = Instant::now();
    let mut tasks = Vec::new();
    for i in 0..people {
        let seen = seen.clone();
        let at = Duration::from_secs_f64(seconds as f64 * i as f64 / people as f64);
        tasks.push(tokio::spawn(async move {
            tokio::time::sleep_until((t0 + at).into()).await;
            let preset = ["pressman", "goliath"][i % 2];
            let size = [2, 3, 4][(i / 2) % 3];
            let leaves = i % 10 == 9;
            let body = json!({"preset": preset, "size": size, "bots_after_s": 20}).to_string();
            let entered = Instant::now();
            let Some((201, mut e)) = request(addr, "POST", "/api/pools", &body).await else { return };
            seen.lock().unwrap()[i].entered = Some(entered);
            let id = e["entry"].as_str().unwrap_or_default().to_string();
            let leave_at = entered + Duration::from_millis(1000 + (i as u64 * 37) % 4000);
            loop {
                match e["state"].as_str() {
                    Some("seated") => {
                        let link = e["link"].as_str().unwrap_or_default().to_string();
                        seen.lock().unwrap()[i].seated = Some((Instant::now(), link));
                        return;
                    }
                    Some("left") => {
                        seen.lock().unwrap()[i].left = true;
                        return;
                    }
                    _ => {}
                }
                tokio::time::sleep(Duration::from_secs(1)).await;
                let path = if leaves && Instant::now() >= leave_at {
                    format!("/api/pools/{id}/leave")
                } else {
                    format!("/api/pools/{id}")
                };
                let method = if path.ends_with("/leave") { "POST" } else { "GET" };
                if let Some((200, v)) = request(addr, method, &path, "").await {
                    e = v;
                }
            }
        }));
    }
    for t in tasks {
        let _ = t.await;
    }
    let seen = seen.lock().unwrap().clone();
    let mut links = HashSet::new();
    let mut twice = 0;
    let mut by_game: HashMap<String, Vec<(Instant, Instant)>> = HashMap::new();
    for s in &seen {
        if let (Some(entered), Some((at, link))) = (s.entered, &s.seated) {
            if !links.insert(link.clone()) {
                twice += 1;
            }
            let game = link.split('/').nth(2).unwrap_or_default().to_string();
            by_game.entry(game).or_default().push((entered, *at));
        }
    }
    let stayed = seen.iter().filter(|s| s.entered.is_some() && !s.left).count();
    let seated = seen.iter().filter(|s| s.seated.is_some()).count();
    let left = seen.iter().filter(|s| s.left).count();
    // From the arrival that completed a table of people to each of its people seated.
    let mut waits: Vec<f64> = Vec::new();
    for members in by_game.values().filter(|m| m.len() > 1) {
        let complete = members.iter().map(|m| m.0).max().expect("members");
        waits.extend(members.iter().map(|m| m.1.saturating_duration_since(complete).as_secs_f64() * 1000.0));
    }
    waits.sort_by(|a, b| a.partial_cmp(b).expect("numbers"));
    println!(
        "{people} people over {seconds} s: {stayed} stayed, {seated} seated at {} tables ({} with two people or more), {left} left, {twice} seated twice",
        by_game.len(),
        by_game.values().filter(|m| m.len() > 1).count()
    );
    println!(
        "time from the arrival completing a table to a seat: median {:.0} ms, p99 {:.0} ms ({} people)",
        percentile(&waits, 0.5),
        percentile(&waits, 0.99),
        waits.len()
    );
    let _ = std::fs::remove_dir_all(&dir);
}
