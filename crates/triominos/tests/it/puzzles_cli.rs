//! `triominos puzzles generate`, `export` and `verify` as a user runs them.

use crate::run;

#[test]
fn the_shipped_collection_verifies_and_exports_as_one_array() {
    let (code, out, err) = run(&["puzzles", "verify"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("puzzles verified"), "{out}");
    let (code, out, err) = run(&["puzzles", "export", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: Vec<serde_json::Value> = serde_json::from_str(&out).unwrap();
    assert!(v.len() >= 300);
    for kind in ["max_points", "go_out", "connect", "best_turn"] {
        assert!(v.iter().filter(|p| p["kind"] == kind).count() >= 60, "{kind}");
    }
    for p in &v {
        for field in ["id", "kind", "ruleset", "board", "hand", "goal", "solution", "difficulty"] {
            assert!(p.get(field).is_some(), "{field} in {p}");
        }
    }
}

#[test]
fn verify_names_a_puzzle_that_does_not_hold() {
    let (_, out, _) = run(&["puzzles", "export", "--json"]);
    let mut v: Vec<serde_json::Value> = serde_json::from_str(&out).unwrap();
    v.truncate(5);
    let id = v[2]["id"].as_str().unwrap().to_string();
    let points = v[2]["goal"]["points"].as_i64().unwrap();
    v[2]["goal"]["points"] = (points + 5).into();
    let dir = std::env::temp_dir().join(format!("tri-puzzles-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("bad.json");
    std::fs::write(&file, serde_json::to_string(&v).unwrap()).unwrap();
    let (code, _, err) = run(&["puzzles", "verify", "--file", file.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains(&id) && err.contains("goal"), "{err}");
    std::fs::write(&file, "[{\"id\": 3}]").unwrap();
    let (code, _, err) = run(&["puzzles", "verify", "--file", file.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("puzzle 0"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn generation_is_deterministic_from_its_seed() {
    let args = ["puzzles", "generate", "--kind", "all", "--count", "4", "--seed", "9"];
    let (code, a, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    let (_, b, _) = run(&[&args[..], &["--threads", "1"]].concat());
    assert_eq!(a, b, "same seed, same puzzles, whatever the threads");
    let v: Vec<serde_json::Value> = serde_json::from_str(&a).unwrap();
    assert_eq!(v.len(), 16, "four of each kind");
    let (_, c, _) = run(&["puzzles", "generate", "--kind", "connect", "--count", "4", "--seed", "10"]);
    assert_ne!(c, a);
    let (code, _, err) = run(&["puzzles", "generate", "--kind", "sudoku"]);
    assert_eq!(code, 2);
    assert!(err.contains("sudoku"));
}
