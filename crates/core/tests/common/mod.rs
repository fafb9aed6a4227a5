//! Helpers shared by the integration tests: rule variants and random games.
#![allow(dead_code)]

use triominos_core::rng::{below, seeded};
use triominos_core::{Action, Game, Preset, RuleSet};

/// Every preset with every allowed player count, plus house-rule variants that
/// exercise the other option values.
pub fn variants() -> Vec<(String, RuleSet, usize)> {
    let mut out = Vec::new();
    for p in Preset::ALL {
        let r = RuleSet::of(p);
        for n in r.min_players()..=r.max_players() {
            out.push((p.name().to_string(), r, n as usize));
        }
    }
    let house: &[(&str, &[(&str, &str)])] = &[
        ("goliath", &[("vertex_contacts_must_match", "false"), ("target", "none")]),
        ("goliath", &[("after_draw", "any_tile"), ("max_draws", "2")]),
        ("pressman", &[("draw_when_able", "true"), ("empty_pool_penalty", "3"), ("target", "150")]),
        ("pressman", &[("blocked", "each_subtracts"), ("game_end", "highest_after_round"), ("target", "200")]),
        ("dominos-triangles", &[("bridge_bonus", "40"), ("hexagon_bonus", "50 60 70"), ("target", "200")]),
        ("dominos-triangles", &[("after_draw", "any_tile"), ("max_draws", "3"), ("target", "none")]),
        ("goliath", &[("start", "highest_triple"), ("first_tile", "start_tile"), ("blocked", "lowest_bonus")]),
        ("goliath", &[("hand_size", "12 10 8 6 5"), ("players", "2-6"), ("game_end", "immediate"), ("target", "150")]),
        ("pressman", &[("announce_bonuses", "true"), ("target", "150")]),
        // The Triominos Challenge timer: `random_game` times players out now and then.
        ("goliath", &[("timer", "60"), ("target", "200")]),
        ("pressman", &[("timer", "30"), ("timer_penalty", "20"), ("target", "150")]),
    ];
    for (preset, opts) in house {
        let r = RuleSet::with_overrides(preset, opts.iter().copied()).unwrap();
        let name = format!("{preset}+{}", opts.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(","));
        out.push((name.clone(), r, r.min_players() as usize));
        out.push((name, r, r.max_players() as usize));
    }
    out
}

/// Whether the referee times the player to move out now: under a turn
/// timer, one time in `one_in` (drawn from `rng` only under a timer, so
/// games without one are the same as ever).
pub fn times_out(game: &Game, rng: &mut triominos_core::rng::ChaCha8Rng, one_in: u32) -> bool {
    game.rules().timer().is_some() && below(rng, one_in) == 0
}

/// Plays a whole game with uniformly random legal actions (and, under a turn
/// timer, a timeout one time in ten), calling `each` before every action
/// with the game and the chosen action.
pub fn random_game(rules: RuleSet, players: usize, seed: u64, each: impl FnMut(&Game, Action)) -> Game {
    play_game(
        rules,
        players,
        seed,
        seed ^ 0xDEAD_BEEF,
        |_, moves, rng| moves[below(rng, moves.len() as u32) as usize],
        each,
    )
}

/// Plays a whole game dealt from `seed`, `pick` choosing each action among the
/// legal ones with a generator seeded from `rng_seed` (under a turn timer, a
/// timeout one time in ten instead), calling `each` before every action with
/// the game and the chosen action.
pub fn play_game(
    rules: RuleSet,
    players: usize,
    seed: u64,
    rng_seed: u64,
    mut pick: impl FnMut(&Game, &[Action], &mut triominos_core::rng::ChaCha8Rng) -> Action,
    mut each: impl FnMut(&Game, Action),
) -> Game {
    let mut game = Game::new(rules, players, seed).expect("deal");
    let mut rng = seeded(rng_seed);
    let mut moves = Vec::new();
    let mut guard = 0;
    while !game.is_over() {
        guard += 1;
        assert!(guard < 20_000, "game does not end");
        if game.is_round_over() {
            game.next_round().expect("next round");
            continue;
        }
        if times_out(&game, &mut rng, 10) {
            let (seat, total) = (game.to_move(), game.totals()[game.to_move() as usize]);
            let out = game.time_out().expect("a timer game times out during a round");
            assert_eq!(out.points, -game.rules().timer_penalty());
            assert_eq!(game.totals()[seat as usize], total + out.points);
            continue;
        }
        game.legal_actions_into(&mut moves);
        assert!(!moves.is_empty(), "a player in a live round always has an action");
        let a = pick(&game, &moves, &mut rng);
        each(&game, a);
        let preview = a.placement().map(|p| game.placement_score(p));
        let outcome = game.play(a).expect("legal action accepted");
        if let Some(s) = preview {
            assert_eq!((s.points, s.bonuses), (outcome.points, outcome.bonuses), "preview agrees with play");
        }
    }
    game
}
