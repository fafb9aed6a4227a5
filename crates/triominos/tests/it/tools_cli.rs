//! `triominos rules`, `selfplay` and `arena` as a user runs them.

use crate::run;

#[test]
fn rules_files_are_read_and_bad_options_are_refused() {
    let dir = std::env::temp_dir().join(format!("tri-rules-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("house.toml");
    std::fs::write(&good, "ruleset = \"pressman\"\ntarget = 300\nhexagon_bonus = [50, 60, 70]\n").unwrap();
    let (code, out, err) = run(&["rules", good.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["ruleset"], "pressman");
    assert_eq!(v["target"], "300");
    assert_eq!(v["hexagon_bonus"], "50 60 70");
    assert_eq!(v["bridge_extension_bonus"], "40");

    let bad = dir.join("bad.json");
    std::fs::write(&bad, r#"{"ruleset": "goliath", "max_draws": 0}"#).unwrap();
    let (code, _, err) = run(&["rules", bad.to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(err.contains("max_draws"), "{err}");
    let (code, _, err) = run(&["rules", "chess"]);
    assert_ne!(code, 0);
    assert!(err.contains("not a preset"), "{err}");
}

/// Invalid option values and options that do not go together: exit 1 with
/// one line naming the option, from a TOML file, a JSON file or a record's
/// `[Option]` headers alike, and never a panic.
#[test]
fn invalid_rule_sets_exit_1_naming_the_option_from_every_source() {
    let dir = std::env::temp_dir().join(format!("tri-badrules-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let example = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../core/tests/data/spec/example.tri"),
    )
    .unwrap();
    let cases: &[(&str, &str, &str, &str)] = &[
        // (option, TOML value, JSON value, record value)
        ("players", "\"2-7\"", "\"2-7\"", "2-7"),
        ("hand_size", "[30, 9, 9, 9, 9]", "[30, 9, 9, 9, 9]", "30 9 9 9 9"),
        ("hand_size", "[9, 9, 9, 9, 12]", "\"9 9 9 9 12\"", "9 9 9 9 12"),
        ("max_draws", "0", "0", "0"),
        ("players", "\"4-3\"", "\"4-3\"", "4-3"),
        ("first_tile", "\"start_tile\"", "\"start_tile\"", "start_tile"),
        ("target", "-1", "1.5", "-1"),
        ("colour", "\"red\"", "\"red\"", "red"),
    ];
    for (i, (option, toml, json, text)) in cases.iter().enumerate() {
        let preset = if *option == "first_tile" { "goliath" } else { "pressman" };
        let t = dir.join(format!("bad{i}.toml"));
        std::fs::write(&t, format!("ruleset = \"{preset}\"\n{option} = {toml}\n")).unwrap();
        let j = dir.join(format!("bad{i}.json"));
        std::fs::write(&j, format!("{{\"ruleset\": \"{preset}\", \"{option}\": {json}}}")).unwrap();
        for f in [&t, &j] {
            let (code, out, err) = run(&["rules", f.to_str().unwrap()]);
            assert_eq!(code, 1, "{}: {err}", f.display());
            assert!(out.is_empty(), "{out}");
            assert_eq!(err.lines().count(), 1, "{err}");
            assert!(err.contains(option), "{}: {err}", f.display());
            assert!(!err.contains("panicked"), "{err}");
        }
        // The same option in a record header: reported on that header's line.
        let record = example.replacen("[Ruleset \"pressman\"]", &format!("[Ruleset \"{preset}\"]"), 1).replacen(
            "[Option \"target\" \"none\"]",
            &format!("[Option \"{option}\" \"{text}\"]"),
            1,
        );
        let r = dir.join(format!("bad{i}.tri"));
        std::fs::write(&r, record).unwrap();
        let (code, _, err) = run(&["check", r.to_str().unwrap()]);
        assert_eq!(code, 1, "{err}");
        assert!(err.starts_with(&format!("{}:4: ", r.display())), "{err}");
        assert!(err.contains(option), "{err}");
    }
    let (code, _, err) = run(&["rules", dir.join("missing.toml").to_str().unwrap()]);
    assert_eq!(code, 2, "an unreadable file is not a bad rule set: {err}");
}

#[test]
fn the_schema_lists_every_option_with_its_kind_and_defaults() {
    let (code, out, err) = run(&["rules", "--schema"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let opts = v.as_array().unwrap();
    let (_, shown, _) = run(&["rules", "goliath", "--json"]);
    let shown: serde_json::Value = serde_json::from_str(&shown).unwrap();
    assert_eq!(opts.len() + 1, shown.as_object().unwrap().len(), "every option and the ruleset");
    for o in opts {
        let name = o["name"].as_str().unwrap();
        assert_eq!(o["defaults"]["goliath"], shown[name], "{name}");
        assert_eq!(o["help"], format!("opt.{name}"));
        assert!(o["kind"]["type"].is_string());
    }
    let announce = opts.iter().find(|o| o["name"] == "announce_bonuses").unwrap();
    assert_eq!(announce["kind"]["type"], "bool");
}

#[test]
fn selfplay_reports_its_figures_and_writes_checkable_records() {
    let dir = std::env::temp_dir().join(format!("tri-self-{}", std::process::id()));
    let (code, out, err) = run(&[
        "selfplay",
        "--bots",
        "random,greedy,heuristic",
        "--ruleset",
        "pressman",
        "--games",
        "6",
        "--json",
        "--records",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["games"], 6);
    assert!(v["placements"].as_u64().unwrap() > 50);
    assert!(v["placements_per_second"].as_f64().unwrap() > 0.0);
    let wins: f64 = v["wins_by_seat"].as_array().unwrap().iter().map(|w| w.as_f64().unwrap()).sum();
    assert!((wins - 6.0).abs() < 1e-9);
    let files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    assert_eq!(files.len(), 6);
    for f in files {
        let (code, _, err) = run(&["check", f.to_str().unwrap()]);
        assert_eq!(code, 0, "{}: {err}", f.display());
    }
    let (code, _, err) = run(&["selfplay", "--bots", "random,wizard"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown bot level"), "{err}");
    let (code, _, err) = run(&["selfplay", "--bots", "random", "--players", "7"]);
    assert_ne!(code, 0, "{err}");
}

#[test]
fn arena_prints_standings_as_json() {
    let (code, out, err) = run(&["arena", "--bots", "greedy,random", "--deals", "6", "--json", "--quiet"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["games"], 12);
    let bots = v["bots"].as_array().unwrap();
    assert_eq!(bots.len(), 2);
    for b in bots {
        assert_eq!(b["games"], 12);
        let ci = b["ci95"].as_array().unwrap();
        assert!(ci[0].as_f64().unwrap() <= b["win_rate"].as_f64().unwrap());
        assert!(b["elo"].as_f64().unwrap() > 0.0);
    }
}

#[test]
fn arena_help_lists_the_bots_and_every_named_level() {
    let (code, out, err) = run(&["arena", "--help"]);
    assert_eq!(code, 0, "{err}");
    // clap wraps the help at the terminal's width: read it as one line.
    let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
    for level in triominos_bots::LEVELS {
        assert!(flat.contains(level), "{level} missing from:\n{out}");
    }
    for named in triominos_bots::levels::NAMED {
        assert!(flat.contains(&format!("{} ({}", named.id, named.bot)), "{} missing from:\n{out}", named.id);
    }
    assert!(out.contains("cmd:PROGRAM"), "{out}");
}
