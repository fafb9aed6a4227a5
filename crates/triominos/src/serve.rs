//! `triominos serve` (the default command): the web game and score pad.

use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;
use tracing_subscriber::filter::LevelFilter;

/// Options of `triominos serve`.
#[derive(Args, Debug, Clone)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: String,
    /// SQLite database file (created if missing).
    #[arg(long, default_value = "triominos.db")]
    pub db: PathBuf,
    /// Pause before each bot move, in milliseconds, so people can follow.
    #[arg(long, default_value_t = 600)]
    pub bot_delay_ms: u64,
    /// Bot decisions computed at once (others wait, games with people first); default: the number of cores.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub max_thinking: Option<u64>,
    /// Games of bots alone playing at once; creating one more is refused until one ends.
    #[arg(long, value_name = "N", default_value_t = triominos_server::DEFAULT_MAX_BOT_GAMES)]
    pub max_bot_games: usize,
    /// Unfinished games one client (IPv4 address, IPv6 /64) may have created since the start; 0: no cap.
    #[arg(long, value_name = "N", default_value_t = triominos_server::DEFAULT_MAX_GAMES_PER_CLIENT)]
    pub max_games_per_client: usize,
    /// Unfinished games stored in all; one more is refused until one ends; 0: no cap.
    #[arg(long, value_name = "N", default_value_t = triominos_server::DEFAULT_MAX_GAMES)]
    pub max_games: usize,
    /// Games one client may create in a row before --create-per-minute applies.
    #[arg(long, value_name = "N", default_value_t = triominos_server::DEFAULT_CREATE_BURST,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub create_burst: u32,
    /// Games one client may create per minute after its burst; 0: no rate limit.
    #[arg(long, value_name = "N", default_value_t = triominos_server::DEFAULT_CREATE_PER_MINUTE)]
    pub create_per_minute: u32,
    /// Seconds a game with no connection and no bot to play stays in memory (it stays stored).
    #[arg(long, value_name = "S", default_value_t = triominos_server::DEFAULT_EVICT_AFTER_S)]
    pub evict_after_s: u64,
    /// Seconds between two looks for idle games to drop from memory; 0: never.
    #[arg(long, value_name = "S", default_value_t = triominos_server::DEFAULT_SWEEP_EVERY_S)]
    pub sweep_every_s: u64,
    /// Connections open at once (WebSockets included); more wait, not accepted, until one closes.
    #[arg(long, value_name = "N", default_value_t = triominos_server::DEFAULT_MAX_CONNECTIONS,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=1_000_000))]
    pub max_connections: usize,
    /// Milliseconds a connection has to send a whole request head (from its opening or its
    /// last answer); a half-sent request or an idle keep-alive connection is closed after it.
    #[arg(long, value_name = "MS", default_value_t = triominos_server::DEFAULT_HEADER_TIMEOUT.as_millis() as u64,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub header_timeout_ms: u64,
    /// Seconds a WebSocket may stay silent, its pings unanswered, before it is closed and
    /// its seat shows as away (browsers answer the pings by themselves).
    #[arg(long, value_name = "S", default_value_t = triominos_server::DEFAULT_WS_IDLE.as_secs(),
          value_parser = clap::value_parser!(u64).range(1..))]
    pub ws_idle_s: u64,
    /// Largest .tri file /api/replay reads, in bytes (413 record_too_large beyond).
    #[arg(long, value_name = "BYTES", default_value_t = triominos_server::DEFAULT_MAX_RECORD_BYTES)]
    pub max_record_bytes: usize,
    /// Most actions of an uploaded .tri file replayed (413 record_too_long beyond).
    #[arg(long, value_name = "N", default_value_t = triominos_server::DEFAULT_MAX_RECORD_ACTIONS)]
    pub max_record_actions: usize,
    /// Most rounds of an uploaded .tri file replayed (413 record_too_long beyond).
    #[arg(long, value_name = "N", default_value_t = triominos_server::DEFAULT_MAX_RECORD_ROUNDS)]
    pub max_record_rounds: usize,
    /// Replays computed at once; four times as many wait, more are refused (503 replays_busy).
    #[arg(long, value_name = "N", default_value_t = triominos_server::DEFAULT_MAX_REPLAYS,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=1024))]
    pub max_replays: usize,
    /// Log level on stderr: off, error, warn, info (a line per move), debug or trace.
    #[arg(long, value_name = "LEVEL")]
    pub log: Option<LevelFilter>,
    /// Do not print a log line per move (the same as --log warn).
    #[arg(long, conflicts_with = "log")]
    pub quiet: bool,
    /// Let the creator of a game with people choose its deal seed (for tests and
    /// demos only: whoever knows the seed knows every hand). Without it, such a
    /// seed is refused (`seed_not_allowed`); games of bots alone may always have one.
    #[arg(long)]
    pub fixed_seeds: bool,
}

