//! `triominos check` as a user runs it: exit codes, the error line, the JSON.

use std::path::{Path, PathBuf};
use std::process::Command;

fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../core/tests/data").join(rel)
}

fn check(file: &Path, json: bool) -> (i32, String, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_triominos"));
    cmd.arg("check").arg(file);
    if json {
        cmd.arg("--json");
    }
    let out = cmd.output().expect("run triominos");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn the_worked_example_gives_exactly_the_expected_json() {
    let (code, out, err) = check(&data("spec/example.tri"), true);
    assert_eq!(code, 0, "{err}");
    let got: serde_json::Value = serde_json::from_str(&out).unwrap();
    let want: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(data("spec/example.json")).unwrap()).unwrap();
    assert_eq!(got, want);
    let (code, out, _) = check(&data("spec/example.tri"), false);
    assert_eq!(code, 0);
    assert_eq!(out, "P1 170\nP2 142\nwinner P2\n");
}

#[test]
fn a_bad_line_exits_1_with_file_line_reason() {
    let text = std::fs::read_to_string(data("spec/example.tri")).unwrap();
    let dir = std::env::temp_dir().join(format!("tri-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cases: &[(&str, &str, usize, &str)] = &[
        ("P1 play 2-5-5 -1,0 0", "P1 play 2-5-5 -1,0 1", 13, "corner"),
        ("P1 play 2-5-5 -1,0 0", "P2 play 2-5-5 -1,0 0", 13, "not your turn"),
        ("P1 play 2-5-5 -1,0 0", "P1 play 2-5-4 -1,0 0", 13, "unknown tile"),
        ("P1 play 2-5-5 -1,0 0", "P1 play 1-1-1 -1,0 0", 13, "not in hand"),
        ("P1 play 2-5-5 -1,0 0", "P1 play 2-5-5 0,0 0", 13, "cell taken"),
        ("P1 play 2-5-5 -1,0 0", "P1 play 2-5-5 5,5 0", 13, "not touching"),
        ("P1 play 2-5-5 -1,0 0", "P1 play 2-5-5 -1,0 0 +99", 13, "checksum"),
        ("P2 draw\nP2 draw\nP2 draw\nP1 play 3-5-5", "P2 pass\nP2 draw\nP2 draw\nP1 play 3-5-5", 14, "pool"),
        ("start P2", "start P1", 11, "wrong starter"),
        ("[Ruleset \"pressman\"]", "[Ruleset \"chess\"]", 2, "unknown rule set"),
    ];
    for (i, (from, to, line, words)) in cases.iter().enumerate() {
        assert!(text.contains(from), "{from}");
        let bad = text.replacen(from, to, 1);
        let f = dir.join(format!("bad{i}.tri"));
        std::fs::write(&f, bad).unwrap();
        let (code, out, err) = check(&f, true);
        assert_eq!(code, 1, "{to}: {err}");
        assert!(out.is_empty());
        assert_eq!(err.lines().count(), 1, "one line on stderr: {err}");
        let prefix = format!("{}:{line}: ", f.display());
        assert!(err.starts_with(&prefix), "{to}: expected {prefix}..., got {err}");
        assert!(err.to_lowercase().contains(words), "{to}: {err}");
    }
    // Bytes that are not UTF-8, on line 2.
    let f = dir.join("binary.tri");
    std::fs::write(&f, b"[Format \"1\"]\n\xff\xfe\n").unwrap();
    let (code, _, err) = check(&f, false);
    assert_eq!(code, 1);
    assert!(err.starts_with(&format!("{}:2: ", f.display())), "{err}");
    // A missing file is not a record error.
    let (code, _, err) = check(&dir.join("missing.tri"), false);
    assert_eq!(code, 2, "{err}");
}

/// Hand-made scenarios: `NAME.tri` with `NAME.json` (the expected report) or
/// `NAME.err` (the expected error line).
#[test]
fn hand_made_scenarios_give_their_expected_results() {
    let dir = data("scenarios");
    let mut seen = 0;
    let mut entries: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "tri"))
        .collect();
    entries.sort();
    for tri in entries {
        let json = tri.with_extension("json");
        let errf = tri.with_extension("err");
        let (code, out, err) = check(&tri, true);
        if json.exists() {
            assert_eq!(code, 0, "{}: {err}", tri.display());
            let got: serde_json::Value = serde_json::from_str(&out).unwrap();
            let want: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
            assert_eq!(got, want, "{}", tri.display());
            seen += 1;
        } else if errf.exists() {
            let line: usize = std::fs::read_to_string(&errf).unwrap().trim().parse().unwrap();
            assert_eq!(code, 1, "{}: expected an error", tri.display());
            assert!(err.starts_with(&format!("{}:{line}: ", tri.display())), "{}: {err}", tri.display());
            seen += 1;
        }
    }
    assert!(seen >= 20, "scenarios found: {seen}");
}

#[test]
fn a_forfeit_header_is_said_after_the_totals_and_the_json_is_unchanged() {
    let text = std::fs::read_to_string(data("spec/example.tri")).unwrap();
    // The example, a forfeit added after its tags.
    let at = text.find("round 1\n").expect("a first round");
    let forfeited = format!("{}[Forfeit \"P1\" \"external bot did not answer\"]\n{}", &text[..at], &text[at..]);
    let dir = std::env::temp_dir().join(format!("tri-cli-forfeit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("forfeit.tri");
    std::fs::write(&f, forfeited).unwrap();
    let (code, out, err) = check(&f, false);
    assert_eq!(code, 0, "{err}");
    assert!(out.ends_with("forfeit P1: external bot did not answer\n"), "{out}");
    let (_, plain, _) = check(&data("spec/example.tri"), false);
    assert!(!plain.contains("forfeit"), "{plain}");
    // The JSON report is the record format's: the same but for the line
    // numbers, one further down for the added header.
    let report = |file: &Path| {
        let (_, out, _) = check(file, true);
        serde_json::from_str::<serde_json::Value>(&out).unwrap()
    };
    let (mut a, b) = (report(&f), report(&data("spec/example.tri")));
    for round in a["rounds"].as_array_mut().unwrap() {
        for x in round["actions"].as_array_mut().unwrap() {
            x["line"] = serde_json::json!(x["line"].as_u64().unwrap() - 1);
        }
    }
    assert!(a == b, "the same report, a line further down");
    std::fs::remove_dir_all(&dir).ok();
}
