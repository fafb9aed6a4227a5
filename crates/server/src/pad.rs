//! The score pad over HTTP: score sheets for tables playing with a real box.
//!
//! The page sends entries; the server computes everything with
//! [`triominos_core::pad`] (the engine's own scoring) and answers with the
//! whole sheet. Sheets live in SQLite, in a table of their own (`pad_sheets`,
//! created here) of the server's database: the setup (names, preset, every
//! option) and the entries as JSON, with a version that each change bumps.
//! Every change may name the version it was made on (`?version=N`), so that a
//! second phone at the table cannot undo or overwrite an entry it has not seen.
//!
//! Routes: `POST /api/pad` (create), `GET /api/pad` (list), `GET|DELETE
//! /api/pad/{id}`, `POST /api/pad/{id}/entries` (`{"entry", "at"?}`: add, or
//! insert before `at`), `PUT|DELETE /api/pad/{id}/entries/{index}`, `POST
//! /api/pad/{id}/undo`, `POST /api/pad/{id}/preview` (what an entry would
//! score), `GET /api/pad/{id}/sheet.csv?lang=fr`. Pages: `/pad`, `/pad/{id}`.
//! Refusals are `{"code", "params"}` like the rest of the API.

use crate::view::Refusal;
use crate::{assets, AppState};
use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, put};
use axum::Router;
use rusqlite::{params, Connection, OptionalExtension, TransactionBehavior};
use serde::Deserialize;
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use triominos_core::pad::{Entry, EntryError, Line, PadError, PadPhase, RoundResult, Sheet, Status};
use triominos_core::{RoundEnd, RuleSet, Seats};

/// Most entries a sheet may hold (a long game has a few hundred).
pub const MAX_ENTRIES: usize = 5000;
/// Longest player name, in characters.
pub const MAX_NAME: usize = 24;

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS pad_sheets (
    id TEXT PRIMARY KEY,
    created INTEGER NOT NULL,
    updated INTEGER NOT NULL,
    version INTEGER NOT NULL,
    setup TEXT NOT NULL,
    entries TEXT NOT NULL,
    summary TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS pad_sheets_updated ON pad_sheets(updated);
";

/// The pad's storage: its own connection to the server's database, opened on
/// first use. Calls are short and run on the blocking pool, one at a time.
pub struct PadStore {
    path: PathBuf,
    conn: Mutex<Option<Connection>>,
}

/// A refusal with its HTTP status.
type Fail = (StatusCode, Refusal);

fn storage_failed(_: impl std::fmt::Display) -> Fail {
    (StatusCode::INTERNAL_SERVER_ERROR, Refusal::code("storage_failed"))
}

impl PadStore {
    /// A store for the database at `path` (opened on first use).
    pub fn new(path: PathBuf) -> PadStore {
        PadStore { path, conn: Mutex::new(None) }
    }

    fn open(&self) -> Result<Connection, rusqlite::Error> {
        let conn = Connection::open(&self.path)?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.execute_batch(SCHEMA)?;
        Ok(conn)
    }

    /// Runs `f` on the connection inside one transaction, committed when `f`
    /// succeeds: an immediate one (the write lock first) for a change, a deferred one to read.
    async fn run<T: Send + 'static>(
        self: &Arc<Self>,
        f: impl FnOnce(&rusqlite::Transaction) -> Result<T, Fail> + Send + 'static,
    ) -> Result<T, Fail> {
        self.run_as(TransactionBehavior::Immediate, f).await
    }

    async fn read<T: Send + 'static>(
        self: &Arc<Self>,
        f: impl FnOnce(&rusqlite::Transaction) -> Result<T, Fail> + Send + 'static,
    ) -> Result<T, Fail> {
        self.run_as(TransactionBehavior::Deferred, f).await
    }

    async fn run_as<T: Send + 'static>(
        self: &Arc<Self>,
        behavior: TransactionBehavior,
        f: impl FnOnce(&rusqlite::Transaction) -> Result<T, Fail> + Send + 'static,
    ) -> Result<T, Fail> {
        let me = self.clone();
        tokio::task::spawn_blocking(move || {
            let mut guard = me.conn.lock().map_err(storage_failed)?;
            if guard.is_none() {
                *guard = Some(me.open().map_err(storage_failed)?);
            }
            let conn = guard.as_mut().ok_or_else(|| storage_failed("no connection"))?;
            let tx = conn.transaction_with_behavior(behavior).map_err(storage_failed)?;
            let out = f(&tx)?;
            tx.commit().map_err(storage_failed)?;
            Ok(out)
        })
        .await
        .map_err(storage_failed)?
    }
}

