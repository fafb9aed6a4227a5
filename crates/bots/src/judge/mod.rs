//! The judge: the one judgement that hints, the game review and puzzle hints
//! call. It values a seat's candidate actions in points with Expert's search,
//! says how sure it is, and explains in reasons a player can read.
//!
//! Everything is read from one [`Observation`] (the seat's own hand and the
//! public game), never from another hand or the pool order.
//!
//! # How a position is judged ([`analyse`])
//!
//! 1. **Ranking**: Expert's search ([`crate::mcts`] with the Expert level's
//!    configuration, the soft choice model's deals at Expert's first-round
//!    temperature) of [`Settings::search`] iterations on one thread ranks the
//!    legal actions by visits.
//! 2. **Candidates**: any action the caller asks about (the played one, in
//!    a review), the [`TOP_SEARCHED`] most searched actions, **every
//!    placement that forms a figure** (bridge, bridge extension, hexagons)
//!    **or goes out** (the most points now first), and any other action
//!    searched at least a quarter as much as the most searched, up to
//!    [`MAX_CANDIDATES`].
//! 3. **Values, on the same deals**: [`Settings::deals`] deals of the unseen
//!    tiles, drawn as Expert's search draws them (consistent with what the
//!    players did, weighed by the soft choice model); on each deal every
//!    candidate is played and the position after it searched by Expert's
//!    search (one iteration a deal, on one of the candidate's [`REPLICATES`]
//!    trees in turn: its tree walk and greedy playout to the horizon). A
//!    sample is the seat's total minus the best opponent's where that
//!    iteration stopped; a candidate's value is the mean of its samples, in
//!    points. All the candidates see the same deals, hands and pool order
//!    alike (common random numbers), so the difference of two values is far
//!    less noisy than either.
//! 4. **Standard errors** of a value and of a difference (from the paired
//!    samples): the larger of the deals' spread (deals copied from one
//!    candidate deal of the resampler counted as one unit) and the spread of
//!    the replicate trees' means. A search's mean owes much to its tree's own
//!    luck (which lines it found early): at one decision of a measured game,
//!    the same 1,000 deals searched by four differently seeded trees valued
//!    one action between 74 and 109 where the deals' spread said +-1.5; the
//!    replicates show it. On 100 decisions of four games, each analysed with
//!    four seeds, the differences spread by 0.67 to 0.92 of the standard
//!    errors (honest ones: 0.87); the deals' spread alone gave 2.5 on one game
//!    (crates/bots/README.md).
//!
//! The values are those of Expert's search as it was before issue 49
//! (`mcts::Config::JUDGE`: its tree and playouts of 10 moves, without the
//! learned evaluation, on which the judge's thresholds and standard errors
//! were measured), not greedy playouts to the end of the round: the bots README measured the rest of a round played greedily as
//! about 70 points of noise a playout and nothing a decision can use.
//!
//! # A verdict ([`Analysis::verdict`])
//!
//! The loss of an action is the best candidate's value minus its own, with
//! the standard error of that difference. When the loss is within
//! [`SEPARATION`] standard errors of zero the judge cannot tell the two apart
//! and calls the action **as good** (no loss charged). A **mistake** is a
//! loss that clears [`MISTAKE`] points by [`SEPARATION`] standard errors
//! (`loss - 2 se >= 10`), a **blunder** one that clears [`BLUNDER`].
//!
//! # Reasons ([`explain`], [`contrast`])
//!
//! [`Reason`]s are data (`{"code", "params"}`), worded by the front end in its
//! languages and by `words` in English: the points a move scores now, the
//! bonus spots it leaves the next player and how often that player holds a
//! tile that fits, a figure it sets up for oneself, tiles kept or shed, going
//! out, what a draw costs and what it may bring.
//!
//! ```
//! use triominos_bots::judge::{analyse, Settings};
//! use triominos_core::{Game, RuleSet};
//! let game = Game::new(RuleSet::preset("goliath").unwrap(), 2, 5).unwrap();
//! let obs = game.observe(game.to_move());
//! let small = Settings { search: 300, deals: 40 };
//! let a = analyse(&obs, small, 7, &[]).unwrap();
//! // The best first; every value with its standard error.
//! assert!(a.candidates.windows(2).all(|w| w[0].value >= w[1].value));
//! assert!(a.candidates.iter().all(|c| c.se >= 0.0));
//! // The best candidate is as good as itself.
//! let v = a.verdict(a.best().action).unwrap();
//! assert_eq!(v.loss, 0.0);
//! assert!(v.severity.is_none());
//! ```

