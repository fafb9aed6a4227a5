//! HTTP: pages, assets, the JSON API. Bodies are the types of
//! [`crate::protocol`]; every refusal is `{"code", "params"}` with a status.

use crate::protocol::{
    CreateGame, Created, CreatedSeat, FinishedGame, GameInfo, GameList, GameStatus, GameSummary, LevelMeta, Meta,
    PresetMeta, PublicGame, PublicSeat, Refusal, Refused, Replay, SeatKind,
};
use crate::room::{Room, SeatSetup, Setup};
use crate::store::StoreError;
use crate::{assets, replay, ws, AppState};
use axum::body::{Body, Bytes};
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Extension, Json, Router};
use serde::Deserialize;
use std::net::SocketAddr;
use std::sync::Arc;
use triominos_core::rules::OPTIONS;
use triominos_core::{Preset, RuleSet};

/// Largest accepted request body (a `.tri` record is far smaller).
pub const MAX_BODY: usize = 1 << 20;

/// All routes.
pub fn router(state: Arc<AppState>) -> Router {
    let gate = replay::Gate::new(state.config.max_replays);
    let (g1, g2) = (gate.clone(), gate);
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
        .route("/ws/{id}", get(ws::upgrade))
        .merge(crate::pad::routes())
        .merge(crate::learn::routes())
        .merge(crate::puzzles::routes())
        .merge(crate::review::routes())
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(axum::extract::DefaultBodyLimit::max(MAX_BODY))
        .layer(axum::middleware::from_fn(json_refusals))
        .with_state(state)
}

async fn method_not_allowed() -> Fail {
    Fail::new(StatusCode::METHOD_NOT_ALLOWED, Refused::MethodNotAllowed)
}

/// The last line of defence under `/api/`: an error answer that is not JSON
/// (a rejection of the HTTP layer no extractor below turned into a refusal)
/// becomes `{"code", "params"}` by its status, so that every refusal of the
/// API has that shape.
async fn json_refusals(req: axum::extract::Request, next: axum::middleware::Next) -> Response {
    let api = req.uri().path().starts_with("/api/");
    let resp = next.run(req).await;
    let status = resp.status();
    let json = resp
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if !api || json || !(status.is_client_error() || status.is_server_error()) {
        return resp;
    }
    let refusal = match status {
        StatusCode::NOT_FOUND => Refused::NotFound,
        StatusCode::METHOD_NOT_ALLOWED => Refused::MethodNotAllowed,
        StatusCode::PAYLOAD_TOO_LARGE => Refused::TooLarge { max: MAX_BODY },
        _ => Refused::HttpError { status: status.as_u16() },
    };
    Fail::new(status, refusal).into_response()
}

/// A query (`?limit=...`) read as `T`; one that does not read is refused
/// with 400 `bad_query` (not axum's plain-text rejection).
pub struct Q<T>(pub T);

impl<T: serde::de::DeserializeOwned, S: Send + Sync> axum::extract::FromRequestParts<S> for Q<T> {
    type Rejection = Fail;

    async fn from_request_parts(parts: &mut axum::http::request::Parts, state: &S) -> Result<Self, Fail> {
        match Query::<T>::from_request_parts(parts, state).await {
            Ok(Query(v)) => Ok(Q(v)),
            Err(_) => Err(Fail::bad_request(Refused::BadQuery)),
        }
    }
}

/// The parameters of a route's path read as `T`; ones that do not read (an
/// entry index that is not a number) are refused with 404 `not_found`.
pub struct P<T>(pub T);

impl<T: serde::de::DeserializeOwned + Send, S: Send + Sync> axum::extract::FromRequestParts<S> for P<T> {
    type Rejection = Fail;

    async fn from_request_parts(parts: &mut axum::http::request::Parts, state: &S) -> Result<Self, Fail> {
        match Path::<T>::from_request_parts(parts, state).await {
            Ok(Path(v)) => Ok(P(v)),
            Err(_) => Err(Fail::new(StatusCode::NOT_FOUND, Refused::NotFound)),
        }
    }
}

/// The request body as bytes, at most [`MAX_BODY`]: a longer one is refused
/// with 413 `too_large` (`max`: the limit), one that cannot be read with 400 `bad_json`.
pub struct RawBody(pub Bytes);

impl<S: Send + Sync> axum::extract::FromRequest<S> for RawBody {
    type Rejection = Fail;

    async fn from_request(req: axum::extract::Request, state: &S) -> Result<Self, Fail> {
        match Bytes::from_request(req, state).await {
            Ok(b) => Ok(RawBody(b)),
            Err(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                Err(Fail::new(StatusCode::PAYLOAD_TOO_LARGE, Refused::TooLarge { max: MAX_BODY }))
            }
            Err(_) => Err(Fail::bad_request(Refused::BadJson)),
        }
    }
}