/// The pad's pages and API, merged into the server's router.
pub fn routes(state: &Arc<AppState>) -> Router<Arc<AppState>> {
    let pads = Arc::new(PadStore::new(state.config.db.clone()));
    Router::new()
        .route("/pad", get(assets::index))
        .route("/pad/{id}", get(assets::index))
        .route("/api/pad", post(create).get(list))
        .route("/api/pad/{id}", get(show).delete(remove))
        .route("/api/pad/{id}/entries", post(add))
        .route("/api/pad/{id}/entries/{index}", put(edit).delete(delete_entry))
        .route("/api/pad/{id}/undo", post(undo))
        .route("/api/pad/{id}/preview", post(preview))
        .route("/api/pad/{id}/sheet.csv", get(csv))
        .with_state(pads)
}

fn refuse(f: Fail) -> Response {
    crate::api::refuse(f.0, f.1)
}

fn reply(r: Result<Value, Fail>, ok: StatusCode) -> Response {
    match r {
        Ok(v) => (ok, axum::Json(v)).into_response(),
        Err(f) => refuse(f),
    }
}

/// A pad refusal as `{code, params}` (params: the error's fields).
pub fn pad_refusal(e: &PadError) -> Refusal {
    let v = serde_json::to_value(e).unwrap_or(Value::Null);
    let params = v.get("params").cloned().unwrap_or(Value::Null);
    match e {
        // The same words as a game with the wrong number of seats.
        PadError::PlayerCount { .. } => Refusal::new("bad_player_count", params),
        _ => Refusal::new(e.code(), params),
    }
}

fn unprocessable(e: &PadError) -> Fail {
    (StatusCode::UNPROCESSABLE_ENTITY, pad_refusal(e))
}

/// A refused change: the error of the entry at `index`, with `index` in the params.
fn entry_refusal(e: &EntryError) -> Fail {
    let mut r = pad_refusal(&e.error);
    let mut params = match r.params {
        Value::Object(m) => m,
        _ => Map::new(),
    };
    params.insert("index".into(), json!(e.index));
    r.params = Value::Object(params);
    (StatusCode::UNPROCESSABLE_ENTITY, r)
}

// ---------- Stored form ----------

/// What a sheet is made of, as stored.
#[derive(serde::Serialize, Deserialize)]
struct Setup {
    names: Vec<String>,
    preset: String,
    options: BTreeMap<String, String>,
}

impl Setup {
    fn rules(&self) -> Result<RuleSet, Fail> {
        let bad = || (StatusCode::INTERNAL_SERVER_ERROR, Refusal::code("bad_sheet"));
        RuleSet::with_overrides(&self.preset, self.options.iter().map(|(k, v)| (k.as_str(), v.as_str())))
            .map_err(|_| bad())
    }
}

struct Row {
    created: i64,
    updated: i64,
    version: i64,
    setup: Setup,
    entries: Vec<Entry>,
}

