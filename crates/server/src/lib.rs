#![doc = include_str!("../README.md")]
#![deny(missing_docs)]

pub mod api;
pub mod assets;
pub mod hint;
pub mod learn;
pub mod limits;
pub mod net;
pub mod pad;
pub mod play;
pub mod protocol;
pub mod puzzles;
pub mod replay;
pub mod review;
pub mod room;
pub mod rules;
pub mod store;
pub mod think;
pub mod view;
pub mod ws;

use api::Fail;
use axum::http::StatusCode;
use protocol::{Refusal, Refused};
use room::{Room, SeatKind};
use std::collections::{HashMap, HashSet};
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use store::{Store, StoreError};
use triominos_core::Phase;

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
    /// How long a hint ("Suggest a move") searches: the strongest named
    /// level's budget by default (see [`hint`]).
    pub hint_budget: triominos_bots::Budget,
    /// Unfinished games one client (an IPv4 address, an IPv6 /64) may have
    /// created since the server started; one more is refused
    /// (`too_many_games`). 0: no cap.
    pub max_games_per_client: usize,
    /// Unfinished games stored in all (in memory or not); one more is refused
    /// (`server_full`). 0: no cap.
    pub max_games: usize,
    /// Games one client may create in a row before [`ServeConfig::create_per_minute`] applies.
    pub create_burst: u32,
    /// Games one client may create per minute after its burst; faster is
    /// refused (`too_fast`). 0: no rate limit.
    pub create_per_minute: u32,
    /// A game with no connection, no bot to play and nothing running for it
    /// this long is dropped from memory (it stays stored and is loaded again
    /// when asked for).
    pub evict_after: Duration,
    /// How often idle games are looked for ([`AppState::evict_idle`]); zero: never.
    pub sweep_every: Duration,
    /// Whether the creator of a game with people may choose its deal seed
    /// (tests and demos: whoever knows the seed knows every hand). Off by
    /// default: such a seed is refused with `seed_not_allowed`, and the seed
    /// comes from [`random_seed`]. Games of bots alone may always name one.
    pub fixed_seeds: bool,
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
    /// A WebSocket that sends nothing this long, not even the answer to
    /// the server's pings (which browsers send by themselves), is closed
    /// with a close frame 1001 `idle`, and its seat shows as away: a laptop
    /// gone to sleep or a network gone without a goodbye. The server pings
    /// every third of it.
    pub ws_idle: Duration,
}

impl ServeConfig {
    /// The defaults: 600 ms bot pause, 3 s between the rounds of bots, as
    /// many bot decisions at once as cores, 8 games of bots alone, a failed
    /// store of a bot's move tried again after 250 ms, then 0.5 s, 1 s... up to 30 s,
    /// hints searched with Expert's budget;
    /// 20 unfinished games per client and 10,000 in all, 10 games created in a
    /// row then 10 a minute per client, idle games dropped from memory after 10
    /// minutes, looked for every minute.
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
            hint_budget: hint::default_budget(),
            max_games_per_client: DEFAULT_MAX_GAMES_PER_CLIENT,
            max_games: DEFAULT_MAX_GAMES,
            create_burst: DEFAULT_CREATE_BURST,
            create_per_minute: DEFAULT_CREATE_PER_MINUTE,
            evict_after: Duration::from_secs(DEFAULT_EVICT_AFTER_S),
            sweep_every: Duration::from_secs(DEFAULT_SWEEP_EVERY_S),
            fixed_seeds: false,
            max_record_bytes: DEFAULT_MAX_RECORD_BYTES,
            max_record_actions: DEFAULT_MAX_RECORD_ACTIONS,
            max_record_rounds: DEFAULT_MAX_RECORD_ROUNDS,
            max_replays: DEFAULT_MAX_REPLAYS,
            max_connections: DEFAULT_MAX_CONNECTIONS,
            header_timeout: DEFAULT_HEADER_TIMEOUT,
            ws_idle: DEFAULT_WS_IDLE,
        }
    }
}

/// Unfinished games per client, unless configured.
pub const DEFAULT_MAX_GAMES_PER_CLIENT: usize = 20;
/// Unfinished games in all, unless configured.
pub const DEFAULT_MAX_GAMES: usize = 10_000;
/// Games a client may create in a row, unless configured.
pub const DEFAULT_CREATE_BURST: u32 = 10;
/// Games a client may create per minute after its burst, unless configured.
pub const DEFAULT_CREATE_PER_MINUTE: u32 = 10;
/// Seconds of idleness before a game leaves memory, unless configured.
pub const DEFAULT_EVICT_AFTER_S: u64 = 600;
/// Seconds between two looks for idle games, unless configured.
pub const DEFAULT_SWEEP_EVERY_S: u64 = 60;

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
/// Time a WebSocket may stay silent (pings unanswered) before it is closed, unless configured.
pub const DEFAULT_WS_IDLE: Duration = Duration::from_secs(60);

