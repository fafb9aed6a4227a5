//! Bots play legally, cannot see hidden tiles, and the arena and self-play do what they say.

use std::path::PathBuf;
use std::time::Duration;
use triominos_bots::play::{arena, play_game, play_game_with, selfplay, standings, Clocks};
use triominos_bots::{make_bot, Bot, Budget, LEVELS};

/// The levels under test: the shipped ones, and with the feature `lab` the
/// lab's earlier versions of `mcts` too.
fn levels() -> Vec<&'static str> {
    let shipped = LEVELS.iter().copied();
    #[cfg(feature = "lab")]
    let shipped = shipped.chain(triominos_bots::lab::PREVIOUS_LEVELS);
    shipped.collect()
}
use triominos_core::record::replay;
use triominos_core::{Game, Preset, RuleSet};

fn budget() -> Budget {
    Budget::iterations(40)
}

#[test]
fn every_bot_plays_only_legal_actions_in_every_preset_and_player_count() {
    for preset in Preset::ALL {
        let rules = RuleSet::of(preset);
        for n in rules.min_players()..=rules.max_players() {
            let n = n as usize;
            for (k, level) in levels().into_iter().enumerate() {
                // The bot under test in seat 0, greedy elsewhere (fast).
                let mut bots: Vec<Box<dyn Bot>> = (0..n)
                    .map(|s| make_bot(if s == 0 { level } else { "greedy" }, s as u64 + 7, budget()).unwrap())
                    .collect();
                let mut r = rules;
                // A single round keeps the searching bot's test short.
                if level.starts_with("mcts") {
                    r.set_option("target", "none").unwrap();
                }
                let result = play_game(r, 100 + k as u64 + n as u64, &mut bots, None);
                assert!(result.forfeit.is_none(), "{level} {preset} {n}: {:?}", result.forfeit);
                assert!(!result.winners.is_empty());
                assert!(result.placements > 0);
            }
        }
    }
}

/// Two games that look the same to seat 0 (same hand, board, scores, sizes)
/// but differ in what seat 0 cannot see: every bot decides the same.
#[test]
fn bots_decide_only_on_what_they_may_see() {
    let rules = RuleSet::of(Preset::Goliath);
    let game = Game::new(rules, 3, 5).unwrap();
    let me = game.to_move();
    let obs = game.observe(me);
    // Another game with the hidden tiles dealt differently, seen the same way by `me`.
    let mut other = obs.determinize(&mut triominos_core::rng::seeded(99));
    let mut different_hands = false;
    for s in 0..3u8 {
        different_hands |= s != me && other.hand(s).unwrap() != game.hand(s).unwrap();
    }
    assert!(different_hands, "the hidden tiles differ");
    for level in levels() {
        let a = make_bot(level, 1, budget()).unwrap().choose(&obs);
        let b = make_bot(level, 1, budget()).unwrap().choose(&other.observe(me));
        assert_eq!(a, b, "{level} decided on hidden information");
        assert!(game.is_legal(a));
    }
    // And after some play, mid-round.
    for _ in 0..6 {
        let a = make_bot("greedy", 3, budget()).unwrap().choose(&other.observe(other.to_move()));
        other.play(a).unwrap();
    }
    let me = other.to_move();
    let obs = other.observe(me);
    let third = obs.determinize(&mut triominos_core::rng::seeded(5));
    for level in levels() {
        let a = make_bot(level, 2, budget()).unwrap().choose(&obs);
        let b = make_bot(level, 2, budget()).unwrap().choose(&third.observe(me));
        assert_eq!(a, b, "{level} mid-round");
    }
}

#[test]
fn mcts_is_reproducible_at_a_fixed_budget() {
    let game = Game::new(RuleSet::of(Preset::Pressman), 2, 11).unwrap();
    let mut g = game.clone();
    g.play(g.legal_actions()[0]).unwrap();
    let obs = g.observe(g.to_move());
    let a = make_bot("mcts", 9, Budget::iterations(300)).unwrap().choose(&obs);
    let b = make_bot("mcts", 9, Budget::iterations(300)).unwrap().choose(&obs);
    assert_eq!(a, b);
}

