#![doc = include_str!("../README.md")]
#![deny(missing_docs)]

pub mod api;
pub mod assets;
pub mod learn;
pub mod net;
pub mod pad;
pub mod play;
pub mod protocol;
pub mod puzzles;
pub mod replay;
pub mod room;
pub mod rules;
pub mod store;
pub mod think;
pub mod view;
pub mod ws;

use room::Room;
use std::collections::{HashMap, HashSet};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use store::Store;

/// Where the server listens and keeps its data, and how it behaves.
#[derive(Clone, Debug)]
pub struct ServeConfig {
    /// Address to listen on, like `127.0.0.1:8080`.
    pub addr: String,
    /// SQLite database file.
    pub db: PathBuf,
    /// Pause before a bot acts, so people can follow (0 in tests).
    pub bot_delay: Duration,
    /// Pause before the next round of a game without people.
    pub round_delay: Duration,
    /// Bot decisions computed at once (see [`think`]); the number of cores by default.
    pub max_thinking: usize,
    /// Games of bots alone playing at once; creating one more is refused
    /// (`too_many_bot_games`).
    pub max_bot_games: usize,
    /// First pause before a bot's move that could not be stored is tried
    /// again; it doubles at each failure up to [`ServeConfig::store_retry_max`].
    pub store_retry: Duration,
    /// Longest pause between two tries of a bot's move that could not be stored.
    pub store_retry_max: Duration,
    /// Largest `.tri` text `POST /api/replay` reads; a longer one is refused
    /// with 413 `record_too_large`.
    pub max_record_bytes: usize,
    /// Most actions of an uploaded record replayed; more are refused, before
    /// any replay, with 413 `record_too_long`.
    pub max_record_actions: usize,
    /// Most rounds of an uploaded record replayed (`record_too_long` beyond).
    pub max_record_rounds: usize,
    /// Replays computed at once (on blocking threads); as many again times
    /// four wait, more are refused with 503 `replays_busy`.
    pub max_replays: usize,
    /// Connections open at once (WebSockets included); one more waits, not
    /// accepted, until one closes.
    pub max_connections: usize,
    /// Time a connection has to send a whole request head, from its opening
    /// or from its last answer: a half-sent request, or a keep-alive
    /// connection left idle, is closed after it. A WebSocket is not bound by it.
    pub header_timeout: Duration,
}

impl ServeConfig {
    /// The defaults: 600 ms bot pause, 3 s between the rounds of bots, as
    /// many bot decisions at once as cores, 8 games of bots alone, a failed
    /// store of a bot's move tried again after 250 ms, then 0.5 s, 1 s... up to 30 s.
    pub fn new(addr: impl Into<String>, db: impl Into<PathBuf>) -> ServeConfig {
        ServeConfig {
            addr: addr.into(),
            db: db.into(),
            bot_delay: Duration::from_millis(600),
            round_delay: Duration::from_secs(3),
            max_thinking: default_thinking(),
            max_bot_games: DEFAULT_MAX_BOT_GAMES,
            store_retry: Duration::from_millis(250),
            store_retry_max: Duration::from_secs(30),
            max_record_bytes: DEFAULT_MAX_RECORD_BYTES,
            max_record_actions: DEFAULT_MAX_RECORD_ACTIONS,
            max_record_rounds: DEFAULT_MAX_RECORD_ROUNDS,
            max_replays: DEFAULT_MAX_REPLAYS,
            max_connections: DEFAULT_MAX_CONNECTIONS,
            header_timeout: DEFAULT_HEADER_TIMEOUT,
        }
    }
}

/// Games of bots alone playing at once, unless configured.
pub const DEFAULT_MAX_BOT_GAMES: usize = 8;

