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
//! known exactly even in a deal: the tile chosen was held; of the tiles held
//! now and those placed since, `L_k` came by draws after the choice (the
//! number is public, which ones is not). The likeliest account is taken: the
//! `L_k` tiles of largest weight are the late ones, and the others were held.
//! Only the hand's tiles vary between deals, so a deal's log weight is
//! `-sum over k of ln(base_k + sum over t in H and the tiles placed since of
//! z_k(t), less the L_k largest)`, `base_k` (the draw's and the chosen tile's
//! weights) computed once a decision.
//!
//! Each player gets a temperature of their own, fitted to how they chose in
//! the finished rounds of the game ([`fit_temperatures`]): the hands shown at
//! the end of a round tell what each player held, so the likelihood of their
//! choices can be computed for a few temperatures and the likeliest kept. A
//! player who takes the most points every time comes out cold (a low `T`:
//! their choices say much about their hand); one who plays for other reasons
//! comes out warm (their choices say little).

use triominos_core::rng::{below, seeded, ChaCha8Rng};
use triominos_core::scoring::score_placement;
use triominos_core::tile::TILE_COUNT;
use triominos_core::{AfterDraw, Board, Event, Game, Inference, Observation, Placement, Tile, TileSet, MAX_PLAYERS};

/// The temperatures a player's fit chooses among (points).
const TEMPERATURES: [f64; 9] = [2.0, 3.0, 5.0, 7.0, 10.0, 14.0, 20.0, 30.0, 50.0];

/// A player's choices in finished rounds needed before their temperature is
/// fitted rather than taken as the default.
const FIT_MIN_CHOICES: usize = 8;

/// One past choice of a seat, as the public log tells it.
struct Choice {
    seat: u8,
    /// The tile placed (`None` for a draw).
    own: Option<Tile>,
    /// The points of the placement chosen (0 for a draw).
    chosen: i32,
    /// The seat's draws, and draws whose tile was placed at once, before the choice.
    draws: u32,
    forced: u32,
    /// Every placement of a tile not on the board then: tile index, points.
    options: Vec<(u8, i32)>,
}

/// One seat's tiles in a round as the log tells them.
#[derive(Clone, Default)]
struct SeatLog {
    /// Draws so far this round.
    draws: u32,
    /// Placed tiles that may have been held before (not forced by a draw),
    /// with the draws made before placing each.
    placed: Vec<(Tile, u32)>,
    /// Draws whose tile was placed at once (forced): they add nothing to the hand.
    forced: u32,
}

/// The choices of the seats other than `me` in one round's events (those
/// after its `RoundStarted`, up to its end), and each seat's log.
fn walk_round(obs: &Observation, events: &[Event]) -> (Vec<Choice>, Vec<SeatLog>) {
    let public = obs.public();
    let rules = public.rules();
    let n = public.players();
    let me = obs.seat();
    let dwa = rules.draw_when_able();
    let drawn_only = rules.after_draw() == AfterDraw::DrawnTile;
    let mut board = Board::new(rules.vertex_contacts_must_match());
    let mut choices = Vec::new();
    let mut logs: Vec<SeatLog> = vec![SeatLog::default(); n];
    // The seat whose turn is going on and its draws this turn.
    let mut turn: Option<(u8, u32)> = None;
    let points = |board: &Board, q: Placement| score_placement(rules, q.tile, false, board.preview(q), true).points;
    let options = |board: &Board| {
        let mut out = Vec::new();
        board.for_each_placement(TileSet::ALL.difference(board.tiles()), |q| {
            out.push((q.tile.index(), points(board, q)))
        });
        out
    };
    for e in events {
        match *e {
            Event::Drew { player, .. } if (player as usize) < n => {
                let k = match turn {
                    Some((p, k)) if p == player => k,
                    _ => 0,
                };
                let log = &mut logs[player as usize];
                if k == 0 && dwa && player != me && !board.is_empty() {
                    let options = options(&board);
                    choices.push(Choice {
                        seat: player,
                        own: None,
                        chosen: 0,
                        draws: log.draws,
                        forced: log.forced,
                        options,
                    });
                }
                log.draws += 1;
                turn = Some((player, k + 1));
            }
            Event::Played { player, placement, .. } if (player as usize) < n => {
                let forced = drawn_only && matches!(turn, Some((p, k)) if p == player && k > 0);
                let log = &mut logs[player as usize];
                if forced {
                    log.forced += 1;
                } else {
                    if player != me && !board.is_empty() {
                        choices.push(Choice {
                            seat: player,
                            own: Some(placement.tile),
                            chosen: points(&board, placement),
                            draws: log.draws,
                            forced: log.forced,
                            options: options(&board),
                        });
                    }
                    log.placed.push((placement.tile, log.draws));
                }
                board.place(placement);
                turn = None;
            }
            Event::Passed { .. } => turn = None,
            // A timeout ends the turn; its tile, if any, is a hidden draw.
            Event::TimedOut { player, took, .. } if (player as usize) < n => {
                logs[player as usize].draws += u32::from(took);
                turn = None;
            }
            Event::RoundEnded { .. } | Event::GameEnded { .. } | Event::RoundStarted { .. } => break,
            _ => {}
        }
    }
    (choices, logs)
}