mod explain;
mod words;

pub use explain::{contrast, explain, Beliefs, Contrast, Difference, Figure, MoveName, Reason, Side, SpotWords};
pub use words::{action_words, contrast_words, instead_words, reason_words};

use crate::choices::{fit_temperatures, ChoiceModel, Resampler};
use crate::mcts::{Config, Tree};
use crate::{Budget, Mcts};
use serde::Serialize;
use triominos_core::rng::{seeded, ChaCha8Rng};
use triominos_core::{Action, Event, Game, Observation, Phase, Placement, Tile};

/// Iterations of the ranking search a decision by default: Expert's search
/// as its strength is measured (`mcts@10000`, crates/bots/README.md).
pub const DEFAULT_SEARCH: u32 = 10_000;
/// Deals on which every candidate is valued by default.
pub const DEFAULT_DEALS: u32 = 2_000;
/// The most searched actions that are always candidates.
pub const TOP_SEARCHED: usize = 3;
/// The most candidates valued (the played one, the most searched, then the
/// figures and outs by their points now).
pub const MAX_CANDIDATES: usize = 10;
/// Standard errors by which a loss must clear a threshold (0 for "as good").
pub const SEPARATION: f64 = 2.0;
/// A loss that clears this many points (by [`SEPARATION`] standard errors)
/// is a mistake.
pub const MISTAKE: f64 = 10.0;
/// A loss that clears this many points (by [`SEPARATION`] standard errors)
/// is a blunder.
pub const BLUNDER: f64 = 25.0;

/// How much the judge searches (every field changes its answers).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Settings {
    /// Iterations of Expert's search that rank the actions.
    pub search: u32,
    /// Deals of the unseen tiles each candidate is valued on (one
    /// iteration of its own search a deal).
    pub deals: u32,
}

impl Settings {
    /// The judged budget of hints and reviews alike (see the bots README:
    /// a whole 2-player game's review on one core within 30 s).
    pub const DEFAULT: Settings = Settings { search: DEFAULT_SEARCH, deals: DEFAULT_DEALS };
}

impl Default for Settings {
    fn default() -> Settings {
        Settings::DEFAULT
    }
}

/// Why an action is among the candidates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// Among the actions the ranking search tried most.
    Searched,
    /// A placement that forms a figure (bridge, bridge extension, hexagon).
    Figure,
    /// A placement that goes out.
    Out,
    /// Asked about by the caller (the action played, in a review).
    Asked,
}

/// One valued action.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Candidate {
    /// The action.
    pub action: Action,
    /// Its value: the mean, over the deals, of the seat's total minus the
    /// best opponent's where the search of each deal stopped, in points.
    pub value: f64,
    /// The standard error of `value` (see the module docs: the larger of the
    /// deals' spread and the replicate trees').
    pub se: f64,
    /// Its visits in the ranking search.
    pub visits: u32,
    /// Why it is a candidate.
    pub sources: Vec<Source>,
    /// One sample a deal, in the order of the deals (for paired differences).
    #[serde(skip)]
    samples: Vec<f64>,
}

/// The difference between two candidates on the same deals.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Comparison {
    /// The first's value minus the second's, in points.
    pub loss: f64,
    /// The standard error of that difference (from the paired samples).
    pub se: f64,
}

impl Comparison {
    /// Whether the judge can tell the two apart: the difference clears zero
    /// by [`SEPARATION`] standard errors.
    pub fn separable(&self) -> bool {
        self.loss.abs() - SEPARATION * self.se > 0.0
    }
}