/// Largest uploaded record, unless configured: 256 KiB (a game to 400 is about 10 KB).
pub const DEFAULT_MAX_RECORD_BYTES: usize = 256 * 1024;
/// Most actions of an uploaded record, unless configured (a game to 400 has about 300).
pub const DEFAULT_MAX_RECORD_ACTIONS: usize = 5000;
/// Most rounds of an uploaded record, unless configured (a game to 400 has 2 to 5).
pub const DEFAULT_MAX_RECORD_ROUNDS: usize = 200;
/// Replays computed at once, unless configured.
pub const DEFAULT_MAX_REPLAYS: usize = 2;
/// Connections at once, unless configured: under the usual limit of 1024 open
/// files a process, with room for the database and the listener.
pub const DEFAULT_MAX_CONNECTIONS: usize = 1000;
/// Time to send a request head (and longest idle keep-alive), unless configured.
pub const DEFAULT_HEADER_TIMEOUT: Duration = Duration::from_secs(10);

/// Bot decisions at once, unless configured: the number of cores.
pub fn default_thinking() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The server's shared state.
pub struct AppState {
    /// Games in memory.
    rooms: Mutex<HashMap<String, Arc<tokio::sync::Mutex<Room>>>>,
    /// The games of bots alone not over yet.
    bot_games: Mutex<HashSet<String>>,
    /// Storage.
    pub store: Store,
    /// Settings.
    pub config: ServeConfig,
    /// The bots' decisions: running and waiting.
    pub thinking: Arc<think::Thinking>,
}

impl AppState {
    /// A game in memory, loaded from storage (and replayed) when needed.
    pub async fn room(self: &Arc<Self>, id: &str) -> Option<Arc<tokio::sync::Mutex<Room>>> {
        if id.len() > 64 {
            return None;
        }
        if let Some(r) = self.rooms.lock().ok()?.get(id) {
            return Some(r.clone());
        }
        let stored = self.store.load(id.to_string()).await.ok()??;
        let room = match play::rebuild(&stored) {
            Ok(r) => r,
            Err(e) => {
                tracing::error!(game = %id, code = %e.code, "cannot rebuild a stored game");
                return None;
            }
        };
        let arc = {
            let mut rooms = self.rooms.lock().ok()?;
            rooms.entry(id.to_string()).or_insert_with(|| Arc::new(tokio::sync::Mutex::new(room))).clone()
        };
        Some(arc)
    }

    /// Drops a finished game nobody watches from memory (it stays stored and
    /// is loaded again when asked for).
    pub fn forget(&self, id: &str) {
        if let Ok(mut rooms) = self.rooms.lock() {
            rooms.remove(id);
        }
    }

    /// Counts a new game of bots alone, unless [`ServeConfig::max_bot_games`]
    /// of them are playing already (then `false`).
    pub fn admit_bot_game(&self, id: &str) -> bool {
        let Ok(mut games) = self.bot_games.lock() else { return false };
        if games.len() >= self.config.max_bot_games {
            return false;
        }
        games.insert(id.to_string());
        true
    }

    /// Counts a game of bots alone that was playing before a restart (even
    /// beyond the cap: it is not refused, only new ones are).
    fn resume_bot_game(&self, id: &str) {
        if let Ok(mut games) = self.bot_games.lock() {
            games.insert(id.to_string());
        }
    }

    /// A game of bots alone is over (or was never stored): it no longer counts.
    pub fn end_bot_game(&self, id: &str) {
        if let Ok(mut games) = self.bot_games.lock() {
            games.remove(id);
        }
    }

    /// How many games of bots alone are playing.
    pub fn bot_games(&self) -> usize {
        self.bot_games.lock().map_or(0, |g| g.len())
    }

    /// Adds a new game.
    pub fn insert(&self, room: Room) -> Arc<tokio::sync::Mutex<Room>> {
        let id = room.id.clone();
        let arc = Arc::new(tokio::sync::Mutex::new(room));
        if let Ok(mut rooms) = self.rooms.lock() {
            rooms.insert(id, arc.clone());
        }
        arc
    }
}

/// A running server.
pub struct Server {
    /// The address it listens on.
    pub addr: SocketAddr,
    /// Its state (tests look at games).
    pub state: Arc<AppState>,
    task: tokio::task::JoinHandle<()>,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
    connections: net::Connections,
}

impl Server {
    /// Connections open now (WebSockets included).
    pub fn connections(&self) -> usize {
        self.connections.open()
    }