fn load(tx: &rusqlite::Transaction, id: &str) -> Result<Row, Fail> {
    let row: Option<(i64, i64, i64, String, String)> = tx
        .query_row("SELECT created, updated, version, setup, entries FROM pad_sheets WHERE id = ?1", [id], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
        })
        .optional()
        .map_err(storage_failed)?;
    let Some((created, updated, version, setup, entries)) = row else {
        return Err((StatusCode::NOT_FOUND, Refusal::code("sheet_not_found")));
    };
    let bad = || (StatusCode::INTERNAL_SERVER_ERROR, Refusal::code("bad_sheet"));
    let setup: Setup = serde_json::from_str(&setup).map_err(|_| bad())?;
    let entries: Vec<Entry> = serde_json::from_str(&entries).map_err(|_| bad())?;
    Ok(Row { created, updated, version, setup, entries })
}

fn sheet_of(row: &Row) -> Result<Sheet, Fail> {
    let rules = row.setup.rules()?;
    Sheet::with_entries(row.setup.names.clone(), rules, row.entries.clone())
        .map_err(|_| (StatusCode::INTERNAL_SERVER_ERROR, Refusal::code("bad_sheet")))
}

fn save(tx: &rusqlite::Transaction, id: &str, row: &Row, sheet: &Sheet) -> Result<(), Fail> {
    let entries = serde_json::to_string(sheet.entries()).map_err(storage_failed)?;
    let summary = summary(&row.setup, sheet).to_string();
    tx.execute(
        "UPDATE pad_sheets SET updated = ?2, version = ?3, entries = ?4, summary = ?5 WHERE id = ?1",
        params![id, row.updated, row.version, entries, summary],
    )
    .map_err(storage_failed)?;
    Ok(())
}

// ---------- JSON views ----------

fn seats(s: Seats) -> Vec<u8> {
    s.iter().collect()
}

fn end_json(end: RoundEnd) -> Value {
    match end {
        RoundEnd::Out(p) => json!({"kind": "out", "player": p}),
        RoundEnd::Blocked => json!({"kind": "blocked"}),
    }
}

fn round_json(r: &RoundResult) -> Value {
    json!({
        "round": r.round, "end": end_json(r.end), "hand_sums": r.hand_sums,
        "winners": seats(r.winners), "points": r.points,
    })
}

fn line_json(players: usize, entry: Option<&Entry>, line: &Line) -> Value {
    let items: Vec<Value> =
        line.items.iter().map(|i| json!({"player": i.player, "reason": i.reason.name(), "points": i.points})).collect();
    let points: Vec<i32> = (0..players as u8).map(|p| line.points(p)).collect();
    json!({
        "entry": entry.map(|e| serde_json::to_value(e).unwrap_or(Value::Null)),
        "round": line.round,
        "items": items,
        "points": points,
        "totals": line.totals,
        "reached": seats(line.reached),
        "round_result": line.round_result.as_ref().map(round_json),
        "game_over": line.game_over,
    })
}

fn status_json(s: &Status) -> Value {
    let (phase, round_end) = match s.phase {
        PadPhase::Opening => ("opening", Value::Null),
        PadPhase::Playing => ("playing", Value::Null),
        PadPhase::RoundOver(end) => ("round_over", end_json(end)),
        PadPhase::GameOver => ("game_over", Value::Null),
    };
    json!({
        "round": s.round,
        "phase": phase,
        "round_end": round_end,
        "to_play": s.to_play,
        "totals": s.totals,
        "round_points": s.round_points,
        "hands": s.hands,
        "pool": s.pool,
        "placed": s.placed,
        "passes": s.passes,
        "bridges": s.bridges,
        "reached": seats(s.reached),
        "winners": seats(s.winners),
        "can_block": s.can_block(),
        "rounds": s.rounds.iter().map(round_json).collect::<Vec<_>>(),
    })
}

fn options_json(rules: &RuleSet) -> Map<String, Value> {
    rules.options().into_iter().map(|(k, v)| (k.to_string(), Value::String(v))).collect()
}

