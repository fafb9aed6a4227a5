//! `/api/account/...`: sign up, sign in (with a password or a recovery
//! code), the account signed in, sign out (here or everywhere), change the
//! password, delete the account. Every `POST` is refused from another site
//! ([`SameSite`]); sign-in attempts are throttled
//! ([`super::throttle`]); the routes that need an account take
//! [`SignedIn`].

use super::password::Hasher;
use super::session::{self, SameSite, SignedIn};
use super::store;
use super::{MAX_NAME, MAX_PASSWORD, MIN_PASSWORD, RECOVERY_CODES};
use crate::http::error::Fail;
use crate::http::extract::{body, RawBody};
use crate::protocol::account::{
    ChangePassword, ClaimSeats, Claimed, Credentials, DeleteAccount, MyGame, MyGames, Recover, SignedOut, SignedUp,
    MAX_CLAIMS,
};
use crate::protocol::Refused;
use crate::state::AppState;
use axum::extract::{ConnectInfo, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Extension, Json, Router};
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Instant;

/// The accounts' API and pages, merged into the server's router.
pub fn routes() -> Router<Arc<AppState>> {
    Router::new()
        .route("/api/account", get(me))
        .route("/api/account/signup", post(sign_up))
        .route("/api/account/signin", post(sign_in))
        .route("/api/account/recover", post(recover))
        .route("/api/account/signout", post(sign_out))
        .route("/api/account/signout-everywhere", post(sign_out_everywhere))
        .route("/api/account/password", post(change_password))
        .route("/api/account/delete", post(delete))
        .route("/api/account/claims", post(claim))
        .route("/api/account/games", get(my_games))
}

/// The client a request comes from (its address; IPv6 /64).
fn client(peer: Option<Extension<ConnectInfo<SocketAddr>>>) -> IpAddr {
    peer.map_or(IpAddr::from([0, 0, 0, 0]), |Extension(ConnectInfo(a))| crate::game::limits::client_of(a.ip()))
}

/// Takes a sign-in attempt of `client` (and `name`), or refuses with 429
/// `sign_in_too_fast`.
fn throttle(state: &AppState, client: IpAddr, name: Option<&str>) -> Result<(), Fail> {
    let mut t = state.accounts.throttle.lock().unwrap_or_else(|e| e.into_inner());
    let now = Instant::now();
    t.take(client, name, now).map_err(|retry_after| Fail::from(Refused::SignInTooFast { retry_after }))
}

/// A display name as kept: trimmed, 1 to [`MAX_NAME`] characters, no
/// control or text-direction character
/// ([`crate::names::forbidden_in_name`]; else 400 `bad_account_name`).
fn checked_name(name: &str) -> Result<String, Fail> {
    let name = name.trim();
    let n = name.chars().count();
    if n == 0 || n > MAX_NAME || name.chars().any(crate::names::forbidden_in_name) {
        return Err(Refused::BadAccountName { max: MAX_NAME }.into());
    }
    Ok(name.to_string())
}

/// A password of [`MIN_PASSWORD`] characters to [`MAX_PASSWORD`] bytes (else
/// 400 `bad_password`).
fn checked_password(p: &str) -> Result<(), Fail> {
    if p.chars().count() < MIN_PASSWORD || p.len() > MAX_PASSWORD {
        return Err(Refused::BadPassword { min: MIN_PASSWORD, max: MAX_PASSWORD }.into());
    }
    Ok(())
}

/// A recovery code as given to the person (`1a2b-3c4d-5e6f-7a8b`) and as it
/// is hashed (lower case, without dashes or spaces).
fn normal_code(code: &str) -> String {
    code.chars().filter(|c| c.is_ascii_alphanumeric()).map(|c| c.to_ascii_lowercase()).collect()
}

/// New recovery codes: as shown, and their hashes.
fn new_codes() -> (Vec<String>, Vec<String>) {
    (0..RECOVERY_CODES)
        .map(|_| {
            let hex = crate::secret::random_hex(8);
            let shown = format!("{}-{}-{}-{}", &hex[0..4], &hex[4..8], &hex[8..12], &hex[12..16]);
            let hash = session::token_hash(&normal_code(&shown));
            (shown, hash)
        })
        .unzip()
}

/// An answer that opens a session: its cookie.
fn with_cookie(state: &AppState, token: &str, resp: impl IntoResponse) -> Response {
    let mut r = resp.into_response();
    r.headers_mut().insert(header::SET_COOKIE, session::set_cookie(token, state.accounts.secure));
    r.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    r
}

/// An answer that ends this browser's session: the cookie removed.
fn without_cookie(state: &AppState, resp: impl IntoResponse) -> Response {
    let mut r = resp.into_response();
    r.headers_mut().insert(header::SET_COOKIE, session::clear_cookie(state.accounts.secure));
    r
}

/// `GET /api/account`: the account signed in ([`AccountView`]), or 401
/// `signed_out`.
async fn me(State(state): State<Arc<AppState>>, who: SignedIn) -> Result<Response, Fail> {
    let view = state.store.call(move |c| store::view(c, &who.account)).await?;
    let mut r = Json(view).into_response();
    r.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(r)
}

