//! The Triominos Challenge turn timer (options `timer` and `timer_penalty`,
//! rules.md section 5): `Game::time_out`, its event, its record line.

use crate::common;

use triominos_core::record::{replay, write};
use triominos_core::rng::{below, seeded};
use triominos_core::{
    Action, Event, Game, HistoryEntry, IllegalAction, Phase, Reason, RoundEnd, RuleSet, Tile, TileSet, TimeoutStep,
};

fn rules(preset: &str, options: &[(&str, &str)]) -> RuleSet {
    RuleSet::with_overrides(preset, options.iter().copied()).unwrap()
}

fn timed(preset: &str) -> RuleSet {
    rules(preset, &[("timer", "60")])
}

/// Everything a timeout could change.
fn fingerprint(g: &Game) -> String {
    let p = g.public();
    format!(
        "{:?} {:?} {:?} {:?} {:?} {} {} {:?} {} {} {:?}",
        p.phase(),
        p.totals(),
        g.hands(),
        g.pool().collect::<Vec<_>>(),
        g.board().placements(),
        g.to_move(),
        p.draws_this_turn(),
        g.drawn_tile(),
        p.events().len(),
        p.score_sheet().len(),
        g.history(),
    )
}

/// Plays the first legal action.
fn play_first(g: &mut Game) {
    let a = g.legal_actions()[0];
    g.play(a).unwrap();
}

#[test]
fn without_a_timer_nobody_times_out_and_nothing_changes() {
    for preset in ["goliath", "pressman", "dominos-triangles"] {
        let mut g = Game::new(RuleSet::preset(preset).unwrap(), 3, 5).unwrap();
        play_first(&mut g);
        let before = fingerprint(&g);
        assert_eq!(g.check_time_out(), Err(IllegalAction::NoTimer));
        assert_eq!(g.time_out(), Err(IllegalAction::NoTimer));
        assert_eq!(g.time_out_as(g.to_move()), Err(IllegalAction::NoTimer));
        assert_eq!(fingerprint(&g), before, "{preset}: a refused timeout changed the game");
    }
}

#[test]
fn the_timer_changes_no_player_choice() {
    // A timeout is the referee's, never a legal action: the same deal offers
    // the same actions with or without a timer, all game long.
    for preset in ["goliath", "pressman", "dominos-triangles"] {
        let mut plain = Game::new(RuleSet::preset(preset).unwrap(), 2, 8).unwrap();
        let mut timer = Game::new(timed(preset), 2, 8).unwrap();
        while !plain.is_over() && !plain.is_round_over() {
            assert_eq!(timer.legal_actions(), plain.legal_actions(), "{preset}");
            let a = plain.legal_actions()[0];
            plain.play(a).unwrap();
            timer.play(a).unwrap();
        }
        assert_eq!(timer.totals(), plain.totals());
    }
}

#[test]
fn a_timeout_takes_the_next_tile_costs_the_penalty_and_ends_the_turn() {
    for (penalty, expected) in [(None, -15), (Some("40"), -40), (Some("0"), 0)] {
        let mut opts = vec![("timer", "60")];
        opts.extend(penalty.map(|p| ("timer_penalty", p)));
        let mut g = Game::new(rules("goliath", &opts), 3, 11).unwrap();
        play_first(&mut g);
        let seat = g.to_move();
        let next: Tile = g.pool().next().unwrap();
        let hand = g.hand(seat).unwrap();
        let (total, pool) = (g.totals()[seat as usize], g.public().pool_size());
        let out = g.time_out().unwrap();
        assert_eq!(
            (out.player, out.points, out.turn_over, out.round_end, out.game_over),
            (seat, expected, true, None, false)
        );
        assert!(out.bonuses.names().next().is_none());
        let mut grown = hand;
        grown.insert(next);
        assert_eq!(g.hand(seat).unwrap(), grown, "the pool's next tile is taken");
        assert_eq!(g.totals()[seat as usize], total + expected);
        assert_eq!(g.public().pool_size(), pool - 1);
        assert_eq!(g.public().hand_sizes()[seat as usize] as usize, hand.len() + 1);
        assert_eq!(g.to_move(), (seat + 1) % 3, "the next player moves");
        assert_eq!((g.public().draws_this_turn(), g.drawn_tile()), (0, None));
        assert_eq!(g.public().events().last(), Some(&Event::TimedOut { player: seat, points: expected, took: true }));
        let entry = g.public().score_sheet().last().unwrap();
        assert_eq!((entry.player, entry.reason, entry.points), (seat, Reason::Timeout, expected));
        assert_eq!(
            g.history()[0].timeouts,
            vec![TimeoutStep { after: 1, seat, points: expected, took: true }],
            "after the opening play"
        );
        // The tile is hidden like a draw: its taker knows it, nobody else.
        assert!(g.observe(seat).hand().contains(next));
        assert!(!g.public().known_tiles(seat).contains(next));
        for other in (0..3).filter(|&s| s != seat) {
            assert!(g.observe(other).unknown_tiles().contains(next));
        }
    }
}

