//! The score pad over HTTP: score sheets for tables playing with a real box.
//!
//! The page sends entries; the server computes everything with
//! [`triominos_core::pad`] (the engine's own scoring) and answers with the
//! whole sheet ([`crate::protocol::pad::SheetView`]). Sheets live in the
//! server's database ([`crate::store`]), in the `pad_sheets` table: the setup
//! (names, preset, every option) and the entries as JSON, with a version that
//! each change bumps. Every change may name the version it was made on
//! (`?version=N`), so that a second phone at the table cannot undo or
//! overwrite an entry it has not seen.
//!
//! Each sheet has an owner key (128-bit random), answered once by `POST
//! /api/pad` ([`crate::protocol::pad::KeyedSheet`]) and kept by the page.
//! Every change and the delete need it in the [`KEY_HEADER`] header (else 403
//! `bad_sheet_key`); the list names the sheets it wants with their keys, so a
//! browser lists only its own sheets. Reading a sheet by its id stays open (it
//! is shown at the table; ids are never listed). A sheet stored before the keys
//! has none: nobody changes it until it is claimed (`POST
//! /api/pad/{id}/claim`, once).
//!
//! Routes: `POST /api/pad` (create), `POST /api/pad/list` (`{"sheets": [{"id",
//! "key"}]}`), `GET|DELETE /api/pad/{id}`, `POST /api/pad/{id}/claim`, `POST
//! /api/pad/{id}/entries` (`{"entry", "at"?}`: add, or insert before `at`),
//! `PUT|DELETE /api/pad/{id}/entries/{index}`, `POST /api/pad/{id}/undo`, `POST
//! /api/pad/{id}/preview` (what an entry would score), `GET
//! /api/pad/{id}/sheet.csv?lang=fr`. Pages: `/pad`, `/pad/{id}`. Refusals are
//! `{"code", "params"}` like the rest of the API.
//!
//! Modules: [`store`] (the stored form), [`routes`](mod@routes) (the handlers), [`json`]
//! (the views the page is sent), [`csv`] (the sheet as a spreadsheet).

pub mod csv;
pub mod error;
pub mod json;
pub mod routes;
pub mod store;

use crate::protocol::Refusal;
use triominos_core::pad::PadError;

/// Most entries a sheet may hold (a long game has a few hundred).
pub const MAX_ENTRIES: usize = 5000;
/// Longest player name, in characters.
pub const MAX_NAME: usize = 24;
/// Most sheets one `POST /api/pad/list` looks at (the first ones named).
pub const MAX_LISTED: usize = 1000;
/// The request header that carries a sheet's owner key.
pub const KEY_HEADER: &str = "x-pad-key";

/// A pad refusal as `{code, params}` (params: the error's fields).
pub fn pad_refusal(e: &PadError) -> Refusal {
    match e {
        // The same words as a game with the wrong number of seats.
        &PadError::PlayerCount { min, max, got } => crate::protocol::Refused::BadPlayerCount { min, max, got }.into(),
        _ => Refusal::of(e),
    }
}

/// Deletes the score sheets with no entry left unchanged for
/// [`crate::config::ServeConfig::empty_sheet_days`] days (made and
/// abandoned: nothing would be lost), at each sweep; logs how many.
pub async fn sweep(state: &crate::state::AppState) -> usize {
    let days = state.config.empty_sheet_days;
    if days == 0 {
        return 0;
    }
    let before = crate::store::now() - i64::from(days) * 86_400;
    match state.store.call(move |c| store::delete_abandoned(c, before)).await {
        Ok(n) => {
            if n > 0 {
                tracing::info!(deleted = n, days, "empty score sheets left unchanged deleted");
            }
            n
        }
        Err(e) => {
            if let Some(suppressed) = crate::store::throttle::storage_error() {
                tracing::error!(suppressed, "cannot delete abandoned score sheets: {e}");
            }
            0
        }
    }
}
