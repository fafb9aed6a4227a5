//! Probes of the judge (the hints' and the review's analysis, `judge`):
//! measures, not tests, once three ignored tests of `src/judge/tests.rs`.
//! Each reads a record and looks at seat 0's decisions.
//!
//! - `errors FILE`: how honest the standard errors are. For every unforced
//!   decision, analyses with `JUDGE_SEEDS` seeds (4); for every candidate
//!   valued in all of them, its difference with the played action,
//!   standardised by each run's standard error around the mean over the
//!   seeds. Honest errors give a spread near 1 (times sqrt((S-1)/S)).
//!   `JUDGE_SEARCH`, `JUDGE_DEALS` (the judge's defaults), `JUDGE_SKIP` and
//!   `JUDGE_LIMIT` decisions.
//! - `position FILE LINE`: the candidates of the decision at line `LINE`
//!   under `JUDGE_SEEDS` seeds.
//! - `trees FILE LINE`: at that decision, the values of every action over the
//!   same deals with other trees, and over other deals with the same trees.
//!
//! `cargo run --release -p triominos-bots --features lab --example judge_probe -- errors crates/bots/tests/data/goliath-2p-3.tri`

use triominos_bots::judge::probe::{mean_se, value_salted};
use triominos_bots::judge::{
    action_words, analyse, Analysis, Comparison, MoveName, Settings, DEFAULT_DEALS, DEFAULT_SEARCH,
};
use triominos_bots::review::{moments, Moment};
use triominos_core::record::replay;
use triominos_core::Action;

/// A number from the environment variable `name`, or `default`.
fn env<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name).ok().and_then(|s| s.parse().ok()).unwrap_or(default)
}

/// Seat 0's decisions of the record at `path`.
fn decisions(path: &str) -> Vec<Moment> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let rep = replay(&text).unwrap_or_else(|e| panic!("{path}: line {e}"));
    moments(&rep, 0).expect("seat 0's decisions")
}

/// The decision at line `line` of the record at `path`.
fn at_line(path: &str, line: &str) -> Moment {
    let line: usize = line.parse().expect("LINE: a line number");
    decisions(path)
        .into_iter()
        .find(|m| m.line() == line)
        .unwrap_or_else(|| panic!("no decision of seat 0 at line {line}"))
}

fn errors(path: &str) {
    let seeds: u64 = env("JUDGE_SEEDS", 4);
    let settings = Settings { search: env("JUDGE_SEARCH", DEFAULT_SEARCH), deals: env("JUDGE_DEALS", DEFAULT_DEALS) };
    let (limit, skip) = (env("JUDGE_LIMIT", usize::MAX), env("JUDGE_SKIP", 0));
    let (mut zs, mut ses, mut tops_agree, mut n) = (Vec::new(), Vec::new(), 0, 0);
    let all = decisions(path);
    for m in all.iter().filter(|m| m.observation().legal_actions().len() > 1).skip(skip).take(limit) {
        let obs = m.observation();
        let runs: Vec<Analysis> =
            (0..seeds).map(|s| analyse(obs, settings, 1000 + s, &[m.played()]).expect("an analysis")).collect();
        n += 1;
        if runs.iter().all(|r| r.best().action == runs[0].best().action) {
            tops_agree += 1;
        }
        for c in &runs[0].candidates {
            if c.action == m.played() {
                continue;
            }
            let cmps: Option<Vec<Comparison>> = runs.iter().map(|r| r.compare(c.action, m.played())).collect();
            let Some(cmps) = cmps else { continue };
            let mean = cmps.iter().map(|c| c.loss).sum::<f64>() / cmps.len() as f64;
            for x in cmps.iter().filter(|x| x.se > 0.0) {
                zs.push((x.loss - mean) / x.se);
                ses.push(x.se);
            }
        }
    }
    let sd = (zs.iter().map(|z| z * z).sum::<f64>() / zs.len().max(1) as f64).sqrt();
    let honest = ((seeds as f64 - 1.0) / seeds as f64).sqrt();
    let mean_se = ses.iter().sum::<f64>() / ses.len().max(1) as f64;
    println!(
        "{n} decisions, {} comparisons: spread of z {sd:.3} (honest {honest:.3}), mean se {mean_se:.2}; the top agreed in all {seeds} runs {tops_agree} times",
        zs.len()
    );
}

/// An action in words, named on the decision's board.
fn words(m: &Moment, a: Action) -> String {
    action_words(a, MoveName::of(a, m.observation().public().board()).as_ref())
}

fn position(path: &str, line: &str) {
    let m = at_line(path, line);
    for s in 0..env("JUDGE_SEEDS", 4u64) {
        let a = analyse(m.observation(), Settings::DEFAULT, s, &[m.played()]).expect("an analysis");
        let v: Vec<String> = a
            .candidates
            .iter()
            .map(|c| format!("{} {:.1}±{:.1} ({})", words(&m, c.action), c.value, c.se, c.visits))
            .collect();
        println!("seed {s}: {}", v.join(" | "));
    }
}

fn trees(path: &str, line: &str) {
    let m = at_line(path, line);
    let obs = m.observation();
    let actions: Vec<Action> = obs.legal_actions();
    let show = |label: &str, seed: u64, salt: u64| {
        let (samples, clusters, _) = value_salted(obs, &actions, DEFAULT_DEALS, seed, salt);
        let v: Vec<String> = actions
            .iter()
            .zip(&samples)
            .map(|(a, s)| {
                let (mean, se) = mean_se(s, &clusters);
                format!("{} {mean:.1}±{se:.1}", words(&m, *a))
            })
            .collect();
        let distinct = clusters.iter().collect::<std::collections::BTreeSet<_>>().len();
        println!("{label} {distinct} clusters: {}", v.join(" | "));
    };
    for salt in 0..4 {
        show(&format!("deals 1, trees {salt}:"), 1, salt * 7919);
    }
    for seed in 2..5 {
        show(&format!("deals {seed}, trees 0:"), seed, 0);
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        ["errors", path] => errors(path),
        ["position", path, line] => position(path, line),
        ["trees", path, line] => trees(path, line),
        _ => {
            eprintln!("usage: judge_probe errors FILE | position FILE LINE | trees FILE LINE (see the file's docs)");
            std::process::exit(2);
        }
    }
}
