//! The judge's tests.

use super::*;
use crate::make_bot;
use crate::review::moments;
use triominos_core::record::replay;
use triominos_core::{Cell, RuleSet};

/// Small settings: the tests check behaviour, not strength.
const SMALL: Settings = Settings { search: 600, deals: 60 };

/// The record of issue 33's item 6: `triominos selfplay --bots
/// random,mcts@1000 --games 3 --records DIR`, its third game.
const ITEM_6: &str = include_str!("../../tests/data/goliath-2p-3.tri");

/// The moment of line `line` of the item-6 record (P1, seat 0).
fn item_6_moment(line: usize) -> crate::review::Moment {
    let rep = replay(ITEM_6).unwrap();
    moments(&rep, 0).unwrap().into_iter().find(|m| m.line() == line).unwrap()
}

fn play(tile: &str, c: i32, r: i32, rotation: u8) -> Action {
    Action::play(Placement::new(tile.parse().unwrap(), Cell::new(c, r).unwrap(), rotation))
}

/// Positions of greedy games (2-player Goliath) with at least `choices`
/// legal actions, every `every`-th decision.
fn positions(games: u64, every: usize, choices: usize) -> Vec<Observation> {
    let mut out = Vec::new();
    for seed in 1..=games {
        let mut g = Game::new(RuleSet::preset("goliath").unwrap(), 2, seed).unwrap();
        let mut bot = make_bot("greedy", seed, Budget::default()).unwrap();
        let mut k = 0;
        while !g.is_over() && g.public().round() == 1 && !g.is_round_over() {
            let obs = g.observe(g.to_move());
            if obs.legal_actions().len() >= choices {
                k += 1;
                if k % every == 0 {
                    out.push(obs.clone());
                }
            }
            g.play(bot.choose(&obs)).unwrap();
        }
    }
    out
}

#[test]
fn the_same_position_asked_with_another_seed_gets_the_same_advice_or_as_good() {
    let mut differed = 0;
    let all = positions(3, 4, 3);
    assert!(all.len() >= 8, "{} positions", all.len());
    for obs in all.iter().take(10) {
        let a = analyse(obs, Settings::DEFAULT, 1, &[]).unwrap();
        let b = analyse(obs, Settings::DEFAULT, 2, &[]).unwrap();
        let (x, y) = (a.best().action, b.best().action);
        assert_eq!(a.hint(obs).action, x);
        if x == y {
            continue;
        }
        differed += 1;
        // Asked about the other's advice, each judge cannot tell them apart.
        let a2 = analyse(obs, Settings::DEFAULT, 1, &[y]).unwrap();
        let b2 = analyse(obs, Settings::DEFAULT, 2, &[x]).unwrap();
        assert!(a2.as_good(y) || b2.as_good(x), "{x:?} against {y:?}: {:?} / {:?}", a2.candidates, b2.candidates);
        // Asking about one more action changes none of the others' values.
        for c in &a.candidates {
            assert_eq!(a2.candidate(c.action).map(|d| d.value), Some(c.value));
        }
    }
    // Not a vacuous test: some positions are close calls.
    assert!(differed > 0, "the two seeds always agreed");
}

