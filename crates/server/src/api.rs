//! HTTP: pages, assets, the JSON API. Every refusal is `{"code", "params"}`.

use crate::room::{Room, SeatKind, SeatSetup, Setup};
use crate::view::Refusal;
use crate::{assets, replay, ws, AppState};
use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;
use triominos_core::rules::OPTIONS;
use triominos_core::{Preset, RuleSet};

/// Largest accepted request body (a `.tri` record is far smaller).
pub const MAX_BODY: usize = 1 << 20;

/// All routes.
pub fn router(state: Arc<AppState>) -> Router {
    Router::new()
        .route("/", get(assets::index))
        .route("/new", get(assets::index))
        .route("/games", get(assets::index))
        .route("/replay", get(assets::index))
        .route("/replay/{id}", get(assets::index))
        .route("/rules/{preset}", get(assets::index))
        .route("/g/{id}", get(assets::index))
        .route("/g/{id}/{token}", get(assets::index))
        .route("/assets/{*path}", get(assets::file))
        .route("/api/meta", get(meta))
        .route("/api/games", post(create).get(list))
        .route("/api/games/{id}", get(game_info))
        .route("/api/games/{id}/record.tri", get(record))
        .route("/api/games/{id}/replay", get(game_replay))
        .route("/api/replay", post(replay_text))
        .route("/ws/{id}", get(ws::upgrade))
        .merge(crate::pad::routes(&state))
        .fallback(not_found)
        .layer(axum::extract::DefaultBodyLimit::max(MAX_BODY))
        .with_state(state)
}

/// A JSON refusal with an HTTP status.
pub fn refuse(status: StatusCode, r: Refusal) -> Response {
    (status, axum::Json(json!({"code": r.code, "params": r.params}))).into_response()
}

async fn not_found() -> Response {
    refuse(StatusCode::NOT_FOUND, Refusal::code("not_found"))
}

fn json_response(v: Value) -> Response {
    axum::Json(v).into_response()
}

/// Presets with every option's value, bot levels, option names.
async fn meta() -> Response {
    let presets: Vec<Value> = Preset::ALL
        .iter()
        .map(|p| {
            let r = RuleSet::of(*p);
            let options: serde_json::Map<String, Value> =
                r.options().into_iter().map(|(k, v)| (k.to_string(), Value::String(v))).collect();
            json!({"name": p.name(), "min_players": r.min_players(), "max_players": r.max_players(), "options": options})
        })
        .collect();
    json_response(json!({
        "presets": presets,
        "levels": triominos_bots::LEVELS,
        "option_names": OPTIONS.iter().map(|o| o.name).collect::<Vec<_>>(),
        "options": triominos_core::rules::options_schema(),
    }))
}

/// The options as the browser builds its forms from them: name, kind, i18n key, default
/// per preset. A stand-in until the rules model defines its options once.
#[derive(Deserialize)]
struct SeatRequest {
    kind: SeatKind,
    #[serde(default)]
    name: String,
    #[serde(default)]
    level: Option<String>,
}

#[derive(Deserialize)]
struct CreateRequest {
    preset: String,
    #[serde(default)]
    options: std::collections::BTreeMap<String, String>,
    seats: Vec<SeatRequest>,
    #[serde(default)]
    seed: Option<u64>,
}

/// Creates a game: `{preset, options, seats: [{kind, name, level}], seed?}`.
/// Answers the game id, each human seat's secret link and the spectator link.
async fn create(State(state): State<Arc<AppState>>, body: Bytes) -> Response {
    let req: CreateRequest = match serde_json::from_slice(&body) {
        Ok(r) => r,
        Err(_) => return refuse(StatusCode::BAD_REQUEST, Refusal::code("bad_json")),
    };
    let rules = match RuleSet::with_overrides(&req.preset, &req.options) {
        Ok(r) => r,
        Err(e) => return refuse(StatusCode::BAD_REQUEST, e.into()),
    };
    let n = req.seats.len();
    if !rules.allows_players(n) {
        return refuse(
            StatusCode::BAD_REQUEST,
            Refusal::new("bad_player_count", json!({"min": rules.min_players(), "max": rules.max_players(), "got": n})),
        );
    }
    let mut seats = Vec::with_capacity(n);
    for s in req.seats {
        let name: String = s.name.trim().chars().filter(|c| !c.is_control()).take(24).collect();
        let seat = match s.kind {
            SeatKind::Human => SeatSetup { kind: s.kind, name, level: None, token: Some(crate::random_hex(16)) },
            SeatKind::Bot => {
                let level = s.level.unwrap_or_default();
                if !triominos_bots::LEVELS.contains(&level.as_str()) {
                    return refuse(StatusCode::BAD_REQUEST, Refusal::new("unknown_level", json!({"level": level})));
                }
                SeatSetup { kind: s.kind, name, level: Some(level), token: None }
            }
        };
        seats.push(seat);
    }
    let options = rules.options().into_iter().map(|(k, v)| (k.to_string(), v)).collect();
    let setup = Setup {
        preset: req.preset,
        options,
        seed: req.seed.unwrap_or_else(crate::random_seed),
        seats,
        created: crate::now(),
    };
    let id = crate::random_hex(8);
    let room = match Room::new(id.clone(), setup.clone()) {
        Ok(r) => r,
        Err(e) => return refuse(StatusCode::BAD_REQUEST, e),
    };
    let setup_json = match serde_json::to_string(&setup) {
        Ok(s) => s,
        Err(_) => return refuse(StatusCode::INTERNAL_SERVER_ERROR, Refusal::code("storage_failed")),
    };
    if state.store.create_game(id.clone(), setup.created, setup_json).await.is_err() {
        return refuse(StatusCode::INTERNAL_SERVER_ERROR, Refusal::code("storage_failed"));
    }
    state.logs.line(format!("game {id} created: {} with {n} seats", setup.preset));
    let arc = state.insert(room);
    {
        let mut r = arc.lock().await;
        crate::play::schedule(&state, &arc, &mut r);
    }
    let seats: Vec<Value> = setup
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| {
            json!({
                "seat": i, "kind": s.kind, "name": s.name, "level": s.level,
                "link": s.token.as_ref().map(|t| format!("/g/{id}/{t}")),
            })
        })
        .collect();
    (StatusCode::CREATED, axum::Json(json!({"id": id, "seats": seats, "spectator": format!("/g/{id}")})))
        .into_response()
}

