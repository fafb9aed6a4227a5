//! The shipped puzzles and the puzzle format: every solution replays through
//! the engine to its goal, wrong tries are refused with the engine's reason,
//! and bad data gets a clear error, never a panic. (Needs feature `json`,
//! which `cargo test --workspace` turns on through the `triominos` crate.)
#![cfg(feature = "json")]

use proptest::prelude::*;
use std::collections::HashSet;
use triominos_core::puzzles::{
    self, check_moves, hint, parse_collection, placement_points, shipped, verify, Goal, Hint, Kind, Puzzle, TryOutcome,
};
use triominos_core::{Board, Cell, Placement, PlacementError, TileSet};

fn collection() -> Vec<Puzzle> {
    shipped().expect("the shipped collection reads")
}

/// Every cell near the table: the cells of the table and their neighbours, twice out.
fn cells_near(board: &Board) -> Vec<Cell> {
    let mut cells = Vec::new();
    for p in board.placements() {
        for n in p.cell.neighbours() {
            cells.push(n);
            cells.extend(n.neighbours());
        }
    }
    cells.sort();
    cells.dedup();
    cells
}

/// Every legal placement of the hand, found by asking the engine about each
/// tile, cell and rotation one by one (not through the solver's move list).
fn all_legal(board: &Board, hand: TileSet) -> Vec<Placement> {
    let mut out = Vec::new();
    for c in cells_near(board) {
        for t in hand {
            for r in 0..3 {
                let p = Placement::new(t, c, r).normalized();
                if board.check(p).is_ok() && !out.contains(&p) {
                    out.push(p);
                }
            }
        }
    }
    out
}

#[test]
fn the_collection_is_big_ordered_and_has_unique_ids() {
    let all = collection();
    assert!(all.len() >= 300, "{} puzzles", all.len());
    for k in Kind::ALL {
        let n = all.iter().filter(|p| p.kind == k).count();
        assert!(n >= 60, "{n} {k} puzzles");
    }
    let ids: HashSet<&str> = all.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids.len(), all.len(), "ids are unique");
    for w in all.windows(2) {
        assert!(
            (w[0].kind, w[0].difficulty.score) <= (w[1].kind, w[1].difficulty.score),
            "{} before {}: ordered by kind, then difficulty",
            w[0].id,
            w[1].id
        );
    }
    for p in &all {
        assert!(p.id.starts_with(p.kind.prefix()), "{}", p.id);
        assert_eq!(p.id, p.content_id(), "ids come from the content");
    }
}

#[test]
fn every_max_points_solution_is_the_unique_best_placement() {
    for p in collection().iter().filter(|p| p.kind == Kind::MaxPoints) {
        let board = p.position().unwrap();
        let legal = all_legal(&board, p.hand_set());
        let score = |m: Placement| placement_points(&p.rules, &board, m).points;
        let sol = p.solution[0].normalized();
        assert!(legal.contains(&sol), "{}: the solution is legal", p.id);
        let best = score(sol);
        assert_eq!(Goal::Points(best), p.goal, "{}", p.id);
        for &m in &legal {
            if m != sol {
                assert!(score(m) < best, "{}: {m:?} scores {} against {best}", p.id, score(m));
            }
        }
        assert_eq!(p.difficulty.alternatives as usize, legal.len(), "{}", p.id);
    }
}

#[test]
fn every_sequence_solution_replays_through_the_engine() {
    for p in collection().iter().filter(|p| matches!(p.kind, Kind::GoOut | Kind::Connect)) {
        let mut board = p.position().unwrap();
        let mut hand = p.hand_set();
        for &m in &p.solution {
            assert!(hand.remove(m.tile), "{}: {} is in hand once", p.id, m.tile);
            assert_eq!(board.check(m), Ok(()), "{}: {m:?}", p.id);
            board.place(m.normalized());
        }
        assert!(hand.is_empty(), "{}: every tile is placed", p.id);
        if p.kind == Kind::Connect {
            let Goal::Groups(g) = &p.goal else { panic!("{}: a connect goal", p.id) };
            assert!((2..=3).contains(&g.len()), "{}", p.id);
            assert_eq!(puzzles::groups(&board).len(), 1, "{}: one group at the end", p.id);
        }
    }
}

/// The most points any order of legal placements makes, every placement
/// found by asking the engine about each tile, cell and rotation (no memo).
fn brute_best(p: &Puzzle, board: &Board, hand: TileSet) -> i32 {
    let mut best = 0;
    for m in all_legal(board, hand) {
        let points = placement_points(&p.rules, board, m).points;
        let mut next = board.clone();
        next.place(m);
        let mut rest = hand;
        rest.remove(m.tile);
        best = best.max(points + brute_best(p, &next, rest));
    }
    best
}