/// `POST /api/account/signup`: [`Credentials`]. Creates the account with its
/// password and [`RECOVERY_CODES`] recovery codes, opens a session: 201
/// [`SignedUp`] (the codes, shown once). 409 `name_taken`, 400 `bad_name`
/// or `bad_password`; counts as a sign-in attempt of the client.
async fn sign_up(
    State(state): State<Arc<AppState>>,
    _: SameSite,
    peer: Option<Extension<ConnectInfo<SocketAddr>>>,
    RawBody(bytes): RawBody,
) -> Result<Response, Fail> {
    let req: Credentials = body(&bytes)?;
    let name = checked_name(&req.name)?;
    checked_password(&req.password)?;
    throttle(&state, client(peer), None)?;
    let phc = state.accounts.hasher.hash(req.password).await?;
    let (codes, hashes) = new_codes();
    let (token, hash) = session::new_token();
    let id = crate::secret::random_hex(8);
    let now = crate::store::now();
    let view = state
        .store
        .call(move |c| {
            if !store::insert(c, &id, &name, now, Some(&phc), &hashes)? {
                return Ok(None);
            }
            store::open_session(c, &hash, &id, now)?;
            let a = store::Account { id, name: Some(name), created: now, suspended: None };
            Ok::<_, crate::store::StoreError>(Some(store::view(c, &a)?))
        })
        .await?
        .ok_or(Refused::NameTaken)?;
    Ok(with_cookie(&state, &token, (StatusCode::CREATED, Json(SignedUp { account: view, recovery_codes: codes }))))
}

/// Checks a name and password (a dummy hash when the name has no account:
/// the same answer, `bad_sign_in`, and the same work): the account.
async fn check(state: &AppState, hasher: &Hasher, name: &str, password: String) -> Result<store::Account, Fail> {
    let n = name.to_string();
    let found = state.store.call(move |c| store::by_name(c, &n)).await?;
    let (account, phc) = match found {
        Some((a, phc)) => (Some(a), phc),
        None => (None, None),
    };
    let ok = hasher.check(password, phc).await?;
    match account {
        Some(a) if ok => {
            if a.suspended.is_some() {
                return Err(Refused::AccountSuspended.into());
            }
            Ok(a)
        }
        _ => Err(Refused::BadSignIn.into()),
    }
}

/// Opens a session of `account` (and deletes the sessions expired by now,
/// of any account: the table holds live sessions and those expired since
/// the last sign-in): the answer with its cookie.
async fn open(state: &AppState, account: store::Account) -> Result<Response, Fail> {
    let (token, hash) = session::new_token();
    let now = crate::store::now();
    let view = state
        .store
        .call(move |c| {
            store::close_expired(c, now)?;
            store::open_session(c, &hash, &account.id, now)?;
            store::view(c, &account)
        })
        .await?;
    Ok(with_cookie(state, &token, Json(view)))
}

/// `POST /api/account/signin`: [`Credentials`]. Opens a session: 200
/// [`AccountView`] with the cookie. 401 `bad_sign_in` for an unknown name or
/// a wrong password alike; 429 `sign_in_too_fast` per client and per name.
async fn sign_in(
    State(state): State<Arc<AppState>>,
    _: SameSite,
    peer: Option<Extension<ConnectInfo<SocketAddr>>>,
    RawBody(bytes): RawBody,
) -> Result<Response, Fail> {
    let req: Credentials = body(&bytes)?;
    throttle(&state, client(peer), Some(req.name.trim()))?;
    if req.password.len() > MAX_PASSWORD {
        return Err(Refused::BadSignIn.into());
    }
    let account = check(&state, &state.accounts.hasher, req.name.trim(), req.password).await?;
    open(&state, account).await
}

/// `POST /api/account/recover`: [`Recover`]. A recovery code (used up) signs
/// in and sets a new password; the account's other sessions end. 401
/// `bad_sign_in` for an unknown name or a wrong or used code alike.
async fn recover(
    State(state): State<Arc<AppState>>,
    _: SameSite,
    peer: Option<Extension<ConnectInfo<SocketAddr>>>,
    RawBody(bytes): RawBody,
) -> Result<Response, Fail> {
    let req: Recover = body(&bytes)?;
    checked_password(&req.password)?;
    throttle(&state, client(peer), Some(req.name.trim()))?;
    // The new password is hashed first, whatever the name: the same work either way.
    let phc = state.accounts.hasher.hash(req.password).await?;
    let code = session::token_hash(&normal_code(&req.code));
    let name = req.name.trim().to_string();
    let now = crate::store::now();
    let account = state
        .store
        .call(move |c| {
            let Some((a, _)) = store::by_name(c, &name)? else { return Ok(None) };
            if !store::use_recovery(c, &a.id, &code, now)? {
                return Ok(None);
            }
            store::set_password(c, &a.id, &phc, now)?;
            store::close_sessions(c, &a.id, None)?;
            Ok::<_, crate::store::StoreError>(Some(a))
        })
        .await?
        .ok_or(Refused::BadSignIn)?;
    if account.suspended.is_some() {
        return Err(Refused::AccountSuspended.into());
    }
    open(&state, account).await
}

