//! Why the score pad refuses a request: [`SheetError`]. It knows no HTTP:
//! `http::error` gives each its status.

use crate::game::error::Denied;
use crate::protocol::Refused;
use crate::store::StoreError;
use triominos_core::pad::{EntryError, PadError};

/// Why a sheet cannot be made, read or changed.
#[derive(Debug, thiserror::Error)]
pub enum SheetError {
    /// The server's own refusal (`sheet_not_found`, `bad_sheet_key`,
    /// `sheet_claimed`, `stale_sheet`, `too_many_entries`, `bad_entry`...).
    #[error("refused: {0:?}")]
    Refused(Refused),
    /// A sheet the engine will not make (the players' count...).
    #[error("the sheet cannot be made: {0:?}")]
    Create(PadError),
    /// A change the sheet refuses.
    #[error("the change is refused: {0:?}")]
    Change(PadError),
    /// A change the sheet refuses at one of its entries.
    #[error("the change is refused at entry {}: {:?}", .0.index, .0.error)]
    Entry(EntryError),
    /// A stored sheet that cannot be read again.
    #[error("a stored sheet cannot be read: {0}")]
    Unreadable(#[from] Unreadable),
    /// Storage failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl From<Refused> for SheetError {
    fn from(r: Refused) -> SheetError {
        SheetError::Refused(r)
    }
}

/// Why a stored sheet cannot be read again.
#[derive(Debug, thiserror::Error)]
pub enum Unreadable {
    /// Its setup or entries are not the JSON stored.
    #[error("JSON: {0}")]
    Json(#[from] serde_json::Error),
    /// Its rules are refused now.
    #[error("its rules are refused: {0}")]
    Rules(#[from] Denied),
    /// Its entries do not make a sheet again.
    #[error("its entries: {0}")]
    Entries(#[from] EntryError),
}
