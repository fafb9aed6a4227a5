//! Accounts over HTTP (`/api/account/...`): sign up, sign in, sessions,
//! sign out here and everywhere, password change, recovery, deletion; the
//! refusals (a wrong or ended session, a deleted account, a guest, another
//! site) and the sign-in throttles.

use crate::common::*;
use axum::body::Body;
use axum::http::Request;
use serde_json::{json, Value};
use std::net::SocketAddr;
use tower::ServiceExt;
use triominos_server::Server;

/// An answer: status, `Set-Cookie` (if any), body as JSON (`null` if none).
struct Answer {
    status: u16,
    cookie: Option<String>,
    body: Value,
}

impl Answer {
    fn code(&self) -> &str {
        self.body["code"].as_str().unwrap_or("")
    }

    /// The session cookie set (`name=value`).
    fn session(&self) -> String {
        let c = self.cookie.as_deref().expect("a cookie");
        c.split(';').next().unwrap().to_string()
    }
}

/// A request from `client` with `headers` (a cookie, an origin...).
async fn call(
    server: &Server,
    method: &str,
    path: &str,
    body: Option<Value>,
    headers: &[(&str, &str)],
    client: [u8; 4],
) -> Answer {
    let mut req = Request::builder().method(method).uri(path).header("content-type", "application/json");
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    let mut req = req.body(Body::from(body.map(|b| b.to_string()).unwrap_or_default())).unwrap();
    req.extensions_mut().insert(axum::extract::ConnectInfo(SocketAddr::from((client, 40_000))));
    let resp = triominos_server::http::router::router(server.state.clone()).oneshot(req).await.unwrap();
    let status = resp.status().as_u16();
    let cookie = resp.headers().get("set-cookie").map(|v| v.to_str().unwrap().to_string());
    let bytes = axum::body::to_bytes(resp.into_body(), usize::MAX).await.unwrap();
    let body = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
    Answer { status, cookie, body }
}

const ME: [u8; 4] = [10, 0, 0, 1];

async fn post(server: &Server, path: &str, body: Value, cookie: Option<&str>) -> Answer {
    let h: Vec<(&str, &str)> = cookie.map(|c| vec![("cookie", c)]).unwrap_or_default();
    call(server, "POST", path, Some(body), &h, ME).await
}

async fn me(server: &Server, cookie: &str) -> Answer {
    call(server, "GET", "/api/account", None, &[("cookie", cookie)], ME).await
}

async fn sign_up(server: &Server, name: &str, password: &str) -> Answer {
    let a = post(server, "/api/account/signup", json!({"name": name, "password": password}), None).await;
    assert_eq!(a.status, 201, "{}", a.body);
    a
}

async fn stored(server: &Server, sql: &'static str) -> i64 {
    server
        .state
        .store
        .call(move |c| Ok::<_, triominos_server::store::StoreError>(c.query_int(sql, &[])?))
        .await
        .unwrap()
}

