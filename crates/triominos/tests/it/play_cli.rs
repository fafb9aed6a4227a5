//! `triominos play` in a pseudo-terminal: a whole game against `casual`
//! played from the screen and the keys, bad input refused with a clear
//! error, colours only where the terminal has them.

use crate::pty;

use pty::{line, play_to_the_end, Term};

const BIN: &str = env!("CARGO_BIN_EXE_triominos");

fn term(args: &[&str], env: &[(&str, &str)]) -> Term {
    let mut all = vec!["play"];
    all.extend_from_slice(args);
    Term::spawn(BIN, &all, env)
}

/// A whole 2-player game against Casual, every move of ours chosen on the
/// screen with the arrows and played by Enter or typed in the notation.
#[test]
fn a_whole_game_against_casual_is_played_from_the_terminal() {
    let mut t = term(&["--vs", "casual", "--seed", "7"], &[("TERM", "xterm-256color")]);
    t.wait("the table", 60, |s| s.contains("Triominos  round 1"));
    let (moves, screen) = play_to_the_end(&mut t, 120);
    assert!(moves >= 5, "a game takes a few moves: {moves}\n{screen}");
    let over = line(&screen, "Game over:").expect("the game's end on screen");
    assert!(over.contains("won"), "{over}");
    // The totals in the head: Goliath ends after the round in which a seat
    // reached 400 (a later draw may take it below again: one run ended at 399
    // for casual, rules 6.4), and the seat with the most points wins.
    let head = line(&screen, "Triominos").unwrap();
    let total = |who: &str| -> i32 {
        let after = head.split(&format!("{who} ")).nth(1).unwrap_or_else(|| panic!("{who} in {head}"));
        after.split_whitespace().next().unwrap().parse().unwrap()
    };
    let (you, casual) = (total("You"), total("casual"));
    let winner = if you > casual {
        "You won"
    } else if casual > you {
        "casual won"
    } else {
        "You and casual won"
    };
    assert!(over.contains(winner), "{over} / {head}");
    t.send("quit\r");
    assert!(t.exit(30), "quits cleanly");
}

/// Bad input: an error naming what is wrong, and nothing changes.
#[test]
fn bad_moves_get_a_clear_error_and_change_nothing() {
    let mut t = term(&["--vs", "casual", "--seed", "3"], &[("TERM", "xterm-256color")]);
    let first = t.wait("my turn", 60, |s| s.contains("Your turn"));
    let hand = line(&first, "Hand:").unwrap().to_string();
    for (typed, says) in
        [("241L555", "unknown tile 241"), ("zzz", "zzz:"), ("255X555", "expected a side"), ("124^7", "bad turn")]
    {
        t.send(&format!("{typed}\r"));
        let s = t.wait("the error", 30, |s| s.contains(says));
        assert!(s.contains("Your turn"), "still my turn after {typed}:\n{s}");
        assert_eq!(line(&s, "Hand:").unwrap(), hand, "the hand is unchanged after {typed}");
    }
    // A tile the hand does not hold.
    let held: Vec<&str> = hand.trim_start_matches("Hand:").split_whitespace().collect();
    let missing = ["000", "111", "222", "333", "444", "555"]
        .into_iter()
        .find(|t| !held.iter().any(|h| h.trim_matches(['[', ']']).replace('-', "") == *t))
        .unwrap();
    t.send(&format!("{missing}\r"));
    t.wait("not in your hand", 30, |s| s.contains("is not in your hand"));
    // Keys the game does not use, and a very long line, do no harm.
    t.send("\x1bOP\x1b[15~");
    t.send(&"9".repeat(200));
    t.send("\r");
    let s = t.wait("an error for the long line", 30, |s| s.contains("999"));
    assert!(s.contains("Your turn"));
    t.send("\x03");
    assert!(t.exit(30));
}

/// Colours in a colour terminal; none with NO_COLOR, nor with TERM=dumb.
#[test]
fn colours_only_where_the_terminal_has_them() {
    for (env, coloured) in [
        (vec![("TERM", "xterm-256color")], true),
        (vec![("TERM", "xterm-256color"), ("NO_COLOR", "1")], false),
        (vec![("TERM", "dumb")], false),
    ] {
        let mut t = term(&["--vs", "casual", "--seed", "3"], &env);
        let s = t.wait("my turn", 60, |s| s.contains("Your turn"));
        assert!(s.contains("Hand:"));
        assert_eq!(t.has_colour(), coloured, "{env:?}");
        t.send("\x03");
        assert!(t.exit(30));
    }
}

/// What is not a terminal, a bot that does not exist, rules that refuse
/// the seats: a clear error, exit code 2.
#[test]
fn bad_options_are_refused_before_the_screen() {
    let out = std::process::Command::new(BIN).args(["play", "--vs", "casual"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("needs a terminal"));
    for (args, says) in [
        (&["--vs", "grandmaster"][..], "unknown bot level"),
        (&["--ruleset", "chess"], "not a preset"),
        (&["--join", "http://h/g/a"], "spectator"),
    ] {
        let mut t = term(args, &[("TERM", "xterm")]);
        t.wait(says, 30, |s| s.contains(says));
        assert!(!t.exit(30), "{args:?} fails");
    }
}
