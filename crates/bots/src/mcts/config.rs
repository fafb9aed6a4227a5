//! The search's configuration: the few numbers the levels set, and the two
//! configurations they use (`mcts` and Expert's search).

use super::{
    CHOICE_TEMPERATURE, DEFAULT_ITERATIONS, EXPANSIONS, EXPERT_CHOICE_TEMPERATURE, HORIZON, LARGE_BUDGET, LONG_HORIZON,
    VALUE_PLAYERS, VALUE_WEIGHT,
};
use crate::Budget;

/// How the search plays and scores.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Config {
    /// Exploration constant of UCB1.
    pub c: f64,
    /// Round-score margin that counts as a sure win of the playout.
    pub scale: f64,
    /// Moves a playout plays before it stops and scores the round so far.
    pub horizon: u32,
    /// Nodes an iteration adds to the tree, each below the last, before its playout.
    pub expansions: u32,
    /// The temperature (points) of the soft choice model in a game's first
    /// round; later each player's own, fitted to the finished rounds.
    pub choice_temperature: f64,
    /// Weight of the learned evaluation where a playout stops with the
    /// round on (0: the round's points alone).
    pub value: f64,
}

impl Config {
    /// `mcts`: the search of every budget below [`LARGE_BUDGET`].
    pub const CURRENT: Config = Config {
        c: 0.7,
        scale: 60.0,
        horizon: HORIZON,
        expansions: EXPANSIONS,
        choice_temperature: CHOICE_TEMPERATURE,
        value: VALUE_WEIGHT,
    };
    /// Expert's search: [`Config::CURRENT`] dealing the first round at
    /// [`EXPERT_CHOICE_TEMPERATURE`].
    pub const EXPERT: Config = Config { choice_temperature: EXPERT_CHOICE_TEMPERATURE, ..Config::CURRENT };

    /// The judge's search (module `judge`: hints, the game review, puzzle
    /// hints): Expert's search as it was before issue 49, playouts of 10
    /// moves and no learned evaluation. The judge's thresholds and its
    /// standard errors were measured with it; with the evaluation's search
    /// its samples (the points where an iteration stopped, with or without
    /// the evaluation added once) found nothing to improve in some of a
    /// random player's games at the tests' budget (`tests/review.rs`).
    pub const JUDGE: Config = Config { horizon: LONG_HORIZON, value: 0.0, ..Config::EXPERT };

    /// This configuration for a game of `players`: without the learned
    /// evaluation, and with [`LONG_HORIZON`]-move playouts, beyond
    /// [`VALUE_PLAYERS`] players.
    pub fn for_players(self, players: usize) -> Config {
        if players > VALUE_PLAYERS && self.value != 0.0 {
            Config { horizon: LONG_HORIZON, value: 0.0, ..self }
        } else {
            self
        }
    }

    /// The configuration of `mcts` for a budget: [`Config::EXPERT`] for a
    /// large one ([`LARGE_BUDGET`] iterations or more, or time without an
    /// iteration cap), else [`Config::CURRENT`].
    pub fn for_budget(budget: Budget) -> Config {
        if iteration_cap(budget) >= LARGE_BUDGET {
            Config::EXPERT
        } else {
            Config::CURRENT
        }
    }
}

/// The most iterations a decision of `budget` searches: its own cap, none
/// (`u32::MAX`) for a time budget without one, else [`DEFAULT_ITERATIONS`].
pub(crate) fn iteration_cap(budget: Budget) -> u32 {
    budget.iterations.unwrap_or(if budget.time.is_some() { u32::MAX } else { DEFAULT_ITERATIONS })
}