#[test]
fn at_the_opening_no_tile_is_taken_and_the_opener_still_opens() {
    for preset in ["goliath", "pressman", "dominos-triangles"] {
        let mut g = Game::new(timed(preset), 2, 3).unwrap();
        let opener = g.to_move();
        let (hand, pool, legal) = (g.hand(opener).unwrap(), g.pool().collect::<Vec<_>>(), g.legal_actions());
        for k in 1..=2 {
            let out = g.time_out().unwrap();
            assert_eq!((out.player, out.points, out.turn_over), (opener, -15, true));
            assert_eq!(g.public().events().last(), Some(&Event::TimedOut { player: opener, points: -15, took: false }));
            assert_eq!(g.to_move(), opener, "{preset}: the opener still opens");
            assert_eq!(g.hand(opener).unwrap(), hand, "{preset}: the opener may not draw");
            assert_eq!(g.pool().collect::<Vec<_>>(), pool);
            assert_eq!(g.legal_actions(), legal, "{preset}: the same opening tiles");
            assert!(g.board().is_empty());
            assert_eq!(g.totals()[opener as usize], -15 * k);
        }
        play_first(&mut g);
        assert_eq!(g.to_move(), 1 - opener);
        let steps = g.history()[0].timeouts.iter().map(|t| (t.after, t.took)).collect::<Vec<_>>();
        assert_eq!(steps, [(0, false), (0, false)]);
    }
}

#[test]
fn with_the_pool_empty_no_tile_is_taken() {
    // Two hands of 28: every tile is dealt.
    let r = rules("goliath", &[("timer", "60"), ("hand_size", "28 18 14 11 9")]);
    let mut g = Game::new(r, 2, 4).unwrap();
    play_first(&mut g);
    assert_eq!(g.public().pool_size(), 0);
    let seat = g.to_move();
    let hand = g.hand(seat).unwrap();
    let out = g.time_out().unwrap();
    assert_eq!(out.points, -15);
    assert_eq!(g.hand(seat).unwrap(), hand);
    assert_eq!(g.public().events().last(), Some(&Event::TimedOut { player: seat, points: -15, took: false }));
    assert_eq!(g.to_move(), 1 - seat);
}

/// A goliath game (timer on) where, after the opening, the player to move
/// may draw twice (the first drawn tile fits nowhere): the seed and the game
/// before the second draw.
fn two_draws() -> Game {
    for seed in 0..200 {
        let mut g = Game::new(timed("goliath"), 2, seed).unwrap();
        play_first(&mut g);
        g.play(Action::Draw).unwrap();
        if g.is_legal(Action::Draw) {
            g.play(Action::Draw).unwrap();
            return g;
        }
    }
    panic!("no seed gives two draws");
}