#[derive(Deserialize)]
struct ListQuery {
    #[serde(default)]
    limit: Option<u32>,
}

/// The finished games, newest first.
async fn list(State(state): State<Arc<AppState>>, Query(q): Query<ListQuery>) -> Response {
    match state.store.finished(q.limit.unwrap_or(100).min(1000)).await {
        Ok(games) => json_response(json!({"games": games})),
        Err(_) => refuse(StatusCode::INTERNAL_SERVER_ERROR, Refusal::code("storage_failed")),
    }
}

/// Public facts about one game.
async fn game_info(State(state): State<Arc<AppState>>, Path(id): Path<String>) -> Response {
    let Some(room) = state.room(&id).await else {
        return refuse(StatusCode::NOT_FOUND, Refusal::code("game_not_found"));
    };
    let r = room.lock().await;
    let mut v = r.setup.public_json(&r.id);
    v["version"] = json!(r.version());
    v["status"] = crate::view::status(r.game.public());
    json_response(v)
}

async fn finished_room(state: &Arc<AppState>, id: &str) -> Result<Arc<tokio::sync::Mutex<Room>>, Response> {
    let Some(room) = state.room(id).await else {
        return Err(refuse(StatusCode::NOT_FOUND, Refusal::code("game_not_found")));
    };
    if !room.lock().await.is_over() {
        return Err(refuse(StatusCode::CONFLICT, Refusal::code("game_not_finished")));
    }
    Ok(room)
}

/// A finished game as a `.tri` record (it shows every hand, so only once over).
async fn record(State(state): State<Arc<AppState>>, Path(id): Path<String>) -> Response {
    let room = match finished_room(&state, &id).await {
        Ok(r) => r,
        Err(e) => return e,
    };
    let text = match room.lock().await.record() {
        Ok(t) => t,
        Err(_) => return refuse(StatusCode::INTERNAL_SERVER_ERROR, Refusal::code("unknown")),
    };
    (
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8".to_string()),
            (header::CONTENT_DISPOSITION, format!("attachment; filename=\"triominos-{id}.tri\"")),
        ],
        text,
    )
        .into_response()
}

/// A finished game, step by step, with every hand.
async fn game_replay(State(state): State<Arc<AppState>>, Path(id): Path<String>) -> Response {
    let room = match finished_room(&state, &id).await {
        Ok(r) => r,
        Err(e) => return e,
    };
    let r = room.lock().await;
    match replay::frames(r.game.rules(), r.game.history()) {
        Ok(frames) => json_response(json!({"game": r.setup.public_json(&r.id), "frames": frames})),
        Err(e) => refuse(StatusCode::INTERNAL_SERVER_ERROR, e),
    }
}

/// A `.tri` record sent as the body, step by step.
async fn replay_text(body: Bytes) -> Response {
    let Ok(text) = std::str::from_utf8(&body) else {
        return refuse(StatusCode::BAD_REQUEST, Refusal::code("not_utf8"));
    };
    let replayed = match triominos_core::record::replay(text) {
        Ok(r) => r,
        Err(e) => return refuse(StatusCode::BAD_REQUEST, Refusal::new("bad_record", json!({"line": e.line}))),
    };
    let options: serde_json::Map<String, Value> =
        replayed.rules.options().into_iter().map(|(k, v)| (k.to_string(), Value::String(v))).collect();
    let seats: Vec<Value> = replayed.players.iter().map(|n| json!({"kind": "human", "name": n})).collect();
    let game = json!({"id": null, "preset": replayed.rules.base_preset().name(), "options": options, "seats": seats});
    match replay::frames(&replayed.rules, replayed.game.history()) {
        Ok(frames) => json_response(json!({"game": game, "frames": frames})),
        Err(e) => refuse(StatusCode::BAD_REQUEST, e),
    }
}
