//! The review's page and API (see [`super`]).

use super::{compute, slot, MAX_ITERATIONS, MAX_SAMPLES};
use crate::http::assets;
use crate::http::error::Fail;
use crate::protocol::puzzles::PersonalPuzzle;
use crate::protocol::Refused;
use crate::state::AppState;
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde::Deserialize;
use std::sync::Arc;
use triominos_bots::review::{Options, DEFAULT_ITERATIONS, DEFAULT_SAMPLES};

/// The review page and its API.
pub fn routes() -> Router<Arc<AppState>> {
    Router::new()
        .route("/review/{id}", get(assets::index))
        .route("/api/games/{id}/review", get(game_review))
        .route("/api/games/{id}/puzzle", get(personal_puzzle))
}

/// `?seat=N&iterations=N&samples=N` (all optional: seat 0 and the
/// defaults of `triominos review`).
#[derive(Deserialize)]
pub struct ReviewQuery {
    /// The seat to review.
    #[serde(default)]
    pub seat: Option<String>,
    /// ISMCTS iterations a decision (at most [`MAX_ITERATIONS`]).
    #[serde(default)]
    pub iterations: Option<String>,
    /// Deals a decision (at most [`MAX_SAMPLES`]).
    #[serde(default)]
    pub samples: Option<String>,
    /// A decision's index in the review (the personal puzzle's).
    #[serde(default)]
    pub k: Option<String>,
}

fn number(v: &Option<String>, default: u32, max: u32) -> Result<u32, Fail> {
    match v {
        None => Ok(default),
        Some(s) => match s.parse::<u32>() {
            Ok(n) if (1..=max).contains(&n) => Ok(n),
            _ => Err(Refused::BadJson.into()),
        },
    }
}

/// The review of one seat of a finished game: `{game, seat, frames, review}`
/// where `review` is what `triominos review --json` prints and `frames[k]`
/// the replay frame before decision `k`. A game not over is refused
/// (`409 game_not_finished`); a seat not at the table is `404 not_found`.
async fn game_review(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    Query(q): Query<ReviewQuery>,
) -> Result<Response, Fail> {
    let seat = match &q.seat {
        None => 0,
        Some(s) => s.parse::<u8>().map_err(|_| Refused::BadJson)?,
    };
    let iterations = number(&q.iterations, DEFAULT_ITERATIONS, MAX_ITERATIONS)?;
    let samples = number(&q.samples, DEFAULT_SAMPLES, MAX_SAMPLES)?;
    let room = state.game(&id).await?;
    let (text, game) = {
        let r = room.lock().await;
        if !r.is_over() {
            return Err(Refused::GameNotFinished.into());
        }
        if seat as usize >= r.setup.seats.len() {
            return Err(Refused::NotFound.into());
        }
        let text = r.record().map_err(|e| {
            tracing::error!(game = %id, "cannot write the record: {e}");
            Refused::BadLog
        })?;
        (text, r.setup.public(&r.id))
    };
    let slot = slot((id.clone(), seat, iterations, samples));
    let body = slot
        .get_or_init(|| async {
            let opts = Options { iterations, samples, seed: 1, threads: 1 };
            compute(&state, &id, &text, game, seat, opts).await
        })
        .await
        .clone()?;
    Ok(([(header::CONTENT_TYPE, "application/json")], body.to_string()).into_response())
}

/// A review's mistake or blunder as a personal puzzle (see
/// [`super::puzzle`]): `?seat=N&k=K` and the review's `iterations` and
/// `samples`. A game not over is `409 game_not_finished`; a seat or
/// decision that is not there, or a decision that is not a mistake nor a
/// blunder, `404 not_found`.
async fn personal_puzzle(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    Query(q): Query<ReviewQuery>,
) -> Result<Json<PersonalPuzzle>, Fail> {
    let seat = match &q.seat {
        None => 0,
        Some(s) => s.parse::<u8>().map_err(|_| Refused::BadJson)?,
    };
    let k = q.k.as_deref().unwrap_or("").parse::<usize>().map_err(|_| Refused::BadJson)?;
    let iterations = number(&q.iterations, DEFAULT_ITERATIONS, MAX_ITERATIONS)?;
    let samples = number(&q.samples, DEFAULT_SAMPLES, MAX_SAMPLES)?;
    let room = state.game(&id).await?;
    let (text, preset) = {
        let r = room.lock().await;
        if !r.is_over() {
            return Err(Refused::GameNotFinished.into());
        }
        if seat as usize >= r.setup.seats.len() {
            return Err(Refused::NotFound.into());
        }
        let text = r.record().map_err(|e| {
            tracing::error!(game = %id, "cannot write the record: {e}");
            Refused::BadLog
        })?;
        (text, r.setup.public(&r.id).preset)
    };
    let opts = Options { iterations, samples, seed: 1, threads: 1 };
    Ok(Json(super::puzzle::personal(&state, &id, text, preset, seat, k, opts).await?))
}
