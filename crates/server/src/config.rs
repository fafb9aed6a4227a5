//! The server's configuration: [`ServeConfig`] and its defaults.

use std::path::PathBuf;
use std::time::Duration;

/// Where the server listens and keeps its data, and how it behaves: the
/// flags of `triominos serve` (clap), their defaults written once, here.
#[derive(Clone, Debug, clap::Args)]
pub struct ServeConfig {
    /// Address to listen on, like `127.0.0.1:8080`.
    #[arg(long, env = "TRIOMINOS_ADDR", default_value = "127.0.0.1:8080", help = "Address to listen on")]
    pub addr: String,
    /// SQLite database file, or a PostgreSQL address (`postgres://…`).
    #[arg(
        long,
        env = "TRIOMINOS_DB",
        default_value = "triominos.db",
        help = "SQLite database file (created if missing), or a PostgreSQL database: postgres://USER:PASSWORD@HOST:PORT/NAME"
    )]
    pub db: PathBuf,
    /// A PostgreSQL address (`postgres://…`), in place of `--db`.
    #[arg(
        long,
        value_name = "URL",
        env = "TRIOMINOS_DATABASE_URL",
        conflicts_with = "db",
        help = "PostgreSQL database (postgres://USER@HOST:PORT/NAME), for several instances over one database; in place of --db. Give it in the environment (TRIOMINOS_DATABASE_URL) and the password in a file (--database-password-file), not on the command line, where `ps` shows it"
    )]
    pub database_url: Option<String>,
    /// A file holding the PostgreSQL password (its first line), put in the
    /// database's address: the password stays off the command line.
    #[arg(
        long,
        value_name = "FILE",
        env = "TRIOMINOS_DATABASE_PASSWORD_FILE",
        help = "A file holding the PostgreSQL password (its first line), used with the database's address"
    )]
    pub database_password_file: Option<PathBuf>,
    /// Pause before a bot acts, so people can follow (0 in tests).
    #[arg(long = "bot-delay-ms", value_name = "BOT_DELAY_MS", default_value = "600", value_parser = millis(0),
          help = "Pause before each bot move, in milliseconds, so people can follow")]
    pub bot_delay: Duration,
    /// Pause before the next round of a game without people.
    #[arg(skip = Duration::from_secs(3))]
    pub round_delay: Duration,
    /// Bot decisions computed at once (see [`crate::game::think`]); the number of cores by default.
    #[arg(long, value_name = "N", default_value_t = default_thinking(), hide_default_value = true,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=1024),
          help = "Bot decisions computed at once (others wait, games with people first); default: the number of cores")]
    pub max_thinking: usize,
    /// Bot decisions of one client (its games' bots, its hints and reviews)
    /// computed at once (see [`crate::game::think`]); half of
    /// `max_thinking` (at least 1) when unset; 0: no share.
    #[arg(
        long,
        value_name = "N",
        help = "Bot decisions of one client (its games' bots, hints, reviews) computed at once; default: half of --max-thinking (at least 1); 0: no share"
    )]
    pub max_thinking_per_client: Option<usize>,
    /// Games of bots alone playing at once; creating one more is refused
    /// (`too_many_bot_games`).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_BOT_GAMES,
          help = "Games of bots alone playing at once; creating one more is refused until one ends")]
    pub max_bot_games: usize,
    /// First pause before a bot's move that could not be stored is tried
    /// again; it doubles at each failure up to [`ServeConfig::store_retry_max`].
    #[arg(skip = Duration::from_millis(250))]
    pub store_retry: Duration,
    /// Longest pause between two tries of a bot's move that could not be stored.
    #[arg(skip = Duration::from_secs(30))]
    pub store_retry_max: Duration,
    /// How much a hint ("Suggest a move") searches: the judge's settings,
    /// those of the game review, by default ([`default_hint_budget`]; see
    /// [`crate::game::hint`]).
    #[arg(skip = default_hint_budget())]
    pub hint_budget: triominos_bots::judge::Settings,
    /// Unfinished games one client (an IPv4 address, an IPv6 /64) may have
    /// created since the server started; one more is refused
    /// (`too_many_games`). 0: no cap.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_GAMES_PER_CLIENT,
          help = "Unfinished games one client (IPv4 address, IPv6 /64) may have created since the start; 0: no cap")]
    pub max_games_per_client: usize,
    /// Unfinished games stored in all (in memory or not); one more is refused
    /// (`server_full`). 0: no cap.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_GAMES,
          help = "Unfinished games stored in all; one more is refused until one ends; 0: no cap")]
    pub max_games: usize,
    /// Games one client may create in a row before [`ServeConfig::create_per_minute`] applies.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_CREATE_BURST, value_parser = clap::value_parser!(u32).range(1..),
          help = "Games one client may create in a row before --create-per-minute applies")]
    pub create_burst: u32,
    /// Games one client may create per minute after its burst; faster is
    /// refused (`too_fast`). 0: no rate limit.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_CREATE_PER_MINUTE,
          help = "Games one client may create per minute after its burst; 0: no rate limit")]
    pub create_per_minute: u32,
    /// A game with no connection, no bot to play and nothing running for it
    /// this long is dropped from memory (it stays stored and is loaded again
    /// when asked for).
    #[arg(long = "evict-after-s", value_name = "S", default_value = "600", value_parser = seconds(0),
          help = "Seconds a game with no connection and no bot to play stays in memory (it stays stored)")]
    pub evict_after: Duration,
    /// How often idle games are looked for ([`crate::game::registry::Registry::evict_idle`]); zero: never.
    #[arg(long = "sweep-every-s", value_name = "S", default_value = "60", value_parser = seconds(0),
          help = "Seconds between two looks for idle games to drop from memory; 0: never")]
    pub sweep_every: Duration,
    /// Connections open at once (WebSockets included); one more waits, not
    /// accepted, until one closes.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_CONNECTIONS,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=1_000_000),
          help = "Connections open at once (WebSockets included); more wait, not accepted, until one closes")]
    pub max_connections: usize,
    /// Time a connection has to send a whole request head, from its opening
    /// or from its last answer: a half-sent request, or a keep-alive
    /// connection left idle, is closed after it. A WebSocket is not bound by it.
    #[arg(long = "header-timeout-ms", value_name = "MS", default_value = "10000", value_parser = millis(1),
          help = "Milliseconds a connection has to send a whole request head (from its opening or its last answer); a half-sent request or an idle keep-alive connection is closed after it")]
    pub header_timeout: Duration,
    /// Time a request has to send its whole body, from its head: a body that
    /// stops or trickles is refused with 408 `body_timeout` and its
    /// connection closed.
    #[arg(long = "body-timeout-ms", value_name = "MS", default_value = "10000", value_parser = millis(1),
          help = "Milliseconds a request has to send its whole body after its head (408 body_timeout, connection closed)")]
    pub body_timeout: Duration,
    /// Time a game's WebSocket has, once opened, to say who it is (its
    /// hello); none in time: `hello_expected` and a close frame 1008.
    #[arg(long = "hello-timeout-ms", value_name = "MS", default_value = "10000", value_parser = millis(1),
          help = "Milliseconds a game's WebSocket has to send its hello once opened (hello_expected and closed after)")]
    pub hello_timeout: Duration,
    /// Connections one client (an IPv4 address, an IPv6 /64) holds at once,
    /// WebSockets included; one more is answered 429 `too_many_connections`
    /// and closed. 0: no cap but `--max-connections`.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_CONNECTIONS_PER_CLIENT,
          help = "Connections one client (IPv4 address, IPv6 /64) holds at once, WebSockets included (429 too_many_connections beyond); 0: no cap")]
    pub max_connections_per_client: usize,
    /// Spectators of one game at once; one more is refused with
    /// `too_many_spectators` and a close frame 1013. 0: no cap.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_SPECTATORS_PER_GAME,
          help = "Spectator sockets of one game at once (too_many_spectators beyond); 0: no cap")]
    pub max_spectators_per_game: usize,
    /// Spectator sockets one client holds at once (all games); one more is
    /// refused with `too_many_spectators`. 0: no cap.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_SPECTATORS_PER_CLIENT,
          help = "Spectator sockets one client holds at once, all games together (too_many_spectators beyond); 0: no cap")]
    pub max_spectators_per_client: usize,
    /// Hints one client may have asked for and not yet had (all its games);
    /// one more is refused with `hint_busy`. 0: no cap.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_HINTS_PER_CLIENT,
          help = "Hints one client may have waiting or being worked out at once (hint_busy beyond); 0: no cap")]
    pub max_hints_per_client: usize,
    /// Reviews one client may have waiting or computed at once; one more is
    /// refused with 429 `too_many_reviews`. 0: no cap.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_REVIEWS_PER_CLIENT,
          help = "Reviews one client may have waiting or being computed (429 too_many_reviews beyond); 0: no cap")]
    pub max_reviews_per_client: usize,
    /// Reviews waiting or computed at once in all; one more is refused with
    /// 429 `too_many_reviews`. Each waits holding only its parameters.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_REVIEWS,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..),
          help = "Reviews waiting or being computed in all (429 too_many_reviews beyond)")]
    pub max_reviews: usize,
    /// The most search iterations a review request may ask for (`iterations`).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_REVIEW_MAX_ITERATIONS,
          value_parser = clap::value_parser!(u32).range(1..),
          help = "Most search iterations a review request may ask for (400 bad_query beyond)")]
    pub review_max_iterations: u32,
    /// The most deals a review request may ask for (`samples`).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_REVIEW_MAX_SAMPLES,
          value_parser = clap::value_parser!(u32).range(1..),
          help = "Most deals a review request may ask for (400 bad_query beyond)")]
    pub review_max_samples: u32,
    /// Score sheets one client may create in an hour (a token bucket of as
    /// many); faster is refused with 429 `sheets_too_fast`. 0: no limit.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_SHEETS_PER_HOUR,
          help = "Score sheets one client may create per hour (429 sheets_too_fast beyond); 0: no limit")]
    pub sheets_per_hour: u32,
    /// Takebacks asked and "play again" answers one client may send a minute,
    /// from all its seats (a token bucket of as many); faster is refused with
    /// `asks_too_fast`. 0: no limit.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_ASKS_PER_MINUTE,
          help = "Takebacks and play-again answers one client may send per minute, all its seats together (asks_too_fast beyond); 0: no limit")]
    pub asks_per_minute: u32,
    /// Score sheets stored in all; one more is refused with 429
    /// `too_many_sheets`. 0: no cap.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_SHEETS,
          help = "Score sheets stored in all (429 too_many_sheets beyond); 0: no cap")]
    pub max_sheets: usize,
    /// A score sheet with no entry, unchanged this long, is deleted by the
    /// sweep (every `--sweep-every-s`). 0: never.
    #[arg(long = "empty-sheet-days", value_name = "DAYS", default_value_t = DEFAULT_EMPTY_SHEET_DAYS,
          help = "Days after which a score sheet with no entry, unchanged, is deleted; 0: never")]
    pub empty_sheet_days: u32,
    /// A WebSocket that sends nothing this long, not even the answer to
    /// the server's pings (which browsers send by themselves), is closed
    /// with a close frame 1001 `idle`, and its seat shows as away: a laptop
    /// gone to sleep or a network gone without a goodbye. The server pings
    /// every third of it.
    #[arg(long = "ws-idle-s", value_name = "S", default_value = "60", value_parser = seconds(1),
          help = "Seconds a WebSocket may stay silent, its pings unanswered, before it is closed and its seat shows as away (browsers answer the pings by themselves)")]
    pub ws_idle: Duration,
    /// Largest `.tri` text `POST /api/replay` reads; a longer one is refused
    /// with 413 `record_too_large`.
    #[arg(long, value_name = "BYTES", default_value_t = DEFAULT_MAX_RECORD_BYTES,
          help = "Largest .tri file /api/replay reads, in bytes (413 record_too_large beyond)")]
    pub max_record_bytes: usize,
    /// Most actions of an uploaded record replayed; more are refused, before
    /// any replay, with 413 `record_too_long`.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_RECORD_ACTIONS,
          help = "Most actions of an uploaded .tri file replayed (413 record_too_long beyond)")]
    pub max_record_actions: usize,
    /// Most rounds of an uploaded record replayed (`record_too_long` beyond).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_RECORD_ROUNDS,
          help = "Most rounds of an uploaded .tri file replayed (413 record_too_long beyond)")]
    pub max_record_rounds: usize,
    /// Replays computed at once (on blocking threads); as many again times
    /// four wait, more are refused with 503 `replays_busy`.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_REPLAYS,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=1024),
          help = "Replays computed at once; four times as many wait, more are refused (503 replays_busy)")]
    pub max_replays: usize,
    /// Whether the creator of a game with people may choose its deal seed
    /// (tests and demos: whoever knows the seed knows every hand). Off by
    /// default: such a seed is refused with `seed_not_allowed`, and the seed
    /// comes from [`crate::secret::random_seed`]. Games of bots alone may always name one.
    #[arg(
        long,
        display_order = 1000,
        help = "Let the creator of a game with people choose its deal seed (for tests and demos only: whoever knows the seed knows every hand). Without it, such a seed is refused (`seed_not_allowed`); games of bots alone may always have one"
    )]
    pub fixed_seeds: bool,
    /// Every table's turn time, in milliseconds, whatever its pace or `timer`
    /// (the tests' short clocks: a live minute or a slow day run out in
    /// moments). Unset: each table's own.
    #[arg(
        long = "test-move-ms",
        value_name = "MS",
        display_order = 1001,
        value_parser = clap::value_parser!(u64).range(1..),
        help = "Give every timed table this many milliseconds a turn, whatever its pace (for tests only)"
    )]
    pub test_move_ms: Option<u64>,
    /// How often a seat may send a quick reaction once it sent
    /// [`crate::game::react::BURST`] in a row (3 s; the tests make it long, so
    /// that a refusal does not depend on how fast the machine is).
    #[arg(skip = Duration::from_secs(3))]
    pub reaction_every: Duration,
    /// How long a table of people waits for them before it is cancelled,
    /// when nobody started it (1 hour; issue 45).
    #[arg(long = "table-wait-s", value_name = "S", default_value = "3600", value_parser = seconds(1),
          help = "How long a table of people waits for them to sit down before it is cancelled, in seconds")]
    pub table_wait: Duration,
    /// Each seat's time reserve at a live table, spent once a turn's time is
    /// up: the stand-in takes the seat only when both are spent (2 minutes
    /// for the whole game; 0: none).
    #[arg(long = "reserve-ms", value_name = "MS", default_value = "120000", value_parser = millis(0),
          help = "Each seat's time reserve at a live table, in milliseconds, spent once a turn's time is up (0: none)")]
    pub reserve: Duration,
    /// How often the creator of a table waiting for its people may ask for a
    /// change (start anyway, give a seat, cancel) once it asked
    /// [`crate::game::react::BURST`] in a row (2 s).
    #[arg(skip = Duration::from_secs(2))]
    pub table_every: Duration,
    /// How long a takeback waits for the others' answers before it lapses (30 s).
    #[arg(skip = Duration::from_secs(30))]
    pub takeback_wait: Duration,
    /// How often a seat may ask a takeback once it asked
    /// [`crate::game::react::BURST`] in a row (5 s; the tests make it long).
    #[arg(skip = Duration::from_secs(5))]
    pub takeback_every: Duration,
    /// This instance's name in the leases of the games it plays (on
    /// PostgreSQL, several instances over one database); a random part is
    /// added, so a restarted instance is a new owner. The host name by default.
    #[arg(
        long,
        value_name = "NAME",
        env = "TRIOMINOS_INSTANCE",
        help = "This instance's name in the games' leases (PostgreSQL; a random part is added); default: the host name"
    )]
    pub instance: Option<String>,
    /// How long a game's lease lasts unless renewed (renewed every third of
    /// it): how soon another instance takes over the games of one that died.
    #[arg(long = "lease-ms", value_name = "MS", env = "TRIOMINOS_LEASE_MS", default_value = "6000", value_parser = millis(300),
          help = "How long a game's lease lasts unless renewed (PostgreSQL): how soon another instance takes over from a dead one; the same on every instance")]
    pub lease: Duration,
    /// The reverse proxies (nginx) whose `X-Forwarded-For` is believed:
    /// from these peer addresses only, a request's client is the address
    /// the proxy names ([`crate::http::net::forwarded_client`]), and the
    /// per-client limits apply to it; from any other peer the header changes
    /// nothing. Empty by default: every client is its peer address.
    #[arg(
        long = "trusted-proxy",
        value_name = "ADDR",
        env = "TRIOMINOS_TRUSTED_PROXY",
        value_delimiter = ',',
        help = "A reverse proxy (its address, as this server sees it; repeat or separate with commas) whose X-Forwarded-For names the client: the per-client limits then apply to each client behind it; from any other address the header is ignored"
    )]
    pub trusted_proxies: Vec<std::net::IpAddr>,
}

