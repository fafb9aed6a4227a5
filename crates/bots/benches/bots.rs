//! Bot benchmarks: ISMCTS iterations (a determinization, a tree walk and a
//! playout to the end of the round) and whole self-play games.
//!
//! Run: `cargo bench -p triominos-bots --bench bots`

use divan::{black_box, Bencher};
use triominos_bots::play::play_game;
use triominos_bots::{make_bot, Bot, Budget};
use triominos_core::{Game, RuleSet};

fn main() {
    divan::main();
}

/// 1,000 iterations of the search `spec` for the decision of the seat to
/// move in `g` (a new bot each time).
fn bench_1000(b: Bencher, g: &Game, spec: &str) {
    let obs = g.observe(g.to_move());
    b.counter(divan::counter::ItemsCount::new(1000usize)).bench_local(|| {
        let mut bot = make_bot(spec, 1, Budget::iterations(1000)).unwrap();
        black_box(bot.choose(&obs))
    });
}

/// A 2-player Goliath round (deal 3) after 16 greedy moves.
fn midround() -> Game {
    let mut g = Game::new(RuleSet::preset("goliath").unwrap(), 2, 3).unwrap();
    let mut greedy: Vec<Box<dyn Bot>> = (0..2).map(|s| make_bot("greedy", s, Budget::default()).unwrap()).collect();
    for _ in 0..16 {
        let seat = g.to_move();
        let a = greedy[seat as usize].choose(&g.observe(seat));
        g.play(a).unwrap();
    }
    assert!(!g.is_round_over());
    g
}

/// 1,000 ISMCTS iterations for the first decision after the opening of a
/// 2-player Goliath round (each iteration plays the round out).
#[divan::bench]
fn mcts_1000_playouts_goliath_2p(b: Bencher) {
    let mut g = Game::new(RuleSet::preset("goliath").unwrap(), 2, 3).unwrap();
    g.play(g.legal_actions()[0]).unwrap();
    bench_1000(b, &g, "mcts");
}

/// 1,000 ISMCTS iterations in the middle of a 2-player Goliath round (after
/// 16 greedy moves): a bigger board, more legal actions, shorter playouts.
#[divan::bench]
fn mcts_1000_playouts_goliath_2p_midround(b: Bencher) {
    bench_1000(b, &midround(), "mcts");
}

/// A whole 2-player Goliath game between two random bots through the `Bot`
/// trait (observation per decision), as `triominos selfplay` plays it.
#[divan::bench]
fn selfplay_random_game_goliath_2p(b: Bencher) {
    let mut seed = 0;
    b.bench_local(|| {
        seed += 1;
        let mut bots: Vec<Box<dyn Bot>> =
            (0..2).map(|s| make_bot("random", seed * 2 + s, Budget::default()).unwrap()).collect();
        black_box(play_game(RuleSet::preset("goliath").unwrap(), seed, &mut bots, None).placements)
    });
}

/// The lab's search (feature `lab`) in the middle of a 2-player Goliath
/// round, as the previous bench: its baseline (`mcts`'s configuration, the
/// lab's research branches off) and the learned evaluation at a playout's
/// horizon of 2, 4 and 10 moves (`ve=1`, module `value`).
/// Run: `cargo bench -p triominos-bots --features lab --bench bots -- lab_`
#[cfg(feature = "lab")]
#[divan::bench(args = ["t=10", "t=2~ve=1", "t=4~ve=1", "t=10~ve=1"])]
fn lab_1000_playouts_goliath_2p_midround(b: Bencher, keys: &str) {
    bench_1000(b, &midround(), &format!("mcts~g=100~i=1~l=10~a=1~n=3~{keys}"));
}