/// A refusal with its HTTP status: the error of every handler.
#[derive(Clone, Debug, PartialEq)]
pub struct Fail {
    /// The HTTP status.
    pub status: StatusCode,
    /// What to tell the page.
    pub refusal: Refusal,
}

impl Fail {
    /// A refusal with a status.
    pub fn new(status: StatusCode, refusal: impl Into<Refusal>) -> Fail {
        Fail { status, refusal: refusal.into() }
    }

    /// A 400 refusal.
    pub fn bad_request(refusal: impl Into<Refusal>) -> Fail {
        Fail::new(StatusCode::BAD_REQUEST, refusal)
    }
}

impl From<StoreError> for Fail {
    fn from(e: StoreError) -> Fail {
        tracing::error!("storage failed: {e}");
        Fail::new(StatusCode::INTERNAL_SERVER_ERROR, Refused::StorageFailed)
    }
}

impl IntoResponse for Fail {
    fn into_response(self) -> Response {
        (self.status, Json(self.refusal)).into_response()
    }
}

async fn not_found() -> Fail {
    Fail::new(StatusCode::NOT_FOUND, Refused::NotFound)
}

/// Every option of a rule set, by name.
pub fn options_of(rules: &RuleSet) -> std::collections::BTreeMap<String, String> {
    rules.options().into_iter().map(|(k, v)| (k.to_string(), v)).collect()
}

/// Presets with every option's value, bot levels, the option schema.
async fn meta() -> Json<Meta> {
    let presets = Preset::ALL
        .iter()
        .map(|p| {
            let r = RuleSet::of(*p);
            PresetMeta {
                name: p.name(),
                min_players: r.min_players(),
                max_players: r.max_players(),
                options: r.options().into_iter().collect(),
            }
        })
        .collect();
    let named = &triominos_bots::levels::NAMED;
    Json(Meta {
        presets,
        levels: named.iter().map(|l| l.id).collect(),
        level_info: named
            .iter()
            .map(|l| LevelMeta {
                id: l.id,
                bot: l.bot,
                against: l.strength.against,
                win_rate: l.strength.win_rate,
                games: l.strength.games,
                at_least: l.strength.lower_bound,
                think_ms: l.budget.time.map(|t| t.as_millis() as u64),
            })
            .collect(),
        options: OPTIONS,
        option_names: OPTIONS.iter().map(|o| o.name).collect(),
    })
}

/// Reads a JSON body, refusing anything else with `bad_json`.
pub fn body<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, Fail> {
    serde_json::from_slice(bytes).map_err(|_| Fail::bad_request(Refused::BadJson))
}

/// Whether a character may not be in a player name: a control character, a
/// line or paragraph separator, or a bidi control (embeddings and overrides
/// U+202A-U+202E, isolates U+2066-U+2069, the marks U+200E, U+200F, U+061C),
/// which would turn the text around it (a score, the next name) on the page.
pub fn forbidden_in_name(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}')
        || matches!(c, '\u{2028}' | '\u{2029}')
}

/// A player name as shown: trimmed, at most `max` characters; refused with
/// `bad_name` (`n`: its position, from 1) when it holds a character
/// [`forbidden_in_name`].
pub fn checked_name(name: &str, max: usize, n: usize) -> Result<String, Fail> {
    let name = name.trim();
    if name.chars().any(forbidden_in_name) {
        return Err(Fail::bad_request(Refused::BadName { n }));
    }
    Ok(name.chars().take(max).collect())
}

/// The deal seed of a new game: drawn by the server, unless the creator names
/// one for a game of bots alone (a demo to replay), or the server runs with
/// [`crate::ServeConfig::fixed_seeds`]; otherwise a named seed is refused
/// (`seed_not_allowed`): whoever knew it would know every hand.
fn deal_seed(config: &crate::ServeConfig, req: &CreateGame) -> Result<u64, Fail> {
    let people = req.seats.iter().any(|s| s.kind == SeatKind::Human);
    match req.seed {
        Some(_) if people && !config.fixed_seeds => Err(Fail::bad_request(Refused::SeedNotAllowed)),
        Some(seed) => Ok(seed),
        None => Ok(crate::random_seed()),
    }
}

