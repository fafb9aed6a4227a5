//! Helpers for the API tests: a server on a free loopback port with a fresh
//! database, a tiny HTTP client, and a WebSocket client that records every message.
#![allow(dead_code)]

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use triominos_server::{ServeConfig, Server};

pub fn temp_db(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("triominos-test-{tag}-{}", triominos_server::random_hex(6)));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("games.db")
}

pub async fn start(db: &std::path::Path) -> Server {
    let mut c = ServeConfig::new("127.0.0.1:0", db);
    c.bot_delay = Duration::ZERO;
    c.round_delay = Duration::ZERO;
    c.capture_logs = true;
    c.quiet = true;
    triominos_server::start(c).await.unwrap()
}

/// Every HTTP body a test received, for the hidden-information scan.
#[derive(Default)]
pub struct Seen {
    pub texts: Vec<String>,
}

pub async fn http(addr: std::net::SocketAddr, method: &str, path: &str, body: Option<&str>) -> (u16, String) {
    let mut s = TcpStream::connect(addr).await.unwrap();
    let body = body.unwrap_or("");
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await.unwrap();
    let text = String::from_utf8_lossy(&buf).to_string();
    let (head, rest) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status: u16 = head.split_whitespace().nth(1).unwrap().parse().unwrap();
    let body =
        if head.to_ascii_lowercase().contains("transfer-encoding: chunked") { dechunk(rest) } else { rest.to_string() };
    (status, body)
}

fn dechunk(mut s: &str) -> String {
    let mut out = String::new();
    while let Some((len, rest)) = s.split_once("\r\n") {
        let n = usize::from_str_radix(len.trim(), 16).unwrap_or(0);
        if n == 0 {
            break;
        }
        out.push_str(&rest[..n]);
        s = &rest[n + 2..];
    }
    out
}

pub async fn create(addr: std::net::SocketAddr, req: Value) -> Value {
    let (status, body) = http(addr, "POST", "/api/games", Some(&req.to_string())).await;
    assert_eq!(status, 201, "{body}");
    serde_json::from_str(&body).unwrap()
}

pub fn token_of(created: &Value, seat: usize) -> String {
    created["seats"][seat]["link"].as_str().unwrap().rsplit('/').next().unwrap().to_string()
}

type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

/// A WebSocket client that keeps every text it received.
pub struct Client {
    pub ws: Ws,
    pub received: Vec<String>,
    pub v: u64,
    pub me: Value,
    pub status: Value,
    next_id: u64,
}

impl Client {
    pub async fn connect(addr: std::net::SocketAddr, id: &str, token: Option<&str>) -> Client {
        let url = match token {
            Some(t) => format!("ws://{addr}/ws/{id}?token={t}"),
            None => format!("ws://{addr}/ws/{id}"),
        };
        let (ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
        let mut c = Client { ws, received: Vec::new(), v: 0, me: Value::Null, status: Value::Null, next_id: 0 };
        let snap = c.recv_type("snapshot").await;
        c.absorb(&snap);
        c
    }

    pub async fn send_raw(&mut self, text: String) {
        self.ws.send(Message::Text(text.into())).await.unwrap();
    }

    pub async fn send(&mut self, v: Value) {
        self.send_raw(v.to_string()).await;
    }

    /// The next message (any type). The time limit only turns a lost message
    /// into a failure instead of a hang: it is far beyond what a loaded machine needs.
    pub async fn recv(&mut self) -> Value {
        loop {
            let m = tokio::time::timeout(Duration::from_secs(120), self.ws.next())
                .await
                .expect("a message within 120 s")
                .expect("socket open")
                .expect("no socket error");
            if let Message::Text(t) = m {
                self.received.push(t.to_string());
                let v: Value = serde_json::from_str(&t).unwrap();
                return v;
            }
        }
    }

    pub async fn recv_type(&mut self, kind: &str) -> Value {
        loop {
            let m = self.recv().await;
            if m["type"] == kind {
                return m;
            }
            self.absorb(&m);
        }
    }

    /// Takes in the version, status and private view of a snapshot or update.
    pub fn absorb(&mut self, m: &Value) {
        let deltas = match m["type"].as_str() {
            Some("snapshot") => &m["log"],
            Some("update") => &m["deltas"],
            _ => return,
        };
        for d in deltas.as_array().unwrap() {
            let v = d["v"].as_u64().unwrap();
            if v > self.v || (v == 0 && self.status.is_null()) {
                assert!(v == 0 || v == self.v + 1, "deltas in order: got {v} after {}", self.v);
                self.v = v;
                self.status = d["status"].clone();
            }
        }
        if !m["me"].is_null() {
            self.me = m["me"].clone();
        }
    }

    /// Sends an intent and waits for its ack or refusal.
    pub async fn act(&mut self, intent: Value) -> Result<u64, Value> {
        self.next_id += 1;
        let id = self.next_id;
        let kind = if intent["kind"] == "next_round" { "next_round" } else { "action" };
        self.send(json!({"type": kind, "action": intent, "id": id})).await;
        loop {
            let m = self.recv().await;
            match m["type"].as_str() {
                Some("ack") if m["id"] == id => {
                    let v = m["v"].as_u64().unwrap();
                    // The update with that version follows.
                    while self.v < v {
                        let u = self.recv_type("update").await;
                        self.absorb(&u);
                    }
                    return Ok(v);
                }
                Some("error") if m["id"] == id => return Err(m),
                _ => self.absorb(&m),
            }
        }
    }

    /// Waits until the game reaches at least version `v`.
    pub async fn wait_version(&mut self, v: u64) {
        while self.v < v {
            let m = self.recv().await;
            self.absorb(&m);
        }
    }

    /// Waits until it is this seat's turn (or the round/game is over).
    pub async fn wait_turn(&mut self) {
        loop {
            let phase = self.status["phase"].as_str().unwrap_or("");
            if phase != "playing" || self.me["my_turn"] == true {
                return;
            }
            let m = self.recv().await;
            self.absorb(&m);
        }
    }

    /// A good move: the best-scoring legal placement, else draw, else pass.
    pub fn choose(&self) -> Value {
        let legal = self.me["legal"].as_array().cloned().unwrap_or_default();
        if let Some(best) = legal.iter().max_by_key(|p| p["points"].as_i64().unwrap_or(0)) {
            return json!({"kind": "play", "tile": best["tile"], "cell": best["cell"], "rotation": best["rotation"]});
        }
        if self.me["can_draw"] == true {
            json!({"kind": "draw"})
        } else {
            json!({"kind": "pass"})
        }
    }
}
