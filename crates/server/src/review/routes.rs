//! The review's page and API (see [`super`]).

use super::{compute, slot, RETRY_AFTER};
use crate::game::think::owner_of;
use crate::http::assets;
use crate::http::error::Fail;
use crate::http::extract::{P, Q};
use crate::protocol::puzzles::PersonalPuzzle;
use crate::protocol::Refused;
use crate::state::AppState;
use axum::extract::{ConnectInfo, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Extension;
use axum::{Json, Router};
use serde::Deserialize;
use std::net::SocketAddr;
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
    /// ISMCTS iterations a decision (at most
    /// [`crate::config::ServeConfig::review_max_iterations`]).
    #[serde(default)]
    pub iterations: Option<String>,
    /// Deals a decision (at most [`crate::config::ServeConfig::review_max_samples`]).
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
            _ => Err(Refused::BadQuery.into()),
        },
    }
}

/// The review of one seat of a finished game: `{game, seat, frames, review}`
/// where `review` is what `triominos review --json` prints and `frames[k]`
/// the replay frame before decision `k`. A game not over is refused
/// (`409 game_not_finished`); a seat not at the table is `404 not_found`; a
/// query that does not read, or a budget over the server's caps, `400
/// bad_query`; a client with as many reviews waiting as it may, or a server
/// with as many as it takes, `429 too_many_reviews` (`retry_after`).
async fn game_review(
    State(state): State<Arc<AppState>>,
    P(id): P<String>,
    peer: Option<Extension<ConnectInfo<SocketAddr>>>,
    Q(q): Q<ReviewQuery>,
) -> Result<Response, Fail> {
    let client = peer.map(|Extension(ConnectInfo(addr))| crate::game::limits::client_of(addr.ip()));
    let seat = match &q.seat {
        None => 0,
        Some(s) => s.parse::<u8>().map_err(|_| Refused::BadQuery)?,
    };
    let c = &state.config;
    let iterations = number(&q.iterations, DEFAULT_ITERATIONS.min(c.review_max_iterations), c.review_max_iterations)?;
    let samples = number(&q.samples, DEFAULT_SAMPLES.min(c.review_max_samples), c.review_max_samples)?;
    {
        let room = state.game(&id).await?;
        let (over, seats) = room.read(|r| (r.is_over(), r.setup.seats.len())).await.ok_or(Refused::StorageFailed)?;
        if !over {
            return Err(Refused::GameNotFinished.into());
        }
        if seat as usize >= seats {
            return Err(Refused::NotFound.into());
        }
    }
    let slot = slot((id.clone(), seat, iterations, samples));
    if let Some(done) = slot.get() {
        return answer(done.clone());
    }
    // A share of the client's and of the server's reviews, held while it
    // waits and is computed.
    let _share = state.shares.review(client, c.max_reviews_per_client, c.max_reviews).map_err(|max| {
        tracing::info!(game = %id, max, "a review refused: as many are waiting as allowed");
        Refused::TooManyReviews { retry_after: RETRY_AFTER }
    })?;
    let body = slot
        .get_or_init(|| async {
            let opts = Options { iterations, samples, seed: 1, threads: 1 };
            compute(&state, &id, seat, opts, owner_of(client)).await
        })
        .await
        .clone();
    answer(body)
}

fn answer(body: Result<Arc<str>, Fail>) -> Result<Response, Fail> {
    let body = body?;
    Ok(([(header::CONTENT_TYPE, "application/json")], body.to_string()).into_response())
}

/// A review's mistake or blunder as a personal puzzle (see
/// [`super::puzzle`]): `?seat=N&k=K` and the review's `iterations` and
/// `samples`. A game not over is `409 game_not_finished`; a seat or
/// decision that is not there, or a decision that is not a mistake nor a
/// blunder, `404 not_found`.
async fn personal_puzzle(
    State(state): State<Arc<AppState>>,
    P(id): P<String>,
    peer: Option<Extension<ConnectInfo<SocketAddr>>>,
    Q(q): Q<ReviewQuery>,
) -> Result<Json<PersonalPuzzle>, Fail> {
    let client = peer.map(|Extension(ConnectInfo(addr))| crate::game::limits::client_of(addr.ip()));
    let seat = match &q.seat {
        None => 0,
        Some(s) => s.parse::<u8>().map_err(|_| Refused::BadQuery)?,
    };
    let k = q.k.as_deref().unwrap_or("").parse::<usize>().map_err(|_| Refused::BadQuery)?;
    let c = &state.config;
    let iterations = number(&q.iterations, DEFAULT_ITERATIONS.min(c.review_max_iterations), c.review_max_iterations)?;
    let samples = number(&q.samples, DEFAULT_SAMPLES.min(c.review_max_samples), c.review_max_samples)?;
    let room = state.game(&id).await?;
    let read = room
        .read(move |r| {
            if !r.is_over() {
                return Err(Refused::GameNotFinished);
            }
            if seat as usize >= r.setup.seats.len() {
                return Err(Refused::NotFound);
            }
            let text = r.record().map_err(|e| {
                tracing::error!(game = %r.id, "cannot write the record: {e}");
                Refused::BadLog
            })?;
            let public = r.setup.public(&r.id);
            Ok((text, public.preset, public.seats))
        })
        .await
        .ok_or(Refused::StorageFailed)?;
    let (text, preset, seats) = read?;
    drop(room);
    // A puzzle is one decision judged again: it counts as one of the
    // client's reviews and waits in the reviews' lane.
    let _share = state.shares.review(client, c.max_reviews_per_client, c.max_reviews).map_err(|max| {
        tracing::info!(game = %id, max, "a personal puzzle refused: as many reviews are waiting as allowed");
        Refused::TooManyReviews { retry_after: RETRY_AFTER }
    })?;
    let opts = Options { iterations, samples, seed: 1, threads: 1 };
    let mut puzzle = super::puzzle::personal(&state, &id, text, preset, seat, k, opts, owner_of(client)).await?;
    puzzle.seats = seats;
    Ok(Json(puzzle))
}
