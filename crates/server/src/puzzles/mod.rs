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
//!   `{"outcome", ...}` (see [`try_json`]).
//! - `POST /api/puzzles/{id}/hint` `{"moves": [...]}`: `{"place": placement}`,
//!   `{"undo": n}` or `{"none": true}`.

pub mod routes;

use serde_json::{json, Value};
use std::sync::OnceLock;
use triominos_core::puzzles::{self, Puzzle, TryOutcome};

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
pub fn public_json(p: &Puzzle) -> Value {
    let mut v = puzzles::puzzle_json(p);
    if let Value::Object(m) = &mut v {
        m.remove("solution");
        let (n, of) = number(p);
        m.insert("number".into(), n.into());
        m.insert("of".into(), of.into());
    }
    v
}

/// A try's outcome as JSON: `outcome` is `solved`, `going` (`left`,
/// `points` so far), `short` (`best_turn`: `points`, `goal`), `illegal`
/// (`index`, `error`: the engine's `{code, params}`), `not_in_hand`
/// (`index`, `tile`), `one_tile_only`, `too_few_points` (`points`, `goal`),
/// `stuck` (`left`: tiles) or `not_joined` (`groups`).
pub fn try_json(outcome: &TryOutcome) -> Value {
    match outcome {
        TryOutcome::Solved { points } => json!({"outcome": "solved", "points": points}),
        TryOutcome::Going { left, points } => json!({"outcome": "going", "left": left, "points": points}),
        TryOutcome::Short { points, goal } => json!({"outcome": "short", "points": points, "goal": goal}),
        TryOutcome::Illegal { index, error } => json!({"outcome": "illegal", "index": index, "error": error}),
        TryOutcome::NotInHand { index, tile } => json!({"outcome": "not_in_hand", "index": index, "tile": tile}),
        TryOutcome::OneTileOnly => json!({"outcome": "one_tile_only"}),
        TryOutcome::TooFewPoints { points, goal } => {
            json!({"outcome": "too_few_points", "points": points, "goal": goal})
        }
        TryOutcome::Stuck { left } => json!({"outcome": "stuck", "left": left}),
        TryOutcome::NotJoined { groups } => json!({"outcome": "not_joined", "groups": groups}),
    }
}

/// The puzzle of the collection with this id.
pub fn find(id: &str) -> Option<&'static Puzzle> {
    collection().iter().find(|p| p.id == id)
}
