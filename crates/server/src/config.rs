//! The server's configuration: [`ServeConfig`] and its defaults.

use std::path::PathBuf;
use std::time::Duration;

/// Where the server listens and keeps its data, and how it behaves: the
/// flags of `triominos serve` (clap), their defaults written once, here.
#[derive(Clone, Debug, clap::Args)]
pub struct ServeConfig {
    // Each flag's doc comment is its `--help` text (written for the operator,
    // once), its heading groups it, and `env` names the variable that sets it
    // when the flag is not given. Settings for the tests are hidden from
    // `--help` (docs/development.md lists them).
    /// Address to listen on
    #[arg(long, env = "TRIOMINOS_ADDR", default_value = "127.0.0.1:8080", help_heading = NETWORK)]
    pub addr: String,
    /// SQLite database file (created if missing), or a PostgreSQL database: postgres://USER@HOST:PORT/NAME
    #[arg(long, env = "TRIOMINOS_DB", default_value = "triominos.db", help_heading = STORAGE)]
    pub db: PathBuf,
    /// PostgreSQL database (postgres://USER@HOST:PORT/NAME), for several instances over one database; in place of --db. Give it in the environment or a file (--database-url-file), and the password in a file (--database-password-file), not on the command line, where `ps` shows it
    #[arg(long, value_name = "URL", env = "TRIOMINOS_DATABASE_URL", hide_env_values = true,
          conflicts_with = "db", help_heading = STORAGE)]
    pub database_url: Option<String>,
    /// A file holding the PostgreSQL database's address (its first line), in place of --db and --database-url
    #[arg(long, value_name = "FILE", env = "TRIOMINOS_DATABASE_URL_FILE",
          conflicts_with_all = ["db", "database_url"], help_heading = STORAGE)]
    pub database_url_file: Option<PathBuf>,
    /// A file holding the PostgreSQL password (its first line), used with the database's address
    #[arg(long, value_name = "FILE", env = "TRIOMINOS_DATABASE_PASSWORD_FILE", help_heading = STORAGE)]
    pub database_password_file: Option<PathBuf>,
    /// Pause before each bot move, in milliseconds, so people can follow
    #[arg(long = "bot-delay-ms", value_name = "BOT_DELAY_MS", env = "TRIOMINOS_BOT_DELAY_MS", default_value = "600",
          value_parser = millis(0), help_heading = BOTS)]
    pub bot_delay: Duration,
    /// Pause before the next round of a game without people.
    #[arg(skip = Duration::from_secs(3))]
    pub round_delay: Duration,
    /// Bot decisions computed at once (others wait, games with people first); default: the number of cores
    #[arg(long, value_name = "N", env = "TRIOMINOS_MAX_THINKING", default_value_t = default_thinking(),
          hide_default_value = true, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=1024),
          help_heading = BOTS)]
    pub max_thinking: usize,
    /// Bot decisions of one client (its games' bots, hints, reviews) computed at once; default: half of --max-thinking (at least 1); 0: no share
    #[arg(long, value_name = "N", env = "TRIOMINOS_MAX_THINKING_PER_CLIENT", help_heading = BOTS)]
    pub max_thinking_per_client: Option<usize>,
    /// Games of bots alone playing at once; creating one more is refused until one ends
    #[arg(long, value_name = "N", env = "TRIOMINOS_MAX_BOT_GAMES", default_value_t = DEFAULT_MAX_BOT_GAMES,
          help_heading = BOTS)]
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
    /// Unfinished games one client (IPv4 address, IPv6 /64) may have created since the start; 0: no cap
    #[arg(long, value_name = "N", env = "TRIOMINOS_MAX_GAMES_PER_CLIENT", default_value_t = DEFAULT_MAX_GAMES_PER_CLIENT,
          help_heading = LIMITS)]
    pub max_games_per_client: usize,
    /// Unfinished games stored in all; one more is refused until one ends; 0: no cap
    #[arg(long, value_name = "N", env = "TRIOMINOS_MAX_GAMES", default_value_t = DEFAULT_MAX_GAMES, help_heading = LIMITS)]
    pub max_games: usize,
    /// Games one client may create in a row before --create-per-minute applies
    #[arg(long, value_name = "N", env = "TRIOMINOS_CREATE_BURST", default_value_t = DEFAULT_CREATE_BURST,
          value_parser = clap::value_parser!(u32).range(1..), help_heading = LIMITS)]
    pub create_burst: u32,
    /// Games one client may create per minute after its burst; 0: no rate limit
    #[arg(long, value_name = "N", env = "TRIOMINOS_CREATE_PER_MINUTE", default_value_t = DEFAULT_CREATE_PER_MINUTE,
          help_heading = LIMITS)]
    pub create_per_minute: u32,
    /// Seconds a game with no connection and no bot to play stays in memory (it stays stored)
    #[arg(long = "evict-after-s", value_name = "S", env = "TRIOMINOS_EVICT_AFTER_S", default_value = "600",
          value_parser = seconds(0), help_heading = LIMITS)]
    pub evict_after: Duration,
    /// Seconds between two looks for idle games to drop from memory; 0: never
    #[arg(long = "sweep-every-s", value_name = "S", env = "TRIOMINOS_SWEEP_EVERY_S", default_value = "60",
          value_parser = seconds(0), help_heading = LIMITS)]
    pub sweep_every: Duration,
    /// Connections open at once (WebSockets included); more wait, not accepted, until one closes
    #[arg(long, value_name = "N", env = "TRIOMINOS_MAX_CONNECTIONS", default_value_t = DEFAULT_MAX_CONNECTIONS,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=1_000_000), help_heading = NETWORK)]
    pub max_connections: usize,
    /// Milliseconds a connection has to send a whole request head (from its opening or its last answer); a half-sent request or an idle keep-alive connection is closed after it
    #[arg(long = "header-timeout-ms", value_name = "MS", env = "TRIOMINOS_HEADER_TIMEOUT_MS", default_value = "10000",
          value_parser = millis(1), help_heading = NETWORK)]
    pub header_timeout: Duration,
    /// Milliseconds a request has to send its whole body after its head (408 body_timeout, connection closed)
    #[arg(long = "body-timeout-ms", value_name = "MS", env = "TRIOMINOS_BODY_TIMEOUT_MS", default_value = "10000",
          value_parser = millis(1), help_heading = NETWORK)]
    pub body_timeout: Duration,
    /// Milliseconds a game's WebSocket has to send its hello once opened (hello_expected and closed after)
    #[arg(long = "hello-timeout-ms", value_name = "MS", env = "TRIOMINOS_HELLO_TIMEOUT_MS", default_value = "10000",
          value_parser = millis(1), help_heading = NETWORK)]
    pub hello_timeout: Duration,
    /// Connections one client (IPv4 address, IPv6 /64) holds at once, WebSockets included (429 too_many_connections beyond); 0: no cap
    #[arg(long, value_name = "N", env = "TRIOMINOS_MAX_CONNECTIONS_PER_CLIENT",
          default_value_t = DEFAULT_MAX_CONNECTIONS_PER_CLIENT, help_heading = NETWORK)]
    pub max_connections_per_client: usize,
    /// Spectator sockets of one game at once (too_many_spectators beyond); 0: no cap
    #[arg(long, value_name = "N", env = "TRIOMINOS_MAX_SPECTATORS_PER_GAME",
          default_value_t = DEFAULT_MAX_SPECTATORS_PER_GAME, help_heading = LIMITS)]
    pub max_spectators_per_game: usize,
    /// Spectator sockets one client holds at once, all games together (too_many_spectators beyond); 0: no cap
    #[arg(long, value_name = "N", env = "TRIOMINOS_MAX_SPECTATORS_PER_CLIENT",
          default_value_t = DEFAULT_MAX_SPECTATORS_PER_CLIENT, help_heading = LIMITS)]
    pub max_spectators_per_client: usize,
    /// Hints one client may have waiting or being worked out at once (hint_busy beyond); 0: no cap
    #[arg(long, value_name = "N", env = "TRIOMINOS_MAX_HINTS_PER_CLIENT", default_value_t = DEFAULT_MAX_HINTS_PER_CLIENT,
          help_heading = LIMITS)]
    pub max_hints_per_client: usize,
    /// Reviews one client may have waiting or being computed (429 too_many_reviews beyond); 0: no cap
    #[arg(long, value_name = "N", env = "TRIOMINOS_MAX_REVIEWS_PER_CLIENT",
          default_value_t = DEFAULT_MAX_REVIEWS_PER_CLIENT, help_heading = LIMITS)]
    pub max_reviews_per_client: usize,
    /// Reviews waiting or being computed in all (429 too_many_reviews beyond)
    #[arg(long, value_name = "N", env = "TRIOMINOS_MAX_REVIEWS", default_value_t = DEFAULT_MAX_REVIEWS,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..), help_heading = LIMITS)]
    pub max_reviews: usize,
    /// Most search iterations a review request may ask for (400 bad_query beyond)
    #[arg(long, value_name = "N", env = "TRIOMINOS_REVIEW_MAX_ITERATIONS", default_value_t = DEFAULT_REVIEW_MAX_ITERATIONS,
          value_parser = clap::value_parser!(u32).range(1..), help_heading = LIMITS)]
    pub review_max_iterations: u32,
    /// Most deals a review request may ask for (400 bad_query beyond)
    #[arg(long, value_name = "N", env = "TRIOMINOS_REVIEW_MAX_SAMPLES", default_value_t = DEFAULT_REVIEW_MAX_SAMPLES,
          value_parser = clap::value_parser!(u32).range(1..), help_heading = LIMITS)]
    pub review_max_samples: u32,
    /// Score sheets one client may create per hour (429 sheets_too_fast beyond); 0: no limit
    #[arg(long, value_name = "N", env = "TRIOMINOS_SHEETS_PER_HOUR", default_value_t = DEFAULT_SHEETS_PER_HOUR,
          help_heading = LIMITS)]
    pub sheets_per_hour: u32,
    /// Takebacks and play-again answers one client may send per minute, all its seats together (asks_too_fast beyond); 0: no limit
    #[arg(long, value_name = "N", env = "TRIOMINOS_ASKS_PER_MINUTE", default_value_t = DEFAULT_ASKS_PER_MINUTE,
          help_heading = LIMITS)]
    pub asks_per_minute: u32,
    /// Requests to the open tables and the "Play now" pools one client may send per minute (429 pools_too_fast beyond); 0: no limit
    #[arg(long, value_name = "N", env = "TRIOMINOS_POOLS_PER_MINUTE", default_value_t = DEFAULT_POOLS_PER_MINUTE,
          help_heading = LIMITS)]
    pub pools_per_minute: u32,
    /// Entries of one client waiting in the "Play now" pools at once (429 already_waiting beyond); 0: no cap
    #[arg(long, value_name = "N", env = "TRIOMINOS_POOL_ENTRIES_PER_CLIENT", default_value_t = DEFAULT_POOL_ENTRIES_PER_CLIENT,
          help_heading = LIMITS)]
    pub pool_entries_per_client: usize,
    /// Score sheets stored in all (429 too_many_sheets beyond); 0: no cap
    #[arg(long, value_name = "N", env = "TRIOMINOS_MAX_SHEETS", default_value_t = DEFAULT_MAX_SHEETS, help_heading = LIMITS)]
    pub max_sheets: usize,
    /// Days after which a score sheet with no entry, unchanged, is deleted; 0: never
    #[arg(long = "empty-sheet-days", value_name = "DAYS", env = "TRIOMINOS_EMPTY_SHEET_DAYS",
          default_value_t = DEFAULT_EMPTY_SHEET_DAYS, help_heading = LIMITS)]
    pub empty_sheet_days: u32,
    /// Seconds a WebSocket may stay silent, its pings unanswered, before it is closed and its seat shows as away (browsers answer the pings by themselves)
    #[arg(long = "ws-idle-s", value_name = "S", env = "TRIOMINOS_WS_IDLE_S", default_value = "60",
          value_parser = seconds(1), help_heading = NETWORK)]
    pub ws_idle: Duration,
    /// Largest .tri file /api/replay reads, in bytes (413 record_too_large beyond)
    #[arg(long, value_name = "BYTES", env = "TRIOMINOS_MAX_RECORD_BYTES", default_value_t = DEFAULT_MAX_RECORD_BYTES,
          help_heading = LIMITS)]
    pub max_record_bytes: usize,
    /// Most actions of an uploaded .tri file replayed (413 record_too_long beyond)
    #[arg(long, value_name = "N", env = "TRIOMINOS_MAX_RECORD_ACTIONS", default_value_t = DEFAULT_MAX_RECORD_ACTIONS,
          help_heading = LIMITS)]
    pub max_record_actions: usize,
    /// Most rounds of an uploaded .tri file replayed (413 record_too_long beyond)
    #[arg(long, value_name = "N", env = "TRIOMINOS_MAX_RECORD_ROUNDS", default_value_t = DEFAULT_MAX_RECORD_ROUNDS,
          help_heading = LIMITS)]
    pub max_record_rounds: usize,
    /// Replays computed at once; four times as many wait, more are refused (503 replays_busy)
    #[arg(long, value_name = "N", env = "TRIOMINOS_MAX_REPLAYS", default_value_t = DEFAULT_MAX_REPLAYS,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=1024), help_heading = LIMITS)]
    pub max_replays: usize,
    /// For tests and demos only: the creator of a game with people may choose its deal seed (whoever knows the seed knows every hand); without it such a seed is refused (`seed_not_allowed`). Hidden from --help
    #[arg(long, env = "TRIOMINOS_FIXED_SEEDS", hide = true)]
    pub fixed_seeds: bool,
    /// For tests only: every timed table gets this many milliseconds a turn, whatever its pace. Hidden from --help
    #[arg(long = "test-move-ms", value_name = "MS", env = "TRIOMINOS_TEST_MOVE_MS",
          value_parser = clap::value_parser!(u64).range(1..), hide = true)]
    pub test_move_ms: Option<u64>,
    /// How often a seat may send a quick reaction once it sent
    /// [`crate::game::react::BURST`] in a row (3 s; the tests make it long, so
    /// that a refusal does not depend on how fast the machine is).
    #[arg(skip = Duration::from_secs(3))]
    pub reaction_every: Duration,
    /// How long a table of people waits for them to sit down before it is cancelled, in seconds
    #[arg(long = "table-wait-s", value_name = "S", env = "TRIOMINOS_TABLE_WAIT_S", default_value = "3600",
          value_parser = seconds(1), help_heading = LIMITS)]
    pub table_wait: Duration,
    /// Each seat's time reserve at a live table, in milliseconds, spent once a turn's time is up (0: none)
    #[arg(long = "reserve-ms", value_name = "MS", env = "TRIOMINOS_RESERVE_MS", default_value = "120000",
          value_parser = millis(0), help_heading = LIMITS)]
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
    /// This instance's name in the games' leases (PostgreSQL; a random part is added); default: the host name
    #[arg(long, value_name = "NAME", env = "TRIOMINOS_INSTANCE", help_heading = CLUSTER)]
    pub instance: Option<String>,
    /// How long a game's lease lasts unless renewed (PostgreSQL): how soon another instance takes over from a dead one; the same on every instance
    #[arg(long = "lease-ms", value_name = "MS", env = "TRIOMINOS_LEASE_MS", default_value = "6000",
          value_parser = millis(300), help_heading = CLUSTER)]
    pub lease: Duration,
    /// A reverse proxy (its address, as this server sees it; repeat or separate with commas) whose X-Forwarded-For names the client: the per-client limits then apply to each client behind it; from any other address the header is ignored
    #[arg(long = "trusted-proxy", value_name = "ADDR", env = "TRIOMINOS_TRUSTED_PROXY", value_delimiter = ',',
          help_heading = NETWORK)]
    pub trusted_proxies: Vec<std::net::IpAddr>,
    /// The site's address as people's browsers reach it (its scheme and host, like https://HOST): the accounts' session cookie is marked Secure when it is https, and a request that changes an account must come from it (its Origin); default: the request's own Host
    #[arg(long = "public-origin", value_name = "URL", env = "TRIOMINOS_PUBLIC_ORIGIN", help_heading = NETWORK)]
    pub public_origin: Option<String>,
    /// Sign-in attempts (sign-ins, sign-ups, recoveries, password changes) one client may make in a row before --sign-in-per-minute applies
    #[arg(long, value_name = "N", env = "TRIOMINOS_SIGN_IN_BURST", default_value_t = 10, help_heading = LIMITS)]
    pub sign_in_burst: u32,
    /// Sign-in attempts one client, and one account name, may make per minute after their burst (429 sign_in_too_fast beyond); 0: no limit
    #[arg(long, value_name = "N", env = "TRIOMINOS_SIGN_IN_PER_MINUTE", default_value_t = 6, help_heading = LIMITS)]
    pub sign_in_per_minute: u32,
}

