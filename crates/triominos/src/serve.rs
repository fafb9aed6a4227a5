//! `triominos serve` (the default command): the web game and score pad.

use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

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
    /// Do not print a log line per move.
    #[arg(long)]
    pub quiet: bool,
}

impl Default for ServeArgs {
    fn default() -> Self {
        ServeArgs { addr: "127.0.0.1:8080".into(), db: PathBuf::from("triominos.db"), bot_delay_ms: 600, quiet: false }
    }
}

/// Runs the server until interrupted.
pub fn run(args: ServeArgs) -> ExitCode {
    let mut config = triominos_server::ServeConfig::new(args.addr, args.db);
    config.bot_delay = Duration::from_millis(args.bot_delay_ms);
    config.quiet = args.quiet;
    match triominos_server::serve_blocking(config) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("triominos serve: {e}");
            ExitCode::from(2)
        }
    }
}
