//! Game review: for every decision of one player in a recorded game, the
//! action played, the judge's preferred action, what the difference cost in
//! points with its uncertainty, and why.
//!
//! The record is replayed through the engine. At each action of the
//! reviewed player the review takes that player's [`Observation`] at that
//! moment (their own hand, the public state and the tile they just drew,
//! never the other hands or the pool order) and asks [the judge](crate::judge)
//! about it, the one judgement hints and puzzle hints use too:
//!
//! 1. **Candidates**: the actions Expert's search ([`Options::iterations`]
//!    iterations) tried most, every placement that forms a figure or goes
//!    out, and the played action.
//! 2. **Values, in points**: every candidate valued on the same
//!    [`Options::samples`] deals of the unseen tiles (common random numbers)
//!    by Expert's search of the position after it: the expected margin (the
//!    player's total minus the best opponent's) where the search stops, with
//!    a standard error.
//! 3. **Loss** = the best candidate's value minus the played one's, with the
//!    standard error of that difference (paired, on the same deals). When the
//!    judge cannot tell them apart (the loss within two standard errors of
//!    zero) the played action is **as good**: `best` is the played action and
//!    no loss is charged. A **mistake** is a loss that clears [`MISTAKE`]
//!    points by two standard errors, a **blunder** one that clears [`BLUNDER`].
//! 4. **Why**: for a decision with a loss, what the better move does that the
//!    played one did not ([`Decision::reasons`], from the judge's one
//!    explainer), and the played move's own reasons.
//!
//! A decision with a single legal action (a forced draw or pass) is not
//! searched: best = played, loss 0.
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
//! // A loss always comes with a reason.
//! assert!(r.decisions.iter().all(|d| d.loss == 0.0 || !d.reasons.is_empty()));
//! ```

use crate::judge::{self, Candidate, Contrast, Difference, MoveName, Reason, Settings};
use core::fmt;
use rayon::prelude::*;
use serde::Serialize;
use triominos_core::record::{RecordError, Replayed};
use triominos_core::{Action, Game, HistoryEntry, Observation};

pub use crate::judge::{Severity, BLUNDER, MISTAKE};

/// Default iterations of Expert's search a decision (`--iterations`): the
/// judge's ([`judge::DEFAULT_SEARCH`]).
pub const DEFAULT_ITERATIONS: u32 = judge::DEFAULT_SEARCH;
/// Default deals of the unseen tiles on which every candidate is valued
/// (`--samples`): the judge's ([`judge::DEFAULT_DEALS`]).
pub const DEFAULT_SAMPLES: u32 = judge::DEFAULT_DEALS;

/// How much to search and how (every field changes the review).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Iterations of Expert's search a decision, which rank the candidates
    /// ([`Settings::search`]).
    pub iterations: u32,
    /// Deals of the unseen tiles every candidate is valued on
    /// ([`Settings::deals`]).
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

impl Options {
    /// The judge's settings of these options.
    pub fn settings(&self) -> Settings {
        Settings { search: self.iterations.max(1), deals: self.samples.max(2) }
    }
}

/// One decision of the reviewed player.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Decision {
    /// 1-based line of the action in the record.
    pub line: usize,
    /// Round number (1-based).
    pub round: u32,
    /// Index of the action among the round's entries (0-based, every
    /// player's actions and the referee's timeouts counted), as in
    /// `RoundHistory::entries` and the record's lines.
    pub step: usize,
    /// The action played (a triple's rotation normalized to 0).
    pub played: Action,
    /// The judge's preferred action, or the played one when the judge
    /// cannot tell them apart (as good) or prefers it.
    pub best: Action,
    /// `played` as people read it: the move notation on the board the
    /// player faced, and its spot (never a cell nor a rotation).
    pub played_name: Option<MoveName>,
    /// `best` as people read it.
    pub best_name: Option<MoveName>,
    /// The played action's value: the expected margin (the player's total
    /// minus the best opponent's, points) where the judge's search stops.
    pub played_value: f64,
    /// The value of `best`.
    pub best_value: f64,
    /// The loss charged: `best_value - played_value`, never negative, 0 when
    /// as good.
    pub loss: f64,
    /// The best candidate's value minus the played one's, charged or not
    /// (never negative).
    pub estimated_loss: f64,
    /// The standard error of `estimated_loss` (paired, on the same deals).
    pub se: f64,
    /// Whether the judge valued another action higher but cannot tell it
    /// apart from the played one: the played action is as good.
    pub as_good: bool,
    /// How `best` differs from `played` (`tile`, `spot`, `turn`, `announce`,
    /// `kind`); absent when they are the same.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub differs: Option<Difference>,
    /// What the better move does that the played one did not, and what the
    /// played one costs that the better avoids (`{"side", "code",
    /// "params"}`); never empty when a loss is charged, empty otherwise.
    pub reasons: Vec<Contrast>,
    /// The played move's own reasons (`{"code", "params"}`).
    pub played_reasons: Vec<Reason>,
    /// Every action the judge valued, the best value first, each with its
    /// standard error.
    pub candidates: Vec<Candidate>,
    /// The player's legal actions (placements counted once each, plus draw or pass).
    pub legal: usize,
    /// Whether the move was forced (one legal action: not searched).
    pub forced: bool,
    /// `mistake` or `blunder`, by the loss and its uncertainty; absent otherwise.
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
    /// Decisions where the played action is as good as the judge's best.
    pub as_good: usize,
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
    /// Every seat's name, in seat order (the reasons name seats).
    pub players: Vec<String>,
    /// Iterations of Expert's search a decision (ranking the candidates).
    pub iterations: u32,
    /// Deals every candidate was valued on.
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