/// The most late tiles a choice accounts for (more are counted as held).
const MAX_LATE: usize = 8;

/// The sum of `values` less the `late` largest of them (one pass).
fn sum_less_largest(values: impl Iterator<Item = f64>, late: usize) -> f64 {
    let late = late.min(MAX_LATE);
    let mut sum = 0.0;
    let mut top = [0.0f64; MAX_LATE];
    for v in values {
        sum += v;
        // Keep `top[..late]` the largest so far, largest first.
        if late > 0 && v > top[late - 1] {
            let mut i = late - 1;
            while i > 0 && top[i - 1] < v {
                top[i] = top[i - 1];
                i -= 1;
            }
            top[i] = v;
        }
    }
    (sum - top[..late].iter().sum::<f64>()).max(0.0)
}

/// The log likelihood of a choice with weights `z` and sure part `base`,
/// had the seat held `tiles` (its hand and the tiles placed since), `late`
/// of which came by later draws.
fn choice_log_likelihood(z: &[f64; TILE_COUNT], base: f64, tiles: TileSet, late: usize) -> f64 {
    -(base + sum_less_largest(tiles.iter().map(|t| z[t.index() as usize]), late)).ln()
}

impl Choice {
    /// How many of the seat's other tiles (held at the end of what the log
    /// holds, or placed since) came by draws after this choice, and those
    /// placed since (not the choice's own).
    fn late(&self, log: &SeatLog) -> (usize, TileSet) {
        let late = (log.draws - self.draws).saturating_sub(log.forced - self.forced) as usize;
        let later: TileSet = log
            .placed
            .iter()
            .filter(|&&(t, before)| before >= self.draws && Some(t) != self.own)
            .map(|&(t, _)| t)
            .collect();
        (late, later)
    }

    /// Each tile's weight at temperature `t`: the sum over its placements
    /// of `exp((points - chosen) / t)`.
    fn weights(&self, t: f64) -> [f64; TILE_COUNT] {
        let mut z = [0f64; TILE_COUNT];
        for &(tile, pts) in &self.options {
            z[tile as usize] += ((pts - self.chosen) as f64 / t).exp();
        }
        z
    }

    /// The part of the choice's denominator that is surely there: the
    /// draw's own weight where drawing when able is allowed, and the chosen
    /// tile's.
    fn base(&self, z: &[f64; TILE_COUNT], t: f64, dwa: bool) -> f64 {
        let draw = if dwa { (-(self.chosen as f64) / t).exp() } else { 0.0 };
        draw + self.own.map_or(0.0, |o| z[o.index() as usize])
    }
}

/// One past choice of a hidden seat, ready to weigh hands.
struct Decision {
    seat: u8,
    /// The part of the choice's denominator that is the same in every deal.
    base: f64,
    /// How many of the hand's tiles and `later` came by later draws.
    late: usize,
    /// The tiles the seat placed since (not the choice's own).
    later: TileSet,
    /// Each tile's weight `z_k(t)`.
    z: [f64; TILE_COUNT],
}

