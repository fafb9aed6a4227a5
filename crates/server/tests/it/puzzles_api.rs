//! The puzzles' API: the list and a puzzle never carry a solution, tries are
//! judged by the engine (the right answer solves, a wrong one is explained),
//! hints give a tile of an answer, the daily puzzle follows the date, and bad
//! requests are refused.

use crate::common;

use common::*;
use serde_json::{json, Value};
use triominos_core::puzzles::{self, Kind};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn puzzles_are_served_without_solutions_and_tries_are_judged() {
    let db = temp_db();
    let server = start(&db).await;
    let all = puzzles::shipped().unwrap();
    let (s, body) = http(&server, "GET", "/api/puzzles", None).await;
    assert_eq!(s, 200);
    let list: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(list["puzzles"].as_array().unwrap().len(), all.len());
    assert!(!body.contains("solution"));
    for page in ["/puzzles", &format!("/puzzles/{}", all[0].id)] {
        let (s, body) = http(&server, "GET", page, None).await;
        assert_eq!(s, 200, "{page}");
        assert!(body.contains("<html"));
    }
    for kind in Kind::ALL {
        let p = all.iter().find(|p| p.kind == kind).unwrap();
        let (s, body) = http(&server, "GET", &format!("/api/puzzles/{}", p.id), None).await;
        assert_eq!(s, 200);
        let v: Value = serde_json::from_str(&body).unwrap();
        assert!(v.get("solution").is_none(), "no solution is sent");
        assert_eq!(v["number"], 1);
        assert_eq!(v["hand"].as_array().unwrap().len(), p.hand.len());
        let moves = serde_json::to_value(&p.solution).unwrap();
        let (s, body) =
            http(&server, "POST", &format!("/api/puzzles/{}/try", p.id), Some(&json!({ "moves": moves }).to_string()))
                .await;
        assert_eq!(s, 200);
        assert_eq!(serde_json::from_str::<Value>(&body).unwrap()["outcome"], "solved", "{}", p.id);
        // The first tile of the answer, turned once more: unless it is a triple, a corner no longer matches.
        let mut wrong = p.solution[0];
        if !wrong.tile.is_triple() {
            wrong.rotation = (wrong.rotation + 1) % 3;
            let (_, body) = http(
                &server,
                "POST",
                &format!("/api/puzzles/{}/try", p.id),
                Some(&json!({ "moves": [serde_json::to_value(wrong).unwrap()] }).to_string()),
            )
            .await;
            let r: Value = serde_json::from_str(&body).unwrap();
            let expected = serde_json::to_value(triominos_server::puzzles::try_answer(p, &[wrong])).unwrap();
            assert_eq!(r, expected);
            assert_ne!(r["outcome"], "solved");
        }
        let (_, body) =
            http(&server, "POST", &format!("/api/puzzles/{}/hint", p.id), Some(&json!({"moves": []}).to_string()))
                .await;
        let h: Value = serde_json::from_str(&body).unwrap();
        let tile = h["place"]["tile"].as_str().unwrap();
        assert!(p.hand.iter().any(|t| t.to_string() == tile));
    }
    let (s, _) = http(&server, "GET", "/api/puzzles/nope", None).await;
    assert_eq!(s, 404);
    let id = &all[0].id;
    for bad in [json!({"moves": "x"}), json!({"moves": [{"tile": "1-4-2", "cell": [0, 0], "rotation": 0}]}), json!({})]
    {
        let (s, _) = http(&server, "POST", &format!("/api/puzzles/{id}/try"), Some(&bad.to_string())).await;
        assert_eq!(s, 400);
    }
    let (s, body) = http(&server, "GET", "/api/puzzles/daily?date=2026-12-01", None).await;
    assert_eq!(s, 200);
    let d: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(d["id"], all[puzzles::daily_index("2026-12-01", all.len()).unwrap()].id.as_str());
    let (s, _) = http(&server, "GET", "/api/puzzles/daily?date=yesterday", None).await;
    assert_eq!(s, 400);
    server.stop().await;
}

/// Issue 33, item 7: a puzzle hint starts with its idea (the judge's reason,
/// naming no tile), and a `best_turn` run that can no longer reach the goal
/// is answered `dead_end` (the page no longer says "Good").
#[test]
fn a_hint_has_its_idea_and_a_run_that_leads_nowhere_is_told() {
    let all = puzzles::shipped().unwrap();
    for kind in Kind::ALL {
        let p = all.iter().find(|p| p.kind == kind).unwrap();
        let Some(puzzles::Hint::Place(m)) = puzzles::hint(p, &[]) else { panic!("{}: a tile to place", p.id) };
        let idea = triominos_server::puzzles::idea(p, &[], m);
        // A `connect` puzzle's groups apart are no game's board: no idea, the tile first.
        if kind == Kind::Connect {
            assert_eq!(idea, None);
            continue;
        }
        let idea = idea.unwrap_or_else(|| panic!("{}: an idea", p.id));
        assert!(!idea.names_a_tile(), "{}: {idea:?}", p.id);
        let wire = serde_json::to_value(&idea).unwrap();
        assert!(wire["code"].is_string());
    }
    // Every first placement of every best_turn puzzle: a going try is a dead end exactly when
    // the solver says to take placements back.
    let (mut dead, mut alive) = (0, 0);
    for p in all.iter().filter(|p| p.kind == Kind::BestTurn) {
        let board = p.position().unwrap();
        for m in board.placements_for(p.hand_set()) {
            let a = triominos_server::puzzles::try_answer(p, &[m]);
            let v = serde_json::to_value(&a).unwrap();
            if v["outcome"] != "going" {
                assert!(v.get("dead_end").is_none(), "{v}");
                continue;
            }
            match puzzles::hint(p, &[m]) {
                Some(puzzles::Hint::Undo(n)) => {
                    assert_eq!(v["dead_end"], n, "{}: {v}", p.id);
                    dead += 1;
                }
                _ => {
                    assert!(v.get("dead_end").is_none(), "{}: {v}", p.id);
                    alive += 1;
                }
            }
        }
    }
    assert!(dead > 0 && alive > 0, "dead ends {dead}, runs still going {alive}");
}