#[tokio::test]
async fn sign_up_sign_in_and_out_with_the_session_in_the_store() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("t.db")).await;
    let up = sign_up(&server, "Zoé", "a long password").await;
    let cookie = up.cookie.clone().unwrap();
    for part in ["HttpOnly", "SameSite=Lax", "Path=/"] {
        assert!(cookie.contains(part), "{cookie}");
    }
    assert!(!cookie.contains("Secure"), "served over http: {cookie}");
    let codes: Vec<String> = serde_json::from_value(up.body["recovery_codes"].clone()).unwrap();
    assert_eq!(codes.len(), 10);
    assert_eq!(up.body["account"]["name"], "Zoé");
    assert_eq!(up.body["account"]["recovery_left"], 10);
    // Stored: the session's hash and the password's, never the token, password or codes.
    let token = up.session().split_once('=').unwrap().1.to_string();
    let dump = server
        .state
        .store
        .call(|c| {
            let mut all = String::new();
            for t in ["accounts", "credentials", "recovery_codes", "sessions"] {
                for r in c.query(&format!("SELECT * FROM {t}"), &[])? {
                    all.push_str(&format!("{:?}\n", r.0));
                }
            }
            Ok::<_, triominos_server::store::StoreError>(all)
        })
        .await
        .unwrap();
    assert!(!dump.contains(&token) && !dump.contains("a long password"), "{dump}");
    assert!(codes.iter().all(|c| !dump.contains(c) && !dump.contains(&c.replace('-', ""))));
    assert!(dump.contains("$argon2id$"), "{dump}");
    assert_eq!(stored(&server, "SELECT count(*) FROM sessions").await, 1);

    // The session answers who it is; the name is taken in any case.
    let s1 = up.session();
    assert_eq!(me(&server, &s1).await.body["name"], "Zoé");
    let taken = post(&server, "/api/account/signup", json!({"name": "zoÉ", "password": "another one"}), None).await;
    assert_eq!((taken.status, taken.code()), (409, "name_taken"));
    assert_eq!(stored(&server, "SELECT count(*) FROM accounts").await, 1);

    // A second device signs in; signing out here ends this session only.
    let s2 = post(&server, "/api/account/signin", json!({"name": "ZOÉ", "password": "a long password"}), None).await;
    assert_eq!(s2.status, 200, "{}", s2.body);
    let s2 = s2.session();
    let out = post(&server, "/api/account/signout", json!({}), Some(&s1)).await;
    assert_eq!(out.status, 204);
    assert!(out.cookie.unwrap().contains("Max-Age=0"));
    // The cookie kept after sign-out opens nothing.
    assert_eq!((me(&server, &s1).await.status, me(&server, &s1).await.code().to_string()), (401, "signed_out".into()));
    assert_eq!(me(&server, &s2).await.status, 200);
    // Signing out everywhere ends them all.
    let s3 = post(&server, "/api/account/signin", json!({"name": "Zoé", "password": "a long password"}), None).await;
    let s3 = s3.session();
    let all = post(&server, "/api/account/signout-everywhere", json!({}), Some(&s3)).await;
    assert_eq!((all.status, all.body["sessions"].as_u64()), (200, Some(2)));
    for s in [&s2, &s3] {
        assert_eq!(me(&server, s).await.code(), "signed_out");
    }
    assert_eq!(stored(&server, "SELECT count(*) FROM sessions").await, 0);
}

#[tokio::test]
async fn every_route_that_needs_an_account_refuses_a_guest_a_wrong_session_and_a_deleted_account() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("t.db")).await;
    let up = sign_up(&server, "Ana", "password one").await;
    let gone = up.session();
    let del = post(&server, "/api/account/delete", json!({"name": "Ana"}), Some(&gone)).await;
    assert_eq!(del.status, 204, "{}", del.body);
    let wrong = format!("triominos_session={}", "ab".repeat(32));
    let routes: [(&str, &str, Value); 8] = [
        ("POST", "/api/account/claims", json!({"seats": []})),
        ("GET", "/api/account/games", Value::Null),
        ("GET", "/api/account", Value::Null),
        ("POST", "/api/account/signout", json!({})),
        ("POST", "/api/account/signout-everywhere", json!({})),
        ("POST", "/api/account/password", json!({"old": "password one", "new": "password two"})),
        ("POST", "/api/account/delete", json!({"name": "Ana"})),
        ("POST", "/api/account/signout", json!({})),
    ];
    for (method, path, body) in routes {
        for cookie in [None, Some(wrong.as_str()), Some(gone.as_str()), Some("triominos_session=short")] {
            let h: Vec<(&str, &str)> = cookie.map(|c| vec![("cookie", c)]).unwrap_or_default();
            let body = (method == "POST").then(|| body.clone());
            let a = call(&server, method, path, body, &h, ME).await;
            assert_eq!((a.status, a.code()), (401, "signed_out"), "{method} {path} {cookie:?}");
        }
    }
    // The deleted account cannot sign in; its name is free; nothing of it is left but its id.
    let a = post(&server, "/api/account/signin", json!({"name": "Ana", "password": "password one"}), None).await;
    assert_eq!((a.status, a.code()), (401, "bad_sign_in"));
    assert_eq!(stored(&server, "SELECT count(*) FROM accounts WHERE name IS NULL AND deleted IS NOT NULL").await, 1);
    assert_eq!(stored(&server, "SELECT count(*) FROM credentials").await, 0);
    sign_up(&server, "ana", "password three").await;
    // A deletion not confirmed by the name changes nothing.
    let b = sign_up(&server, "Bea", "password bea").await.session();
    let no = post(&server, "/api/account/delete", json!({"name": "Ana"}), Some(&b)).await;
    assert_eq!((no.status, no.code()), (400, "not_confirmed"));
    assert_eq!(me(&server, &b).await.status, 200);
}

