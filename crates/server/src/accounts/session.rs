//! Sessions: the cookie, the check that a request changing an account comes
//! from this site, and [`SignedIn`], the account a request is signed in as.
//!
//! A session's token is 32 random bytes from the operating system
//! (`getrandom`, as every secret of the server: [`crate::secret`]), sent to
//! the browser once in the cookie [`COOKIE`] and stored only as its SHA-256
//! (`sha2`): a copy of the database opens no session. A small module rather
//! than a session framework: the server already has the random source, the
//! hash and the store, and a session is one row ([`super::store`]).
//!
//! The cookie is `HttpOnly; SameSite=Lax; Path=/`, with `Secure` when the
//! public origin (`--public-origin`) is https. A request that changes an
//! account (every `POST` under `/api/account/`) is refused with 403
//! `cross_origin` when the browser says it comes from another site: its
//! `Sec-Fetch-Site` is neither `same-origin` nor `none`, or its `Origin`
//! is not the public origin (or, without one configured, not the request's
//! own `Host`). A request with neither header (not a browser's) is heard:
//! it carries no cookie a browser would have added on another site's behalf.

use super::store::{self, Account};
use crate::http::error::Fail;
use crate::protocol::Refused;
use crate::state::AppState;
use axum::http::{header, HeaderMap, HeaderValue};
use sha2::{Digest, Sha256};
use std::sync::Arc;

/// The session cookie's name.
pub const COOKIE: &str = "triominos_session";

/// A new session token (64 hex digits) and its hash, as stored.
pub fn new_token() -> (String, String) {
    let token = crate::secret::random_hex(32);
    let hash = token_hash(&token);
    (token, hash)
}

/// The SHA-256 of a token (or a recovery code), as hex.
pub fn token_hash(token: &str) -> String {
    Sha256::digest(token.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// The session token a request's cookies hold, if any.
pub fn token_of(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|c| c.trim().split_once('='))
        .find(|(k, _)| *k == COOKIE)
        .map(|(_, v)| v.to_string())
        .filter(|v| v.len() == 64 && v.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// The `Set-Cookie` of a new session.
pub fn set_cookie(token: &str, secure: bool) -> HeaderValue {
    let max_age = store::SESSION_DAYS * 86_400;
    let secure = if secure { "; Secure" } else { "" };
    HeaderValue::from_str(&format!("{COOKIE}={token}; HttpOnly; SameSite=Lax; Path=/; Max-Age={max_age}{secure}"))
        .expect("a token is hex")
}

/// The `Set-Cookie` that removes the session cookie.
pub fn clear_cookie(secure: bool) -> HeaderValue {
    let secure = if secure { "; Secure" } else { "" };
    HeaderValue::from_str(&format!("{COOKIE}=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0{secure}"))
        .expect("a plain header")
}

/// Refuses (`cross_origin`) a request a browser says comes from another
/// site (see the module documentation); `origin` is the public origin.
pub fn same_origin(headers: &HeaderMap, origin: Option<&str>) -> Result<(), Refused> {
    let text = |name: &str| headers.get(name).map(|v| v.to_str().unwrap_or("?").to_ascii_lowercase());
    if let Some(site) = text("sec-fetch-site") {
        if site != "same-origin" && site != "none" {
            return Err(Refused::CrossOrigin);
        }
    }
    let Some(sent) = text(header::ORIGIN.as_str()) else { return Ok(()) };
    let ok = match origin {
        Some(o) => sent == o,
        None => {
            let host = text(header::HOST.as_str());
            let sent_host = sent.split_once("://").map(|(_, h)| h.to_string());
            host.is_some() && sent_host == host
        }
    };
    if ok {
        Ok(())
    } else {
        Err(Refused::CrossOrigin)
    }
}

/// A request a browser does not say comes from another site (see
/// [`same_origin`]): every `POST` of the accounts takes it first, so a
/// refused one is refused before its session or its body is looked at.
pub struct SameSite;

impl axum::extract::FromRequestParts<Arc<AppState>> for SameSite {
    type Rejection = Fail;

    async fn from_request_parts(parts: &mut axum::http::request::Parts, state: &Arc<AppState>) -> Result<Self, Fail> {
        same_origin(&parts.headers, state.accounts.origin.as_deref())?;
        Ok(SameSite)
    }
}

/// The account a request is signed in as, and its session's hash: a
/// handler taking it refuses a request without a live session (401
/// `signed_out`: a guest, a session ended or expired, an account deleted),
/// and a suspended account's (403 `account_suspended`).
pub struct SignedIn {
    /// The account.
    pub account: Account,
    /// The session's token hash.
    pub session: String,
}

impl axum::extract::FromRequestParts<Arc<AppState>> for SignedIn {
    type Rejection = Fail;

    async fn from_request_parts(parts: &mut axum::http::request::Parts, state: &Arc<AppState>) -> Result<Self, Fail> {
        let token = token_of(&parts.headers).ok_or(Refused::SignedOut)?;
        let hash = token_hash(&token);
        let now = crate::store::now();
        let h = hash.clone();
        let account = state.store.call(move |c| store::session(c, &h, now)).await?.ok_or(Refused::SignedOut)?;
        if account.suspended.is_some() {
            return Err(Refused::AccountSuspended.into());
        }
        Ok(SignedIn { account, session: hash })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(*k, HeaderValue::from_str(v).unwrap());
        }
        h
    }

    #[test]
    fn another_site_is_told_by_its_fetch_metadata_or_its_origin() {
        let here = [("host", "play.example:8080")];
        assert_eq!(same_origin(&headers(&here), None), Ok(()));
        let same = [("host", "play.example:8080"), ("origin", "http://play.example:8080")];
        assert_eq!(same_origin(&headers(&same), None), Ok(()));
        let other = [("host", "play.example:8080"), ("origin", "https://evil.example")];
        assert_eq!(same_origin(&headers(&other), None), Err(Refused::CrossOrigin));
        let cross = [("host", "play.example:8080"), ("sec-fetch-site", "cross-site")];
        assert_eq!(same_origin(&headers(&cross), None), Err(Refused::CrossOrigin));
        let sibling = [("sec-fetch-site", "same-site")];
        assert_eq!(same_origin(&headers(&sibling), None), Err(Refused::CrossOrigin));
        let null = [("host", "play.example"), ("origin", "null")];
        assert_eq!(same_origin(&headers(&null), None), Err(Refused::CrossOrigin));
        // With a public origin, only it.
        let public = Some("https://play.example");
        assert_eq!(same_origin(&headers(&[("origin", "https://play.example")]), public), Ok(()));
        assert_eq!(same_origin(&headers(&[("origin", "http://play.example")]), public), Err(Refused::CrossOrigin));
    }

    #[test]
    fn the_token_is_read_from_among_other_cookies_and_only_if_well_formed() {
        let (token, hash) = new_token();
        assert_eq!(hash, token_hash(&token));
        assert_ne!(hash, token);
        let h = headers(&[("cookie", &format!("a=1; {COOKIE}={token}; b=2"))]);
        assert_eq!(token_of(&h), Some(token));
        assert_eq!(token_of(&headers(&[("cookie", &format!("{COOKIE}=nothex"))])), None);
        let set = set_cookie("ab", true);
        let set = set.to_str().unwrap();
        for part in ["HttpOnly", "SameSite=Lax", "Path=/", "Secure"] {
            assert!(set.contains(part), "{set}");
        }
        assert!(!set_cookie("ab", false).to_str().unwrap().contains("Secure"));
    }
}
