//! The soft choice model: how likely the players' past choices of this round
//! were, had they held a given hand.
//!
//! A player is modelled as choosing among the placements their hand allowed
//! (and, where the rules let them draw when able, drawing) with probability
//! proportional to `exp(points / T)`: at a low temperature `T` the player
//! nearly always takes the placement scoring the most, at a high one nearly
//! at random. Under that model, a hand that held a tile able to score a
//! hexagon the player left untaken is unlikely; a hand with little to offer
//! explains a voluntary draw. The search deals hands as
//! [`Observation::determinize_inferred`] does (every fact of the rules kept)
//! and then keeps them in proportion to this likelihood (sampling-importance
//! resampling, [`Resampler`]).
//!
//! For one past decision `k` of seat `p`, on the board as it was, with `c_k`
//! the points of the chosen placement (0 for a draw), each tile `t` has a
//! weight `z_k(t) = sum over t's placements q of exp((points(q) - c_k) / T)`,
//! and the chance of the choice given the hand `H_k` held then is
//! `1 / (d_k + sum over t in H_k of z_k(t))`, with `d_k = exp(-c_k / T)` the
//! draw's own weight when drawing when able is allowed (else 0). `H_k` is not
//! known exactly even in a deal: the tile chosen was held; the tiles held now
//! and those placed since may have come by a later draw. Each of them counts
//! with the share `h_k` of the hand that cannot be late draws (a mean-field
//! approximation). Only the hand's tiles vary between deals, so a deal's log
//! weight is `-sum over k of ln(base_k + h_k * sum over t in H of z_k(t))`,
//! the rest being `base_k`, computed once a decision.

use triominos_core::rng::{below, seeded, ChaCha8Rng};
use triominos_core::scoring::score_placement;
use triominos_core::tile::TILE_COUNT;
use triominos_core::{AfterDraw, Board, Event, Game, Inference, Observation, Placement, TileSet};

/// One past decision of a hidden seat.
struct Decision {
    seat: u8,
    /// The part of the choice's denominator that is the same in every deal.
    base: f64,
    /// The share of the seat's current hand held at the decision.
    held: f64,
    /// Each tile's weight `z_k(t)`.
    z: [f32; TILE_COUNT],
}

/// The choices of the hidden seats this round, ready to weigh deals.
pub(crate) struct ChoiceModel {
    decisions: Vec<Decision>,
}

/// One seat's tiles this round as the log tells them.
#[derive(Clone, Default)]
struct SeatLog {
    /// Draws so far this round.
    draws: u32,
    /// Placed tiles that may have been held before (not forced by a draw),
    /// with the draws made before placing each.
    placed: Vec<(triominos_core::Tile, u32)>,
    /// Draws whose tile was placed at once (forced): they add nothing to the hand.
    forced: u32,
}