impl ServeConfig {
    /// The database to open: `--database-url` when given, else `--db` (a
    /// SQLite file, or a `postgres://…` address), with the password of
    /// `--database-password-file` when given (see [`with_password`]).
    pub fn database(&self) -> Result<String, PasswordError> {
        let location = match &self.database_url {
            Some(url) => url.clone(),
            None => self.db.to_string_lossy().into_owned(),
        };
        let Some(file) = &self.database_password_file else { return Ok(location) };
        let read = |reason: String| PasswordError { file: file.clone(), reason };
        let text = std::fs::read_to_string(file).map_err(|e| read(e.to_string()))?;
        let password = text.lines().next().unwrap_or("").trim_end_matches('\r');
        if password.is_empty() {
            return Err(read("its first line is empty".into()));
        }
        with_password(&location, password).ok_or_else(|| read("the database is not a postgres://… address".into()))
    }

    /// The defaults: 600 ms bot pause, 3 s between the rounds of bots, as
    /// many bot decisions at once as cores, 8 games of bots alone, a failed
    /// store of a bot's move tried again after 250 ms, then 0.5 s, 1 s... up to 30 s,
    /// hints judged with the judge's settings (the review's);
    /// 20 unfinished games per client and 10,000 in all, 10 games created in a
    /// row then 10 a minute per client, idle games dropped from memory after 10
    /// minutes, looked for every minute.
    pub fn new(addr: impl Into<String>, db: impl Into<PathBuf>) -> ServeConfig {
        #[derive(clap::Parser)]
        struct Defaults {
            #[command(flatten)]
            config: ServeConfig,
        }
        // No argument: every field gets its default (written once, in the attributes).
        let mut config = <Defaults as clap::Parser>::parse_from(["serve"]).config;
        config.addr = addr.into();
        config.db = db.into();
        config
    }
}