#[test]
fn a_missed_hexagon_is_valued_on_the_same_deals_as_the_move_played() {
    // Issue 33, item 6: P1 laid 2-4-5 for 11 where 2-4-5 3,-4 2 closed a
    // hexagon for 61; the review compared with a draw and charged 4.45.
    let m = item_6_moment(64);
    let obs = m.observation();
    let played = m.played();
    assert_eq!(played, play("2-4-5", -3, 0, 1));
    let hexagon = play("2-4-5", 3, -4, 2);
    assert!(obs.legal_actions().contains(&hexagon));
    assert_eq!(points_now(obs, hexagon), 61);
    let a = analyse(obs, Settings::DEFAULT, 1, &[played]).unwrap();
    let h = a.candidate(hexagon).expect("every placement forming a figure is a candidate");
    assert!(h.sources.contains(&Source::Figure));
    let draw = a.candidate(Action::Draw).map_or(f64::NEG_INFINITY, |d| d.value);
    assert!(h.value > draw + 20.0, "the hexagon {} against the draw {draw}", h.value);
    let over_played = a.compare(hexagon, played).unwrap();
    assert!(over_played.loss - SEPARATION * over_played.se > BLUNDER, "{over_played:?}");
    let v = a.verdict(played).unwrap();
    assert!(v.loss >= over_played.loss, "{v:?}");
    assert_eq!(v.severity, Some(Severity::Blunder));
    // The played move's reasons say where the same tile scores more.
    let why = a.explain(obs, played);
    assert!(
        why.iter().any(|r| matches!(r, Reason::Instead { tile, points: 61, notation, spot: Some(_) }
            if *tile == "2-4-5".parse().unwrap() && Some(notation.as_str()) == MoveName::of(hexagon, obs.public().board()).map(|n| n.notation).as_deref())),
        "{why:?}"
    );
    let board = obs.public().board();
    let words =
        instead_words(played, MoveName::of(played, board).as_ref(), hexagon, MoveName::of(hexagon, board).as_ref());
    assert!(words.contains("another spot") && !words.contains("3,-4") && !words.contains("turned"), "{words}");
    assert!(words.contains(" of ") || words.contains("above") || words.contains("below"), "{words}");
}

#[test]
fn every_reason_code_is_listed_once_and_serialised_as_code_and_params() {
    let t: Tile = "1-2-3".parse().unwrap();
    let all = [
        Reason::Hexagon { points: 50 },
        Reason::DoubleHexagon { points: 60 },
        Reason::TripleHexagon { points: 70 },
        Reason::Bridge { points: 40 },
        Reason::BridgeExtension { points: 40 },
        Reason::Start { points: 10 },
        Reason::Tile { points: 6 },
        Reason::Out { points: 25 },
        Reason::OutHands { points: 25 },
        Reason::Most { plays: 3 },
        Reason::Instead {
            tile: t,
            points: 9,
            notation: "123L555".into(),
            spot: Some(SpotWords { side: "left".into(), next_to: "5-5-5".parse().unwrap() }),
        },
        Reason::Keeps { tile: t },
        Reason::NoBridgeFor { seat: 1 },
        Reason::NoHexagonFor { seat: 1 },
        Reason::NoFit,
        Reason::DrawInstead { points: 4 },
        Reason::Pass,
        Reason::LeavesSpot { seat: 1, figure: Figure::Hexagon, points: 50, percent: 40, expected: 20.0 },
        Reason::SetsUp { figure: Figure::Bridge, points: 40, tile: t },
        Reason::Sheds { tile: t, points: 6, seat: 1, tiles: 2 },
        Reason::GoOutNext { tile: t, points: 25 },
        Reason::NextOut { seat: 1, percent: 30, expected: 15.0 },
        Reason::DrawCosts { points: -5 },
        Reason::DrawPromises { fit_percent: 60, figure_percent: 10 },
        Reason::ScoresMore { points: 3 },
        Reason::Expects { points: 4.5 },
    ];
    let mut seen = Vec::new();
    for r in &all {
        // Exhaustive: a new reason must be added above (and to CODES).
        match r {
            Reason::Hexagon { .. }
            | Reason::DoubleHexagon { .. }
            | Reason::TripleHexagon { .. }
            | Reason::Bridge { .. }
            | Reason::BridgeExtension { .. }
            | Reason::Start { .. }
            | Reason::Tile { .. }
            | Reason::Out { .. }
            | Reason::OutHands { .. }
            | Reason::Most { .. }
            | Reason::Instead { .. }
            | Reason::Keeps { .. }
            | Reason::NoBridgeFor { .. }
            | Reason::NoHexagonFor { .. }
            | Reason::NoFit
            | Reason::DrawInstead { .. }
            | Reason::Pass
            | Reason::LeavesSpot { .. }
            | Reason::SetsUp { .. }
            | Reason::Sheds { .. }
            | Reason::GoOutNext { .. }
            | Reason::NextOut { .. }
            | Reason::DrawCosts { .. }
            | Reason::DrawPromises { .. }
            | Reason::ScoresMore { .. }
            | Reason::Expects { .. } => {}
        }
        let v = serde_json::to_value(r).unwrap();
        let code = v["code"].as_str().unwrap().to_string();
        assert!(Reason::CODES.contains(&code.as_str()), "{code}");
        assert!(!seen.contains(&code), "{code} twice");
        assert!(!reason_words(r, &|s| format!("seat {s}")).is_empty());
        seen.push(code);
    }
    assert_eq!(seen.len(), Reason::CODES.len());
    let v = serde_json::to_value(&all[17]).unwrap();
    assert_eq!(v["params"]["figure"], "hexagon");
    assert_eq!(v["params"]["percent"], 40);
    let c = Contrast { side: Side::Played, reason: all[17].clone() };
    let v = serde_json::to_value(&c).unwrap();
    assert_eq!((v["side"].as_str(), v["code"].as_str()), (Some("played"), Some("leaves_spot")));
    assert_eq!(v["params"]["seat"], 1);
}

