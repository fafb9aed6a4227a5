//! The pad's stored form: one row of `pad_sheets` per sheet (the table is
//! part of the server's one schema, [`crate::store`]). These functions run on
//! the storage thread, inside [`crate::store::Store`] jobs.

use super::json;
use crate::api::Fail;
use crate::protocol::pad::SheetSummary;
use crate::protocol::Refused;
use crate::store::err;
use axum::http::StatusCode;
use rusqlite::{params, Connection, OptionalExtension};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use triominos_core::pad::{Entry, Sheet};
use triominos_core::RuleSet;

/// What a sheet is made of, as stored (JSON in `pad_sheets.setup`).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Setup {
    /// Player names, in seat order.
    pub names: Vec<String>,
    /// Preset name.
    pub preset: String,
    /// Every option, by name.
    pub options: BTreeMap<String, String>,
}

fn bad_sheet() -> Fail {
    Fail::new(StatusCode::INTERNAL_SERVER_ERROR, Refused::BadSheet)
}

impl Setup {
    /// The rule set, for this many players.
    pub fn rules(&self) -> Result<RuleSet, Fail> {
        crate::rules::rule_set(
            &self.preset,
            self.options.iter().map(|(k, v)| (k.as_str(), v.as_str())),
            self.names.len(),
        )
        .map_err(|e| {
            tracing::error!("a stored sheet's rules are refused: {}", e.code);
            bad_sheet()
        })
    }
}

/// One stored sheet.
#[derive(Clone, Debug)]
pub struct Row {
    /// Unix seconds.
    pub created: i64,
    /// Unix seconds of the last change.
    pub updated: i64,
    /// Changes so far.
    pub version: i64,
    /// Names and rules.
    pub setup: Setup,
    /// Every entry.
    pub entries: Vec<Entry>,
}

impl Row {
    /// The sheet, computed again from the entries.
    pub fn sheet(&self) -> Result<Sheet, Fail> {
        Sheet::with_entries(self.setup.names.clone(), self.setup.rules()?, self.entries.clone())
            .map_err(|_| bad_sheet())
    }
}

fn text(v: &(impl Serialize + ?Sized)) -> Result<String, Fail> {
    serde_json::to_string(v).map_err(|e| Fail::from(err(e)))
}

/// Stores a new sheet.
pub fn insert(c: &Connection, id: &str, row: &Row, sheet: &Sheet) -> Result<(), Fail> {
    c.execute(
        "INSERT INTO pad_sheets (id, created, updated, version, setup, entries, summary) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![
            id,
            row.created,
            row.updated,
            row.version,
            text(&row.setup)?,
            text(sheet.entries())?,
            text(&json::summary(&row.setup, sheet))?
        ],
    )
    .map_err(err)?;
    Ok(())
}

/// Loads a sheet (`sheet_not_found` when there is none).
pub fn load(c: &Connection, id: &str) -> Result<Row, Fail> {
    let row: Option<(i64, i64, i64, String, String)> = c
        .query_row("SELECT created, updated, version, setup, entries FROM pad_sheets WHERE id = ?1", [id], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
        })
        .optional()
        .map_err(err)?;
    let Some((created, updated, version, setup, entries)) = row else {
        return Err(Fail::new(StatusCode::NOT_FOUND, Refused::SheetNotFound));
    };
    let setup: Setup = serde_json::from_str(&setup).map_err(|_| bad_sheet())?;
    let entries: Vec<Entry> = serde_json::from_str(&entries).map_err(|_| bad_sheet())?;
    Ok(Row { created, updated, version, setup, entries })
}

/// Stores a changed sheet: its version, time, entries and summary.
pub fn save(c: &Connection, id: &str, row: &Row, sheet: &Sheet) -> Result<(), Fail> {
    c.execute(
        "UPDATE pad_sheets SET updated = ?2, version = ?3, entries = ?4, summary = ?5 WHERE id = ?1",
        params![id, row.updated, row.version, text(sheet.entries())?, text(&json::summary(&row.setup, sheet))?],
    )
    .map_err(err)?;
    Ok(())
}

/// Removes a sheet; whether there was one.
pub fn delete(c: &Connection, id: &str) -> Result<bool, Fail> {
    Ok(c.execute("DELETE FROM pad_sheets WHERE id = ?1", [id]).map_err(err)? > 0)
}

/// One sheet in the list, as stored.
pub struct ListRow {
    /// Sheet id.
    pub id: String,
    /// Unix seconds.
    pub created: i64,
    /// Unix seconds of the last change.
    pub updated: i64,
    /// The summary (`None` when it cannot be read).
    pub summary: Option<SheetSummary>,
}

/// The sheets, most recently changed first.
pub fn list(c: &Connection, limit: u32) -> Result<Vec<ListRow>, Fail> {
    let mut s = c
        .prepare("SELECT id, created, updated, summary FROM pad_sheets ORDER BY updated DESC, id LIMIT ?1")
        .map_err(err)?;
    let rows = s
        .query_map([limit], |r| {
            let summary: String = r.get(3)?;
            Ok(ListRow {
                id: r.get(0)?,
                created: r.get(1)?,
                updated: r.get(2)?,
                summary: serde_json::from_str(&summary).ok(),
            })
        })
        .map_err(err)?;
    Ok(rows.collect::<Result<Vec<_>, _>>().map_err(err)?)
}
