//! The pad's stored form: one row of `pad_sheets` per sheet (the table is
//! part of the server's one schema, [`crate::store`]). These functions run on
//! the storage thread, inside [`crate::store::Store`] jobs.

use super::error::{SheetError, Unreadable};
use crate::protocol::pad::SheetSummary;
use crate::protocol::Refused;
use crate::store::db::{Db as Connection, Val};
use crate::store::StoreError;
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
    /// The owner key every change needs (`None`: a sheet stored before the
    /// keys, until it is claimed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
}

impl Setup {
    /// The rule set, for this many players.
    pub fn rules(&self) -> Result<RuleSet, Unreadable> {
        let options = self.options.iter().map(|(k, v)| (k.as_str(), v.as_str()));
        Ok(crate::rules::rule_set(&self.preset, options, self.names.len())?)
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
    pub fn sheet(&self) -> Result<Sheet, Unreadable> {
        Ok(Sheet::with_entries(self.setup.names.clone(), self.setup.rules()?, self.entries.clone())?)
    }
}

fn text(v: &(impl Serialize + ?Sized)) -> Result<String, StoreError> {
    Ok(serde_json::to_string(v)?)
}

/// What the list of sheets shows, stored with the sheet.
pub fn summary(setup: &Setup, sheet: &Sheet) -> SheetSummary {
    let s = sheet.status();
    SheetSummary {
        names: setup.names.clone(),
        preset: setup.preset.clone(),
        totals: s.totals.clone(),
        round: s.round,
        over: s.is_over(),
        winners: s.winners,
        entries: sheet.entries().len(),
    }
}

/// Stores a new sheet.
pub fn insert(c: &Connection, id: &str, row: &Row, sheet: &Sheet) -> Result<(), StoreError> {
    let (setup, entries, summary) = (text(&row.setup)?, text(sheet.entries())?, text(&summary(&row.setup, sheet))?);
    c.execute(
        "INSERT INTO pad_sheets (id, created, updated, version, setup, entries, summary) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        &[
            Val::from(id),
            Val::from(row.created),
            Val::from(row.updated),
            Val::from(row.version),
            Val::from(&setup),
            Val::from(&entries),
            Val::from(&summary),
        ],
    )?;
    Ok(())
}

/// How many sheets are stored.
pub fn count(c: &Connection) -> Result<usize, StoreError> {
    let n = c.query_int("SELECT count(*) FROM pad_sheets", &[])?;
    Ok(n.max(0) as usize)
}

/// Deletes the sheets with no entry left unchanged since `before` (Unix
/// seconds): sheets made and abandoned. Answers how many.
pub fn delete_abandoned(c: &Connection, before: i64) -> Result<usize, StoreError> {
    Ok(c.execute("DELETE FROM pad_sheets WHERE updated < ?1 AND entries = '[]'", &[Val::from(before)])? as usize)
}

/// Loads a sheet (`sheet_not_found` when there is none).
pub fn load(c: &Connection, id: &str) -> Result<Row, SheetError> {
    let row = c
        .query_opt("SELECT created, updated, version, setup, entries FROM pad_sheets WHERE id = ?1", &[Val::from(id)])
        .map_err(StoreError::from)?;
    let Some(row) = row else {
        return Err(Refused::SheetNotFound.into());
    };
    let read = || -> Result<_, crate::store::db::DbError> {
        Ok((row.int(0)?, row.int(1)?, row.int(2)?, row.text(3)?, row.text(4)?))
    };
    let (created, updated, version, setup, entries) = read().map_err(StoreError::from)?;
    let setup: Setup = serde_json::from_str(&setup).map_err(Unreadable::from)?;
    let entries: Vec<Entry> = serde_json::from_str(&entries).map_err(Unreadable::from)?;
    Ok(Row { created, updated, version, setup, entries })
}

/// Stores a changed sheet: its version, time, entries and summary.
pub fn save(c: &Connection, id: &str, row: &Row, sheet: &Sheet) -> Result<(), StoreError> {
    let (entries, summary) = (text(sheet.entries())?, text(&summary(&row.setup, sheet))?);
    c.execute(
        "UPDATE pad_sheets SET updated = ?2, version = ?3, entries = ?4, summary = ?5 WHERE id = ?1",
        &[Val::from(id), Val::from(row.updated), Val::from(row.version), Val::from(&entries), Val::from(&summary)],
    )?;
    Ok(())
}

/// Stores a sheet's setup again (its key, once claimed).
pub fn save_setup(c: &Connection, id: &str, setup: &Setup) -> Result<(), StoreError> {
    let setup = text(setup)?;
    c.execute("UPDATE pad_sheets SET setup = ?2 WHERE id = ?1", &[Val::from(id), Val::from(&setup)])?;
    Ok(())
}

/// Removes a sheet; whether there was one.
pub fn delete(c: &Connection, id: &str) -> Result<bool, StoreError> {
    Ok(c.execute("DELETE FROM pad_sheets WHERE id = ?1", &[Val::from(id)])? > 0)
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

/// Of the sheets named with a key, those whose key is right, most recently
/// changed first (a sheet named twice is listed once).
pub fn list_owned(c: &Connection, asked: &[(String, String)]) -> Result<Vec<ListRow>, StoreError> {
    let mut out: Vec<ListRow> = Vec::new();
    for (id, key) in asked {
        if out.iter().any(|r| &r.id == id) {
            continue;
        }
        let row =
            c.query_opt("SELECT created, updated, summary, setup FROM pad_sheets WHERE id = ?1", &[Val::from(id)])?;
        let Some(row) = row else { continue };
        let (created, updated, summary, setup) = (row.int(0)?, row.int(1)?, row.text(2)?, row.text(3)?);
        let owner = serde_json::from_str::<Setup>(&setup).ok().and_then(|s| s.key);
        if owner.is_some_and(|k| crate::secret::ct_eq(&k, key)) {
            out.push(ListRow { id: id.clone(), created, updated, summary: serde_json::from_str(&summary).ok() });
        }
    }
    out.sort_by(|a, b| b.updated.cmp(&a.updated).then_with(|| a.id.cmp(&b.id)));
    Ok(out)
}