impl ChoiceModel {
    /// The model of `obs`'s round at temperature `t` (points).
    pub(crate) fn new(obs: &Observation, t: f64) -> ChoiceModel {
        let public = obs.public();
        let rules = public.rules();
        let n = public.players();
        let me = obs.seat();
        let events = public.events();
        let mut out = ChoiceModel { decisions: Vec::new() };
        let Some(start) = events.iter().rposition(|e| matches!(e, Event::RoundStarted { .. })) else {
            return out;
        };
        let dwa = rules.draw_when_able();
        let drawn_only = rules.after_draw() == AfterDraw::DrawnTile;
        let mut board = Board::new(rules.vertex_contacts_must_match());
        // Per decision: the seat's draws and forced draws then, and the tile
        // it placed (to work out later which tiles were held).
        let mut marks: Vec<(u32, u32, Option<triominos_core::Tile>)> = Vec::new();
        let mut logs: Vec<SeatLog> = vec![SeatLog::default(); n];
        // The seat whose turn is going on and its draws this turn.
        let mut turn: Option<(u8, u32)> = None;
        let inv_t = 1.0 / t;
        let weigh = |board: &Board, chosen: i32| {
            let mut z = [0f32; TILE_COUNT];
            let open = TileSet::ALL.difference(board.tiles());
            board.for_each_placement(open, |q: Placement| {
                let pts = score_placement(rules, q.tile, false, board.preview(q), true).points;
                z[q.tile.index() as usize] += (((pts - chosen) as f64) * inv_t).exp() as f32;
            });
            z
        };
        for e in &events[start + 1..] {
            match *e {
                Event::Drew { player, .. } if (player as usize) < n => {
                    let k = match turn {
                        Some((p, k)) if p == player => k,
                        _ => 0,
                    };
                    if k == 0 && dwa && player != me && !board.is_empty() {
                        let z = weigh(&board, 0);
                        out.decisions.push(Decision { seat: player, base: 1.0, held: 1.0, z });
                        marks.push((logs[player as usize].draws, logs[player as usize].forced, None));
                    }
                    logs[player as usize].draws += 1;
                    turn = Some((player, k + 1));
                }
                Event::Played { player, placement, .. } if (player as usize) < n => {
                    let forced = drawn_only && matches!(turn, Some((p, k)) if p == player && k > 0);
                    let log = &mut logs[player as usize];
                    if forced {
                        log.forced += 1;
                    } else {
                        if player != me && !board.is_empty() {
                            let chosen =
                                score_placement(rules, placement.tile, false, board.preview(placement), true).points;
                            let z = weigh(&board, chosen);
                            let base = z[placement.tile.index() as usize] as f64
                                + if dwa { (-(chosen as f64) * inv_t).exp() } else { 0.0 };
                            out.decisions.push(Decision { seat: player, base, held: 1.0, z });
                            marks.push((log.draws, log.forced, Some(placement.tile)));
                        }
                        log.placed.push((placement.tile, log.draws));
                    }
                    board.place(placement);
                    turn = None;
                }
                Event::Passed { .. } => turn = None,
                Event::RoundEnded { .. } | Event::GameEnded { .. } => break,
                _ => {}
            }
        }
        // Which tiles count as held at each decision: the chosen one fully
        // (already in `base`); the hand now and the tiles placed since, each
        // with the share of them that cannot have been drawn since. The
        // tiles placed since are the same in every deal: they go to `base`.
        let sizes = public.hand_sizes();
        for (d, &(draws_then, forced_then, own)) in out.decisions.iter_mut().zip(&marks) {
            let log = &logs[d.seat as usize];
            let late = (log.draws - draws_then).saturating_sub(log.forced - forced_then) as f64;
            let later: Vec<usize> = log
                .placed
                .iter()
                .filter(|&&(t, before)| before >= draws_then && Some(t) != own)
                .map(|&(t, _)| t.index() as usize)
                .collect();
            let candidates = (sizes[d.seat as usize] as usize + later.len()) as f64;
            d.held = if candidates > 0.0 { (1.0 - late / candidates).clamp(0.0, 1.0) } else { 1.0 };
            d.base += later.iter().map(|&i| d.held * d.z[i] as f64).sum::<f64>();
        }
        out
    }

    /// Whether the model weighs anything (some hidden seat has chosen).
    pub(crate) fn is_empty(&self) -> bool {
        self.decisions.is_empty()
    }

    /// The log likelihood of the past choices, up to a constant, had the
    /// hidden seats held `hands` (indexed by seat).
    pub(crate) fn log_weight(&self, hands: &[TileSet]) -> f64 {
        let mut lw = 0.0;
        for d in &self.decisions {
            let mut s = 0.0f64;
            for t in hands[d.seat as usize] {
                s += d.z[t.index() as usize] as f64;
            }
            lw -= (d.base + d.held * s).ln();
        }
        lw
    }
}

/// Deals for a search, kept in proportion to a [`ChoiceModel`]'s likelihood:
/// `candidates` deals made once a decision, each remembered by its seed,
/// then each deal of the search redrawn from them by weight with its pool
/// shuffled anew.
pub(crate) struct Resampler {
    seeds: Vec<u64>,
    /// Cumulative normalised weights.
    cumulative: Vec<f64>,
}

impl Resampler {
    /// `candidates` deals of `obs` by `inf`, weighed by `model`.
    pub(crate) fn new(
        obs: &Observation,
        inf: &Inference,
        model: &ChoiceModel,
        candidates: usize,
        rng: &mut ChaCha8Rng,
    ) -> Resampler {
        use rand_core::Rng;
        let mut seeds = Vec::with_capacity(candidates);
        let mut logs = Vec::with_capacity(candidates);
        for _ in 0..candidates.max(1) {
            let seed = rng.next_u64();
            let g = obs.determinize_inferred(&mut seeded(seed), inf);
            logs.push(model.log_weight(g.hands()));
            seeds.push(seed);
        }
        let top = logs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let mut acc = 0.0;
        let cumulative = logs
            .iter()
            .map(|&l| {
                acc += (l - top).exp();
                acc
            })
            .collect();
        Resampler { seeds, cumulative }
    }

    /// The effective number of distinct deals (Kish's: `(sum w)^2 / sum w^2`).
    #[cfg(test)]
    pub(crate) fn effective(&self) -> f64 {
        let mut prev = 0.0;
        let (mut s, mut s2) = (0.0, 0.0);
        for &c in &self.cumulative {
            let w = c - prev;
            prev = c;
            s += w;
            s2 += w * w;
        }
        s * s / s2
    }