#[test]
fn after_draws_the_draws_stay_paid_and_the_timeout_ends_the_turn() {
    let mut g = two_draws();
    let seat = g.to_move();
    assert_eq!(g.public().draws_this_turn(), 2);
    let (hand, total) = (g.hand(seat).unwrap(), g.totals()[seat as usize]);
    assert_eq!(total, -10, "two draws");
    let next = g.pool().next().unwrap();
    let drawn = g.drawn_tile().unwrap();
    g.time_out().unwrap();
    assert_eq!(g.totals()[seat as usize], -25, "5 + 5 + 15, no fail penalty");
    assert!(g.public().score_sheet().iter().all(|e| e.reason != Reason::Fail));
    assert_eq!(g.hand(seat).unwrap().len(), hand.len() + 1);
    assert!(g.hand(seat).unwrap().contains(next) && g.hand(seat).unwrap().contains(drawn));
    assert_eq!(g.to_move(), 1 - seat);
    assert_eq!((g.public().draws_this_turn(), g.drawn_tile()), (0, None), "a fresh turn for the next player");
    // The next player's turn is a whole turn: they may draw three times.
    assert!(g.legal_actions().contains(&Action::Draw) || g.legal_actions().iter().any(|a| a.placement().is_some()));
}

#[test]
fn a_drawn_tile_that_fits_and_is_not_placed_in_time_stays_in_the_hand() {
    let mut found = false;
    for seed in 0..200 {
        let mut g = Game::new(timed("pressman"), 2, seed).unwrap();
        play_first(&mut g);
        if !g.legal_actions().contains(&Action::Draw) {
            continue;
        }
        g.play(Action::Draw).unwrap();
        let Some(drawn) = g.drawn_tile() else { continue };
        if g.is_legal(Action::Draw) {
            continue; // it did not fit
        }
        // The drawn tile must be placed now; the time runs out instead.
        let seat = g.to_move();
        g.time_out().unwrap();
        assert!(g.hand(seat).unwrap().contains(drawn));
        assert_eq!(g.totals()[seat as usize], -20);
        assert_eq!(g.to_move(), 1 - seat);
        found = true;
        break;
    }
    assert!(found, "no seed draws a tile that fits");
}

#[test]
fn a_timeout_is_not_a_pass_so_a_round_is_blocked_only_by_passes() {
    // Two players, every tile dealt: play until both can only pass.
    let r = rules("pressman", &[("timer", "60"), ("hand_size", "28 18 14 11 9"), ("target", "none")]);
    let mut found = false;
    'seeds: for seed in 0..300 {
        let mut g = Game::new(r, 2, seed).unwrap();
        let mut rng = seeded(seed);
        while g.public().phase() == Phase::Playing {
            let legal = g.legal_actions();
            if legal == [Action::Pass] {
                let mut twin = g.clone();
                twin.play(Action::Pass).unwrap();
                if twin.public().phase() == Phase::Playing && twin.legal_actions() == [Action::Pass] {
                    // Passing now would block the round; a timeout breaks the run.
                    let mut passed = twin.clone();
                    passed.play(Action::Pass).unwrap();
                    assert_eq!(passed.public().round_end(), Some(RoundEnd::Blocked));
                    twin.time_out().unwrap();
                    assert_eq!(twin.public().phase(), Phase::Playing, "a timeout never ends a round");
                    assert_eq!(twin.public().consecutive_passes(), 0);
                    twin.play(Action::Pass).unwrap();
                    assert_eq!(twin.public().phase(), Phase::Playing, "one pass since the timeout");
                    twin.play(Action::Pass).unwrap();
                    assert_eq!(twin.public().round_end(), Some(RoundEnd::Blocked), "two passes in a row");
                    // The timeout's points are the round's: totals are the sheet's sum.
                    let sheet: i32 = twin.public().score_sheet().iter().map(|e| e.points).sum();
                    assert_eq!(sheet, twin.totals().iter().sum::<i32>());
                    found = true;
                    break 'seeds;
                }
            }
            let a = legal[below(&mut rng, legal.len() as u32) as usize];
            g.play(a).unwrap();
        }
    }
    assert!(found, "no blocked round found");
}

