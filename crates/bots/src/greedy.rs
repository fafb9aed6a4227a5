//! The greedy bot: the placement scoring the most points now.

use crate::Bot;
use triominos_core::rng::{below, seeded, ChaCha8Rng};
use triominos_core::{Action, Observation};

/// Plays the placement that scores the most points now (ties broken at random);
/// draws or passes only when it cannot place a tile.
pub struct Greedy {
    rng: ChaCha8Rng,
    buf: Vec<Action>,
}

impl Greedy {
    /// A greedy bot; the seed breaks ties.
    pub fn new(seed: u64) -> Greedy {
        Greedy { rng: seeded(seed), buf: Vec::new() }
    }
}

impl Bot for Greedy {
    fn name(&self) -> &str {
        "greedy"
    }

    fn choose(&mut self, obs: &Observation) -> Action {
        obs.legal_actions_into(&mut self.buf);
        let (best, _) = crate::best_placements(&self.buf, |p| obs.public().placement_score(p).points as f64);
        if !best.is_empty() {
            return best[below(&mut self.rng, best.len() as u32) as usize];
        }
        // No placement: draw if allowed, else pass.
        self.buf.iter().copied().find(|a| *a == Action::Draw).unwrap_or(Action::Pass)
    }
}