/// How bad a decision was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    /// A loss that clears [`MISTAKE`] points by its uncertainty.
    Mistake,
    /// A loss that clears [`BLUNDER`] points by its uncertainty.
    Blunder,
}

impl Severity {
    /// The severity of a sure loss of `loss` points, if any.
    pub fn of(loss: f64) -> Option<Severity> {
        if loss >= BLUNDER {
            Some(Severity::Blunder)
        } else if loss >= MISTAKE {
            Some(Severity::Mistake)
        } else {
            None
        }
    }

    /// The severity of a loss of `loss` points with standard error `se`: by
    /// the loss less [`SEPARATION`] standard errors.
    pub fn judged(loss: f64, se: f64) -> Option<Severity> {
        Severity::of(loss - SEPARATION * se)
    }

    /// `mistake` or `blunder`.
    pub fn name(self) -> &'static str {
        match self {
            Severity::Mistake => "mistake",
            Severity::Blunder => "blunder",
        }
    }
}

/// What the judge says of one action of the seat.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Verdict {
    /// The action judged.
    pub played: Action,
    /// The candidate of the best value.
    pub top: Action,
    /// The action the judge prefers: `top`, or `played` itself when the judge
    /// cannot tell them apart.
    pub best: Action,
    /// The value of `played`.
    pub played_value: f64,
    /// The value of `best`.
    pub best_value: f64,
    /// The loss charged: `best_value - played_value` (0 when as good).
    pub loss: f64,
    /// `top`'s value minus `played`'s, never negative, charged or not.
    pub estimated_loss: f64,
    /// The standard error of `estimated_loss` (paired, on the same deals).
    pub se: f64,
    /// Whether `played` is not the top candidate but cannot be told apart
    /// from it.
    pub as_good: bool,
    /// A mistake or a blunder, by the loss and its uncertainty.
    pub severity: Option<Severity>,
}

/// The judgement of one position: its candidates valued on the same deals.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Analysis {
    /// The judged seat.
    pub seat: u8,
    /// The seat's total minus the best opponent's now.
    pub margin: i32,
    /// The budget it was judged with.
    pub settings: Settings,
    /// The candidates, the best value first.
    pub candidates: Vec<Candidate>,
    /// Each deal's cluster (see [`analyse`]'s standard errors).
    #[serde(skip)]
    clusters: Vec<usize>,
    /// Deals the values came from (the seat's beliefs, for the reasons).
    #[serde(skip)]
    beliefs: Beliefs,
}

impl Analysis {
    /// The candidate of the best value.
    pub fn best(&self) -> &Candidate {
        &self.candidates[0]
    }

    /// The candidate for this action, if it was valued.
    pub fn candidate(&self, a: Action) -> Option<&Candidate> {
        self.candidates.iter().find(|c| c.action == a)
    }

    /// `a`'s value minus `b`'s on the same deals, if both were valued.
    pub fn compare(&self, a: Action, b: Action) -> Option<Comparison> {
        let (x, y) = (self.candidate(a)?, self.candidate(b)?);
        let d: Vec<f64> = x.samples.iter().zip(&y.samples).map(|(p, q)| p - q).collect();
        let (mean, se) = mean_se(&d, &self.clusters);
        Some(Comparison { loss: mean, se })
    }

    /// Whether `a` cannot be told apart from the best candidate (the best
    /// itself included); `false` for an action not valued.
    pub fn as_good(&self, a: Action) -> bool {
        self.compare(self.best().action, a).is_some_and(|c| !c.separable())
    }

    /// The candidates the judge cannot tell apart from the best, the best first.
    pub fn as_good_actions(&self) -> Vec<Action> {
        self.candidates.iter().map(|c| c.action).filter(|&a| self.as_good(a)).collect()
    }