#[test]
fn a_hint_is_graded_from_the_idea_to_the_tile_to_the_spot() {
    for obs in positions(2, 5, 3).iter().take(6) {
        let h = hint(obs, SMALL, 3).unwrap();
        let a = analyse(obs, SMALL, 3, &[]).unwrap();
        assert_eq!(h.action, a.best().action);
        assert_eq!(h.reasons, a.explain(obs, h.action));
        assert!(!h.grades.idea.names_a_tile(), "{:?}", h.grades.idea);
        assert_eq!(h.grades.tile, h.action.placement().map(|p| p.tile));
        assert_eq!(h.grades.action, h.action);
        assert_eq!(h.points, points_now(obs, h.action));
        assert!(h.as_good.iter().all(|&x| x != h.action && a.as_good(x)));
        let json = serde_json::to_value(&h).unwrap();
        assert!(json["grades"]["idea"]["code"].is_string(), "{json}");
    }
}

#[test]
fn the_candidates_are_the_searched_the_figures_the_outs_and_the_asked() {
    let all = positions(4, 1, 2);
    let mut figures = 0;
    for obs in all.iter().step_by(3).take(12) {
        let legal = obs.legal_actions();
        // Ask about the last legal action, likely not searched much.
        let asked = *legal.last().unwrap();
        let a = analyse(obs, SMALL, 5, &[asked]).unwrap();
        assert!(a.candidate(asked).is_some_and(|c| c.sources.contains(&Source::Asked)));
        assert!(a.candidates.len() <= MAX_CANDIDATES);
        assert!(a.candidates.iter().all(|c| legal.contains(&c.action) && c.samples.len() == SMALL.deals as usize));
        assert!(a.candidates.windows(2).all(|w| w[0].value >= w[1].value));
        for &x in &legal {
            let p = match x {
                Action::Play { placement, .. } => placement,
                _ => continue,
            };
            if !obs.public().board().preview(p).is_empty() && a.candidates.len() < MAX_CANDIDATES {
                assert!(a.candidate(x).is_some(), "a figure left out: {x:?}");
                figures += 1;
            }
        }
        let searched = a.candidates.iter().filter(|c| c.sources.contains(&Source::Searched)).count();
        assert!(searched >= TOP_SEARCHED.min(legal.len()), "{searched}");
    }
    assert!(figures > 0, "no position with a figure: the test checks nothing of them");
}

#[test]
fn the_judge_reads_no_hidden_tile() {
    let mut g = Game::new(RuleSet::preset("goliath").unwrap(), 2, 8).unwrap();
    let mut bot = make_bot("greedy", 2, Budget::default()).unwrap();
    for _ in 0..14 {
        let a = bot.choose(&g.observe(g.to_move()));
        g.play(a).unwrap();
    }
    let me = g.to_move();
    let obs = g.observe(me);
    let other = obs.determinize(&mut seeded(31));
    assert_ne!(other.hand(1 - me).unwrap(), g.hand(1 - me).unwrap(), "another hidden hand");
    let a = hint(&obs, SMALL, 4).unwrap();
    let b = hint(&other.observe(me), SMALL, 4).unwrap();
    assert_eq!(a, b);
    for x in obs.legal_actions() {
        let beliefs = Beliefs::default();
        assert_eq!(explain(&obs, x, &beliefs), explain(&other.observe(me), x, &beliefs));
    }
}

