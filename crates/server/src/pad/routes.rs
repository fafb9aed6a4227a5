//! The pad's handlers: each loads the sheet, checks and applies the change,
//! stores it and answers the whole sheet, in one storage job (so two phones
//! changing one sheet are told apart by its version, never interleaved).

use super::error::SheetError;
use super::{csv, json, store, KEY_HEADER, MAX_ENTRIES, MAX_LISTED, MAX_NAME};
use crate::http::assets;
use crate::http::error::Fail;
use crate::http::extract::{body, RawBody, P, Q};
use crate::names::checked_name;
use crate::protocol::pad::{
    CreateSheet, Deleted, EntryRequest, KeyedSheet, LineView, ListRequest, SheetList, SheetListItem, SheetView,
};
use crate::protocol::Refused;
use crate::state::AppState;
use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, put};
use axum::{Json, Router};
use serde::Deserialize;
use std::sync::Arc;
use triominos_core::pad::{Entry, Sheet};

/// The pad's pages and API, merged into the server's router.
pub fn routes() -> Router<Arc<AppState>> {
    Router::new()
        .route("/pad", get(assets::index))
        .route("/pad/{id}", get(assets::index))
        .route("/api/pad", post(create))
        .route("/api/pad/list", post(list))
        .route("/api/pad/{id}", get(show).delete(remove))
        .route("/api/pad/{id}/claim", post(claim))
        .route("/api/pad/{id}/entries", post(add))
        .route("/api/pad/{id}/entries/{index}", put(edit).delete(delete_entry))
        .route("/api/pad/{id}/undo", post(undo))
        .route("/api/pad/{id}/preview", post(preview))
        .route("/api/pad/{id}/sheet.csv", get(sheet_csv))
}

/// The owner key a request sends (`X-Pad-Key`).
fn key_of(headers: &HeaderMap) -> Option<String> {
    headers.get(KEY_HEADER).and_then(|v| v.to_str().ok()).map(str::to_string)
}

/// Refuses (403 `bad_sheet_key`) a change to a sheet without its owner key;
/// a sheet that has none (stored before the keys) is changed by nobody until claimed.
fn authorize(row: &store::Row, key: Option<&str>) -> Result<(), SheetError> {
    match (row.setup.key.as_deref(), key) {
        (Some(owner), Some(given)) if crate::secret::ct_eq(owner, given) => Ok(()),
        _ => Err(Refused::BadSheetKey.into()),
    }
}

/// `POST /api/pad`: [`CreateSheet`]. Answers the new sheet with its owner
/// key ([`KeyedSheet`]). A client creates at most
/// [`crate::config::ServeConfig::sheets_per_hour`] sheets an hour (429
/// `sheets_too_fast`), the server stores at most
/// [`crate::config::ServeConfig::max_sheets`] (429 `too_many_sheets`).
async fn create(
    State(state): State<Arc<AppState>>,
    peer: Option<axum::Extension<axum::extract::ConnectInfo<std::net::SocketAddr>>>,
    RawBody(bytes): RawBody,
) -> Result<(StatusCode, Json<KeyedSheet>), Fail> {
    let req: CreateSheet = body(&bytes)?;
    state.games.admit_sheet(peer.map(|axum::Extension(axum::extract::ConnectInfo(a))| a.ip()))?;
    let max_sheets = state.config.max_sheets;
    let names =
        req.names.iter().enumerate().map(|(i, n)| checked_name(n, MAX_NAME, i + 1)).collect::<Result<Vec<_>, _>>()?;
    let rules =
        crate::rules::rule_set(&req.preset, req.options.iter().map(|(k, v)| (k.as_str(), v.as_str())), names.len())?;
    let sheet = Sheet::new(names.clone(), rules).map_err(SheetError::Create)?;
    let key = crate::secret::random_hex(16);
    let setup = store::Setup {
        names,
        preset: rules.base_preset().name().to_string(),
        options: crate::rules::options_of(&rules),
        key: Some(key.clone()),
    };
    let id = crate::secret::random_hex(8);
    let now = crate::store::now();
    let row = store::Row { created: now, updated: now, version: 0, setup, entries: Vec::new() };
    let view = state
        .store
        .call(move |c| {
            if max_sheets > 0 && store::count(c)? >= max_sheets {
                tracing::warn!(max = max_sheets, "a score sheet refused: the server holds as many as it takes");
                return Err(Refused::TooManySheets { max: max_sheets }.into());
            }
            store::insert(c, &id, &row, &sheet)?;
            Ok::<_, SheetError>(json::sheet_view(&id, &row, &sheet))
        })
        .await?;
    Ok((StatusCode::CREATED, Json(KeyedSheet { sheet: view, key })))
}