#[test]
fn arena_replays_each_deal_with_the_seats_rotated() {
    let rules = RuleSet::of(Preset::DominosTriangles);
    let specs: Vec<String> = ["greedy", "random", "heuristic"].iter().map(|s| s.to_string()).collect();
    let games = arena(rules, &specs, 4, 50, budget(), &|_| {}).unwrap();
    assert_eq!(games.len(), 12);
    for seed in 50..54u64 {
        let same: Vec<_> = games.iter().filter(|g| g.result.seed == seed).collect();
        assert_eq!(same.len(), 3);
        // Every bot sits in every seat once for this deal...
        for bot in 0..3 {
            let mut seats: Vec<usize> =
                same.iter().map(|g| g.seating.iter().position(|&b| b == bot).unwrap()).collect();
            seats.sort();
            assert_eq!(seats, vec![0, 1, 2]);
        }
        // ...and the deal is the same each time: the seed's deal.
        let expected = Game::new(rules, 3, seed).unwrap();
        for g in same {
            for s in 0..3u8 {
                assert_eq!(g.result.deal[s as usize], expected.history()[0].deal.hands[s as usize]);
            }
        }
    }
    let table = standings(&specs, &games);
    assert_eq!(table.iter().map(|s| s.games).sum::<u64>(), 36);
    let wins: f64 = table.iter().map(|s| s.wins).sum();
    assert!((wins - 12.0).abs() < 1e-9, "one win per game, shared wins split");
    for s in &table {
        assert!(s.ci95.0 <= s.win_rate && s.win_rate <= s.ci95.1);
    }
}

#[test]
fn selfplay_records_pass_the_checker() {
    for preset in Preset::ALL {
        let specs: Vec<String> = vec!["random".into(), "heuristic".into(), "greedy".into()];
        let results = selfplay(RuleSet::of(preset), &specs, 4, 3, budget(), true, &|_| {}).unwrap();
        for r in results {
            let text = r.record.unwrap().unwrap();
            let replayed = replay(&text).unwrap_or_else(|e| panic!("{preset}: {e}\n{text}"));
            assert_eq!(replayed.game.totals(), &r.totals[..]);
            assert!(replayed.report.winner.is_some());
        }
    }
}

/// A per-decision time limit for external bots that a loaded machine never
/// reaches: the bots under test answer (or exit) at once, so a run never waits
/// it out, and a slow start on a busy machine is not mistaken for a hang.
const GENEROUS: Duration = Duration::from_secs(120);

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn python() -> Option<&'static str> {
    std::process::Command::new("python3").arg("--version").output().ok().map(|_| "python3")
}

#[test]
fn the_example_external_bot_plays_whole_games() {
    let py = python().expect("python3 is needed for the external bot tests");
    let script = repo().join("examples/bots/highest_tile.py");
    let spec = format!("cmd:{py} {}", script.display());
    let specs = vec![spec, "greedy".to_string()];
    // A time limit no busy machine reaches: timeouts are not what is tested here.
    let budget = Budget { time: Some(GENEROUS), ..Budget::default() };
    let games = arena(RuleSet::of(Preset::Pressman), &specs, 2, 1, budget, &|_| {}).unwrap();
    assert_eq!(games.len(), 4);
    for g in &games {
        assert!(g.result.forfeit.is_none(), "{:?}", g.result.forfeit);
        assert!(g.result.placements > 10);
    }
}

