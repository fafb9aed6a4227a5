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

use crate::api::{body, Fail, RawBody, P, Q};
use crate::protocol::{Refusal, Refused};
use crate::AppState;
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::{Arc, OnceLock};
use triominos_core::puzzles::{self, Hint, Puzzle, TryOutcome};
use triominos_core::Placement;

/// The most placements a try may hold.
const MAX_MOVES: usize = 16;

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

/// The routes of the puzzles' API and pages.
pub fn routes() -> Router<Arc<AppState>> {
    Router::new()
        .route("/puzzles", get(crate::assets::index))
        .route("/puzzles/{id}", get(crate::assets::index))
        .route("/api/puzzles", get(list))
        .route("/api/puzzles/daily", get(daily))
        .route("/api/puzzles/{id}", get(one))
        .route("/api/puzzles/{id}/try", post(try_moves))
        .route("/api/puzzles/{id}/hint", post(hint))
}

/// A puzzle's position within its kind: (number from 1, puzzles of the kind).
fn number(p: &Puzzle) -> (usize, usize) {
    let same: Vec<&Puzzle> = collection().iter().filter(|q| q.kind == p.kind).collect();
    (same.iter().position(|q| q.id == p.id).map_or(0, |i| i + 1), same.len())
}

fn find(id: &str) -> Result<&'static Puzzle, Fail> {
    collection().iter().find(|p| p.id == id).ok_or_else(|| Fail::new(StatusCode::NOT_FOUND, Refused::NotFound))
}

async fn list() -> Json<Value> {
    let list: Vec<Value> = collection()
        .iter()
        .map(|p| {
            let (n, of) = number(p);
            json!({"id": p.id, "kind": p.kind.name(), "number": n, "of": of,
                   "score": p.difficulty.score, "tiles": p.hand.len()})
        })
        .collect();
    Json(json!({ "puzzles": list }))
}

#[derive(Deserialize)]
struct DailyQuery {
    date: String,
}

async fn daily(Q(q): Q<DailyQuery>) -> Result<Json<Value>, Fail> {
    let all = collection();
    let i = puzzles::daily_index(&q.date, all.len())
        .ok_or_else(|| Fail::bad_request(Refusal::of(Refused::BadJson).with("date", &q.date)))?;
    Ok(Json(json!({"id": all[i].id, "date": q.date})))
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

async fn one(P(id): P<String>) -> Result<Json<Value>, Fail> {
    Ok(Json(public_json(find(&id)?)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Moves {
    moves: Vec<Placement>,
}

fn moves_of(bytes: &[u8]) -> Result<Vec<Placement>, Fail> {
    let m: Moves = body(bytes)?;
    if m.moves.len() > MAX_MOVES {
        return Err(Fail::bad_request(Refused::BadJson));
    }
    Ok(m.moves)
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

async fn try_moves(P(id): P<String>, RawBody(bytes): RawBody) -> Result<Json<Value>, Fail> {
    let p = find(&id)?;
    let moves = moves_of(&bytes)?;
    let outcome = puzzles::check_moves(p, &moves);
    let mut v = try_json(&outcome);
    // What the last placement scored, when it is legal.
    if let (Some(last), Ok(mut board)) = (moves.last(), p.position()) {
        if !matches!(outcome, TryOutcome::Illegal { .. } | TryOutcome::NotInHand { .. } | TryOutcome::OneTileOnly) {
            for m in &moves[..moves.len() - 1] {
                board.place(m.normalized());
            }
            v["last_points"] = puzzles::placement_points(&p.rules, &board, *last).points.into();
        }
    }
    Ok(Json(v))
}

async fn hint(P(id): P<String>, RawBody(bytes): RawBody) -> Result<Json<Value>, Fail> {
    let p = find(&id)?;
    let moves = moves_of(&bytes)?;
    Ok(Json(match puzzles::hint(p, &moves) {
        Some(Hint::Place(m)) => json!({ "place": m }),
        Some(Hint::Undo(n)) => json!({ "undo": n }),
        None => json!({"none": true}),
    }))
}
