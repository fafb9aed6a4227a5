//! Game review: for every decision of one player in a recorded game, the
//! action played, the bot's preferred action and what the difference cost,
//! in points.
//!
//! The record is replayed through the engine. At each action of the
//! reviewed player the review takes that player's [`Observation`] at that
//! moment (their own hand, the public state and the tile they just drew,
//! never the other hands or the pool order) and works from it alone:
//!
//! 1. **The bot's preferred action**: the most visited root action of an
//!    ISMCTS search ([`Mcts::analyse`]) of `iterations` iterations, by
//!    [`Mcts::v4`]: the search that deals the unseen tiles as the values
//!    below do (every hand the rules allow alike), not today's `mcts`, whose
//!    soft choice model believes other hands than the evaluator and would
//!    be judged by beliefs it does not share.
//! 2. **Values, in points**: the played action and the preferred one are
//!    each evaluated on the same `samples` deals of the unseen tiles
//!    ([`Observation::determinize_inferred`], consistent with what the
//!    players did), each played out greedily to the end of the round (every
//!    player placing the tile that scores the most now, drawing or passing
//!    only when no tile fits). A sample's value is the reviewed player's
//!    total minus the best opponent's total once the round is over (its
//!    end-of-round scoring included): the **estimated margin at the end of
//!    the round**. The same deals for both actions (common random numbers)
//!    keep the noise of their difference small.
//! 3. **Loss** = `max(0, best_value - played_value)`. When the played action
//!    evaluates at least as well as the bot's, the played action is the best
//!    (`best == played`, loss 0): the review never blames a move its own
//!    evaluator prefers.
//!
//! A decision with a single legal action (a forced draw or pass) is not
//! searched: best = played, loss 0. A loss of [`MISTAKE`] points or more
//! marks a **mistake**, of [`BLUNDER`] or more a **blunder**.
//!
//! The horizon is the round: the search and the playouts stop at the end of
//! the current round, so the margin is that of the totals once this round is
//! scored (the final game margin in a game's last round). Later rounds are
//! not guessed at: a round's points carry over whole into the totals, and
//! a deal to come is the same lottery whatever was played.
//!
//! Everything is seeded from [`Options::seed`] and the decision's place in
//! the game (round and action number, both public): the same record,
//! player and options give the same review, on any number of threads.
//!
//! ```
//! use triominos_bots::review::{review, Options};
//! use triominos_core::record::{replay, write};
//! use triominos_core::{Game, RuleSet};
//! let mut game = Game::new(RuleSet::preset("goliath").unwrap(), 2, 5).unwrap();
//! for _ in 0..6 {
//!     let a = game.legal_actions()[0];
//!     game.play(a).unwrap();
//! }
//! let names = ["Ann".to_string(), "Bob".to_string()];
//! let replayed = replay(&write(&game, &names, &[]).unwrap()).unwrap();
//! let opts = Options { iterations: 50, samples: 8, ..Options::default() };
//! let r = review(&replayed, 0, &opts).unwrap();
//! assert_eq!(r.player, "Ann");
//! // One decision for each of Ann's actions.
//! let mine = game.history()[0].actions.iter().filter(|s| s.seat == 0).count();
//! assert_eq!(r.decisions.len(), mine);
//! assert!(r.decisions.iter().all(|d| d.loss >= 0.0 && d.best_value >= d.played_value));
//! ```

use crate::{Budget, Mcts};
use core::fmt;
use rayon::prelude::*;
use serde::Serialize;
use triominos_core::record::{RecordError, Replayed};
use triominos_core::rng::seeded;
use triominos_core::{Action, Game, Observation, Phase};

/// Default ISMCTS iterations a decision (`--iterations`).
pub const DEFAULT_ITERATIONS: u32 = 5_000;
/// Default deals of the unseen tiles on which the played and the preferred
/// actions are evaluated, each played out to the end of the round.
pub const DEFAULT_SAMPLES: u32 = 1_000;
/// A loss of this many points or more is a mistake.
pub const MISTAKE: f64 = 10.0;
/// A loss of this many points or more is a blunder.
pub const BLUNDER: f64 = 25.0;