/// Bot decisions at once, unless configured: the number of cores.
pub fn default_thinking() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// A game in memory and when it was last seen in use.
struct Held {
    room: Arc<tokio::sync::Mutex<Room>>,
    seen: Instant,
}

/// The server's shared state.
pub struct AppState {
    /// Games in memory.
    rooms: Mutex<HashMap<String, Held>>,
    /// The games of bots alone not over yet.
    bot_games: Mutex<HashSet<String>>,
    /// Stored games that do not replay, set aside: id and why.
    damaged: Mutex<HashMap<String, Refusal>>,
    /// Game creation per client (see [`limits`]); shared with the storage thread.
    clients: Arc<Mutex<limits::Clients>>,
    /// Storage.
    pub store: Store,
    /// Settings.
    pub config: ServeConfig,
    /// The bots' decisions: running and waiting.
    pub thinking: Arc<think::Thinking>,
}

/// A lock that a panic elsewhere does not make unusable (the data are simple maps).
fn locked<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// Whether a bot (or, without people, the server) is to act: what
/// [`play::schedule`] starts a task for. A game for which this holds must
/// stay in memory.
fn bot_due(r: &Room) -> bool {
    match r.game.public().phase() {
        Phase::Playing => r.setup.seats.get(r.game.to_move() as usize).is_some_and(|s| s.kind == SeatKind::Bot),
        Phase::RoundOver => !r.has_humans(),
        Phase::GameOver => false,
    }
}

impl AppState {
    /// A game in memory, loaded from storage (and replayed) when needed;
    /// `None` for every refusal of [`AppState::game`].
    pub async fn room(self: &Arc<Self>, id: &str) -> Option<Arc<tokio::sync::Mutex<Room>>> {
        self.game(id).await.ok()
    }

    /// A game in memory, loaded from storage (and replayed) when needed. A
    /// missing game is 404 `game_not_found`; one whose rows cannot be read is
    /// 500 `game_unreadable` (SQLite's error is logged); one that does not
    /// replay is set aside (logged once, then 500 `game_damaged`). A game
    /// whose last stored action ended it but that is not marked finished is
    /// marked so.
    pub async fn game(self: &Arc<Self>, id: &str) -> Result<Arc<tokio::sync::Mutex<Room>>, Fail> {
        let not_found = || Fail::new(StatusCode::NOT_FOUND, Refused::GameNotFound);
        if id.len() > 64 {
            return Err(not_found());
        }
        if let Some(h) = locked(&self.rooms).get_mut(id) {
            h.seen = Instant::now();
            return Ok(h.room.clone());
        }
        if locked(&self.damaged).contains_key(id) {
            return Err(Fail::new(StatusCode::INTERNAL_SERVER_ERROR, Refused::GameDamaged));
        }
        let stored = match self.store.load(id.to_string()).await {
            Ok(Some(s)) => s,
            Ok(None) => return Err(not_found()),
            Err(e) => {
                tracing::error!(game = %id, "cannot load a stored game: {e}");
                return Err(Fail::new(StatusCode::INTERNAL_SERVER_ERROR, Refused::GameUnreadable));
            }
        };
        let room = match play::rebuild(&stored) {
            Ok(r) => r,
            Err(e) => {
                self.set_aside(id, e);
                return Err(Fail::new(StatusCode::INTERNAL_SERVER_ERROR, Refused::GameDamaged));
            }
        };
        if room.is_over() && !stored.finished {
            if let Err(e) = self.mark_finished(room.id.clone(), serde_json::to_string(&room.summary())).await {
                tracing::error!(game = %id, "cannot mark an ended game finished: {e}");
            }
        }
        let (arc, new) = {
            let mut rooms = locked(&self.rooms);
            let held = rooms.entry(id.to_string());
            let new = matches!(held, std::collections::hash_map::Entry::Vacant(_));
            let h =
                held.or_insert_with(|| Held { room: Arc::new(tokio::sync::Mutex::new(room)), seen: Instant::now() });
            (h.room.clone(), new)
        };
        if new {
            let mut r = arc.lock().await;
            if !r.has_humans() && !r.is_over() {
                self.resume_bot_game(id);
            }
            play::schedule(self, &arc, &mut r);
        }
        Ok(arc)
    }

    /// Sets aside a stored game that does not replay, with a loud log line naming it.
    fn set_aside(&self, id: &str, why: Refusal) {
        tracing::error!(
            game = %id,
            code = %why.code,
            "a stored game does not replay: set aside (kept in the database as it is, not played, answered \
             with game_damaged)"
        );
        locked(&self.damaged).insert(id.to_string(), why);
    }

