//! Helpers for the API tests: a server on a free loopback port with a fresh
//! database in a temporary folder, HTTP requests answered by the server's
//! router (`tower::ServiceExt::oneshot`), a WebSocket client on a real socket
//! that records every message, every log line captured, and games played
//! without a server to store ([`played`]).
#![allow(dead_code)]

mod played;
#[allow(unused_imports)] // Not every test program plays games without a server.
pub use played::*;

use axum::body::Body;
use axum::http::Request;
use serde_json::{json, Value};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};
use std::time::Duration;
use tower::ServiceExt;
pub use triominos_protocol::client::{Client as WsClient, Incoming, Link, View};
use triominos_protocol::{ClientMsg, Delta, Intent, ServerMsg};
use triominos_server::{ServeConfig, Server};

/// A database file in a temporary folder, removed with it.
pub struct TempDb {
    _dir: tempfile::TempDir,
    path: PathBuf,
}

impl std::ops::Deref for TempDb {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.path
    }
}

pub fn temp_db() -> TempDb {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.db");
    TempDb { _dir: dir, path }
}

/// Every log line of this test program (all its tests), at every level.
pub fn logs() -> Vec<String> {
    let text = String::from_utf8_lossy(&LOGS.lock().unwrap()).into_owned();
    text.lines().map(str::to_string).collect()
}

static LOGS: Mutex<Vec<u8>> = Mutex::new(Vec::new());

struct Capture;

