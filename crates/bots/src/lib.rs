#![doc = include_str!("../README.md")]
#![deny(missing_docs)]

use std::time::Duration;
use triominos_core::rng::{below, seeded, ChaCha8Rng};
use triominos_core::{Action, Observation, Placement};

mod choices;
pub mod external;
mod greedy;
mod heuristic;
pub mod judge;
#[cfg(feature = "lab")]
pub mod lab;
pub mod ladder;
pub mod levels;
pub mod mcts;
pub mod play;
pub mod ratings;
pub mod review;
pub mod value;

pub use greedy::Greedy;
pub use heuristic::Heuristic;
pub use mcts::Mcts;

/// How long a bot may think.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// Search iterations (playouts) per decision, for searching bots.
    pub iterations: Option<u32>,
    /// Wall-clock time per decision, for searching bots.
    pub time: Option<Duration>,
    /// Threads a searching bot may use (0 or 1: one).
    pub threads: usize,
}

impl Budget {
    /// A fixed number of iterations per decision (reproducible play).
    pub fn iterations(n: u32) -> Budget {
        Budget { iterations: Some(n), ..Budget::default() }
    }
}

/// A player that chooses actions from what it may see.
pub trait Bot: Send {
    /// The bot's level name.
    fn name(&self) -> &str;
    /// Chooses a legal action for the observer, whose turn it is.
    fn choose(&mut self, obs: &Observation) -> Action;
    /// Like [`Bot::choose`], but may fail (an external bot that crashed, hung
    /// or answered something illegal); the arena scores a failure as a forfeit.
    fn try_choose(&mut self, obs: &Observation) -> Result<Action, String> {
        Ok(self.choose(obs))
    }
    /// Told once at the end of each game, from the bot's seat.
    fn game_over(&mut self, _obs: &Observation) {}
}

/// The bots, weakest first, by the names the arena and stored games use.
/// People pick among the named levels of [`levels::NAMED`] (Beginner to
/// Expert), each one of these bots with a budget.
pub const LEVELS: [&str; 4] = ["random", "greedy", "heuristic", "mcts"];

/// A bot of the given level, seeded for reproducible play: one of [`LEVELS`]
/// with `budget`, or the id of a named level ([`levels::NAMED`], e.g.
/// `expert`), which brings its own budget (`budget` is then ignored), or
/// `judge`, which plays the judge's hint at every decision
/// ([`judge::HintBot`], for measuring the hints; not a level). Built with the
/// feature `lab`, also the lab's earlier versions (`mcts-v1`..`mcts-v5`) and
/// research variants (`mcts~KEY=VALUE...`); without it, those are refused
/// with a message that says how to build them.
pub fn make_bot(level: &str, seed: u64, budget: Budget) -> Result<Box<dyn Bot>, String> {
    if let Some(named) = levels::named(level) {
        return make_bot(named.bot, seed, named.budget);
    }
    #[cfg(feature = "lab")]
    if let Some(bot) = lab::make_bot(level, seed, budget) {
        return bot;
    }
    match level {
        "random" => Ok(Box::new(RandomBot::new(seed))),
        "greedy" => Ok(Box::new(Greedy::new(seed))),
        "heuristic" => Ok(Box::new(Heuristic::new(seed))),
        "mcts" => Ok(Box::new(Mcts::new(seed, budget, budget.threads))),
        // Follows the judge's hints (for measuring them); not a level.
        "judge" => Ok(Box::new(judge::HintBot::new(seed, judge::Settings::DEFAULT))),
        _ if is_lab_level(level) => Err(format!(
            "bot level {level:?} is one of the lab's (earlier versions and research variants of mcts): \
             build with the feature `lab` (cargo build --release -p triominos --features lab)"
        )),
        _ => Err(format!(
            "unknown bot level {level:?} (expected one of {}, or a named level: {})",
            LEVELS.join(", "),
            levels::NAMED.map(|l| l.id).join(", "),
        )),
    }
}

/// Whether `level` names one of the lab's bots (`mcts-vN`, `mcts~...`).
fn is_lab_level(level: &str) -> bool {
    level.starts_with("mcts~") || level.strip_prefix("mcts-v").is_some_and(|v| v.parse::<u32>().is_ok())
}

/// The placements among `legal` with the highest `score` (all of them on a
/// tie, within 1e-9), and that score; empty with -inf when there is none.
pub(crate) fn best_placements(legal: &[Action], mut score: impl FnMut(Placement) -> f64) -> (Vec<Action>, f64) {
    let mut best: Vec<Action> = Vec::new();
    let mut best_score = f64::NEG_INFINITY;
    for &a in legal {
        if let Action::Play { placement: p, .. } = a {
            let s = score(p);
            if s > best_score + 1e-9 {
                best_score = s;
                best.clear();
            }
            if (s - best_score).abs() <= 1e-9 {
                best.push(a);
            }
        }
    }
    (best, best_score)
}

/// Plays a uniformly random legal action.
pub struct RandomBot {
    rng: ChaCha8Rng,
    buf: Vec<Action>,
}

impl RandomBot {
    /// A random bot with its own seeded generator.
    pub fn new(seed: u64) -> RandomBot {
        RandomBot { rng: seeded(seed), buf: Vec::new() }
    }
}

impl Bot for RandomBot {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, obs: &Observation) -> Action {
        obs.legal_actions_into(&mut self.buf);
        match self.buf.len() {
            0 => Action::Pass,
            n => self.buf[below(&mut self.rng, n as u32) as usize],
        }
    }
}