    /// The verdict on `played` (a valued candidate; `None` otherwise).
    pub fn verdict(&self, played: Action) -> Option<Verdict> {
        let top = self.best();
        let mine = self.candidate(played)?;
        let cmp = self.compare(top.action, played)?;
        let estimated = round2(cmp.loss.max(0.0));
        let se = round2(cmp.se);
        let separable = top.action != played && cmp.separable();
        let (best, best_value) = if separable { (top.action, top.value) } else { (played, mine.value) };
        let loss = if separable { estimated } else { 0.0 };
        Some(Verdict {
            played,
            top: top.action,
            best,
            played_value: round2(mine.value),
            best_value: round2(best_value),
            loss,
            estimated_loss: estimated,
            se,
            as_good: top.action != played && !separable,
            severity: if separable { Severity::judged(estimated, se) } else { None },
        })
    }

    /// The reasons for `action` (see [`explain`]), from this analysis's deals.
    pub fn explain(&self, obs: &Observation, action: Action) -> Vec<Reason> {
        explain(obs, action, &self.beliefs)
    }

    /// What `better` does that `played` did not (see [`contrast`]); never
    /// empty when the two differ. When the reasons' points (the points now,
    /// the bonus the next seat can expect, its going out) fall short of the judge's
    /// difference by more than two standard errors (and 5 points), the rest
    /// is said as [`Reason::Expects`]: what the search expects over the
    /// next moves.
    pub fn contrast(&self, obs: &Observation, better: Action, played: Action) -> Vec<Contrast> {
        let mut v = contrast(obs, better, played, &self.beliefs);
        if better == played {
            return v;
        }
        let Some(c) = self.compare(better, played) else { return v };
        let mut said = 0.0;
        for x in &v {
            let sign = if x.side == Side::Played { 1.0 } else { -1.0 };
            match &x.reason {
                Reason::ScoresMore { points } => said += *points as f64,
                Reason::LeavesSpot { expected, .. } | Reason::NextOut { expected, .. } => said += sign * expected,
                _ => {}
            }
        }
        let rest = c.loss - said;
        if v.is_empty() || rest > (SEPARATION * c.se).max(5.0) {
            v.push(Contrast { side: Side::Better, reason: Reason::Expects { points: round1(rest) } });
        }
        v
    }

    /// The seat's beliefs about the hidden tiles: the deals of the values.
    pub fn beliefs(&self) -> &Beliefs {
        &self.beliefs
    }
}