#[test]
fn a_tile_taken_at_a_timeout_counts_in_the_hand_at_the_round_end() {
    // B times out (taking a tile), then A places their last tile: going out
    // scores 25 plus B's hand, the timed-out tile included.
    let mut found = false;
    'seeds: for seed in 0..400 {
        let mut g = Game::new(timed("goliath"), 2, seed).unwrap();
        let mut rng = seeded(seed);
        while g.public().phase() == Phase::Playing {
            let b = g.to_move();
            let a = 1 - b;
            if g.hand(a).unwrap().len() == 1 && !g.board().is_empty() && g.public().pool_size() > 0 {
                let last = g.hand(a).unwrap().iter().next().unwrap();
                if g.board().has_placement([last].into_iter().collect::<TileSet>()) {
                    let taken = g.pool().next().unwrap();
                    g.time_out().unwrap();
                    let play = g.legal_actions().into_iter().find(|x| x.placement().is_some()).unwrap();
                    let before = g.totals()[a as usize];
                    let out = g.play(play).unwrap();
                    assert_eq!(out.round_end, Some(RoundEnd::Out(a)));
                    let hand_b = g.hand(b).unwrap();
                    assert!(hand_b.contains(taken));
                    let Some(Event::RoundEnded { hands, .. }) =
                        g.public().events().iter().rev().find(|e| matches!(e, Event::RoundEnded { .. }))
                    else {
                        panic!("no round end")
                    };
                    assert_eq!(hands[b as usize], hand_b);
                    assert_eq!(g.totals()[a as usize], before + out.points + 25 + hand_b.value() as i32);
                    found = true;
                    break 'seeds;
                }
            }
            let legal = g.legal_actions();
            g.play(legal[below(&mut rng, legal.len() as u32) as usize]).unwrap();
        }
    }
    assert!(found, "no position found");
}

#[test]
fn no_timeout_between_rounds_nor_after_the_game_nor_for_another_seat() {
    // Target 300: several rounds.
    let mut g = Game::new(rules("goliath", &[("timer", "60"), ("target", "300")]), 2, 1).unwrap();
    let other = 1 - g.to_move();
    let before = fingerprint(&g);
    assert_eq!(g.time_out_as(other), Err(IllegalAction::NotYourTurn { expected: 1 - other, got: other }));
    assert_eq!(fingerprint(&g), before);
    let mut seen_round_over = false;
    while !g.is_over() {
        if g.is_round_over() {
            let before = fingerprint(&g);
            assert_eq!(g.time_out(), Err(IllegalAction::RoundOver));
            assert_eq!(fingerprint(&g), before);
            seen_round_over = true;
            g.next_round().unwrap();
            continue;
        }
        play_first(&mut g);
    }
    assert!(seen_round_over);
    assert_eq!(g.time_out(), Err(IllegalAction::GameOver));
}

#[test]
fn a_record_with_timeouts_is_format_2_and_replays_the_same() {
    let mut g = Game::new(timed("pressman"), 3, 21).unwrap();
    let mut rng = seeded(4);
    g.time_out().unwrap(); // at the opening
    let mut timeouts = 1;
    for _ in 0..40 {
        if g.public().phase() != Phase::Playing {
            break;
        }
        if below(&mut rng, 5) == 0 {
            g.time_out().unwrap();
            timeouts += 1;
        } else {
            let legal = g.legal_actions();
            g.play(legal[below(&mut rng, legal.len() as u32) as usize]).unwrap();
        }
    }
    let names: Vec<String> = ["Ann", "Bob", "Cid"].map(String::from).to_vec();
    let text = write(&g, &names, &[]).unwrap();
    assert!(text.starts_with("[Format \"2\"]\n"), "{text}");
    assert!(text.contains("[Option \"timer\" \"60\"]"), "{text}");
    let lines: Vec<&str> = text.lines().filter(|l| l.split_whitespace().nth(1) == Some("timeout")).collect();
    assert_eq!(lines.len(), timeouts);
    assert!(lines.iter().all(|l| l.ends_with("timeout  # -15")), "{lines:?}");
    let r = replay(&text).unwrap();
    assert_eq!(r.game.history(), g.history());
    assert_eq!(r.game.totals(), g.totals());
    assert_eq!(r.game.hands(), g.hands());
    assert_eq!(r.game.public().events(), g.public().events());
    let reported: Vec<_> = r.report.rounds[0].actions.iter().filter(|a| a.kind == "timeout").collect();
    assert_eq!(reported.len(), timeouts);
    assert!(reported.iter().all(|a| a.points == -15 && a.bonuses.is_empty() && a.tile.is_none()));
    // The entries interleave as played: the opening timeout comes first.
    let first = g.history()[0].entries().next().unwrap();
    assert!(matches!(first, HistoryEntry::Timeout(TimeoutStep { after: 0, took: false, .. })));
    assert_eq!(write(&r.game, &names, &[]).unwrap(), text);
}

