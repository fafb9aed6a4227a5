//! `triominos review`: the game review of one player of a record, as a
//! table or as JSON (the work is `triominos_bots::review`).

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use std::path::PathBuf;
use std::process::ExitCode;
use triominos_bots::judge::{contrast_words, instead_words, SEPARATION};
use triominos_bots::review::{
    action_text, review_with_progress, Decision, Options, Review, ReviewError, BLUNDER, DEFAULT_ITERATIONS,
    DEFAULT_SAMPLES, MISTAKE,
};
use triominos_core::record;

/// `triominos review`.
#[derive(Args, Debug, Clone)]
#[command(after_help = "Every decision of the player is judged from what that player could see then \
(their own hand and the public state, never the other hands or the pool) by the judge that gives the \
web game's hints: the actions Expert's search tried most, every placement that forms a figure or goes \
out, and the action played are each valued, on the same deals of the unseen tiles, by Expert's search \
of the position after them: the expected margin (the player's total minus the best opponent's) where \
the search stops, with a standard error. Loss = best value - played value, with the standard error of \
that difference; a loss within two standard errors of zero is no loss (as good); a loss that clears \
10 points by two standard errors is a mistake, 25 a blunder. Each loss comes with its reasons. An \
unfinished game is reviewed as far as it goes.")]
pub struct ReviewArgs {
    /// The .tri record to review.
    pub file: PathBuf,
    /// The player to review, by the name in the record's Players header (default: the first).
    #[arg(long)]
    pub player: Option<String>,
    /// Iterations of Expert's search a decision, which rank the candidates.
    #[arg(long, default_value_t = DEFAULT_ITERATIONS, value_parser = clap::value_parser!(u32).range(1..))]
    pub iterations: u32,
    /// Deals of the unseen tiles on which every candidate is valued.
    #[arg(long, default_value_t = DEFAULT_SAMPLES, value_parser = clap::value_parser!(u32).range(1..))]
    pub samples: u32,
    /// Seed of the searches (the same seed gives the same review).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Decisions reviewed in parallel (the review is the same on any number).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    pub json: bool,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

/// Exit 0 with the review, 1 when the record is refused or the player is
/// not in it, 2 when the file cannot be read.
pub fn run(args: ReviewArgs) -> ExitCode {
    let file = args.file.display().to_string();
    let text = match std::fs::read(&args.file) {
        Ok(b) => match String::from_utf8(b) {
            Ok(t) => t,
            Err(e) => {
                let bad = e.utf8_error().valid_up_to();
                let line = e.as_bytes()[..bad].iter().filter(|&&b| b == b'\n').count() + 1;
                eprintln!("{file}:{line}: not UTF-8 text");
                return ExitCode::from(1);
            }
        },
        Err(e) => {
            eprintln!("{file}: cannot read: {e}");
            return ExitCode::from(2);
        }
    };
    let replayed = match record::replay(&text) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{file}:{}: {}", e.line, e.reason);
            return ExitCode::from(1);
        }
    };
    let seat = match &args.player {
        None => 0,
        Some(name) => match replayed.players.iter().position(|p| p == name) {
            Some(s) => s as u8,
            None => {
                let e = ReviewError::UnknownPlayer { name: name.clone(), players: replayed.players.clone() };
                eprintln!("{file}: {e}");
                return ExitCode::from(1);
            }
        },
    };
    let opts = Options { iterations: args.iterations, samples: args.samples, seed: args.seed, threads: args.threads };
    let bar = if args.quiet { ProgressBar::hidden() } else { ProgressBar::new(0) };
    bar.set_style(
        ProgressStyle::with_template("{elapsed_precise} [{bar:40}] {pos}/{len} decisions, eta {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
    );
    let progress = |done: usize, total: usize| {
        bar.set_length(total as u64);
        bar.set_position(done as u64);
    };
    let review = match review_with_progress(&replayed, seat, &opts, &progress) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{file}: {e}");
            return ExitCode::from(1);
        }
    };
    bar.finish_and_clear();
    if args.json {
        match serde_json::to_string_pretty(&review) {
            Ok(s) => println!("{s}"),
            Err(e) => {
                eprintln!("{file}: {e}");
                return ExitCode::from(2);
            }
        }
    } else {
        print!("{}", table(&review));
    }
    ExitCode::SUCCESS
}

fn signed(x: f64) -> String {
    format!("{x:+.1}")
}

fn mark(d: &Decision) -> &'static str {
    match (d.severity, d.forced, d.as_good) {
        (Some(s), _, _) => s.name(),
        (None, true, _) => "forced",
        (None, false, true) => "as good",
        (None, false, false) => "",
    }
}

/// The text report: the table, points lost per round, the biggest mistakes
/// with their reasons, and the average.
pub fn table(r: &Review) -> String {
    use std::fmt::Write;
    let name = |seat: u8| r.players.get(seat as usize).cloned().unwrap_or_else(|| format!("seat {seat}"));
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Review of {} (seat {}): Expert's search of {} iterations and {} deals a decision, seed {}.",
        r.player, r.seat, r.iterations, r.samples, r.seed
    );
    let _ = writeln!(
        out,
        "Values: the expected margin ({}'s total minus the best opponent's) where the search stops, in points.",
        r.player
    );
    let _ = writeln!(
        out,
        "Loss: best - played, +- {SEPARATION} standard errors; none when within them (as good); \
{MISTAKE} points or more beyond them is a mistake, {BLUNDER} or more a blunder."
    );
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "{:>5} {:>5}  {:<22} {:<22} {:>8} {:>8} {:>6} {:>6}",
        "line", "round", "played", "best", "played", "best", "loss", "+-"
    );
    // A move in the notation (written on the board the player faced), as people say it.
    let named = |a, n: &Option<triominos_bots::judge::MoveName>| {
        n.as_ref().map_or_else(|| action_text(a), |n| n.notation.clone())
    };
    for d in &r.decisions {
        let best = if d.best == d.played { "=".to_string() } else { named(d.best, &d.best_name) };
        let _ = writeln!(
            out,
            "{:>5} {:>5}  {:<22} {:<22} {:>8} {:>8} {:>6.1} {:>6.1}  {}",
            d.line,
            d.round,
            named(d.played, &d.played_name),
            best,
            signed(d.played_value),
            signed(d.best_value),
            d.loss,
            SEPARATION * d.se,
            mark(d)
        );
    }
    let _ = writeln!(out);
    let _ = writeln!(out, "Points lost per round:");
    for x in &r.totals.rounds {
        let _ = writeln!(out, "  round {}: {:.1} in {} decisions", x.round, x.loss, x.decisions);
    }
    let biggest = r.biggest(5);
    if !biggest.is_empty() {
        let _ = writeln!(out, "Biggest mistakes:");
        for d in biggest {
            let kind = d.severity.map_or(String::new(), |s| format!(" ({})", s.name()));
            let _ = writeln!(
                out,
                "  line {} (round {}): {}: {:.1} +- {:.1} points{kind}",
                d.line,
                d.round,
                instead_words(d.played, d.played_name.as_ref(), d.best, d.best_name.as_ref()),
                d.loss,
                SEPARATION * d.se
            );
            for c in &d.reasons {
                let _ = writeln!(out, "    - {}", contrast_words(c, &name));
            }
        }
    }
    let t = &r.totals;
    let _ = writeln!(
        out,
        "Average loss per decision: {:.2} points over {} decisions ({} forced, {} as good); {:.1} points lost in all, {} mistakes, {} blunders.",
        t.average_loss, t.decisions, t.forced, t.as_good, t.loss, t.mistakes, t.blunders
    );
    out
}
