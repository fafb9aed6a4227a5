//! Exact endgames: in a 2-player round whose pool is empty nothing is hidden
//! any more (the unseen tiles are the other hand), so the rest of the round
//! can be solved exactly. [`solve`] is a negamax with alpha-beta pruning on
//! the margin (the points the player to move gains from here to the end of
//! the round, less the other player's: placements, bonuses and the round's
//! end as the engine scores them) and a transposition table, within a node
//! budget: it gives up (`None`) rather than answer from a partial search.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use triominos_core::{Action, Game, Observation, Phase};

/// Nodes the solver may visit a decision for each iteration of the search's
/// budget (a decision of 1,000 iterations: 20,000 nodes).
pub const NODES_PER_ITERATION: u64 = 20;

/// The most nodes a decision's solver visits, whatever the budget.
pub const MAX_NODES: u64 = 2_000_000;

/// Whether the position of `obs` is an endgame the solver can play exactly:
/// two players, the round on, the pool empty, and a choice to make.
pub fn applies(obs: &Observation) -> bool {
    let p = obs.public();
    p.players() == 2 && p.phase() == Phase::Playing && p.pool_size() == 0 && obs.legal_actions().len() > 1
}

/// A solved position: the best action of the player to move (the first of
/// the legal actions on a tie, in the order tried: the most points now
/// first), its margin, and the nodes visited.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Solution {
    /// The action.
    pub action: Action,
    /// The margin it secures for the player to move with best play by both.
    pub margin: i32,
    /// Nodes the search visited.
    pub nodes: u64,
}

/// The exact solution of `game` (a round with nothing hidden from here on:
/// 2 players, the pool empty) within `budget` nodes, or `None` when the
/// round is not on, or the search needs more nodes.
pub fn solve(game: &Game, budget: u64) -> Option<Solution> {
    if game.public().phase() != Phase::Playing || game.public().pool_size() != 0 || game.players() != 2 {
        return None;
    }
    let mut s = Solver { nodes: 0, budget, table: HashMap::new() };
    let key = game.board().placements().iter().fold(0, |k, p| k ^ hash_of(p));
    let (margin, action) = s.search(game, key, -INF, INF)?;
    Some(Solution { action: action?, margin, nodes: s.nodes })
}

const INF: i32 = i32::MAX / 4;

#[derive(Clone, Copy)]
enum Bound {
    Exact,
    /// The value is at least this.
    Lower,
    /// The value is at most this.
    Upper,
}

struct Solver {
    nodes: u64,
    budget: u64,
    /// Position key: the placements on the board (which, with the hands
    /// dealt, fix both hands), the player to move and the passes in a row.
    table: HashMap<u64, (i32, Bound)>,
}

fn hash_of<T: Hash>(x: &T) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    x.hash(&mut h);
    h.finish()
}

/// The margin `game` gave `seat` between `before` and now.
fn gained(before: &Game, after: &Game, seat: usize) -> i32 {
    let (b, a) = (before.totals(), after.totals());
    (a[seat] - b[seat]) - (a[1 - seat] - b[1 - seat])
}

