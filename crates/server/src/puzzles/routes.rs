//! The puzzles' pages and JSON API (see [`super`]).

use super::{collection, number, public_json, try_json};
use crate::http::assets;
use crate::http::error::Fail;
use crate::http::extract::{body, RawBody, P, Q};
use crate::protocol::Refused;
use crate::state::AppState;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;
use triominos_core::puzzles::{self, Hint, Puzzle, TryOutcome};
use triominos_core::Placement;

/// The most placements a try may hold.
const MAX_MOVES: usize = 16;

/// The routes of the puzzles' API and pages.
pub fn routes() -> Router<Arc<AppState>> {
    Router::new()
        .route("/puzzles", get(assets::index))
        .route("/puzzles/{id}", get(assets::index))
        .route("/api/puzzles", get(list))
        .route("/api/puzzles/daily", get(daily))
        .route("/api/puzzles/{id}", get(one))
        .route("/api/puzzles/{id}/try", post(try_moves))
        .route("/api/puzzles/{id}/hint", post(hint))
}

fn find(id: &str) -> Result<&'static Puzzle, Fail> {
    super::find(id).ok_or_else(|| Refused::NotFound.into())
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
    let i =
        puzzles::daily_index(&q.date, all.len()).ok_or_else(|| Fail::from(Refused::BadJson).with("date", &q.date))?;
    Ok(Json(json!({"id": all[i].id, "date": q.date})))
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
        return Err(Refused::BadJson.into());
    }
    Ok(m.moves)
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
