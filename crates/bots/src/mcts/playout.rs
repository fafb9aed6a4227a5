//! The playout: greedy moves (each the placement scoring the most now) for
//! the horizon's moves or to the end of the round, and its reward.

use super::Config;
use triominos_core::rng::{below, ChaCha8Rng};
use triominos_core::{Action, Game, Phase};

/// Each seat's points this round so far (0 for the seats beyond the players).
pub(crate) fn round_points(g: &Game) -> [i32; 6] {
    let mut out = [0; 6];
    for (o, p) in out.iter_mut().zip(g.public().round_points()) {
        *o = *p;
    }
    out
}

/// The playout's move among `legal` (the legal actions of `g`, not empty):
/// the placement scoring the most now (the first found on ties); a draw or
/// pass only without a placement.
pub(crate) fn greedy_move(g: &Game, legal: &[Action], rng: &mut ChaCha8Rng) -> Action {
    if !legal.iter().any(|a| matches!(a, Action::Play { .. })) {
        return legal[0];
    }
    // A number drawn and not used: the stream every seeded game of `mcts`
    // has been played with (its first playouts took a random placement one
    // move in five); drawing it keeps those games, and the pinned decisions
    // of tests/it/pinned.rs, as they were.
    let _ = below(rng, 100);
    let mut best = legal[0];
    let mut best_points = i32::MIN;
    for &a in legal {
        if let Action::Play { placement: p, .. } = a {
            let pts = g.placement_score(p).points;
            if pts > best_points {
                best_points = pts;
                best = a;
            }
        }
    }
    best
}

/// The learned evaluation of `g` where a playout stopped: each seat's
/// predicted share of the rest of the round in points
/// ([`crate::value::Model::seat_values`]), 0 for all when the round is over.
pub(crate) fn evaluation(g: &Game) -> [f64; 6] {
    match crate::value::Features::of(g) {
        Some(f) => crate::value::Model::builtin().seat_values(&f),
        None => [0.0; 6],
    }
}

/// Plays on greedily ([`greedy_move`]) to the end of the round, or for
/// `cfg.horizon` moves when it is above 0. Returns each seat's reward in
/// 0..1: the round's points since `start`, plus `cfg.value` times the
/// learned evaluation ([`evaluation`], returned too, unweighted) where the
/// round goes on, against the best opponent's; or 1 / 0 for a game won /
/// lost.
pub(crate) fn playout(
    g: &mut Game,
    rng: &mut ChaCha8Rng,
    legal: &mut Vec<Action>,
    start: &[i32; 6],
    cfg: &Config,
) -> ([f64; 6], [f64; 6]) {
    let round = g.public().round();
    let limit = if cfg.horizon > 0 { cfg.horizon } else { 2_000 };
    let mut moves = 0;
    while g.public().phase() == Phase::Playing && g.public().round() == round && moves < limit {
        moves += 1;
        g.legal_actions_into(legal);
        let a = greedy_move(g, legal, rng);
        g.play_unchecked(a);
    }
    let pts = g.public().round_points();
    let n = pts.len();
    let value = if cfg.value != 0.0 && g.public().round() == round { evaluation(g) } else { [0.0; 6] };
    let mut gained = [0.0; 6];
    for p in 0..n {
        gained[p] = (pts[p] - start[p]) as f64 + cfg.value * value[p];
    }
    let mut out = [0.5; 6];
    for p in 0..n {
        let best_other = (0..n).filter(|&q| q != p).map(|q| gained[q]).reduce(f64::max).unwrap_or(0.0);
        out[p] = (0.5 + (gained[p] - best_other) / (2.0 * cfg.scale)).clamp(0.0, 1.0);
    }
    // Winning the game outright is worth the most.
    if g.is_over() {
        for (p, r) in out.iter_mut().enumerate().take(n) {
            *r = if g.winners().contains(p as u8) { 1.0 } else { 0.0 };
        }
    }
    (out, value)
}
