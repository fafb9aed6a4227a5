//! The search tree: one node array shared by every deal, each node's
//! children a linked list; an iteration walks it (UCB1 with availability
//! counts among the children legal in its deal), adds nodes, plays out and
//! backs up.

use super::playout::{playout, round_points};
use super::Config;
use triominos_core::rng::{below, ChaCha8Rng};
use triominos_core::{Action, Game, Phase};

/// No node (end of a child list).
const NONE: u32 = u32::MAX;

/// The children of `node` in `nodes`, newest first (their linked list).
pub(crate) fn children(nodes: &[Node], node: u32) -> impl Iterator<Item = u32> + '_ {
    let first = nodes[node as usize].first_child;
    std::iter::successors((first != NONE).then_some(first), move |&c| {
        let next = nodes[c as usize].next_sibling;
        (next != NONE).then_some(next)
    })
}

/// One node: an action from its parent, who took it, and its statistics.
pub(crate) struct Node {
    /// The action that leads here (`Pass` at the root, never read there).
    pub action: Action,
    /// Who took `action` (rewards are from their point of view).
    pub player: u8,
    pub visits: u32,
    /// Iterations in which `action` was legal when the parent was reached.
    pub avail: u32,
    pub reward: f64,
    first_child: u32,
    next_sibling: u32,
}

impl Node {
    /// UCB1's value of this child when it has been available `avail` times:
    /// its mean reward and the exploration term of constant `c`.
    fn selection_value(&self, avail: u32, c: f64) -> f64 {
        let visits = self.visits.max(1) as f64;
        self.reward / visits + c * ((avail as f64).ln() / visits).sqrt()
    }
}

/// One search tree and the buffers its iterations reuse.
pub(crate) struct Tree {
    pub(crate) nodes: Vec<Node>,
    pub(crate) cfg: Config,
    legal: Vec<Action>,
    path: Vec<u32>,
    /// Per legal action of the current node: whether it has a child.
    tried: Vec<bool>,
    /// The children of the current node whose action is legal in this deal.
    compatible: Vec<u32>,
    /// Each seat's round points where the last iteration stopped (its tree
    /// path and playout played), for the judge (module `judge`), which
    /// values actions in points rather than in rewards.
    pub(crate) last_round_points: [i32; 6],
}

impl Tree {
    pub(crate) fn new(cfg: Config, capacity: usize) -> Tree {
        let mut nodes = Vec::with_capacity(capacity + 1);
        nodes.push(Node {
            action: Action::Pass,
            player: 0,
            visits: 0,
            avail: 0,
            reward: 0.0,
            first_child: NONE,
            next_sibling: NONE,
        });
        Tree {
            nodes,
            cfg,
            legal: Vec::with_capacity(128),
            path: Vec::with_capacity(64),
            tried: Vec::with_capacity(128),
            compatible: Vec::with_capacity(128),
            last_round_points: [0; 6],
        }
    }

    /// One iteration from a determinized game (the searched position with
    /// the unseen tiles dealt).
    pub(crate) fn iterate(&mut self, mut g: Game, rng: &mut ChaCha8Rng) {
        // The rewards count the round's points from here, the searched
        // position, so that the moves of the tree path count.
        let start = round_points(&g);
        self.path.clear();
        self.path.push(0);
        let mut node = 0u32;
        let mut expanded = 0;
        while g.public().phase() == Phase::Playing {
            g.legal_actions_into(&mut self.legal);
            self.tried.clear();
            self.tried.resize(self.legal.len(), false);
            self.compatible.clear();
            for c in children(&self.nodes, node) {
                let action = self.nodes[c as usize].action;
                if let Some(i) = self.legal.iter().position(|a| *a == action) {
                    self.tried[i] = true;
                    self.compatible.push(c);
                }
            }
            let untried = self.legal.len() - self.compatible.len();
            if untried > 0 {
                // Expand an untried legal action, at random.
                let k = below(rng, untried as u32) as usize;
                let a =
                    self.legal.iter().zip(&self.tried).filter(|(_, &t)| !t).nth(k).map_or(self.legal[0], |(a, _)| *a);
                let mover = g.to_move();
                g.play_unchecked(a);
                let id = self.nodes.len() as u32;
                let parent = &mut self.nodes[node as usize];
                let next_sibling = parent.first_child;
                parent.first_child = id;
                self.nodes.push(Node {
                    action: a,
                    player: mover,
                    visits: 0,
                    avail: 1,
                    reward: 0.0,
                    first_child: NONE,
                    next_sibling,
                });
                self.path.push(id);
                expanded += 1;
                if expanded >= self.cfg.expansions.max(1) {
                    break;
                }
                node = id;
                continue;
            }
            // Select among the children whose action is legal in this deal.
            let mut best = NONE;
            let mut best_value = f64::NEG_INFINITY;
            for &c in &self.compatible {
                let n = &mut self.nodes[c as usize];
                n.avail += 1;
                let v = n.selection_value(n.avail, self.cfg.c);
                if v > best_value {
                    best_value = v;
                    best = c;
                }
            }
            if best == NONE {
                break;
            }
            g.play_unchecked(self.nodes[best as usize].action);
            node = best;
            self.path.push(best);
        }
        let (rewards, _) = playout(&mut g, rng, &mut self.legal, &start, &self.cfg);
        self.last_round_points = round_points(&g);
        for &id in &self.path {
            let n = &mut self.nodes[id as usize];
            n.visits += 1;
            n.reward += rewards[n.player as usize];
        }
    }

    /// The root's children: action, visits, mean reward.
    pub(crate) fn root_stats(&self) -> Vec<(Action, u32, f64)> {
        children(&self.nodes, 0)
            .map(|c| {
                let n = &self.nodes[c as usize];
                (n.action, n.visits, n.reward / n.visits.max(1) as f64)
            })
            .collect()
    }
}
