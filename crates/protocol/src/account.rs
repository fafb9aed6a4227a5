//! Accounts' request and answer bodies (`/api/account/...`): sign up, sign
//! in, the account signed in, recovery, password change, deletion.

use serde::{Deserialize, Serialize};

/// `POST /api/account/signup` and `POST /api/account/signin`:
/// `{"name", "password"}`.
#[derive(Clone, Debug, Serialize, Deserialize, ts_rs::TS)]
pub struct Credentials {
    /// The display name.
    pub name: String,
    /// The password.
    pub password: String,
}

/// `POST /api/account/recover`: a recovery code signs in and sets a new
/// password (the code is used up).
#[derive(Clone, Debug, Serialize, Deserialize, ts_rs::TS)]
pub struct Recover {
    /// The display name.
    pub name: String,
    /// One of the recovery codes given at sign-up.
    pub code: String,
    /// The new password.
    pub password: String,
}

/// `POST /api/account/password`: `{"old", "new"}`.
#[derive(Clone, Debug, Serialize, Deserialize, ts_rs::TS)]
pub struct ChangePassword {
    /// The password now.
    pub old: String,
    /// The new one.
    pub new: String,
}

/// `POST /api/account/delete`: the account's display name typed again, to
/// confirm.
#[derive(Clone, Debug, Serialize, Deserialize, ts_rs::TS)]
pub struct DeleteAccount {
    /// The display name, as a confirmation (case-insensitive).
    pub name: String,
}

/// The account signed in (`GET /api/account`, and the answer of a sign-in).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct AccountView {
    /// The account's id (public: a profile's address).
    pub id: String,
    /// Its display name.
    pub name: String,
    /// When it was created, in Unix seconds.
    pub created: i64,
    /// Whether it has a password (an account may have passkeys only).
    pub password: bool,
    /// Its passkeys.
    pub passkeys: u32,
    /// Recovery codes still unused.
    pub recovery_left: u32,
}

/// The answer of `POST /api/account/signup`: the account and its recovery
/// codes, shown once (the server keeps only their hashes).
#[derive(Clone, Debug, Serialize, Deserialize, ts_rs::TS)]
pub struct SignedUp {
    /// The new account.
    pub account: AccountView,
    /// Recovery codes, each usable once to sign in and set a new password.
    pub recovery_codes: Vec<String>,
}

/// The answer of `POST /api/account/signout-everywhere`: how many sessions
/// were ended (this one included).
#[derive(Clone, Debug, Serialize, Deserialize, ts_rs::TS)]
pub struct SignedOut {
    /// Sessions ended.
    pub sessions: u32,
}

/// A seat's link as the page holds it: the game and the seat's token.
#[derive(Clone, Debug, Serialize, Deserialize, ts_rs::TS)]
pub struct SeatLink {
    /// The game's id.
    pub game: String,
    /// The seat's secret token (the last part of its link).
    pub token: String,
}

/// `POST /api/account/claims`: the seats this browser holds, to claim into
/// the account signed in (at most [`MAX_CLAIMS`] are looked at).
#[derive(Clone, Debug, Serialize, Deserialize, ts_rs::TS)]
pub struct ClaimSeats {
    /// The seats' links.
    pub seats: Vec<SeatLink>,
}

/// The most seats one claim looks at.
pub const MAX_CLAIMS: usize = 200;

/// The answer of `POST /api/account/claims`.
#[derive(Clone, Debug, Serialize, Deserialize, ts_rs::TS)]
pub struct Claimed {
    /// Seats claimed now (those already the account's are not counted;
    /// a wrong token, or a seat another account claimed, is left out).
    pub claimed: u32,
}

/// One game of the account ("Your games").
#[derive(Clone, Debug, Serialize, Deserialize, ts_rs::TS)]
pub struct MyGame {
    /// The game's id.
    pub id: String,
    /// The account's seat in it.
    pub seat: u8,
    /// The seat's link (`/g/{id}/{token}`): the account's own.
    pub link: String,
    /// When the game was created, in Unix seconds.
    pub created: i64,
    /// When it finished, in Unix seconds (`null` while unfinished).
    pub finished: Option<i64>,
    /// Its summary once finished.
    pub summary: Option<super::GameSummary>,
}

/// `GET /api/account/games`: the account's games, unfinished first, then
/// the most recently finished.
#[derive(Clone, Debug, Serialize, Deserialize, ts_rs::TS)]
pub struct MyGames {
    /// The games.
    pub games: Vec<MyGame>,
}