    /// A deal drawn by weight, its pool shuffled with `rng`.
    pub(crate) fn deal(&self, obs: &Observation, inf: &Inference, rng: &mut ChaCha8Rng) -> Game {
        let total = *self.cumulative.last().unwrap_or(&0.0);
        let x = (below(rng, 1 << 30) as f64 + 0.5) / (1u64 << 30) as f64 * total;
        let i = self.cumulative.partition_point(|&c| c < x).min(self.seeds.len() - 1);
        let mut g = obs.determinize_inferred(&mut seeded(self.seeds[i]), inf);
        g.shuffle_pool(rng);
        g
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{make_bot, Bot, Budget};
    use triominos_core::{Preset, RuleSet};

    /// Positions of seeded greedy games (2-player Goliath) where seat 1 has
    /// placed at least `placed` tiles this round and seat 0 is to move.
    fn positions(placed: usize, max: usize) -> Vec<Game> {
        let mut found = Vec::new();
        for seed in 1..400 {
            let mut game = Game::new(RuleSet::of(Preset::Goliath), 2, seed).unwrap();
            let mut bots: Vec<Box<dyn Bot>> =
                (0..2).map(|s| make_bot("greedy", seed * 2 + s, Budget::default()).unwrap()).collect();
            while !game.is_round_over() && found.len() < max {
                let seat = game.to_move();
                let by_one = game.public().board().placements().len() / 2;
                if seat == 0 && by_one >= placed {
                    found.push(game.clone());
                    break;
                }
                let a = bots[seat as usize].choose(&game.observe(seat));
                game.play(a).unwrap();
            }
        }
        found
    }

    #[test]
    fn a_greedy_players_true_hand_is_likelier_than_the_deals_it_could_be() {
        // Greedy players take the placement scoring the most: at a low
        // temperature their true hand explains their choices better than
        // most hands the rules allow. Where it did not (a broken model),
        // the true hand would rank as a random one, about half way.
        let found = positions(5, 40);
        assert!(found.len() >= 30, "only {} positions", found.len());
        let (mut rank_sum, mut n) = (0.0, 0);
        for g in &found {
            let obs = g.observe(0);
            let model = ChoiceModel::new(&obs, 3.0);
            assert!(!model.is_empty());
            let inf = obs.inference();
            let truth = model.log_weight(g.hands());
            let mut rng = seeded(7);
            let deals = 200;
            let below_truth = (0..deals)
                .filter(|_| model.log_weight(obs.determinize_inferred(&mut rng, &inf).hands()) < truth - 1e-9)
                .count();
            rank_sum += below_truth as f64 / deals as f64;
            n += 1;
        }
        let mean = rank_sum / n as f64;
        assert!(mean > 0.7, "the true hand ranks at {mean:.2} of the deals on average");
    }

    #[test]
    fn the_resampler_deals_whole_hands_by_weight_and_replays_from_its_seed() {
        let found = positions(5, 10);
        for g in &found {
            let obs = g.observe(0);
            let model = ChoiceModel::new(&obs, 3.0);
            let inf = obs.inference();
            let r = Resampler::new(&obs, &inf, &model, 300, &mut seeded(1));
            let again = Resampler::new(&obs, &inf, &model, 300, &mut seeded(1));
            assert_eq!(r.seeds, again.seeds);
            let ess = r.effective();
            assert!((1.0..=300.0).contains(&ess), "{ess}");
            let (mut rng, mut rng2) = (seeded(2), seeded(2));
            let mut mean_weight = 0.0;
            for _ in 0..100 {
                let d = r.deal(&obs, &inf, &mut rng);
                assert_eq!(d.hands()[0], obs.hand(), "the observer's hand is theirs");
                assert_eq!(d.hands()[1].len(), g.hands()[1].len(), "a whole hidden hand");
                assert_eq!(d.pool().count(), g.pool().count());
                assert_eq!(d.hands(), r.deal(&obs, &inf, &mut rng2).hands(), "same seed, same deal");
                mean_weight += model.log_weight(d.hands()) / 100.0;
            }
            // Deals drawn by weight are likelier than deals drawn as the rules allow.
            let mut rng = seeded(3);
            let plain: f64 =
                (0..100).map(|_| model.log_weight(obs.determinize_inferred(&mut rng, &inf).hands())).sum::<f64>()
                    / 100.0;
            assert!(mean_weight >= plain, "{mean_weight} < {plain}");
        }
    }
}
