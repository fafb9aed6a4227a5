//! `GET /api/health`, for a proxy, a monitor or a service manager: whether
//! this instance serves and its database answers, read from three flags
//! (no database access). Each client has a token bucket of
//! [`HEALTH_BURST`] checks, one more each second; beyond it `429`
//! `checks_too_fast {retry_after}`. The checks of the machine itself
//! from its own address (`127.0.0.1` or `::1`: systemd, a local monitor,
//! `curl` by hand) and of the trusted proxies (`--trusted-proxy`: nginx's
//! own requests, which name no client) are never counted: an operator's
//! checks are never refused. (The other loopback addresses, `127.0.0.2`
//! and up, are clients like any: the tests and attacks play clients from them.)

use super::error::Fail;
use crate::game::limits::client_of;
use crate::protocol::Refused;
use crate::state::AppState;
use axum::extract::{ConnectInfo, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Extension;
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// How many checks a client may make at once (then one a second).
pub const HEALTH_BURST: f64 = 10.0;
/// How many clients' buckets are kept at most: a bucket is full again
/// [`HEALTH_BURST`] seconds after its last check and then forgotten; past
/// this many clients in those seconds a new one is refused until some are.
pub const HEALTH_CLIENTS: usize = 4096;

/// The buckets of the clients that checked in the last seconds.
#[derive(Debug, Default)]
pub struct Buckets(Mutex<HashMap<IpAddr, (f64, Instant)>>);

impl Buckets {
    /// Takes one check of `client` at `now`, or says in how many seconds
    /// (at least 1) the next one comes.
    pub fn take(&self, client: IpAddr, now: Instant) -> Result<(), u64> {
        let mut map = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let refilled =
            |(tokens, at): (f64, Instant)| (tokens + now.saturating_duration_since(at).as_secs_f64()).min(HEALTH_BURST);
        if !map.contains_key(&client) && map.len() >= HEALTH_CLIENTS {
            map.retain(|_, b| refilled(*b) < HEALTH_BURST);
            if map.len() >= HEALTH_CLIENTS {
                return Err(1);
            }
        }
        let tokens = map.get(&client).copied().map_or(HEALTH_BURST, refilled);
        if tokens >= 1.0 {
            map.insert(client, (tokens - 1.0, now));
            Ok(())
        } else {
            map.insert(client, (tokens, now));
            Err(((1.0 - tokens).ceil() as u64).max(1))
        }
    }

    /// How many clients' buckets are kept.
    pub fn len(&self) -> usize {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    /// Whether none is.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// `200 {"status":"ok"}` while this instance serves and its database
/// answers; `503 {"status":"storage_down","down_ms":N}` while the database
/// does not answer (since N ms: [`crate::store::Health`]; the games' moves
/// wait), `503 {"status":"storage_stalled","waiting_ms":N}` while a batch
/// of writes has waited for the database longer than
/// [`crate::store::STALL_AFTER`] (PostgreSQL frozen: nothing fails, nothing
/// is committed), `503 {"status":"stopping"}` once it shuts down (SIGTERM).
/// A client past its bucket: `429 checks_too_fast`.
pub(crate) async fn health(
    State(state): State<Arc<AppState>>,
    Extension(buckets): Extension<Arc<Buckets>>,
    peer: Option<Extension<ConnectInfo<SocketAddr>>>,
) -> Response {
    if let Some(Extension(ConnectInfo(addr))) = peer {
        let ip = addr.ip().to_canonical();
        let own = ip == IpAddr::from([127, 0, 0, 1]) || ip == IpAddr::from(std::net::Ipv6Addr::LOCALHOST);
        let operator = own || state.config.trusted_proxies.iter().any(|p| p.to_canonical() == ip);
        if !operator {
            if let Err(retry_after) = buckets.take(client_of(ip), Instant::now()) {
                return Fail::from(Refused::ChecksTooFast { retry_after }).into_response();
            }
        }
    }
    let health = state.store.health();
    let since = |t: i64| crate::store::now_ms().saturating_sub(t);
    let (status, body) = match (state.is_closing(), health.down_since(), health.stalled_since()) {
        (true, _, _) => (StatusCode::SERVICE_UNAVAILABLE, serde_json::json!({"status": "stopping"})),
        (false, Some(t), _) => {
            (StatusCode::SERVICE_UNAVAILABLE, serde_json::json!({"status": "storage_down", "down_ms": since(t)}))
        }
        (false, None, Some(t)) => {
            (StatusCode::SERVICE_UNAVAILABLE, serde_json::json!({"status": "storage_stalled", "waiting_ms": since(t)}))
        }
        (false, None, None) => (StatusCode::OK, serde_json::json!({"status": "ok"})),
    };
    let mut r = (status, axum::Json(body)).into_response();
    r.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    r
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn ten_checks_at_once_then_one_a_second_each_client_and_full_buckets_forgotten() {
        let b = Buckets::default();
        let t0 = Instant::now();
        let (a, c) = ("192.0.2.1".parse().unwrap(), "192.0.2.2".parse().unwrap());
        for _ in 0..10 {
            b.take(a, t0).unwrap();
        }
        assert_eq!(b.take(a, t0), Err(1));
        b.take(c, t0).expect("another client has its own");
        b.take(a, t0 + Duration::from_secs(1)).expect("one more a second later");
        assert!(b.take(a, t0 + Duration::from_secs(1)).is_err());
        assert_eq!(b.len(), 2);
    }

    #[test]
    fn the_buckets_kept_are_bounded() {
        let b = Buckets::default();
        let t0 = Instant::now();
        let ip = |i: usize| IpAddr::from([10, (i >> 16) as u8, (i >> 8) as u8, i as u8]);
        for i in 0..HEALTH_CLIENTS {
            b.take(ip(i), t0).unwrap();
        }
        // Every bucket is in use: one client more is refused, nothing kept for it.
        assert_eq!(b.take(ip(HEALTH_CLIENTS), t0), Err(1));
        assert_eq!(b.len(), HEALTH_CLIENTS);
        // Ten seconds later every bucket is full again: forgotten, the new one kept.
        b.take(ip(HEALTH_CLIENTS), t0 + Duration::from_secs(10)).unwrap();
        assert_eq!(b.len(), 1);
    }
}