/// How much to search and how (every field changes the review).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// ISMCTS iterations a decision for the bot's preferred action.
    pub iterations: u32,
    /// Deals of the unseen tiles each evaluated action is played out on.
    pub samples: u32,
    /// Seed of the searches and deals.
    pub seed: u64,
    /// Threads (decisions are reviewed in parallel; 0 or 1: one). The
    /// review is the same on any number.
    pub threads: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options { iterations: DEFAULT_ITERATIONS, samples: DEFAULT_SAMPLES, seed: 1, threads: 1 }
    }
}

/// How bad a decision was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    /// A loss of [`MISTAKE`] points or more.
    Mistake,
    /// A loss of [`BLUNDER`] points or more.
    Blunder,
}

impl Severity {
    /// The severity of a loss, if any.
    pub fn of(loss: f64) -> Option<Severity> {
        if loss >= BLUNDER {
            Some(Severity::Blunder)
        } else if loss >= MISTAKE {
            Some(Severity::Mistake)
        } else {
            None
        }
    }

    /// `mistake` or `blunder`.
    pub fn name(self) -> &'static str {
        match self {
            Severity::Mistake => "mistake",
            Severity::Blunder => "blunder",
        }
    }
}

/// One decision of the reviewed player.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Decision {
    /// 1-based line of the action in the record.
    pub line: usize,
    /// Round number (1-based).
    pub round: u32,
    /// Index of the action among all the round's actions (0-based, every
    /// player's counted), as in the round's history.
    pub step: usize,
    /// The action played (a triple's rotation normalized to 0).
    pub played: Action,
    /// The bot's preferred action, or the played one when it evaluates at
    /// least as well.
    pub best: Action,
    /// Estimated margin (points) at the end of the round after the played action.
    pub played_value: f64,
    /// Estimated margin (points) at the end of the round after `best`.
    pub best_value: f64,
    /// `best_value - played_value`, never negative.
    pub loss: f64,
    /// The player's legal actions (placements counted once each, plus draw or pass).
    pub legal: usize,
    /// Whether the move was forced (one legal action: not searched).
    pub forced: bool,
    /// `mistake` or `blunder`, by the loss; absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub severity: Option<Severity>,
    /// The player's total minus the best opponent's before the decision.
    pub margin_before: i32,
}

/// The points lost in one round.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RoundLoss {
    /// Round number.
    pub round: u32,
    /// Decisions of the player in the round.
    pub decisions: usize,
    /// Sum of their losses.
    pub loss: f64,
}

/// Sums over the review.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Totals {
    /// Decisions reviewed.
    pub decisions: usize,
    /// Of which forced (one legal action).
    pub forced: usize,
    /// Sum of the losses.
    pub loss: f64,
    /// `loss / decisions` (0 without decisions).
    pub average_loss: f64,
    /// Decisions marked mistake.
    pub mistakes: usize,
    /// Decisions marked blunder.
    pub blunders: usize,
    /// Points lost per round, in order.
    pub rounds: Vec<RoundLoss>,
}

/// A whole review.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Review {
    /// The reviewed player's name.
    pub player: String,
    /// Their seat.
    pub seat: u8,
    /// ISMCTS iterations a decision.
    pub iterations: u32,
    /// Deals each evaluated action was played out on.
    pub samples: u32,
    /// The seed.
    pub seed: u64,
    /// Every decision, in game order.
    pub decisions: Vec<Decision>,
    /// Sums.
    pub totals: Totals,
}

