//! A game that ended by a forfeit is written with a `Forfeit` header and a
//! last comment, and reads back as any record: the header kept as a tag, the
//! game unfinished.

use triominos_core::record::{replay, write, write_forfeit, WriteError};
use triominos_core::{Game, Preset, RuleSet};

fn names() -> Vec<String> {
    vec!["Ann".to_string(), "Bob".to_string()]
}

fn some_game() -> Game {
    let mut game = Game::new(RuleSet::of(Preset::Goliath), 2, 5).unwrap();
    for _ in 0..6 {
        let a = game.legal_actions()[0];
        game.play(a).unwrap();
    }
    game
}

#[test]
fn a_forfeit_is_a_header_and_a_last_comment_and_the_record_replays() {
    let game = some_game();
    let reason = "external bot \"bot.py\" did not answer\nwithin 5.0 s";
    let text = write_forfeit(&game, &names(), &[("Seed", "5".into())], 1, reason).unwrap();
    let clean = "external bot 'bot.py' did not answer within 5.0 s";
    assert!(text.contains(&format!("[Forfeit \"Bob\" \"{clean}\"]\n")), "{text}");
    assert!(text.ends_with(&format!("# Bob forfeits: {clean}\n")), "{text}");
    // The same record as without the forfeit, but for those two lines.
    let plain = write(&game, &names(), &[("Seed", "5".into())]).unwrap();
    let without: String = text.lines().filter(|l| !l.contains("orfeit")).map(|l| format!("{l}\n")).collect();
    assert_eq!(without, plain);
    let r = replay(&text).unwrap();
    assert_eq!(r.game.totals(), game.totals());
    assert!(!r.game.is_over());
    assert!(r.tags.contains(&("Forfeit".to_string(), vec!["Bob".to_string(), clean.to_string()])));
    assert_eq!(r.report.rounds.last().unwrap().end, "unfinished");
}

#[test]
fn a_forfeit_by_a_seat_the_game_does_not_have_is_refused() {
    assert_eq!(write_forfeit(&some_game(), &names(), &[], 2, "gone"), Err(WriteError::NoSuchSeat(2)));
}
