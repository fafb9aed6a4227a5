//! The paired-deal arena of `triominos arena`, without the command line's
//! build (the web server): `paired BOTS DEALS SEED [PRESET]`, each bot
//! `LEVEL@ITERATIONS` (one thread a game, the games on every core). Prints
//! each bot's win rate with its 95% interval and its average points. With
//! the feature `lab` it plays the lab's levels too, e.g. the exact endgames:
//!
//! `cargo run --release -p triominos-bots --features lab --example paired -- "mcts~g=100~i=1~t=10~l=10~a=1~n=3~eg=1@1000,mcts@1000" 100 1`

use triominos_bots::play::{arena, standings};
use triominos_bots::Budget;
use triominos_core::RuleSet;

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [bots, deals, seed, rest @ ..] = args.as_slice() else {
        return Err("usage: paired BOTS DEALS SEED [PRESET]".into());
    };
    let specs: Vec<String> = bots.split(',').map(str::to_string).collect();
    let deals: u64 = deals.parse().map_err(|e| format!("deals: {e}"))?;
    let seed: u64 = seed.parse().map_err(|e| format!("seed: {e}"))?;
    let rules = RuleSet::preset(rest.first().map_or("goliath", String::as_str)).map_err(|e| e.to_string())?;
    let t = std::time::Instant::now();
    let games = arena(rules, &specs, deals, seed, Budget::default(), &|_| {})?;
    for s in standings(&specs, &games) {
        println!(
            "{}: {:.1}% of {} games (95% CI {:.1}-{:.1}%), {:.0} points a game, {} forfeits",
            s.bot,
            100.0 * s.win_rate,
            s.games,
            100.0 * s.ci95.0,
            100.0 * s.ci95.1,
            s.avg_points,
            s.forfeits
        );
    }
    println!("{} games in {:.0} s", games.len(), t.elapsed().as_secs_f64());
    Ok(())
}