impl Write for Capture {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        LOGS.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn capture_logs() {
    static ONCE: OnceLock<()> = OnceLock::new();
    ONCE.get_or_init(|| {
        tracing_subscriber::fmt().with_max_level(tracing::Level::TRACE).without_time().with_writer(|| Capture).init();
    });
}

pub async fn start(db: &Path) -> Server {
    start_with(db, |_| {}).await
}

/// A server with the tests' settings (no pauses, deal seeds chosen by the
/// test), changed by `set`.
pub async fn start_with(db: &Path, set: impl FnOnce(&mut ServeConfig)) -> Server {
    capture_logs();
    let mut c = ServeConfig::new("127.0.0.1:0", db);
    c.bot_delay = Duration::ZERO;
    c.round_delay = Duration::ZERO;
    c.fixed_seeds = true;
    set(&mut c);
    triominos_server::start(c).await.unwrap()
}

/// Waits until `cond` holds, checking after each short pause. The time limit
/// only turns a hang into a failure: it is far beyond what a loaded machine needs.
pub async fn until(what: &str, mut cond: impl FnMut() -> bool) {
    let deadline = std::time::Instant::now() + Duration::from_secs(120);
    while !cond() {
        assert!(std::time::Instant::now() < deadline, "waited 120 s for: {what}");
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
}

/// Waits until `cond` holds of game `id`'s room, as its driver reads it (the game
/// loaded on this server); the same time limit as [`until`].
pub async fn until_room(
    state: &triominos_server::state::AppState,
    id: &str,
    what: &str,
    cond: impl Fn(&triominos_server::game::room::Room) -> bool + Clone + Send + 'static,
) {
    let deadline = std::time::Instant::now() + Duration::from_secs(120);
    loop {
        if let Some(handle) = state.games.get(id) {
            let cond = cond.clone();
            if handle.read(move |r| cond(r)).await == Some(true) {
                return;
            }
        }
        assert!(std::time::Instant::now() < deadline, "waited 120 s for: {what}");
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
}

/// One HTTP request, answered by the server's router: `(status, body)`.
pub async fn http(server: &Server, method: &str, path: &str, body: Option<&str>) -> (u16, String) {
    let (status, _, body) = http_with(server, method, path, body, &[]).await;
    (status, body)
}

/// One HTTP request with more headers: `(status, content type, body)`.
pub async fn http_with(
    server: &Server,
    method: &str,
    path: &str,
    body: Option<&str>,
    headers: &[(&str, &str)],
) -> (u16, String, String) {
    let mut req = Request::builder().method(method).uri(path).header("content-type", "application/json");
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    let req = req.body(Body::from(body.unwrap_or("").to_string())).unwrap();
    let resp = triominos_server::http::router::router(server.state.clone()).oneshot(req).await.unwrap();
    let status = resp.status().as_u16();
    let kind = resp.headers().get("content-type").map(|v| v.to_str().unwrap().to_string()).unwrap_or_default();
    let bytes = axum::body::to_bytes(resp.into_body(), usize::MAX).await.unwrap();
    (status, kind, String::from_utf8(bytes.to_vec()).unwrap())
}

/// Creates a game; a table of people starts at once unless `req` says
/// `"wait": true` (the tests of other things seat their people one by one
/// and play at once; the waiting room's tests ask for it).
pub async fn create(server: &Server, req: Value) -> Value {
    let mut req = req;
    if let Some(o) = req.as_object_mut() {
        o.entry("wait").or_insert(json!(false));
    }
    let (status, body) = http(server, "POST", "/api/games", Some(&req.to_string())).await;
    assert_eq!(status, 201, "{body}");
    serde_json::from_str(&body).unwrap()
}

pub fn token_of(created: &Value, seat: usize) -> String {
    created["seats"][seat]["link"].as_str().unwrap().rsplit('/').next().unwrap().to_string()
}

/// A seat's or a spectator's connection, through the protocol's one typed
/// client (`triominos_protocol::client`), that keeps every text it received.
/// `view` follows the table in the wire types; `me` and `status` are the same
/// as the JSON sent, for the tests that assert the wire form field by field.
pub struct Client {
    pub ws: WsClient,
    pub received: Vec<String>,
    pub v: u64,
    /// The table as read with the wire types: version, status, private view.
    pub view: View,
    /// The seat's private view as sent (`null` for a spectator).
    pub me: Value,
    /// The status after the last delta, as sent.
    pub status: Value,
    next_id: u64,
}

impl Client {
    /// Connects to `/ws/{id}` and says who it is in the first message (the
    /// token never goes in the address); the snapshot follows.
    pub async fn connect(addr: std::net::SocketAddr, id: &str, token: Option<&str>) -> Client {
        let mut c = Client::open(addr, id).await;
        c.ws.send(&ClientMsg::Hello { token: token.map(str::to_string) }).await.unwrap();
        let snap = c.recv_type("snapshot").await;
        c.absorb(&snap);
        c
    }

    /// A socket to `/ws/{id}` that has said nothing yet.
    pub async fn open(addr: std::net::SocketAddr, id: &str) -> Client {
        let ws = WsClient::open(&Link::new(addr, id, None), None).await.unwrap();
        Client {
            ws,
            received: Vec::new(),
            v: 0,
            view: View::default(),
            me: Value::Null,
            status: Value::Null,
            next_id: 0,
        }
    }

    /// The close frame the server ends with: `(code, reason)`, after any text
    /// messages (kept in `received`).
    pub async fn closed(&mut self) -> (u16, String) {
        // One limit for the whole wait: the server's pings alone must not keep it going.
        let deadline = tokio::time::Instant::now() + Duration::from_secs(120);
        loop {
            let m = tokio::time::timeout_at(deadline, self.ws.recv()).await.expect("closed within 120 s");
            match m {
                Ok(Incoming::Msg { text, .. }) => self.received.push(text),
                Ok(Incoming::Closed(Some(frame))) => return frame,
                Ok(Incoming::Closed(None)) | Err(_) => return (0, String::new()),
            }
        }
    }

    /// Sends a text frame as it is (tests of bad input).
    pub async fn send_raw(&mut self, text: String) {
        self.ws.send_text(text).await.unwrap();
    }

    /// Sends a message as JSON written by the test (tests of the wire form
    /// and of bad input; [`Client::send_msg`] for a typed message).
    pub async fn send(&mut self, v: Value) {
        self.send_raw(v.to_string()).await;
    }

    /// Sends a typed message.
    pub async fn send_msg(&mut self, m: &ClientMsg) {
        self.ws.send(m).await.unwrap();
    }

    /// The next message (any type). The time limit only turns a lost message
    /// into a failure instead of a hang: it is far beyond what a loaded machine needs.
    pub async fn recv(&mut self) -> Value {
        self.recv_msg().await.0
    }

    /// The next message, as sent and as read with the wire types (`None`:
    /// a `hint`, whose judge types are written only).
    pub async fn recv_msg(&mut self) -> (Value, Option<Box<ServerMsg<'static>>>) {
        let m = tokio::time::timeout(Duration::from_secs(120), self.ws.recv())
            .await
            .expect("a message within 120 s")
            .expect("no socket error");
        match m {
            Incoming::Msg { text, msg } => {
                let v: Value = serde_json::from_str(&text).unwrap();
                self.received.push(text);
                (v, msg)
            }
            Incoming::Closed(frame) => panic!("socket closed: {frame:?}"),
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
        let Ok(msg) = serde_json::from_value::<ServerMsg<'static>>(m.clone()) else { return };
        let raw = match &msg {
            ServerMsg::Snapshot { log, .. } => &log[..],
            ServerMsg::Update { deltas, .. } => &deltas[..],
            _ => return,
        };
        for d in raw {
            let d: Delta = serde_json::from_str(d.get()).unwrap();
            if d.v > self.v || (d.v == 0 && self.status.is_null()) {
                assert!(d.v == 0 || d.v == self.v + 1, "deltas in order: got {} after {}", d.v, self.v);
                self.v = d.v;
                self.status = serde_json::to_value(&d.status).unwrap();
            }
        }
        self.view.absorb(&msg);
        if !m["me"].is_null() {
            self.me = m["me"].clone();
        }
    }

    /// Sends an intent and waits for its ack or refusal.
    pub async fn act(&mut self, intent: Value) -> Result<u64, Value> {
        match serde_json::from_value::<Intent>(intent.clone()) {
            Ok(i) => self.act_intent(i).await,
            // Not an intent (a test of bad input): sent as written.
            Err(_) => {
                let id = Self::fresh_id();
                self.next_id = id;
                self.send(json!({"type": "action", "action": intent, "id": id})).await;
                self.answer(id).await
            }
        }
    }

    /// Sends a typed intent and waits for its ack or refusal.
    pub async fn act_intent(&mut self, intent: Intent) -> Result<u64, Value> {
        let id = Self::fresh_id();
        self.next_id = id;
        self.ws.act(intent, id).await.unwrap();
        self.answer(id).await
    }

    /// A message id never used before in this test program, as the page's
    /// never repeat for a seat: the server takes a seat's id used again for
    /// a duplicate, across connections.
    fn fresh_id() -> u64 {
        static NEXT_ID: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        NEXT_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    }

    /// Waits for the ack (then the update it announces) or the refusal of message `id`.
    async fn answer(&mut self, id: u64) -> Result<u64, Value> {
        loop {
            let (m, msg) = self.recv_msg().await;
            match msg.as_deref() {
                Some(ServerMsg::Ack { id: Some(i), v, .. }) if *i == id => {
                    let v = *v;
                    // The update with that version follows.
                    while self.v < v {
                        let u = self.recv_type("update").await;
                        self.absorb(&u);
                    }
                    return Ok(v);
                }
                Some(ServerMsg::Error { id: Some(i), .. }) if *i == id => return Err(m),
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
            if phase != "playing" || self.view.me.as_ref().is_some_and(|me| me.my_turn) {
                return;
            }
            let m = self.recv().await;
            self.absorb(&m);
        }
    }

    /// A good move: the best-scoring legal placement, else draw, else pass.
    pub fn choose(&self) -> Value {
        serde_json::to_value(self.view.best()).unwrap()
    }
}