#[test]
fn every_best_turn_solution_reaches_the_most_any_order_makes() {
    for p in collection().iter().filter(|p| p.kind == Kind::BestTurn) {
        let Goal::Points(goal) = p.goal else { panic!("{}: a points goal", p.id) };
        let mut board = p.position().unwrap();
        let mut total = 0;
        for &m in &p.solution {
            assert_eq!(board.check(m), Ok(()), "{}: {m:?}", p.id);
            total += placement_points(&p.rules, &board, m).points;
            board.place(m.normalized());
        }
        assert_eq!(total, goal, "{}: the solution scores the goal", p.id);
        assert_eq!(brute_best(p, &p.position().unwrap(), p.hand_set()), goal, "{}: no order makes more", p.id);
    }
}

#[test]
fn the_whole_collection_verifies() {
    for p in collection() {
        verify(&p).unwrap_or_else(|e| panic!("{}: {e}", p.id));
    }
}

/// A line of legal placements that does not reach the goal, if any.
fn losing_line(p: &Puzzle, board: &Board, hand: TileSet, line: &mut Vec<Placement>) -> bool {
    let moves = board.placements_for(hand);
    if moves.is_empty() {
        return !matches!(check_moves(p, line), TryOutcome::Solved { .. });
    }
    for m in moves {
        let mut b = board.clone();
        b.place(m);
        let mut rest = hand;
        rest.remove(m.tile);
        line.push(m);
        if losing_line(p, &b, rest, line) {
            return true;
        }
        line.pop();
    }
    false
}

#[test]
fn each_kind_accepts_its_solution_and_explains_wrong_tries() {
    let all = collection();
    for kind in Kind::ALL {
        let mut explained = 0;
        for p in all.iter().filter(|p| p.kind == kind).take(20) {
            assert!(matches!(check_moves(p, &p.solution), TryOutcome::Solved { .. }), "{}", p.id);
            let board = p.position().unwrap();
            // A wrong but legal try.
            let mut line = Vec::new();
            match kind {
                Kind::MaxPoints => {
                    let sol = p.solution[0].normalized();
                    let other = board.placements_for(p.hand_set()).into_iter().find(|m| *m != sol).unwrap();
                    let Goal::Points(goal) = p.goal else { unreachable!() };
                    let points = placement_points(&p.rules, &board, other).points;
                    assert_eq!(check_moves(p, &[other]), TryOutcome::TooFewPoints { points, goal }, "{}", p.id);
                    assert_eq!(check_moves(p, &[sol, other]), TryOutcome::OneTileOnly);
                }
                Kind::GoOut | Kind::Connect | Kind::BestTurn => {
                    assert!(losing_line(p, &board, p.hand_set(), &mut line), "{}: some line fails", p.id);
                    let out = check_moves(p, &line);
                    match out {
                        TryOutcome::Stuck { ref left } => assert!(!left.is_empty()),
                        TryOutcome::NotJoined { groups } => assert!(kind == Kind::Connect && groups > 1),
                        TryOutcome::Short { points, goal } => assert!(kind == Kind::BestTurn && points < goal),
                        ref other => panic!("{}: {other:?}", p.id),
                    }
                    // The hint after a losing line says to undo, and after undoing, it helps.
                    match hint(p, &line) {
                        Some(Hint::Undo(n)) => {
                            assert!(n >= 1 && n <= line.len());
                            let kept = &line[..line.len() - n];
                            assert!(matches!(hint(p, kept), Some(Hint::Place(_))), "{}", p.id);
                        }
                        other => panic!("{}: {other:?} after a losing line", p.id),
                    }
                }
            }
            // An illegal try: a hand tile on a cell where its corners do not match.
            let near = cells_near(&board);
            let bad = near.iter().find_map(|&c| {
                let m = Placement::new(p.hand[0], c, 0);
                match board.check(m) {
                    Err(e @ PlacementError::CornerMismatch { .. }) => Some((m, e)),
                    _ => None,
                }
            });
            if let Some((m, e)) = bad {
                assert_eq!(check_moves(p, &[m]), TryOutcome::Illegal { index: 0, error: e });
                explained += 1;
            }
            // Hints walk to the answer.
            let mut made = Vec::new();
            while let Some(Hint::Place(m)) = hint(p, &made) {
                made.push(m);
                assert!(made.len() <= p.hand.len(), "{}", p.id);
            }
            assert!(matches!(check_moves(p, &made), TryOutcome::Solved { .. }), "{}: hints solve it", p.id);
            // A tile not in the hand.
            let foreign = triominos_core::Tile::all().find(|t| !p.hand.contains(t)).unwrap();
            assert_eq!(
                check_moves(p, &[Placement::new(foreign, Cell::ORIGIN, 0)]),
                TryOutcome::NotInHand { index: 0, tile: foreign }
            );
        }
        assert!(explained > 0, "{kind}: some corner mismatch was tried");
    }
}

