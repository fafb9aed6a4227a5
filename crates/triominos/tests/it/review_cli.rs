//! `triominos review` as a user runs it: the table, the JSON, and clear
//! errors on bad input.

use std::path::PathBuf;
use triominos_core::record::write;
use triominos_core::{Game, RuleSet};

use crate::run;

fn dir() -> PathBuf {
    let d = std::env::temp_dir().join(format!("tri-review-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// A game of `actions` first-legal actions, written as a record (unfinished).
fn record(actions: usize) -> String {
    let mut g = Game::new(RuleSet::preset("goliath").unwrap(), 2, 4).unwrap();
    for _ in 0..actions {
        if g.is_round_over() {
            g.next_round().unwrap();
        }
        let legal = g.legal_actions();
        // The middle legal action: plays and, now and then, draws.
        g.play(legal[legal.len() / 2]).unwrap();
    }
    write(&g, &["Ann".to_string(), "Bob".to_string()], &[]).unwrap()
}

const FAST: [&str; 4] = ["--iterations", "60", "--samples", "12"];

#[test]
fn the_table_and_the_json_describe_every_decision() {
    let d = dir();
    let file = d.join("game.tri");
    let text = record(40);
    std::fs::write(&file, &text).unwrap();
    let f = file.to_str().unwrap();
    // Bob's lines in the record: the decisions to review.
    let bob_lines: Vec<usize> =
        text.lines().enumerate().filter(|(_, l)| l.starts_with("Bob ")).map(|(i, _)| i + 1).collect();
    let n = bob_lines.len();
    assert!(n >= 15, "{n} decisions");

    let mut args = vec!["review", f, "--player", "Bob", "--json", "--quiet"];
    args.extend(FAST);
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["player"], "Bob");
    let decisions = v["decisions"].as_array().unwrap();
    let lines: Vec<usize> = decisions.iter().map(|d| d["line"].as_u64().unwrap() as usize).collect();
    assert_eq!(lines, bob_lines);
    let mut sum = 0.0;
    for d in decisions {
        let (pv, bv, loss) =
            (d["played_value"].as_f64().unwrap(), d["best_value"].as_f64().unwrap(), d["loss"].as_f64().unwrap());
        assert!(loss >= 0.0 && (bv - pv - loss).abs() < 0.011, "{d}");
        assert!(["play", "draw", "pass"].contains(&d["played"]["kind"].as_str().unwrap()), "{d}");
        assert!(d["best"]["kind"].is_string(), "{d}");
        sum += loss;
    }
    assert!((v["totals"]["loss"].as_f64().unwrap() - sum).abs() < 0.01);
    assert_eq!(v["totals"]["decisions"], n);
    assert!(v["totals"]["average_loss"].is_number());

    // The same review as a table: a row per decision, then the summary.
    let mut args = vec!["review", f, "--player", "Bob", "--quiet"];
    args.extend(FAST);
    let (code, table, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    assert!(table.starts_with("Review of Bob (seat 1)"), "{table}");
    for (line, d) in bob_lines.iter().zip(decisions) {
        let row = table
            .lines()
            .find(|r| r.split_whitespace().next() == Some(&line.to_string()))
            .unwrap_or_else(|| panic!("no row for line {line}:\n{table}"));
        assert!(row.contains(&format!("{:.1}", d["loss"].as_f64().unwrap())), "{row} / {d}");
    }
    assert!(table.contains("Points lost per round:\n  round 1: "), "{table}");
    let avg = format!(
        "Average loss per decision: {:.2} points over {n} decisions",
        v["totals"]["average_loss"].as_f64().unwrap()
    );
    assert!(table.contains(&avg), "{table}");

    // Without --player: the first player. The same seed: the same review.
    let mut args = vec!["review", f, "--json", "--quiet"];
    args.extend(FAST);
    let (code, out2, _) = run(&args);
    assert_eq!(code, 0);
    let w: serde_json::Value = serde_json::from_str(&out2).unwrap();
    assert_eq!(w["player"], "Ann");
    let (_, again, _) = run(&args);
    assert_eq!(out2, again);
}

#[test]
fn bad_input_is_a_clear_error_and_never_a_panic() {
    let d = dir();
    let good = d.join("ok.tri");
    std::fs::write(&good, record(12)).unwrap();
    let g = good.to_str().unwrap();
    let mut errors = Vec::new();
    let (code, _, err) = run(&["review", g, "--player", "Zed", "--quiet"]);
    assert_eq!(code, 1);
    assert!(err.contains("no player \"Zed\"") && err.contains("Ann, Bob"), "{err}");
    errors.push(err);

    let bad = d.join("bad.tri");
    std::fs::write(&bad, "[Format \"1\"]\n[Ruleset \"goliath\"]\n[Players \"Ann\" \"Bob\"]\nround 1\nAnn jump\n")
        .unwrap();
    let (code, _, err) = run(&["review", bad.to_str().unwrap(), "--quiet"]);
    assert_eq!(code, 1);
    assert!(err.starts_with(&format!("{}:", bad.display())) && err.contains(":5:"), "{err}");
    errors.push(err);

    let (code, _, err) = run(&["review", d.join("missing.tri").to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read"), "{err}");
    errors.push(err);

    let binary = d.join("binary.tri");
    std::fs::write(&binary, [0xffu8, 0xfe, 0x00]).unwrap();
    let (code, _, err) = run(&["review", binary.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("not UTF-8"), "{err}");
    errors.push(err);

    for e in &errors {
        assert!(!e.contains("panicked") && e.lines().count() == 1, "{e}");
    }
    // A budget of nothing is refused by the command line.
    let (code, _, err) = run(&["review", g, "--iterations", "0"]);
    assert_eq!(code, 2);
    assert!(err.contains("--iterations"), "{err}");
    // --help explains the values and the marks.
    let (code, help, _) = run(&["review", "--help"]);
    assert_eq!(code, 0);
    assert!(help.contains("--player") && help.contains("--iterations") && help.contains("blunder"), "{help}");
}

#[test]
fn every_loss_is_explained_in_the_table_and_the_json() {
    // Issue 33's item 6: a 61-point hexagon missed at line 64.
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/../bots/tests/data/goliath-2p-3.tri");
    let budget = ["--iterations", "2000", "--samples", "150", "--quiet"];
    let mut args = vec!["review", file, "--json"];
    args.extend(budget);
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let decisions = v["decisions"].as_array().unwrap();
    for d in decisions {
        let loss = d["loss"].as_f64().unwrap();
        assert!(d["se"].is_number() && d["estimated_loss"].is_number(), "{d}");
        assert!(d["candidates"].as_array().is_some_and(|c| !c.is_empty()), "{d}");
        let reasons = d["reasons"].as_array().unwrap();
        assert_eq!(loss > 0.0, !reasons.is_empty(), "{d}");
        for r in reasons {
            assert!(["better", "played"].contains(&r["side"].as_str().unwrap()), "{r}");
            assert!(r["code"].is_string(), "{r}");
        }
        if d["as_good"] == true {
            assert_eq!(loss, 0.0);
        }
    }
    let d64 = decisions.iter().find(|d| d["line"] == 64).unwrap();
    assert_eq!(d64["severity"], "blunder", "{d64}");
    assert!(v["players"] == serde_json::json!(["P1", "P2"]));

    let mut args = vec!["review", file];
    args.extend(budget);
    let (code, table, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    // Moves in the notation and its words, never a cell nor a turn number.
    let at = table.find("  line 64 (round 2): 245L025, 2-4-5 left of 0-2-5 instead of ").expect(&table);
    assert!(!table.contains("turned") && !table.contains("-3,0"), "{table}");
    let entry: Vec<&str> = table[at..].lines().skip(1).take_while(|l| l.starts_with("    - ")).collect();
    assert!(!entry.is_empty(), "no reason under line 64:\n{table}");
    assert!(entry.iter().all(|l| l.starts_with("    - better: ") || l.starts_with("    - yours: ")), "{entry:?}");
    assert!(table.contains("as good"), "{table}");
}
