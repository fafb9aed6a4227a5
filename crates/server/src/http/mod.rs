//! HTTP, the edge of the server: the route table ([`router`]), the
//! extractors every route uses ([`extract`]), [`error::Fail`] (a refusal with
//! its HTTP status), the accept loop ([`net`]) and the embedded page
//! ([`assets`]). The features (`game`, `pad`, `learn`, `puzzles`, `review`,
//! `replay`) each hold their own routes, merged by [`router`].

pub mod assets;
pub mod error;
pub mod extract;
pub mod health;
pub mod net;
pub mod router;

use crate::state::AppState;
use std::sync::Arc;

/// The server's routes ([`router::router`]) with gzip compression of every answer the
/// browser accepts it for (pages, scripts, JSON), and security headers on every
/// answer: a Content-Security-Policy that the page satisfies
/// ([`assets::content_security_policy`]: this origin only, the page's own
/// inline scripts by hash, never in a frame), `X-Frame-Options: DENY`,
/// `Referrer-Policy: no-referrer` (a seat's link never leaves in a referrer),
/// `X-Content-Type-Options: nosniff`. Each request is traced
/// (tower-http's `TraceLayer`, at the `debug` level, its failures too: a
/// failure worth an error is logged where it happens) under its route as
/// declared ([`request_span`]).
pub fn app(state: Arc<AppState>) -> axum::Router {
    use axum::http::{header, HeaderValue};
    use tower_http::set_header::SetResponseHeaderLayer;
    let csp = HeaderValue::from_static(assets::content_security_policy());
    router::router(state)
        .layer(
            tower_http::trace::TraceLayer::new_for_http()
                .make_span_with(request_span)
                // Every 5xx was an ERROR line of its own (the ordinary 503 of a
                // game handed over between instances too): what failed is
                // logged where it failed, at the level it deserves.
                .on_failure(tower_http::trace::DefaultOnFailure::new().level(tracing::Level::DEBUG)),
        )
        .layer(tower_http::compression::CompressionLayer::new())
        .layer(SetResponseHeaderLayer::overriding(header::CONTENT_SECURITY_POLICY, csp))
        .layer(SetResponseHeaderLayer::overriding(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")))
        .layer(SetResponseHeaderLayer::overriding(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer")))
        .layer(SetResponseHeaderLayer::overriding(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")))
}

/// A request's span: its method and its route as declared (`/g/{id}/{token}`),
/// never its address, which may hold a seat's secret token.
pub fn request_span(req: &axum::http::Request<axum::body::Body>) -> tracing::Span {
    let route = req.extensions().get::<axum::extract::MatchedPath>().map_or("(no route)", |m| m.as_str());
    tracing::debug_span!("request", method = %req.method(), route)
}
