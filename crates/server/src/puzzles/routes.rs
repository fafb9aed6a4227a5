//! The puzzles' pages and JSON API (see [`super`]).

use super::{collection, number, public, try_answer};
use crate::http::assets;
use crate::http::error::Fail;
use crate::http::extract::{body, RawBody, P, Q};
use crate::protocol::puzzles::{Daily, GradedHint, HintAnswer, Moves, PublicPuzzle, PuzzleItem, PuzzleList, TryAnswer};
use crate::protocol::Refused;
use crate::state::AppState;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use std::sync::Arc;
use triominos_core::puzzles::{self, Puzzle};
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

async fn list() -> Json<PuzzleList> {
    let puzzles = collection()
        .iter()
        .map(|p| {
            let (number, of) = number(p);
            PuzzleItem {
                id: p.id.clone(),
                kind: p.kind.name(),
                number,
                of,
                score: p.difficulty.score,
                tiles: p.hand.len(),
            }
        })
        .collect();
    Json(PuzzleList { puzzles })
}

#[derive(Deserialize)]
struct DailyQuery {
    date: String,
}

async fn daily(Q(q): Q<DailyQuery>) -> Result<Json<Daily>, Fail> {
    let all = collection();
    let i =
        puzzles::daily_index(&q.date, all.len()).ok_or_else(|| Fail::from(Refused::BadJson).with("date", &q.date))?;
    Ok(Json(Daily { id: all[i].id.clone(), date: q.date }))
}

async fn one(P(id): P<String>) -> Result<Json<PublicPuzzle>, Fail> {
    Ok(Json(public(find(&id)?)))
}

fn moves_of(bytes: &[u8]) -> Result<Vec<Placement>, Fail> {
    let m: Moves = body(bytes)?;
    if m.moves.len() > MAX_MOVES {
        return Err(Refused::BadJson.into());
    }
    Ok(m.moves)
}

async fn try_moves(P(id): P<String>, RawBody(bytes): RawBody) -> Result<Json<TryAnswer>, Fail> {
    let p = find(&id)?;
    let moves = moves_of(&bytes)?;
    Ok(Json(try_answer(p, &moves)))
}

async fn hint(P(id): P<String>, RawBody(bytes): RawBody) -> Result<Json<GradedHint>, Fail> {
    let p = find(&id)?;
    let moves = moves_of(&bytes)?;
    // The judge's idea is a small search: off the async threads.
    let found = tokio::task::spawn_blocking(move || {
        let hint = puzzles::hint(p, &moves);
        let idea = match hint {
            Some(puzzles::Hint::Place(m)) => super::idea(p, &moves, m),
            _ => None,
        };
        GradedHint { hint: HintAnswer::from(hint), idea }
    })
    .await
    .map_err(|_| Refused::BadJson)?;
    Ok(Json(found))
}