    /// The stored games set aside because they do not replay, with why
    /// (sorted by id).
    pub fn damaged(&self) -> Vec<(String, Refusal)> {
        let mut v: Vec<_> = locked(&self.damaged).iter().map(|(k, v)| (k.clone(), v.clone())).collect();
        v.sort_by(|a, b| a.0.cmp(&b.0));
        v
    }

    /// Marks an ended game finished in the store, with its summary, now (the
    /// repair of a game whose last action was stored but not the end).
    async fn mark_finished(&self, id: String, summary: Result<String, serde_json::Error>) -> Result<(), StoreError> {
        self.store.finish(id.clone(), now(), summary.map_err(store::err)?).await?;
        tracing::warn!(game = %id, "an ended game was not marked finished (stopped in between): marked now");
        Ok(())
    }

    /// Drops a finished game nobody watches from memory (it stays stored and
    /// is loaded again when asked for).
    pub fn forget(&self, id: &str) {
        locked(&self.rooms).remove(id);
    }

    /// Drops from memory every game that nothing uses (no connection, no bot
    /// to play, no task or request holding it) and that has not been seen in
    /// use for [`ServeConfig::evict_after`]; it stays stored and is loaded
    /// again when asked for. Also forgets the creation buckets of clients not
    /// seen for a while. Returns how many games were dropped. Runs every
    /// [`ServeConfig::sweep_every`].
    pub fn evict_idle(&self) -> usize {
        let now = Instant::now();
        let after = self.config.evict_after;
        let mut rooms = locked(&self.rooms);
        let before = rooms.len();
        rooms.retain(|_, h| {
            // Tasks, connections and requests hold a clone; new clones are
            // only made from this map, under this lock.
            let busy =
                Arc::strong_count(&h.room) > 1 || h.room.try_lock().map_or(true, |r| !r.is_idle() || bot_due(&r));
            if busy {
                h.seen = now;
            }
            busy || now.saturating_duration_since(h.seen) < after
        });
        let dropped = before - rooms.len();
        drop(rooms);
        locked(&self.clients).prune(now, self.config.create_burst, self.config.create_per_minute);
        if dropped > 0 {
            tracing::debug!(dropped, "idle games dropped from memory");
        }
        dropped
    }

    /// How many games are in memory.
    pub fn in_memory(&self) -> usize {
        locked(&self.rooms).len()
    }

    /// Whether a game is in memory.
    pub fn is_in_memory(&self, id: &str) -> bool {
        locked(&self.rooms).contains_key(id)
    }

    /// Takes a creation token of `client` ([`ServeConfig::create_burst`],
    /// [`ServeConfig::create_per_minute`]): 429 `too_fast` when it has none.
    /// A request without a known peer address is not limited.
    pub fn admit_creation(&self, client: Option<IpAddr>) -> Result<(), Fail> {
        let Some(client) = client.map(limits::client_of) else { return Ok(()) };
        let (burst, rate) = (self.config.create_burst, self.config.create_per_minute);
        locked(&self.clients).take(client, Instant::now(), burst, rate).map_err(|retry_after| {
            tracing::warn!(%client, retry_after, "a game refused: created too fast");
            Fail::new(StatusCode::TOO_MANY_REQUESTS, Refused::TooFast { retry_after })
        })
    }

    /// Stores a new game unless the caps refuse it: 429 `server_full` at
    /// [`ServeConfig::max_games`] unfinished games stored, 429
    /// `too_many_games` when `client` has [`ServeConfig::max_games_per_client`]
    /// unfinished games. Counted and stored in one storage job, so two
    /// creations at once cannot both pass the caps.
    pub async fn store_new_game(
        &self,
        client: Option<IpAddr>,
        id: String,
        created: i64,
        setup: String,
    ) -> Result<(), Fail> {
        let (max_games, per_client) = (self.config.max_games, self.config.max_games_per_client);
        let client = client.map(limits::client_of).filter(|_| per_client > 0);
        let clients = self.clients.clone();
        let capped = self
            .store
            .call(move |c| -> Result<Result<(), Refused>, StoreError> {
                if max_games > 0 && store::count_unfinished(c)? >= max_games {
                    return Ok(Err(Refused::ServerFull { max: max_games }));
                }
                if let Some(client) = client {
                    let mine = locked(&clients).games_of(client);
                    let open = store::unfinished_among(c, &mine)?;
                    let full = open.len() >= per_client;
                    locked(&clients).set_games(client, open);
                    if full {
                        return Ok(Err(Refused::TooManyGames { max: per_client }));
                    }
                }
                store::insert_game(c, &id, created, &setup)?;
                if let Some(client) = client {
                    locked(&clients).add_game(client, id);
                }
                Ok(Ok(()))
            })
            .await?;
        capped.map_err(|r| {
            tracing::warn!(client = ?client, code = %Refusal::from(r.clone()).code, "a game refused: a cap on games");
            Fail::new(StatusCode::TOO_MANY_REQUESTS, r)
        })
    }