/// The whole sheet as the page shows it.
fn sheet_json(id: &str, row: &Row, sheet: &Sheet) -> Value {
    let n = sheet.players();
    let entries: Vec<Value> =
        sheet.entries().iter().zip(sheet.lines()).map(|(e, l)| line_json(n, Some(e), l)).collect();
    json!({
        "id": id,
        "version": row.version,
        "created": row.created,
        "updated": row.updated,
        "names": sheet.names(),
        "preset": row.setup.preset,
        "options": options_json(sheet.rules()),
        "entries": entries,
        "status": status_json(sheet.status()),
    })
}

/// What the list of sheets shows.
fn summary(setup: &Setup, sheet: &Sheet) -> Value {
    let s = sheet.status();
    json!({
        "names": setup.names, "preset": setup.preset, "totals": s.totals, "round": s.round,
        "over": s.is_over(), "winners": seats(s.winners), "entries": sheet.entries().len(),
    })
}

// ---------- Handlers ----------

#[derive(Deserialize)]
struct CreateRequest {
    names: Vec<String>,
    preset: String,
    #[serde(default)]
    options: BTreeMap<String, String>,
}

/// `POST /api/pad`: `{names, preset, options}`. Answers the new sheet.
async fn create(State(pads): State<Arc<PadStore>>, body: Bytes) -> Response {
    let req: CreateRequest = match serde_json::from_slice(&body) {
        Ok(r) => r,
        Err(_) => return refuse((StatusCode::BAD_REQUEST, Refusal::code("bad_json"))),
    };
    let rules = match RuleSet::with_overrides(&req.preset, &req.options) {
        Ok(r) => r,
        Err(e) => return refuse((StatusCode::BAD_REQUEST, e.into())),
    };
    let names: Vec<String> = req
        .names
        .iter()
        .take(16)
        .map(|n| n.trim().chars().filter(|c| !c.is_control()).take(MAX_NAME).collect())
        .collect();
    let sheet = match Sheet::new(names.clone(), rules) {
        Ok(s) => s,
        Err(e) => return refuse((StatusCode::BAD_REQUEST, pad_refusal(&e))),
    };
    let setup = Setup {
        names,
        preset: rules.base_preset().name().to_string(),
        options: rules.options().into_iter().map(|(k, v)| (k.to_string(), v)).collect(),
    };
    let id = crate::random_hex(8);
    let now = crate::now();
    let row = Row { created: now, updated: now, version: 0, setup, entries: Vec::new() };
    let r = pads
        .run(move |tx| {
            let setup = serde_json::to_string(&row.setup).map_err(storage_failed)?;
            tx.execute(
                "INSERT INTO pad_sheets (id, created, updated, version, setup, entries, summary) \
                 VALUES (?1, ?2, ?3, 0, ?4, '[]', ?5)",
                params![id, now, now, setup, summary(&row.setup, &sheet).to_string()],
            )
            .map_err(storage_failed)?;
            Ok(sheet_json(&id, &row, &sheet))
        })
        .await;
    reply(r, StatusCode::CREATED)
}

#[derive(Deserialize)]
struct ListQuery {
    #[serde(default)]
    limit: Option<u32>,
}

/// `GET /api/pad`: the sheets, most recently changed first.
async fn list(State(pads): State<Arc<PadStore>>, Query(q): Query<ListQuery>) -> Response {
    let limit = q.limit.unwrap_or(100).min(1000);
    let r = pads
        .read(move |tx| {
            let mut s = tx
                .prepare("SELECT id, created, updated, summary FROM pad_sheets ORDER BY updated DESC, id LIMIT ?1")
                .map_err(storage_failed)?;
            let rows = s
                .query_map([limit], |r| {
                    let summary: String = r.get(3)?;
                    Ok(json!({
                        "id": r.get::<_, String>(0)?, "created": r.get::<_, i64>(1)?, "updated": r.get::<_, i64>(2)?,
                        "summary": serde_json::from_str::<Value>(&summary).unwrap_or(Value::Null),
                    }))
                })
                .map_err(storage_failed)?;
            let sheets = rows.collect::<Result<Vec<_>, _>>().map_err(storage_failed)?;
            Ok(json!({"sheets": sheets}))
        })
        .await;
    reply(r, StatusCode::OK)
}

