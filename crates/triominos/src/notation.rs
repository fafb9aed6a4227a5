//! `triominos notation FILE`: a record's actions in the move notation
//! ([docs/notation.md](../../../docs/notation.md)), each with its line, player,
//! points and bonuses.

use crate::out;
use std::path::Path;
use std::process::ExitCode;
use triominos_core::notation::round_moves;
use triominos_core::record::{self, Replayed};

/// Checks the record as `triominos check` does (same errors, same exit
/// codes), then prints every round's actions in the notation.
pub fn run(file: &Path) -> ExitCode {
    let text = match crate::read_record(file) {
        Ok(t) => t,
        Err(code) => return code,
    };
    let replayed = match record::replay(&text) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{}:{}: {}", file.display(), e.line, e.reason);
            return ExitCode::from(1);
        }
    };
    match listing(&replayed) {
        Ok(text) => out::emit(&text, ExitCode::SUCCESS),
        Err(e) => {
            eprintln!("{}: {e}", file.display());
            ExitCode::from(1)
        }
    }
}

/// `round N`, then one line an action: `LINE PLAYER MOVE [POINTS] [BONUSES]`.
fn listing(r: &Replayed) -> Result<String, triominos_core::notation::NotationError> {
    let vertex = r.rules.vertex_contacts_must_match();
    let mut text = String::new();
    for (round, history) in r.report.rounds.iter().zip(r.game.history()) {
        text += &format!("round {}\n", round.number);
        for (action, notation) in round.actions.iter().zip(round_moves(history, vertex)?) {
            text += &format!("{:>4} {} {notation}", action.line, action.player);
            if action.points != 0 {
                text += &format!(" {:+}", action.points);
            }
            for bonus in &action.bonuses {
                text += &format!(" {bonus}");
            }
            text += "\n";
        }
    }
    Ok(text)
}