#[test]
fn verify_refuses_a_puzzle_that_does_not_hold() {
    let all = collection();
    let mp = all.iter().find(|p| p.kind == Kind::MaxPoints).unwrap();
    let mut wrong_goal = mp.clone();
    wrong_goal.goal = Goal::Points(match mp.goal {
        Goal::Points(n) => n + 1,
        _ => unreachable!(),
    });
    assert!(verify(&wrong_goal).is_err());
    let board = mp.position().unwrap();
    let mut wrong_answer = mp.clone();
    wrong_answer.solution =
        vec![board.placements_for(mp.hand_set()).into_iter().find(|m| *m != mp.solution[0].normalized()).unwrap()];
    assert!(verify(&wrong_answer).unwrap_err().contains("solution"));
    let go = all.iter().find(|p| p.kind == Kind::GoOut).unwrap();
    let mut short = go.clone();
    short.solution.pop();
    assert!(verify(&short).is_err(), "a solution that leaves a tile in hand");
    let mut harder = go.clone();
    harder.difficulty.score += 1;
    assert!(verify(&harder).unwrap_err().contains("difficulty"));
    let cn = all.iter().find(|p| p.kind == Kind::Connect).unwrap();
    let mut fewer = cn.clone();
    if let Goal::Groups(g) = &mut fewer.goal {
        g.pop();
    }
    assert!(verify(&fewer).unwrap_err().contains("goal"));
}

#[test]
fn bad_data_gets_a_clear_error() {
    let good = puzzles::puzzle_json(&collection()[0]);
    let with = |f: &dyn Fn(&mut serde_json::Value)| {
        let mut v = good.clone();
        f(&mut v);
        parse_collection(&serde_json::Value::Array(vec![v]).to_string()).unwrap_err().to_string()
    };
    assert!(with(&|v| v["kind"] = "jigsaw".into()).contains("kind"));
    assert!(with(&|v| v["hand"][0] = "1-4-2".into()).contains("1-4-2"));
    assert!(with(&|v| v["board"][0]["rotation"] = 3.into()).contains("rotation"));
    assert!(with(&|v| v["board"][1]["cell"] = serde_json::json!([40, 20])).contains("board placement 1"));
    assert!(with(&|v| v["id"] = "Bad Id".into()).contains("id"));
    assert!(with(&|v| v["ruleset"] = "chess".into()).contains("ruleset"));
    assert!(with(&|v| v["goal"] = serde_json::json!({"tiles": 3})).contains("goal"));
    assert!(with(&|v| v["extra"] = 1.into()).contains("extra"));
    assert!(with(&|v| v["solution"] = serde_json::json!([])).contains("solution"));
    let twice = serde_json::Value::Array(vec![good.clone(), good.clone()]).to_string();
    assert!(parse_collection(&twice).unwrap_err().to_string().contains("twice"));
    assert!(parse_collection("{}").unwrap_err().to_string().contains("array"));
    let e = parse_collection("[1]").unwrap_err();
    assert_eq!(e.index, Some(0));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, .. ProptestConfig::default() })]

    /// Any edit of a good collection reads or is refused with a message; it never panics.
    #[test]
    fn the_parser_never_panics(at in 0usize..4000, len in 0usize..6, bytes in proptest::collection::vec(any::<u8>(), 0..6)) {
        let all = collection();
        let text = puzzles::collection_json(&all[..3]);
        let mut b = text.into_bytes();
        let at = at.min(b.len());
        let end = (at + len).min(b.len());
        b.splice(at..end, bytes);
        if let Ok(s) = String::from_utf8(b) {
            match parse_collection(&s) {
                Ok(ps) => for p in ps {
                    // What reads can be checked without a panic.
                    let _ = verify(&p);
                    let _ = check_moves(&p, &p.solution);
                },
                Err(e) => prop_assert!(!e.to_string().is_empty()),
            }
        }
    }

    /// Random JSON values are refused with a message.
    #[test]
    fn random_values_are_refused(n in any::<i64>(), s in "[a-z0-9 -]{0,12}") {
        for text in [format!("[{n}]"), format!("[{{\"id\": \"{s}\"}}]"), format!("[\"{s}\"]"), format!("{{\"a\": {n}}}")] {
            prop_assert!(parse_collection(&text).is_err());
        }
    }
}