/// The review of the `decisions` judged ([`judge()`]) from the [`moments`]
/// of seat `seat` of `replayed` with `opts`, in order: the sums added.
/// (For a caller that schedules the decisions itself, one at a time.)
pub fn finish(replayed: &Replayed, seat: u8, opts: &Options, decisions: Vec<Decision>) -> Review {
    let totals = totals(&decisions);
    Review {
        player: replayed.players.get(seat as usize).cloned().unwrap_or_default(),
        seat,
        players: replayed.players.clone(),
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

    /// Index of the action among the round's entries, timeouts counted (0-based).
    pub fn step(&self) -> usize {
        self.step
    }
}

/// Replays the record's history (actions and the Challenge timer's
/// timeouts, in play order) and keeps, at every action of `seat`, that
/// seat's observation: the decisions to [`judge()`], in game order. A timeout
/// is the referee's, not a decision: it is replayed, never judged.
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
        for (i, entry) in h.entries().enumerate() {
            let step = match entry {
                HistoryEntry::Action(step) => step,
                // The referee's timeout (the Challenge timer): replayed, not a decision.
                HistoryEntry::Timeout(t) => {
                    g.time_out_as(t.seat).map_err(|e| bad(format!("timeout {}: {e}", i + 1)))?;
                    continue;
                }
            };
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
fn decision_seed(seed: u64, round: u32, step: usize) -> u64 {
    let x =
        seed ^ (round as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (step as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    judge::mix(x, 3)
}

/// Rounds to hundredths of a point, so that text and JSON agree.
fn hundredths(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// The judge's analysis of one decision, the very one [`judge()`] gives its
/// verdict from (the same seed: the decision's public place): for a caller
/// that needs more of it than the [`Decision`] (the actions as good as the
/// best, the best move's graded hint: a personal puzzle). `None` when the
/// player had nothing to decide.
pub fn analysis(m: &Moment, opts: &Options) -> Option<judge::Analysis> {
    judge::analyse(&m.obs, opts.settings(), decision_seed(opts.seed, m.round, m.step), &[m.played])
}

/// Judges one decision from the player's observation alone (see the module
/// docs).
pub fn judge(m: &Moment, opts: &Options) -> Decision {
    let obs = &m.obs;
    let legal = obs.legal_actions();
    let forced = legal.len() <= 1;
    let margin_before = judge::margin(obs.public().totals(), obs.seat());
    let analysis = analysis(m, opts);
    let verdict = analysis.as_ref().and_then(|a| a.verdict(m.played));
    let (Some(a), Some(v)) = (analysis, verdict) else {
        // Not the player's turn (never in a record that replays): nothing judged.
        let now = margin_before as f64;
        let name = MoveName::of(m.played, obs.public().board());
        return Decision {
            line: m.line,
            round: m.round,
            step: m.step,
            played: m.played,
            best: m.played,
            played_name: name.clone(),
            best_name: name,
            played_value: now,
            best_value: now,
            loss: 0.0,
            estimated_loss: 0.0,
            se: 0.0,
            as_good: false,
            differs: None,
            reasons: Vec::new(),
            played_reasons: Vec::new(),
            candidates: Vec::new(),
            legal: legal.len(),
            forced,
            severity: None,
            margin_before,
        };
    };
    let reasons = if v.loss > 0.0 { a.contrast(obs, v.best, m.played) } else { Vec::new() };
    Decision {
        line: m.line,
        round: m.round,
        step: m.step,
        played: m.played,
        best: v.best,
        played_name: MoveName::of(m.played, obs.public().board()),
        best_name: MoveName::of(v.best, obs.public().board()),
        played_value: v.played_value,
        best_value: v.best_value,
        loss: v.loss,
        estimated_loss: v.estimated_loss,
        se: v.se,
        as_good: v.as_good,
        differs: Difference::between(m.played, v.best),
        reasons,
        played_reasons: a.explain(obs, m.played),
        candidates: a.candidates.clone(),
        legal: legal.len(),
        forced,
        severity: v.severity,
        margin_before,
    }
}

/// The observation a decision was taken from (the player's view only).
impl Moment {
    /// What the player saw.
    pub fn observation(&self) -> &Observation {
        &self.obs
    }

    /// The action played.
    pub fn played(&self) -> Action {
        self.played
    }

    /// 1-based line of the action in the record.
    pub fn line(&self) -> usize {
        self.line
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
        as_good: decisions.iter().filter(|d| d.as_good).count(),
        rounds,
    }
}