/// The choices of the hidden seats this round, ready to weigh deals.
pub(crate) struct ChoiceModel {
    decisions: Vec<Decision>,
}

impl ChoiceModel {
    /// The model of `obs`'s round, each seat at its temperature (points).
    pub(crate) fn new(obs: &Observation, temperatures: &[f64; MAX_PLAYERS]) -> ChoiceModel {
        let public = obs.public();
        let events = public.events();
        let Some(start) = events.iter().rposition(|e| matches!(e, Event::RoundStarted { .. })) else {
            return ChoiceModel { decisions: Vec::new() };
        };
        let (choices, logs) = walk_round(obs, &events[start + 1..]);
        let dwa = public.rules().draw_when_able();
        let decisions = choices
            .iter()
            .map(|c| {
                let t = temperatures[c.seat as usize];
                let z = c.weights(t);
                let (late, later) = c.late(&logs[c.seat as usize]);
                Decision { seat: c.seat, base: c.base(&z, t, dwa), late, later, z }
            })
            .collect();
        ChoiceModel { decisions }
    }

    /// Whether the model weighs anything (some hidden seat has chosen).
    pub(crate) fn is_empty(&self) -> bool {
        self.decisions.is_empty()
    }

    /// The log likelihood of the past choices, up to a constant, had the
    /// hidden seats held `hands` (indexed by seat).
    pub(crate) fn log_weight(&self, hands: &[TileSet]) -> f64 {
        self.decisions
            .iter()
            .map(|d| choice_log_likelihood(&d.z, d.base, hands[d.seat as usize].union(d.later), d.late))
            .sum()
    }
}

/// Random accounts of which tiles were late draws a fitted choice averages over.
const FIT_ACCOUNTS: usize = 32;

/// The log likelihood of a choice had the seat held `tiles` (its hand at
/// the round's end and the tiles placed since), `late` of which came by
/// later draws: averaged over accounts of which ones did (every one when
/// `late` is 0, else [`FIT_ACCOUNTS`] random ones, the same for every
/// temperature), not the likeliest account [`ChoiceModel`] takes, which
/// would make every player look colder than they are.
fn averaged_log_likelihood(z: &[f64; TILE_COUNT], base: f64, accounts: &[TileSet]) -> f64 {
    let mean: f64 =
        accounts.iter().map(|held| 1.0 / (base + held.iter().map(|t| z[t.index() as usize]).sum::<f64>())).sum::<f64>()
            / accounts.len() as f64;
    mean.ln()
}

/// Each seat's temperature: for a seat other than the observer with at least
/// a few choices in the game's finished rounds, the one of [`TEMPERATURES`]
/// under which those choices were likeliest (the hands shown at each round's
/// end tell what the seat held); else `default`.
pub(crate) fn fit_temperatures(obs: &Observation, default: f64) -> [f64; MAX_PLAYERS] {
    let public = obs.public();
    let events = public.events();
    let dwa = public.rules().draw_when_able();
    let mut ll = [[0.0f64; TEMPERATURES.len()]; MAX_PLAYERS];
    let mut count = [0usize; MAX_PLAYERS];
    let mut rng = seeded(0x7e3d);
    let mut accounts: Vec<TileSet> = Vec::with_capacity(FIT_ACCOUNTS);
    for (i, e) in events.iter().enumerate() {
        if !matches!(e, Event::RoundStarted { .. }) {
            continue;
        }
        let rest = &events[i + 1..];
        let Some(end) = rest.iter().position(|e| matches!(e, Event::RoundStarted { .. } | Event::RoundEnded { .. }))
        else {
            break;
        };
        let Event::RoundEnded { hands, .. } = rest[end] else { continue };
        let (choices, logs) = walk_round(obs, &rest[..end]);
        for c in &choices {
            let seat = c.seat as usize;
            let (late, later) = c.late(&logs[seat]);
            let tiles: Vec<Tile> = hands[seat].union(later).iter().collect();
            accounts.clear();
            for _ in 0..if late == 0 { 1 } else { FIT_ACCOUNTS } {
                let mut held: TileSet = tiles.iter().copied().collect();
                let mut pool = tiles.clone();
                for _ in 0..late.min(tiles.len()) {
                    let j = below(&mut rng, pool.len() as u32) as usize;
                    held.remove(pool.swap_remove(j));
                }
                accounts.push(held);
            }
            for (k, &t) in TEMPERATURES.iter().enumerate() {
                let z = c.weights(t);
                ll[seat][k] += averaged_log_likelihood(&z, c.base(&z, t, dwa), &accounts);
            }
            count[seat] += 1;
        }
    }
    let mut out = [default; MAX_PLAYERS];
    for seat in 0..public.players() {
        if count[seat] >= FIT_MIN_CHOICES {
            let best = (0..TEMPERATURES.len()).max_by(|&a, &b| ll[seat][a].total_cmp(&ll[seat][b])).unwrap_or(0);
            out[seat] = TEMPERATURES[best];
        }
    }
    out
}