/// Judges the observer's position: the candidates valued on the same deals,
/// best first. `asked`: actions to value whatever the search thinks of them
/// (the played action, in a review; an action not legal for the observer is
/// left out). `None` when the observer has nothing to decide. The same
/// observation, settings, seed and `asked` give the same analysis.
pub fn analyse(obs: &Observation, settings: Settings, seed: u64, asked: &[Action]) -> Option<Analysis> {
    let legal = obs.legal_actions();
    if legal.is_empty() {
        return None;
    }
    let mut candidates: Vec<Candidate> = Vec::new();
    let add = |candidates: &mut Vec<Candidate>, a: Action, source: Source, visits: u32| {
        if let Some(c) = candidates.iter_mut().find(|c| c.action == a) {
            if !c.sources.contains(&source) {
                c.sources.push(source);
            }
            return;
        }
        candidates.push(Candidate {
            action: a,
            value: 0.0,
            se: 0.0,
            visits,
            sources: vec![source],
            samples: Vec::new(),
        });
    };
    for &a in asked {
        if obs.check(a).is_ok() {
            add(&mut candidates, a, Source::Asked, 0);
        }
    }
    let stats = if legal.len() > 1 {
        let budget = Budget::iterations(settings.search.max(1));
        Mcts::with_config(mix(seed, 1), budget, 1, Config::JUDGE).analyse(obs)
    } else {
        legal.iter().map(|&a| (a, 0, 0.0)).collect()
    };
    let top_visits = stats.first().map_or(0, |s| s.1);
    for &(a, visits, _) in stats.iter().take(TOP_SEARCHED) {
        add(&mut candidates, a, Source::Searched, visits);
    }
    // Figures and outs, the most points now first; then the actions searched
    // at least a quarter as much as the most searched.
    let mut special: Vec<(i32, Action, Source)> = Vec::new();
    for &a in &legal {
        if let Action::Play { placement, announce } = a {
            if obs.hand().len() == 1 {
                special.push((scored(obs, placement, announce), a, Source::Out));
            } else if !obs.public().board().preview(placement).is_empty() {
                special.push((scored(obs, placement, announce), a, Source::Figure));
            }
        }
    }
    special.sort_by_key(|s| std::cmp::Reverse(s.0));
    let searched = stats.iter().skip(TOP_SEARCHED).filter(|s| s.1 > 0 && s.1 * 4 >= top_visits);
    let more = special.into_iter().map(|(_, a, source)| (a, source)).chain(searched.map(|s| (s.0, Source::Searched)));
    for (a, source) in more {
        if candidates.len() >= MAX_CANDIDATES && candidates.iter().all(|c| c.action != a) {
            continue;
        }
        add(&mut candidates, a, source, 0);
    }
    for c in &mut candidates {
        if let Some(s) = stats.iter().find(|s| s.0 == c.action) {
            c.visits = s.1;
        }
    }
    let actions: Vec<Action> = candidates.iter().map(|c| c.action).collect();
    let (samples, clusters, beliefs) = value(obs, &actions, settings.deals.max(2), mix(seed, 2));
    for (c, s) in candidates.iter_mut().zip(samples) {
        let (mean, se) = mean_se(&s, &clusters);
        c.value = round2(mean);
        c.se = round2(se);
        c.samples = s;
    }
    // Best value first; ties by visits, then in the order found.
    candidates.sort_by(|a, b| {
        let (ma, mb) = (mean(&a.samples), mean(&b.samples));
        mb.total_cmp(&ma).then(b.visits.cmp(&a.visits))
    });
    Some(Analysis {
        seat: obs.seat(),
        margin: margin(obs.public().totals(), obs.seat()),
        settings,
        candidates,
        clusters,
        beliefs,
    })
}

/// What a placement scores now on the observer's board.
fn scored(obs: &Observation, pl: Placement, announce: bool) -> i32 {
    let p = obs.public();
    triominos_core::scoring::score_placement(p.rules(), pl.tile, p.board().is_empty(), p.board().preview(pl), announce)
        .points
}

/// The temperatures of the soft choice model as Expert's search takes them:
/// its first-round temperature, or each player's fitted once a round ended.
fn temperatures(obs: &Observation, cfg: &Config) -> [f64; triominos_core::MAX_PLAYERS] {
    let default = [cfg.choice_temperature; triominos_core::MAX_PLAYERS];
    if obs.public().events().iter().any(|e| matches!(e, Event::RoundEnded { .. })) {
        fit_temperatures(obs, cfg.choice_temperature)
    } else {
        default
    }
}

/// Deals of the unseen tiles as Expert's search deals them: consistent with
/// what the players did, resampled by the soft choice model.
struct Dealer {
    inf: triominos_core::Inference,
    resampler: Option<Resampler>,
}

impl Dealer {
    fn new(obs: &Observation, candidates: usize, rng: &mut ChaCha8Rng) -> Dealer {
        let inf = obs.inference();
        let model = ChoiceModel::new(obs, &temperatures(obs, &Config::JUDGE));
        let resampler = (!model.is_empty()).then(|| Resampler::new(obs, &inf, &model, candidates, rng));
        Dealer { inf, resampler }
    }

    /// A deal, and the resampler's candidate it is a copy of (`None`: a
    /// deal of its own).
    fn deal(&self, obs: &Observation, rng: &mut ChaCha8Rng) -> (Option<usize>, Game) {
        match &self.resampler {
            Some(r) => {
                let (i, g) = r.deal_indexed(obs, &self.inf, rng);
                (Some(i), g)
            }
            None => (None, obs.determinize_inferred(rng, &self.inf)),
        }
    }
}

