//! The server's configuration: [`ServeConfig`] and its defaults.

use std::path::PathBuf;
use std::time::Duration;

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
    /// Bot decisions computed at once (see [`crate::game::think`]); the number of cores by default.
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
    /// level's budget by default ([`default_hint_budget`]; see [`crate::game::hint`]).
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
    /// How often idle games are looked for ([`crate::game::registry::Registry::evict_idle`]); zero: never.
    pub sweep_every: Duration,
    /// Whether the creator of a game with people may choose its deal seed
    /// (tests and demos: whoever knows the seed knows every hand). Off by
    /// default: such a seed is refused with `seed_not_allowed`, and the seed
    /// comes from [`crate::secret::random_seed`]. Games of bots alone may always name one.
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
            hint_budget: default_hint_budget(),
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

/// The search of a hint, unless configured: the budget of the strongest named
/// level (Expert: a second, up to two threads when the server is idle).
pub fn default_hint_budget() -> triominos_bots::Budget {
    triominos_bots::levels::NAMED.last().map_or(triominos_bots::Budget::iterations(1000), |l| l.budget)
}
