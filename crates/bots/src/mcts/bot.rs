//! The [`Mcts`] bot: a decision's deals (the inference and the soft choice
//! model, once a decision), its trees (one a thread) and its choice.

use super::config::iteration_cap;
use super::{Config, Tree, CHOICE_TEMPERATURE};
use crate::choices::{ChoiceModel, Resampler};
use crate::{Bot, Budget};
use rayon::prelude::*;
use std::time::Instant;
use triominos_core::rng::{seeded, ChaCha8Rng};
use triominos_core::{Action, Observation, MAX_PLAYERS};

/// The ISMCTS bot (level `mcts`; Clever and Expert are it with a budget).
pub struct Mcts {
    rng: ChaCha8Rng,
    budget: Budget,
    threads: usize,
    pub(super) cfg: Config,
    /// The players' fitted temperatures, and the position in the event log
    /// of the round end they were fitted after.
    pub(super) fitted: Option<(usize, [f64; MAX_PLAYERS])>,
}

impl Mcts {
    /// An ISMCTS bot with a budget (iterations and/or time per decision) and a
    /// number of threads (root parallelism; 1 = single tree). With a large
    /// budget ([`super::LARGE_BUDGET`] iterations or more, or a time budget
    /// without an iteration cap, as the Expert level's second) it is Expert's
    /// search: it deals a game's first round at
    /// [`super::EXPERT_CHOICE_TEMPERATURE`] instead of [`CHOICE_TEMPERATURE`].
    pub fn new(seed: u64, budget: Budget, threads: usize) -> Mcts {
        Mcts::with_config(seed, budget, threads, Config::for_budget(budget))
    }

    pub(crate) fn with_config(seed: u64, budget: Budget, threads: usize, cfg: Config) -> Mcts {
        Mcts { rng: seeded(seed), budget, threads: threads.max(1), cfg, fitted: None }
    }

    /// Searches one tree of `iterations` (or until `deadline`) from `obs`,
    /// its deals resampled by `model`; returns its root statistics.
    fn search(
        obs: &Observation,
        seed: u64,
        iterations: u32,
        deadline: Option<Instant>,
        cfg: Config,
        model: &ChoiceModel,
    ) -> Vec<(Action, u32, f64)> {
        let mut tree = Tree::new(cfg, iterations.min(200_000) as usize);
        let mut rng = seeded(seed);
        let inference = obs.inference();
        let resampler = (!model.is_empty()).then(|| {
            let candidates = iterations.clamp(256, 4096) as usize;
            Resampler::new(obs, &inference, model, candidates, &mut rng)
        });
        for i in 0..iterations {
            if i % 64 == 0 && deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            let g = match &resampler {
                Some(r) => r.deal(obs, &inference, &mut rng),
                None => obs.determinize_inferred(&mut rng, &inference),
            };
            tree.iterate(g, &mut rng);
        }
        tree.root_stats()
    }

    /// Searches the observer's position with the bot's budget and returns,
    /// for every legal action, the root statistics summed over the threads'
    /// trees: `(action, visits, mean reward)`, most visited first (ties in
    /// the order of legal actions). The mean reward is in 0..1 from the
    /// observer's point of view (about their chance to do better than the
    /// best opponent); an action the search never tried has 0 visits and a
    /// mean of 0. Empty when it is not the observer's turn. [`Bot::choose`]
    /// plays the first entry.
    pub fn analyse(&mut self, obs: &Observation) -> Vec<(Action, u32, f64)> {
        let legal = obs.legal_actions();
        if legal.is_empty() {
            return Vec::new();
        }
        let iterations = iteration_cap(self.budget);
        let deadline = self.budget.time.map(|t| Instant::now() + t);
        let (threads, cfg) = (self.threads, self.cfg.for_players(obs.public().players()));
        // The choice model once a decision, shared by the threads' trees.
        let model = ChoiceModel::new(obs, &self.temperatures(obs));
        let seeds: Vec<u64> = (0..threads).map(|_| self.rng_next()).collect();
        let per_tree = iterations.div_ceil(threads as u32);
        let results: Vec<Vec<(Action, u32, f64)>> = if threads > 1 {
            seeds.par_iter().map(|&s| Mcts::search(obs, s, per_tree, deadline, cfg, &model)).collect()
        } else {
            vec![Mcts::search(obs, seeds[0], per_tree, deadline, cfg, &model)]
        };
        // (action, visits, reward sum)
        let mut totals: Vec<(Action, u64, f64)> = legal.iter().map(|&a| (a, 0, 0.0)).collect();
        for r in results {
            for (a, v, mean) in r {
                if let Some(t) = totals.iter_mut().find(|t| t.0 == a) {
                    t.1 += v as u64;
                    t.2 += mean * v as f64;
                }
            }
        }
        let mut out: Vec<(Action, u32, f64)> = totals
            .into_iter()
            .map(|(a, v, sum)| (a, v.min(u32::MAX as u64) as u32, if v > 0 { sum / v as f64 } else { 0.0 }))
            .collect();
        // Stable: ties keep the order of legal actions.
        out.sort_by_key(|t| std::cmp::Reverse(t.1));
        out
    }

    /// Each player's temperature for the soft choice model: the
    /// configuration's in a game's first round, then each player's fitted to
    /// the game's finished rounds (once a round, kept until the next round
    /// ends).
    pub(super) fn temperatures(&mut self, obs: &Observation) -> [f64; MAX_PLAYERS] {
        let default = [self.cfg.choice_temperature; MAX_PLAYERS];
        let events = obs.public().events();
        let Some(end) = events.iter().rposition(|e| matches!(e, triominos_core::Event::RoundEnded { .. })) else {
            return default;
        };
        match self.fitted {
            Some((at, temps)) if at == end => temps,
            _ => {
                let temps = crate::choices::fit_temperatures(obs, self.cfg.choice_temperature);
                self.fitted = Some((end, temps));
                temps
            }
        }
    }

    fn rng_next(&mut self) -> u64 {
        use rand_core::Rng;
        self.rng.next_u64()
    }
}

impl Bot for Mcts {
    fn name(&self) -> &str {
        "mcts"
    }

    fn choose(&mut self, obs: &Observation) -> Action {
        let legal = obs.legal_actions();
        match legal.len() {
            0 => return Action::Pass,
            1 => return legal[0],
            _ => {}
        }
        self.analyse(obs).first().map_or(legal[0], |s| s.0)
    }
}

/// Playouts per second of the search on one core, measured over `iterations`
/// from a fixed position (for `selfplay --json` and docs).
pub fn playouts_per_second(obs: &Observation, iterations: u32) -> f64 {
    let t = Instant::now();
    let model = ChoiceModel::new(obs, &[CHOICE_TEMPERATURE; MAX_PLAYERS]);
    Mcts::search(obs, 1, iterations, None, Config::CURRENT, &model);
    iterations as f64 / t.elapsed().as_secs_f64()
}