/// The password file of [`ServeConfig::database_password_file`] could not be used.
#[derive(Debug, thiserror::Error)]
#[error("the database password file {}: {reason}", .file.display())]
pub struct PasswordError {
    /// The file.
    pub file: PathBuf,
    /// Why.
    pub reason: String,
}

/// A PostgreSQL address (`postgres://USER[:OLD]@HOST…`) with `password` as
/// its password (percent-encoded); `None` for anything else (a SQLite file,
/// an address without a user).
pub fn with_password(url: &str, password: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    if scheme != "postgres" && scheme != "postgresql" {
        return None;
    }
    let (auth, host) = rest.rsplit_once('@')?;
    let user = auth.split_once(':').map_or(auth, |(u, _)| u);
    if user.is_empty() {
        return None;
    }
    let encoded: String = password
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect();
    Some(format!("{scheme}://{user}:{encoded}@{host}"))
}

/// Unfinished games per client, unless configured.
pub const DEFAULT_MAX_GAMES_PER_CLIENT: usize = 20;
/// Unfinished games in all, unless configured.
pub const DEFAULT_MAX_GAMES: usize = 10_000;
/// Games a client may create in a row, unless configured.
pub const DEFAULT_CREATE_BURST: u32 = 10;
/// Games a client may create per minute after its burst, unless configured.
pub const DEFAULT_CREATE_PER_MINUTE: u32 = 10;

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

