//! `triominos play`: the game in a terminal ([docs/terminal.md](../../../../docs/terminal.md)).
//! Against the named levels on this machine (`--vs casual`), or at a seat of
//! a server game joined by its invite link (`--join URL`). The board is
//! drawn in text, moves are typed in the notation or chosen with the arrows.

mod local;
mod picture;
mod remote;
mod screen;
mod table;

use crate::rulesfile;
use clap::Args;
use crossterm::event::{self, Event};
use crossterm::execute;
use crossterm::terminal::{disable_raw_mode, enable_raw_mode, EnterAlternateScreen, LeaveAlternateScreen};
use local::Local;
use ratatui::backend::CrosstermBackend;
use ratatui::Terminal;
use remote::{seat_link, Remote};
use screen::{Ask, Screen};
use std::io::IsTerminal;
use std::process::ExitCode;
use std::time::Duration;
use table::Table;
use triominos_bots::play::build_bot;
use triominos_bots::Budget;
use triominos_core::Game;
use triominos_protocol::Intent;

/// Options of `triominos play`.
#[derive(Args, Debug, Clone)]
pub struct PlayArgs {
    /// The bots at the table, comma-separated, one a seat after yours: a named level (beginner,
    /// casual, clever, expert), a bot (random, greedy, heuristic, mcts@N) or cmd:PROGRAM.
    #[arg(long, default_value = "casual", conflicts_with = "join")]
    pub vs: String,
    /// A preset (goliath, pressman, dominos-triangles) or a TOML/JSON rules file.
    #[arg(long, default_value = "goliath", conflicts_with = "join")]
    pub ruleset: String,
    /// The deal's seed (the same seed deals the same game); default: a new one.
    #[arg(long, conflicts_with = "join")]
    pub seed: Option<u64>,
    /// Play a seat of a server game: its invite link, http://HOST:PORT/g/GAME/TOKEN.
    #[arg(long, value_name = "URL")]
    pub join: Option<String>,
    /// No colours (also when NO_COLOR is set, TERM is dumb or unset).
    #[arg(long)]
    pub no_color: bool,
}

/// Where the game is: here, or on a server.
pub enum Source {
    /// Against bots on this machine.
    Local(Box<Local>),
    /// A seat of a server game.
    Remote(Box<Remote>),
}

impl Source {
    /// The table, once there is one.
    pub fn table(&self) -> Option<&Table> {
        match self {
            Source::Local(l) => Some(l.table()),
            Source::Remote(r) => r.table(),
        }
    }

    /// Why the game cannot go on, if it cannot (a server connection lost).
    pub fn closed(&self) -> Option<&str> {
        match self {
            Source::Local(_) => None,
            Source::Remote(r) => r.closed(),
        }
    }

    /// What is awaited, in words, if anything.
    pub fn busy(&self) -> Option<String> {
        match self {
            Source::Local(l) => l.bot_to_act().map(|b| format!("{b} is thinking...")),
            Source::Remote(r) if r.closed().is_some() => r.closed().map(|s| format!("{s}. Ctrl-C to leave.")),
            Source::Remote(r) if r.waiting() => Some("Sent: waiting for the server...".into()),
            Source::Remote(_) => None,
        }
    }
}

/// Whether the terminal shows colours: not with `--no-color`, `NO_COLOR`
/// set (no-color.org), `TERM` unset or `dumb`.
pub fn colours(no_color: bool, no_color_env: Option<&str>, term: Option<&str>) -> bool {
    !no_color && no_color_env.is_none_or(|v| v.is_empty()) && term.is_some_and(|t| !t.is_empty() && t != "dumb")
}

/// Runs `triominos play`.
pub fn run(args: PlayArgs) -> ExitCode {
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        eprintln!("play: needs a terminal (its keys and its screen)");
        return ExitCode::from(2);
    }
    let source = match setup(&args) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("play: {e}");
            return ExitCode::from(2);
        }
    };
    let colour =
        colours(args.no_color, std::env::var("NO_COLOR").ok().as_deref(), std::env::var("TERM").ok().as_deref());
    // Whatever happens, the terminal is given back as it was.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        hook(info);
    }));
    let result = enable_raw_mode()
        .and_then(|_| execute!(std::io::stdout(), EnterAlternateScreen))
        .map_err(|e| e.to_string())
        .and_then(|_| Terminal::new(CrosstermBackend::new(std::io::stdout())).map_err(|e| e.to_string()))
        .and_then(|terminal| play(terminal, source, colour));
    restore();
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("play: {e}");
            ExitCode::from(1)
        }
    }
}