#[test]
fn a_draw_says_what_it_costs_and_may_bring() {
    let obs = positions(3, 1, 2)
        .into_iter()
        .find(|o| o.legal_actions().contains(&Action::Draw) && o.public().pool_size() > 10)
        .unwrap();
    let a = analyse(&obs, SMALL, 2, &[Action::Draw]).unwrap();
    let why = a.explain(&obs, Action::Draw);
    assert!(why.contains(&Reason::DrawCosts { points: -obs.public().rules().draw_penalty() }), "{why:?}");
    let promise = why.iter().find_map(|r| match r {
        Reason::DrawPromises { fit_percent, figure_percent } => Some((*fit_percent, *figure_percent)),
        _ => None,
    });
    let (fit, figure) = promise.expect("what a draw may bring");
    assert!(fit <= 100 && figure <= fit, "{fit} {figure}");
    // The chance a drawn tile fits, counted over the unknown tiles, is near
    // the one the deals give (every unknown tile is alike likely to be drawn
    // by the rules alone).
    let unknown = obs.unknown_tiles();
    let fitting = obs.public().board().fitting_tiles().intersection(unknown);
    let share = 100.0 * fitting.len() as f64 / unknown.len() as f64;
    assert!((fit as f64 - share).abs() < 20.0, "{fit}% of the deals against {share:.0}% of the unknown tiles");
}

#[test]
fn a_review_entry_with_a_loss_says_why_and_what_differs() {
    let rep = replay(ITEM_6).unwrap();
    let mut with_loss = 0;
    for m in moments(&rep, 0).unwrap().iter().take(30) {
        let d = crate::review::judge(m, &crate::review::Options { iterations: 600, samples: 60, seed: 2, threads: 1 });
        if d.loss > 0.0 {
            with_loss += 1;
            assert!(!d.reasons.is_empty(), "line {}: a loss without a reason", d.line);
            assert_eq!(d.differs, Difference::between(d.played, d.best));
            assert!(d.differs.is_some());
        } else {
            assert!(d.reasons.is_empty());
        }
        if d.as_good {
            assert_eq!((d.best, d.loss, d.severity), (d.played, 0.0, None));
        }
    }
    assert!(with_loss > 3, "{with_loss} decisions with a loss");
}

#[test]
fn the_same_tile_twice_always_says_what_differs() {
    let t = "2-3-3";
    let (a, b) = (play(t, 1, 0, 0), play(t, 3, -4, 2));
    assert_eq!(Difference::between(a, b), Some(Difference::Spot));
    assert!(instead_words(a, None, b, None).contains("another spot"));
    let c = play(t, 1, 0, 1);
    assert_eq!(Difference::between(a, c), Some(Difference::Turn));
    assert!(instead_words(a, None, c, None).contains("another turn"));
    assert_eq!(Difference::between(a, Action::Draw), Some(Difference::Kind));
    assert_eq!(Difference::between(a, play("2-3-4", 1, 0, 0)), Some(Difference::Tile));
    assert_eq!(Difference::between(a, a), None);
}

#[test]
fn a_puzzle_solution_is_graded_from_the_seats_beliefs() {
    let obs = &positions(2, 3, 3)[0];
    for a in obs.legal_actions() {
        let g = graded(obs, a, 9);
        assert_eq!(g, grades(a, &explain(obs, a, &Beliefs::of(obs, BELIEF_DEALS, 9))));
        assert!(!g.idea.names_a_tile());
        assert_eq!((g.action, g.tile), (a, a.placement().map(|p| p.tile)));
    }
    assert_eq!(Beliefs::of(obs, 40, 1).len(), 40);
}
