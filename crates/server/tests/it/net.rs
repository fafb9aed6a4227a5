//! The server under hostile or careless clients: bounded uploads and replays,
//! connection caps and timeouts, security headers, close frames.

use crate::common;

use common::*;
use serde_json::Value;
use triominos_core::{Game, RuleSet};

/// A record of a long random game (first legal action each turn) to `target`,
/// cut after `max_actions` actions (it stays a valid, unfinished record).
fn long_record(target: &str, max_actions: usize) -> String {
    let mut rules = RuleSet::preset("goliath").unwrap();
    rules.set_option("target", target).unwrap();
    let mut game = Game::new(rules, 2, 5).unwrap();
    let mut n = 0;
    while !game.is_over() && n < max_actions {
        if game.is_round_over() {
            game.next_round().unwrap();
            continue;
        }
        let a = game.legal_actions()[0];
        game.play(a).unwrap();
        n += 1;
    }
    triominos_core::record::write(&game, &["Ann".into(), "Bob".into()], &[]).unwrap()
}

/// `POST /api/replay` through the whole app on a real socket: `(status, body)`.
async fn post_raw(addr: std::net::SocketAddr, head_extra: &str, body: &[u8]) -> (u16, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let head = format!("POST /api/replay HTTP/1.1\r\nHost: x\r\nConnection: close\r\n{head_extra}\r\n");
    s.write_all(head.as_bytes()).await.unwrap();
    // The body may be refused before it is all sent: a failed write is no failure.
    let _ = s.write_all(body).await;
    let mut buf = Vec::new();
    let _ = s.read_to_end(&mut buf).await;
    let text = String::from_utf8_lossy(&buf).into_owned();
    let status = text.split(' ').nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
    (status, text.split_once("\r\n\r\n").map_or(String::new(), |x| x.1.to_string()))
}

fn json(body: &str) -> Value {
    serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {body}"))
}

/// The issue's upload: a record of about 1 MB (a game to 80000) is refused
/// with 413 and the limit, read no further than the limit.
#[tokio::test]
async fn a_record_over_the_size_limit_is_refused_with_the_limit() {
    let db = temp_db();
    let server = start(&db).await;
    let tri = long_record("80000", 40_000);
    assert!(tri.len() > 1_000_000, "{}", tri.len());
    let max = triominos_server::DEFAULT_MAX_RECORD_BYTES;
    // Streamed without a length: refused once past the limit.
    let (s, body) = http(&server, "POST", "/api/replay", Some(&tri)).await;
    assert_eq!(s, 413, "{body}");
    let r = json(&body);
    assert_eq!(r["code"], "record_too_large");
    assert_eq!(r["params"]["max"], max);
    // Announced by its length and never sent: refused at once, from the length alone
    // (waiting for the body would hang this test).
    let (s, body) = post_raw(server.addr, "Content-Length: 1000000\r\n", b"").await;
    assert_eq!(s, 413, "{body}");
    assert_eq!(json(&body)["params"]["max"], max);
    // Just under the limit and valid: replayed.
    let small = long_record("80000", 300);
    let (s, body) = post_raw(server.addr, &format!("Content-Length: {}\r\n", small.len()), small.as_bytes()).await;
    assert_eq!(s, 200, "{body}");
    assert!(json(&body)["frames"].as_array().unwrap().len() > 300);
    server.stop().await;
}

/// A record with more actions (or rounds) than the server replays is refused
/// with its counts and the caps, before any replay: a bad line early in it
/// would otherwise be the answer.
#[tokio::test]
async fn a_record_over_the_work_limit_is_refused_before_replay() {
    let db = temp_db();
    let server = start_with(&db, |c| {
        c.max_record_actions = 1000;
        c.max_record_rounds = 3;
    })
    .await;
    let tri = long_record("80000", 1500);
    assert!(tri.len() < triominos_server::DEFAULT_MAX_RECORD_BYTES);
    let broken = tri.replacen(" draw\n", " jump\n", 1).replacen(" play ", " play 9-9-9 ", 1);
    for text in [&tri, &broken] {
        let (s, body) = http(&server, "POST", "/api/replay", Some(text)).await;
        assert_eq!(s, 413, "{body}");
        let r = json(&body);
        assert_eq!(r["code"], "record_too_long", "{body}");
        assert_eq!(r["params"]["max_actions"], 1000);
        assert_eq!(r["params"]["max_rounds"], 3);
        assert!(r["params"]["actions"].as_u64().unwrap() >= 1499, "{body}");
    }
    // Too many rounds, few actions each (a short game with many rounds is cut
    // after 4 rounds: its 4 round lines are over the cap of 3).
    let mut rules = RuleSet::preset("goliath").unwrap();
    rules.set_option("target", "80000").unwrap();
    let mut game = Game::new(rules, 2, 9).unwrap();
    let mut rounds = 1;
    while rounds < 4 {
        if game.is_round_over() {
            game.next_round().unwrap();
            rounds += 1;
        } else {
            game.play(game.legal_actions()[0]).unwrap();
        }
    }
    let tri = triominos_core::record::write(&game, &["Ann".into(), "Bob".into()], &[]).unwrap();
    let (s, body) = http(&server, "POST", "/api/replay", Some(&tri)).await;
    assert_eq!(s, 413, "{body}");
    assert_eq!(json(&body)["params"]["rounds"], 4, "{body}");
    server.stop().await;
}

