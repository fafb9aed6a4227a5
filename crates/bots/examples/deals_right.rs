//! Probe: how many tiles of the hidden hand the deals get right. Plays `mcts`
//! against itself at 1,000 iterations (2-player Goliath), stops at
//! `PROBE_POSITIONS` positions (80 by default) of seat 0 three or more
//! placements into a round, and at each counts, over 1,000 deals, the mean
//! number of tiles of the opponent's true hand the deals hold: by the rules
//! alone, and by the soft choice model at a few temperatures (the fitted
//! ones, 2, 5 and 10). Prints one line a position and the means. Figures:
//! docs/research/notebook.md, "What the deals know".
//!
//! `cargo run --release -p triominos-bots --features lab --example deals_right`

use triominos_bots::lab::{fitted_temperatures, ModelDealer};
use triominos_bots::{make_bot, Bot, Budget};
use triominos_core::rng::seeded;
use triominos_core::{Game, Observation, Preset, RuleSet, TileSet, MAX_PLAYERS};

const DEALS: usize = 1000;

/// Mean tiles of `truth` held by the opponent's hand in `DEALS` deals.
fn right(mut deal: impl FnMut() -> Game, opp: usize, truth: TileSet) -> f64 {
    (0..DEALS).map(|_| deal().hands()[opp].intersection(truth).len() as f64).sum::<f64>() / DEALS as f64
}

fn main() {
    let keep: usize = std::env::var("PROBE_POSITIONS").ok().and_then(|v| v.parse().ok()).unwrap_or(80);
    let labels = ["rules", "fitted", "T=2", "T=5", "T=10"];
    let mut sums = vec![0.0; labels.len()];
    let mut n = 0;
    'games: for seed in 1..200u64 {
        let mut game = Game::new(RuleSet::of(Preset::Goliath), 2, seed).unwrap();
        let mut bots: Vec<Box<dyn Bot>> =
            (0..2).map(|s| make_bot("mcts", seed * 2 + s, Budget::iterations(1000)).unwrap()).collect();
        let mut here = 0;
        while !game.is_over() {
            if game.is_round_over() {
                game.next_round().unwrap();
                continue;
            }
            let seat = game.to_move();
            let obs: Observation = game.observe(seat);
            if seat == 0 && game.public().board().placements().len() / 2 >= 3 && here < 2 {
                here += 1;
                let truth = game.hands()[1];
                let mut rng = seeded(seed * 1000 + n as u64);
                let inference = obs.inference();
                let mut row = vec![right(|| obs.determinize_inferred(&mut rng, &inference), 1, truth)];
                let fitted = fitted_temperatures(&obs, 10.0);
                for temps in [fitted, [2.0; MAX_PLAYERS], [5.0; MAX_PLAYERS], [10.0; MAX_PLAYERS]] {
                    let dealer = ModelDealer::new(&obs, &temps, 4096, &mut rng);
                    row.push(right(|| dealer.deal(&obs, &mut rng), 1, truth));
                }
                println!("position {n} (round {}, {} hidden): {row:.3?}", game.public().round(), truth.len());
                for (s, r) in sums.iter_mut().zip(&row) {
                    *s += r;
                }
                n += 1;
                if n >= keep {
                    break 'games;
                }
            }
            let a = bots[seat as usize].choose(&obs);
            game.play(a).unwrap();
        }
    }
    for (label, s) in labels.iter().zip(sums) {
        println!("{label}: {:.3} tiles right a deal (mean of {n} positions)", s / n.max(1) as f64);
    }
}