/// `GET /api/pad/{id}`.
async fn show(State(pads): State<Arc<PadStore>>, Path(id): Path<String>) -> Response {
    let r = pads
        .read(move |tx| {
            let row = load(tx, &id)?;
            let sheet = sheet_of(&row)?;
            Ok(sheet_json(&id, &row, &sheet))
        })
        .await;
    reply(r, StatusCode::OK)
}

/// `DELETE /api/pad/{id}`: removes a sheet.
async fn remove(State(pads): State<Arc<PadStore>>, Path(id): Path<String>) -> Response {
    let r = pads
        .run(move |tx| {
            let n = tx.execute("DELETE FROM pad_sheets WHERE id = ?1", [&id]).map_err(storage_failed)?;
            if n == 0 {
                return Err((StatusCode::NOT_FOUND, Refusal::code("sheet_not_found")));
            }
            Ok(json!({"deleted": id}))
        })
        .await;
    reply(r, StatusCode::OK)
}

#[derive(Deserialize, Default)]
struct VersionQuery {
    #[serde(default)]
    version: Option<i64>,
}

#[derive(Deserialize)]
struct EntryRequest {
    entry: Value,
    #[serde(default)]
    at: Option<usize>,
}

fn parse_entry(body: &[u8]) -> Result<(Entry, Option<usize>), Fail> {
    let req: EntryRequest =
        serde_json::from_slice(body).map_err(|_| (StatusCode::BAD_REQUEST, Refusal::code("bad_json")))?;
    match serde_json::from_value::<Entry>(req.entry) {
        Ok(e) => Ok((e, req.at)),
        Err(e) => Err((StatusCode::BAD_REQUEST, Refusal::new("bad_entry", json!({"detail": e.to_string()})))),
    }
}

/// Loads a sheet, checks the version, applies `change`, stores and answers the new sheet.
async fn change(
    pads: Arc<PadStore>,
    id: String,
    version: Option<i64>,
    change: impl FnOnce(&mut Sheet) -> Result<(), Fail> + Send + 'static,
) -> Response {
    let r = pads
        .run(move |tx| {
            let mut row = load(tx, &id)?;
            if let Some(v) = version {
                if v != row.version {
                    return Err((StatusCode::CONFLICT, Refusal::new("stale_sheet", json!({"version": row.version}))));
                }
            }
            let mut sheet = sheet_of(&row)?;
            change(&mut sheet)?;
            if sheet.entries().len() > MAX_ENTRIES {
                return Err((StatusCode::BAD_REQUEST, Refusal::new("too_many_entries", json!({"max": MAX_ENTRIES}))));
            }
            row.version += 1;
            row.updated = crate::now();
            save(tx, &id, &row, &sheet)?;
            Ok(sheet_json(&id, &row, &sheet))
        })
        .await;
    reply(r, StatusCode::OK)
}

/// `POST /api/pad/{id}/entries`: `{"entry": {...}}` adds it; with `"at": i` inserts it before entry `i`.
async fn add(
    State(pads): State<Arc<PadStore>>,
    Path(id): Path<String>,
    Query(q): Query<VersionQuery>,
    body: Bytes,
) -> Response {
    let (entry, at) = match parse_entry(&body) {
        Ok(x) => x,
        Err(f) => return refuse(f),
    };
    change(pads, id, q.version, move |sheet| match at {
        None => sheet.add(entry).map(|_| ()).map_err(|e| unprocessable(&e)),
        Some(i) => sheet.insert(i, entry).map_err(|e| entry_refusal(&e)),
    })
    .await
}

/// `PUT /api/pad/{id}/entries/{index}`: `{"entry": {...}}` replaces entry `index`.
async fn edit(
    State(pads): State<Arc<PadStore>>,
    Path((id, index)): Path<(String, usize)>,
    Query(q): Query<VersionQuery>,
    body: Bytes,
) -> Response {
    let (entry, _) = match parse_entry(&body) {
        Ok(x) => x,
        Err(f) => return refuse(f),
    };
    change(pads, id, q.version, move |sheet| sheet.edit(index, entry).map_err(|e| entry_refusal(&e))).await
}