/// `POST /api/pad/list`: [`ListRequest`], the sheets whose keys the page
/// holds; answers those whose key is right, most recently changed first.
async fn list(State(state): State<Arc<AppState>>, RawBody(bytes): RawBody) -> Result<Json<SheetList>, Fail> {
    let req: ListRequest = body(&bytes)?;
    let asked: Vec<(String, String)> = req.sheets.into_iter().take(MAX_LISTED).map(|s| (s.id, s.key)).collect();
    let rows = state.store.call(move |c| store::list_owned(c, &asked)).await?;
    let sheets = rows
        .into_iter()
        .map(|r| SheetListItem { id: r.id, created: r.created, updated: r.updated, summary: r.summary })
        .collect();
    Ok(Json(SheetList { sheets }))
}

/// `GET /api/pad/{id}`: anyone with the id may read a sheet (the page shows it
/// read-only without its key).
async fn show(State(state): State<Arc<AppState>>, P(id): P<String>) -> Result<Json<SheetView>, Fail> {
    let view = state
        .store
        .call(move |c| {
            let row = store::load(c, &id)?;
            let sheet = row.sheet()?;
            Ok::<_, SheetError>(json::sheet_view(&id, &row, &sheet))
        })
        .await?;
    Ok(Json(view))
}

/// `DELETE /api/pad/{id}` (with its key): removes a sheet.
async fn remove(
    State(state): State<Arc<AppState>>,
    P(id): P<String>,
    headers: HeaderMap,
) -> Result<Json<Deleted>, Fail> {
    let key = key_of(&headers);
    let deleted = state
        .store
        .call(move |c| {
            authorize(&store::load(c, &id)?, key.as_deref())?;
            match store::delete(c, &id)? {
                true => Ok::<_, SheetError>(id),
                false => Err(Refused::SheetNotFound.into()),
            }
        })
        .await?;
    Ok(Json(Deleted { deleted }))
}

/// `POST /api/pad/{id}/claim`: gives a sheet stored before the keys its owner
/// key, answered once ([`KeyedSheet`]); a sheet that has one already is
/// refused (409 `sheet_claimed`).
async fn claim(State(state): State<Arc<AppState>>, P(id): P<String>) -> Result<Json<KeyedSheet>, Fail> {
    let keyed = state
        .store
        .call(move |c| {
            let mut row = store::load(c, &id)?;
            if row.setup.key.is_some() {
                return Err(Refused::SheetClaimed.into());
            }
            let key = crate::secret::random_hex(16);
            row.setup.key = Some(key.clone());
            store::save_setup(c, &id, &row.setup)?;
            let sheet = row.sheet()?;
            tracing::info!(sheet = %id, "a sheet stored before the owner keys was claimed");
            Ok::<_, SheetError>(KeyedSheet { sheet: json::sheet_view(&id, &row, &sheet), key })
        })
        .await?;
    Ok(Json(keyed))
}

/// `?version=N`: the version a change was made on.
#[derive(Deserialize, Default)]
struct VersionQuery {
    #[serde(default)]
    version: Option<i64>,
}

fn parse_entry(bytes: &[u8]) -> Result<(Entry, Option<usize>), Fail> {
    let req: EntryRequest = body(bytes)?;
    let entry = serde_json::from_value::<Entry>(req.entry).map_err(|e| Refused::BadEntry { detail: e.to_string() })?;
    Ok((entry, req.at))
}

