//! `Fail`: a refusal with its HTTP status, the error of every handler, and
//! **the one place** where an error of the server becomes an HTTP status and
//! a wire code: each domain error (the server's own [`Refused`] codes, the
//! game registry's [`GameError`] and [`CreateError`], a refused intent or setup [`Denied`], a
//! storage failure [`StoreError`], a score sheet's [`SheetError`], a lesson's
//! [`LessonError`]) converts into a [`Fail`] here and nowhere else. The
//! modules below name no HTTP status.

use crate::game::error::{CreateError, Denied, GameError};
use crate::learn::LessonError;
use crate::pad::error::SheetError;
use crate::protocol::{Refusal, Refused};
use crate::store::StoreError;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;

/// A refusal with its HTTP status: the error of every handler.
#[derive(Clone, Debug, PartialEq)]
pub struct Fail {
    /// The HTTP status.
    pub status: StatusCode,
    /// What to tell the page.
    pub refusal: Refusal,
}

impl Fail {
    /// A refusal with a status (the HTTP layer's own: [`super::router`]).
    pub(super) fn new(status: StatusCode, refusal: impl Into<Refusal>) -> Fail {
        Fail { status, refusal: refusal.into() }
    }

    /// The same refusal with one more parameter.
    pub fn with(self, name: &str, value: impl serde::Serialize) -> Fail {
        Fail { status: self.status, refusal: self.refusal.with(name, value) }
    }
}

impl IntoResponse for Fail {
    fn into_response(self) -> Response {
        (self.status, Json(self.refusal)).into_response()
    }
}

/// The HTTP status of each of the server's own refusals. Those only ever
/// sent on a game's socket (a spectator acting, a turn that is not the
/// seat's...) have one too, should one ever be answered over HTTP.
pub fn status(r: &Refused) -> StatusCode {
    use Refused as R;
    match r {
        R::NotFound | R::GameNotFound | R::SheetNotFound => StatusCode::NOT_FOUND,
        R::BadJson
        | R::UnknownMessage { .. }
        | R::BadAction
        | R::NotWebsocket
        | R::BadPlayerCount { .. }
        | R::UnknownLevel { .. }
        | R::BadRecord { .. }
        | R::NotUtf8
        | R::BadEntry { .. }
        | R::TooManyEntries { .. }
        | R::SeedNotAllowed
        | R::BadName { .. }
        | R::BadQuery
        | R::HelloExpected => StatusCode::BAD_REQUEST,
        R::Spectator | R::BadToken | R::BadSheetKey => StatusCode::FORBIDDEN,
        R::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
        R::GameOver
        | R::RoundNotOver
        | R::NotYourTurn { .. }
        | R::GameNotFinished
        | R::StaleSheet { .. }
        | R::SheetClaimed
        | R::HintsOff
        | R::HintBusy
        | R::HintStale
        | R::GameNotOver
        | R::TakebacksOff
        | R::NoTakeback
        | R::TakebackPending
        | R::NoTakebackAsked
        | R::TakebackRefused
        | R::NotWaiting
        | R::TableWaiting
        | R::NobodyArrived
        | R::SeatTaken
        | R::TableClosed
        | R::TableFull => StatusCode::CONFLICT,
        R::NotHost => StatusCode::FORBIDDEN,
        R::TooLarge { .. } | R::RecordTooLarge { .. } | R::RecordTooLong { .. } => StatusCode::PAYLOAD_TOO_LARGE,
        R::TooManyBotGames { .. }
        | R::TooManyGames { .. }
        | R::ServerFull { .. }
        | R::TooFast { .. }
        | R::TooManyConnections { .. }
        | R::TooManySpectators { .. }
        | R::TooManyReviews { .. }
        | R::SheetsTooFast { .. }
        | R::TooManySheets { .. }
        | R::ReactionBusy { .. }
        | R::TakebackBusy { .. }
        | R::RematchBusy { .. }
        | R::AsksTooFast { .. }
        | R::ChecksTooFast { .. }
        | R::TableBusy { .. }
        | R::TooManyClaims { .. }
        | R::AlreadyWaiting { .. }
        | R::PoolsTooFast { .. } => StatusCode::TOO_MANY_REQUESTS,
        R::BadPool => StatusCode::BAD_REQUEST,
        R::NoSuchEntry => StatusCode::NOT_FOUND,
        R::BodyTimeout { .. } => StatusCode::REQUEST_TIMEOUT,
        R::ReplaysBusy { .. } => StatusCode::SERVICE_UNAVAILABLE,
        R::BadSetup | R::BadLog | R::StorageFailed | R::BadSheet | R::GameUnreadable | R::GameDamaged => {
            StatusCode::INTERNAL_SERVER_ERROR
        }
        R::HttpError { status } => StatusCode::from_u16(*status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR),
        R::BadPace => StatusCode::BAD_REQUEST,
        R::StandInPlaying | R::NotStoodIn | R::Resigned => StatusCode::CONFLICT,
        R::NotYours => StatusCode::FORBIDDEN,
        R::SignedOut | R::BadSignIn => StatusCode::UNAUTHORIZED,
        R::NameTaken => StatusCode::CONFLICT,
        R::BadPassword { .. } | R::BadAccountName { .. } | R::NotConfirmed => StatusCode::BAD_REQUEST,
        R::CrossOrigin | R::AccountSuspended => StatusCode::FORBIDDEN,
        R::SignInTooFast { .. } => StatusCode::TOO_MANY_REQUESTS,
        R::SignInBusy => StatusCode::SERVICE_UNAVAILABLE,
    }
}

