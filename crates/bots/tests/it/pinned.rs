//! The shipped levels' decisions, pinned: a few decisions of each level (and
//! of Expert's search, and of the judge) from seeded 2-player Goliath games,
//! written down when the search was split out of the lab
//! (`crates/bots/src/mcts/`, `crates/bots/src/lab/`). Refactoring the search
//! must leave them as they are; a change meant to change how a level plays
//! updates them (`PIN_PRINT=1 cargo test -p triominos-bots --test it pinned:: --
//! --nocapture` prints the new ones) and says so. Updated on purpose by
//! issue 49: the search's playouts stop after 4 moves and add the learned
//! evaluation (`mcts::HORIZON`, `mcts::VALUE_WEIGHT`), so `clever`, `mcts`,
//! and Expert's search play otherwise; random, greedy, heuristic and the
//! judge (`mcts::Config::JUDGE`, the search before issue 49) are unchanged.

use triominos_bots::judge::{analyse, Settings};
use triominos_bots::{make_bot, Budget};
use triominos_core::{Game, Preset, RuleSet};

/// The first `count` decisions with a choice of the bot `level` at `budget`,
/// seated first against `greedy` in the game of `seed`, as text.
fn decisions(level: &str, budget: Budget, seed: u64, count: usize) -> Vec<String> {
    let mut game = Game::new(RuleSet::of(Preset::Goliath), 2, seed).unwrap();
    let mut bot = make_bot(level, seed, budget).unwrap();
    let mut other = make_bot("greedy", seed + 1, Budget::default()).unwrap();
    let mut out = Vec::new();
    while out.len() < count && !game.is_over() {
        if game.is_round_over() {
            game.next_round().unwrap();
            continue;
        }
        let seat = game.to_move();
        let obs = game.observe(seat);
        let a = if seat == 0 {
            let a = bot.choose(&obs);
            if obs.legal_actions().len() > 1 {
                out.push(format!("{a:?}"));
            }
            a
        } else {
            other.choose(&obs)
        };
        game.play(a).unwrap();
    }
    out
}

fn check(name: &str, got: Vec<String>, pinned: &[&str]) {
    if std::env::var("PIN_PRINT").is_ok() {
        println!("{name}: {got:#?}");
        return;
    }
    assert_eq!(got, pinned, "{name} no longer plays as pinned");
}

fn threads(iterations: u32, threads: usize) -> Budget {
    Budget { iterations: Some(iterations), time: None, threads }
}

#[test]
fn random_greedy_and_heuristic_play_as_pinned() {
    check(
        "random",
        decisions("random", Budget::default(), 3, 6),
        &[
            "Play { placement: 2-5-5 0,0 0, announce: false }",
            "Play { placement: 0-2-2 -1,1 1, announce: false }",
            "Play { placement: 0-0-0 -3,0 0, announce: false }",
            "Draw",
            "Play { placement: 4-4-5 1,2 1, announce: false }",
            "Play { placement: 0-0-1 -3,1 2, announce: false }",
        ],
    );
    check(
        "greedy",
        decisions("greedy", Budget::default(), 3, 6),
        &[
            "Play { placement: 4-4-5 0,0 1, announce: false }",
            "Play { placement: 1-1-5 1,-1 2, announce: false }",
            "Play { placement: 0-1-1 1,-2 1, announce: false }",
            "Play { placement: 4-4-4 -2,-1 0, announce: false }",
            "Play { placement: 0-0-1 0,-2 2, announce: false }",
            "Play { placement: 0-0-4 2,-3 1, announce: false }",
        ],
    );
    check(
        "heuristic",
        decisions("heuristic", Budget::default(), 3, 6),
        &[
            "Play { placement: 4-4-4 0,0 0, announce: false }",
            "Play { placement: 4-4-5 0,-1 0, announce: false }",
            "Play { placement: 2-2-3 -2,1 2, announce: false }",
            "Play { placement: 1-3-3 -4,1 0, announce: false }",
            "Play { placement: 1-1-5 -6,1 2, announce: false }",
            "Play { placement: 1-4-4 1,0 2, announce: false }",
        ],
    );
}

#[test]
fn clever_plays_as_pinned() {
    check(
        "clever",
        decisions("clever", Budget::default(), 4, 6),
        &[
            "Play { placement: 4-5-5 1,0 2, announce: false }",
            "Play { placement: 2-4-5 1,1 0, announce: false }",
            "Draw",
            "Draw",
            "Play { placement: 1-2-5 0,1 0, announce: false }",
            "Play { placement: 1-1-2 0,2 1, announce: false }",
        ],
    );
}

#[test]
fn mcts_at_its_default_budget_plays_as_pinned_on_one_thread_and_two() {
    check(
        "mcts@2000",
        decisions("mcts", Budget::iterations(2_000), 5, 4),
        &[
            "Play { placement: 4-5-5 0,-1 1, announce: false }",
            "Draw",
            "Play { placement: 4-4-5 -1,-1 2, announce: false }",
            "Play { placement: 3-4-4 -1,-2 1, announce: false }",
        ],
    );
    check(
        "mcts@2000x2",
        decisions("mcts", threads(2_000, 2), 6, 4),
        &[
            "Play { placement: 3-5-5 -1,0 2, announce: false }",
            "Play { placement: 2-5-5 -2,1 2, announce: false }",
            "Play { placement: 0-3-4 -4,0 2, announce: false }",
            "Draw",
        ],
    );
}

#[test]
fn expert_search_plays_as_pinned() {
    check(
        "mcts@10000",
        decisions("mcts", Budget::iterations(10_000), 7, 3),
        &[
            "Play { placement: 0-3-3 -1,-2 2, announce: false }",
            "Draw",
            "Play { placement: 3-4-5 -2,-1 1, announce: false }",
        ],
    );
}

#[test]
fn the_judge_ranks_as_pinned() {
    let mut game = Game::new(RuleSet::of(Preset::Goliath), 2, 8).unwrap();
    let mut greedy = make_bot("greedy", 8, Budget::default()).unwrap();
    let mut got = Vec::new();
    while got.len() < 2 {
        let seat = game.to_move();
        let obs = game.observe(seat);
        if obs.legal_actions().len() > 2 && game.public().board().placements().len() >= 6 {
            let a = analyse(&obs, Settings { search: 2_000, deals: 100 }, 9, &[]).unwrap();
            got.push(format!("{:?}", a.candidates.iter().map(|c| (c.action, c.visits)).collect::<Vec<_>>()));
        }
        let a = greedy.choose(&obs);
        game.play(a).unwrap();
    }
    check("judge", got, &[
            "[(Play { placement: 2-2-5 1,1 0, announce: false }, 833), (Play { placement: 3-3-5 2,-1 2, announce: false }, 755), (Draw, 412)]",
            "[(Play { placement: 2-3-3 3,-1 2, announce: false }, 320), (Play { placement: 2-3-3 3,0 0, announce: false }, 543), (Play { placement: 2-3-3 -4,-1 1, announce: false }, 1137)]",
        ]);
}