impl Solver {
    /// The value of `g` for its player to move within (`alpha`, `beta`)
    /// (fail-hard outside), and the action that reaches it at this node.
    fn search(&mut self, g: &Game, board: u64, mut alpha: i32, beta: i32) -> Option<(i32, Option<Action>)> {
        self.nodes += 1;
        if self.nodes > self.budget {
            return None;
        }
        let mover = g.to_move() as usize;
        let key = board
            ^ (mover as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ ((g.public().consecutive_passes() as u64) << 56);
        let alpha0 = alpha;
        // A bound from the table ends the search here only when it decides
        // the window as it is (the window is never narrowed by it, so what
        // is stored below is always true of the position).
        if let Some(&(v, bound)) = self.table.get(&key) {
            match bound {
                Bound::Exact => return Some((v, None)),
                Bound::Lower if v >= beta => return Some((v, None)),
                Bound::Upper if v <= alpha => return Some((v, None)),
                _ => {}
            }
        }
        let mut children: Vec<(i32, Game, u64, Action)> = g
            .legal_actions()
            .into_iter()
            .map(|a| {
                let mut c = g.clone();
                c.play_unchecked(a);
                let k = match a {
                    Action::Play { placement, .. } => board ^ hash_of(&placement),
                    _ => board,
                };
                (gained(g, &c, mover), c, k, a)
            })
            .collect();
        // The most points now first: the best move is often among them, and
        // the first found is kept on ties.
        children.sort_by_key(|c| std::cmp::Reverse(c.0));
        let mut best = -INF;
        let mut best_action = None;
        for (delta, c, k, a) in children {
            let v = if c.public().phase() != Phase::Playing {
                delta
            } else if c.to_move() as usize == mover {
                delta + self.search(&c, k, alpha - delta, beta - delta)?.0
            } else {
                delta - self.search(&c, k, delta - beta, delta - alpha)?.0
            };
            if v > best {
                best = v;
                best_action = Some(a);
            }
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        let bound = if best <= alpha0 {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.insert(key, (best, bound));
        Some((best, best_action))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mcts::tests::positions;

    /// Minimax without pruning nor table: the margin of `g` for its player
    /// to move.
    fn brute(g: &Game) -> i32 {
        let mover = g.to_move() as usize;
        g.legal_actions()
            .into_iter()
            .map(|a| {
                let mut c = g.clone();
                c.play_unchecked(a);
                let delta = gained(g, &c, mover);
                if c.public().phase() != Phase::Playing {
                    delta
                } else if c.to_move() as usize == mover {
                    delta + brute(&c)
                } else {
                    delta - brute(&c)
                }
            })
            .max()
            .unwrap()
    }

    /// Positions of greedy games with the pool empty and few tiles in hand.
    fn endgames(max_tiles: usize, count: usize) -> Vec<Game> {
        positions(
            |g| {
                g.public().pool_size() == 0
                    && g.hands().iter().map(|h| h.len()).sum::<usize>() <= max_tiles
                    && g.legal_actions().len() > 1
            },
            count,
        )
    }

    #[test]
    fn the_solver_finds_the_brute_force_margin_and_an_action_that_reaches_it() {
        let found = endgames(7, 40);
        assert!(found.len() >= 20, "only {} endgames", found.len());
        let mut pruned = 0;
        for g in &found {
            let exact = brute(g);
            let s = solve(g, u64::MAX).expect("solved without a budget");
            assert_eq!(s.margin, exact, "{:?}", g.hands());
            // Its action reaches that margin.
            let mut c = g.clone();
            c.play_unchecked(s.action);
            let delta = gained(g, &c, g.to_move() as usize);
            let after = if c.public().phase() != Phase::Playing {
                delta
            } else if c.to_move() == g.to_move() {
                delta + brute(&c)
            } else {
                delta - brute(&c)
            };
            assert_eq!(after, exact);
            pruned += (s.nodes < count_nodes(g)) as u32;
        }
        assert!(pruned > 0, "alpha-beta and the table never saved a node");
    }

    fn count_nodes(g: &Game) -> u64 {
        1 + g
            .legal_actions()
            .into_iter()
            .map(|a| {
                let mut c = g.clone();
                c.play_unchecked(a);
                if c.public().phase() != Phase::Playing {
                    0
                } else {
                    count_nodes(&c)
                }
            })
            .sum::<u64>()
    }

    #[test]
    fn a_search_over_its_budget_gives_up_and_nothing_hidden_is_solved() {
        let found = endgames(30, 60);
        let big = found.iter().find(|g| solve(g, u64::MAX).is_some_and(|s| s.nodes > 50)).expect("a larger endgame");
        assert_eq!(solve(big, 10), None);
        // A round with a pool is not an endgame.
        let early = &positions(|g| g.public().pool_size() > 0 && !g.public().board().is_empty(), 1)[0];
        assert_eq!(solve(early, u64::MAX), None);
        assert!(!applies(&early.observe(early.to_move())));
    }
}
