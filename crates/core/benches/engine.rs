//! Engine benchmarks: legal-placement generation, and whole random games.
//!
//! Run: `cargo bench -p triominos-core --bench engine`

use divan::{black_box, Bencher};
use triominos_core::rng::{below, seeded};
use triominos_core::{Action, Game, RuleSet};

fn main() {
    divan::main();
}

/// Mid-game positions: 2-player Goliath games after 12 random actions.
fn positions() -> Vec<Game> {
    (0..64u64)
        .map(|seed| {
            let mut g = Game::new(RuleSet::preset("goliath").unwrap(), 2, seed).unwrap();
            let mut rng = seeded(seed);
            let mut v = Vec::new();
            for _ in 0..12 {
                g.legal_actions_into(&mut v);
                let a = v
                    .iter()
                    .copied()
                    .find(|a| matches!(a, Action::Play { .. }))
                    .unwrap_or(v[below(&mut rng, v.len() as u32) as usize]);
                g.play(a).unwrap();
            }
            g
        })
        .collect()
}

/// `legal_actions_into` for the player to move, over 64 positions.
#[divan::bench]
fn legal_actions_64_positions(b: Bencher) {
    let games = positions();
    let mut v = Vec::with_capacity(256);
    b.counter(divan::counter::ItemsCount::new(64usize)).bench_local(|| {
        let mut n = 0;
        for g in &games {
            g.legal_actions_into(&mut v);
            n += v.len();
        }
        black_box(n)
    });
}

/// `count_legal_placements` over 64 positions.
#[divan::bench]
fn count_placements_64_positions(b: Bencher) {
    let games = positions();
    b.counter(divan::counter::ItemsCount::new(64usize))
        .bench_local(|| games.iter().map(|g| black_box(g).count_legal_placements()).sum::<usize>());
}

fn play_game(seed: u64) -> (usize, usize) {
    let mut g = Game::new(RuleSet::preset("goliath").unwrap(), 2, seed).unwrap();
    let mut rng = seeded(seed);
    let mut v = Vec::with_capacity(256);
    let mut plays = 0;
    let mut actions = 0;
    while !g.is_over() {
        if g.is_round_over() {
            g.next_round().unwrap();
            continue;
        }
        g.legal_actions_into(&mut v);
        let a = v[below(&mut rng, v.len() as u32) as usize];
        plays += matches!(a, Action::Play { .. }) as usize;
        actions += 1;
        g.play_unchecked(a);
    }
    (plays, actions)
}

/// A whole 2-player Goliath game to 400 (about 3 rounds, 150 placements),
/// uniformly random legal actions, legal moves generated at every turn.
#[divan::bench]
fn random_game_goliath_2p(b: Bencher) {
    let mut seed = 0;
    b.bench_local(|| {
        seed += 1;
        black_box(play_game(seed))
    });
}

/// One round of a 2-player Goliath game (target none), for comparison.
#[divan::bench]
fn random_round_goliath_2p(b: Bencher) {
    let mut rules = RuleSet::preset("goliath").unwrap();
    rules.set_option("target", "none").unwrap();
    let mut seed = 0;
    let mut v = Vec::with_capacity(256);
    b.bench_local(|| {
        seed += 1;
        let mut g = Game::new(rules, 2, seed).unwrap();
        let mut rng = seeded(seed);
        while !g.is_over() {
            g.legal_actions_into(&mut v);
            let a = v[below(&mut rng, v.len() as u32) as usize];
            g.play_unchecked(a);
        }
        black_box(g.totals()[0])
    });
}

/// Determinization for search: the plain deal against the deal that meets
/// the inferred facts, and the inference itself (once per decision).
///
/// Run: `cargo bench -p triominos-core --bench engine -- determinize`
mod determinize {
    use super::*;
    use triominos_core::{Inference, Observation};

    /// Observations of the player to move in 64 positions of 3-player
    /// Pressman after 20..52 random legal actions (draws only when unable to
    /// play, so facts pile up), each with its inference.
    fn pressman_positions() -> Vec<(Observation, Inference)> {
        positions_of("pressman", 3, 20)
    }

    /// The same for 2-player Goliath after 12..44 actions (few facts: draws prove nothing).
    fn goliath_positions() -> Vec<(Observation, Inference)> {
        positions_of("goliath", 2, 12)
    }

    fn positions_of(preset: &str, players: usize, base: u64) -> Vec<(Observation, Inference)> {
        let mut out = Vec::new();
        let mut seed = 0u64;
        while out.len() < 64 {
            seed += 1;
            let mut g = Game::new(RuleSet::preset(preset).unwrap(), players, seed).unwrap();
            let mut rng = seeded(seed);
            let mut v = Vec::new();
            for _ in 0..base + seed % 33 {
                if g.is_round_over() || g.is_over() {
                    break;
                }
                g.legal_actions_into(&mut v);
                g.play(v[below(&mut rng, v.len() as u32) as usize]).unwrap();
            }
            if g.is_round_over() || g.is_over() {
                continue;
            }
            let obs = g.observe(g.to_move());
            let inf = obs.inference();
            out.push((obs, inf));
        }
        out
    }

    #[divan::bench(sample_count = 200, sample_size = 200)]
    fn for_search_pressman_3p(b: Bencher) {
        let pos = pressman_positions();
        let mut rng = seeded(1);
        let mut i = 0;
        b.bench_local(|| {
            i = (i + 1) % pos.len();
            black_box(pos[i].0.determinize_for_search(&mut rng))
        });
    }

    #[divan::bench(sample_count = 200, sample_size = 200)]
    fn inferred_pressman_3p(b: Bencher) {
        let pos = pressman_positions();
        let constrained = pos.iter().filter(|p| p.1.is_constrained()).count();
        assert!(constrained > 48, "{constrained} of 64 positions have facts");
        let mut rng = seeded(1);
        let mut i = 0;
        b.bench_local(|| {
            i = (i + 1) % pos.len();
            black_box(pos[i].0.determinize_inferred(&mut rng, &pos[i].1))
        });
    }

    #[divan::bench(sample_count = 200, sample_size = 200)]
    fn inference_pressman_3p(b: Bencher) {
        let pos = pressman_positions();
        let mut i = 0;
        b.bench_local(|| {
            i = (i + 1) % pos.len();
            black_box(pos[i].0.inference())
        });
    }

    #[divan::bench(sample_count = 200, sample_size = 200)]
    fn for_search_goliath_2p(b: Bencher) {
        let pos = goliath_positions();
        let mut rng = seeded(1);
        let mut i = 0;
        b.bench_local(|| {
            i = (i + 1) % pos.len();
            black_box(pos[i].0.determinize_for_search(&mut rng))
        });
    }

    #[divan::bench(sample_count = 200, sample_size = 200)]
    fn inferred_goliath_2p(b: Bencher) {
        let pos = goliath_positions();
        let mut rng = seeded(1);
        let mut i = 0;
        b.bench_local(|| {
            i = (i + 1) % pos.len();
            black_box(pos[i].0.determinize_inferred(&mut rng, &pos[i].1))
        });
    }
}
