//! Prints seat 0's hand for pressman, 2 players, seed 2026 (the pinned deal in tests/data).
use triominos_core::{Game, RuleSet};
fn main() {
    let g = Game::new(RuleSet::preset("pressman").unwrap(), 2, 2026).unwrap();
    let hand: Vec<String> = g.hand(0).unwrap().iter().map(|t| t.to_string()).collect();
    println!("{}", hand.join(" "));
}