#[test]
fn records_without_a_timeout_stay_format_1() {
    let mut g = Game::new(timed("goliath"), 2, 2).unwrap();
    play_first(&mut g);
    let text = write(&g, &["A".into(), "B".into()], &[]).unwrap();
    assert!(text.starts_with("[Format \"1\"]\n"));
    assert!(replay(&text).is_ok());
}

/// The record of a two-player goliath game with a timer: the opener times
/// out, then opens; and the opener's and the other player's names.
fn small_record(format: &str, options: &str, extra: impl Fn(&str) -> String) -> (String, &'static str, &'static str) {
    let mut g = Game::new(timed("goliath"), 2, 6).unwrap();
    let names = ["A", "B"];
    let (opener, other) = (names[g.to_move() as usize], names[1 - g.to_move() as usize]);
    g.time_out().unwrap();
    play_first(&mut g);
    let text = write(&g, &names.map(String::from), &[]).unwrap();
    let text = text.replacen("[Format \"2\"]", &format!("[Format \"{format}\"]"), 1);
    let text = text.replacen("[Option \"timer\" \"60\"]\n", options, 1);
    (format!("{text}{}", extra(other)), opener, other)
}

fn error_line(text: &str) -> (usize, String) {
    let e = replay(text).unwrap_err();
    (e.line, e.reason)
}

#[test]
fn timeout_lines_are_checked() {
    let timer = "[Option \"timer\" \"60\"]\n";
    let none = |_: &str| String::new();
    let (ok, opener, other) = small_record("2", timer, none);
    let r = replay(&ok).unwrap();
    let first = &r.report.rounds[0].actions[0];
    assert_eq!((first.kind, first.points, first.player.as_str()), ("timeout", -15, opener));
    assert_eq!(
        first.legal_placements, r.report.rounds[0].actions[1].legal_placements,
        "counted before, as for any action"
    );
    let line = first.line;
    // The same record as format 1: a timeout line needs format 2.
    let (l, why) = error_line(&small_record("1", timer, none).0);
    assert_eq!((l, why.as_str()), (line, "a timeout line needs [Format \"2\"]"));
    // Without the timer option.
    let (l, why) = error_line(&small_record("2", "", none).0);
    assert_eq!(l, line - 1, "one header line less");
    assert!(why.contains("no turn timer"), "{why}");
    // Extra words, the wrong seat, an unknown format.
    let at = format!("{opener} timeout");
    assert_eq!(error_line(&ok.replacen(&at, &format!("{at} now"), 1)).0, line);
    let wrong = ok.replacen(&at, &format!("{other} timeout"), 1);
    assert_eq!(error_line(&wrong), (line, format!("not your turn: {opener} is to play")));
    assert_eq!(error_line(&ok.replacen("[Format \"2\"]", "[Format \"3\"]", 1)).0, 1);
    // After the opening, the other player times out and takes a tile.
    let (more, _, _) = small_record("2", timer, |other| format!("{other} timeout\n"));
    let r = replay(&more).unwrap();
    let seat = if other == "A" { 0 } else { 1 };
    assert_eq!(r.game.hand(seat).unwrap().len(), 10);
    assert_eq!(r.game.totals()[seat as usize], -15);
}

#[test]
fn the_timeout_scenario_gives_its_expected_report() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/scenarios");
    let text = std::fs::read_to_string(format!("{dir}/challenge_timeout.tri")).unwrap();
    let want: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(format!("{dir}/challenge_timeout.json")).unwrap()).unwrap();
    let r = replay(&text).unwrap();
    let got = report_json(&r.report);
    assert_eq!(got, want);
}