    /// Stops accepting connections and waits for the server task.
    pub async fn stop(mut self) {
        if let Some(s) = self.shutdown.take() {
            let _ = s.send(());
        }
        self.task.abort();
        let _ = self.task.await;
    }
}

/// Opens the database and resumes its unfinished games: the state of a server.
pub async fn open(config: ServeConfig) -> Result<Arc<AppState>, String> {
    let store = Store::open(&config.db).map_err(|e| format!("{}: {e}", config.db.display()))?;
    let thinking = think::Thinking::new(config.max_thinking);
    let state = Arc::new(AppState {
        rooms: Mutex::new(HashMap::new()),
        bot_games: Mutex::new(HashSet::new()),
        store,
        config,
        thinking,
    });
    let ids = state.store.unfinished().await.map_err(|e| e.to_string())?;
    let mut resumed = 0;
    for id in &ids {
        if let Some(room) = state.room(id).await {
            let mut r = room.lock().await;
            if !r.has_humans() && !r.is_over() {
                state.resume_bot_game(id);
            }
            play::schedule(&state, &room, &mut r);
            resumed += 1;
        }
    }
    if resumed > 0 {
        tracing::info!("resumed {resumed} unfinished game(s)");
    }
    Ok(state)
}

/// The server's routes ([`api::router`]) with gzip compression of every answer the
/// browser accepts it for (pages, scripts, JSON), and security headers on every
/// answer: a Content-Security-Policy that the page satisfies
/// ([`assets::content_security_policy`]: this origin only, the page's own
/// inline scripts by hash, never in a frame), `X-Frame-Options: DENY`,
/// `Referrer-Policy: no-referrer` (a seat's link never leaves in a referrer),
/// `X-Content-Type-Options: nosniff`.
pub fn app(state: Arc<AppState>) -> axum::Router {
    use axum::http::{header, HeaderValue};
    use tower_http::set_header::SetResponseHeaderLayer;
    let csp = HeaderValue::from_static(assets::content_security_policy());
    api::router(state)
        .layer(tower_http::compression::CompressionLayer::new())
        .layer(SetResponseHeaderLayer::overriding(header::CONTENT_SECURITY_POLICY, csp))
        .layer(SetResponseHeaderLayer::overriding(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")))
        .layer(SetResponseHeaderLayer::overriding(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer")))
        .layer(SetResponseHeaderLayer::overriding(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")))
}

/// Opens the database, resumes unfinished games and starts listening.
pub async fn start(config: ServeConfig) -> Result<Server, String> {
    let listener = tokio::net::TcpListener::bind(&config.addr).await.map_err(|e| format!("{}: {e}", config.addr))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let limits = net::Limits::of(&config);
    let state = open(config).await?;
    let app = app(state.clone());
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    // The accept loop (module `net`): a cap on connections, a time limit on
    // request heads, the peer's address for the handlers.
    let (connections, serving) = net::serve(listener, app, limits, rx);
    let task = tokio::spawn(serving);
    Ok(Server { addr, state, task, shutdown: Some(tx), connections })
}

/// Runs the server until Ctrl-C (for `triominos serve`); `ready` is called
/// with the address once it listens.
pub fn serve_blocking(config: ServeConfig, ready: impl FnOnce(SocketAddr)) -> Result<(), String> {
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().map_err(|e| e.to_string())?;
    rt.block_on(async move {
        let server = start(config).await?;
        tracing::info!(addr = %server.addr, "listening");
        ready(server.addr);
        let _ = tokio::signal::ctrl_c().await;
        tracing::info!("stopping");
        server.stop().await;
        Ok(())
    })
}

/// Seconds since 1970.
pub fn now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}

/// `bytes` random bytes from the operating system, as lowercase hex.
pub fn random_hex(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    getrandom::fill(&mut buf).expect("the operating system's random source");
    buf.iter().map(|b| format!("{b:02x}")).collect()
}

/// A random 64-bit seed.
pub fn random_seed() -> u64 {
    let mut buf = [0u8; 8];
    getrandom::fill(&mut buf).expect("the operating system's random source");
    u64::from_le_bytes(buf)
}