/// The heading of the flags of where the server listens and its connections.
pub const NETWORK: &str = "Network";
/// The heading of the flags of the database.
pub const STORAGE: &str = "Storage";
/// The heading of the flags of several instances over one PostgreSQL.
pub const CLUSTER: &str = "Cluster";
/// The heading of the flags of the bots.
pub const BOTS: &str = "Bots";
/// The heading of the caps and rates each client and the server are held to.
pub const LIMITS: &str = "Limits";
/// The heading of the flags of the log (`triominos serve --log`).
pub const LOGGING: &str = "Logging";

impl ServeConfig {
    /// The database to open: `--database-url` when given, else the first
    /// line of `--database-url-file` when given, else `--db` (a SQLite file,
    /// or a `postgres://…` address), with the password of
    /// `--database-password-file` when given (see [`with_password`]).
    pub fn database(&self) -> Result<String, PasswordError> {
        let location = match (&self.database_url, &self.database_url_file) {
            (Some(url), _) => url.clone(),
            (None, Some(file)) => first_line(file)?,
            (None, None) => self.db.to_string_lossy().into_owned(),
        };
        let Some(file) = &self.database_password_file else { return Ok(location) };
        let password = first_line(file)?;
        with_password(&location, &password).ok_or_else(|| PasswordError {
            file: file.clone(),
            reason: "the database is not a postgres://… address".into(),
        })
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
        // No argument and no environment variable: every field gets its
        // default (written once, in the attributes).
        let command = <Defaults as clap::CommandFactory>::command().mut_args(|a| a.env(None::<&str>));
        let matches = command.get_matches_from(["serve"]);
        let mut config =
            <Defaults as clap::FromArgMatches>::from_arg_matches(&matches).expect("the defaults are valid").config;
        config.addr = addr.into();
        config.db = db.into();
        config
    }
}

/// The first line of a file (a database's address or its password), not empty.
fn first_line(file: &std::path::Path) -> Result<String, PasswordError> {
    let read = |reason: String| PasswordError { file: file.to_path_buf(), reason };
    let text = std::fs::read_to_string(file).map_err(|e| read(e.to_string()))?;
    let line = text.lines().next().unwrap_or("").trim_end_matches('\r');
    if line.is_empty() {
        return Err(read("its first line is empty".into()));
    }
    Ok(line.to_string())
}

/// The file of [`ServeConfig::database_password_file`] or
/// [`ServeConfig::database_url_file`] could not be used.
#[derive(Debug, thiserror::Error)]
#[error("the database's file {}: {reason}", .file.display())]
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
/// Default of [`ServeConfig::pools_per_minute`]: a person following their
/// entry asks about once a second.
pub const DEFAULT_POOLS_PER_MINUTE: u32 = 120;
/// Default of [`ServeConfig::pool_entries_per_client`]: one entry a client.
pub const DEFAULT_POOL_ENTRIES_PER_CLIENT: usize = 1;
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
