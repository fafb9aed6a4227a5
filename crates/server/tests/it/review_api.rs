//! `GET /api/games/{id}/review`: the review of a finished game's seat, each
//! decision at its record line and replay frame; refused for a game still
//! being played, computed once.

use crate::common;

use common::*;
use serde_json::{json, Value};

/// A small budget: the test build is slow and the budget is not what is tested.
const FAST: &str = "iterations=40&samples=8";

async fn finished_bot_game(server: &triominos_server::Server) -> String {
    let created = create(
        server,
        json!({
            "preset": "goliath", "seed": 12, "options": {"target": "none"},
            "seats": [{"kind": "bot", "level": "random", "name": "Rita"}, {"kind": "bot", "level": "greedy", "name": "Gus"}],
        }),
    )
    .await;
    let id = created["id"].as_str().unwrap().to_string();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    loop {
        let (_, info) = http(server, "GET", &format!("/api/games/{id}"), None).await;
        let info: Value = serde_json::from_str(&info).unwrap();
        if info["status"]["phase"] == "game_over" {
            return id;
        }
        assert!(std::time::Instant::now() < deadline, "the game of bots did not end: {info}");
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_is_reviewed_decision_by_decision() {
    let db = temp_db();
    let server = start(&db).await;
    let id = finished_bot_game(&server).await;
    let (s, tri) = http(&server, "GET", &format!("/api/games/{id}/record.tri"), None).await;
    assert_eq!(s, 200);
    let lines: Vec<&str> = tri.lines().collect();
    let (s, replay) = http(&server, "GET", &format!("/api/games/{id}/replay"), None).await;
    assert_eq!(s, 200);
    let replay: Value = serde_json::from_str(&replay).unwrap();
    let frames = replay["frames"].as_array().unwrap();

    for seat in 0..2u64 {
        let (s, body) = http(&server, "GET", &format!("/api/games/{id}/review?seat={seat}&{FAST}"), None).await;
        assert_eq!(s, 200, "{body}");
        let v: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(v["seat"], seat);
        assert_eq!(v["game"]["seats"][seat as usize]["name"], ["Rita", "Gus"][seat as usize]);
        let r = &v["review"];
        assert_eq!(r["seat"], seat);
        let decisions = r["decisions"].as_array().unwrap();
        let at = v["frames"].as_array().unwrap();
        assert_eq!(at.len(), decisions.len());
        // Every action of the seat in the record, in order, and nothing else.
        let name = r["player"].as_str().unwrap();
        let expected: Vec<usize> =
            lines.iter().enumerate().filter(|(_, l)| l.starts_with(&format!("{name} "))).map(|(i, _)| i + 1).collect();
        let got: Vec<usize> = decisions.iter().map(|d| d["line"].as_u64().unwrap() as usize).collect();
        assert_eq!(got, expected);
        assert!(got.len() > 10);
        let mut sum = 0.0;
        for (d, f) in decisions.iter().zip(at) {
            // The frame before the decision has the seat to move; the next one is its action.
            let f = f.as_u64().unwrap() as usize;
            assert_eq!(frames[f]["status"]["to_move"], seat, "frame {f}");
            assert_eq!(frames[f]["status"]["phase"], "playing");
            assert_eq!(frames[f + 1]["seat"], seat);
            let kind = d["played"]["kind"].as_str().unwrap();
            assert_eq!(frames[f + 1]["action"]["kind"].as_str(), Some(kind), "{}", frames[f + 1]);
            let (pv, bv, loss) =
                (d["played_value"].as_f64().unwrap(), d["best_value"].as_f64().unwrap(), d["loss"].as_f64().unwrap());
            assert!(loss >= 0.0 && (bv - pv - loss).abs() < 0.011);
            sum += loss;
        }
        assert!((r["totals"]["loss"].as_f64().unwrap() - sum).abs() < 0.01);
        // Each decision's moves in the notation: the played one as the record's comment
        // names it (core's writer, on the board the player faced), the best one named too.
        let named = v["notation"].as_array().unwrap();
        assert_eq!(named.len(), decisions.len());
        for (d, n) in decisions.iter().zip(named) {
            let line = lines[d["line"].as_u64().unwrap() as usize - 1];
            let played = n["played"].as_str().unwrap();
            if d["played"]["kind"] == "play" {
                assert!(line.ends_with(&format!(" {played}")), "{line} is {played}");
            } else {
                assert_eq!(played, d["played"]["kind"].as_str().unwrap());
            }
            let best = n["best"].as_str().unwrap();
            match d["best"]["kind"].as_str().unwrap() {
                "play" => assert!(best.starts_with(&d["best"]["tile"].as_str().unwrap().replace('-', "")), "{best}"),
                kind => assert_eq!(best, kind),
            }
            if d["best"] == d["played"] {
                assert_eq!(best, played);
            }
        }
        // Asked again: the same review, from memory.
        let (s, again) = http(&server, "GET", &format!("/api/games/{id}/review?seat={seat}&{FAST}"), None).await;
        assert_eq!(s, 200);
        assert_eq!(again, body);
    }
    // The random player loses more than the greedy one.
    let loss = |body: &str| -> f64 {
        serde_json::from_str::<Value>(body).unwrap()["review"]["totals"]["average_loss"].as_f64().unwrap()
    };
    let (_, a) = http(&server, "GET", &format!("/api/games/{id}/review?seat=0&{FAST}"), None).await;
    let (_, b) = http(&server, "GET", &format!("/api/games/{id}/review?seat=1&{FAST}"), None).await;
    assert!(loss(&a) > loss(&b), "random {} greedy {}", loss(&a), loss(&b));
    // Two requests at once get the same answer.
    let path = format!("/api/games/{id}/review?seat=1&iterations=30&samples=5");
    let (x, y) = tokio::join!(http(&server, "GET", &path, None), http(&server, "GET", &path, None));
    assert_eq!((x.0, y.0), (200, 200));
    assert_eq!(x.1, y.1);
    // The page is served.
    let (s, page) = http(&server, "GET", &format!("/review/{id}"), None).await;
    assert_eq!(s, 200);
    assert!(page.contains("<script"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_not_finished_and_bad_requests_are_refused_with_a_code() {
    let db = temp_db();
    let server = start(&db).await;
    let created = create(
        &server,
        json!({"preset": "goliath", "seed": 3, "seats": [{"kind": "human", "name": "Me"}, {"kind": "bot", "level": "greedy"}]}),
    )
    .await;
    let id = created["id"].as_str().unwrap();
    let (s, body) = http(&server, "GET", &format!("/api/games/{id}/review?seat=0"), None).await;
    assert_eq!(s, 409);
    assert_eq!(serde_json::from_str::<Value>(&body).unwrap()["code"], "game_not_finished");
    let (s, body) = http(&server, "GET", "/api/games/nosuchgame/review", None).await;
    assert_eq!(s, 404);
    assert!(body.contains("game_not_found"), "{body}");

    let done = finished_bot_game(&server).await;
    for (query, status, code) in [
        ("seat=2", 404, "not_found"),
        // A query that does not read is `bad_query` (issue 35: a repeated
        // parameter was `http_error`, the others `bad_json`).
        ("seat=-1", 400, "bad_query"),
        ("seat=x", 400, "bad_query"),
        ("seat=0&seat=1", 400, "bad_query"),
        ("seat=0&iterations=0", 400, "bad_query"),
        ("seat=0&iterations=20001", 400, "bad_query"),
        ("seat=0&samples=4001", 400, "bad_query"),
        ("seat=0&samples=zero", 400, "bad_query"),
    ] {
        let (s, body) = http(&server, "GET", &format!("/api/games/{done}/review?{query}"), None).await;
        assert_eq!(s, status, "{query}: {body}");
        assert_eq!(serde_json::from_str::<Value>(&body).unwrap()["code"], code, "{query}");
    }
}

/// A review's mistake made a personal puzzle: built from the reviewed seat's
/// observation only. No tile of another hand nor of the pool at that moment
/// is anywhere in it; its hand is the seat's own; the move played is not an
/// answer; a decision that is no mistake is refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_personal_puzzle_holds_no_hidden_tile() {
    use triominos_core::{Game, HistoryEntry, TileSet};
    let db = temp_db();
    let server = start(&db).await;
    let id = finished_bot_game(&server).await;
    let budget = "iterations=300&samples=100";
    let (s, body) = http(&server, "GET", &format!("/api/games/{id}/review?seat=0&{budget}"), None).await;
    assert_eq!(s, 200, "{body}");
    let review: Value = serde_json::from_str(&body).unwrap();
    let ds = review["review"]["decisions"].as_array().unwrap().clone();
    let (_, tri) = http(&server, "GET", &format!("/api/games/{id}/record.tri"), None).await;
    let replayed = triominos_core::record::replay(&tri).unwrap();
    let mut made = 0;
    for (k, d) in ds.iter().enumerate() {
        let (s, body) = http(&server, "GET", &format!("/api/games/{id}/puzzle?seat=0&k={k}&{budget}"), None).await;
        if d["severity"].is_null() {
            assert_eq!(s, 404, "decision {k} is no mistake: {body}");
            continue;
        }
        assert_eq!(s, 200, "{body}");
        let p: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(p["kind"], "better_move");
        assert_eq!(p["played"], d["played"]);
        assert!(!p["answers"].as_array().unwrap().contains(&d["played"]));
        assert_eq!(p["answers"][0], d["best"], "the review's better move first");
        // The true game at that moment: every hand and the pool.
        let (round, step) = (d["round"].as_u64().unwrap() as usize, d["step"].as_u64().unwrap() as usize);
        let history = replayed.game.history();
        let mut g = Game::with_deal(replayed.rules, 2, history[0].deal.clone()).unwrap();
        for (r, h) in history.iter().enumerate().take(round) {
            if r > 0 {
                g.begin_round(h.deal.clone()).unwrap();
            }
            for (i, e) in h.entries().enumerate() {
                if r + 1 == round && i == step {
                    break;
                }
                match e {
                    HistoryEntry::Action(a) => g.play_as(a.seat, a.action).map(|_| ()).unwrap(),
                    HistoryEntry::Timeout(t) => g.time_out_as(t.seat).map(|_| ()).unwrap(),
                }
            }
        }
        let hidden: TileSet = g.hand(1).unwrap().union(g.pool().collect());
        let own: Vec<String> = g.hand(0).unwrap().iter().map(|t| t.to_string()).collect();
        let mut hand: Vec<String> =
            p["hand"].as_array().unwrap().iter().map(|t| t.as_str().unwrap().to_string()).collect();
        hand.sort();
        let mut own_sorted = own.clone();
        own_sorted.sort();
        assert_eq!(hand, own_sorted, "the seat's own hand");
        for t in hidden.iter() {
            assert!(!body.contains(&format!("\"{t}\"")), "decision {k}: the hidden tile {t} is in the puzzle: {body}");
        }
        made += 1;
    }
    assert!(made > 0, "a mistake or a blunder to practise");
    let (s, _) = http(&server, "GET", &format!("/api/games/{id}/puzzle?seat=0&k=9999&{budget}"), None).await;
    assert_eq!(s, 404);
    let (s, _) = http(&server, "GET", &format!("/api/games/{id}/puzzle?seat=0&k=x"), None).await;
    assert_eq!(s, 400);
    server.stop().await;
}

use triominos_server::game::think::Lane;

/// Issue 35: a pending review held about 4 MB (its game replayed and cut into
/// decisions) before it was even queued, whatever its budget, so 300 open
/// requests took over a gigabyte. Now a request waits holding only its
/// parameters: with 300 reviews waiting, one holds its work and waits for a
/// thinking slot, the others wait for their turn.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_hundred_pending_reviews_hold_only_their_parameters() {
    let db = temp_db();
    let server = start_with(&db, |c| {
        c.max_thinking = 1;
        c.max_reviews_per_client = 0;
        c.max_reviews = 1000;
    })
    .await;
    let id = finished_bot_game(&server).await;
    // Every thinking slot taken: no review decision runs.
    let hold = server.state.thinking.acquire(Lane::People, 1).await;
    let mut pending = Vec::new();
    for n in 1..=300 {
        // 300 different budgets: 300 reviews, none shared.
        let path = format!("/api/games/{id}/review?seat=0&iterations={n}&samples=2");
        let server_state = server.state.clone();
        pending.push(tokio::spawn(async move {
            let req = axum::http::Request::get(path).body(axum::body::Body::empty()).unwrap();
            let app = triominos_server::http::router::router(server_state);
            tower::ServiceExt::oneshot(app, req).await.unwrap().status().as_u16()
        }));
    }
    let shares = &server.state.shares;
    until("300 reviews waiting", || shares.reviews() == 300).await;
    until("the first one's work taken", || server.state.thinking.status().waiting_reviews == 1).await;
    assert_eq!(shares.reviews_prepared(), 1, "one review holds its replay; 299 hold their parameters");
    assert_eq!(server.state.thinking.status().waiting_reviews, 1, "one decision queued, not 300");
    // Let them run: the first one ends, and gives its work back.
    drop(hold);
    let first = pending.remove(0).await.unwrap();
    assert_eq!(first, 200);
    for p in &pending {
        p.abort();
    }
    drop(pending);
    until("every share given back", || shares.is_empty()).await;
    assert_eq!(shares.reviews_prepared(), 0);
}

/// Reviews are limited per client: one more than its share waiting is refused
/// with 429 `too_many_reviews` and a `retry_after`; once they are done, the
/// shares are given back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reviews_beyond_a_clients_share_are_refused_with_retry_after() {
    let db = temp_db();
    let server = start_with(&db, |c| {
        c.max_thinking = 1;
        c.max_reviews_per_client = 2;
    })
    .await;
    let id = finished_bot_game(&server).await;
    let hold = server.state.thinking.acquire(Lane::People, 1).await;
    let ask = |n: u32| {
        let state = server.state.clone();
        let path = format!("/api/games/{id}/review?seat=0&iterations={n}&samples=2");
        tokio::spawn(async move {
            let req = axum::http::Request::get(path).body(axum::body::Body::empty()).unwrap();
            let resp = tower::ServiceExt::oneshot(triominos_server::http::router::router(state), req).await.unwrap();
            let status = resp.status().as_u16();
            let body = axum::body::to_bytes(resp.into_body(), usize::MAX).await.unwrap();
            (status, String::from_utf8(body.to_vec()).unwrap())
        })
    };
    let (a, b) = (ask(10), ask(11));
    until("two waiting", || server.state.shares.reviews() == 2).await;
    let (s, body) = ask(12).await.unwrap();
    assert_eq!(s, 429, "{body}");
    assert_eq!(
        serde_json::from_str::<Value>(&body).unwrap(),
        json!({"code": "too_many_reviews", "params": {"retry_after": 30}})
    );
    drop(hold);
    assert_eq!(a.await.unwrap().0, 200);
    assert_eq!(b.await.unwrap().0, 200);
    until("every share given back", || server.state.shares.is_empty()).await;
    // A review done is answered from memory, whatever the shares.
    let (s, _) = ask(10).await.unwrap();
    assert_eq!(s, 200);
}
