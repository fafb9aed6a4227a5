//! Probe: what knowing the hidden tiles would be worth. A search that deals
//! every iteration from the truth (the lab's `mcts` configuration,
//! `analyse_dealt`) plays `mcts` at 1,000 iterations on paired deals of
//! 2-player Goliath to 400 (`PROBE_DEALS`, 50 by default, from seed
//! `PROBE_SEED`, 1; each deal played once per seating), both at
//! `PROBE_ITERATIONS` (1,000). With `PROBE_HANDS_ONLY=1` the oracle knows
//! the hands but not the pool's order (shuffled anew each iteration): what
//! dealing the hands right could be worth at most. Prints the oracle's share
//! of the wins. Figures: docs/research/notebook.md, "What the deals know".
//!
//! `cargo run --release -p triominos-bots --features lab --example oracle`

use rayon::prelude::*;
use triominos_bots::lab::{Config, Mcts as LabMcts};
use triominos_bots::{Bot, Budget, Mcts};
use triominos_core::rng::{below, ChaCha8Rng};
use triominos_core::{Game, Preset, RuleSet};

fn env(key: &str, default: u64) -> u64 {
    std::env::var(key).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn main() {
    let (deals, seed, iterations) = (env("PROBE_DEALS", 50), env("PROBE_SEED", 1), env("PROBE_ITERATIONS", 1000));
    let hands_only = env("PROBE_HANDS_ONLY", 0) != 0;
    let budget = Budget::iterations(iterations as u32);
    let jobs: Vec<(u64, u8)> = (0..deals).flat_map(|d| [(seed + d, 0u8), (seed + d, 1u8)]).collect();
    let wins: Vec<f64> = jobs
        .par_iter()
        .map(|&(deal, oracle)| {
            let mut game = Game::new(RuleSet::of(Preset::Goliath), 2, deal).unwrap();
            let mut searcher = LabMcts::with_config(deal * 31 + 7, budget, 1, Config::CURRENT, "oracle");
            let mut other = Mcts::new(deal * 31 + oracle as u64, budget, 1);
            while !game.is_over() {
                if game.is_round_over() {
                    game.next_round().unwrap();
                    continue;
                }
                let seat = game.to_move();
                let obs = game.observe(seat);
                let a = if seat == oracle {
                    let (hands, pool): (Vec<_>, Vec<_>) = (game.hands().to_vec(), game.pool().collect());
                    let truth = |rng: &mut ChaCha8Rng| {
                        let mut pool = pool.clone();
                        if hands_only {
                            for i in (1..pool.len()).rev() {
                                pool.swap(i, below(rng, (i + 1) as u32) as usize);
                            }
                        }
                        obs.determinize_from(rng, &hands, &pool).expect("the true deal fits the observation")
                    };
                    let stats = searcher.analyse_dealt(&obs, Some(&truth));
                    stats.first().map_or(obs.legal_actions()[0], |s| s.0)
                } else {
                    other.choose(&obs)
                };
                game.play(a).unwrap();
            }
            let w = game.winners();
            if w.contains(oracle) {
                1.0 / w.len() as f64
            } else {
                0.0
            }
        })
        .collect();
    println!(
        "oracle{}@{iterations} against mcts@{iterations}: {:.1}% of {} games (deals {seed}..)",
        if hands_only { " (hands only)" } else { "" },
        100.0 * wins.iter().sum::<f64>() / wins.len() as f64,
        wins.len()
    );
}
