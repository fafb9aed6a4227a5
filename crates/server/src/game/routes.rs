//! The games' JSON API: `GET /api/meta` (presets, levels, the option
//! schema), `POST /api/games` (create), `GET /api/games` (the finished
//! ones), `GET /api/games/{id}` (public facts), `GET
//! /api/games/{id}/record.tri`, and a game's socket `/ws/{id}` ([`super::ws`]).

use super::load::finished_room;
use super::room::{Room, SeatSetup, Setup};
use super::ws;
use crate::config::ServeConfig;
use crate::http::error::Fail;
use crate::http::extract::{body, RawBody, P, Q};
use crate::names::checked_name;
use crate::protocol::{
    CreateGame, Created, CreatedSeat, FinishedGame, GameInfo, GameList, GameSummary, LevelMeta, Meta, PresetMeta,
    Refused, SeatKind,
};
use crate::state::AppState;
use crate::store::StoreError;
use axum::extract::{ConnectInfo, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Extension, Json, Router};
use serde::Deserialize;
use std::net::SocketAddr;
use std::sync::Arc;
use triominos_core::rules::OPTIONS;
use triominos_core::{Preset, RuleSet};

/// The games' routes.
pub fn routes() -> Router<Arc<AppState>> {
    Router::new()
        .route("/api/meta", get(meta))
        .route("/api/games", post(create).get(list))
        .route("/api/games/{id}", get(game_info))
        .route("/api/games/{id}/record.tri", get(record))
        .route("/ws/{id}", get(ws::upgrade))
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

/// The deal seed of a new game: drawn by the server, unless the creator names
/// one for a game of bots alone (a demo to replay), or the server runs with
/// [`ServeConfig::fixed_seeds`]; otherwise a named seed is refused
/// (`seed_not_allowed`): whoever knew it would know every hand.
fn deal_seed(config: &ServeConfig, req: &CreateGame) -> Result<u64, Refused> {
    let people = req.seats.iter().any(|s| s.kind == SeatKind::Human);
    match req.seed {
        Some(_) if people && !config.fixed_seeds => Err(Refused::SeedNotAllowed),
        Some(seed) => Ok(seed),
        None => Ok(crate::secret::random_seed()),
    }
}

/// Creates a game: [`CreateGame`]. Answers the game id, each human seat's
/// secret link and the spectator link.
///
/// Limits (429): [`super::registry::Registry::admit_creation`] (the client's
/// rate), [`super::registry::Registry::admit_bot_game`],
/// [`super::registry::Registry::store_new_game`] (unfinished games of the
/// client and in all).
async fn create(
    State(state): State<Arc<AppState>>,
    peer: Option<Extension<ConnectInfo<SocketAddr>>>,
    RawBody(bytes): RawBody,
) -> Result<(StatusCode, Json<Created>), Fail> {
    let client = peer.map(|Extension(ConnectInfo(addr))| addr.ip());
    let req: CreateGame = body(&bytes)?;
    let n = req.seats.len();
    let rules = crate::rules::rule_set(&req.preset, req.options.iter().map(|(k, v)| (k.as_str(), v.as_str())), n)?;
    let seed = deal_seed(&state.config, &req)?;
    let mut seats = Vec::with_capacity(n);
    for (i, s) in req.seats.into_iter().enumerate() {
        let name = checked_name(&s.name, 24, i + 1)?;
        let seat = match s.kind {
            SeatKind::Human => {
                SeatSetup { kind: s.kind, name, level: None, token: Some(crate::secret::random_hex(16)) }
            }
            SeatKind::Bot => {
                let level = s.level.unwrap_or_default();
                // The named levels, and the bots' own names (as before them).
                if triominos_bots::levels::named(&level).is_none() && !triominos_bots::LEVELS.contains(&level.as_str())
                {
                    return Err(Refused::UnknownLevel { level: Some(level) }.into());
                }
                SeatSetup { kind: s.kind, name, level: Some(level), token: None }
            }
        };
        seats.push(seat);
    }
    let options = rules.options().into_iter().map(|(k, v)| (k.to_string(), v)).collect();
    if !req.pace.is_offered() {
        return Err(Refused::BadPace.into());
    }
    let stand_in = req.stand_in.unwrap_or_else(super::room::default_stand_in);
    if triominos_bots::levels::named(&stand_in).is_none() {
        return Err(Refused::UnknownLevel { level: Some(stand_in) }.into());
    }
    // A table of several people waits for them; a person alone with bots starts at once.
    let waiting = req.wait && seats.iter().filter(|s| s.kind == SeatKind::Human).count() > 1;
    // A game with a person is private unless its creator lists it.
    let listed = req.listed.unwrap_or_else(|| !seats.iter().any(|s| s.kind == SeatKind::Human));
    let setup = Setup {
        waiting,
        arrived: Default::default(),
        started_ms: (!waiting).then(crate::store::now_ms),
        cancelled: false,
        preset: req.preset,
        options,
        seed,
        seats,
        created: crate::store::now(),
        hints: req.hints,
        hints_used: Vec::new(),
        pace: req.pace,
        stand_in,
        rematch: None,
        takebacks: req.takebacks,
        listed,
    };
    let id = crate::secret::random_hex(8);
    let room = Room::new(id.clone(), setup.clone())?;
    let setup_json = serde_json::to_string(&setup).map_err(StoreError::from)?;
    state.create_game(client, room, setup_json).await?;
    tracing::info!(game = %id, preset = %setup.preset, seats = n, "game created");
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
            // A table cancelled before it started is no game to show.
            Ok(summary) if summary.cancelled => None,
            Ok(summary) => Some(FinishedGame { id: row.id, created: row.created, finished: row.finished, summary }),
            Err(e) => {
                tracing::warn!(game = %row.id, "unreadable summary left out of the list: {e}");
                None
            }
        })
        .collect();
    Ok(Json(GameList { games }))
}

/// Public facts about one game (its seed once it is over).
async fn game_info(State(state): State<Arc<AppState>>, P(id): P<String>) -> Result<Json<GameInfo>, Fail> {
    let room = state.game(&id).await?;
    let info = room
        .read(|r| {
            let seed = r.is_over().then_some(r.setup.seed);
            GameInfo { game: r.public(crate::store::now_ms()), version: r.version(), status: r.status(), seed }
        })
        .await
        .ok_or(Refused::StorageFailed)?;
    Ok(Json(info))
}

/// A finished game as a `.tri` record (it shows every hand, so only once over).
async fn record(State(state): State<Arc<AppState>>, P(id): P<String>) -> Result<Response, Fail> {
    let room = finished_room(&state, &id).await?;
    let text =
        room.read(|r| r.record().map_err(|e| e.to_string())).await.ok_or(Refused::StorageFailed)?.map_err(|e| {
            tracing::error!(game = %id, "cannot write the record: {e}");
            Refused::BadLog
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
