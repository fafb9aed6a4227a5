//! The replays' routes: `GET /api/games/{id}/replay` (a finished game) and
//! `POST /api/replay` (a `.tri` record sent as the body), each built on a
//! blocking thread a few at a time ([`Gate`]).

use super::Gate;
use crate::game::load::finished_room;
use crate::http::error::Fail;
use crate::http::extract::P;
use crate::protocol::{PublicGame, PublicSeat, Refused, Replay, SeatKind};
use crate::rules::options_of;
use crate::state::AppState;
use axum::body::Body;
use axum::extract::State;
use axum::http::{header, HeaderMap};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use std::sync::Arc;

/// The replays' routes, with one [`Gate`] of `max_replays` for both.
pub fn routes(max_replays: usize) -> Router<Arc<AppState>> {
    let gate = Gate::new(max_replays);
    let (g1, g2) = (gate.clone(), gate);
    Router::new()
        .route(
            "/api/games/{id}/replay",
            get(move |state: State<Arc<AppState>>, id: P<String>| game_replay(state, id, g1.clone())),
        )
        .route(
            "/api/replay",
            post(move |state: State<Arc<AppState>>, headers: HeaderMap, body: Body| {
                replay_text(state, headers, body, g2.clone())
            }),
        )
}

/// A replay's answer, serialized on the blocking thread that built it.
fn replay_json(replay: &Replay) -> Response {
    match serde_json::to_vec(replay) {
        Ok(bytes) => ([(header::CONTENT_TYPE, "application/json")], bytes).into_response(),
        Err(_) => Fail::from(Refused::BadLog).into_response(),
    }
}

/// A finished game, step by step, with every hand (built on a blocking
/// thread, a few at a time: see [`Gate`]).
async fn game_replay(State(state): State<Arc<AppState>>, P(id): P<String>, gate: Gate) -> Result<Response, Fail> {
    let room = finished_room(&state, &id).await?;
    let (rules, history, game, hints_used) = room
        .read(|r| (*r.game.rules(), r.game.history().to_vec(), r.setup.public(&r.id), r.setup.hints_used.clone()))
        .await
        .ok_or(Refused::StorageFailed)?;
    gate.run(move || {
        super::frames(&rules, &history)
            .map(|frames| replay_json(&Replay { game, frames, hints_used }))
            .map_err(Fail::from)
    })
    .await?
}

/// Reads a body of at most `max` bytes; a longer one is refused with 413
/// `record_too_large` as soon as it is known (from its `Content-Length`, or
/// while reading), without reading the rest.
async fn read_limited(headers: &HeaderMap, body: Body, max: usize) -> Result<Vec<u8>, Fail> {
    let too_large = || Fail::from(Refused::RecordTooLarge { max });
    let declared = headers.get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
    if declared.is_some_and(|n| n > max as u64) {
        return Err(too_large());
    }
    let mut out = Vec::new();
    let mut stream = body.into_data_stream();
    while let Some(chunk) = futures_util::StreamExt::next(&mut stream).await {
        let chunk = chunk.map_err(|e| crate::http::extract::unread(&e))?;
        if out.len() + chunk.len() > max {
            return Err(too_large());
        }
        out.extend_from_slice(&chunk);
    }
    Ok(out)
}

/// A `.tri` record sent as the body, step by step. Bounded: at most
/// [`crate::config::ServeConfig::max_record_bytes`] bytes read, a record of more
/// rounds or actions than configured refused before any replay, the replay
/// run on a blocking thread a few at a time ([`Gate`]).
async fn replay_text(
    State(state): State<Arc<AppState>>,
    headers: HeaderMap,
    body: Body,
    gate: Gate,
) -> Result<Response, Fail> {
    let c = &state.config;
    let bytes = read_limited(&headers, body, c.max_record_bytes).await?;
    let text = String::from_utf8(bytes).map_err(|_| Refused::NotUtf8)?;
    let (rounds, actions) = super::measure(&text);
    if rounds > c.max_record_rounds || actions > c.max_record_actions {
        return Err(Refused::RecordTooLong {
            rounds,
            actions,
            max_rounds: c.max_record_rounds,
            max_actions: c.max_record_actions,
        }
        .into());
    }
    gate.run(move || replay_record(&text).map(|r| replay_json(&r))).await?
}

/// Replays a `.tri` text: the game and every step.
fn replay_record(text: &str) -> Result<Replay, Fail> {
    let replayed =
        triominos_core::record::replay(text).map_err(|e| Refused::BadRecord { line: e.line, reason: e.reason })?;
    let game = PublicGame {
        takebacks: false,
        waiting: None,
        cancelled: false,
        id: None,
        preset: replayed.rules.base_preset().name().to_string(),
        options: options_of(&replayed.rules),
        seats: replayed
            .players
            .iter()
            .map(|n| PublicSeat { kind: SeatKind::Human, name: n.clone(), level: None })
            .collect(),
        created: None,
        hints: false,
        pace: Default::default(),
        stand_in: None,
    };
    let frames = super::frames(&replayed.rules, replayed.game.history())?;
    Ok(Replay { game, frames, hints_used: Vec::new() })
}
