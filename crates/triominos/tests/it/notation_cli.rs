//! `triominos notation` as a user runs it: the worked record's actions in the
//! move notation, each line naming the record's own action; errors as `check`.

use std::path::{Path, PathBuf};
use std::process::Command;
use triominos_core::notation::parse;
use triominos_core::record::replay;
use triominos_core::{Action, Board, HistoryEntry, TileSet};

fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../core/tests/data").join(rel)
}

fn notation(file: &Path) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_triominos")).arg("notation").arg(file).output().expect("run triominos");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn the_worked_example_in_the_notation() {
    let file = data("spec/example.tri");
    let (code, out, err) = notation(&file);
    assert_eq!(code, 0, "{err}");
    assert!(err.is_empty(), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    // The start of docs/record-format.md's worked example.
    assert_eq!(
        lines[..7],
        [
            "round 1",
            "  12 P2 555 +25 start",
            "  13 P1 255L555 +12",
            "  14 P2 draw -5",
            "  15 P2 draw -5",
            "  16 P2 draw -15 fail",
            "  17 P1 355B555 +13",
        ]
    );
    // Every line names the record's action on that line: its move, read on
    // the board of the record's earlier plays, is the action the record holds.
    let text = std::fs::read_to_string(&file).unwrap();
    let record_lines: Vec<&str> = text.lines().collect();
    let r = replay(&text).unwrap();
    let mut board = Board::new(r.rules.vertex_contacts_must_match());
    let actions: Vec<Action> = r.game.history()[0]
        .entries()
        .map(|e| match e {
            HistoryEntry::Action(s) => s.action,
            HistoryEntry::Timeout(_) => unreachable!("the example has no timer"),
        })
        .collect();
    assert_eq!(lines.len(), 1 + actions.len());
    for (line, want) in lines[1..].iter().zip(actions) {
        let words: Vec<&str> = line.split_whitespace().collect();
        let number: usize = words[0].parse().unwrap();
        assert!(record_lines[number - 1].starts_with(&format!("{} ", words[1])), "{line}");
        let got = parse(words[2], &board, TileSet::ALL.difference(board.tiles())).unwrap();
        // A triple's rotations are one placement: the record may write any.
        let want = match want {
            Action::Play { placement, announce } => Action::Play { placement: placement.normalized(), announce },
            a => a,
        };
        assert_eq!(got, want, "{line} is record line {number}: {}", record_lines[number - 1]);
        if let Some(p) = want.placement() {
            board.place(p);
        }
    }
    // The bridge of line 31 and the hexagon of line 62 keep their bonus names.
    assert!(lines.iter().any(|l| l.starts_with("  31 P1 113") && l.ends_with(" +45 bridge")), "{out}");
    assert!(lines.iter().any(|l| l.starts_with("  62 P1 055") && l.ends_with(" +60 hexagon")), "{out}");
}

#[test]
fn errors_are_the_checkers() {
    let dir = std::env::temp_dir().join(format!("tri-notation-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = std::fs::read_to_string(data("spec/example.tri")).unwrap();
    let bad = dir.join("bad.tri");
    std::fs::write(&bad, text.replacen("P1 play 2-5-5 -1,0 0", "P1 play 2-5-5 -1,0 1", 1)).unwrap();
    let (code, out, err) = notation(&bad);
    assert_eq!(code, 1, "{err}");
    assert!(out.is_empty(), "{out}");
    assert!(err.starts_with(&format!("{}:13: corner", bad.display())), "{err}");
    let (code, _, err) = notation(&dir.join("missing.tri"));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("cannot read"), "{err}");
}
