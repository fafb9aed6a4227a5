//! Arbitrary record text: `record::replay` never panics, and a record it
//! accepts, written back with `record::write`, replays to the same game and
//! report (and writing that again gives the same text).
#![no_main]

use libfuzzer_sys::fuzz_target;
use triominos_core::record::{replay, write, Report};

/// The report without source line numbers (a written record lays its lines
/// out differently from the one read).
fn without_lines(r: &Report) -> Report {
    let mut r = r.clone();
    for round in &mut r.rounds {
        for a in &mut round.actions {
            a.line = 0;
        }
    }
    r
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(first) = replay(&text) else { return };
    // `write` takes one value per extra tag; tags with none or several stay behind.
    let tags: Vec<(&str, String)> =
        first.tags.iter().filter(|(_, v)| v.len() == 1).map(|(k, v)| (k.as_str(), v[0].clone())).collect();
    let written = write(&first.game, &first.players, &tags).expect("a replayed record's names can be written");
    let second = match replay(&written) {
        Ok(r) => r,
        Err(e) => panic!("a written record is refused: {e}\n--- read\n{text}\n--- written\n{written}"),
    };
    assert_eq!(second.players, first.players);
    assert_eq!(second.rules, first.rules);
    // `write` keeps a value on its line: a control character becomes a space.
    let on_one_line = |v: &str| v.chars().map(|c| if c.is_control() { ' ' } else { c }).collect::<String>();
    let kept: Vec<(String, Vec<String>)> =
        first.tags.iter().filter(|(_, v)| v.len() == 1).map(|(k, v)| (k.clone(), vec![on_one_line(&v[0])])).collect();
    assert_eq!(second.tags, kept);
    assert_eq!(second.game.history(), first.game.history());
    assert_eq!(second.game.totals(), first.game.totals());
    assert_eq!(second.game.public().phase(), first.game.public().phase());
    assert_eq!(second.game.winners(), first.game.winners());
    assert_eq!(without_lines(&second.report), without_lines(&first.report));
    assert_eq!(write(&second.game, &second.players, &tags).ok(), Some(written), "writing is not a fixed point");
});
