//! The heuristic bot: greedy points plus judgement about what a placement
//! leaves for the next player, shedding heavy tiles near the end of a round,
//! and keeping a hand that can still play.

use crate::Bot;
use triominos_core::rng::{below, seeded, ChaCha8Rng};
use triominos_core::scoring::figure_points;
use triominos_core::{Action, Board, Observation, Placement, RuleSet, TileSet};

/// Greedy plus judgement (see the module documentation).
pub struct Heuristic {
    rng: ChaCha8Rng,
    buf: Vec<Action>,
}

impl Heuristic {
    /// A heuristic bot; the seed breaks ties.
    pub fn new(seed: u64) -> Heuristic {
        Heuristic { rng: seeded(seed), buf: Vec::new() }
    }
}

/// Expected bonus points the next player can take on `board`: each open cell's
/// bonus times the chance they hold a tile that fits it.
fn threat(board: &Board, rules: &RuleSet, unknown: TileSet, next_hand: usize) -> f64 {
    let n_unknown = unknown.len().max(1) as f64;
    let mut total = 0.0;
    for fc in board.frontier() {
        // The bonus the cell offers whoever fills it (bots always claim).
        let bonus = figure_points(rules, board.figures_at(fc.cell));
        if bonus == 0 {
            continue;
        }
        let fits = fc.fitting_tiles().intersection(unknown).len() as f64;
        if fits == 0.0 {
            continue;
        }
        let p_one = fits / n_unknown;
        let p = 1.0 - (1.0 - p_one).powi(next_hand as i32);
        total += p * bonus as f64;
    }
    total
}

/// Scores a placement for the observer: higher is better.
pub(crate) fn evaluate(obs: &Observation, p: Placement) -> f64 {
    let public = obs.public();
    let rules = public.rules();
    let me = obs.seat() as usize;
    let n = public.players();
    let points = public.placement_score(p).points;
    let mut score = points as f64;

    let mut board = public.board().clone();
    board.place(p);
    let mut hand = obs.hand();
    hand.remove(p.tile);

    // Going out ends the round in our favour.
    if hand.is_empty() {
        score += rules.out_bonus() as f64 + 20.0;
        return score;
    }

    // What the placement leaves for the next player.
    let next = (me + 1) % n;
    let unknown = obs.unknown_tiles();
    score -= threat(&board, rules, unknown, public.hand_sizes()[next] as usize);

    // Near the end of a round, heavy tiles left in hand cost points.
    let min_other = (0..n).filter(|&s| s != me).map(|s| public.hand_sizes()[s]).min().unwrap_or(9);
    let urgency = match (min_other, public.pool_size()) {
        (0..=1, _) => 1.0,
        (2..=3, _) => 0.6,
        (_, 0) => 0.5,
        (4..=5, _) => 0.25,
        _ => 0.1,
    };
    score += urgency * p.tile.value() as f64;

    // Keep a hand that can still play next turn.
    let mobility = board.count_placements(hand) as f64;
    score += 0.6 * mobility.min(12.0) - if mobility == 0.0 { 4.0 } else { 0.0 };
    score
}

impl Bot for Heuristic {
    fn name(&self) -> &str {
        "heuristic"
    }

    fn choose(&mut self, obs: &Observation) -> Action {
        obs.legal_actions_into(&mut self.buf);
        let (best, best_score) = crate::best_placements(&self.buf, |p| evaluate(obs, p));
        let can_draw = self.buf.contains(&Action::Draw);
        let rules = obs.public().rules();
        // A voluntary draw (where allowed) when every placement gives more away than a draw costs.
        let draw_instead = can_draw && best_score < -(rules.draw_penalty() as f64) - 10.0;
        if !best.is_empty() && !draw_instead {
            return best[below(&mut self.rng, best.len() as u32) as usize];
        }
        if can_draw {
            Action::Draw
        } else if let Some(a) = best.first() {
            *a
        } else {
            Action::Pass
        }
    }
}
