//! The search takes what a position offers: going out, a hexagon. Positions
//! come from seeded greedy games, the search has a fixed seed and budget: the
//! tests are deterministic and never look at a clock.

use triominos_bots::{make_bot, Bot, Budget};
use triominos_core::scoring::Bonuses;
use triominos_core::{Action, Game, Observation};

/// Small, so that the tests are quick and a search that misjudges shows.
const ITERATIONS: u32 = 300;

#[path = "../support/positions.rs"]
mod support;
use support::positions;

fn is_play(a: &Action) -> bool {
    matches!(a, Action::Play { .. })
}

/// The mover holds one tile that fits and may also draw (Goliath allows a
/// draw when able), and going out does not end the game.
fn can_go_out(g: &Game) -> bool {
    let me = g.to_move();
    let legal = g.legal_actions();
    g.public().hand_sizes()[me as usize] == 1
        && legal.contains(&Action::Draw)
        && legal.iter().filter(|a| is_play(a)).all(|&a| {
            let mut after = g.clone();
            after.play(a).unwrap();
            after.is_round_over() && !after.is_over()
        })
        && legal.iter().any(is_play)
}

fn hexagon(g: &Game, a: Action) -> bool {
    match a {
        Action::Play { placement, .. } => {
            let b = g.placement_score(placement).bonuses;
            b.contains(Bonuses::HEXAGON) || b.contains(Bonuses::DOUBLE_HEXAGON) || b.contains(Bonuses::TRIPLE_HEXAGON)
        }
        _ => false,
    }
}

fn offers_hexagon(g: &Game) -> bool {
    g.legal_actions().into_iter().any(|a| hexagon(g, a))
}

fn choose(level: &str, obs: &Observation) -> Action {
    make_bot(level, 17, Budget::iterations(ITERATIONS)).unwrap().choose(obs)
}

/// The average round margin (the mover's points minus the opponent's, to the
/// end of the round) after `a`, over `n` deals of the hidden tiles played out
/// by greedy bots.
fn rollout_margin(g: &Game, a: Action, n: u64) -> f64 {
    let me = g.to_move() as usize;
    let obs = g.observe(g.to_move());
    let mut rng = triominos_core::rng::seeded(5);
    let mut sum = 0i64;
    for k in 0..n {
        let mut d = obs.determinize(&mut rng);
        let start: Vec<i32> = d.totals().to_vec();
        d.play(a).unwrap();
        let mut bots: Vec<Box<dyn Bot>> =
            (0..2).map(|s| make_bot("greedy", k * 2 + s, Budget::default()).unwrap()).collect();
        while !d.is_round_over() && !d.is_over() {
            let s = d.to_move();
            let x = bots[s as usize].choose(&d.observe(s));
            d.play(x).unwrap();
        }
        let t = d.totals();
        sum += ((t[me] - start[me]) - (t[1 - me] - start[1 - me])) as i64;
    }
    sum as f64 / n as f64
}

/// A hexagon is on offer, the game cannot end this round (every total below
/// 250 of 400), and greedy playouts show the hexagon clearly best: its
/// average round margin beats every other action's by 15 points or more.
/// (Not every hexagon should be taken at once: one the player alone can
/// complete may wait a turn, and when the game is decided this round the
/// points no longer matter.)
fn hexagon_clearly_best(g: &Game) -> bool {
    if !offers_hexagon(g) || g.totals().iter().any(|&t| t >= 250) {
        return false;
    }
    let legal = g.legal_actions();
    let best = |hex: bool| {
        legal.iter().filter(|&&a| hexagon(g, a) == hex).map(|&a| rollout_margin(g, a, 200)).fold(f64::MIN, f64::max)
    };
    let other = best(false);
    other > f64::MIN && best(true) >= other + 15.0
}

#[test]
fn mcts_goes_out_when_it_can() {
    let found = positions(1..60, can_go_out, 12);
    assert!(found.len() >= 8, "only {} positions", found.len());
    for (i, g) in found.iter().enumerate() {
        let a = choose("mcts", &g.observe(g.to_move()));
        assert!(is_play(&a), "position {i}: drew instead of going out");
    }
}

#[test]
fn mcts_takes_a_hexagon_that_is_clearly_best() {
    let found = positions(1..80, hexagon_clearly_best, 6);
    assert!(found.len() >= 5, "only {} positions", found.len());
    for (i, g) in found.iter().enumerate() {
        let a = choose("mcts", &g.observe(g.to_move()));
        assert!(hexagon(g, a), "position {i}: played {a:?}, not the hexagon");
    }
}