impl Default for ServeArgs {
    fn default() -> Self {
        ServeArgs {
            addr: "127.0.0.1:8080".into(),
            db: PathBuf::from("triominos.db"),
            bot_delay_ms: 600,
            max_thinking: None,
            max_bot_games: triominos_server::DEFAULT_MAX_BOT_GAMES,
            max_games_per_client: triominos_server::DEFAULT_MAX_GAMES_PER_CLIENT,
            max_games: triominos_server::DEFAULT_MAX_GAMES,
            create_burst: triominos_server::DEFAULT_CREATE_BURST,
            create_per_minute: triominos_server::DEFAULT_CREATE_PER_MINUTE,
            evict_after_s: triominos_server::DEFAULT_EVICT_AFTER_S,
            sweep_every_s: triominos_server::DEFAULT_SWEEP_EVERY_S,
            max_connections: triominos_server::DEFAULT_MAX_CONNECTIONS,
            header_timeout_ms: triominos_server::DEFAULT_HEADER_TIMEOUT.as_millis() as u64,
            ws_idle_s: triominos_server::DEFAULT_WS_IDLE.as_secs(),
            max_record_bytes: triominos_server::DEFAULT_MAX_RECORD_BYTES,
            max_record_actions: triominos_server::DEFAULT_MAX_RECORD_ACTIONS,
            max_record_rounds: triominos_server::DEFAULT_MAX_RECORD_ROUNDS,
            max_replays: triominos_server::DEFAULT_MAX_REPLAYS,
            log: None,
            quiet: false,
            fixed_seeds: false,
        }
    }
}

impl ServeArgs {
    /// The log level asked for: `--log`, else warn with `--quiet`, else info.
    pub fn level(&self) -> LevelFilter {
        self.log.unwrap_or(if self.quiet { LevelFilter::WARN } else { LevelFilter::INFO })
    }
}