/// At the default caps, the largest record replayed makes a bounded answer:
/// one frame a step, under 1 KB each (the issue's 1 MB record made 21 MB).
#[tokio::test]
async fn the_largest_replay_allowed_is_bounded() {
    let db = temp_db();
    let server = start(&db).await;
    let tri = long_record("80000", triominos_server::DEFAULT_MAX_RECORD_ACTIONS);
    let (rounds, actions) = triominos_server::replay::measure(&tri);
    assert_eq!(actions, triominos_server::DEFAULT_MAX_RECORD_ACTIONS);
    let (s, body) = http(&server, "POST", "/api/replay", Some(&tri)).await;
    assert_eq!(s, 200, "{}", &body[..body.len().min(300)]);
    let frames = json(&body)["frames"].as_array().unwrap().len();
    assert_eq!(frames, 1 + actions + (rounds - 1));
    assert!(body.len() < 1000 * frames, "{} bytes for {frames} frames", body.len());
    assert!(body.len() < 5_000_000, "{}", body.len());
    server.stop().await;
}

/// A replay's `next_round` step names the seat the record says opens the round.
#[tokio::test]
async fn a_replayed_next_round_names_the_rounds_opener() {
    let db = temp_db();
    let server = start(&db).await;
    let tri = long_record("80000", 800);
    let starts: Vec<usize> = tri
        .lines()
        .filter_map(|l| l.strip_prefix("start "))
        .map(|name| ["Ann", "Bob"].iter().position(|n| *n == name.trim()).unwrap())
        .collect();
    assert!(starts.len() >= 3, "{}", starts.len());
    let (s, body) = http(&server, "POST", "/api/replay", Some(&tri)).await;
    assert_eq!(s, 200);
    let frames = json(&body)["frames"].as_array().unwrap().clone();
    let next: Vec<&Value> = frames.iter().filter(|f| f["action"]["kind"] == "next_round").collect();
    assert_eq!(next.len(), starts.len() - 1);
    for (f, start) in next.iter().zip(&starts[1..]) {
        assert_eq!(f["seat"], *start, "{f}");
        assert_eq!(f["status"]["starter"], *start, "{f}");
    }
    server.stop().await;
}
// ---------- Connections: the cap and the time limits ----------

use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Reads one HTTP answer (head and a `Content-Length` body): `(status, body)`,
/// or `None` when the server closed the connection first.
async fn read_answer(s: &mut TcpStream) -> Option<(u16, String)> {
    let mut buf = Vec::new();
    let mut byte = [0u8; 1024];
    let head_end = loop {
        if let Some(i) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            break i + 4;
        }
        let n = tokio::time::timeout(Duration::from_secs(120), s.read(&mut byte)).await.expect("within 120 s").ok()?;
        if n == 0 {
            return None;
        }
        buf.extend_from_slice(&byte[..n]);
    };
    let head = String::from_utf8_lossy(&buf[..head_end]).to_lowercase();
    let status = head.split(' ').nth(1)?.parse().ok()?;
    let len: usize =
        head.lines().find_map(|l| l.strip_prefix("content-length:")).map_or(0, |v| v.trim().parse().unwrap());
    while buf.len() < head_end + len {
        let n = s.read(&mut byte).await.ok()?;
        if n == 0 {
            return None;
        }
        buf.extend_from_slice(&byte[..n]);
    }
    Some((status, String::from_utf8_lossy(&buf[head_end..head_end + len]).into_owned()))
}

const SMALL_GET: &[u8] = b"GET /api/games/nosuchgame HTTP/1.1\r\nHost: x\r\n\r\n";

/// Waits until the server closes this connection (a hang guard of 120 s only).
async fn closed_by_server(s: &mut TcpStream) -> Vec<u8> {
    let mut rest = Vec::new();
    tokio::time::timeout(Duration::from_secs(120), s.read_to_end(&mut rest))
        .await
        .expect("closed within 120 s")
        .unwrap_or_default();
    rest
}