/// Connections of one client at once, unless configured: a household or a
/// classroom behind one address has room for a few dozen tabs.
pub const DEFAULT_MAX_CONNECTIONS_PER_CLIENT: usize = 64;
/// Spectators of one game at once, unless configured.
pub const DEFAULT_MAX_SPECTATORS_PER_GAME: usize = 50;
/// Spectator sockets of one client at once, unless configured.
pub const DEFAULT_MAX_SPECTATORS_PER_CLIENT: usize = 16;
/// Hints of one client waiting or worked out at once, unless configured.
pub const DEFAULT_MAX_HINTS_PER_CLIENT: usize = 2;
/// Reviews of one client waiting or computed at once, unless configured.
pub const DEFAULT_MAX_REVIEWS_PER_CLIENT: usize = 2;
/// Reviews waiting or computed in all, unless configured.
pub const DEFAULT_MAX_REVIEWS: usize = 32;
/// The most iterations a review may ask for, unless configured.
pub const DEFAULT_REVIEW_MAX_ITERATIONS: u32 = 20_000;
/// The most deals a review may ask for, unless configured.
pub const DEFAULT_REVIEW_MAX_SAMPLES: u32 = 4_000;
/// Score sheets one client may create per hour, unless configured.
pub const DEFAULT_SHEETS_PER_HOUR: u32 = 60;
/// Takebacks and "play again" answers of one client per minute, unless configured.
pub const DEFAULT_ASKS_PER_MINUTE: u32 = 60;
/// Score sheets stored in all, unless configured.
pub const DEFAULT_MAX_SHEETS: usize = 100_000;
/// Days before an empty, unchanged score sheet is deleted, unless configured.
pub const DEFAULT_EMPTY_SHEET_DAYS: u32 = 30;

/// Bot decisions at once, unless configured: the number of cores.
pub fn default_thinking() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The search of a hint, unless configured: the judge's default settings,
/// the game review's (Expert's search of 10,000 iterations ranks, 2,000
/// common deals value the best few; one thread).
pub fn default_hint_budget() -> triominos_bots::judge::Settings {
    triominos_bots::judge::Settings::DEFAULT
}

/// A flag in milliseconds, at least `min`.
fn millis(min: u64) -> impl clap::builder::TypedValueParser<Value = Duration> {
    clap::builder::TypedValueParser::map(clap::value_parser!(u64).range(min..), Duration::from_millis)
}

/// A flag in seconds, at least `min`.
fn seconds(min: u64) -> impl clap::builder::TypedValueParser<Value = Duration> {
    clap::builder::TypedValueParser::map(clap::value_parser!(u64).range(min..), Duration::from_secs)
}
