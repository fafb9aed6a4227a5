//! The extractors every route uses: a path ([`P`]), a query ([`Q`]) and a
//! body ([`RawBody`], read with [`body`]) whose rejections are refusals
//! `{"code", "params"}` ([`Fail`]), never axum's plain-text ones.

use super::error::Fail;
use crate::protocol::Refused;
use axum::body::Bytes;
use axum::extract::{Path, Query};
use axum::http::StatusCode;

/// Largest accepted request body (a `.tri` record is far smaller).
pub const MAX_BODY: usize = 1 << 20;

/// A query (`?limit=...`) read as `T`; one that does not read is refused
/// with 400 `bad_query` (not axum's plain-text rejection).
pub struct Q<T>(pub T);

impl<T: serde::de::DeserializeOwned, S: Send + Sync> axum::extract::FromRequestParts<S> for Q<T> {
    type Rejection = Fail;

    async fn from_request_parts(parts: &mut axum::http::request::Parts, state: &S) -> Result<Self, Fail> {
        match Query::<T>::from_request_parts(parts, state).await {
            Ok(Query(v)) => Ok(Q(v)),
            Err(_) => Err(Fail::from(Refused::BadQuery)),
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
/// with 413 `too_large` (`max`: the limit), one that does not arrive in time
/// with 408 `body_timeout`, one that cannot be read with 400 `bad_json`.
pub struct RawBody(pub Bytes);

impl<S: Send + Sync> axum::extract::FromRequest<S> for RawBody {
    type Rejection = Fail;

    async fn from_request(req: axum::extract::Request, state: &S) -> Result<Self, Fail> {
        match Bytes::from_request(req, state).await {
            Ok(b) => Ok(RawBody(b)),
            Err(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                Err(Fail::new(StatusCode::PAYLOAD_TOO_LARGE, Refused::TooLarge { max: MAX_BODY }))
            }
            Err(e) => Err(unread(&e)),
        }
    }
}

/// The time allowed when a body was cut by its deadline
/// ([`super::net::Deadline`]), found among the causes of `e`.
fn timed_out(e: &(dyn std::error::Error + 'static)) -> Option<u64> {
    let mut cause: Option<&(dyn std::error::Error + 'static)> = Some(e);
    while let Some(c) = cause {
        if let Some(t) = c.downcast_ref::<super::net::BodyTimeout>() {
            return Some(t.ms);
        }
        cause = c.source();
    }
    None
}

/// The refusal of a body that could not be read: 408 `body_timeout` when
/// it was cut by its deadline, else 400 `bad_json`.
pub(crate) fn unread(e: &(dyn std::error::Error + 'static)) -> Fail {
    match timed_out(e) {
        Some(ms) => Fail::from(Refused::BodyTimeout { ms }),
        None => Fail::from(Refused::BadJson),
    }
}

/// Reads a JSON body, refusing anything else with `bad_json`.
pub fn body<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, Fail> {
    serde_json::from_slice(bytes).map_err(|_| Fail::from(Refused::BadJson))
}