#[tokio::test]
async fn a_request_from_another_site_is_refused_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("t.db")).await;
    let s = sign_up(&server, "Cleo", "password cleo").await.session();
    let evil = [("cookie", s.as_str()), ("origin", "https://evil.example"), ("host", "play.example")];
    let cross = [("cookie", s.as_str()), ("sec-fetch-site", "cross-site")];
    for h in [&evil[..], &cross[..]] {
        for (path, body) in [
            ("/api/account/signout-everywhere", json!({})),
            ("/api/account/delete", json!({"name": "Cleo"})),
            ("/api/account/password", json!({"old": "password cleo", "new": "stolen password"})),
            ("/api/account/signup", json!({"name": "Evil", "password": "password evil"})),
        ] {
            let a = call(&server, "POST", path, Some(body), h, ME).await;
            assert_eq!((a.status, a.code()), (403, "cross_origin"), "{path}");
        }
    }
    assert_eq!(me(&server, &s).await.status, 200);
    assert_eq!(stored(&server, "SELECT count(*) FROM accounts").await, 1);
    // The same request from this site is heard.
    let same = [("cookie", s.as_str()), ("origin", "http://play.example"), ("host", "play.example")];
    let a = call(&server, "POST", "/api/account/signout", Some(json!({})), &same, ME).await;
    assert_eq!(a.status, 204);
}

#[tokio::test]
async fn behind_https_the_cookie_is_secure_and_only_the_public_origin_may_post() {
    let dir = tempfile::tempdir().unwrap();
    let server = start_with(&dir.path().join("t.db"), |c| c.public_origin = Some("https://play.example/".into())).await;
    let ok = [("origin", "https://play.example")];
    let body = json!({"name": "Dan", "password": "password dan"});
    let a = call(&server, "POST", "/api/account/signup", Some(body.clone()), &ok, ME).await;
    assert_eq!(a.status, 201);
    assert!(a.cookie.unwrap().contains("; Secure"));
    let http = [("origin", "http://play.example"), ("host", "play.example")];
    let a = call(&server, "POST", "/api/account/signin", Some(body), &http, ME).await;
    assert_eq!((a.status, a.code()), (403, "cross_origin"));
}

#[tokio::test]
async fn an_unknown_name_and_a_wrong_password_are_answered_alike_and_fifty_tries_are_throttled() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("t.db")).await;
    sign_up(&server, "Eve", "password eve").await;
    let wrong = post(&server, "/api/account/signin", json!({"name": "Eve", "password": "not it at all"}), None).await;
    let unknown =
        post(&server, "/api/account/signin", json!({"name": "Nobody", "password": "not it at all"}), None).await;
    assert_eq!((wrong.status, &wrong.body), (unknown.status, &unknown.body));
    assert_eq!((wrong.status, wrong.code()), (401, "bad_sign_in"));
    assert!(wrong.cookie.is_none() && unknown.cookie.is_none());

    // 50 wrong passwords for one name from 50 clients: past the burst, throttled by the name.
    let mut refused = 0;
    for i in 0..50u8 {
        let body = json!({"name": "eve", "password": format!("guess number {i}")});
        let a = call(&server, "POST", "/api/account/signin", Some(body), &[], [10, 1, 0, i]).await;
        match (a.status, a.code()) {
            (401, "bad_sign_in") => {}
            (429, "sign_in_too_fast") => {
                assert!(a.body["params"]["retry_after"].as_u64().unwrap() >= 1);
                refused += 1
            }
            other => panic!("{other:?}"),
        }
    }
    // The burst (10) less the wrong try above was heard, the rest refused.
    assert_eq!(refused, 50 - 9);
    // Even the right password is refused for now: the name is throttled.
    let right = call(
        &server,
        "POST",
        "/api/account/signin",
        Some(json!({"name": "Eve", "password": "password eve"})),
        &[],
        [10, 2, 0, 1],
    )
    .await;
    assert_eq!(right.code(), "sign_in_too_fast");
    // One client trying 50 names: throttled by the client.
    let mut refused = 0;
    for i in 0..50 {
        let body = json!({"name": format!("name {i}"), "password": "whatever it is"});
        if call(&server, "POST", "/api/account/signin", Some(body), &[], [10, 3, 0, 1]).await.status == 429 {
            refused += 1;
        }
    }
    assert_eq!(refused, 40);
    assert_eq!(stored(&server, "SELECT count(*) FROM sessions").await, 1, "the sign-up's only");
}