impl Beliefs {
    /// `deals` deals of the observer's unseen tiles, as the judge deals them
    /// (for reasons without an analysis: a puzzle's known solution).
    pub fn of(obs: &Observation, deals: usize, seed: u64) -> Beliefs {
        let mut rng = seeded(seed);
        let dealer = Dealer::new(obs, (deals * 4).clamp(256, 4096), &mut rng);
        let mut b = Beliefs::new(obs);
        for _ in 0..deals {
            b.add(&dealer.deal(obs, &mut rng).1);
        }
        b
    }
}

/// The graded hint for an action known to be right (a puzzle's solution):
/// its reasons from the observer's beliefs ([`Beliefs::of`], seeded), the
/// idea first, then the tile, then the whole action.
pub fn graded(obs: &Observation, action: Action, seed: u64) -> Grades {
    let beliefs = Beliefs::of(obs, BELIEF_DEALS, seed);
    grades(action, &explain(obs, action, &beliefs))
}

/// Independent trees an action is searched by, the deals shared out among
/// them in turn: how much a value owes to one tree's own luck shows in the
/// spread of their means (see [`Candidate::se`]).
pub const REPLICATES: usize = 4;

/// How many deals are kept as the seat's beliefs for the reasons.
const BELIEF_DEALS: usize = 256;

/// Values `actions` on `deals` common deals: one sample an action a deal
/// (see the module docs), each deal's cluster (the resampler's candidate it
/// copies: deals of one candidate share its hands, so they count as one unit
/// of the standard errors), and the deals' hidden hands and next draws.
fn value(obs: &Observation, actions: &[Action], deals: u32, seed: u64) -> (Vec<Vec<f64>>, Vec<usize>, Beliefs) {
    value_salted(obs, actions, deals, seed, 0)
}

/// [`value`], the trees' seeds salted by `tree_salt` (a probe's: the same
/// deals searched by other trees).
fn value_salted(
    obs: &Observation,
    actions: &[Action],
    deals: u32,
    seed: u64,
    tree_salt: u64,
) -> (Vec<Vec<f64>>, Vec<usize>, Beliefs) {
    let cfg = Config::JUDGE;
    let mut rng = seeded(seed);
    let dealer = Dealer::new(obs, (deals as usize * 4).clamp(256, 4096), &mut rng);
    let capacity = (deals as usize).div_ceil(REPLICATES) * cfg.expansions.max(1) as usize + 8;
    // REPLICATES trees an action, deal k searched by tree k % REPLICATES.
    let mut trees: Vec<Tree> = (0..actions.len() * REPLICATES).map(|_| Tree::new(cfg, capacity)).collect();
    // Each tree's seed from its action, so that asking about one action more
    // changes none of the others' values.
    let mut rngs: Vec<ChaCha8Rng> = actions
        .iter()
        .flat_map(|&a| (0..REPLICATES as u64).map(move |r| seeded(mix(seed ^ tree_salt, action_key(a) ^ r << 56))))
        .collect();
    let public = obs.public();
    let (totals, before, round, seat) = (public.totals(), public.round_points(), public.round(), obs.seat());
    let mut samples: Vec<Vec<f64>> = actions.iter().map(|_| Vec::with_capacity(deals as usize)).collect();
    let mut clusters: Vec<usize> = Vec::with_capacity(deals as usize);
    let mut beliefs = Beliefs::new(obs);
    for k in 0..deals as usize {
        let (candidate, g) = dealer.deal(obs, &mut rng);
        clusters.push(match candidate {
            Some(i) => i,
            None => usize::MAX - clusters.len(),
        });
        if beliefs.len() < BELIEF_DEALS {
            beliefs.add(&g);
        }
        for (i, &a) in actions.iter().enumerate() {
            let mut after = g.clone();
            after.play_unchecked(a);
            let end = if after.public().phase() == Phase::Playing && after.public().round() == round {
                let t = i * REPLICATES + k % REPLICATES;
                trees[t].iterate(after, &mut rngs[t]);
                trees[t].last_round_points
            } else {
                let mut end = [0; 6];
                for (e, p) in end.iter_mut().zip(after.public().round_points()) {
                    *e = *p;
                }
                end
            };
            let now: Vec<i32> = totals.iter().enumerate().map(|(s, t)| t + end[s] - before[s]).collect();
            samples[i].push(margin(&now, seat) as f64);
        }
    }
    (samples, clusters, beliefs)
}

