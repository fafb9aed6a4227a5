//! Information-set Monte Carlo tree search (single-observer ISMCTS): the
//! search of the `mcts` level, Clever and Expert, the hints and the judge.
//!
//! Each iteration deals the tiles the bot cannot see at random, consistently
//! with what the players did ([`Observation::determinize_inferred`], from one
//! [`Observation::inference`] a decision), and in proportion to how likely
//! the players' choices this round were with the hands dealt (the soft
//! choice model of `choices`: at [`CHOICE_TEMPERATURE`] in the first round,
//! then at each player's temperature fitted to the finished rounds), walks
//! the shared tree choosing among the actions legal in that deal (UCB1 with
//! availability counts), adds [`EXPANSIONS`] nodes, each below the last,
//! plays on greedily (each move the placement scoring the most now) for
//! [`HORIZON`] moves or to the end of the round, and backs up each player's
//! reward (their round score so far against the best opponent's, counted
//! from the position searched, so the points of the moves on the tree path
//! count too, plus, where the round goes on, [`VALUE_WEIGHT`] times the
//! learned evaluation's share of the rest of the round, module
//! [`crate::value`]). With more than one thread, independent trees are searched in
//! parallel (root parallelism, rayon) and their root visit counts summed.
//! With a large budget ([`LARGE_BUDGET`] iterations or more, or a time
//! budget: the Expert level) the first round is dealt at the colder
//! [`EXPERT_CHOICE_TEMPERATURE`]: Expert's search.
//!
//! One concept a file: `config` (the two configurations the levels use),
//! `tree` (the node array, an iteration's walk, expansion and backup),
//! `playout` (the greedy playout and its reward), `bot` (the [`Mcts`] bot:
//! deals, threads, the decision). The hot loop allocates nothing per step:
//! the tree keeps its children as linked lists in one node array, and the
//! legal actions, the path and the marks of tried actions live in buffers
//! reused by every iteration. It carries no research variant: those, their
//! `mcts~KEY=VALUE` keys and the earlier versions `mcts-v1`..`mcts-v5` are
//! in the lab (module `lab`, cargo feature `lab`), whose baseline plays
//! exactly as this search.

mod bot;
mod config;
pub mod endgame;
mod playout;
mod tree;

pub use bot::{playouts_per_second, Mcts};
pub(crate) use config::Config;
pub(crate) use tree::Tree;

#[cfg(test)]
pub(crate) mod tests;

#[cfg(doc)]
use triominos_core::Observation;

/// Default playouts per decision when the budget names none.
pub const DEFAULT_ITERATIONS: u32 = 2_000;

/// Temperature (points) of the soft choice model `mcts` deals by
/// (module `choices`) in a game's first round: a player is taken to choose
/// a placement with a chance proportional to `exp(points /
/// CHOICE_TEMPERATURE)`. From the second round on, each player's own
/// temperature is fitted to their choices in the finished rounds.
pub const CHOICE_TEMPERATURE: f64 = 10.0;

/// Moves a playout of `mcts` plays before it scores the round so far and
/// adds the learned evaluation's reading of the rest ([`VALUE_WEIGHT`]): the
/// rest of a round, played greedily, adds about 70 points of spread to a
/// reward and nothing a decision can use (docs/research/notebook.md); four
/// moves and the evaluation replace the ten moves `mcts` played before
/// issue 49 (docs/research/learned-evaluation.md).
pub const HORIZON: u32 = 4;

/// Weight of the learned evaluation (module [`crate::value`]) where a
/// playout stops with the round still on: each seat's predicted share of
/// the rest of the round ([`crate::value::Model::seat_values`]), in points,
/// times this, is added to the points it gained before the reward is taken
/// (docs/bots-and-figures.md, issue 49).
pub const VALUE_WEIGHT: f64 = 2.0;

/// The most players a game may have for `mcts` to use the learned
/// evaluation ([`VALUE_WEIGHT`], [`HORIZON`]); with more it plays as before
/// issue 49 ([`LONG_HORIZON`] moves, no evaluation): at 3 players, Pressman,
/// `mcts@1000` with the evaluation read pair by pair won 53.9% of 180 games
/// against `greedy` and `heuristic` where the search without it won 63.3%
/// of the same games (docs/bots-and-figures.md).
pub const VALUE_PLAYERS: usize = 2;

/// Moves a playout plays without the evaluation (games of more than
/// [`VALUE_PLAYERS`] players, and the judge's search).
pub const LONG_HORIZON: u32 = 10;

/// Nodes an iteration of `mcts` adds to its tree, each below the last: the
/// tree's later plies (the searcher's own next moves above all) are worth
/// more than its first (a tree one ply deep won 46.8% against `mcts-v1`
/// where the whole tree won 59.1%), and three a playout grows them sooner.
pub const EXPANSIONS: u32 = 3;

/// Iterations a decision from which `mcts` searches as Expert does (the
/// first round dealt at [`EXPERT_CHOICE_TEMPERATURE`]); a time budget
/// (Expert's second) counts as large too.
pub const LARGE_BUDGET: u32 = 10_000;

/// Temperature (points) of the soft choice model in a game's first round for
/// `mcts` with a large budget ([`LARGE_BUDGET`]): colder than
/// [`CHOICE_TEMPERATURE`], so the deals lean harder on the points the
/// opponents' choices left on the board. At 10,000 iterations against `mcts`
/// at 1,000 it won 62.7% and 62.3% of two sets of 200 games where
/// [`CHOICE_TEMPERATURE`] won 58.2% and 56.5% (docs/research/notebook.md).
pub const EXPERT_CHOICE_TEMPERATURE: f64 = 5.0;
