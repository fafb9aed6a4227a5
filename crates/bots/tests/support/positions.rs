//! Positions for the search's tests, shared by the crate's unit tests
//! (`src/mcts/tests.rs`) and the integration tests (`tests/it/mcts.rs`), each
//! including this file with `#[path]`. The includer has the crate's
//! `make_bot`, `Bot` and `Budget` in scope (`crate::` or `triominos_bots::`).

use super::{make_bot, Bot, Budget};
use triominos_core::{Game, Preset, RuleSet};

/// Every decision of greedy games from `seeds` (2-player Goliath to 400) for
/// which `keep` says yes, with the game at that point, `max` at most.
pub fn positions(seeds: std::ops::Range<u64>, keep: impl Fn(&Game) -> bool, max: usize) -> Vec<Game> {
    let mut found = Vec::new();
    for seed in seeds {
        let mut game = Game::new(RuleSet::of(Preset::Goliath), 2, seed).unwrap();
        let mut bots: Vec<Box<dyn Bot>> =
            (0..2).map(|s| make_bot("greedy", seed * 2 + s, Budget::default()).unwrap()).collect();
        while !game.is_over() && found.len() < max {
            if game.is_round_over() {
                game.next_round().unwrap();
                continue;
            }
            if keep(&game) {
                found.push(game.clone());
            }
            let seat = game.to_move();
            let a = bots[seat as usize].choose(&game.observe(seat));
            game.play(a).unwrap();
        }
    }
    found
}