/// The issue's half-sent requests: a request head not finished within the
/// header timeout is closed, and so is a keep-alive connection left idle
/// after its answer; the slots they held are free again.
#[tokio::test]
async fn half_sent_requests_and_idle_connections_are_closed_after_the_header_timeout() {
    let db = temp_db();
    let server = start_with(&db, |c| c.header_timeout = Duration::from_millis(300)).await;
    let mut half = TcpStream::connect(server.addr).await.unwrap();
    half.write_all(b"GET /api/meta HTTP/1.1\r\nHost: x\r\nX-Slow: ").await.unwrap();
    let mut idle = TcpStream::connect(server.addr).await.unwrap();
    idle.write_all(SMALL_GET).await.unwrap();
    assert_eq!(read_answer(&mut idle).await.unwrap().0, 404);
    let mut silent = TcpStream::connect(server.addr).await.unwrap();
    // None of them is answered, and each is closed.
    for s in [&mut half, &mut idle, &mut silent] {
        let rest = closed_by_server(s).await;
        assert!(!String::from_utf8_lossy(&rest).contains(" 200 "), "{}", String::from_utf8_lossy(&rest));
    }
    until("every slot free", || server.connections() == 0).await;
    // A request sent in time is answered as ever.
    let mut ok = TcpStream::connect(server.addr).await.unwrap();
    ok.write_all(SMALL_GET).await.unwrap();
    assert_eq!(read_answer(&mut ok).await.unwrap().0, 404);
    server.stop().await;
}

/// Connections beyond the cap wait, unaccepted, while those open are served;
/// a waiting one is served as soon as a slot frees.
#[tokio::test]
async fn connections_beyond_the_cap_wait_while_the_others_are_served() {
    let db = temp_db();
    let server = start_with(&db, |c| {
        c.max_connections = 2;
        c.header_timeout = Duration::from_secs(3600);
    })
    .await;
    let mut a = TcpStream::connect(server.addr).await.unwrap();
    a.write_all(SMALL_GET).await.unwrap();
    assert_eq!(read_answer(&mut a).await.unwrap().0, 404);
    let b = TcpStream::connect(server.addr).await.unwrap();
    until("two connections open", || server.connections() == 2).await;
    // A third: the system accepts the socket, the server does not read it.
    let mut c = TcpStream::connect(server.addr).await.unwrap();
    c.write_all(SMALL_GET).await.unwrap();
    // The open ones still work...
    for _ in 0..3 {
        a.write_all(SMALL_GET).await.unwrap();
        assert_eq!(read_answer(&mut a).await.unwrap().0, 404);
    }
    // ...while the third has no answer and holds no slot.
    let mut peek = [0u8; 16];
    assert!(matches!(c.try_read(&mut peek), Err(e) if e.kind() == std::io::ErrorKind::WouldBlock));
    assert_eq!(server.connections(), 2);
    // One closes: the third is served.
    drop(b);
    assert_eq!(read_answer(&mut c).await.unwrap().0, 404);
    assert_eq!(server.connections(), 2);
    server.stop().await;
}

// ---------- Connections by client (issue 35) ----------

/// A TCP connection to `addr` from the loopback address `from` (127.0.0.2...):
/// to the server, another client.
async fn connect_from(from: &str, addr: std::net::SocketAddr) -> TcpStream {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind(format!("{from}:0").parse().unwrap()).unwrap();
    socket.connect(addr).await.unwrap()
}

const SLOW_POST: &[u8] =
    b"POST /api/pad HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n";

