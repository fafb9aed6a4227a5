//! The pad's handlers: each loads the sheet, checks and applies the change,
//! stores it and answers the whole sheet, in one storage job (so two phones
//! changing one sheet are told apart by its version, never interleaved).

use super::{csv, json, pad_refusal, store, MAX_ENTRIES, MAX_NAME};
use crate::api::{body, checked_name, Fail, ListQuery};
use crate::protocol::pad::{CreateSheet, Deleted, EntryRequest, LineView, SheetList, SheetListItem, SheetView};
use crate::protocol::Refused;
use crate::{assets, AppState};
use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, put};
use axum::{Json, Router};
use serde::Deserialize;
use std::sync::Arc;
use triominos_core::pad::{Entry, EntryError, PadError, Sheet};

/// The pad's pages and API.
pub fn router() -> Router<Arc<AppState>> {
    Router::new()
        .route("/pad", get(assets::index))
        .route("/pad/{id}", get(assets::index))
        .route("/api/pad", post(create).get(list))
        .route("/api/pad/{id}", get(show).delete(remove))
        .route("/api/pad/{id}/entries", post(add))
        .route("/api/pad/{id}/entries/{index}", put(edit).delete(delete_entry))
        .route("/api/pad/{id}/undo", post(undo))
        .route("/api/pad/{id}/preview", post(preview))
        .route("/api/pad/{id}/sheet.csv", get(sheet_csv))
}

fn unprocessable(e: &PadError) -> Fail {
    Fail::new(StatusCode::UNPROCESSABLE_ENTITY, pad_refusal(e))
}

/// A refused change: the error of the entry at `index`, with `index` in the params.
fn entry_refusal(e: &EntryError) -> Fail {
    Fail::new(StatusCode::UNPROCESSABLE_ENTITY, pad_refusal(&e.error).with("index", e.index))
}

/// `POST /api/pad`: [`CreateSheet`]. Answers the new sheet.
async fn create(State(state): State<Arc<AppState>>, bytes: Bytes) -> Result<(StatusCode, Json<SheetView>), Fail> {
    let req: CreateSheet = body(&bytes)?;
    let names =
        req.names.iter().enumerate().map(|(i, n)| checked_name(n, MAX_NAME, i + 1)).collect::<Result<Vec<_>, _>>()?;
    let rules =
        crate::rules::rule_set(&req.preset, req.options.iter().map(|(k, v)| (k.as_str(), v.as_str())), names.len())
            .map_err(Fail::bad_request)?;
    let sheet = Sheet::new(names.clone(), rules).map_err(|e| Fail::bad_request(pad_refusal(&e)))?;
    let setup =
        store::Setup { names, preset: rules.base_preset().name().to_string(), options: crate::api::options_of(&rules) };
    let id = crate::random_hex(8);
    let now = crate::now();
    let row = store::Row { created: now, updated: now, version: 0, setup, entries: Vec::new() };
    let view = state
        .store
        .call(move |c| {
            store::insert(c, &id, &row, &sheet)?;
            Ok::<_, Fail>(json::sheet_view(&id, &row, &sheet))
        })
        .await?;
    Ok((StatusCode::CREATED, Json(view)))
}

/// `GET /api/pad`: the sheets, most recently changed first.
async fn list(State(state): State<Arc<AppState>>, Query(q): Query<ListQuery>) -> Result<Json<SheetList>, Fail> {
    let limit = q.limit();
    let rows = state.store.call(move |c| store::list(c, limit)).await?;
    let sheets = rows
        .into_iter()
        .map(|r| SheetListItem { id: r.id, created: r.created, updated: r.updated, summary: r.summary })
        .collect();
    Ok(Json(SheetList { sheets }))
}

/// `GET /api/pad/{id}`.
async fn show(State(state): State<Arc<AppState>>, Path(id): Path<String>) -> Result<Json<SheetView>, Fail> {
    let view = state
        .store
        .call(move |c| {
            let row = store::load(c, &id)?;
            let sheet = row.sheet()?;
            Ok::<_, Fail>(json::sheet_view(&id, &row, &sheet))
        })
        .await?;
    Ok(Json(view))
}

/// `DELETE /api/pad/{id}`: removes a sheet.
async fn remove(State(state): State<Arc<AppState>>, Path(id): Path<String>) -> Result<Json<Deleted>, Fail> {
    let deleted = state
        .store
        .call(move |c| match store::delete(c, &id)? {
            true => Ok(id),
            false => Err(Fail::new(StatusCode::NOT_FOUND, Refused::SheetNotFound)),
        })
        .await?;
    Ok(Json(Deleted { deleted }))
}

/// `?version=N`: the version a change was made on.
#[derive(Deserialize, Default)]
struct VersionQuery {
    #[serde(default)]
    version: Option<i64>,
}

