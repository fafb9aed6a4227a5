//! `triominos selfplay` and `triominos arena`.

use crate::{out, rulesfile};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::json;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};
use triominos_bots::play::{arena, selfplay, standings, ArenaGame, GameResult};
use triominos_bots::Budget;

/// The help of `--bots`: the bots, the named levels people pick (from
/// `levels::NAMED`, so the list stays true), budgets and external bots.
fn bots_help() -> String {
    let named: Vec<String> = triominos_bots::levels::NAMED
        .iter()
        .map(|l| {
            let budget = match (l.budget.iterations, l.budget.time) {
                (Some(n), _) => format!("{} at {n} iterations", l.bot),
                (None, Some(t)) => format!("{} at {} ms a move", l.bot, t.as_millis()),
                (None, None) => l.bot.to_string(),
            };
            format!("{} ({budget})", l.id)
        })
        .collect();
    let lab = if cfg!(feature = "lab") {
        "; this build has the lab: mcts-v1..mcts-v5 (earlier versions of mcts) and mcts~KEY=VALUE~... (research variants)"
    } else {
        "; the lab's earlier versions and variants of mcts need a build with --features lab"
    };
    format!(
        "Bots, comma-separated, one per seat: {}; a named level: {}; or cmd:PROGRAM ARGS (docs/bot-protocol.md){lab}. \
         A searching bot may name its own budget after an @, overriding --iterations and --time-ms for that bot: \
         mcts@10000 (iterations a decision), mcts@1s or mcts@250ms (time a decision)",
        triominos_bots::LEVELS.join(", "),
        named.join(", ")
    )
}