/// Runs the server until interrupted.
pub fn run(args: ServeArgs) -> ExitCode {
    tracing_subscriber::fmt().with_max_level(args.level()).with_writer(std::io::stderr).init();
    let mut config = triominos_server::ServeConfig::new(args.addr, args.db);
    config.bot_delay = Duration::from_millis(args.bot_delay_ms);
    if let Some(n) = args.max_thinking {
        config.max_thinking = n as usize;
    }
    config.max_bot_games = args.max_bot_games;
    config.max_games_per_client = args.max_games_per_client;
    config.max_games = args.max_games;
    config.create_burst = args.create_burst;
    config.create_per_minute = args.create_per_minute;
    config.evict_after = Duration::from_secs(args.evict_after_s);
    config.sweep_every = Duration::from_secs(args.sweep_every_s);
    config.fixed_seeds = args.fixed_seeds;
    config.max_connections = args.max_connections;
    config.header_timeout = Duration::from_millis(args.header_timeout_ms);
    config.ws_idle = Duration::from_secs(args.ws_idle_s);
    config.max_record_bytes = args.max_record_bytes;
    config.max_record_actions = args.max_record_actions;
    config.max_record_rounds = args.max_record_rounds;
    config.max_replays = args.max_replays;
    let ready = |addr| println!("Triominos is ready: open http://{addr}/ in your browser (Ctrl-C to stop)");
    match triominos_server::serve_blocking(config, ready) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("triominos serve: {e}");
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        serve: ServeArgs,
    }

    fn level(args: &[&str]) -> Result<LevelFilter, clap::Error> {
        Cli::try_parse_from(std::iter::once("serve").chain(args.iter().copied())).map(|c| c.serve.level())
    }

    fn parse(args: &[&str]) -> Result<ServeArgs, clap::Error> {
        Cli::try_parse_from(std::iter::once("serve").chain(args.iter().copied())).map(|c| c.serve)
    }

    #[test]
    fn the_caps_are_flags_with_defaults() {
        let d = parse(&[]).unwrap();
        assert_eq!(d.max_thinking, None, "the number of cores");
        assert_eq!(d.max_bot_games, triominos_server::DEFAULT_MAX_BOT_GAMES);
        let a = parse(&["--max-thinking", "3", "--max-bot-games", "0"]).unwrap();
        assert_eq!((a.max_thinking, a.max_bot_games), (Some(3), 0));
        assert!(parse(&["--max-thinking", "0"]).is_err(), "at least one decision at a time");
    }

    #[test]
    fn the_game_limits_are_flags_with_defaults() {
        let d = parse(&[]).unwrap();
        assert_eq!(
            (d.max_games_per_client, d.max_games, d.create_burst, d.create_per_minute),
            (
                triominos_server::DEFAULT_MAX_GAMES_PER_CLIENT,
                triominos_server::DEFAULT_MAX_GAMES,
                triominos_server::DEFAULT_CREATE_BURST,
                triominos_server::DEFAULT_CREATE_PER_MINUTE
            )
        );
        assert_eq!((d.evict_after_s, d.sweep_every_s), (600, 60));
        let a = parse(&[
            "--max-games-per-client",
            "3",
            "--max-games",
            "0",
            "--create-burst",
            "2",
            "--create-per-minute",
            "0",
            "--evict-after-s",
            "5",
            "--sweep-every-s",
            "1",
        ])
        .unwrap();
        assert_eq!((a.max_games_per_client, a.max_games, a.create_burst, a.create_per_minute), (3, 0, 2, 0));
        assert_eq!((a.evict_after_s, a.sweep_every_s), (5, 1));
        assert!(parse(&["--create-burst", "0"]).is_err(), "a burst of at least one game");
    }

    #[test]
    fn seeds_of_games_with_people_are_the_servers_unless_asked() {
        assert!(!parse(&[]).unwrap().fixed_seeds);
        assert!(!ServeArgs::default().fixed_seeds);
        assert!(parse(&["--fixed-seeds"]).unwrap().fixed_seeds);
    }

    #[test]
    fn the_network_and_replay_limits_are_flags_with_defaults() {
        let d = parse(&[]).unwrap();
        let c = triominos_server::ServeConfig::new("a", "b");
        assert_eq!(d.max_connections, c.max_connections);
        assert_eq!(Duration::from_millis(d.header_timeout_ms), c.header_timeout);
        assert_eq!(
            (d.max_record_bytes, d.max_record_actions, d.max_record_rounds, d.max_replays),
            (c.max_record_bytes, c.max_record_actions, c.max_record_rounds, c.max_replays)
        );
        let a = parse(&[
            "--max-connections",
            "64",
            "--header-timeout-ms",
            "2500",
            "--max-record-bytes",
            "1000",
            "--max-record-actions",
            "10",
            "--max-record-rounds",
            "2",
            "--max-replays",
            "3",
        ])
        .unwrap();
        assert_eq!((a.max_connections, a.header_timeout_ms), (64, 2500));
        assert_eq!((a.max_record_bytes, a.max_record_actions, a.max_record_rounds, a.max_replays), (1000, 10, 2, 3));
        assert!(parse(&["--max-connections", "0"]).is_err(), "at least one connection");
        assert!(parse(&["--header-timeout-ms", "0"]).is_err());
        assert!(parse(&["--max-replays", "0"]).is_err());
    }

    #[test]
    fn the_log_level_is_info_unless_asked() {
        assert_eq!(level(&[]).unwrap(), LevelFilter::INFO);
        assert_eq!(level(&["--quiet"]).unwrap(), LevelFilter::WARN);
        assert_eq!(level(&["--log", "debug"]).unwrap(), LevelFilter::DEBUG);
        assert_eq!(level(&["--log", "off"]).unwrap(), LevelFilter::OFF);
        assert!(level(&["--log", "loud"]).is_err());
        assert!(level(&["--log", "info", "--quiet"]).is_err());
    }
}