fn restore() {
    let _ = disable_raw_mode();
    let _ = execute!(std::io::stdout(), LeaveAlternateScreen, crossterm::cursor::Show);
}

/// The game asked for: a local game with its bots, or the server's seat.
fn setup(args: &PlayArgs) -> Result<Source, String> {
    if let Some(url) = &args.join {
        return Ok(Source::Remote(Box::new(Remote::connect(seat_link(url)?)?)));
    }
    let rules = rulesfile::load(&args.ruleset)?;
    let specs: Vec<&str> = args.vs.split(',').map(str::trim).filter(|s| !s.is_empty()).collect();
    if specs.is_empty() {
        return Err("--vs needs at least one bot".into());
    }
    let players = specs.len() + 1;
    if !rules.allows_players(players) {
        return Err(format!(
            "{players} players: {} allows {} to {}",
            rules.base_preset().name(),
            rules.min_players(),
            rules.max_players()
        ));
    }
    let seed = args.seed.unwrap_or_else(|| {
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
        now.as_nanos() as u64 ^ u64::from(std::process::id()).rotate_left(32)
    });
    let mut bots = Vec::new();
    for (i, spec) in specs.iter().enumerate() {
        bots.push(build_bot(spec, seed.wrapping_add(i as u64 + 1), Budget::default())?);
    }
    let game = Game::new(rules, players, seed).map_err(|e| e.to_string())?;
    let names = std::iter::once("You".to_string()).chain(specs.iter().map(|s| s.to_string())).collect();
    Ok(Source::Local(Box::new(Local::new(game, bots, names))))
}

fn play<B: ratatui::backend::Backend>(
    mut terminal: Terminal<B>,
    mut source: Source,
    colour: bool,
) -> Result<(), String> {
    let mut screen = Screen::new(colour);
    loop {
        if let Source::Remote(r) = &mut source {
            r.poll();
            if let Some(why) = r.take_refusal() {
                screen.say(why, true);
            }
        }
        screen.settle(source.table());
        terminal.draw(|f| screen.draw(f, &source)).map_err(|e| e.to_string())?;
        if screen.quit {
            return Ok(());
        }
        // A bot to move plays once the screen shows it thinking.
        if let Source::Local(l) = &mut source {
            if l.bot_to_act().is_some() {
                if let Err(e) = l.play_bot() {
                    screen.say(format!("the bot failed: {e}"), true);
                    terminal.draw(|f| screen.draw(f, &source)).map_err(|e| e.to_string())?;
                    return wait_to_leave(&mut screen);
                }
                continue;
            }
        }
        if !event::poll(Duration::from_millis(100)).map_err(|e| e.to_string())? {
            continue;
        }
        let Event::Key(key) = event::read().map_err(|e| e.to_string())? else { continue };
        let ask = screen.key(key, source.table());
        let done = match (&mut source, ask) {
            (_, Ask::Nothing) => Ok(()),
            (Source::Local(l), Ask::Act(a)) => l.submit(a),
            (Source::Local(l), Ask::NextRound) => l.next_round(),
            (Source::Remote(r), Ask::Act(a)) => r.submit(Intent::Act(a)),
            (Source::Remote(r), Ask::NextRound) => r.submit(Intent::NextRound),
        };
        if let Err(e) = done {
            screen.say(e, true);
        }
    }
}

/// After a failure the screen stays until a key is pressed.
fn wait_to_leave(_screen: &mut Screen) -> Result<(), String> {
    loop {
        if let Event::Key(_) = event::read().map_err(|e| e.to_string())? {
            return Ok(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_only_where_the_terminal_has_them() {
        assert!(colours(false, None, Some("xterm-256color")));
        assert!(!colours(true, None, Some("xterm-256color")), "--no-color");
        assert!(!colours(false, Some("1"), Some("xterm-256color")), "NO_COLOR");
        assert!(colours(false, Some(""), Some("xterm")), "an empty NO_COLOR is unset (no-color.org)");
        assert!(!colours(false, None, Some("dumb")));
        assert!(!colours(false, None, None));
    }
}
