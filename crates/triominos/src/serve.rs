//! `triominos serve` (the default command): the web game and score pad.

use clap::Args;
use std::process::ExitCode;
use tracing_subscriber::filter::LevelFilter;

/// Options of `triominos serve`: the server's configuration (its flags and
/// their defaults are [`triominos_server::ServeConfig`]'s) and the log's.
#[derive(Args, Debug, Clone)]
pub struct ServeArgs {
    /// Where the server listens, its database, its limits.
    #[command(flatten)]
    pub config: triominos_server::ServeConfig,
    /// Log level on stderr: off, error, warn, info (a line per move), debug or trace.
    #[arg(long, value_name = "LEVEL", env = "TRIOMINOS_LOG", help_heading = triominos_server::config::LOGGING)]
    pub log: Option<LevelFilter>,
    /// Do not print a log line per move (the same as --log warn).
    #[arg(long, conflicts_with = "log", env = "TRIOMINOS_QUIET", help_heading = triominos_server::config::LOGGING)]
    pub quiet: bool,
}

impl Default for ServeArgs {
    /// `triominos` with no command: `serve` with every default.
    fn default() -> Self {
        #[derive(clap::Parser)]
        struct Serve {
            #[command(flatten)]
            args: ServeArgs,
        }
        <Serve as clap::Parser>::parse_from(["serve"]).args
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
    let config = args.config;
    // Behind a reverse proxy (--trusted-proxy) people open the proxy's
    // address, not this one.
    let proxied = !config.trusted_proxies.is_empty();
    let ready = move |addr| match proxied {
        true => println!("Triominos is ready: listening on {addr} for the proxy"),
        false => println!("Triominos is ready: open http://{addr}/ in your browser (Ctrl-C to stop)"),
    };
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
    use std::time::Duration;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        serve: ServeArgs,
    }

    fn level(args: &[&str]) -> Result<LevelFilter, clap::Error> {
        Cli::try_parse_from(std::iter::once("serve").chain(args.iter().copied())).map(|c| c.serve.level())
    }

    fn parse(args: &[&str]) -> Result<triominos_server::ServeConfig, clap::Error> {
        Cli::try_parse_from(std::iter::once("serve").chain(args.iter().copied())).map(|c| c.serve.config)
    }

    /// The defaults people rely on (the README names them): the same as
    /// before the flags were the server's own.
    #[test]
    fn the_defaults_are_as_documented() {
        let d = parse(&[]).unwrap();
        assert_eq!((d.addr.as_str(), d.db.to_str()), ("127.0.0.1:8080", Some("triominos.db")));
        assert_eq!(d.bot_delay, Duration::from_millis(600));
        assert_eq!(d.max_thinking, std::thread::available_parallelism().map_or(1, |n| n.get()));
        assert_eq!((d.max_bot_games, d.max_games_per_client, d.max_games), (8, 20, 10_000));
        assert_eq!((d.create_burst, d.create_per_minute), (10, 10));
        assert_eq!((d.evict_after, d.sweep_every), (Duration::from_secs(600), Duration::from_secs(60)));
        assert_eq!(
            (d.max_connections, d.header_timeout, d.ws_idle),
            (1000, Duration::from_secs(10), Duration::from_secs(60))
        );
        assert_eq!(
            (d.max_record_bytes, d.max_record_actions, d.max_record_rounds, d.max_replays),
            (262_144, 5000, 200, 2)
        );
        assert!(!d.fixed_seeds);
        // `triominos` alone serves with the same.
        let alone = ServeArgs::default();
        assert_eq!((alone.config.addr, alone.config.bot_delay, alone.log), (d.addr, d.bot_delay, None));
    }

    #[test]
    fn every_flag_sets_its_setting() {
        let a = parse(&[
            "--addr",
            "0.0.0.0:9",
            "--db",
            "x.db",
            "--bot-delay-ms",
            "0",
            "--max-thinking",
            "3",
            "--max-bot-games",
            "0",
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
            "--max-connections",
            "64",
            "--header-timeout-ms",
            "2500",
            "--ws-idle-s",
            "7",
            "--max-record-bytes",
            "1000",
            "--max-record-actions",
            "10",
            "--max-record-rounds",
            "2",
            "--max-replays",
            "3",
            "--fixed-seeds",
        ])
        .unwrap();
        assert_eq!((a.addr.as_str(), a.db.to_str(), a.bot_delay), ("0.0.0.0:9", Some("x.db"), Duration::ZERO));
        assert_eq!((a.max_thinking, a.max_bot_games, a.max_games_per_client, a.max_games), (3, 0, 3, 0));
        assert_eq!((a.create_burst, a.create_per_minute), (2, 0));
        assert_eq!((a.evict_after, a.sweep_every), (Duration::from_secs(5), Duration::from_secs(1)));
        assert_eq!(
            (a.max_connections, a.header_timeout, a.ws_idle),
            (64, Duration::from_millis(2500), Duration::from_secs(7))
        );
        assert_eq!((a.max_record_bytes, a.max_record_actions, a.max_record_rounds, a.max_replays), (1000, 10, 2, 3));
        assert!(a.fixed_seeds);
        // What is not a flag keeps its value.
        assert_eq!(a.round_delay, Duration::from_secs(3));
    }

    #[test]
    fn out_of_range_values_are_refused() {
        for bad in [
            &["--max-thinking", "0"][..],
            &["--create-burst", "0"],
            &["--max-connections", "0"],
            &["--header-timeout-ms", "0"],
            &["--ws-idle-s", "0"],
            &["--max-replays", "0"],
            &["--bot-delay-ms", "-1"],
            &["--evict-after-s", "soon"],
        ] {
            assert!(parse(bad).is_err(), "{bad:?}");
        }
    }

    /// `--help` groups the flags under their headings, names each one's
    /// environment variable and shows no setting meant for the tests.
    #[test]
    fn help_shows_the_groups_and_the_variables_and_no_test_setting() {
        use clap::CommandFactory;
        let help = Cli::command().render_long_help().to_string();
        for heading in ["Network:", "Storage:", "Cluster:", "Bots:", "Limits:", "Logging:"] {
            assert!(help.contains(heading), "{heading} in {help}");
        }
        for test_only in ["--fixed-seeds", "--test-move-ms", "TRIOMINOS_FIXED_SEEDS", "TRIOMINOS_TEST_MOVE_MS"] {
            assert!(!help.contains(test_only), "{test_only} in {help}");
        }
        let command = Cli::command();
        for arg in command.get_arguments().filter(|a| a.get_long().is_some_and(|l| l != "help")) {
            let long = arg.get_long().unwrap();
            let env = arg.get_env().map(|e| e.to_string_lossy().into_owned());
            let expected = match long {
                "trusted-proxy" => "TRIOMINOS_TRUSTED_PROXY".to_string(),
                _ => format!("TRIOMINOS_{}", long.to_uppercase().replace('-', "_")),
            };
            assert_eq!(env.as_deref(), Some(expected.as_str()), "--{long}");
            assert!(arg.get_help_heading().is_some() || arg.is_hide_set(), "--{long} has a heading");
        }
        // The database's address is never shown, even when set in the environment.
        let url = command.get_arguments().find(|a| a.get_long() == Some("database-url")).unwrap();
        assert!(url.is_hide_env_values_set());
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