impl Review {
    /// The `n` decisions with the biggest losses (at least one point), the
    /// biggest first (the earliest first among equal losses).
    pub fn biggest(&self, n: usize) -> Vec<&Decision> {
        let mut v: Vec<&Decision> = self.decisions.iter().filter(|d| d.loss >= 1.0).collect();
        v.sort_by(|a, b| b.loss.total_cmp(&a.loss));
        v.truncate(n);
        v
    }
}

/// An action as a record writes it after the player's name: `play 2-5-5
/// -1,0 0` (with ` !` when announced), `draw`, `pass`.
pub fn action_text(a: Action) -> String {
    match a {
        Action::Play { placement: p, announce } => {
            format!("play {} {} {}{}", p.tile, p.cell, p.rotation, if announce { " !" } else { "" })
        }
        Action::Draw => "draw".into(),
        Action::Pass => "pass".into(),
    }
}

/// Why a review could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReviewError {
    /// The record does not replay.
    Record(RecordError),
    /// No player of that name.
    UnknownPlayer {
        /// The name asked for.
        name: String,
        /// The record's players.
        players: Vec<String>,
    },
    /// No such seat.
    NoSuchSeat {
        /// The seat asked for.
        seat: u8,
        /// The number of players.
        players: usize,
    },
    /// The game's own history did not replay (a bug, never a user's fault).
    Replay(String),
}

impl fmt::Display for ReviewError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReviewError::Record(e) => write!(f, "line {e}"),
            ReviewError::UnknownPlayer { name, players } => {
                write!(f, "no player {name:?} in this game (players: {})", players.join(", "))
            }
            ReviewError::NoSuchSeat { seat, players } => {
                write!(f, "no seat {seat}: the game has {players} players (seats 0 to {})", players.saturating_sub(1))
            }
            ReviewError::Replay(why) => write!(f, "the game does not replay: {why}"),
        }
    }
}

impl std::error::Error for ReviewError {}

/// Reviews the player named `player` (the first player when `None`) of a
/// record's text.
pub fn review_record(text: &str, player: Option<&str>, opts: &Options) -> Result<Review, ReviewError> {
    let replayed = triominos_core::record::replay(text).map_err(ReviewError::Record)?;
    let seat =
        match player {
            None => 0,
            Some(name) => replayed.players.iter().position(|p| p == name).ok_or_else(|| ReviewError::UnknownPlayer {
                name: name.to_string(),
                players: replayed.players.clone(),
            })? as u8,
        };
    review(&replayed, seat, opts)
}

/// Reviews seat `seat` of a replayed record (finished or not: an unfinished
/// game is reviewed as far as it goes).
pub fn review(replayed: &Replayed, seat: u8, opts: &Options) -> Result<Review, ReviewError> {
    review_with_progress(replayed, seat, opts, &|_, _| {})
}

