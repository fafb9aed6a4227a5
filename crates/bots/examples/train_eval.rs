//! Trains the learned evaluation (module `value`): plays seeded self-play
//! games of 2-player Goliath to 400 with the playout's policy (each move the
//! placement scoring the most now; with `--epsilon E` a random placement with
//! chance E) or, with `--policy SPEC`, with a bot of the arena's (`mcts@100`:
//! the search's own games, issue 49), takes every position of a round in
//! play from both seats' views (features [`triominos_bots::value::FEATURES`])
//! with the rest of the round's margin as it turned out, or with `--lambda L`
//! below 1 the temporal-difference target TD(L) bootstrapped by the model of
//! `--bootstrap PATH` (the built-in one by default): each position's target is
//! the points of its move plus (1 - L) times the model's value of the next
//! position plus L times the next position's target, the round's end scoring
//! in the last. It fits the linear model by least squares (normal equations,
//! a small ridge). Every tenth game is held out and its error reported (against
//! the same kind of target). Deterministic for a seed: games in fixed chunks,
//! summed in order, and a searching policy at a fixed iteration budget on one
//! thread a game.
//!
//! `cargo run --release -p triominos-bots --features lab --example train_eval -- --seed 1 --games 20000 --out crates/bots/models/eval-v1.json`
//!
//! From the search's games with TD(0.7) targets:
//!
//! `cargo run --release -p triominos-bots --features lab --example train_eval -- --seed 1 --games 20000 --policy mcts@100 --lambda 0.7 --out /tmp/eval-td.json`

use rayon::prelude::*;
use triominos_bots::play::build_bot;
use triominos_bots::value::{td_targets, Features, Model, ModelFile, FEATURES, FEATURES_VERSION, N_FEATURES};
use triominos_bots::{Bot, Budget};
use triominos_core::rng::{below, seeded};
use triominos_core::{Action, Game, Phase, Preset, RuleSet};

/// Sums of a least-squares problem: X'X, X'y, y'y and the count.
#[derive(Clone)]
struct Sums {
    xtx: Vec<f64>,
    xty: [f64; N_FEATURES],
    yy: f64,
    n: u64,
}

impl Sums {
    fn new() -> Sums {
        Sums { xtx: vec![0.0; N_FEATURES * N_FEATURES], xty: [0.0; N_FEATURES], yy: 0.0, n: 0 }
    }

    fn add(&mut self, x: &[f64; N_FEATURES], y: f64) {
        for i in 0..N_FEATURES {
            if x[i] == 0.0 {
                continue;
            }
            for j in 0..N_FEATURES {
                self.xtx[i * N_FEATURES + j] += x[i] * x[j];
            }
            self.xty[i] += x[i] * y;
        }
        self.yy += y * y;
        self.n += 1;
    }

    fn merge(&mut self, o: &Sums) {
        for (a, b) in self.xtx.iter_mut().zip(&o.xtx) {
            *a += b;
        }
        for (a, b) in self.xty.iter_mut().zip(&o.xty) {
            *a += b;
        }
        self.yy += o.yy;
        self.n += o.n;
    }

    /// Mean squared error of weights `w` on these samples.
    fn mse(&self, w: &[f64]) -> f64 {
        let mut q = 0.0;
        for i in 0..N_FEATURES {
            for j in 0..N_FEATURES {
                q += w[i] * self.xtx[i * N_FEATURES + j] * w[j];
            }
        }
        let cross: f64 = w.iter().zip(&self.xty).map(|(a, b)| a * b).sum();
        (self.yy - 2.0 * cross + q) / self.n as f64
    }

    /// The mean target (the bias feature is always 1).
    fn mean(&self) -> f64 {
        self.xty[0] / self.n as f64
    }
}

/// Solves `a x = b` (n x n, row-major) by Gaussian elimination with partial pivoting.
fn solve(mut a: Vec<f64>, mut b: Vec<f64>) -> Vec<f64> {
    let n = b.len();
    for c in 0..n {
        let p = (c..n).max_by(|&i, &j| a[i * n + c].abs().total_cmp(&a[j * n + c].abs())).unwrap_or(c);
        if p != c {
            for k in 0..n {
                a.swap(c * n + k, p * n + k);
            }
            b.swap(c, p);
        }
        let d = a[c * n + c];
        for r in c + 1..n {
            let f = a[r * n + c] / d;
            if f != 0.0 {
                for k in c..n {
                    a[r * n + k] -= f * a[c * n + k];
                }
                b[r] -= f * b[c];
            }
        }
    }
    let mut x = vec![0.0; n];
    for c in (0..n).rev() {
        let s: f64 = (c + 1..n).map(|k| a[c * n + k] * x[k]).sum();
        x[c] = (b[c] - s) / a[c * n + c];
    }
    x
}