/// The report as `triominos check --json` prints it (without the serde feature here).
fn report_json(r: &triominos_core::record::Report) -> serde_json::Value {
    use serde_json::json;
    let scores = |s: &triominos_core::record::Scores| {
        serde_json::Value::Object(s.0.iter().map(|(k, v)| (k.clone(), json!(v))).collect())
    };
    json!({
        "players": r.players,
        "rounds": r.rounds.iter().map(|x| json!({
            "number": x.number,
            "actions": x.actions.iter().map(|a| {
                let mut o = json!({"line": a.line, "player": a.player, "kind": a.kind,
                    "legal_placements": a.legal_placements, "points": a.points, "bonuses": a.bonuses});
                if let (Some(t), Some(c), Some(rot)) = (a.tile, a.cell, a.rotation) {
                    o["tile"] = json!(t.to_string());
                    o["cell"] = json!(c);
                    o["rotation"] = json!(rot);
                }
                o
            }).collect::<Vec<_>>(),
            "end": x.end,
            "round_scores": scores(&x.round_scores),
        })).collect::<Vec<_>>(),
        "totals": scores(&r.totals),
        "winner": r.winner,
    })
}

#[test]
fn random_timer_games_keep_every_invariant_and_replay() {
    // `common::random_game` times players out one time in ten under a timer.
    for (name, rules, n) in common::variants().into_iter().filter(|v| v.1.timer().is_some()) {
        for seed in 0..4u64 {
            let game = common::random_game(rules, n, seed, |_, _| {});
            let timeouts: usize = game.history().iter().map(|h| h.timeouts.len()).sum();
            assert!(timeouts > 0, "{name} seed {seed}: no timeout");
            let names: Vec<String> = (0..n).map(|i| format!("P{}", i + 1)).collect();
            let text = write(&game, &names, &[]).unwrap();
            let r = replay(&text).unwrap_or_else(|e| panic!("{name} seed {seed}: {e}"));
            assert_eq!(r.game.history(), game.history());
            assert_eq!(r.game.winners(), game.winners());
            let reported = r.report.rounds.iter().flat_map(|x| &x.actions).filter(|a| a.kind == "timeout").count();
            assert_eq!(reported, timeouts);
        }
    }
}

#[test]
fn a_timeout_line_anywhere_never_panics() {
    // A whole timer game (several rounds, to its end), a timeout line put in
    // before every line and after the last, by each seat: each record is
    // refused on a line from the inserted one on, or replays to a game that
    // writes and replays the same.
    let r = rules("pressman", &[("timer", "60"), ("target", "120")]);
    let game = (0..50).map(|seed| common::random_game(r, 2, seed, |_, _| {})).find(|g| g.history().len() > 1).unwrap();
    assert!(game.is_over());
    let names: Vec<String> = ["P1", "P2"].map(String::from).to_vec();
    let text = write(&game, &names, &[]).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let mut accepted = 0;
    for at in 0..=lines.len() {
        for who in &names {
            let mut edited = lines.clone();
            let line = format!("{who} timeout");
            edited.insert(at, &line);
            let edited = edited.join("\n");
            match replay(&edited) {
                Ok(r) => {
                    accepted += 1;
                    let again = write(&r.game, &names, &[]).unwrap();
                    assert_eq!(replay(&again).unwrap().game.history(), r.game.history());
                }
                // Never before the inserted line: what comes before it is the valid record.
                Err(e) => assert!(
                    (at + 1..=lines.len() + 1).contains(&e.line),
                    "line {} for an insert at {}: {}",
                    e.line,
                    at + 1,
                    e.reason
                ),
            }
        }
    }
    assert!(accepted > 0, "some inserted timeouts are legal");
}

#[cfg(feature = "serde")]
#[test]
fn the_event_and_the_refusal_serialize_without_the_tile() {
    let e = Event::TimedOut { player: 1, points: -15, took: true };
    assert_eq!(
        serde_json::to_value(e).unwrap(),
        serde_json::json!({"type": "timed_out", "player": 1, "points": -15, "took": true})
    );
    assert_eq!(serde_json::to_value(IllegalAction::NoTimer).unwrap(), serde_json::json!({"code": "no_timer"}));
    assert_eq!(serde_json::to_value(Reason::Timeout).unwrap(), serde_json::json!("Timeout"));
}