/// Deals for a search, kept in proportion to a [`ChoiceModel`]'s likelihood:
/// `candidates` deals made once a decision, their hands and pools kept,
/// then each deal of the search redrawn from them by weight
/// ([`Observation::determinize_from`]) with its pool shuffled anew.
pub(crate) struct Resampler {
    /// The seed each candidate was dealt from.
    #[cfg(test)]
    seeds: Vec<u64>,
    /// The candidates' hands, `players` a candidate.
    hands: Vec<TileSet>,
    /// The candidates' pools in draw order, `pool_size` a candidate.
    pools: Vec<Tile>,
    players: usize,
    pool_size: usize,
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
        let candidates = candidates.max(1);
        let players = obs.public().players();
        let pool_size = obs.public().pool_size();
        let mut r = Resampler {
            #[cfg(test)]
            seeds: Vec::with_capacity(candidates),
            hands: Vec::with_capacity(candidates * players),
            pools: Vec::with_capacity(candidates * pool_size),
            players,
            pool_size,
            cumulative: Vec::with_capacity(candidates),
        };
        let mut logs = Vec::with_capacity(candidates);
        for _ in 0..candidates {
            let seed = rng.next_u64();
            let g = obs.determinize_inferred(&mut seeded(seed), inf);
            logs.push(model.log_weight(g.hands()));
            r.hands.extend_from_slice(g.hands());
            r.pools.extend(g.pool());
            #[cfg(test)]
            r.seeds.push(seed);
        }
        let top = logs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let mut acc = 0.0;
        r.cumulative = logs
            .iter()
            .map(|&l| {
                acc += (l - top).exp();
                acc
            })
            .collect();
        r
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
        self.deal_indexed(obs, inf, rng).1
    }

    /// [`Resampler::deal`], with the index of the candidate drawn (deals of
    /// one candidate share its hands: the judge counts them as one unit of
    /// its standard errors).
    pub(crate) fn deal_indexed(&self, obs: &Observation, inf: &Inference, rng: &mut ChaCha8Rng) -> (usize, Game) {
        let total = *self.cumulative.last().unwrap_or(&0.0);
        let x = (below(rng, 1 << 30) as f64 + 0.5) / (1u64 << 30) as f64 * total;
        let i = self.cumulative.partition_point(|&c| c < x).min(self.cumulative.len() - 1);
        let hands = &self.hands[i * self.players..(i + 1) * self.players];
        let pool = &self.pools[i * self.pool_size..(i + 1) * self.pool_size];
        let mut g = match obs.determinize_from(rng, hands, pool) {
            Ok(g) => g,
            // Not reached: the candidates are deals of this observation.
            Err(_) => obs.determinize_inferred(rng, inf),
        };
        g.shuffle_pool(rng);
        (i, g)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{make_bot, Budget};
    use triominos_core::{Preset, RuleSet};

    /// Positions of seeded greedy games (2-player Goliath) where seat 0 is
    /// to move and the round's board holds at least `placed` tiles of each
    /// seat (about: seat 1 has chosen that often).
    fn positions(placed: usize, max: usize) -> Vec<Game> {
        crate::mcts::tests::positions(|g| g.to_move() == 0 && g.public().board().placements().len() / 2 >= placed, max)
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
            let model = ChoiceModel::new(&obs, &[3.0; MAX_PLAYERS]);
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
            let model = ChoiceModel::new(&obs, &[3.0; MAX_PLAYERS]);
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

    #[test]
    fn the_resampled_deals_hold_more_of_a_greedy_players_true_hand_than_the_rules_alone_deal() {
        // What the search gains from the model, measured against the truth:
        // how many of the hidden hand's tiles a deal gets right. A greedy
        // player's choices say something of their hand, never much: over
        // 40 positions of greedy games 2.2 of the 5.25 hidden tiles, where
        // the deals the rules allow get 1.45 right (crates/bots/README.md,
        // "What the deals know"). Blind to the points (a temperature of
        // 1,000) the model still gains from how many placements each tile
        // had (a hand with fewer explains the choices better) but less:
        // 1.95. A resampler that ignored the weights would gain nothing.
        let found = positions(3, 40);
        assert!(found.len() >= 30, "only {} positions", found.len());
        let deals = 300;
        let (mut plain, mut resampled, mut blind, mut hidden) = (0.0, 0.0, 0.0, 0.0);
        for g in &found {
            let obs = g.observe(0);
            let truth = g.hands()[1];
            let inf = obs.inference();
            // The tiles of the hidden hand a deal got right.
            let right = |deal: Game| deal.hands()[1].intersection(truth).len() as f64;
            let r = Resampler::new(&obs, &inf, &ChoiceModel::new(&obs, &[3.0; MAX_PLAYERS]), 2048, &mut seeded(11));
            let b = Resampler::new(&obs, &inf, &ChoiceModel::new(&obs, &[1000.0; MAX_PLAYERS]), 2048, &mut seeded(11));
            let (mut rng, mut rng2, mut rng3) = (seeded(12), seeded(13), seeded(14));
            for _ in 0..deals {
                plain += right(obs.determinize_inferred(&mut rng, &inf));
                resampled += right(r.deal(&obs, &inf, &mut rng2));
                blind += right(b.deal(&obs, &inf, &mut rng3));
            }
            hidden += truth.len() as f64;
        }
        let per = (found.len() * deals) as f64;
        let (plain, resampled, blind) = (plain / per, resampled / per, blind / per);
        let hidden = hidden / found.len() as f64;
        eprintln!("of {hidden:.2} hidden tiles a deal gets {plain:.3} right by the rules, {resampled:.3} resampled, {blind:.3} blind to points");
        assert!(resampled > plain + 0.5, "{resampled:.3} against {plain:.3} by the rules");
        assert!(resampled > blind + 0.15, "{resampled:.3} against {blind:.3} blind to the points");
    }

    /// The temperature fitted to seat 1 after one round of a 2-player
    /// Goliath game where seat 1 plays `level` (seat 0 plays `greedy`).
    fn fitted_after_a_round(level: &str, seed: u64) -> f64 {
        let mut game = Game::new(RuleSet::of(Preset::Goliath), 2, seed).unwrap();
        let mut bots =
            [make_bot("greedy", seed, Budget::default()).unwrap(), make_bot(level, seed, Budget::default()).unwrap()];
        let before = fit_temperatures(&game.observe(0), 10.0)[1];
        assert_eq!(before, 10.0, "no finished round: the default");
        while !game.is_round_over() {
            let seat = game.to_move();
            let a = bots[seat as usize].choose(&game.observe(seat));
            game.play(a).unwrap();
        }
        let temps = fit_temperatures(&game.observe(0), 10.0);
        assert_eq!(temps[0], 10.0, "the observer's own seat is not fitted");
        temps[1]
    }

    #[test]
    fn a_greedy_player_fits_cold_and_a_random_one_warm() {
        let (mut greedy, mut random) = (Vec::new(), Vec::new());
        for seed in 1..9 {
            greedy.push(fitted_after_a_round("greedy", seed));
            random.push(fitted_after_a_round("random", seed));
        }
        greedy.sort_by(f64::total_cmp);
        random.sort_by(f64::total_cmp);
        // Medians: greedy takes the most points (cold), random anything (warm).
        assert!(greedy[4] <= 5.0, "greedy fitted {greedy:?}");
        assert!(random[4] >= 20.0, "random fitted {random:?}");
    }
}