/// `POST /api/account/signout`: ends this session (204, the cookie removed).
async fn sign_out(State(state): State<Arc<AppState>>, _: SameSite, who: SignedIn) -> Result<Response, Fail> {
    state.store.call(move |c| store::close_session(c, &who.session)).await?;
    Ok(without_cookie(&state, StatusCode::NO_CONTENT))
}

/// `POST /api/account/signout-everywhere`: ends every session of the
/// account, this one included: [`SignedOut`], the cookie removed.
async fn sign_out_everywhere(State(state): State<Arc<AppState>>, _: SameSite, who: SignedIn) -> Result<Response, Fail> {
    let n = state.store.call(move |c| store::close_sessions(c, &who.account.id, None)).await?;
    Ok(without_cookie(&state, Json(SignedOut { sessions: u32::try_from(n).unwrap_or(u32::MAX) })))
}

/// `POST /api/account/password`: [`ChangePassword`]. Sets a new password
/// once the old one is checked (an account without a password sets its
/// first with any `old`); the account's other sessions end. 401
/// `bad_sign_in` for a wrong old password; throttled as a sign-in.
async fn change_password(
    State(state): State<Arc<AppState>>,
    _: SameSite,
    peer: Option<Extension<ConnectInfo<SocketAddr>>>,
    who: SignedIn,
    RawBody(bytes): RawBody,
) -> Result<Response, Fail> {
    let req: ChangePassword = body(&bytes)?;
    checked_password(&req.new)?;
    let id = who.account.id.clone();
    throttle(&state, client(peer), Some(&id))?;
    let i = id.clone();
    let phc = state.store.call(move |c| store::password_of(c, &i)).await?;
    if phc.is_some() && (req.old.len() > MAX_PASSWORD || !state.accounts.hasher.check(req.old, phc).await?) {
        return Err(Refused::BadSignIn.into());
    }
    let new = state.accounts.hasher.hash(req.new).await?;
    let now = crate::store::now();
    let keep = who.session.clone();
    let account = who.account;
    let view = state
        .store
        .call(move |c| {
            store::set_password(c, &id, &new, now)?;
            store::close_sessions(c, &id, Some(&keep))?;
            store::view(c, &account)
        })
        .await?;
    Ok(Json(view).into_response())
}

/// `POST /api/account/delete`: [`DeleteAccount`] (the name typed again, else
/// 400 `not_confirmed`). The account loses its name, credentials, recovery
/// codes and sessions; its games and claims stay (a page naming the
/// account then says "Former player"). 204, the cookie removed.
async fn delete(
    State(state): State<Arc<AppState>>,
    _: SameSite,
    who: SignedIn,
    RawBody(bytes): RawBody,
) -> Result<Response, Fail> {
    let req: DeleteAccount = body(&bytes)?;
    let name = who.account.name.clone().unwrap_or_default();
    if store::name_key(req.name.trim()) != store::name_key(&name) {
        return Err(Refused::NotConfirmed.into());
    }
    let now = crate::store::now();
    state.store.call(move |c| store::delete(c, &who.account.id, now)).await?;
    Ok(without_cookie(&state, StatusCode::NO_CONTENT))
}

/// `POST /api/account/claims`: [`ClaimSeats`], the seat links this browser
/// holds (the first [`MAX_CLAIMS`]). Each seat whose token is right and that
/// no other account claimed becomes the account's: [`Claimed`]. A wrong
/// token tells nothing (it is left out, as a seat claimed by another).
async fn claim(
    State(state): State<Arc<AppState>>,
    _: SameSite,
    who: SignedIn,
    RawBody(bytes): RawBody,
) -> Result<Json<Claimed>, Fail> {
    let req: ClaimSeats = body(&bytes)?;
    let seats: Vec<_> = req.seats.into_iter().take(MAX_CLAIMS).collect();
    let now = crate::store::now();
    let n = state
        .store
        .call(move |c| {
            let mut n = 0u32;
            for s in &seats {
                if store::claim(c, &who.account.id, &s.game, &s.token, now)? {
                    n += 1;
                }
            }
            Ok::<_, crate::store::StoreError>(n)
        })
        .await?;
    Ok(Json(Claimed { claimed: n }))
}

/// The most games `GET /api/account/games` answers.
pub const MAX_MY_GAMES: u32 = 500;

/// `GET /api/account/games`: the account's games ([`MyGames`]), unfinished
/// first, with the account's own seat links; never another seat's token,
/// a hand or a seed.
async fn my_games(State(state): State<Arc<AppState>>, who: SignedIn) -> Result<Response, Fail> {
    let rows = state.store.call(move |c| store::games(c, &who.account.id, MAX_MY_GAMES)).await?;
    let games = rows
        .into_iter()
        .map(|(id, seat, token, created, finished, summary)| MyGame {
            link: format!("/g/{id}/{token}"),
            id,
            seat,
            created,
            finished,
            summary: summary.and_then(|s| serde_json::from_str(&s).ok()),
        })
        .collect();
    let mut r = Json(MyGames { games }).into_response();
    r.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(r)
}