/// The mean of `xs`.
fn mean(xs: &[f64]) -> f64 {
    xs.iter().sum::<f64>() / xs.len().max(1) as f64
}

/// The mean of `xs` (sample `k` from replicate `k % REPLICATES`) and its
/// standard error: the larger of two estimates. Between the replicates
/// (their means' spread: what the trees' own randomness adds, which the
/// deals' spread does not show) and within (the deals' spread, counting the
/// samples of one cluster as one unit, cluster-robust with the small-sample
/// factor `g / (g - 1)`; with fewer than two clusters, the plain error).
fn mean_se(xs: &[f64], clusters: &[usize]) -> (f64, f64) {
    let n = xs.len();
    if n < 2 {
        return (mean(xs), 0.0);
    }
    let m = mean(xs);
    let mut sums: std::collections::BTreeMap<usize, f64> = std::collections::BTreeMap::new();
    for (x, &c) in xs.iter().zip(clusters) {
        *sums.entry(c).or_insert(0.0) += x - m;
    }
    let g = sums.len();
    let within = if g < 2 {
        xs.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (n - 1) as f64 / n as f64
    } else {
        sums.values().map(|s| s * s).sum::<f64>() / (n * n) as f64 * g as f64 / (g - 1) as f64
    };
    let r = REPLICATES.min(n);
    let means: Vec<f64> =
        (0..r).map(|j| mean(&xs.iter().skip(j).step_by(REPLICATES).copied().collect::<Vec<_>>())).collect();
    let mm = mean(&means);
    let between = means.iter().map(|x| (x - mm) * (x - mm)).sum::<f64>() / (r - 1).max(1) as f64 / r as f64;
    (m, within.max(between).sqrt())
}

/// The seat's total minus the best opponent's.
pub(crate) fn margin(totals: &[i32], seat: u8) -> i32 {
    let mine = totals.get(seat as usize).copied().unwrap_or(0);
    let best_other = totals.iter().enumerate().filter(|(s, _)| *s != seat as usize).map(|(_, &t)| t).max();
    mine - best_other.unwrap_or(0)
}

/// Mixes a seed and a salt (splitmix64's finalizer).
pub(crate) fn mix(seed: u64, salt: u64) -> u64 {
    let mut x = seed ^ salt.wrapping_mul(0xD1B5_4A32_D192_ED03);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// A number of its own for each action (the salt of its tree's seed).
fn action_key(a: Action) -> u64 {
    match a {
        Action::Play { placement: p, announce } => {
            let cell = ((p.cell.c() as u64) & 0xffff) << 16 | ((p.cell.r() as u64) & 0xffff);
            0x100 + ((p.tile.index() as u64) << 40 | cell << 4 | (p.rotation as u64) << 1 | announce as u64)
        }
        Action::Draw => 1,
        Action::Pass => 2,
    }
}

/// Rounds to hundredths, so that text and JSON agree.
pub(crate) fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// Rounds to tenths.
pub(crate) fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// The three grades of a hint, from the least given away to the most: the
/// idea in a sentence (a reason that names no tile), then the tile, then the
/// spot and turn.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Grades {
    /// The idea: a reason that names no tile.
    pub idea: Reason,
    /// The tile to play (none for a draw or a pass).
    pub tile: Option<Tile>,
    /// Where and how: the whole action.
    pub action: Action,
}

/// The graded hint for `action` from its reasons (the first reason that
/// names no tile is the idea).
pub fn grades(action: Action, reasons: &[Reason]) -> Grades {
    let idea = reasons.iter().find(|r| !r.names_a_tile()).cloned().unwrap_or(match action {
        Action::Play { placement, .. } => Reason::Tile { points: placement.tile.value() as i32 },
        Action::Draw => Reason::NoFit,
        Action::Pass => Reason::Pass,
    });
    Grades { idea, tile: action.placement().map(|p| p.tile), action }
}

