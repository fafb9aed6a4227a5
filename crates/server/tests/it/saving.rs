//! Issue 48: a page is told when the server cannot save. With the database
//! frozen (PostgreSQL stopped by `SIGSTOP`: nothing fails, nothing is
//! committed), a write that waits longer than the stall time makes every
//! socket of the instance hear `{"type":"saving","ok":false}`, the socket
//! whose own move waits included, and `{"type":"saving","ok":true}` once the
//! database saves again; `/api/health` says so meanwhile. The storage thread
//! is frozen here by a test seam (`Store::freeze`), its batch counted as
//! begun long ago (`Frozen::stall`) rather than waiting the stall time.

use crate::common;

use common::*;
use serde_json::{json, Value};

/// The next message of `c` of type `kind`, and whether an `ack` came before it.
async fn next_of(c: &mut Client, kind: &str) -> (Value, bool) {
    let mut acked = false;
    loop {
        let m = c.recv().await;
        if m["type"] == kind {
            return (m, acked);
        }
        acked |= m["type"] == "ack";
        c.absorb(&m);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pages_are_told_when_the_server_cannot_save_and_when_it_can_again() {
    let db = temp_db();
    let server = start(&db).await;
    let g = create(
        &server,
        json!({"preset": "goliath", "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "beginner"}]}),
    )
    .await;
    let id = g["id"].as_str().unwrap().to_string();
    let mut ann = Client::connect(server.addr, &id, Some(&token_of(&g, 0))).await;
    ann.wait_turn().await;
    assert_eq!(ann.status["phase"], "playing");

    // 1. Ann's move waits for the frozen database; its socket is busy
    // handling it (the room is held by the write), and hears why.
    let frozen = server.state.store.freeze().await;
    let v = ann.v;
    let mv = ann.choose();
    ann.send(json!({"type": "action", "action": mv, "id": 900_001})).await;
    let room = server.state.game(&id).await.unwrap();
    // The driver is busy with the move once a read sent after it is not
    // answered at once (a read answered means the move had not arrived yet:
    // asked again). Under load a slow answer only ends the wait early.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    while tokio::time::timeout(std::time::Duration::from_millis(50), room.read(|_| ())).await.is_ok() {
        assert!(std::time::Instant::now() < deadline, "waited 120 s for the move to wait for the store");
    }
    frozen.stall();
    let (told, acked) = next_of(&mut ann, "saving").await;
    assert_eq!(told, json!({"type": "saving", "ok": false}));
    assert!(!acked, "no ack while the database is frozen");
    let (status, body) = http(&server, "GET", "/api/health", None).await;
    assert_eq!(status, 503, "{body}");
    assert_eq!(serde_json::from_str::<Value>(&body).unwrap()["status"], "storage_stalled");
    assert_eq!(ann.v, v, "nothing applied");

    // The database saves again: the move is acknowledged, and the page told.
    drop(frozen);
    let (told, _) = next_of(&mut ann, "saving").await;
    assert_eq!(told, json!({"type": "saving", "ok": true}));
    ann.wait_version(v + 1).await;
    assert_eq!(http(&server, "GET", "/api/health", None).await.0, 200);
    let stored = server.state.store.load(id.clone()).await.unwrap().unwrap();
    assert!(stored.actions.len() as u64 > v, "the move that waited is stored");

    // 2. Frozen again, no move waiting: every socket hears it, and a page
    // that connects meanwhile is told right after its snapshot.
    ann.wait_turn().await;
    let frozen = server.state.store.freeze().await;
    frozen.stall();
    let (told, _) = next_of(&mut ann, "saving").await;
    assert_eq!(told["ok"], false);
    let mut watcher = Client::connect(server.addr, &id, None).await;
    // Told at its connection, before or after its snapshot.
    let stalled = r#"{"type":"saving","ok":false}"#;
    if !watcher.received.iter().any(|t| t == stalled) {
        let (told, _) = next_of(&mut watcher, "saving").await;
        assert_eq!(told["ok"], false, "told at its connection");
    }
    drop(frozen);
    for c in [&mut ann, &mut watcher] {
        let (told, _) = next_of(c, "saving").await;
        assert_eq!(told["ok"], true);
    }
    // One message a change, no more: nothing else about saving was sent.
    let saying = |c: &Client| c.received.iter().filter(|t| t.contains("\"saving\"")).count();
    assert_eq!((saying(&ann), saying(&watcher)), (4, 2));
    server.stop().await;
}