impl From<Refused> for Fail {
    fn from(r: Refused) -> Fail {
        Fail::new(status(&r), r)
    }
}

/// A storage failure: 500 `storage_failed` (the error is logged, never sent).
impl From<StoreError> for Fail {
    fn from(e: StoreError) -> Fail {
        if let Some(suppressed) = crate::store::throttle::storage_error() {
            tracing::error!(suppressed, "storage failed: {e}");
        }
        Refused::StorageFailed.into()
    }
}

/// A game asked for: 404 `game_not_found`, 500 `game_unreadable` (the
/// storage error logged) or 500 `game_damaged`; 409 `game_not_finished`.
impl From<GameError> for Fail {
    fn from(e: GameError) -> Fail {
        match e {
            GameError::NotFound => Refused::GameNotFound.into(),
            GameError::Unreadable { id, source } => {
                tracing::error!(game = %id, "cannot load a stored game: {source}");
                Refused::GameUnreadable.into()
            }
            GameError::Damaged => Refused::GameDamaged.into(),
            GameError::NotFinished => Refused::GameNotFinished.into(),
            // Several instances: the owner hands the game over at its next
            // renewal; the page's socket connects again by itself.
            GameError::Elsewhere { owner, addr } => {
                tracing::info!(owner = %owner, addr = %addr, "a game played by another instance: asked for");
                Refused::HttpError { status: 503 }.into()
            }
        }
    }
}

/// A new game not stored: a cap's 429, or a storage failure.
impl From<CreateError> for Fail {
    fn from(e: CreateError) -> Fail {
        match e {
            CreateError::Capped(r) => r.into(),
            CreateError::Store(e) => e.into(),
        }
    }
}

/// A setup or an intent the game refuses, sent by the client: 400 with the
/// refusal's own code (`unknown_option`, `bad_player_count`...).
impl From<Denied> for Fail {
    fn from(e: Denied) -> Fail {
        Fail::new(StatusCode::BAD_REQUEST, e)
    }
}

/// A score sheet's refusals: a sheet that cannot be made is 400, a change
/// the sheet refuses 422 (with the entry's `index` when it names one), the
/// rest by their code.
impl From<SheetError> for Fail {
    fn from(e: SheetError) -> Fail {
        match e {
            SheetError::Refused(r) => r.into(),
            SheetError::Store(e) => e.into(),
            SheetError::Unreadable(why) => {
                tracing::error!("a stored sheet cannot be read: {why}");
                Refused::BadSheet.into()
            }
            SheetError::Create(e) => Fail::new(StatusCode::BAD_REQUEST, crate::pad::pad_refusal(&e)),
            SheetError::Change(e) => Fail::new(StatusCode::UNPROCESSABLE_ENTITY, crate::pad::pad_refusal(&e)),
            SheetError::Entry(e) => {
                Fail::new(StatusCode::UNPROCESSABLE_ENTITY, crate::pad::pad_refusal(&e.error).with("index", e.index))
            }
        }
    }
}

/// A lesson: 404 `not_found` for no such lesson; one that cannot be set up
/// is the server's fault, 500 `bad_setup` (logged).
impl From<LessonError> for Fail {
    fn from(e: LessonError) -> Fail {
        match e {
            LessonError::NotFound => Refused::NotFound.into(),
            e => {
                tracing::error!("lesson: {e}");
                Refused::BadSetup.into()
            }
        }
    }
}
