//! Probe: how often Expert's search changes its mind with ten times the
//! iterations. Plays `mcts` games at 1,000 iterations (2-player Goliath),
//! keeps 160 positions with a choice and searches each with Expert's search
//! at 10,000 iterations (two seeds) and at `PROBE_BIG` (100,000 unless set;
//! two seeds), printing a line `ROW` a position: the choices
//! (`P<points>b<bonus>`, `D` a draw) and which of them agree. Figures:
//! docs/research/notebook.md, "What the deals know".
//!
//! `cargo run --release -p triominos-bots --example disagree > rows.txt`
//! (`PROBE_POSITIONS` keeps fewer positions for a quick look).

use rayon::prelude::*;
use triominos_bots::{make_bot, Bot, Budget, Mcts};
use triominos_core::{Action, Game, Preset, RuleSet};

fn env(key: &str, default: u64) -> u64 {
    std::env::var(key).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn main() {
    let big = env("PROBE_BIG", 100_000) as u32;
    let keep = env("PROBE_POSITIONS", 160) as usize;
    let mut found: Vec<Game> = Vec::new();
    'outer: for seed in 1..100u64 {
        let mut game = Game::new(RuleSet::of(Preset::Goliath), 2, seed).unwrap();
        let mut bots: Vec<Box<dyn Bot>> =
            (0..2).map(|s| make_bot("mcts", seed * 2 + s, Budget::iterations(1000)).unwrap()).collect();
        let mut k = 0;
        while !game.is_over() {
            if game.is_round_over() {
                game.next_round().unwrap();
                continue;
            }
            if game.legal_actions().len() >= 2 && !game.public().board().is_empty() {
                k += 1;
                if k % 7 == 0 {
                    found.push(game.clone());
                    if found.len() >= keep {
                        break 'outer;
                    }
                }
            }
            let seat = game.to_move();
            let a = bots[seat as usize].choose(&game.observe(seat));
            game.play(a).unwrap();
        }
    }
    let rows: Vec<String> = found
        .par_iter()
        .enumerate()
        .map(|(i, g)| {
            let obs = g.observe(g.to_move());
            // 10,000 iterations and more: Expert's search.
            let pick = |seed: u64, n: u32| Mcts::new(seed, Budget::iterations(n), 1).choose(&obs);
            let (a1, a2, b, b2) = (pick(1, 10_000), pick(2, 10_000), pick(3, big), pick(4, big));
            let desc = |a: Action| match a {
                Action::Play { placement, .. } => {
                    let s = g.placement_score(placement);
                    format!("P{}b{}", s.points, !s.bonuses.is_empty() as u8)
                }
                Action::Draw => "D".into(),
                Action::Pass => "X".into(),
            };
            let maxp = g
                .legal_actions()
                .iter()
                .filter_map(|a| match a {
                    Action::Play { placement, .. } => Some(g.placement_score(*placement).points),
                    _ => None,
                })
                .max()
                .unwrap_or(0);
            let me = g.to_move() as usize;
            format!(
                "ROW {i} n{} max{} hand{} opp{} pool{} | {} {} {} {} | same10 {} same_big {} a1b {} a2b {}",
                g.legal_actions().len(),
                maxp,
                g.hands()[me].len(),
                g.hands()[1 - me].len(),
                g.pool().count(),
                desc(a1),
                desc(a2),
                desc(b),
                desc(b2),
                (a1 == a2) as u8,
                (b == b2) as u8,
                (a1 == b) as u8,
                (a2 == b2) as u8
            )
        })
        .collect();
    for r in rows {
        println!("{r}");
    }
}
