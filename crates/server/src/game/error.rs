//! The game's errors: a game asked for that cannot be had ([`GameError`]),
//! a setup, an intent or a stored log the game refuses ([`Denied`]), a new
//! game not stored ([`CreateError`]).
//! Neither knows HTTP: `http::error` gives each its status.

use crate::protocol::{Refusal, Refused};
use crate::store::StoreError;
use triominos_core::{IllegalAction, RulesError};

/// Why a game asked for by its id cannot be had.
#[derive(Debug, thiserror::Error)]
pub enum GameError {
    /// No game has this id.
    #[error("no such game")]
    NotFound,
    /// The game's rows cannot be read from storage.
    #[error("game {id}: cannot be read: {source}")]
    Unreadable {
        /// The game.
        id: String,
        /// What storage said.
        source: StoreError,
    },
    /// The stored game does not replay: it is set aside.
    #[error("the stored game does not replay")]
    Damaged,
    /// The game is still being played (its record would show the hands).
    #[error("the game is not finished")]
    NotFinished,
    /// Another instance plays the game (several instances over one
    /// PostgreSQL): asked to hand it over; try again in a moment.
    #[error("the game is played by the instance {owner} ({addr})")]
    Elsewhere {
        /// That instance.
        owner: String,
        /// Its address.
        addr: String,
    },
}

/// Why the game refuses a setup, an intent or a stored log: nothing changed.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum Denied {
    /// The server's own rule (not this seat's turn, a spectator, storage failed...).
    #[error("refused: {}", Refusal::from(.0.clone()).code)]
    Server(Refused),
    /// The engine's: the action is illegal.
    #[error(transparent)]
    Illegal(#[from] IllegalAction),
    /// The rules asked for do not hold together.
    #[error(transparent)]
    Rules(#[from] RulesError),
}

impl From<Refused> for Denied {
    fn from(r: Refused) -> Denied {
        Denied::Server(r)
    }
}

impl Denied {
    /// Whether storage failed (a move worth trying again).
    pub fn is_storage_failure(&self) -> bool {
        matches!(self, Denied::Server(Refused::StorageFailed))
    }
}

/// The refusal sent: the code and parameters of each kind of refusal.
impl From<Denied> for Refusal {
    fn from(d: Denied) -> Refusal {
        match d {
            Denied::Server(r) => r.into(),
            Denied::Illegal(e) => e.into(),
            Denied::Rules(e) => e.into(),
        }
    }
}

/// Why a new game is not stored.
#[derive(Debug, thiserror::Error)]
pub enum CreateError {
    /// A cap on games refuses it (`server_full`, `too_many_games`).
    #[error("a cap on games: {0:?}")]
    Capped(Refused),
    /// Storage failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}
