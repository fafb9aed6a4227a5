//! `Fail`: a refusal with its HTTP status, the error of every handler.

use crate::protocol::{Refusal, Refused};
use crate::store::StoreError;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;

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
