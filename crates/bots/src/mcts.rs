//! Information-set Monte Carlo tree search (single-observer ISMCTS).
//!
//! Each iteration deals the tiles the bot cannot see at random
//! ([`Observation::determinize_for_search`]), walks the shared tree choosing
//! among the actions legal in that deal (UCB1 with availability counts),
//! expands one node, plays the round out with a fast policy, and backs up each
//! player's reward (their round score against the best opponent's, counted
//! from the position searched, so the points of the moves on the tree path
//! count too). With more than one thread, independent trees are searched in
//! parallel (root parallelism, rayon) and their root visit counts summed.
//!
//! [`Mcts::v1`] is the previous version (level `mcts-v1`), kept so the arena
//! can compare: its reward counted only the points scored in the playout,
//! after the tree walk, so a move's own points, and going out, counted for
//! nothing.

use crate::{Bot, Budget};
use rayon::prelude::*;
use std::time::Instant;
use triominos_core::rng::{below, seeded, ChaCha8Rng};
use triominos_core::{Action, Game, Observation, Phase};

/// Default playouts per decision when the budget names none.
pub const DEFAULT_ITERATIONS: u32 = 2_000;

struct Node {
    action: Option<Action>,
    /// Who took `action` (rewards are from their point of view).
    player: u8,
    visits: u32,
    avail: u32,
    reward: f64,
    children: Vec<u32>,
}

struct Tree {
    nodes: Vec<Node>,
    /// The previous version's reward: round points counted from the end of
    /// the tree walk instead of from the searched position.
    v1: bool,
}

/// Share of playout moves that take the best immediate score (the rest are random placements).
const GREEDY_PERCENT: u32 = 80;
/// Exploration constant of UCB1.
const C: f64 = 0.7;
/// Round-score margin that counts as a sure win of the playout.
const SCALE: f64 = 60.0;

impl Tree {
    fn new(v1: bool) -> Tree {
        Tree {
            nodes: vec![Node { action: None, player: 0, visits: 0, avail: 0, reward: 0.0, children: Vec::new() }],
            v1,
        }
    }

    /// One iteration from a determinized game.
    fn iterate(&mut self, mut g: Game, rng: &mut ChaCha8Rng, legal: &mut Vec<Action>) {
        // The rewards count the round's points from here, the searched
        // position, so that the moves of the tree path count.
        let start = (!self.v1).then(|| round_points(&g));
        let mut path: Vec<u32> = vec![0];
        let mut node = 0u32;
        loop {
            if g.public().phase() != Phase::Playing {
                break;
            }
            g.legal_actions_into(legal);
            let children = &self.nodes[node as usize].children;
            let untried: Vec<Action> = legal
                .iter()
                .copied()
                .filter(|a| !children.iter().any(|&c| self.nodes[c as usize].action == Some(*a)))
                .collect();
            let mover = g.to_move();
            if !untried.is_empty() {
                let a = untried[below(rng, untried.len() as u32) as usize];
                g.play_unchecked(a);
                let id = self.nodes.len() as u32;
                self.nodes.push(Node {
                    action: Some(a),
                    player: mover,
                    visits: 0,
                    avail: 1,
                    reward: 0.0,
                    children: Vec::new(),
                });
                self.nodes[node as usize].children.push(id);
                path.push(id);
                break;
            }
            // Select among the children whose action is legal in this deal.
            let mut best = u32::MAX;
            let mut best_value = f64::NEG_INFINITY;
            for &c in &self.nodes[node as usize].children.clone() {
                let n = &mut self.nodes[c as usize];
                let a = match n.action {
                    Some(a) => a,
                    None => continue,
                };
                if !legal.contains(&a) {
                    continue;
                }
                n.avail += 1;
                let v = n.reward / n.visits.max(1) as f64 + C * ((n.avail as f64).ln() / n.visits.max(1) as f64).sqrt();
                if v > best_value {
                    best_value = v;
                    best = c;
                }
            }
            if best == u32::MAX {
                break;
            }
            let a = self.nodes[best as usize].action.unwrap_or(Action::Pass);
            g.play_unchecked(a);
            node = best;
            path.push(best);
        }
        let start = start.unwrap_or_else(|| round_points(&g));
        let rewards = playout(&mut g, rng, legal, &start);
        for id in path {
            let n = &mut self.nodes[id as usize];
            n.visits += 1;
            n.reward += rewards[n.player as usize];
        }
    }
}

/// Each seat's points this round so far (0 for the seats beyond the players).
fn round_points(g: &Game) -> [i32; 6] {
    let mut out = [0; 6];
    for (o, p) in out.iter_mut().zip(g.public().round_points()) {
        *o = *p;
    }
    out
}