fn parse_entry(bytes: &[u8]) -> Result<(Entry, Option<usize>), Fail> {
    let req: EntryRequest = body(bytes)?;
    let entry = serde_json::from_value::<Entry>(req.entry)
        .map_err(|e| Fail::bad_request(Refused::BadEntry { detail: e.to_string() }))?;
    Ok((entry, req.at))
}

/// Loads a sheet, checks the version, applies `change`, stores and answers the new sheet.
async fn change(
    state: Arc<AppState>,
    id: String,
    version: Option<i64>,
    change: impl FnOnce(&mut Sheet) -> Result<(), Fail> + Send + 'static,
) -> Result<Json<SheetView>, Fail> {
    let view = state
        .store
        .call(move |c| {
            let mut row = store::load(c, &id)?;
            if let Some(v) = version {
                if v != row.version {
                    return Err(Fail::new(StatusCode::CONFLICT, Refused::StaleSheet { version: row.version }));
                }
            }
            let mut sheet = row.sheet()?;
            change(&mut sheet)?;
            if sheet.entries().len() > MAX_ENTRIES {
                return Err(Fail::bad_request(Refused::TooManyEntries { max: MAX_ENTRIES }));
            }
            row.version += 1;
            row.updated = crate::now();
            store::save(c, &id, &row, &sheet)?;
            Ok(json::sheet_view(&id, &row, &sheet))
        })
        .await?;
    Ok(Json(view))
}

/// `POST /api/pad/{id}/entries`: `{"entry": {...}}` adds it; with `"at": i` inserts it before entry `i`.
async fn add(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    Query(q): Query<VersionQuery>,
    bytes: Bytes,
) -> Result<Json<SheetView>, Fail> {
    let (entry, at) = parse_entry(&bytes)?;
    change(state, id, q.version, move |sheet| match at {
        None => sheet.add(entry).map(|_| ()).map_err(|e| unprocessable(&e)),
        Some(i) => sheet.insert(i, entry).map_err(|e| entry_refusal(&e)),
    })
    .await
}

/// `PUT /api/pad/{id}/entries/{index}`: `{"entry": {...}}` replaces entry `index`.
async fn edit(
    State(state): State<Arc<AppState>>,
    Path((id, index)): Path<(String, usize)>,
    Query(q): Query<VersionQuery>,
    bytes: Bytes,
) -> Result<Json<SheetView>, Fail> {
    let (entry, _) = parse_entry(&bytes)?;
    change(state, id, q.version, move |sheet| sheet.edit(index, entry).map_err(|e| entry_refusal(&e))).await
}

/// `DELETE /api/pad/{id}/entries/{index}`.
async fn delete_entry(
    State(state): State<Arc<AppState>>,
    Path((id, index)): Path<(String, usize)>,
    Query(q): Query<VersionQuery>,
) -> Result<Json<SheetView>, Fail> {
    change(state, id, q.version, move |sheet| sheet.delete(index).map(|_| ()).map_err(|e| entry_refusal(&e))).await
}

/// `POST /api/pad/{id}/undo`: removes the last entry.
async fn undo(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    Query(q): Query<VersionQuery>,
) -> Result<Json<SheetView>, Fail> {
    change(state, id, q.version, |sheet| sheet.undo().map(|_| ()).map_err(|e| unprocessable(&e))).await
}

/// `POST /api/pad/{id}/preview`: `{"entry": {...}}`, what it would score now (nothing is stored).
async fn preview(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    bytes: Bytes,
) -> Result<Json<LineView>, Fail> {
    let (entry, _) = parse_entry(&bytes)?;
    let view = state
        .store
        .call(move |c| {
            let row = store::load(c, &id)?;
            let sheet = row.sheet()?;
            let line = sheet.preview(&entry).map_err(|e| unprocessable(&e))?;
            Ok::<_, Fail>(json::line_view(sheet.players(), Some(&entry), &line))
        })
        .await?;
    Ok(Json(view))
}

#[derive(Deserialize)]
struct CsvQuery {
    #[serde(default)]
    lang: Option<String>,
}

/// `GET /api/pad/{id}/sheet.csv?lang=fr`.
async fn sheet_csv(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    Query(q): Query<CsvQuery>,
) -> Result<Response, Fail> {
    let lang = q.lang.unwrap_or_else(|| "en".into());
    let file_id = id.clone();
    let text = state
        .store
        .call(move |c| {
            let row = store::load(c, &id)?;
            let sheet = row.sheet()?;
            Ok::<_, Fail>(csv::sheet_csv(&sheet, &lang))
        })
        .await?;
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_string()),
            (header::CONTENT_DISPOSITION, format!("attachment; filename=\"triominos-pad-{file_id}.csv\"")),
        ],
        text,
    )
        .into_response())
}