/// `DELETE /api/pad/{id}/entries/{index}`.
async fn delete_entry(
    State(pads): State<Arc<PadStore>>,
    Path((id, index)): Path<(String, usize)>,
    Query(q): Query<VersionQuery>,
) -> Response {
    change(pads, id, q.version, move |sheet| sheet.delete(index).map(|_| ()).map_err(|e| entry_refusal(&e))).await
}

/// `POST /api/pad/{id}/undo`: removes the last entry.
async fn undo(State(pads): State<Arc<PadStore>>, Path(id): Path<String>, Query(q): Query<VersionQuery>) -> Response {
    change(pads, id, q.version, |sheet| sheet.undo().map(|_| ()).map_err(|e| unprocessable(&e))).await
}

/// `POST /api/pad/{id}/preview`: `{"entry": {...}}`, what it would score now (nothing is stored).
async fn preview(State(pads): State<Arc<PadStore>>, Path(id): Path<String>, body: Bytes) -> Response {
    let (entry, _) = match parse_entry(&body) {
        Ok(x) => x,
        Err(f) => return refuse(f),
    };
    let r = pads
        .read(move |tx| {
            let row = load(tx, &id)?;
            let sheet = sheet_of(&row)?;
            let line = sheet.preview(&entry).map_err(|e| unprocessable(&e))?;
            Ok(line_json(sheet.players(), Some(&entry), &line))
        })
        .await;
    reply(r, StatusCode::OK)
}

#[derive(Deserialize)]
struct CsvQuery {
    #[serde(default)]
    lang: Option<String>,
}

/// Words for the CSV file, from the page's translations.
struct Words(Map<String, Value>, Map<String, Value>);

impl Words {
    fn new(lang: &str) -> Words {
        let load = |l: &str| match assets::get(&format!("i18n/{l}.json")).map(serde_json::from_slice::<Value>) {
            Some(Ok(Value::Object(m))) => m,
            _ => Map::new(),
        };
        let lang = if assets::LANGUAGES.contains(&lang) { lang } else { "en" };
        Words(load(lang), load("en"))
    }