/// Plays the round out: most of the time the placement scoring most now, else a
/// random placement; draw or pass only without a placement. Returns each seat's
/// reward in 0..1: the round's points since `start` against the best
/// opponent's, or 1 / 0 for a game won / lost.
fn playout(g: &mut Game, rng: &mut ChaCha8Rng, legal: &mut Vec<Action>, start: &[i32; 6]) -> [f64; 6] {
    let round = g.public().round();
    let mut guard = 0;
    while g.public().phase() == Phase::Playing && g.public().round() == round && guard < 2_000 {
        guard += 1;
        g.legal_actions_into(legal);
        let plays = legal.iter().filter(|a| matches!(a, Action::Play { .. })).count();
        let a = if plays == 0 {
            legal[0]
        } else if below(rng, 100) < GREEDY_PERCENT {
            // The placement scoring most now (first found on ties).
            let mut best = legal[0];
            let mut best_points = i32::MIN;
            for &a in legal.iter() {
                if let Action::Play { placement: p, .. } = a {
                    let pts = g.placement_score(p).points;
                    if pts > best_points {
                        best_points = pts;
                        best = a;
                    }
                }
            }
            best
        } else {
            let pick = below(rng, plays as u32) as usize;
            legal.iter().copied().filter(|a| matches!(a, Action::Play { .. })).nth(pick).unwrap_or(legal[0])
        };
        g.play_unchecked(a);
    }
    let pts = g.public().round_points();
    let n = pts.len();
    let mut out = [0.5; 6];
    for p in 0..n {
        let mine = pts[p] - start[p];
        let best_other = (0..n).filter(|&q| q != p).map(|q| pts[q] - start[q]).max().unwrap_or(0);
        out[p] = (0.5 + (mine - best_other) as f64 / (2.0 * SCALE)).clamp(0.0, 1.0);
    }
    // Winning the game outright is worth the most.
    if g.is_over() {
        for (p, r) in out.iter_mut().enumerate().take(n) {
            *r = if g.winners().contains(p as u8) { 1.0 } else { 0.0 };
        }
    }
    out
}

/// The ISMCTS bot.
pub struct Mcts {
    rng: ChaCha8Rng,
    budget: Budget,
    threads: usize,
    v1: bool,
}

impl Mcts {
    /// An ISMCTS bot with a budget (iterations and/or time per decision) and a
    /// number of threads (root parallelism; 1 = single tree).
    pub fn new(seed: u64, budget: Budget, threads: usize) -> Mcts {
        Mcts { rng: seeded(seed), budget, threads: threads.max(1), v1: false }
    }

    /// The previous version of the search (level `mcts-v1`), for the arena to
    /// compare with: it counts only the points scored after the tree walk.
    pub fn v1(seed: u64, budget: Budget, threads: usize) -> Mcts {
        Mcts { v1: true, ..Mcts::new(seed, budget, threads) }
    }

    fn search(
        obs: &Observation,
        seed: u64,
        iterations: u32,
        deadline: Option<Instant>,
        v1: bool,
    ) -> Vec<(Action, u32)> {
        let mut rng = seeded(seed);
        let mut tree = Tree::new(v1);
        let mut legal = Vec::with_capacity(128);
        for i in 0..iterations {
            if i % 64 == 0 {
                if let Some(d) = deadline {
                    if Instant::now() >= d {
                        break;
                    }
                }
            }
            let g = obs.determinize_for_search(&mut rng);
            tree.iterate(g, &mut rng, &mut legal);
        }
        tree.nodes[0]
            .children
            .iter()
            .filter_map(|&c| tree.nodes[c as usize].action.map(|a| (a, tree.nodes[c as usize].visits)))
            .collect()
    }
}

impl Bot for Mcts {
    fn name(&self) -> &str {
        if self.v1 {
            "mcts-v1"
        } else {
            "mcts"
        }
    }

    fn choose(&mut self, obs: &Observation) -> Action {
        let legal = obs.legal_actions();
        match legal.len() {
            0 => return Action::Pass,
            1 => return legal[0],
            _ => {}
        }
        let iterations =
            self.budget.iterations.unwrap_or(if self.budget.time.is_some() { u32::MAX } else { DEFAULT_ITERATIONS });
        let deadline = self.budget.time.map(|t| Instant::now() + t);
        let (threads, v1) = (self.threads, self.v1);
        let seeds: Vec<u64> = (0..threads).map(|_| self.rng_next()).collect();
        let per_thread = iterations.div_ceil(threads as u32);
        let results: Vec<Vec<(Action, u32)>> = if threads > 1 {
            seeds.par_iter().map(|&s| Mcts::search(obs, s, per_thread, deadline, v1)).collect()
        } else {
            vec![Mcts::search(obs, seeds[0], iterations, deadline, v1)]
        };
        let mut totals: Vec<(Action, u64)> = legal.iter().map(|&a| (a, 0)).collect();
        for r in results {
            for (a, v) in r {
                if let Some(t) = totals.iter_mut().find(|t| t.0 == a) {
                    t.1 += v as u64;
                }
            }
        }
        // Most visited; ties broken by the order of legal actions.
        totals.iter().max_by_key(|t| t.1).map(|t| t.0).unwrap_or(legal[0])
    }
}

impl Mcts {
    fn rng_next(&mut self) -> u64 {
        use rand_core::Rng;
        self.rng.next_u64()
    }
}

/// Playouts per second of the search on one core, measured over `iterations`
/// from a fixed position (for `selfplay --json` and docs).
pub fn playouts_per_second(obs: &Observation, iterations: u32) -> f64 {
    let t = Instant::now();
    Mcts::search(obs, 1, iterations, None, false);
    iterations as f64 / t.elapsed().as_secs_f64()
}