/// Loads a sheet, checks the owner key and the version, applies `change`,
/// stores and answers the new sheet.
async fn change(
    state: Arc<AppState>,
    id: String,
    (version, key): (Option<i64>, Option<String>),
    change: impl FnOnce(&mut Sheet) -> Result<(), SheetError> + Send + 'static,
) -> Result<Json<SheetView>, Fail> {
    let view = state
        .store
        .call(move |c| {
            let mut row = store::load(c, &id)?;
            authorize(&row, key.as_deref())?;
            if let Some(v) = version {
                if v != row.version {
                    return Err(Refused::StaleSheet { version: row.version }.into());
                }
            }
            let mut sheet = row.sheet()?;
            change(&mut sheet)?;
            if sheet.entries().len() > MAX_ENTRIES {
                return Err(Refused::TooManyEntries { max: MAX_ENTRIES }.into());
            }
            row.version += 1;
            row.updated = crate::store::now();
            store::save(c, &id, &row, &sheet)?;
            Ok::<_, SheetError>(json::sheet_view(&id, &row, &sheet))
        })
        .await?;
    Ok(Json(view))
}

/// `POST /api/pad/{id}/entries`: `{"entry": {...}}` adds it; with `"at": i` inserts it before entry `i`.
async fn add(
    State(state): State<Arc<AppState>>,
    P(id): P<String>,
    Q(q): Q<VersionQuery>,
    headers: HeaderMap,
    RawBody(bytes): RawBody,
) -> Result<Json<SheetView>, Fail> {
    let (entry, at) = parse_entry(&bytes)?;
    change(state, id, (q.version, key_of(&headers)), move |sheet| match at {
        None => sheet.add(entry).map(|_| ()).map_err(SheetError::Change),
        Some(i) => sheet.insert(i, entry).map_err(SheetError::Entry),
    })
    .await
}

/// `PUT /api/pad/{id}/entries/{index}`: `{"entry": {...}}` replaces entry `index`.
async fn edit(
    State(state): State<Arc<AppState>>,
    P((id, index)): P<(String, usize)>,
    Q(q): Q<VersionQuery>,
    headers: HeaderMap,
    RawBody(bytes): RawBody,
) -> Result<Json<SheetView>, Fail> {
    let (entry, _) = parse_entry(&bytes)?;
    change(state, id, (q.version, key_of(&headers)), move |sheet| sheet.edit(index, entry).map_err(SheetError::Entry))
        .await
}

/// `DELETE /api/pad/{id}/entries/{index}`.
async fn delete_entry(
    State(state): State<Arc<AppState>>,
    P((id, index)): P<(String, usize)>,
    Q(q): Q<VersionQuery>,
    headers: HeaderMap,
) -> Result<Json<SheetView>, Fail> {
    change(state, id, (q.version, key_of(&headers)), move |sheet| {
        sheet.delete(index).map(|_| ()).map_err(SheetError::Entry)
    })
    .await
}

/// `POST /api/pad/{id}/undo`: removes the last entry.
async fn undo(
    State(state): State<Arc<AppState>>,
    P(id): P<String>,
    Q(q): Q<VersionQuery>,
    headers: HeaderMap,
) -> Result<Json<SheetView>, Fail> {
    change(state, id, (q.version, key_of(&headers)), |sheet| sheet.undo().map(|_| ()).map_err(SheetError::Change)).await
}

/// `POST /api/pad/{id}/preview`: `{"entry": {...}}`, what it would score now (nothing is stored).
async fn preview(
    State(state): State<Arc<AppState>>,
    P(id): P<String>,
    RawBody(bytes): RawBody,
) -> Result<Json<LineView>, Fail> {
    let (entry, _) = parse_entry(&bytes)?;
    let view = state
        .store
        .call(move |c| {
            let row = store::load(c, &id)?;
            let sheet = row.sheet()?;
            let line = sheet.preview(&entry).map_err(SheetError::Change)?;
            Ok::<_, SheetError>(json::line_view(sheet.players(), Some(&entry), &line))
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
async fn sheet_csv(State(state): State<Arc<AppState>>, P(id): P<String>, Q(q): Q<CsvQuery>) -> Result<Response, Fail> {
    let lang = q.lang.unwrap_or_else(|| "en".into());
    let file_id = id.clone();
    let text = state
        .store
        .call(move |c| {
            let row = store::load(c, &id)?;
            let sheet = row.sheet()?;
            Ok::<_, SheetError>(csv::sheet_csv(&sheet, &lang))
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
