//! The puzzles' JSON API: the shipped collection (without solutions), the
//! daily puzzle, and tries and hints checked by the core
//! ([`triominos_core::puzzles`]).
//!
//! - `GET /api/puzzles`: `{"puzzles": [{id, kind, number, of, score, tiles}]}`
//!   in the collection's order (`number` counts from 1 within the kind).
//! - `GET /api/puzzles/daily?date=YYYY-MM-DD`: `{"id", "date"}`.
//! - `GET /api/puzzles/{id}`: the puzzle as in the data format, without
//!   `solution`, plus `number` and `of`.
//! - `POST /api/puzzles/{id}/try` `{"moves": [{tile, cell, rotation}...]}`:
//!   `{"outcome", ...}` (see [`try_answer`]).
//! - `POST /api/puzzles/{id}/hint` `{"moves": [...]}`: `{"place": placement}`,
//!   `{"undo": n}` or `{"none": true}`.

pub mod routes;

use crate::protocol::puzzles::{Outcome, PublicPuzzle, TryAnswer};
use std::sync::OnceLock;
use triominos_core::puzzles::{self, Puzzle, TryOutcome};
use triominos_core::Placement;

/// The shipped collection, read once (empty, with an error logged, if it
/// could not be read: `triominos puzzles verify` keeps that from shipping).
pub fn collection() -> &'static [Puzzle] {
    static ALL: OnceLock<Vec<Puzzle>> = OnceLock::new();
    ALL.get_or_init(|| match puzzles::shipped() {
        Ok(all) => all,
        Err(e) => {
            tracing::error!("shipped puzzles: {e}");
            Vec::new()
        }
    })
}

/// A puzzle's position within its kind: (number from 1, puzzles of the kind).
pub fn number(p: &Puzzle) -> (usize, usize) {
    let same: Vec<&Puzzle> = collection().iter().filter(|q| q.kind == p.kind).collect();
    (same.iter().position(|q| q.id == p.id).map_or(0, |i| i + 1), same.len())
}

/// A puzzle for the page: the data format without the solution.
pub fn public(p: &Puzzle) -> PublicPuzzle {
    let mut puzzle = match puzzles::puzzle_json(p) {
        serde_json::Value::Object(m) => m,
        _ => serde_json::Map::new(),
    };
    puzzle.remove("solution");
    let (number, of) = number(p);
    PublicPuzzle { puzzle, number, of }
}

/// A try's outcome as sent: `outcome` is `solved`, `going` (`left`,
/// `points` so far), `short` (`best_turn`: `points`, `goal`), `illegal`
/// (`index`, `error`: the engine's `{code, params}`), `not_in_hand`
/// (`index`, `tile`), `one_tile_only`, `too_few_points` (`points`, `goal`),
/// `stuck` (`left`: tiles) or `not_joined` (`groups`); with `last_points`,
/// what the last placement scored, when it is legal.
pub fn try_answer(p: &Puzzle, moves: &[Placement]) -> TryAnswer {
    let outcome = puzzles::check_moves(p, moves);
    let mut last_points = None;
    if let (Some(last), Ok(mut board)) = (moves.last(), p.position()) {
        if !matches!(outcome, TryOutcome::Illegal { .. } | TryOutcome::NotInHand { .. } | TryOutcome::OneTileOnly) {
            for m in &moves[..moves.len() - 1] {
                board.place(m.normalized());
            }
            last_points = Some(puzzles::placement_points(&p.rules, &board, *last).points);
        }
    }
    TryAnswer { outcome: Outcome::from(&outcome), last_points }
}

/// The puzzle of the collection with this id.
pub fn find(id: &str) -> Option<&'static Puzzle> {
    collection().iter().find(|p| p.id == id)
}
