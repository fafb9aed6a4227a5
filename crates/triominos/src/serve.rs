//! `triominos serve` (the default command): the web game and score pad.

use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

/// Options of `triominos serve`.
#[derive(Args, Debug, Clone)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: String,
    /// SQLite database file (created if missing).
    #[arg(long, default_value = "triominos.db")]
    pub db: PathBuf,
}

impl Default for ServeArgs {
    fn default() -> Self {
        ServeArgs { addr: "127.0.0.1:8080".into(), db: PathBuf::from("triominos.db") }
    }
}

/// Runs the server until interrupted.
pub fn run(args: ServeArgs) -> ExitCode {
    let _config = triominos_server::ServeConfig { addr: args.addr, db: args.db };
    eprintln!("triominos: the web game is not built yet; try `triominos check FILE` or `triominos --help`");
    ExitCode::from(2)
}