/// Creates a game: [`CreateGame`]. Answers the game id, each human seat's
/// secret link and the spectator link.
///
/// Limits (429): [`AppState::admit_creation`] (the client's rate),
/// [`AppState::admit_bot_game`], [`AppState::store_new_game`] (unfinished games
/// of the client and in all).
async fn create(
    State(state): State<Arc<AppState>>,
    peer: Option<Extension<ConnectInfo<SocketAddr>>>,
    RawBody(bytes): RawBody,
) -> Result<(StatusCode, Json<Created>), Fail> {
    let client = peer.map(|Extension(ConnectInfo(addr))| addr.ip());
    let req: CreateGame = body(&bytes)?;
    let n = req.seats.len();
    let rules = crate::rules::rule_set(&req.preset, req.options.iter().map(|(k, v)| (k.as_str(), v.as_str())), n)
        .map_err(Fail::bad_request)?;
    let seed = deal_seed(&state.config, &req)?;
    let mut seats = Vec::with_capacity(n);
    for (i, s) in req.seats.into_iter().enumerate() {
        let name = checked_name(&s.name, 24, i + 1)?;
        let seat = match s.kind {
            SeatKind::Human => SeatSetup { kind: s.kind, name, level: None, token: Some(crate::random_hex(16)) },
            SeatKind::Bot => {
                let level = s.level.unwrap_or_default();
                // The named levels, and the bots' own names (as before them).
                if triominos_bots::levels::named(&level).is_none() && !triominos_bots::LEVELS.contains(&level.as_str())
                {
                    return Err(Fail::bad_request(Refused::UnknownLevel { level: Some(level) }));
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
        seed,
        seats,
        created: crate::now(),
        hints: req.hints,
        hints_used: Vec::new(),
    };
    let id = crate::random_hex(8);
    let room = Room::new(id.clone(), setup.clone()).map_err(Fail::bad_request)?;
    let setup_json = serde_json::to_string(&setup).map_err(|e| StoreError(e.to_string()))?;
    let bot_only = !room.has_humans();
    state.admit_creation(client)?;
    if bot_only && !state.admit_bot_game(&id) {
        let max = state.config.max_bot_games;
        tracing::warn!(max, "a game of bots alone refused: as many are playing as the server plays at once");
        return Err(Fail::new(StatusCode::TOO_MANY_REQUESTS, Refused::TooManyBotGames { max }));
    }
    if let Err(e) = state.store_new_game(client, id.clone(), setup.created, setup_json).await {
        state.end_bot_game(&id);
        return Err(e);
    }
    tracing::info!(game = %id, preset = %setup.preset, seats = n, "game created");
    let arc = state.insert(room);
    {
        let mut r = arc.lock().await;
        crate::play::schedule(&state, &arc, &mut r);
    }
    let seats = setup
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| CreatedSeat {
            seat: i,
            kind: s.kind,
            name: s.name.clone(),
            level: s.level.clone(),
            link: s.token.as_ref().map(|t| format!("/g/{id}/{t}")),
        })
        .collect();
    let spectator = format!("/g/{id}");
    Ok((StatusCode::CREATED, Json(Created { id, seats, spectator })))
}

/// `?limit=N` of the lists.
#[derive(Deserialize)]
pub struct ListQuery {
    /// At most this many (100 when missing, 1000 at most).
    #[serde(default)]
    pub limit: Option<u32>,
}

impl ListQuery {
    /// The limit asked for, within bounds.
    pub fn limit(&self) -> u32 {
        self.limit.unwrap_or(100).min(1000)
    }
}

/// The finished games, newest first.
async fn list(State(state): State<Arc<AppState>>, Q(q): Q<ListQuery>) -> Result<Json<GameList>, Fail> {
    let rows = state.store.finished(q.limit()).await?;
    let games = rows
        .into_iter()
        .filter_map(|row| match serde_json::from_str::<GameSummary>(&row.summary) {
            Ok(summary) => Some(FinishedGame { id: row.id, created: row.created, finished: row.finished, summary }),
            Err(e) => {
                tracing::warn!(game = %row.id, "unreadable summary left out of the list: {e}");
                None
            }
        })
        .collect();
    Ok(Json(GameList { games }))
}

async fn room_of(state: &Arc<AppState>, id: &str) -> Result<Arc<tokio::sync::Mutex<Room>>, Fail> {
    state.game(id).await
}

/// Public facts about one game (its seed once it is over).
async fn game_info(State(state): State<Arc<AppState>>, P(id): P<String>) -> Result<Json<GameInfo>, Fail> {
    let room = room_of(&state, &id).await?;
    let r = room.lock().await;
    let seed = r.is_over().then_some(r.setup.seed);
    Ok(Json(GameInfo {
        game: r.setup.public(&r.id),
        version: r.version(),
        status: GameStatus::of(r.game.public()),
        seed,
    }))
}

async fn finished_room(state: &Arc<AppState>, id: &str) -> Result<Arc<tokio::sync::Mutex<Room>>, Fail> {
    let room = room_of(state, id).await?;
    if !room.lock().await.is_over() {
        return Err(Fail::new(StatusCode::CONFLICT, Refused::GameNotFinished));
    }
    Ok(room)
}

/// A finished game as a `.tri` record (it shows every hand, so only once over).
async fn record(State(state): State<Arc<AppState>>, P(id): P<String>) -> Result<Response, Fail> {
    let room = finished_room(&state, &id).await?;
    let text = room.lock().await.record().map_err(|e| {
        tracing::error!(game = %id, "cannot write the record: {e}");
        Fail::new(StatusCode::INTERNAL_SERVER_ERROR, Refused::BadLog)
    })?;
    Ok((
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8".to_string()),
            (header::CONTENT_DISPOSITION, format!("attachment; filename=\"triominos-{id}.tri\"")),
        ],
        text,
    )
        .into_response())
}

/// A replay's answer, serialized on the blocking thread that built it.
fn replay_json(replay: &Replay) -> Response {
    match serde_json::to_vec(replay) {
        Ok(bytes) => ([(header::CONTENT_TYPE, "application/json")], bytes).into_response(),
        Err(_) => Fail::new(StatusCode::INTERNAL_SERVER_ERROR, Refused::BadLog).into_response(),
    }
}

/// A finished game, step by step, with every hand (built on a blocking
/// thread, a few at a time: see [`replay::Gate`]).
async fn game_replay(
    State(state): State<Arc<AppState>>,
    P(id): P<String>,
    gate: replay::Gate,
) -> Result<Response, Fail> {
    let room = finished_room(&state, &id).await?;
    let (rules, history, game, hints_used) = {
        let r = room.lock().await;
        (*r.game.rules(), r.game.history().to_vec(), r.setup.public(&r.id), r.setup.hints_used.clone())
    };
    gate.run(move || {
        replay::frames(&rules, &history)
            .map(|frames| replay_json(&Replay { game, frames, hints_used }))
            .map_err(|e| Fail::new(StatusCode::INTERNAL_SERVER_ERROR, e))
    })
    .await?
}

/// Reads a body of at most `max` bytes; a longer one is refused with 413
/// `record_too_large` as soon as it is known (from its `Content-Length`, or
/// while reading), without reading the rest.
async fn read_limited(headers: &HeaderMap, body: Body, max: usize) -> Result<Vec<u8>, Fail> {
    let too_large = || Fail::new(StatusCode::PAYLOAD_TOO_LARGE, Refused::RecordTooLarge { max });
    let declared = headers.get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
    if declared.is_some_and(|n| n > max as u64) {
        return Err(too_large());
    }
    let mut out = Vec::new();
    let mut stream = body.into_data_stream();
    while let Some(chunk) = futures_util::StreamExt::next(&mut stream).await {
        let chunk = chunk.map_err(|_| Fail::bad_request(Refused::BadJson))?;
        if out.len() + chunk.len() > max {
            return Err(too_large());
        }
        out.extend_from_slice(&chunk);
    }
    Ok(out)
}

/// A `.tri` record sent as the body, step by step. Bounded: at most
/// [`crate::ServeConfig::max_record_bytes`] bytes read, a record of more
/// rounds or actions than configured refused before any replay, the replay
/// run on a blocking thread a few at a time ([`replay::Gate`]).
async fn replay_text(
    State(state): State<Arc<AppState>>,
    headers: HeaderMap,
    body: Body,
    gate: replay::Gate,
) -> Result<Response, Fail> {
    let c = &state.config;
    let bytes = read_limited(&headers, body, c.max_record_bytes).await?;
    let text = String::from_utf8(bytes).map_err(|_| Fail::bad_request(Refused::NotUtf8))?;
    let (rounds, actions) = replay::measure(&text);
    if rounds > c.max_record_rounds || actions > c.max_record_actions {
        return Err(Fail::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            Refused::RecordTooLong {
                rounds,
                actions,
                max_rounds: c.max_record_rounds,
                max_actions: c.max_record_actions,
            },
        ));
    }
    gate.run(move || replay_record(&text).map(|r| replay_json(&r))).await?
}

/// Replays a `.tri` text: the game and every step.
fn replay_record(text: &str) -> Result<Replay, Fail> {
    let replayed = triominos_core::record::replay(text)
        .map_err(|e| Fail::bad_request(Refused::BadRecord { line: e.line, reason: e.reason }))?;
    let game = PublicGame {
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
    };
    let frames = replay::frames(&replayed.rules, replayed.game.history()).map_err(Fail::bad_request)?;
    Ok(Replay { game, frames, hints_used: Vec::new() })
}
