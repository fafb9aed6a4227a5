//! The routes of the open tables and the pools: `GET /api/tables`, `POST
//! /api/tables/{id}/join`, `POST /api/pools`, `GET /api/pools/{entry}`,
//! `POST /api/pools/{entry}/leave`. Each takes a token of the client's
//! bucket ([`super::Limiter`], `--pools-per-minute`) first, then runs one
//! storage job.

use super::store::{self, Caps, Formed, NewEntry, PoolError};
use super::{BOTS_AFTER_S, PAGE, SIZES};
use crate::game::limits::client_of;
use crate::game::routes::ListQuery;
use crate::http::error::Fail;
use crate::http::extract::{body, RawBody, P, Q};
use crate::names::checked_name;
use crate::protocol::{EnterPool, Joined, OpenTables, PoolEntry, Refused};
use crate::state::AppState;
use axum::extract::{ConnectInfo, State};
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Extension, Json, Router};
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

/// The routes.
pub fn routes() -> Router<Arc<AppState>> {
    Router::new()
        .route("/api/tables", get(tables))
        .route("/api/tables/{id}/join", post(join))
        .route("/api/pools", post(enter))
        .route("/api/pools/{entry}", get(follow))
        .route("/api/pools/{entry}/leave", post(leave))
}

type Peer = Option<Extension<ConnectInfo<SocketAddr>>>;

impl From<PoolError> for Fail {
    fn from(e: PoolError) -> Fail {
        match e {
            PoolError::Refused(r) => r.into(),
            PoolError::Store(e) => e.into(),
            PoolError::Raced(pool) => {
                tracing::error!(pool, "pairing found an entry seated meanwhile: nothing done");
                Refused::StorageFailed.into()
            }
        }
    }
}

/// The client of a request (its address, or an IPv6 /64), after a token of
/// its bucket: `pools_too_fast` without one.
fn admit(state: &AppState, peer: Peer) -> Result<IpAddr, Fail> {
    let ip = peer.map_or(IpAddr::from([0, 0, 0, 0]), |Extension(ConnectInfo(a))| a.ip());
    let client = client_of(ip);
    state
        .pools
        .take(client, std::time::Instant::now(), state.config.pools_per_minute)
        .map_err(|retry_after| Refused::PoolsTooFast { retry_after })?;
    Ok(client)
}

fn caps(state: &AppState) -> Caps {
    Caps { entries_per_client: state.config.pool_entries_per_client, max_games: state.config.max_games }
}

/// The games a pairing formed are loaded here at once (their waiting
/// room's clock set; a person alone with bots sees them play), as a page
/// asking for them would.
fn load(state: &Arc<AppState>, formed: Formed) {
    for id in formed {
        let state = state.clone();
        tokio::spawn(async move {
            if let Err(e) = state.game(&id).await {
                tracing::warn!(game = %id, "a table formed from a pool could not be loaded yet: {e:?}");
            }
        });
    }
}

/// An entry id as sent: 32 hexadecimal digits, else unknown.
fn entry_id(id: String) -> Result<String, Fail> {
    match id.len() == 32 && id.bytes().all(|b| b.is_ascii_hexdigit()) {
        true => Ok(id),
        false => Err(Refused::NoSuchEntry.into()),
    }
}

/// `GET /api/tables?limit=N`: the public tables with a free seat, newest
/// first, [`PAGE`] at most.
async fn tables(State(state): State<Arc<AppState>>, peer: Peer, Q(q): Q<ListQuery>) -> Result<Json<OpenTables>, Fail> {
    admit(&state, peer)?;
    let limit = q.limit().min(PAGE);
    let now = crate::store::now_ms();
    let tables = state.store.call(move |c| store::open_tables(c, now, limit)).await?;
    Ok(Json(OpenTables { tables }))
}

/// `POST /api/tables/{id}/join`: a free seat's link, held a minute.
async fn join(State(state): State<Arc<AppState>>, peer: Peer, P(id): P<String>) -> Result<Json<Joined>, Fail> {
    let client = admit(&state, peer)?.to_string();
    if id.len() > 64 {
        return Err(Refused::TableClosed.into());
    }
    let now = crate::store::now_ms();
    let joined = state.store.call(move |c| store::join(c, &id, &client, now)).await?;
    tracing::info!(game = %joined.id, seat = joined.seat, "a seat of a public table handed out");
    Ok(Json(joined))
}

/// `POST /api/pools`: enters a pool ([`EnterPool`]); `bad_pool` for one not
/// offered, `already_waiting` beyond `--pool-entries-per-client`.
async fn enter(
    State(state): State<Arc<AppState>>,
    peer: Peer,
    RawBody(bytes): RawBody,
) -> Result<(StatusCode, Json<PoolEntry>), Fail> {
    let client = admit(&state, peer)?.to_string();
    let req: EnterPool = body(&bytes)?;
    if !SIZES.contains(&req.size) || !req.pace.is_offered() {
        return Err(Refused::BadPool.into());
    }
    if crate::rules::rule_set(&req.preset, std::iter::empty(), usize::from(req.size)).is_err() {
        return Err(Refused::BadPool.into());
    }
    let bots_after_ms = match req.bots_after_s {
        None => None,
        Some(s) if (BOTS_AFTER_S.0..=BOTS_AFTER_S.1).contains(&s) => Some(i64::from(s) * 1000),
        Some(_) => return Err(Refused::BadPool.into()),
    };
    let name = checked_name(&req.name, 24, 1)?;
    let entry = NewEntry {
        id: crate::secret::random_hex(16),
        preset: req.preset,
        pace: req.pace,
        size: req.size,
        client,
        name,
        account: None,
        rating: None,
        bots_after_ms,
    };
    let (now, caps) = (crate::store::now_ms(), caps(&state));
    let (answer, formed) = state.store.call(move |c| store::enter(c, &entry, now, caps)).await?;
    load(&state, formed);
    Ok((StatusCode::CREATED, Json(answer)))
}

/// `GET /api/pools/{entry}`: the entry followed (heard of now; its pool
/// paired while it waits).
async fn follow(State(state): State<Arc<AppState>>, peer: Peer, P(id): P<String>) -> Result<Json<PoolEntry>, Fail> {
    admit(&state, peer)?;
    let id = entry_id(id)?;
    let (now, caps) = (crate::store::now_ms(), caps(&state));
    let (answer, formed) = state.store.call(move |c| store::poll(c, &id, now, caps)).await?;
    load(&state, formed);
    Ok(Json(answer))
}

/// `POST /api/pools/{entry}/leave`: out of the pool (a seated entry keeps
/// its seat, its link answered). Also sent by the page as it closes
/// (`navigator.sendBeacon`).
async fn leave(State(state): State<Arc<AppState>>, peer: Peer, P(id): P<String>) -> Result<Json<PoolEntry>, Fail> {
    admit(&state, peer)?;
    let id = entry_id(id)?;
    let now = crate::store::now_ms();
    Ok(Json(state.store.call(move |c| store::leave(c, &id, now)).await?))
}