    fn t(&self, key: &str, params: &[(&str, String)]) -> String {
        let mut s = self.0.get(key).or_else(|| self.1.get(key)).and_then(Value::as_str).unwrap_or(key).to_string();
        for (k, v) in params {
            s = s.replace(&format!("{{{k}}}"), v);
        }
        s
    }
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r', ';']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

fn entry_words(w: &Words, e: &Entry) -> String {
    let bonus = |b: &triominos_core::Figures| {
        let mut v = Vec::new();
        if b.bridge {
            v.push(w.t("reason.bridge", &[]));
        }
        if b.bridge_extension {
            v.push(w.t("reason.bridge_extension", &[]));
        }
        if b.hexagons > 0 {
            v.push(w.t(&format!("reason.{}", triominos_core::Reason::Hexagon(b.hexagons).name()), &[]));
        }
        v
    };
    match e {
        Entry::Play { tile, bonus: b, .. } => std::iter::once(w.t("pad.csv.play", &[("tile", tile.to_string())]))
            .chain(bonus(b))
            .collect::<Vec<_>>()
            .join(" + "),
        Entry::Draw { draws, placed: Some(p), .. } => {
            std::iter::once(w.t("pad.csv.draw_play", &[("n", draws.to_string()), ("tile", p.tile.to_string())]))
                .chain(bonus(&p.bonus))
                .collect::<Vec<_>>()
                .join(" + ")
        }
        Entry::Draw { draws, placed: None, .. } => w.t("pad.csv.draw_none", &[("n", draws.to_string())]),
        Entry::Pass { .. } => w.t("pad.csv.pass", &[]),
        Entry::Out { .. } => w.t("pad.csv.out", &[]),
        Entry::Blocked { .. } => w.t("pad.csv.blocked", &[]),
    }
}

/// The sheet as CSV: one row per entry with each player's running total, then the totals and winners.
fn sheet_csv(sheet: &Sheet, lang: &str) -> String {
    let w = Words::new(lang);
    let names: Vec<String> = sheet
        .names()
        .iter()
        .enumerate()
        .map(|(i, n)| if n.is_empty() { w.t("seat.player", &[("n", (i + 1).to_string())]) } else { n.clone() })
        .collect();
    let mut out = String::from("\u{feff}");
    let mut head = vec![
        w.t("pad.csv.entry", &[]),
        w.t("pad.csv.round", &[]),
        w.t("pad.csv.player", &[]),
        w.t("pad.csv.what", &[]),
        w.t("pad.csv.points", &[]),
        w.t("pad.csv.why", &[]),
    ];
    head.extend(names.iter().cloned());
    out.push_str(&head.iter().map(|s| csv_field(s)).collect::<Vec<_>>().join(","));
    out.push_str("\r\n");
    for (i, (e, l)) in sheet.entries().iter().zip(sheet.lines()).enumerate() {
        let who = e.player().map(|p| names[p as usize].clone()).unwrap_or_default();
        let points = match e {
            Entry::Out { .. } | Entry::Blocked { .. } => String::new(),
            _ => e.player().map(|p| l.points(p).to_string()).unwrap_or_default(),
        };
        let why: Vec<String> = l
            .items
            .iter()
            .map(|it| {
                let reason = w.t(&format!("reason.{}", it.reason.name()), &[]);
                match e {
                    Entry::Out { .. } | Entry::Blocked { .. } => {
                        format!("{} {reason} {:+}", names[it.player as usize], it.points)
                    }
                    _ => format!("{reason} {:+}", it.points),
                }
            })
            .collect();
        let mut row = vec![(i + 1).to_string(), l.round.to_string(), who, entry_words(&w, e), points, why.join("; ")];
        row.extend(l.totals.iter().map(|t| t.to_string()));
        out.push_str(&row.iter().map(|s| csv_field(s)).collect::<Vec<_>>().join(","));
        out.push_str("\r\n");
    }
    let s = sheet.status();
    let mut row =
        vec![String::new(), String::new(), String::new(), w.t("pad.csv.total", &[]), String::new(), String::new()];
    row.extend(s.totals.iter().map(|t| t.to_string()));
    out.push_str(&row.iter().map(|s| csv_field(s)).collect::<Vec<_>>().join(","));
    out.push_str("\r\n");
    if s.is_over() {
        let winners: Vec<String> = s.winners.iter().map(|p| names[p as usize].clone()).collect();
        let row = [
            String::new(),
            String::new(),
            String::new(),
            w.t("pad.csv.winner", &[]),
            String::new(),
            winners.join(" & "),
        ];
        out.push_str(&row.iter().map(|s| csv_field(s)).collect::<Vec<_>>().join(","));
        out.push_str("\r\n");
    }
    out
}

/// `GET /api/pad/{id}/sheet.csv?lang=fr`.
async fn csv(State(pads): State<Arc<PadStore>>, Path(id): Path<String>, Query(q): Query<CsvQuery>) -> Response {
    let lang = q.lang.unwrap_or_else(|| "en".into());
    let file_id = id.clone();
    let r = pads
        .read(move |tx| {
            let row = load(tx, &id)?;
            let sheet = sheet_of(&row)?;
            Ok(sheet_csv(&sheet, &lang))
        })
        .await;
    match r {
        Ok(text) => (
            [
                (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_string()),
                (header::CONTENT_DISPOSITION, format!("attachment; filename=\"triominos-pad-{file_id}.csv\"")),
            ],
            text,
        )
            .into_response(),
        Err(f) => refuse(f),
    }
}