#[tokio::test]
async fn a_recovery_code_signs_in_once_and_sets_a_new_password_and_a_change_ends_the_other_sessions() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("t.db")).await;
    let up = sign_up(&server, "Flo", "password flo").await;
    let first = up.session();
    let code = up.body["recovery_codes"][3].as_str().unwrap().to_string();
    let body = json!({"name": "flo", "code": code.to_uppercase(), "password": "new password"});
    let r = post(&server, "/api/account/recover", body.clone(), None).await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.body["recovery_left"], 9);
    assert_eq!(me(&server, &first).await.code(), "signed_out", "recovery ends the other sessions");
    let again = post(&server, "/api/account/recover", body, None).await;
    assert_eq!((again.status, again.code()), (401, "bad_sign_in"));
    let old = post(&server, "/api/account/signin", json!({"name": "Flo", "password": "password flo"}), None).await;
    assert_eq!(old.code(), "bad_sign_in");
    let s = r.session();
    let other = post(&server, "/api/account/signin", json!({"name": "Flo", "password": "new password"}), None).await;
    let other = other.session();
    // A change needs the password now; it ends the other sessions, keeps this one.
    let bad =
        post(&server, "/api/account/password", json!({"old": "wrong one!", "new": "third password"}), Some(&s)).await;
    assert_eq!((bad.status, bad.code()), (401, "bad_sign_in"));
    let short = post(&server, "/api/account/password", json!({"old": "new password", "new": "short"}), Some(&s)).await;
    assert_eq!((short.status, short.code()), (400, "bad_password"));
    let ok =
        post(&server, "/api/account/password", json!({"old": "new password", "new": "third password"}), Some(&s)).await;
    assert_eq!(ok.status, 200, "{}", ok.body);
    assert_eq!(me(&server, &s).await.status, 200);
    assert_eq!(me(&server, &other).await.code(), "signed_out");
}

#[tokio::test]
async fn bad_names_and_passwords_are_refused_and_store_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("t.db")).await;
    for (name, password, code) in [
        ("", "long enough", "bad_account_name"),
        ("   ", "long enough", "bad_account_name"),
        ("a\u{202E}b", "long enough", "bad_account_name"),
        ("twenty-five characters!!!", "long enough", "bad_account_name"),
        ("Gus", "short", "bad_password"),
        ("Gus", &"x".repeat(1025), "bad_password"),
    ] {
        let a = post(&server, "/api/account/signup", json!({"name": name, "password": password}), None).await;
        assert_eq!((a.status, a.code()), (400, code), "{name:?}");
    }
    let a = call(&server, "POST", "/api/account/signup", None, &[], ME).await;
    assert_eq!(a.code(), "bad_json");
    assert_eq!(stored(&server, "SELECT count(*) FROM accounts").await, 0);
}

#[tokio::test]
async fn the_seats_a_browser_holds_are_claimed_and_listed_on_another_device_without_other_seats_tokens() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("t.db")).await;
    // A guest's game with two people and a bot.
    let game = create(
        &server,
        json!({"preset": "goliath", "seats": [{"kind": "human", "name": "Hal"}, {"kind": "human", "name": "Ivy"}, {"kind": "bot", "level": "casual"}]}),
    )
    .await;
    let id = game["id"].as_str().unwrap().to_string();
    let (mine, theirs) = (token_of(&game, 0), token_of(&game, 1));
    let phone = sign_up(&server, "Hal", "password hal").await.session();
    let seats = json!({"seats": [
        {"game": id, "token": mine},
        {"game": id, "token": "0".repeat(32)},
        {"game": "nosuchgame", "token": mine},
    ]});
    let a = post(&server, "/api/account/claims", seats.clone(), Some(&phone)).await;
    assert_eq!((a.status, a.body["claimed"].as_u64()), (200, Some(1)), "{}", a.body);
    // Another account cannot take the seat with the same link.
    let other = sign_up(&server, "Ivy", "password ivy").await.session();
    let b = post(&server, "/api/account/claims", seats, Some(&other)).await;
    assert_eq!(b.body["claimed"], 0);
    // A second device signs in and finds the game, with this seat's link only.
    let laptop = post(&server, "/api/account/signin", json!({"name": "hal", "password": "password hal"}), None).await;
    let laptop = laptop.session();
    let list = call(&server, "GET", "/api/account/games", None, &[("cookie", &laptop)], ME).await;
    assert_eq!(list.status, 200);
    let games = list.body["games"].as_array().unwrap();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0]["id"], id.as_str());
    assert_eq!(games[0]["seat"], 0);
    assert_eq!(games[0]["link"], format!("/g/{id}/{mine}"));
    assert!(games[0]["finished"].is_null());
    let text = list.body.to_string();
    assert!(!text.contains(&theirs) && !text.contains("seed") && !text.contains("hand"), "{text}");
    // Ivy's own list is empty.
    let ivy = call(&server, "GET", "/api/account/games", None, &[("cookie", &other)], ME).await;
    assert_eq!(ivy.body["games"], json!([]));
    assert_eq!(stored(&server, "SELECT count(*) FROM claims").await, 1);
}