#[test]
fn a_bot_spec_may_name_its_own_budget() {
    use triominos_bots::play::parse_spec;
    let global = Budget { iterations: Some(1000), time: Some(Duration::from_millis(50)), threads: 2 };
    // Iterations replace both the global iterations and time; threads stay.
    assert_eq!(
        parse_spec("mcts@10000", global),
        Ok(("mcts", Budget { iterations: Some(10_000), time: None, threads: 2 }))
    );
    assert_eq!(
        parse_spec("mcts@1s", global),
        Ok(("mcts", Budget { iterations: None, time: Some(Duration::from_secs(1)), threads: 2 }))
    );
    assert_eq!(
        parse_spec("mcts-v1@250ms", global),
        Ok(("mcts-v1", Budget { iterations: None, time: Some(Duration::from_millis(250)), threads: 2 }))
    );
    // No @: the global budget as it is; cmd: specs are never split.
    assert_eq!(parse_spec("mcts", global), Ok(("mcts", global)));
    assert_eq!(parse_spec("cmd:bot --mail a@b", global), Ok(("cmd:bot --mail a@b", global)));
    for bad in ["mcts@", "mcts@0", "mcts@-5", "mcts@1.5s", "mcts@fast", "mcts@5000000000", "mcts@ms", "greedy@100"] {
        let e = parse_spec(bad, global).unwrap_err();
        assert!(e.contains(bad), "{bad}: {e}");
    }
    // A bad spec fails the arena and self-play before any game.
    let specs: Vec<String> = vec!["greedy@1s".into(), "random".into()];
    assert!(arena(RuleSet::of(Preset::Goliath), &specs, 1, 1, global, &|_| {}).is_err());
    assert!(selfplay(RuleSet::of(Preset::Goliath), &specs, 1, 1, global, false, &|_| {}).is_err());
}

#[test]
fn a_per_bot_budget_overrides_the_global_one_in_play() {
    // `mcts@30` under a global budget of 500 plays exactly as `mcts` does at 30
    // (same seeds), and not as `mcts` at 500: the override is what it searches with.
    let mut rules = RuleSet::of(Preset::Goliath);
    rules.set_option("target", "none").unwrap();
    let play = |specs: [&str; 2], budget: Budget| {
        let specs: Vec<String> = specs.iter().map(|s| s.to_string()).collect();
        arena(rules, &specs, 3, 21, budget, &|_| {})
            .unwrap()
            .into_iter()
            .map(|g| (g.result.seed, g.seating, g.result.totals))
            .collect::<Vec<_>>()
    };
    let overridden = play(["mcts@30", "greedy"], Budget::iterations(500));
    let direct = play(["mcts", "greedy"], Budget::iterations(30));
    let big = play(["mcts", "greedy"], Budget::iterations(500));
    let sorted = |mut v: Vec<_>| {
        v.sort();
        v
    };
    assert_eq!(sorted(overridden.clone()), sorted(direct));
    assert_ne!(sorted(overridden), sorted(big));
}

/// The lab's bots are not in the shipped build: asking for one says how to
/// build them (and with the feature, they are there).
#[test]
fn lab_levels_need_the_lab_feature_and_say_so() {
    for level in ["mcts-v1", "mcts-v5", "mcts~g=100~i=1"] {
        let made = make_bot(level, 1, Budget::iterations(10));
        if cfg!(feature = "lab") {
            assert!(made.is_ok(), "{level}");
        } else {
            let e = made.err().unwrap();
            assert!(e.contains("--features lab"), "{level}: {e}");
        }
    }
    let e = make_bot("mcts-fast", 1, Budget::default()).err().unwrap();
    assert!(e.contains("unknown bot level") && e.contains("expert"), "{e}");
}

/// The clocks are read only where asked for (issue 46: random self-play lost
/// most of its speed to the CPU clock, a system call); the same game is played
/// either way.
#[test]
fn the_clocks_are_read_only_when_asked_for() {
    let mut rules = RuleSet::of(Preset::Goliath);
    rules.set_option("target", "none").unwrap();
    let play = |clocks| {
        let mut bots: Vec<Box<dyn Bot>> =
            (0..2).map(|s| make_bot("mcts", s as u64 + 1, Budget::iterations(200)).unwrap()).collect();
        play_game_with(rules, 9, &mut bots, None, clocks)
    };
    let (off, both) = (play(Clocks::Off), play(Clocks::WallAndCpu));
    assert_eq!((&off.totals, off.actions), (&both.totals, both.actions), "the clocks change no decision");
    assert!(off.cpu.iter().chain(&off.think).all(|d| d.is_zero()), "time read without being asked: {off:?}");
    assert!(both.think.iter().all(|d| !d.is_zero()), "wall time asked for and not read: {:?}", both.think);
    if cfg!(target_os = "linux") {
        assert!(both.cpu.iter().all(|d| !d.is_zero()), "CPU time asked for and not read: {:?}", both.cpu);
    }
}
