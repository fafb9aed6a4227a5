//! The game review at its default budget (the judge's, as hints use it): a
//! whole 2-player Goliath game of about 80 decisions of the reviewed player,
//! on one thread (issue 33's target: under 30 s on one core).
//!
//! Run: `cargo bench -p triominos-bots --bench review`

use divan::black_box;
use triominos_bots::play::play_game;
use triominos_bots::review::{review, Options};
use triominos_bots::{make_bot, Bot, Budget};
use triominos_core::record::{replay, Replayed};
use triominos_core::RuleSet;

fn main() {
    divan::main();
}

/// A fixed game: `greedy` (seat 0, reviewed) against `heuristic`, 2-player
/// Goliath to 400 from deal seed 3, written as a record and read back.
fn fixed_game() -> Replayed {
    let mut bots: Vec<Box<dyn Bot>> =
        vec![make_bot("greedy", 1, Budget::default()).unwrap(), make_bot("heuristic", 2, Budget::default()).unwrap()];
    let names = ["P1".to_string(), "P2".to_string()];
    let played = play_game(RuleSet::preset("goliath").unwrap(), 3, &mut bots, Some(&names));
    replay(&played.record.expect("names given").unwrap()).unwrap()
}

/// One review of seat 0 at the default budget ([`Options::default`], the
/// judge's: Expert's search of 10,000 iterations and 2,000 common deals a
/// decision, one thread).
#[divan::bench(sample_count = 3, sample_size = 1)]
fn review_goliath_2p_default_budget(b: divan::Bencher) {
    let game = fixed_game();
    let decisions = game.game.history().iter().flat_map(|h| &h.actions).filter(|s| s.seat == 0).count();
    assert!((70..=95).contains(&decisions), "{decisions} decisions: not the ~80 the bench is about");
    eprintln!("reviewing {decisions} decisions of P1");
    b.bench_local(|| black_box(review(&game, 0, &Options::default()).unwrap().totals.loss));
}