/// How the self-play games are played and labelled.
struct Setup {
    epsilon: f64,
    /// A bot spec playing both seats (`None`: the playout's greedy policy).
    policy: Option<String>,
    /// TD(lambda)'s lambda: 1 for the round's outcome.
    lambda: f64,
    /// The model bootstrapping the targets when `lambda` < 1.
    bootstrap: Model,
}

/// Labels one round's samples and adds them to `sums`: each position's
/// features with seat 0's margin of round points there, and the margin at
/// the round's end, labelled by [`td_targets`] (the round's outcome with
/// lambda 1).
fn label(setup: &Setup, pending: &mut Vec<(Features, i32)>, end: i32, sums: &mut Sums) {
    let margins: Vec<i32> = pending.iter().map(|p| p.1).collect();
    let values: Vec<f64> = if setup.lambda < 1.0 {
        pending.iter().map(|p| setup.bootstrap.margin(&p.0)).collect()
    } else {
        vec![0.0; pending.len()]
    };
    for ((f, _), y) in pending.drain(..).zip(td_targets(&margins, &values, end, setup.lambda)) {
        sums.add(&f.vector(0), y);
        sums.add(&f.vector(1), -y);
    }
}

/// One self-play game of seed `seed`: its samples added to `sums`.
fn play(seed: u64, setup: &Setup, sums: &mut Sums) {
    let mut g = Game::new(RuleSet::of(Preset::Goliath), 2, seed).expect("a 2-player Goliath game");
    let mut rng = seeded(seed ^ 0x5eed);
    let mut bots: Vec<Box<dyn Bot>> = match &setup.policy {
        Some(spec) => (0..2u64)
            .map(|s| build_bot(spec, seed.wrapping_mul(31).wrapping_add(s), Budget::default()).expect("a valid policy"))
            .collect(),
        None => Vec::new(),
    };
    let mut pending: Vec<(Features, i32)> = Vec::new();
    let mut legal = Vec::new();
    loop {
        if g.public().phase() != Phase::Playing {
            let end = g.public().round_points();
            label(setup, &mut pending, end[0] - end[1], sums);
            if g.is_over() {
                return;
            }
            g.next_round().expect("the next round");
            continue;
        }
        if let Some(f) = Features::of(&g) {
            let rp = g.public().round_points();
            pending.push((f, rp[0] - rp[1]));
        }
        g.legal_actions_into(&mut legal);
        let plays: Vec<Action> = legal.iter().copied().filter(|a| matches!(a, Action::Play { .. })).collect();
        let a = if !bots.is_empty() && legal.len() > 1 {
            let seat = g.to_move();
            bots[seat as usize].choose(&g.observe(seat))
        } else if plays.is_empty() {
            legal[0]
        } else if setup.epsilon > 0.0 && (below(&mut rng, 1_000_000) as f64) < setup.epsilon * 1e6 {
            plays[below(&mut rng, plays.len() as u32) as usize]
        } else {
            let mut best = plays[0];
            let mut best_points = i32::MIN;
            for &a in &plays {
                if let Action::Play { placement, .. } = a {
                    let p = g.placement_score(placement).points;
                    if p > best_points {
                        best_points = p;
                        best = a;
                    }
                }
            }
            best
        };
        g.play_unchecked(a);
    }
}

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (mut seed, mut games, mut out, mut epsilon) = (1u64, 1000u64, None, 0.0f64);
    let (mut policy, mut lambda, mut bootstrap) = (None::<String>, 1.0f64, None::<String>);
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut val = || it.next().ok_or_else(|| format!("{a} needs a value"));
        match a.as_str() {
            "--seed" => seed = val()?.parse().map_err(|e| format!("--seed: {e}"))?,
            "--games" => games = val()?.parse().map_err(|e| format!("--games: {e}"))?,
            "--out" => out = Some(val()?.clone()),
            "--epsilon" => epsilon = val()?.parse().map_err(|e| format!("--epsilon: {e}"))?,
            "--policy" => policy = Some(val()?.clone()),
            "--lambda" => lambda = val()?.parse().map_err(|e| format!("--lambda: {e}"))?,
            "--bootstrap" => bootstrap = Some(val()?.clone()),
            _ => {
                return Err(format!(
                    "unknown argument {a:?} (--seed S --games N --out PATH [--epsilon E] [--policy SPEC] [--lambda L] [--bootstrap PATH])"
                ))
            }
        }
    }
    if !(0.0..=1.0).contains(&lambda) {
        return Err(format!("--lambda {lambda}: between 0 and 1"));
    }
    if let Some(spec) = &policy {
        build_bot(spec, 0, Budget::default())?;
    }
    let bootstrap_model = match &bootstrap {
        Some(p) => Model::from_json(&std::fs::read_to_string(p).map_err(|e| format!("{p}: {e}"))?)?,
        None => Model::builtin().clone(),
    };
    let setup = Setup { epsilon, policy: policy.clone(), lambda, bootstrap: bootstrap_model };
    let t = std::time::Instant::now();
    const CHUNKS: u64 = 64;
    let chunks: Vec<(Sums, Sums)> = (0..CHUNKS)
        .into_par_iter()
        .map(|c| {
            let (mut train, mut held) = (Sums::new(), Sums::new());
            for i in (c..games).step_by(CHUNKS as usize) {
                let game_seed = seed.wrapping_mul(1_000_003).wrapping_add(i);
                play(game_seed, &setup, if i % 10 == 9 { &mut held } else { &mut train });
            }
            (train, held)
        })
        .collect();
    let (mut train, mut held) = (Sums::new(), Sums::new());
    for (a, b) in &chunks {
        train.merge(a);
        held.merge(b);
    }
    // A small ridge, not on the bias.
    let mut a = train.xtx.clone();
    for i in 1..N_FEATURES {
        a[i * N_FEATURES + i] += 1e-3 * train.n as f64 / 1e3;
    }
    let w = solve(a, train.xty.to_vec());
    let var = held.mse(&[held.mean()].into_iter().chain(std::iter::repeat(0.0)).take(N_FEATURES).collect::<Vec<_>>());
    let mse = held.mse(&w);
    let secs = t.elapsed().as_secs_f64();
    println!("{games} games, {} training and {} held-out samples (both views), {secs:.0} s", train.n, held.n);
    println!(
        "held out: rmse {:.2} points (the mean alone {:.2}), r2 {:.3}; training rmse {:.2}",
        mse.sqrt(),
        var.sqrt(),
        1.0 - mse / var,
        train.mse(&w).sqrt()
    );
    for (n, x) in FEATURES.iter().zip(&w) {
        println!("  {n:32} {x:+.3}");
    }
    let command = format!(
        "cargo run --release -p triominos-bots --features lab --example train_eval -- --seed {seed} --games {games}{}{}{}{} --out {}",
        if epsilon > 0.0 { format!(" --epsilon {epsilon}") } else { String::new() },
        policy.as_ref().map_or(String::new(), |p| format!(" --policy {p}")),
        if lambda < 1.0 { format!(" --lambda {lambda}") } else { String::new() },
        bootstrap.as_ref().map_or(String::new(), |p| format!(" --bootstrap {p}")),
        out.as_deref().unwrap_or("-")
    );
    let target = match (&policy, lambda < 1.0) {
        (None, false) => "the rest of the round's margin for the seat (points from here to the round's end, end-of-round scoring included, less the other seat's), both playing the placement scoring the most".to_string(),
        (Some(p), false) => format!("the rest of the round's margin for the seat (points from here to the round's end, end-of-round scoring included, less the other seat's), both played by {p}"),
        (p, true) => format!(
            "TD({lambda}) targets of the rest of the round's margin for the seat, bootstrapped by {}, both played by {}",
            bootstrap.as_deref().unwrap_or("the built-in model"),
            p.as_deref().unwrap_or("the placement scoring the most")
        ),
    };
    let file = ModelFile {
        features_version: FEATURES_VERSION,
        features: FEATURES.map(String::from).to_vec(),
        command,
        training: serde_json::json!({
            "target": target,
            "games": games,
            "training_samples": train.n,
            "held_out_samples": held.n,
            "held_out_rmse": (mse.sqrt() * 100.0).round() / 100.0,
            "held_out_rmse_of_the_mean": (var.sqrt() * 100.0).round() / 100.0,
            "held_out_r2": ((1.0 - mse / var) * 1000.0).round() / 1000.0,
        }),
        weights: w.iter().map(|x| (x * 1e6).round() / 1e6).collect(),
    };
    let text = serde_json::to_string_pretty(&file).map_err(|e| e.to_string())? + "\n";
    match out {
        Some(p) => std::fs::write(&p, text).map_err(|e| format!("{p}: {e}"))?,
        None => print!("{text}"),
    }
    Ok(())
}
