//! The screen-reader table's wire (issue 38): a seat's view names each legal
//! placement and each open spot in the move notation (docs/notation.md),
//! every play is told with its notation, and a move typed in the notation
//! (`{"type": "move", "text"}`) is read by core's one reader against the
//! seat's own view, applied as the action it means, or refused with a code
//! the page words, changing nothing and telling nothing of another hand.

use crate::common;

use common::*;
use serde_json::{json, Value};
use std::collections::BTreeSet;

fn two_humans(seed: u64) -> Value {
    json!({"preset": "goliath", "seed": seed, "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]})
}

static NEXT_ID: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

/// Types `text` as a move and waits for its ack (the update after it taken
/// in) or its refusal.
async fn typed(c: &mut Client, text: &str) -> Result<u64, Value> {
    let id = NEXT_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    c.send(json!({"type": "move", "text": text, "id": id})).await;
    loop {
        let m = c.recv().await;
        match m["type"].as_str() {
            Some("ack") if m["id"] == id => {
                let v = m["v"].as_u64().unwrap();
                while c.v < v {
                    let u = c.recv_type("update").await;
                    c.absorb(&u);
                }
                return Ok(v);
            }
            Some("error") if m["id"] == id => return Err(m),
            _ => c.absorb(&m),
        }
    }
}

/// The last `played` event this client received.
fn last_played(c: &Client) -> Option<Value> {
    c.received.iter().rev().find_map(|t| {
        let m: Value = serde_json::from_str(t).ok()?;
        let deltas = m.get("deltas").or_else(|| m.get("log"))?.as_array()?.clone();
        deltas
            .iter()
            .rev()
            .flat_map(|d| d["events"].as_array().cloned().unwrap_or_default().into_iter().rev())
            .find(|e| e["type"] == "played")
    })
}

/// The spots a seat is told of agree with its legal placements: every
/// legal placement's cell is an open spot listing its tile, every tile a
/// spot lists is in the hand, spots are named once each, and none is a
/// placed cell.
fn check_spots(me: &Value, placed: &BTreeSet<(i64, i64)>) {
    let spots = me["spots"].as_array().unwrap();
    let hand: BTreeSet<&str> = me["hand"].as_array().unwrap().iter().map(|t| t.as_str().unwrap()).collect();
    let cell = |v: &Value| (v[0].as_i64().unwrap(), v[1].as_i64().unwrap());
    let names: BTreeSet<&str> = spots.iter().map(|s| s["spot"]["name"].as_str().unwrap()).collect();
    assert_eq!(names.len(), spots.len(), "each spot named once: {spots:?}");
    for s in spots {
        assert!(!placed.contains(&cell(&s["cell"])), "an open spot is empty: {s}");
        let name = s["spot"]["name"].as_str().unwrap();
        let next = s["spot"]["next_to"].as_str().unwrap().replace('-', "");
        assert!(name.ends_with(&next) && "LRAB".contains(&name[..1]), "{name} from {next}");
        for t in s["fits"].as_array().unwrap() {
            assert!(hand.contains(t.as_str().unwrap()), "only the hand's tiles: {s}");
        }
    }
    for p in me["legal"].as_array().unwrap() {
        let s = spots.iter().find(|s| cell(&s["cell"]) == cell(&p["cell"]));
        if placed.is_empty() {
            assert!(s.is_none(), "an empty table has no spot to name");
            continue;
        }
        let s = s.unwrap_or_else(|| panic!("the spot of {p} is listed"));
        assert!(s["fits"].as_array().unwrap().contains(&p["tile"]), "{s} lists {}", p["tile"]);
        // The legal placement's notation names that spot.
        let n = p["notation"].as_str().unwrap();
        assert!(n.ends_with(s["spot"]["name"].as_str().unwrap()), "{n} is at {s}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_played_by_typed_moves_only_tells_each_play_in_the_notation() {
    let db = temp_db();
    let server = start(&db).await;
    let g = create(&server, two_humans(21)).await;
    let id = g["id"].as_str().unwrap().to_string();
    let mut clients = [
        Client::connect(server.addr, &id, Some(&token_of(&g, 0))).await,
        Client::connect(server.addr, &id, Some(&token_of(&g, 1))).await,
    ];
    let mut placed = BTreeSet::new();
    let mut plays = 0;
    for _ in 0..300 {
        let seat = clients[0].status["to_move"].as_u64().unwrap() as usize;
        if clients[0].status["phase"] != "playing" {
            break;
        }
        let c = &mut clients[seat];
        check_spots(&c.me, &placed);
        let legal = c.me["legal"].as_array().cloned().unwrap_or_default();
        let best = legal.iter().max_by_key(|p| p["points"].as_i64().unwrap());
        let text = match best {
            Some(p) => p["notation"].as_str().unwrap().to_string(),
            None if c.me["can_draw"] == true => "draw".into(),
            None => "pass".into(),
        };
        let v = typed(c, &text).await.unwrap_or_else(|e| panic!("{text} refused: {e}"));
        if let Some(p) = best {
            let e = last_played(c).expect("a play is told");
            assert_eq!(e["notation"], text.as_str(), "the play is told as it was typed");
            assert_eq!((&e["placement"]["tile"], &e["placement"]["cell"]), (&p["tile"], &p["cell"]));
            placed.insert((p["cell"][0].as_i64().unwrap(), p["cell"][1].as_i64().unwrap()));
            plays += 1;
        }
        for c in clients.iter_mut() {
            c.wait_version(v).await;
        }
    }
    assert!(plays >= 10, "a round of typed plays: {plays}");
    assert_ne!(clients[0].status["phase"], "playing", "the round ended");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_typed_move_that_means_nothing_is_refused_with_a_reason_and_changes_nothing() {
    let db = temp_db();
    let server = start(&db).await;
    let g = create(&server, two_humans(5)).await;
    let id = g["id"].as_str().unwrap().to_string();
    let mut clients = [
        Client::connect(server.addr, &id, Some(&token_of(&g, 0))).await,
        Client::connect(server.addr, &id, Some(&token_of(&g, 1))).await,
    ];
    let opener = clients[0].status["to_move"].as_u64().unwrap() as usize;
    let other_hand: Vec<String> =
        clients[1 - opener].me["hand"].as_array().unwrap().iter().map(|t| t.as_str().unwrap().to_string()).collect();
    let c = &mut clients[opener];
    let mine: BTreeSet<String> =
        c.me["hand"].as_array().unwrap().iter().map(|t| t.as_str().unwrap().to_string()).collect();
    let compact = |t: &str| t.replace('-', "");
    // A tile of the other hand and a tile of the pool are refused alike:
    // the refusal tells nothing of where a tile not held is.
    let pool_tile = (0..=5u8)
        .flat_map(|a| (a..=5).flat_map(move |b| (b..=5).map(move |c| format!("{a}-{b}-{c}"))))
        .find(|t| !mine.contains(t) && !other_hand.contains(t))
        .unwrap();
    let mut refusals = Vec::new();
    for t in [&other_hand[0], &pool_tile] {
        let e = typed(c, &compact(t)).await.unwrap_err();
        assert_eq!(e["code"], "notation");
        assert_eq!(e["params"]["code"], "not_in_hand");
        assert_eq!(e["params"]["params"]["tile"], t.as_str());
        let mut p = e["params"].clone();
        p["params"]["tile"] = Value::Null;
        p["params"]["text"] = Value::Null;
        refusals.push(p);
    }
    assert_eq!(refusals[0], refusals[1], "the same refusal for the other hand's tile and the pool's");
    // Bad spelling, a spot at the opening, and an opening without its turn.
    let e = typed(c, "255X555").await.unwrap_err();
    assert_eq!(e["params"]["code"], "unexpected");
    assert_eq!(e["params"]["params"]["found"], "X555");
    let e = typed(c, "241").await.unwrap_err();
    assert_eq!(e["params"]["code"], "bad_tile");
    assert_eq!(e["params"]["params"]["canonical"], "1-2-4");
    let legal = c.me["legal"].as_array().unwrap().clone();
    let turned = legal.iter().find(|p| p["notation"].as_str().unwrap().contains('^')).expect("an opening with a turn");
    let n = turned["notation"].as_str().unwrap();
    let bare = n.split('^').next().unwrap();
    let e = typed(c, bare).await.unwrap_err();
    assert_eq!(e["params"]["code"], "ambiguous", "{e}");
    let candidates: Vec<&str> =
        e["params"]["params"]["candidates"].as_array().unwrap().iter().map(|x| x.as_str().unwrap()).collect();
    assert!(candidates.contains(&n), "{candidates:?} holds {n}");
    let e = typed(c, &format!("{bare}L{bare}")).await.unwrap_err();
    assert_eq!(e["params"]["code"], "spot_at_opening");
    assert_eq!(
        e["params"]["params"]["text"],
        "the first tile goes in the middle: write it without a spot, with its turn if it has several (124^2)"
    );
    assert_eq!(c.v, 0, "nothing changed");
    // The other seat may not type out of turn: the game's own refusal.
    let e = typed(&mut clients[1 - opener], "draw").await.unwrap_err();
    assert_eq!(e["code"], "not_your_turn");
    // A spectator may not type at all.
    let mut spec = Client::connect(server.addr, &id, None).await;
    assert_eq!(typed(&mut spec, "draw").await.unwrap_err()["code"], "spectator");
    // The opening typed with its turn is played.
    let c = &mut clients[opener];
    assert_eq!(typed(c, n).await, Ok(1));
    assert_eq!(last_played(c).unwrap()["notation"], n);
    // Now a spot named from a tile not on the board, and one that is taken.
    let mut other = std::mem::replace(&mut clients[1 - opener], Client::connect(server.addr, &id, None).await);
    other.wait_version(1).await;
    let first = other.me["spots"][0]["spot"]["next_to"].as_str().unwrap().to_string();
    let t = compact(other.me["hand"][0].as_str().unwrap());
    let e = typed(&mut other, &format!("{t}L{}", compact(&pool_tile))).await.unwrap_err();
    assert_eq!((&e["params"]["code"], &e["params"]["params"]["tile"]), (&json!("not_on_board"), &json!(pool_tile)));
    assert_eq!(
        other.me["spots"].as_array().unwrap().len(),
        3,
        "three spots round the first tile: {}",
        other.me["spots"]
    );
    assert!(other.me["spots"].as_array().unwrap().iter().all(|s| s["spot"]["next_to"] == first.as_str()));
    assert_eq!(other.v, 1, "nothing changed");
}