/// The issue's attack: a request that declares a body of 100 bytes and
/// sends none (or trickles it) held its connection for ever. Now it is
/// answered 408 `body_timeout` and closed once the body timeout has passed.
#[tokio::test]
async fn a_body_that_never_comes_is_refused_and_closed() {
    let db = temp_db();
    let server = start_with(&db, |c| c.body_timeout = Duration::from_millis(300)).await;
    let mut silent = TcpStream::connect(server.addr).await.unwrap();
    silent.write_all(SLOW_POST).await.unwrap();
    let mut trickle = TcpStream::connect(server.addr).await.unwrap();
    trickle.write_all(SLOW_POST).await.unwrap();
    trickle.write_all(b"{").await.unwrap();
    for s in [&mut silent, &mut trickle] {
        let (status, body) = read_answer(s).await.expect("an answer before the close");
        assert_eq!(status, 408, "{body}");
        assert_eq!(json(&body), json!({"code": "body_timeout", "params": {"ms": 300}}));
        closed_by_server(s).await;
    }
    until("every slot free", || server.connections() == 0).await;
    // A body sent in time is read as ever.
    let mut ok = TcpStream::connect(server.addr).await.unwrap();
    let body = br#"{"names":["Ann","Bob"],"preset":"goliath"}"#;
    let head = format!(
        "POST /api/pad HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    ok.write_all(head.as_bytes()).await.unwrap();
    ok.write_all(body).await.unwrap();
    assert_eq!(read_answer(&mut ok).await.unwrap().0, 201);
    server.stop().await;
}

/// The issue's attack: one client opens many slow connections (bodies that
/// never come) and so holds every slot: fresh requests of everyone else
/// waited. Now one client holds at most its share; the connections beyond
/// it are refused at once (429 `too_many_connections`), and a request from
/// another address is answered while the slow ones are still open.
#[tokio::test]
async fn many_slow_connections_of_one_client_leave_room_for_the_others() {
    let db = temp_db();
    let server = start_with(&db, |c| {
        c.max_connections = 20;
        c.max_connections_per_client = 5;
        c.body_timeout = Duration::from_secs(3600);
        c.header_timeout = Duration::from_secs(3600);
    })
    .await;
    let mut held = Vec::new();
    let mut refused = 0;
    for _ in 0..30 {
        let mut s = connect_from("127.0.0.2", server.addr).await;
        // Written only when the server took the connection (a refused one
        // may be closed already).
        let _ = s.write_all(SLOW_POST).await;
        held.push(s);
    }
    // The first five are held open (their bodies awaited); the 25 others are
    // told why and closed at once.
    for s in held.iter_mut().skip(5) {
        let (status, body) = read_answer(s).await.expect("refused with an answer");
        assert_eq!(status, 429);
        assert_eq!(json(&body), json!({"code": "too_many_connections", "params": {"max": 5}}));
        refused += 1;
    }
    assert_eq!(refused, 25);
    until("only the client's share held", || server.connections() == 5).await;
    // Another client is served while the slow ones are still open.
    let mut fresh = connect_from("127.0.0.3", server.addr).await;
    fresh.write_all(SMALL_GET).await.unwrap();
    assert_eq!(read_answer(&mut fresh).await.unwrap().0, 404);
    let mut peek = [0u8; 16];
    for s in held.iter_mut().take(5) {
        assert!(matches!(s.try_read(&mut peek), Err(e) if e.kind() == std::io::ErrorKind::WouldBlock), "still open");
    }
    // The client's own share is given back as its connections close.
    held.truncate(4);
    until("a slot of the client freed", || server.connections() <= 5).await;
    let mut again = connect_from("127.0.0.2", server.addr).await;
    again.write_all(SMALL_GET).await.unwrap();
    assert_eq!(read_answer(&mut again).await.unwrap().0, 404);
    server.stop().await;
}

// ---------- WebSockets: the token in the first message, close frames ----------

use serde_json::json;

async fn two_humans(server: &triominos_server::Server) -> (String, String) {
    let g = create(
        server,
        json!({"preset": "goliath", "seats": [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}]}),
    )
    .await;
    (g["id"].as_str().unwrap().to_string(), token_of(&g, 0))
}

/// The seat's token goes in the first message: in the address it opens no
/// seat; a wrong one, or a first message that is no hello, is refused with
/// its code and a close frame.
#[tokio::test]
async fn the_token_goes_in_the_hello_never_in_the_address() {
    let db = temp_db();
    let server = start(&db).await;
    let (id, token) = two_humans(&server).await;
    // The token in the address, a hello without: a spectator.
    let url = format!("ws://{}/ws/{id}?token={token}", server.addr);
    let mut c = Client::open(server.addr, &id).await;
    c.ws = WsClient::open(&Link { socket: url, game: id.clone(), token: None }, None).await.unwrap();
    c.send(json!({"type": "hello"})).await;
    let snap = c.recv_type("snapshot").await;
    assert!(snap["you"].is_null() && snap["me"].is_null(), "{snap}");
    assert_eq!(c.act(json!({"kind": "draw"})).await.unwrap_err()["code"], "spectator");
    // The token in the hello: the seat.
    let seat = Client::connect(server.addr, &id, Some(&token)).await;
    assert_eq!(seat.me["seat"], 0);
    assert!(seat.received[0].contains("\"you\":0"));
    // A wrong token: refused, closed.
    let mut wrong = Client::open(server.addr, &id).await;
    wrong.send(json!({"type": "hello", "token": "f".repeat(32)})).await;
    assert_eq!(wrong.closed().await, (1008, "bad_token".into()));
    let e: Value = serde_json::from_str(&wrong.received[0]).unwrap();
    assert_eq!((e["type"].as_str(), e["code"].as_str()), (Some("error"), Some("bad_token")));
    // An action first: no hello, refused.
    let mut rude = Client::open(server.addr, &id).await;
    rude.send(json!({"type": "action", "action": {"kind": "draw"}, "id": 1})).await;
    assert_eq!(rude.closed().await, (1008, "hello_expected".into()));
    assert!(rude.received[0].contains("hello_expected"));
    // A second hello later is no message of its own.
    let mut again = Client::connect(server.addr, &id, None).await;
    again.send(json!({"type": "hello", "token": token})).await;
    let e = again.recv_type("error").await;
    assert_eq!((e["code"].as_str(), e["params"]["type"].as_str()), (Some("unknown_message"), Some("hello")));
    server.stop().await;
}

