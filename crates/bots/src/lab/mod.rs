//! The research lab (cargo feature `lab`): what the shipped bot does not
//! carry. The search with every variant measured so far ([`search::Config`],
//! reachable from the arena as `mcts~KEY=VALUE~...`), the earlier versions of
//! `mcts` (`mcts-v1`..`mcts-v5`), and what the probes of `examples/` need.
//! The notebook of what was measured is docs/research/notebook.md.
//!
//! Build the command line with it to measure a variant:
//!
//! ```text
//! cargo build --release -p triominos --features lab
//! target/release/triominos arena --bots "mcts~g=100~i=1~t=10~l=10~a=1~n=3~ra=300@1000,mcts@1000" --deals 100 --seed 1
//! ```

use crate::{Bot, Budget};

pub mod search;

pub use search::{Config, Mcts};

/// The earlier versions of `mcts`, kept so the arena can compare: `mcts-v1`
/// is the first version of `mcts` (its reward left out the points scored on
/// the tree path), `mcts-v2` the second (the reward fixed; playouts 80%
/// greedy, 20% random; hidden tiles dealt uniformly, without the inference
/// from draws and passes), `mcts-v3` the third (every playout move greedy,
/// the inference deal, but playouts to the end of the round instead of
/// `mcts`'s horizon), `mcts-v4` the fourth (the horizon, but every hand the
/// rules allow dealt alike, without the soft choice model), `mcts-v5` the
/// fifth (the soft choice model, one node added to the tree an iteration).
pub const PREVIOUS_LEVELS: [&str; 5] = ["mcts-v1", "mcts-v2", "mcts-v3", "mcts-v4", "mcts-v5"];

/// The lab's bot of `level` (one of [`PREVIOUS_LEVELS`] or `mcts~KEY=VALUE...`),
/// `None` for a level that is not the lab's.
pub fn make_bot(level: &str, seed: u64, budget: Budget) -> Option<Result<Box<dyn Bot>, String>> {
    let t = budget.threads;
    let bot: Box<dyn Bot> = match level {
        "mcts-v1" => Box::new(Mcts::v1(seed, budget, t)),
        "mcts-v2" => Box::new(Mcts::v2(seed, budget, t)),
        "mcts-v3" => Box::new(Mcts::v3(seed, budget, t)),
        "mcts-v4" => Box::new(Mcts::v4(seed, budget, t)),
        "mcts-v5" => Box::new(Mcts::v5(seed, budget, t)),
        _ if level.starts_with("mcts-v") => {
            return Some(Err(format!(
                "unknown earlier version {level:?} (expected one of {})",
                PREVIOUS_LEVELS.join(", ")
            )))
        }
        _ => {
            let keys = level.strip_prefix("mcts~")?;
            return Some(
                Config::parse(keys).map(|cfg| Box::new(Mcts::with_config(seed, budget, t, cfg, level)) as Box<dyn Bot>),
            );
        }
    };
    Some(Ok(bot))
}

/// Deals of the observer's unseen tiles as `mcts` deals them (the rules'
/// inference, resampled by the soft choice model at `temperatures`), for the
/// probes of `examples/` that count what the deals get right.
pub struct ModelDealer {
    inference: triominos_core::Inference,
    resampler: Option<crate::choices::Resampler>,
}

impl ModelDealer {
    /// The dealer of `obs` at these temperatures, from `candidates` deals
    /// weighed once (none when nobody has chosen yet this round: the rules'
    /// deals then).
    pub fn new(
        obs: &triominos_core::Observation,
        temperatures: &[f64; triominos_core::MAX_PLAYERS],
        candidates: usize,
        rng: &mut triominos_core::rng::ChaCha8Rng,
    ) -> ModelDealer {
        let inference = obs.inference();
        let model = crate::choices::ChoiceModel::new(obs, temperatures);
        let resampler =
            (!model.is_empty()).then(|| crate::choices::Resampler::new(obs, &inference, &model, candidates, rng));
        ModelDealer { inference, resampler }
    }

    /// One deal: the observer's position with the unseen tiles dealt.
    pub fn deal(
        &self,
        obs: &triominos_core::Observation,
        rng: &mut triominos_core::rng::ChaCha8Rng,
    ) -> triominos_core::Game {
        match &self.resampler {
            Some(r) => r.deal(obs, &self.inference, rng),
            None => obs.determinize_inferred(rng, &self.inference),
        }
    }
}

/// Each player's temperature fitted to their choices in the game's finished
/// rounds, `default` for those without enough (what `mcts` deals by from
/// the second round).
pub fn fitted_temperatures(obs: &triominos_core::Observation, default: f64) -> [f64; triominos_core::MAX_PLAYERS] {
    crate::choices::fit_temperatures(obs, default)
}
