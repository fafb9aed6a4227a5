#![doc = include_str!("../README.md")]

use clap::{Parser, Subcommand};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use triominos_core::record;

mod botcmd;
mod notation;
mod out;
mod play;
mod puzzles;
mod review;
mod rulesfile;
#[cfg(feature = "serve")]
mod serve;

#[derive(Parser)]
#[command(name = "triominos", version, about = "Triominos: rules engine, record checker and tools")]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
// Parsed once at start: the size of `serve`'s many flags costs nothing.
#[allow(clippy::large_enum_variant)]
enum Command {
    /// Start the web game and score pad (the default when no command is given).
    #[cfg(feature = "serve")]
    Serve(serve::ServeArgs),
    /// Replay a .tri record, checking every line; print each player's total.
    Check {
        /// The record to check.
        file: PathBuf,
        /// Print the full report as JSON (record.md).
        #[arg(long)]
        json: bool,
    },
    /// Review a player's game: at every decision the action played, the bot's preferred action and
    /// the points the difference cost (from what that player could see).
    Review(review::ReviewArgs),
    /// Play many games between bots and report speed (and write records).
    Selfplay(botcmd::SelfplayArgs),
    /// Matches between bots on paired deals (seats rotated): win rates, confidence intervals, Elo.
    Arena(botcmd::ArenaArgs),
    /// Show a rule set: a preset name, or a TOML/JSON rules file (a preset plus overrides).
    /// Exits 1 when the file is not a valid rule set, naming the option.
    Rules {
        /// `goliath`, `pressman`, `dominos-triangles`, or a path to a .toml/.json rules file.
        #[arg(required_unless_present = "schema")]
        ruleset: Option<String>,
        /// Print as JSON.
        #[arg(long)]
        json: bool,
        /// Print every option's schema (name, kind, help key, each preset's value) as JSON.
        #[arg(long, conflicts_with = "ruleset")]
        schema: bool,
    },
    /// Puzzles: generate new ones, export the shipped collection as JSON, verify it.
    Puzzles(puzzles::PuzzlesArgs),
    /// Replay a .tri record, checking every line as `check` does, and print its actions in the
    /// move notation (docs/notation.md): `255L555` is 2-5-5 placed left of 5-5-5.
    Notation {
        /// The record.
        file: PathBuf,
    },
    /// Play in the terminal: against the named levels (--vs casual), or at a seat of a server game
    /// (--join LINK). Moves typed in the notation (255L555, draw, pass) or chosen with the arrows.
    Play(play::PlayArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Check { file, json }) => check(&file, json),
        Some(Command::Rules { ruleset, json, schema }) => match ruleset {
            Some(ruleset) if !schema => show_rules(&ruleset, json),
            _ => match serde_json::to_string_pretty(triominos_core::rules::options_schema()) {
                Ok(s) => out::emit(&(s + "\n"), ExitCode::SUCCESS),
                Err(e) => {
                    eprintln!("schema: {e}");
                    ExitCode::from(2)
                }
            },
        },
        #[cfg(feature = "serve")]
        Some(Command::Serve(args)) => serve::run(args),
        Some(Command::Selfplay(args)) => botcmd::run_selfplay(args),
        Some(Command::Arena(args)) => botcmd::run_arena(args),
        Some(Command::Puzzles(args)) => puzzles::run(args),
        Some(Command::Review(args)) => review::run(args),
        Some(Command::Notation { file }) => notation::run(&file),
        Some(Command::Play(args)) => play::run(args),
        #[cfg(feature = "serve")]
        None => serve::run(serve::ServeArgs::default()),
        #[cfg(not(feature = "serve"))]
        None => {
            eprintln!("this build has no web server (built without the feature `serve`): see `triominos --help`");
            ExitCode::from(2)
        }
    }
}

/// `triominos rules`: every option's value, as text or JSON. Exit 1 when the
/// file is not a valid rule set, 2 when it cannot be read.
fn show_rules(spec: &str, json: bool) -> ExitCode {
    let rules = match rulesfile::load(spec) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{spec}: {e}");
            return ExitCode::from(match e {
                rulesfile::LoadError::Unreadable(_) => 2,
                rulesfile::LoadError::Invalid(_) => 1,
            });
        }
    };
    let preset = rules.base_preset().name();
    let text = if json {
        let map: serde_json::Map<String, serde_json::Value> =
            std::iter::once(("ruleset".to_string(), serde_json::Value::String(preset.into())))
                .chain(rules.options().into_iter().map(|(k, v)| (k.to_string(), serde_json::Value::String(v))))
                .collect();
        format!("{}\n", serde_json::Value::Object(map))
    } else {
        let mut text = format!("ruleset {preset}\n");
        for (k, v) in rules.options() {
            text += &format!("{k:28} {v}\n");
        }
        text
    };
    out::emit(&text, ExitCode::SUCCESS)
}

/// A record's text, or the exit code after saying why there is none: 2 when
/// the file cannot be read, 1 (`FILE:LINE: not UTF-8 text`) when it is not text.
fn read_record(file: &Path) -> Result<String, ExitCode> {
    let bytes = match std::fs::read(file) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("{}: cannot read: {e}", file.display());
            return Err(ExitCode::from(2));
        }
    };
    String::from_utf8(bytes).map_err(|e| {
        let bad = e.utf8_error().valid_up_to();
        let line = e.as_bytes()[..bad].iter().filter(|&&b| b == b'\n').count() + 1;
        eprintln!("{}:{line}: not UTF-8 text", file.display());
        ExitCode::from(1)
    })
}

/// `triominos check`: exit 0 when every line is legal, 1 with `FILE:LINE: reason` otherwise.
fn check(file: &Path, json: bool) -> ExitCode {
    let text = match read_record(file) {
        Ok(t) => t,
        Err(code) => return code,
    };
    match record::replay(&text) {
        Ok(r) => {
            let text = if json {
                match serde_json::to_string_pretty(&r.report) {
                    Ok(s) => s + "\n",
                    Err(e) => {
                        eprintln!("{}: {e}", file.display());
                        return ExitCode::from(2);
                    }
                }
            } else {
                let mut text = String::new();
                for (name, total) in &r.report.totals.0 {
                    text += &format!("{name} {total}\n");
                }
                if let Some(w) = &r.report.winner {
                    text += &format!("winner {}\n", w.join(" "));
                }
                // A game lost by forfeit did not end by the rules: say how it ended.
                for (_, v) in r.tags.iter().filter(|(k, _)| k == "Forfeit") {
                    text += &format!("forfeit {}\n", v.join(": "));
                }
                text
            };
            out::emit(&text, ExitCode::SUCCESS)
        }
        Err(e) => {
            eprintln!("{}:{}: {}", file.display(), e.line, e.reason);
            ExitCode::from(1)
        }
    }
}