/// "Suggest a move": the judge's best action for the observer, its reasons
/// and graded hints.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Hint {
    /// The action suggested (the best candidate).
    pub action: Action,
    /// What it scores now (a draw or a pass: its penalty, 0 or less; going
    /// out: without the end of the round).
    pub points: i32,
    /// Why, most important first.
    pub reasons: Vec<Reason>,
    /// The same advice in three steps.
    pub grades: Grades,
    /// Its value (see [`Candidate::value`]) and standard error.
    pub value: f64,
    /// The standard error of `value`.
    pub se: f64,
    /// Other actions the judge cannot tell apart from it (as good).
    pub as_good: Vec<Action>,
}

/// The judge's hint for the observer, whose turn it is; `None` when the
/// observer has nothing to decide. Reads nothing but `obs`.
pub fn hint(obs: &Observation, settings: Settings, seed: u64) -> Option<Hint> {
    let a = analyse(obs, settings, seed, &[])?;
    Some(a.hint(obs))
}

impl Analysis {
    /// The hint this analysis gives (its best candidate, explained).
    pub fn hint(&self, obs: &Observation) -> Hint {
        let best = self.best();
        let reasons = self.explain(obs, best.action);
        Hint {
            action: best.action,
            points: points_now(obs, best.action),
            grades: grades(best.action, &reasons),
            reasons,
            value: best.value,
            se: best.se,
            as_good: self.as_good_actions().into_iter().filter(|&a| a != best.action).collect(),
        }
    }
}

/// What an action scores now: a placement its points (announced as given),
/// a draw or a pass its penalty.
pub fn points_now(obs: &Observation, action: Action) -> i32 {
    let rules = obs.public().rules();
    match action {
        Action::Play { placement, announce } => scored(obs, placement, announce),
        Action::Draw => -rules.draw_penalty(),
        Action::Pass => -rules.empty_pool_penalty(),
    }
}

/// A player that plays the judge's hint at every decision (bot `judge`,
/// not a level offered to people): what following every hint gives, for
/// measuring the hints against the review (crates/bots/README.md).
pub struct HintBot {
    rng: ChaCha8Rng,
    settings: Settings,
}

impl HintBot {
    /// A hint-follower with its own seed and the judge's settings.
    pub fn new(seed: u64, settings: Settings) -> HintBot {
        HintBot { rng: seeded(seed), settings }
    }
}

impl crate::Bot for HintBot {
    fn name(&self) -> &str {
        "judge"
    }

    fn choose(&mut self, obs: &Observation) -> Action {
        use rand_core::Rng;
        let legal = obs.legal_actions();
        if legal.len() <= 1 {
            return legal.first().copied().unwrap_or(Action::Pass);
        }
        let seed = self.rng.next_u64();
        hint(obs, self.settings, seed).map_or(legal[0], |h| h.action)
    }
}

/// The judge's inner measures, for its probes (`examples/judge_probe.rs`,
/// feature `lab`; the probes were ignored tests before).
#[cfg(feature = "lab")]
pub mod probe {
    use super::{Action, Beliefs, Observation};

    /// Every action's values over `deals` deals from `seed`, the trees'
    /// seeds salted by `tree_salt` (the same deals searched by other trees):
    /// per action the deals' values, each deal's cluster, and the deals.
    pub fn value_salted(
        obs: &Observation,
        actions: &[Action],
        deals: u32,
        seed: u64,
        tree_salt: u64,
    ) -> (Vec<Vec<f64>>, Vec<usize>, Beliefs) {
        super::value_salted(obs, actions, deals, seed, tree_salt)
    }

    /// The mean of `xs` and its standard error, the samples of one cluster
    /// counting as one unit, as the judge computes them.
    pub fn mean_se(xs: &[f64], clusters: &[usize]) -> (f64, f64) {
        super::mean_se(xs, clusters)
    }
}

#[cfg(test)]
mod tests;