/// A socket that says nothing is closed after the header timeout.
#[tokio::test]
async fn a_silent_socket_is_closed_with_hello_expected() {
    let db = temp_db();
    let server = start_with(&db, |c| c.hello_timeout = std::time::Duration::from_millis(200)).await;
    let (id, _) = two_humans(&server).await;
    let mut silent = Client::open(server.addr, &id).await;
    assert_eq!(silent.closed().await, (1008, "hello_expected".into()));
    server.stop().await;
}

/// A message over 64 KiB closes the socket with a close frame 1009 that says why.
#[tokio::test]
async fn a_message_too_big_closes_with_1009() {
    let db = temp_db();
    let server = start(&db).await;
    let (id, token) = two_humans(&server).await;
    let mut c = Client::connect(server.addr, &id, Some(&token)).await;
    c.send_raw(format!(r#"{{"type":"ping","pad":"{}"}}"#, "x".repeat(70 * 1024))).await;
    assert_eq!(c.closed().await, (1009, "message too big".into()));
    // Before the hello too.
    let mut early = Client::open(server.addr, &id).await;
    early.send_raw("y".repeat(65 * 1024 + 1)).await;
    assert_eq!(early.closed().await, (1009, "message too big".into()));
    // The game goes on for the others.
    let mut other = Client::connect(server.addr, &id, Some(&token)).await;
    other.send(json!({"type": "ping", "id": 7})).await;
    assert_eq!(other.recv_type("pong").await["id"], 7);
    server.stop().await;
}

// ---------- Security headers ----------

/// The head of the answer to one GET on a real socket (the whole app), lowercased.
async fn head_of(addr: std::net::SocketAddr, path: &str) -> String {
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").as_bytes()).await.unwrap();
    let rest = closed_by_server(&mut s).await;
    let text = String::from_utf8_lossy(&rest).into_owned();
    text.split_once("\r\n\r\n").map_or(text.clone(), |x| x.0.to_string()).to_lowercase()
}

/// Every answer (the page, an asset, the API, a refusal) carries the security
/// headers; the policy allows the page's own inline scripts by hash and no other.
#[tokio::test]
async fn every_answer_carries_the_security_headers() {
    let db = temp_db();
    let server = start(&db).await;
    let csp = triominos_server::http::assets::content_security_policy();
    for path in ["/", "/g/abc/def", "/assets/app.js", "/assets/style.css", "/api/meta", "/api/games/nosuch", "/nowhere"]
    {
        let head = head_of(server.addr, path).await;
        assert!(head.contains(&format!("content-security-policy: {}", csp.to_lowercase())), "{path}: {head}");
        assert!(head.contains("x-frame-options: deny"), "{path}: {head}");
        assert!(head.contains("referrer-policy: no-referrer"), "{path}: {head}");
        assert!(head.contains("x-content-type-options: nosniff"), "{path}: {head}");
    }
    for part in ["default-src 'self'", "frame-ancestors 'none'", "object-src 'none'", "style-src 'self';"] {
        assert!(csp.contains(part), "{csp}");
    }
    // The page's inline scripts are those the policy names, and no inline style is in it.
    let (_, page) = http(&server, "GET", "/", None).await;
    let inline = triominos_server::http::assets::inline_scripts(&page);
    assert_eq!(inline.len(), 2);
    assert_eq!(csp.matches("'sha256-").count(), 2, "{csp}");
    assert!(!page.contains(" style=") && !page.contains("<style"), "{page}");
    server.stop().await;
}

/// The accept loop gives every handler the peer's address (`ConnectInfo<SocketAddr>`).
#[tokio::test]
async fn handlers_get_the_peers_address() {
    use axum::extract::ConnectInfo;
    let app = axum::Router::new().route(
        "/peer",
        axum::routing::get(|ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>| async move { peer.to_string() }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let limits = triominos_server::http::net::Limits {
        max_connections: 4,
        header_timeout: Duration::from_secs(60),
        body_timeout: Duration::from_secs(60),
        per_client: 0,
        trusted_proxies: Vec::new(),
    };
    let (_stop, stop) = tokio::sync::oneshot::channel();
    let (_open, serving) = triominos_server::http::net::serve(listener, app, limits, stop);
    tokio::spawn(serving);
    let mut s = TcpStream::connect(addr).await.unwrap();
    let local = s.local_addr().unwrap();
    s.write_all(b"GET /peer HTTP/1.1\r\nHost: x\r\n\r\n").await.unwrap();
    assert_eq!(read_answer(&mut s).await, Some((200, local.to_string())));
}

/// A shutdown (SIGTERM, Ctrl-C) closes every game socket with the code the
/// page takes for "server restarting", after the intent it was handling:
/// an intent acknowledged before the close is in the database after the restart.
#[tokio::test]
async fn a_shutdown_closes_game_sockets_as_restarting_and_keeps_what_was_acknowledged() {
    let db = temp_db();
    let server = start(&db).await;
    let (id, token) = two_humans(&server).await;
    let mut seat = Client::connect(server.addr, &id, Some(&token)).await;
    let mut watcher = Client::connect(server.addr, &id, None).await;
    // An intent on its way, then the shutdown.
    seat.send(json!({"type": "action", "action": {"kind": "draw"}, "id": 9_000_001})).await;
    let stopping = tokio::spawn(server.shutdown(std::time::Duration::from_secs(60)));
    let (code, reason) = seat.closed().await;
    assert_eq!(
        (code, reason.as_str()),
        (triominos_server::game::ws::CLOSE_RESTARTING, triominos_server::game::ws::RESTARTING)
    );
    assert_eq!(triominos_server::game::ws::CLOSE_RESTARTING, 4000);
    assert_eq!(watcher.closed().await.0, 4000);
    // The clients answer the close, as a browser does at once.
    let _ = seat.ws.recv().await;
    let _ = watcher.ws.recv().await;
    stopping.await.unwrap();
    let acked = seat
        .received
        .iter()
        .filter_map(|t| serde_json::from_str::<Value>(t).ok())
        .find_map(|m| (m["type"] == "ack" && m["id"] == 9_000_001).then(|| m["v"].as_u64().unwrap()));
    // The same database, started again.
    let again = start(&db).await;
    let (_, info) = http(&again, "GET", &format!("/api/games/{id}"), None).await;
    let info: Value = serde_json::from_str(&info).unwrap();
    if let Some(v) = acked {
        assert_eq!(info["version"].as_u64(), Some(v), "an acknowledged intent is stored");
    }
    let seat = Client::connect(again.addr, &id, Some(&token)).await;
    assert_eq!(seat.v, info["version"].as_u64().unwrap());
    again.stop().await;
}

/// Issue 35: spectator sockets were unlimited (1,000 of one client held every
/// slot). Beyond a game's share or a client's, a spectator is refused
/// politely: `too_many_spectators` with the cap and a close frame 1013 (try
/// again later); the players' own sockets are never refused.
#[tokio::test]
async fn spectators_beyond_a_games_or_a_clients_share_are_refused_politely() {
    let db = temp_db();
    let server = start_with(&db, |c| {
        c.max_spectators_per_game = 2;
        c.max_spectators_per_client = 3;
    })
    .await;
    let (a, token) = two_humans(&server).await;
    let (b, _) = two_humans(&server).await;
    let a1 = Client::connect(server.addr, &a, None).await;
    let _a2 = Client::connect(server.addr, &a, None).await;
    let mut a3 = Client::open(server.addr, &a).await;
    a3.send(json!({"type": "hello"})).await;
    assert_eq!(a3.closed().await, (1013, "too_many_spectators".into()));
    let refusal: serde_json::Value = serde_json::from_str(&a3.received[0]).unwrap();
    assert_eq!(refusal["params"], json!({"max": 2}));
    // The game's players still come in.
    let _seat = Client::connect(server.addr, &a, Some(&token)).await;
    // The client's third spectator socket fits in another game, its fourth not.
    let _b1 = Client::connect(server.addr, &b, None).await;
    let mut b2 = Client::open(server.addr, &b).await;
    b2.send(json!({"type": "hello"})).await;
    assert_eq!(b2.closed().await, (1013, "too_many_spectators".into()));
    let refusal: serde_json::Value = serde_json::from_str(&b2.received[0]).unwrap();
    assert_eq!(refusal["params"], json!({"max": 3}));
    // One leaves: its place is free again.
    drop(a1);
    let mut again = None;
    until_async_ok(&mut again, || async {
        let mut c = Client::open(server.addr, &a).await;
        c.send(json!({"type": "hello"})).await;
        let m = c.recv().await;
        (m["type"] == "snapshot").then_some(c)
    })
    .await;
    server.stop().await;
}

/// Tries `f` until it gives something (a hang guard of 120 s only).
async fn until_async_ok<T, F, Fut>(out: &mut Option<T>, mut f: F)
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Option<T>>,
{
    let deadline = std::time::Instant::now() + Duration::from_secs(120);
    while out.is_none() {
        assert!(std::time::Instant::now() < deadline, "never");
        *out = f().await;
        if out.is_none() {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

// ---------- The client behind a reverse proxy (issue 48) ----------

/// One request from the loopback address `from` with `headers` (`Name: value\r\n`
/// lines) and a JSON body: `(status, body)`.
async fn request_from(
    from: &str,
    addr: std::net::SocketAddr,
    method: &str,
    path: &str,
    headers: &str,
    body: &str,
) -> (u16, String) {
    let mut s = connect_from(from, addr).await;
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n{headers}\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).await.unwrap();
    s.write_all(body.as_bytes()).await.unwrap();
    read_answer(&mut s).await.expect("an answer")
}

/// The address the handlers see (`ConnectInfo`), as the accept loop gives
/// it with `127.0.0.2` a trusted proxy: from the proxy, the last address of
/// `X-Forwarded-For` that is not a trusted proxy; from anyone else, the peer,
/// whatever header it sends.
#[tokio::test]
async fn only_a_trusted_proxy_names_the_client() {
    use axum::extract::ConnectInfo;
    let app = axum::Router::new().route(
        "/peer",
        axum::routing::get(|ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>| async move { peer.ip().to_string() }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let limits = triominos_server::http::net::Limits {
        max_connections: 16,
        header_timeout: Duration::from_secs(60),
        body_timeout: Duration::from_secs(60),
        per_client: 0,
        trusted_proxies: vec!["127.0.0.2".parse().unwrap()],
    };
    let (_stop, stop) = tokio::sync::oneshot::channel();
    let (_open, serving) = triominos_server::http::net::serve(listener, app, limits, stop);
    tokio::spawn(serving);
    let seen = |from: &'static str, headers: &'static str| async move {
        let (status, body) = request_from(from, addr, "GET", "/peer", headers, "").await;
        assert_eq!(status, 200, "{body}");
        body
    };
    // Through the proxy: nginx adds the address it saw at the end; what the
    // client wrote before it is not believed.
    assert_eq!(seen("127.0.0.2", "X-Forwarded-For: 203.0.113.7\r\n").await, "203.0.113.7");
    assert_eq!(seen("127.0.0.2", "X-Forwarded-For: 10.9.9.9, 203.0.113.7\r\n").await, "203.0.113.7");
    assert_eq!(seen("127.0.0.2", "X-Forwarded-For: 203.0.113.7, 127.0.0.2\r\n").await, "203.0.113.7", "a chain");
    assert_eq!(seen("127.0.0.2", "X-Forwarded-For: 2001:db8::1\r\n").await, "2001:db8::1");
    // The proxy without the header, or with one that does not read: the proxy.
    assert_eq!(seen("127.0.0.2", "").await, "127.0.0.2");
    assert_eq!(seen("127.0.0.2", "X-Forwarded-For: 10.9.9.9, nonsense\r\n").await, "127.0.0.2");
    // Anyone else: its own address, whatever it says.
    assert_eq!(seen("127.0.0.1", "X-Forwarded-For: 203.0.113.7\r\n").await, "127.0.0.1");
    assert_eq!(seen("127.0.0.3", "X-Forwarded-For: 203.0.113.7\r\nX-Real-IP: 203.0.113.7\r\n").await, "127.0.0.3");
}

/// Issue 48: behind nginx every player was one client (the proxy), so a site
/// held 20 unfinished games in all (per instance) and its per-client limits
/// were lifted. With `--trusted-proxy`, two players through the proxy have a
/// share each (games, connections), and a client that forges the header
/// directly gets nothing more than its own share.
#[tokio::test]
async fn the_per_client_limits_apply_to_each_client_behind_a_trusted_proxy_and_a_forged_header_changes_nothing() {
    let db = temp_db();
    let server = start_with(&db, |c| {
        c.trusted_proxies = vec!["127.0.0.2".parse().unwrap()];
        c.max_games_per_client = 1;
        c.max_connections_per_client = 2;
        c.body_timeout = Duration::from_secs(3600);
        c.header_timeout = Duration::from_secs(3600);
    })
    .await;
    let game = r#"{"preset":"goliath","seats":[{"kind":"human","name":"Ann"},{"kind":"human","name":"Bob"}]}"#;
    let addr = server.addr;
    let create = |from: &'static str, xff: &'static str| async move {
        let headers = format!("X-Forwarded-For: {xff}\r\n");
        request_from(from, addr, "POST", "/api/games", &headers, game).await
    };
    // Two players through the proxy: a game each; a second one is refused
    // to its own player only.
    assert_eq!(create("127.0.0.2", "198.51.100.1").await.0, 201);
    assert_eq!(create("127.0.0.2", "198.51.100.2").await.0, 201);
    let (status, body) = create("127.0.0.2", "198.51.100.1").await;
    assert_eq!((status, json(&body)["code"].clone()), (429, json!("too_many_games")), "{body}");
    // A player forging the header at the proxy (nginx adds the address it saw).
    let (status, body) = create("127.0.0.2", "198.51.100.3, 198.51.100.1").await;
    assert_eq!((status, json(&body)["code"].clone()), (429, json!("too_many_games")), "{body}");
    // Directly, a forged header changes nothing: one client, one share.
    assert_eq!(create("127.0.0.1", "198.51.100.4").await.0, 201);
    let (status, body) = create("127.0.0.1", "198.51.100.5").await;
    assert_eq!((status, json(&body)["code"].clone()), (429, json!("too_many_games")), "{body}");
    // Connections: each player behind the proxy holds its own share of two.
    let slow = |xff: &str| {
        format!(
            "POST /api/pad HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: {xff}\r\nContent-Type: application/json\r\n\
             Content-Length: 100\r\n\r\n"
        )
    };
    let mut held = Vec::new();
    for _ in 0..2 {
        let mut s = connect_from("127.0.0.2", server.addr).await;
        s.write_all(slow("198.51.100.1").as_bytes()).await.unwrap();
        held.push(s);
    }
    until("the player's two connections held", || server.connections() == 2).await;
    let mut third = connect_from("127.0.0.2", server.addr).await;
    third.write_all(slow("198.51.100.1").as_bytes()).await.unwrap();
    let (status, body) = read_answer(&mut third).await.expect("refused with an answer");
    assert_eq!((status, json(&body)), (429, json!({"code": "too_many_connections", "params": {"max": 2}})));
    closed_by_server(&mut third).await;
    // Another player through the same proxy is served meanwhile.
    let mut other = connect_from("127.0.0.2", server.addr).await;
    other
        .write_all(b"GET /api/games/nosuchgame HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 198.51.100.2\r\n\r\n")
        .await
        .unwrap();
    assert_eq!(read_answer(&mut other).await.unwrap().0, 404);
    server.stop().await;
}

/// Issue 48: `GET /api/health` has a bucket per client (10 at once, then one
/// a second): a client past it is refused `429 checks_too_fast`, each client
/// behind the trusted proxy has its own, a forged `X-Forwarded-For` from
/// anywhere else makes no new client, and the checks of the machine itself
/// (127.0.0.1) and of the proxy (no `X-Forwarded-For`) are never counted.
#[tokio::test]
async fn health_checks_have_a_bucket_per_client_but_the_machine_and_the_proxy_never_wait() {
    let db = temp_db();
    let server = start_with(&db, |c| c.trusted_proxies = vec!["127.0.0.2".parse().unwrap()]).await;
    let addr = server.addr;
    let check = |from: &'static str, headers: String| async move {
        let (status, body) = request_from(from, addr, "GET", "/api/health", &headers, "").await;
        (status, json(&body)["code"].as_str().unwrap_or("").to_string())
    };
    // Checks until the first refusal (a token comes back each second: the
    // answers counted only say that the bucket ends, whatever the pace).
    let until_refused = |from: &'static str, forged: bool, xff: &'static str| async move {
        for n in 0..1000u32 {
            let headers = match (forged, xff) {
                (true, _) => format!("X-Forwarded-For: 198.51.100.{}\r\n", n % 250),
                (false, "") => String::new(),
                (false, x) => format!("X-Forwarded-For: {x}\r\n"),
            };
            match check(from, headers).await {
                (200, _) => {}
                (429, code) => return (n, code),
                other => panic!("{other:?}"),
            }
        }
        panic!("never refused");
    };
    // A client of its own, each check under another forged header: one client.
    let (ok, code) = until_refused("127.0.0.3", true, "").await;
    assert!(ok >= 10, "the burst first: {ok}");
    assert_eq!(code, "checks_too_fast");
    // Two clients through the proxy: a bucket each.
    until_refused("127.0.0.2", false, "198.51.100.1").await;
    assert_eq!(check("127.0.0.2", "X-Forwarded-For: 198.51.100.2\r\n".into()).await.0, 200);
    // The machine itself and the proxy's own checks: never refused.
    for _ in 0..40 {
        assert_eq!(check("127.0.0.1", String::new()).await.0, 200);
        assert_eq!(check("127.0.0.2", String::new()).await.0, 200);
    }
    server.stop().await;
}
