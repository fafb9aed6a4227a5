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
