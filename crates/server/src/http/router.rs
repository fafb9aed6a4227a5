//! The route table: the page's paths, the assets, and every feature's routes
//! merged (`game`, `replay`, `pad`, `learn`, `puzzles`, `review`); what no
//! route answers is the page (HTML, 404) for a page address and a refusal
//! `{"code", "params"}` under `/api/`, `/ws/` and `/assets/`; every error
//! answer under `/api/` that is not JSON yet becomes such a refusal.

use super::assets;
use super::error::Fail;
use super::extract::MAX_BODY;
use crate::protocol::Refused;
use crate::state::AppState;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use std::sync::Arc;

/// All routes.
pub fn router(state: Arc<AppState>) -> Router {
    Router::new()
        .route("/", get(assets::index))
        .route("/new", get(assets::index))
        .route("/games", get(assets::index))
        .route("/replay", get(assets::index))
        .route("/replay/{id}", get(assets::index))
        .route("/rules", get(assets::index))
        .route("/rules/", get(assets::index))
        .route("/rules/{preset}", get(assets::index))
        .route("/g/{id}", get(assets::index))
        .route("/g/{id}/{token}", get(assets::index))
        .route("/assets/{*path}", get(assets::file))
        .route(
            "/api/health",
            get(super::health::health).layer(axum::Extension(Arc::new(super::health::Buckets::default()))),
        )
        .merge(crate::game::routes::routes())
        .merge(crate::replay::routes::routes(state.config.max_replays))
        .merge(crate::pad::routes::routes())
        .merge(crate::learn::routes::routes())
        .merge(crate::puzzles::routes::routes())
        .merge(crate::review::routes::routes())
        .merge(crate::pools::routes::routes())
        .merge(crate::accounts::routes::routes())
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

/// What no route answers: under `/api/`, `/ws/` and `/assets/` a refusal
/// `{"code": "not_found"}`; any other address is a page the site does not
/// have, answered with the page itself (HTML, status 404), which says so in
/// the reader's language: a page address never answers raw JSON.
async fn not_found(req: axum::extract::Request) -> Response {
    let path = req.uri().path();
    let machine = ["/api", "/ws", "/assets"].iter().any(|p| path == *p || path.starts_with(&format!("{p}/")));
    if machine {
        return Fail::new(StatusCode::NOT_FOUND, Refused::NotFound).into_response();
    }
    let mut page = assets::index(req.headers().clone()).await;
    if page.status() == StatusCode::OK {
        *page.status_mut() = StatusCode::NOT_FOUND;
    }
    page
}