/// Options shared by self-play and the arena.
#[derive(Args, Debug, Clone)]
pub struct Common {
    /// Bots, comma-separated, one per seat (the list is in `bots_help`).
    #[arg(long, default_value = "random,random", help = bots_help())]
    pub bots: String,
    /// A preset (goliath, pressman, dominos-triangles) or a TOML/JSON rules file.
    #[arg(long, default_value = "goliath")]
    pub ruleset: String,
    /// First deal seed; games use consecutive seeds.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (games in parallel); default: all cores.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Search iterations (playouts) per decision for the mcts levels (unless a bot names its own
    /// budget, e.g. mcts@10000).
    #[arg(long)]
    pub iterations: Option<u32>,
    /// Time per decision in milliseconds (mcts; the answer limit of external bots).
    #[arg(long)]
    pub time_ms: Option<u64>,
    /// Threads one mcts bot may use for a decision (root parallelism).
    #[arg(long, default_value_t = 1)]
    pub bot_threads: usize,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

/// `triominos selfplay`.
#[derive(Args, Debug, Clone)]
pub struct SelfplayArgs {
    #[command(flatten)]
    pub common: Common,
    /// Players (default: the number of bots given).
    #[arg(long)]
    pub players: Option<usize>,
    /// Games to play.
    #[arg(long, default_value_t = 100)]
    pub games: u64,
    /// Write every game as a .tri record into this folder.
    #[arg(long)]
    pub records: Option<PathBuf>,
}

/// `triominos arena`.
#[derive(Args, Debug, Clone)]
pub struct ArenaArgs {
    #[command(flatten)]
    pub common: Common,
    /// Paired deals; each is played once per seat rotation (games = deals x players).
    #[arg(long, default_value_t = 100)]
    pub deals: u64,
}

fn bar(total: u64, quiet: bool) -> ProgressBar {
    if quiet {
        return ProgressBar::hidden();
    }
    let pb = ProgressBar::new(total);
    pb.set_style(
        ProgressStyle::with_template("{elapsed_precise} [{bar:40}] {pos}/{len} games, {per_sec}, eta {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
    );
    pb
}

fn setup(c: &Common, players: Option<usize>) -> Result<(triominos_core::RuleSet, Vec<String>, Budget), String> {
    let rules = rulesfile::load(&c.ruleset)?;
    let mut specs: Vec<String> = c.bots.split(',').map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect();
    if specs.is_empty() {
        return Err("--bots needs at least one bot".into());
    }
    if let Some(n) = players {
        if n < specs.len() {
            return Err(format!("{} bots for {n} players", specs.len()));
        }
        let given = specs.clone();
        specs = (0..n).map(|i| given[i % given.len()].clone()).collect();
    }
    if !rules.allows_players(specs.len()) {
        return Err(format!(
            "{} players: {} allows {} to {}",
            specs.len(),
            rules.base_preset().name(),
            rules.min_players(),
            rules.max_players()
        ));
    }
    let budget =
        Budget { iterations: c.iterations, time: c.time_ms.map(Duration::from_millis), threads: c.bot_threads };
    Ok((rules, specs, budget))
}

fn pool(threads: Option<usize>) -> Result<rayon::ThreadPool, String> {
    let mut b = rayon::ThreadPoolBuilder::new();
    if let Some(t) = threads {
        b = b.num_threads(t.max(1));
    }
    b.build().map_err(|e| e.to_string())
}

/// Prints a usage or setup error as `COMMAND: error` and exits with code 2.
fn or_exit2(command: &str, r: Result<ExitCode, String>) -> ExitCode {
    r.unwrap_or_else(|e| {
        eprintln!("{command}: {e}");
        ExitCode::from(2)
    })
}

/// Runs self-play and prints its figures.
pub fn run_selfplay(a: SelfplayArgs) -> ExitCode {
    or_exit2("selfplay", selfplay_cmd(a))
}

fn selfplay_cmd(a: SelfplayArgs) -> Result<ExitCode, String> {
    let (rules, specs, budget) = setup(&a.common, a.players)?;
    if let Some(dir) = &a.records {
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    let pool = pool(a.common.threads)?;
    let pb = bar(a.games, a.common.quiet || a.games < 20);
    let records_dir = a.records.clone();
    let write_failed = std::sync::atomic::AtomicBool::new(false);
    let done = |r: &GameResult| {
        pb.inc(1);
        if let (Some(dir), Some(record)) = (&records_dir, &r.record) {
            let path = dir.join(format!("{}-{}p-{}.tri", rules.base_preset().name(), specs.len(), r.seed));
            let written = match record {
                Ok(text) => std::fs::write(&path, text).map_err(|e| e.to_string()),
                Err(e) => Err(e.to_string()),
            };
            if let Err(e) = written {
                pb.suspend(|| eprintln!("selfplay: cannot write {}: {e}", path.display()));
                write_failed.store(true, std::sync::atomic::Ordering::Relaxed);
            }
        }
    };
    let start = Instant::now();
    let results = pool.install(|| selfplay(rules, &specs, a.games, a.common.seed, budget, a.records.is_some(), &done));
    let secs = start.elapsed().as_secs_f64();
    pb.finish_and_clear();
    let results = results?;
    let rounds: u64 = results.iter().map(|r| r.rounds as u64).sum();
    let placements: u64 = results.iter().map(|r| r.placements).sum();
    let actions: u64 = results.iter().map(|r| r.actions).sum();
    let mut wins = vec![0.0; specs.len()];
    for r in &results {
        for &w in &r.winners {
            wins[w as usize] += 1.0 / r.winners.len() as f64;
        }
    }
    let threads = pool.current_num_threads();
    let mut text = String::new();
    if a.common.json {
        let v = json!({
            "ruleset": rules.base_preset().name(),
            "bots": specs,
            "games": results.len(),
            "rounds": rounds,
            "placements": placements,
            "actions": actions,
            "seconds": secs,
            "threads": threads,
            "games_per_second": results.len() as f64 / secs,
            "placements_per_second": placements as f64 / secs,
            "wins_by_seat": wins,
            "forfeits": results.iter().filter_map(|r| r.forfeit.as_ref().map(|f| json!({"seed": r.seed, "seat": f.0, "reason": f.1}))).collect::<Vec<_>>(),
        });
        text += &format!("{v}\n");
    } else {
        text +=
            &format!("ruleset      {} ({} players: {})\n", rules.base_preset().name(), specs.len(), specs.join(", "));
        text += &format!("games        {}\n", results.len());
        text += &format!("rounds       {rounds}\n");
        text += &format!("placements   {placements}\n");
        text += &format!("actions      {actions}\n");
        text += &format!("time         {secs:.3} s on {threads} threads\n");
        text += &format!("games/s      {:.1}\n", results.len() as f64 / secs);
        text += &format!("placements/s {:.0}\n", placements as f64 / secs);
        for (i, w) in wins.iter().enumerate() {
            text += &format!("seat {} {:10} wins {:.1}\n", i + 1, specs[i], w);
        }
        for r in &results {
            if let Some((seat, why)) = &r.forfeit {
                text += &format!("game {}: seat {} forfeits: {why}\n", r.seed, seat + 1);
            }
        }
    }
    let code =
        if write_failed.load(std::sync::atomic::Ordering::Relaxed) { ExitCode::from(1) } else { ExitCode::SUCCESS };
    Ok(out::emit(&text, code))
}

/// Runs the arena and prints the standings.
pub fn run_arena(a: ArenaArgs) -> ExitCode {
    or_exit2("arena", arena_cmd(a))
}

fn arena_cmd(a: ArenaArgs) -> Result<ExitCode, String> {
    let (rules, specs, budget) = setup(&a.common, None)?;
    let pool = pool(a.common.threads)?;
    let total = a.deals * specs.len() as u64;
    let pb = bar(total, a.common.quiet);
    let done = |g: &ArenaGame| {
        pb.inc(1);
        if let Some((seat, why)) = &g.result.forfeit {
            pb.suspend(|| eprintln!("arena: deal {} seat {} forfeits: {why}", g.result.seed, seat + 1));
        }
    };
    let start = Instant::now();
    let games = pool.install(|| arena(rules, &specs, a.deals, a.common.seed, budget, &done));
    let secs = start.elapsed().as_secs_f64();
    pb.finish_and_clear();
    let games = games?;
    let table = standings(&specs, &games);
    let mut text = String::new();
    if a.common.json {
        let v = json!({
            "ruleset": rules.base_preset().name(),
            "options": rules.overrides().into_iter().collect::<std::collections::BTreeMap<_, _>>(),
            "deals": a.deals,
            "games": games.len(),
            "seconds": secs,
            "iterations": a.common.iterations,
            "bots": table.iter().map(|s| json!({
                "bot": s.bot, "games": s.games, "wins": s.wins, "win_rate": s.win_rate,
                "ci95": [s.ci95.0, s.ci95.1], "avg_points": s.avg_points, "elo": s.elo, "forfeits": s.forfeits,
            })).collect::<Vec<_>>(),
        });
        text += &format!("{v}\n");
    } else {
        text += &format!(
            "{} games ({} paired deals x {} seatings), {}, {:.1} s\n",
            games.len(),
            a.deals,
            specs.len(),
            rules.base_preset().name(),
            secs
        );
        text += &format!(
            "{:<24} {:>6} {:>8} {:>9} {:>17} {:>10} {:>7} {:>8}\n",
            "bot", "games", "wins", "win rate", "95% CI", "avg pts", "elo", "forfeit"
        );
        for s in &table {
            text += &format!(
                "{:<24} {:>6} {:>8.1} {:>8.1}% {:>7.1}% - {:>5.1}% {:>10.1} {:>7.0} {:>8}\n",
                s.bot,
                s.games,
                s.wins,
                100.0 * s.win_rate,
                100.0 * s.ci95.0,
                100.0 * s.ci95.1,
                s.avg_points,
                s.elo,
                s.forfeits
            );
        }
    }
    Ok(out::emit(&text, ExitCode::SUCCESS))
}
