//! The levels on one Weng-Lin scale (issue 49): plays paired-deal games
//! between the rungs (2-player Goliath to 400 between each rung and the next
//! two; 4-player Goliath between each four consecutive rungs, every deal in
//! the four rotations of the seats), rates every rung from them
//! (`triominos_bots::ratings::rate`) and writes the ratings file the crate
//! builds in (`crates/bots/data/level-ratings.json`).
//!
//! ```text
//! nice -n 19 cargo run --release -p triominos-bots --example level_ratings -- \
//!     --deals-2p 50 --deals-4p 25 --seed 1 --out crates/bots/data/level-ratings.json
//! ```
//!
//! `--rungs` lists the rungs weakest first, each `ID` or `ID=SPEC` (a rung
//! played by another spec, e.g. Expert by `mcts@10000`); the default is
//! every named level and the rungs between. At a fixed iteration budget the
//! games, and so the file, are the same on every run; the games are played
//! on every core (rayon), their results rated in a fixed order.

use triominos_bots::play::arena;
use triominos_bots::ratings::{ranks, rate, LevelRating, LevelRatings, RatedGame, RATINGS_VERSION};
use triominos_bots::Budget;
use triominos_core::RuleSet;

const DEFAULT_RUNGS: &str = "beginner,casual,heuristic,mcts@100,clever,mcts@1000,expert=mcts@10000";

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (mut rungs, mut deals2, mut deals4, mut seed, mut out, mut note) =
        (DEFAULT_RUNGS.to_string(), 50u64, 25u64, 1u64, None::<String>, String::new());
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut val = || it.next().ok_or_else(|| format!("{a} needs a value"));
        match a.as_str() {
            "--rungs" => rungs = val()?.clone(),
            "--deals-2p" => deals2 = val()?.parse().map_err(|e| format!("--deals-2p: {e}"))?,
            "--deals-4p" => deals4 = val()?.parse().map_err(|e| format!("--deals-4p: {e}"))?,
            "--seed" => seed = val()?.parse().map_err(|e| format!("--seed: {e}"))?,
            "--out" => out = Some(val()?.clone()),
            "--note" => note = val()?.clone(),
            _ => {
                return Err(format!(
                    "unknown argument {a:?} (--rungs ID[=SPEC],... --deals-2p N --deals-4p N --seed S --out PATH [--note TEXT])"
                ))
            }
        }
    }
    let rungs: Vec<(String, String)> = rungs
        .split(',')
        .map(|r| match r.split_once('=') {
            Some((id, spec)) => (id.to_string(), spec.to_string()),
            None => (r.to_string(), r.to_string()),
        })
        .collect();
    if rungs.len() < 4 {
        return Err("at least four rungs (the 4-player games seat four consecutive ones)".into());
    }
    let started = std::time::Instant::now();
    let mut games: Vec<RatedGame> = Vec::new();
    let mut played = Vec::new();
    // The pairings: each rung with the next two (2 players), each four
    // consecutive rungs (4 players); all in a fixed order.
    let mut tables: Vec<Vec<usize>> = Vec::new();
    for gap in 1..=2 {
        for a in 0..rungs.len().saturating_sub(gap) {
            tables.push(vec![a, a + gap]);
        }
    }
    if deals4 > 0 {
        for a in 0..=rungs.len() - 4 {
            tables.push((a..a + 4).collect());
        }
    }
    for table in &tables {
        let deals = if table.len() == 2 { deals2 } else { deals4 };
        if deals == 0 {
            continue;
        }
        let specs: Vec<String> = table.iter().map(|&r| rungs[r].1.clone()).collect();
        let rules = RuleSet::preset("goliath").map_err(|e| e.to_string())?;
        let t = std::time::Instant::now();
        let results = arena(rules, &specs, deals, seed, Budget::default(), &|_| {})?;
        let mut wins = vec![0.0; table.len()];
        for g in &results {
            let w = g.result.winners.len().max(1) as f64;
            for (seat, &b) in g.seating.iter().enumerate() {
                if g.result.winners.contains(&(seat as u8)) {
                    wins[b] += 1.0 / w;
                }
            }
            games.push(RatedGame { rungs: g.seating.iter().map(|&b| table[b]).collect(), ranks: ranks(&g.result) });
        }
        let line = format!(
            "{}: {} games, wins {} ({:.0} s)",
            specs.join(" v "),
            results.len(),
            wins.iter().map(|w| format!("{w}")).collect::<Vec<_>>().join("/"),
            t.elapsed().as_secs_f64()
        );
        eprintln!("{line}");
        played.push(line);
    }
    // Rated with the games interleaved by table (each table's k-th game,
    // then the next table's), so no pairing's games all come last.
    let per_table: Vec<usize> = tables
        .iter()
        .map(|t| {
            let d = if t.len() == 2 { deals2 } else { deals4 };
            (d as usize) * t.len()
        })
        .collect();
    let mut starts = Vec::new();
    let mut at = 0;
    for &n in &per_table {
        starts.push(at);
        at += n;
    }
    let mut ordered = Vec::with_capacity(games.len());
    for k in 0..per_table.iter().copied().max().unwrap_or(0) {
        for (t, &n) in per_table.iter().enumerate() {
            if k < n {
                ordered.push(games[starts[t] + k].clone());
            }
        }
    }
    let rated = rate(rungs.len(), &ordered);
    let mut command = format!(
        "cargo run --release -p triominos-bots --example level_ratings -- --rungs {} --deals-2p {deals2} --deals-4p {deals4} --seed {seed}",
        rungs.iter().map(|(id, s)| if id == s { id.clone() } else { format!("{id}={s}") }).collect::<Vec<_>>().join(",")
    );
    if let Some(o) = &out {
        command.push_str(&format!(" --out {o}"));
    }
    let file = LevelRatings {
        version: RATINGS_VERSION,
        command,
        notes: format!(
            "Paired deals of 2-player and 4-player Goliath to 400 (deals from seed {seed}), one thread a game; {} games: {}. {note}",
            ordered.len(),
            played.join("; ")
        ),
        ratings: rungs
            .iter()
            .zip(&rated)
            .map(|((id, spec), (r, n))| LevelRating {
                id: id.clone(),
                spec: spec.clone(),
                rating: (r.rating * 100.0).round() / 100.0,
                uncertainty: (r.uncertainty * 100.0).round() / 100.0,
                games: *n,
            })
            .collect(),
    };
    for r in &file.ratings {
        println!("{:>10} {:>12} {:6.2} +- {:5.2} ({} games)", r.id, r.spec, r.rating, r.uncertainty, r.games);
    }
    println!("{} games in {:.0} s", ordered.len(), started.elapsed().as_secs_f64());
    let text = serde_json::to_string_pretty(&file).map_err(|e| e.to_string())? + "\n";
    LevelRatings::from_json(&text)?;
    if let Some(o) = out {
        std::fs::write(&o, text).map_err(|e| format!("{o}: {e}"))?;
    }
    Ok(())
}
