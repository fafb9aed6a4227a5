//! The tutorial's pages and API: `GET /api/learn` (the lesson sets), `GET
//! /api/learn/{preset}` (a set's lessons, ready to draw), `POST
//! /api/learn/{preset}/{name}` with `{"action": ACTION}` (a try, answered
//! with a [`Verdict`]).

use super::{judge, lesson, set_view, sets, LessonError};
use crate::http::assets;
use crate::http::error::Fail;
use crate::http::extract::{body, RawBody, P};
use crate::protocol::learn::{LessonSets, SetView, Verdict};
use crate::protocol::Refused;
use crate::state::AppState;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use std::sync::Arc;
use triominos_core::{Action, RuleSet};

/// The routes of the tutorial: its pages and its API.
pub fn routes() -> Router<Arc<AppState>> {
    Router::new()
        .route("/learn", get(assets::index))
        .route("/learn/{preset}", get(assets::index))
        .route("/learn/{preset}/{name}", get(assets::index))
        .route("/api/learn", get(list))
        .route("/api/learn/{preset}", get(set))
        .route("/api/learn/{preset}/{name}", post(try_action))
}

/// `GET /api/learn`: `{"sets": {PRESET: [NAME...]}}`.
async fn list() -> Json<LessonSets> {
    Json(LessonSets { sets: sets() })
}

async fn set(P(preset): P<String>) -> Result<Json<SetView>, Fail> {
    Ok(Json(set_view(&preset)?))
}

/// The body of a try.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Try {
    action: serde_json::Value,
}

async fn try_action(P((preset, name)): P<(String, String)>, RawBody(bytes): RawBody) -> Result<Json<Verdict>, Fail> {
    let t: Try = body(&bytes)?;
    let action: Action = serde_json::from_value(t.action).map_err(|_| Refused::BadAction)?;
    let (_, l) = lesson(&preset, &name)?;
    let rules = RuleSet::preset(&preset).map_err(|_| LessonError::NotFound)?;
    Ok(Json(judge(&l, rules, action)?))
}