    /// Counts a new game of bots alone, unless [`ServeConfig::max_bot_games`]
    /// of them are playing already (then `false`).
    pub fn admit_bot_game(&self, id: &str) -> bool {
        let mut games = locked(&self.bot_games);
        if games.len() >= self.config.max_bot_games {
            return false;
        }
        games.insert(id.to_string());
        true
    }

    /// Counts a game of bots alone that was playing before a restart (even
    /// beyond the cap: it is not refused, only new ones are).
    fn resume_bot_game(&self, id: &str) {
        locked(&self.bot_games).insert(id.to_string());
    }

    /// A game of bots alone is over (or was never stored): it no longer counts.
    pub fn end_bot_game(&self, id: &str) {
        locked(&self.bot_games).remove(id);
    }

    /// How many games of bots alone are playing.
    pub fn bot_games(&self) -> usize {
        locked(&self.bot_games).len()
    }

    /// Adds a new game.
    pub fn insert(&self, room: Room) -> Arc<tokio::sync::Mutex<Room>> {
        let id = room.id.clone();
        let arc = Arc::new(tokio::sync::Mutex::new(room));
        locked(&self.rooms).insert(id, Held { room: arc.clone(), seen: Instant::now() });
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

/// Opens the database (refusing a damaged, read-only, empty or foreign one,
/// see [`Store::open`]), then looks at every unfinished game once: one where
/// a bot is to play (every game of bots alone) is resumed and stays in
/// memory; one that ended but was not marked finished is marked; one that
/// does not replay is set aside with a loud log line naming it; the others
/// wait on disk until asked for. A storage error refuses to start. Starts the
/// sweep of idle games.
pub async fn open(config: ServeConfig) -> Result<Arc<AppState>, String> {
    let db = config.db.display().to_string();
    let store = Store::open(&config.db).map_err(|e| format!("{db}: {e}"))?;
    let thinking = think::Thinking::new(config.max_thinking);
    let state = Arc::new(AppState {
        rooms: Mutex::new(HashMap::new()),
        bot_games: Mutex::new(HashSet::new()),
        damaged: Mutex::new(HashMap::new()),
        clients: Arc::new(Mutex::new(limits::Clients::default())),
        store,
        config,
        thinking,
    });
    let ids = state.store.unfinished().await.map_err(|e| format!("{db}: cannot list the unfinished games: {e}"))?;
    let (mut resumed, mut waiting, mut marked) = (0, 0, 0);
    for id in &ids {
        // One at a time: only the games that must run stay in memory.
        let stored = match state.store.load(id.clone()).await {
            Ok(Some(s)) => s,
            Ok(None) => continue,
            Err(e) => return Err(format!("{db}: cannot read an unfinished game: {e}")),
        };
        match play::rebuild(&stored) {
            Err(why) => state.set_aside(id, why),
            Ok(room) if room.is_over() => {
                state
                    .mark_finished(room.id.clone(), serde_json::to_string(&room.summary()))
                    .await
                    .map_err(|e| format!("{db}: game {id}: {e}"))?;
                marked += 1;
            }
            Ok(room) if bot_due(&room) => {
                let bots_alone = !room.has_humans();
                let arc = state.insert(room);
                let mut r = arc.lock().await;
                if bots_alone {
                    state.resume_bot_game(id);
                }
                play::schedule(&state, &arc, &mut r);
                resumed += 1;
            }
            Ok(_) => waiting += 1,
        }
    }
    let damaged: Vec<String> = state.damaged().into_iter().map(|(id, _)| id).collect();
    if !damaged.is_empty() {
        tracing::error!(
            "{} stored game(s) do not replay and are set aside: {}",
            damaged.len(),
            store::name_some(&damaged, 50)
        );
    }
    if resumed + waiting + marked > 0 {
        tracing::info!(
            "resumed {resumed} unfinished game(s) where a bot plays; {waiting} wait on disk for their players; \
             {marked} ended game(s) marked finished"
        );
    }
    if !state.config.sweep_every.is_zero() {
        let weak = Arc::downgrade(&state);
        let every = state.config.sweep_every;
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(every);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            tick.tick().await;
            loop {
                tick.tick().await;
                let Some(state) = weak.upgrade() else { return };
                state.evict_idle();
            }
        });
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