/// [`review`], calling `progress(done, total)` after each decision (from
/// any thread, in any order).
pub fn review_with_progress(
    replayed: &Replayed,
    seat: u8,
    opts: &Options,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<Review, ReviewError> {
    let moments = moments(replayed, seat)?;
    let total = moments.len();
    let done = std::sync::atomic::AtomicUsize::new(0);
    let judge_one = |m: &Moment| {
        let d = judge(m, opts);
        progress(done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1, total);
        d
    };
    let decisions: Vec<Decision> = if opts.threads > 1 {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(opts.threads)
            .build()
            .map_err(|e| ReviewError::Replay(format!("cannot start threads: {e}")))?;
        pool.install(|| moments.par_iter().map(judge_one).collect())
    } else {
        moments.iter().map(judge_one).collect()
    };
    Ok(finish(replayed, seat, opts, decisions))
}

/// The review of the `decisions` judged ([`judge`]) from the [`moments`]
/// of seat `seat` of `replayed` with `opts`, in order: the sums added.
/// (For a caller that schedules the decisions itself, one at a time.)
pub fn finish(replayed: &Replayed, seat: u8, opts: &Options, decisions: Vec<Decision>) -> Review {
    let totals = totals(&decisions);
    Review {
        player: replayed.players.get(seat as usize).cloned().unwrap_or_default(),
        seat,
        iterations: opts.iterations,
        samples: opts.samples,
        seed: opts.seed,
        decisions,
        totals,
    }
}

/// A decision to review: what the player saw then (their observation,
/// nothing more) and what they did.
#[derive(Clone, Debug)]
pub struct Moment {
    obs: Observation,
    played: Action,
    line: usize,
    round: u32,
    step: usize,
}

impl Moment {
    /// Round number (1-based).
    pub fn round(&self) -> u32 {
        self.round
    }

    /// Index of the action among the round's actions (0-based).
    pub fn step(&self) -> usize {
        self.step
    }
}

/// Replays the record's history and keeps, at every action of `seat`, that
/// seat's observation: the decisions to [`judge`], in game order.
pub fn moments(replayed: &Replayed, seat: u8) -> Result<Vec<Moment>, ReviewError> {
    let history = replayed.game.history();
    let n = replayed.players.len();
    if seat as usize >= n {
        return Err(ReviewError::NoSuchSeat { seat, players: n });
    }
    let mut out = Vec::new();
    let mut game: Option<Game> = None;
    for (r, h) in history.iter().enumerate() {
        let bad = |e: String| ReviewError::Replay(format!("round {}: {e}", r + 1));
        match game.as_mut() {
            None => game = Some(Game::with_deal(replayed.rules, n, h.deal.clone()).map_err(|e| bad(e.to_string()))?),
            Some(g) => g.begin_round(h.deal.clone()).map_err(|e| bad(e.to_string()))?,
        }
        let g = game.as_mut().ok_or_else(|| bad("no game".into()))?;
        let lines = replayed.report.rounds.get(r).map(|rr| &rr.actions[..]).unwrap_or(&[]);
        for (i, step) in h.actions.iter().enumerate() {
            if step.seat == seat {
                let played = match step.action {
                    Action::Play { placement, announce } => {
                        Action::Play { placement: placement.normalized(), announce }
                    }
                    a => a,
                };
                out.push(Moment {
                    obs: g.observe(seat),
                    played,
                    line: lines.get(i).map_or(0, |a| a.line),
                    round: g.public().round(),
                    step: i,
                });
            }
            g.play_as(step.seat, step.action).map_err(|e| bad(format!("action {}: {e}", i + 1)))?;
        }
    }
    Ok(out)
}

/// Mixes the review's seed and a decision's public place into its own seed.
fn decision_seed(seed: u64, round: u32, step: usize, salt: u64) -> u64 {
    let mut x =
        seed ^ (round as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (step as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    x ^= salt.wrapping_mul(0xD1B5_4A32_D192_ED03);
    // splitmix64's finalizer
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// Rounds to hundredths of a point, so that text and JSON agree.
fn hundredths(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// The player's total minus the best opponent's.
fn margin(totals: &[i32], seat: u8) -> i32 {
    let mine = totals[seat as usize];
    let best_other = totals.iter().enumerate().filter(|(s, _)| *s != seat as usize).map(|(_, &t)| t).max();
    mine - best_other.unwrap_or(0)
}

/// Judges one decision from the player's observation alone: the bot's
/// preferred action, both values and the loss (see the module docs).
pub fn judge(m: &Moment, opts: &Options) -> Decision {
    let obs = &m.obs;
    let legal = obs.legal_actions();
    let forced = legal.len() <= 1;
    let preferred = if forced {
        m.played
    } else {
        let seed = decision_seed(opts.seed, m.round, m.step, 1);
        let mut bot = Mcts::v4(seed, Budget::iterations(opts.iterations.max(1)), 1);
        bot.analyse(obs).first().map_or(m.played, |t| t.0)
    };
    let candidates: Vec<Action> = if preferred == m.played { vec![m.played] } else { vec![m.played, preferred] };
    let values = evaluate(obs, &candidates, opts.samples.max(1), decision_seed(opts.seed, m.round, m.step, 2));
    let played_value = hundredths(values[0]);
    let (best, best_value) = match values.get(1) {
        Some(&v) if hundredths(v) > played_value => (preferred, hundredths(v)),
        _ => (m.played, played_value),
    };
    let loss = hundredths(best_value - played_value);
    Decision {
        line: m.line,
        round: m.round,
        step: m.step,
        played: m.played,
        best,
        played_value,
        best_value,
        loss,
        legal: legal.len(),
        forced,
        severity: Severity::of(loss),
        margin_before: margin(obs.public().totals(), obs.seat()),
    }
}

/// The mean margin at the end of the round after each action, over the same
/// `samples` deals of the unseen tiles, played out greedily. An action the
/// observer may not take (never one they took) is valued at the margin now.
pub fn evaluate(obs: &Observation, actions: &[Action], samples: u32, seed: u64) -> Vec<f64> {
    let seat = obs.seat();
    let inference = obs.inference();
    let mut rng = seeded(seed);
    let mut sums = vec![0i64; actions.len()];
    let legal: Vec<bool> = actions.iter().map(|&a| obs.check(a).is_ok()).collect();
    let mut buf = Vec::with_capacity(128);
    for _ in 0..samples {
        let deal = obs.determinize_inferred(&mut rng, &inference);
        for (i, &a) in actions.iter().enumerate() {
            if !legal[i] {
                sums[i] += margin(obs.public().totals(), seat) as i64;
                continue;
            }
            let mut g = deal.clone();
            g.play_unchecked(a);
            greedy_to_round_end(&mut g, &mut buf);
            sums[i] += margin(g.totals(), seat) as i64;
        }
    }
    sums.iter().map(|&s| s as f64 / samples as f64).collect()
}

/// Plays the round out: every player the placement scoring the most now
/// (the first listed on a tie), drawing or passing only when none fits.
fn greedy_to_round_end(g: &mut Game, buf: &mut Vec<Action>) {
    let round = g.public().round();
    let mut guard = 0;
    while g.public().phase() == Phase::Playing && g.public().round() == round && guard < 2_000 {
        guard += 1;
        g.legal_actions_into(buf);
        let mut best: Option<(Action, i32)> = None;
        for &a in buf.iter() {
            if let Action::Play { placement, .. } = a {
                let pts = g.placement_score(placement).points;
                if best.is_none_or(|(_, b)| pts > b) {
                    best = Some((a, pts));
                }
            }
        }
        let a = match best {
            Some((a, _)) => a,
            None => buf.iter().copied().find(|a| *a == Action::Draw).unwrap_or(Action::Pass),
        };
        if buf.is_empty() {
            break;
        }
        g.play_unchecked(a);
    }
}

fn totals(decisions: &[Decision]) -> Totals {
    let mut rounds: Vec<RoundLoss> = Vec::new();
    for d in decisions {
        match rounds.last_mut() {
            Some(r) if r.round == d.round => {
                r.decisions += 1;
                r.loss += d.loss;
            }
            _ => rounds.push(RoundLoss { round: d.round, decisions: 1, loss: d.loss }),
        }
    }
    for r in &mut rounds {
        r.loss = hundredths(r.loss);
    }
    let loss: f64 = decisions.iter().map(|d| d.loss).sum();
    let n = decisions.len();
    Totals {
        decisions: n,
        forced: decisions.iter().filter(|d| d.forced).count(),
        loss: hundredths(loss),
        average_loss: if n == 0 { 0.0 } else { hundredths(loss / n as f64) },
        mistakes: decisions.iter().filter(|d| d.severity == Some(Severity::Mistake)).count(),
        blunders: decisions.iter().filter(|d| d.severity == Some(Severity::Blunder)).count(),
        rounds,
    }
}
