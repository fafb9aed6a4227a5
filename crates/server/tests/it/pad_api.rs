//! The score pad's HTTP API: a hand-computed sheet entered turn by turn,
//! undo/edit/insert/delete, preview, the list, CSV, every refusal, sheets
//! surviving a restart, and a translation for every refusal code.

use crate::common;

use common::*;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::sync::Mutex;
use triominos_core::pad::PadError;
use triominos_core::Tile;
use triominos_server::Server;

/// The owner keys of the sheets the tests created, by sheet id: the tests
/// hold them as the page that created a sheet does.
static KEYS: Mutex<BTreeMap<String, String>> = Mutex::new(BTreeMap::new());

/// The key the tests hold for the sheet a pad path names.
fn key_for(path: &str) -> Option<String> {
    let id = path.strip_prefix("/api/pad/")?.split(['/', '?']).next()?;
    KEYS.lock().unwrap().get(id).cloned()
}

/// A request sending the sheet's key when the tests hold it.
async fn call(srv: &Server, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
    call_with_key(srv, method, path, body, key_for(path).as_deref()).await
}

async fn call_with_key(srv: &Server, method: &str, path: &str, body: Option<Value>, key: Option<&str>) -> (u16, Value) {
    let text = body.map(|b| b.to_string());
    let headers: Vec<(&str, &str)> = key.map(|k| ("x-pad-key", k)).into_iter().collect();
    let (s, _, body) = http_with(srv, method, path, text.as_deref(), &headers).await;
    match serde_json::from_str(&body) {
        Ok(v) => (s, v),
        Err(_) => (s, Value::String(body)),
    }
}

async fn new_sheet(srv: &Server, req: Value) -> Value {
    let (s, v) = call(srv, "POST", "/api/pad", Some(req)).await;
    assert_eq!(s, 201, "{v}");
    let key = v["key"].as_str().expect("the owner key, once").to_string();
    assert_eq!(key.len(), 32, "128-bit keys");
    assert_eq!(v["owned"], true);
    KEYS.lock().unwrap().insert(v["id"].as_str().unwrap().to_string(), key);
    v
}

/// The list of the sheets these keys open.
async fn list(srv: &Server, keys: &[(&str, &str)]) -> Value {
    let sheets: Vec<Value> = keys.iter().map(|(id, key)| json!({"id": id, "key": key})).collect();
    let (s, v) = call(srv, "POST", "/api/pad/list", Some(json!({ "sheets": sheets }))).await;
    assert_eq!(s, 200, "{v}");
    v
}

async fn add(srv: &Server, id: &str, entry: Value) -> (u16, Value) {
    call(srv, "POST", &format!("/api/pad/{id}/entries"), Some(json!({ "entry": entry }))).await
}

async fn add_ok(srv: &Server, id: &str, entry: Value, totals: Value) -> Value {
    let (s, v) = add(srv, id, entry.clone()).await;
    assert_eq!(s, 200, "{entry}: {v}");
    assert_eq!(v["status"]["totals"], totals, "after {entry}");
    v
}

fn play(player: u8, tile: &str) -> Value {
    json!({"kind": "play", "player": player, "tile": tile})
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_goliath_sheet_entered_turn_by_turn() {
    let db = temp_db();
    let server = start(&db).await;
    let srv = &server;
    let (s, page) = http(srv, "GET", "/pad", None).await;
    assert_eq!(s, 200);
    assert!(page.contains("<html"));
    let (s, _) = http(srv, "GET", "/pad/abc", None).await;
    assert_eq!(s, 200);

    let v = new_sheet(srv, json!({"names": ["Léa", "Malik", "Chloé"], "preset": "goliath"})).await;
    let id = v["id"].as_str().unwrap().to_string();
    assert_eq!(v["version"], 0);
    assert_eq!(v["names"], json!(["Léa", "Malik", "Chloé"]));
    assert_eq!(v["options"]["target"], "400");
    let st = &v["status"];
    assert_eq!(st["phase"], "opening");
    assert_eq!(st["pool"], 35);
    assert_eq!(st["hands"], json!([7, 7, 7]));
    assert_eq!(st["to_play"], Value::Null);

    // The worked example of the Goliath rules, then a hexagon and a bridge.
    add_ok(srv, &id, play(0, "2-3-5"), json!([10, 0, 0])).await;
    add_ok(srv, &id, play(1, "1-3-3"), json!([10, 7, 0])).await;
    let v = add_ok(
        srv,
        &id,
        json!({"kind": "draw", "player": 2, "draws": 2, "placed": {"tile": "2-3-4"}}),
        json!([10, 7, -1]),
    )
    .await;
    let last = &v["entries"][2];
    assert_eq!(
        last["items"],
        json!([
            {"player": 2, "reason": "draw", "points": -5},
            {"player": 2, "reason": "draw", "points": -5},
            {"player": 2, "reason": "tile", "points": 9}
        ])
    );
    assert_eq!(last["points"], json!([0, 0, -1]));
    assert_eq!(v["status"]["to_play"], 0);
    assert_eq!(v["status"]["pool"], 33);
    assert_eq!(v["status"]["placed"], json!(["1-3-3", "2-3-4", "2-3-5"]));
    add_ok(srv, &id, json!({"kind": "draw", "player": 0, "draws": 3}), json!([-15, 7, -1])).await;
    add_ok(srv, &id, play(1, "0-4-4"), json!([-15, 15, -1])).await;
    add_ok(srv, &id, play(2, "1-1-1"), json!([-15, 15, 2])).await;

    // The preview says what a hexagon would score, and stores nothing.
    let hexagon = json!({"kind": "play", "player": 0, "tile": "4-4-5", "bonus": {"hexagons": 1}});
    let (s, p) = call(srv, "POST", &format!("/api/pad/{id}/preview"), Some(json!({ "entry": hexagon }))).await;
    assert_eq!(s, 200, "{p}");
    assert_eq!(
        p["items"],
        json!([{"player": 0, "reason": "tile", "points": 13}, {"player": 0, "reason": "hexagon", "points": 50}])
    );
    assert_eq!(p["totals"], json!([48, 15, 2]));
    let (_, g) = call(srv, "GET", &format!("/api/pad/{id}"), None).await;
    assert_eq!(g["entries"].as_array().unwrap().len(), 6);
    assert_eq!(g["version"], 6);

    add_ok(srv, &id, hexagon, json!([48, 15, 2])).await;
    add_ok(
        srv,
        &id,
        json!({"kind": "play", "player": 1, "tile": "0-0-1", "bonus": {"bridge": true}}),
        json!([48, 56, 2]),
    )
    .await;

    // Undo the bridge; a stale version is refused.
    let (s, v) = call(srv, "POST", &format!("/api/pad/{id}/undo?version=3"), None).await;
    assert_eq!(s, 409, "{v}");
    assert_eq!(v["code"], "stale_sheet");
    assert_eq!(v["params"]["version"], 8);
    let (s, v) = call(srv, "POST", &format!("/api/pad/{id}/undo?version=8"), None).await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["status"]["totals"], json!([48, 15, 2]));
    assert_eq!(v["status"]["to_play"], 1);
    assert_eq!(v["version"], 9);

    // Edit the first tile: every total after it is computed again.
    let (s, v) = call(srv, "PUT", &format!("/api/pad/{id}/entries/0"), Some(json!({"entry": play(0, "3-3-5")}))).await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["entries"][0]["totals"], json!([11, 0, 0]));
    assert_eq!(v["status"]["totals"], json!([49, 15, 2]));
    // An edit that makes a later entry impossible names it.
    let (s, v) = call(srv, "PUT", &format!("/api/pad/{id}/entries/0"), Some(json!({"entry": play(0, "1-1-1")}))).await;
    assert_eq!(s, 422, "{v}");
    assert_eq!(v["code"], "tile_already_placed");
    assert_eq!(v["params"], json!({"tile": "1-1-1", "index": 5}));
    // Delete Chloé's 1-1-1, then insert it back.
    let (s, v) = call(srv, "DELETE", &format!("/api/pad/{id}/entries/5"), None).await;
    assert_eq!(s, 422, "deleting it breaks the turn order: {v}");
    assert_eq!(v["code"], "not_their_turn");
    assert_eq!(v["params"], json!({"expected": 2, "got": 0, "index": 5}));
    let (s, v) = call(srv, "DELETE", &format!("/api/pad/{id}/entries/6"), None).await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["status"]["totals"], json!([-14, 15, 2]));
    let (s, v) =
        call(srv, "POST", &format!("/api/pad/{id}/entries"), Some(json!({"entry": play(0, "4-4-5"), "at": 6}))).await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["status"]["totals"], json!([-1, 15, 2]));

    // The list and the CSV file.
    let key = key_for(&format!("/api/pad/{id}")).unwrap();
    let l = list(srv, &[(&id, &key)]).await;
    let first = &l["sheets"][0];
    assert_eq!(first["id"], id.as_str());
    assert_eq!(first["summary"]["names"], json!(["Léa", "Malik", "Chloé"]));
    assert_eq!(first["summary"]["totals"], json!([-1, 15, 2]));
    assert_eq!(first["summary"]["preset"], "goliath");
    let (s, text) = http(srv, "GET", &format!("/api/pad/{id}/sheet.csv"), None).await;
    assert_eq!(s, 200);
    let lines: Vec<&str> = text.trim_start_matches('\u{feff}').lines().collect();
    assert_eq!(lines[0], "#,Round,Player,Entry,Points,Why,Léa,Malik,Chloé");
    assert_eq!(lines[3], "3,1,Chloé,Drew 2 then placed 2-3-4,-1,\"draw -5; draw -5; tile +9\",11,7,-1");
    assert_eq!(
        lines[4],
        "4,1,Léa,\"Drew 3, no tile placed\",-25,\"draw -5; draw -5; draw -5; no tile fits -10\",-14,7,-1"
    );
    assert!(lines.last().unwrap().starts_with(",,,Total,,,"), "{text}");
    let (_, fr) = http(srv, "GET", &format!("/api/pad/{id}/sheet.csv?lang=fr"), None).await;
    assert!(fr.contains("Manche"), "{fr}");

    // Sheets survive a restart.
    server.stop().await;
    let server = start(&db).await;
    let (s, v) = call(&server, "GET", &format!("/api/pad/{id}"), None).await;
    assert_eq!(s, 200);
    assert_eq!(v["status"]["totals"], json!([-1, 15, 2]));
    assert_eq!(v["entries"].as_array().unwrap().len(), 7);
    let (s, _) = call(&server, "DELETE", &format!("/api/pad/{id}"), None).await;
    assert_eq!(s, 200);
    let (s, v) = call(&server, "GET", &format!("/api/pad/{id}"), None).await;
    assert_eq!((s, v["code"].as_str()), (404, Some("sheet_not_found")));
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rounds_end_and_the_game_ends_by_each_preset() {
    let db = temp_db();
    let server = start(&db).await;
    let srv = &server;

    // Pressman with 3-tile hands: a 0-0-0 opening (+40), going out takes the other hand.
    let v = new_sheet(
        srv,
        json!({"names": ["Ann", "Bob"], "preset": "pressman", "options": {"hand_size": "3 3 7 7 7", "target": "60"}}),
    )
    .await;
    let id = v["id"].as_str().unwrap().to_string();
    add_ok(srv, &id, play(0, "0-0-0"), json!([40, 0])).await;
    add_ok(srv, &id, play(1, "0-0-1"), json!([40, 1])).await;
    add_ok(srv, &id, play(0, "0-1-1"), json!([42, 1])).await;
    add_ok(srv, &id, play(1, "0-0-2"), json!([42, 3])).await;
    let v = add_ok(srv, &id, play(0, "0-1-2"), json!([45, 3])).await;
    assert_eq!(v["status"]["phase"], "round_over");
    assert_eq!(v["status"]["round_end"], json!({"kind": "out", "player": 0}));
    let (s, e) = add(srv, &id, play(1, "5-5-5")).await;
    assert_eq!((s, e["code"].as_str()), (422, Some("enter_round_end")));
    assert_eq!(e["params"], json!({"out": 0}));
    let (s, e) =
        add(srv, &id, json!({"kind": "out", "player": 0, "hands": [null, {"tiles": ["5-5-5", "4-5-5"]}]})).await;
    assert_eq!((s, e["code"].as_str()), (422, Some("hand_tile_count")));
    let (s, e) = add(srv, &id, json!({"kind": "out", "player": 0, "hands": [null, {"sum": 25}]})).await;
    assert_eq!((s, e["code"].as_str()), (422, Some("hand_sum_impossible")));
    assert_eq!(e["params"], json!({"player": 1, "sum": 25, "min": 3, "max": 15}));
    let v = add_ok(srv, &id, json!({"kind": "out", "player": 0, "hands": [null, {"sum": 15}]}), json!([85, 3])).await;
    let r = &v["entries"][5]["round_result"];
    assert_eq!(r["winners"], json!([0]));
    assert_eq!(r["end"], json!({"kind": "out", "player": 0}));
    assert_eq!(v["entries"][5]["reached"], json!([0]));
    assert_eq!(v["status"]["phase"], "game_over");
    assert_eq!(v["status"]["winners"], json!([0]));
    let (s, e) = add(srv, &id, play(1, "5-5-5")).await;
    assert_eq!((s, e["code"].as_str()), (422, Some("game_over")));

    // Dominos triangles, a blocked round with a tie, a single round: both win.
    let v = new_sheet(
        srv,
        json!({"names": ["Ann", "Bob"], "preset": "dominos-triangles", "options": {"hand_size": "28 7 7 6 6", "target": "none"}}),
    )
    .await;
    let id = v["id"].as_str().unwrap().to_string();
    assert_eq!(v["status"]["pool"], 0);
    add_ok(srv, &id, play(1, "5-5-5"), json!([0, 25])).await;
    let v = add_ok(srv, &id, json!({"kind": "pass", "player": 0}), json!([0, 25])).await;
    assert_eq!(v["status"]["can_block"], true);
    let v = add_ok(srv, &id, json!({"kind": "blocked", "hands": [{"sum": 150}, {"sum": 150}]}), json!([25, 50])).await;
    assert_eq!(v["status"]["winners"], json!([0, 1]));
    assert_eq!(
        v["entries"][2]["items"],
        json!([{"player": 0, "reason": "blocked_win", "points": 25}, {"player": 1, "reason": "blocked_win", "points": 25}])
    );
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_refusal_changes_nothing() {
    let db = temp_db();
    let server = start(&db).await;
    let srv = &server;
    for (req, status, code) in [
        (json!("nope"), 400, "bad_json"),
        (json!({"names": ["A", "B"], "preset": "bingo"}), 400, "unknown_preset"),
        (json!({"names": ["A", "B"], "preset": "goliath", "options": {"colour": "red"}}), 400, "unknown_option"),
        (json!({"names": ["A", "B"], "preset": "goliath", "options": {"max_draws": "0"}}), 400, "bad_value"),
        (
            json!({"names": ["A", "B"], "preset": "goliath", "options": {"first_tile": "start_tile"}}),
            400,
            "inconsistent",
        ),
        (json!({"names": ["A", "B", "C", "D", "E"], "preset": "goliath"}), 400, "bad_player_count"),
        (json!({"names": ["A"], "preset": "dominos-triangles"}), 400, "bad_player_count"),
        (json!({"names": vec!["A"; 17], "preset": "dominos-triangles"}), 400, "bad_player_count"),
    ] {
        let (s, v) = call(srv, "POST", "/api/pad", Some(req.clone())).await;
        assert_eq!((s, v["code"].as_str()), (status, Some(code)), "{req}: {v}");
    }
    let (s, v) = call(
        srv,
        "POST",
        "/api/pad",
        Some(json!({"names": ["A", "B", "C", "D", "E"], "preset": "goliath", "options": {"players": "2-6"}})),
    )
    .await;
    assert_eq!(s, 201, "a house rule allows 5 players: {v}");
    // The count refused is the count sent, past 16 too.
    for n in [7, 16, 17, 40] {
        let (s, v) =
            call(srv, "POST", "/api/pad", Some(json!({"names": vec!["A"; n], "preset": "dominos-triangles"}))).await;
        assert_eq!(s, 400);
        assert_eq!(v, json!({"code": "bad_player_count", "params": {"min": 2, "max": 6, "got": n}}));
    }
    assert_eq!(v["status"]["hands"], json!([7, 7, 7, 7, 7]));

    let v = new_sheet(srv, json!({"names": ["Ann", "Bob"], "preset": "dominos-triangles"})).await;
    let id = v["id"].as_str().unwrap().to_string();
    add_ok(srv, &id, play(0, "3-4-5"), json!([22, 0])).await;
    for (entry, code) in [
        (play(1, "3-4-5"), "tile_already_placed"),
        (play(0, "1-2-3"), "not_their_turn"),
        (play(2, "1-2-3"), "no_such_player"),
        (json!({"kind": "play", "player": 1, "tile": "1-2-3", "bonus": {"bridge": true}}), "no_such_bonus"),
        (json!({"kind": "play", "player": 1, "tile": "1-2-3", "bonus": {"hexagons": 1}}), "no_such_bonus"),
        (json!({"kind": "draw", "player": 1, "draws": 2}), "too_many_draws"),
        (json!({"kind": "draw", "player": 1, "draws": 0}), "no_draws"),
        (json!({"kind": "pass", "player": 1}), "pool_not_empty"),
        (json!({"kind": "blocked", "hands": []}), "pool_not_empty"),
        (json!({"kind": "out", "player": 1}), "not_out"),
    ] {
        let (s, v) = add(srv, &id, entry.clone()).await;
        assert_eq!((s, v["code"].as_str()), (422, Some(code)), "{entry}: {v}");
    }
    for entry in [
        json!({"kind": "play", "player": 1, "tile": "1-4-2"}),
        json!({"kind": "play", "player": 1, "tile": "9-9-9"}),
        json!({"kind": "jump", "player": 1}),
        json!({"kind": "play", "player": 1, "tile": "1-2-3", "bonus": {"hexagon": 1}}),
        json!({"kind": "draw", "player": 1}),
    ] {
        let (s, v) = add(srv, &id, entry.clone()).await;
        assert_eq!((s, v["code"].as_str()), (400, Some("bad_entry")), "{entry}: {v}");
    }
    let (s, v) = call(srv, "POST", &format!("/api/pad/{id}/entries"), Some(json!({"nope": 1}))).await;
    assert_eq!((s, v["code"].as_str()), (400, Some("bad_json")));
    let (s, v) = call(srv, "PUT", &format!("/api/pad/{id}/entries/7"), Some(json!({"entry": play(0, "1-1-1")}))).await;
    assert_eq!((s, v["code"].as_str()), (422, Some("no_such_entry")));
    let (_, v) = call(srv, "GET", &format!("/api/pad/{id}"), None).await;
    assert_eq!(v["version"], 1, "nothing changed");
    assert_eq!(v["entries"].as_array().unwrap().len(), 1);
    let (s, _) = call(srv, "POST", &format!("/api/pad/{id}/undo"), None).await;
    assert_eq!(s, 200);
    let (s, v) = call(srv, "POST", &format!("/api/pad/{id}/undo"), None).await;
    assert_eq!((s, v["code"].as_str()), (422, Some("nothing_to_undo")));
    for (m, path) in [
        ("GET", "/api/pad/nope"),
        ("POST", "/api/pad/nope/undo"),
        ("GET", "/api/pad/nope/sheet.csv"),
        ("DELETE", "/api/pad/nope"),
    ] {
        let (s, v) = call(srv, m, path, None).await;
        assert_eq!((s, v["code"].as_str()), (404, Some("sheet_not_found")), "{m} {path}");
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sheet_is_listed_changed_and_deleted_only_with_its_owner_key() {
    let db = temp_db();
    let server = start(&db).await;
    let srv = &server;
    let a = new_sheet(srv, json!({"names": ["Ann", "Bob"], "preset": "goliath"})).await;
    let b = new_sheet(srv, json!({"names": ["Cat", "Dan"], "preset": "goliath"})).await;
    let (ia, ka) = (a["id"].as_str().unwrap(), a["key"].as_str().unwrap());
    let (ib, kb) = (b["id"].as_str().unwrap(), b["key"].as_str().unwrap());
    assert_ne!(ka, kb);

    // The list shows the sheets whose keys are sent, and only those.
    let ids = |l: &Value| -> Vec<String> {
        l["sheets"].as_array().unwrap().iter().map(|s| s["id"].as_str().unwrap().to_string()).collect()
    };
    assert_eq!(ids(&list(srv, &[(ia, ka)]).await), [ia]);
    assert_eq!(ids(&list(srv, &[(ia, kb), (ib, kb), ("nope", kb)]).await), [ib]);
    assert!(ids(&list(srv, &[]).await).is_empty());
    let both = ids(&list(srv, &[(ia, ka), (ib, kb), (ia, ka)]).await);
    assert_eq!(both.len(), 2, "each once: {both:?}");
    // Nothing lists every sheet any more.
    let (s, v) = call(srv, "GET", "/api/pad", None).await;
    assert_eq!((s, v), (405, json!({"code": "method_not_allowed", "params": null})));

    // Without the key (or with another sheet's), every change is refused and changes nothing.
    let entry = json!({"entry": play(0, "2-3-5")});
    for key in [None, Some(kb), Some(""), Some(&ka[..31])] {
        for (m, path, body) in [
            ("POST", format!("/api/pad/{ia}/entries"), Some(entry.clone())),
            ("PUT", format!("/api/pad/{ia}/entries/0"), Some(entry.clone())),
            ("DELETE", format!("/api/pad/{ia}/entries/0"), None),
            ("POST", format!("/api/pad/{ia}/undo"), None),
            ("DELETE", format!("/api/pad/{ia}"), None),
        ] {
            let (s, v) = call_with_key(srv, m, &path, body, key).await;
            assert_eq!((s, v.clone()), (403, json!({"code": "bad_sheet_key", "params": null})), "{m} {path} {key:?}");
        }
    }
    // Reading stays open to whoever has the id (a sheet is shown at the table), never telling the key.
    let (s, text) = http(srv, "GET", &format!("/api/pad/{ia}"), None).await;
    assert_eq!(s, 200);
    assert!(!text.contains(ka), "{text}");
    let v: Value = serde_json::from_str(&text).unwrap();
    assert_eq!((v["version"].as_i64(), v["owned"].as_bool()), (Some(0), Some(true)), "nothing changed");
    assert!(v.get("key").is_none());
    let (s, _) = http(srv, "GET", &format!("/api/pad/{ia}/sheet.csv"), None).await;
    assert_eq!(s, 200);
    // With the key: changed, then deleted.
    let (s, v) = call_with_key(srv, "POST", &format!("/api/pad/{ia}/entries"), Some(entry), Some(ka)).await;
    assert_eq!((s, v["version"].as_i64()), (200, Some(1)), "{v}");
    let (s, v) = call(srv, "POST", &format!("/api/pad/{ia}/claim"), None).await;
    assert_eq!((s, v), (409, json!({"code": "sheet_claimed", "params": null})));
    let (s, v) = call_with_key(srv, "DELETE", &format!("/api/pad/{ia}"), None, Some(ka)).await;
    assert_eq!((s, v), (200, json!({"deleted": ia})));
    assert_eq!(ids(&list(srv, &[(ia, ka), (ib, kb)]).await), [ib]);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sheet_stored_before_the_keys_is_read_and_changed_once_claimed() {
    let db = temp_db();
    let server = start(&db).await;
    let v = new_sheet(&server, json!({"names": ["Ann", "Bob"], "preset": "goliath"})).await;
    let id = v["id"].as_str().unwrap().to_string();
    server.stop().await;
    // The row as a server before the keys wrote it: a setup without a key.
    {
        let c = rusqlite::Connection::open(&*db).unwrap();
        let n = c.execute("UPDATE pad_sheets SET setup = json_remove(setup, '$.key')", []).unwrap();
        assert_eq!(n, 1);
        let setup: String = c.query_row("SELECT setup FROM pad_sheets", [], |r| r.get(0)).unwrap();
        assert!(!setup.contains("key"), "{setup}");
    }
    let server = start(&db).await;
    let srv = &server;
    let (s, v) = call_with_key(srv, "GET", &format!("/api/pad/{id}"), None, None).await;
    assert_eq!((s, v["owned"].as_bool()), (200, Some(false)), "{v}");
    // Listed by nobody, changed by nobody, with or without the old key.
    let old_key = key_for(&format!("/api/pad/{id}")).unwrap();
    assert!(list(srv, &[(&id, &old_key)]).await["sheets"].as_array().unwrap().is_empty());
    for key in [None, Some(old_key.as_str())] {
        let (s, v) = call_with_key(srv, "POST", &format!("/api/pad/{id}/undo"), None, key).await;
        assert_eq!((s, v["code"].as_str()), (403, Some("bad_sheet_key")));
        let (s, _) = call_with_key(srv, "DELETE", &format!("/api/pad/{id}"), None, key).await;
        assert_eq!(s, 403);
    }
    // The first to claim it gets a key, once.
    let (s, v) = call_with_key(srv, "POST", &format!("/api/pad/{id}/claim"), None, None).await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["owned"], true);
    let key = v["key"].as_str().unwrap().to_string();
    assert_ne!(key, old_key);
    let (s, v) = call_with_key(srv, "POST", &format!("/api/pad/{id}/claim"), None, None).await;
    assert_eq!((s, v["code"].as_str()), (409, Some("sheet_claimed")));
    let entry = json!({"entry": play(0, "2-3-5")});
    let (s, v) = call_with_key(srv, "POST", &format!("/api/pad/{id}/entries"), Some(entry), Some(&key)).await;
    assert_eq!((s, v["status"]["totals"].clone()), (200, json!([10, 0])), "{v}");
    assert_eq!(list(srv, &[(&id, &key)]).await["sheets"][0]["id"], id.as_str());
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn csv_cells_that_a_spreadsheet_would_run_are_text() {
    let db = temp_db();
    let server = start(&db).await;
    let names = ["=HYPERLINK(\"x\",\"y\")", "+1+2", "-3-4", "@SUM(A1)"];
    let v = new_sheet(&server, json!({"names": names, "preset": "goliath"})).await;
    let id = v["id"].as_str().unwrap();
    let (s, v) = add(&server, id, play(0, "2-3-5")).await;
    assert_eq!(s, 200, "{v}");
    let (_, text) = http(&server, "GET", &format!("/api/pad/{id}/sheet.csv"), None).await;
    let lines: Vec<&str> = text.trim_start_matches('\u{feff}').lines().collect();
    assert_eq!(lines[0], "#,Round,Player,Entry,Points,Why,\"'=HYPERLINK(\"\"x\"\",\"\"y\"\")\",'+1+2,'-3-4,'@SUM(A1)");
    assert!(lines[1].starts_with("1,1,\"'=HYPERLINK("), "{}", lines[1]);
    // Numbers stay numbers, negative ones too.
    let (_, v) = add(&server, id, json!({"kind": "draw", "player": 1, "draws": 3})).await;
    assert_eq!(v["status"]["totals"], json!([10, -25, 0, 0]));
    let (_, text) = http(&server, "GET", &format!("/api/pad/{id}/sheet.csv"), None).await;
    assert!(text.contains(",-25,\"draw -5; draw -5; draw -5; no tile fits -10\",10,-25,0,0"), "{text}");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_refusal_of_the_http_layer_is_code_and_params() {
    let db = temp_db();
    let server = start(&db).await;
    let srv = &server;
    let v = new_sheet(srv, json!({"names": ["Ann", "Bob"], "preset": "goliath"})).await;
    let id = v["id"].as_str().unwrap().to_string();
    let key = v["key"].as_str().unwrap().to_string();
    let big = format!("{{\"names\": [\"{}\"]}}", "x".repeat(triominos_server::http::extract::MAX_BODY));
    let too_large = json!({"code": "too_large", "params": {"max": triominos_server::http::extract::MAX_BODY}});
    let cases: Vec<(&str, String, Option<String>, u16, Value)> = vec![
        ("GET", "/api/games?limit=-1".into(), None, 400, json!({"code": "bad_query", "params": null})),
        ("GET", "/api/games?limit=many".into(), None, 400, json!({"code": "bad_query", "params": null})),
        ("POST", format!("/api/pad/{id}/undo?version=x"), None, 400, json!({"code": "bad_query", "params": null})),
        ("GET", "/api/puzzles/daily?day=-5".into(), None, 400, json!({"code": "bad_query", "params": null})),
        ("POST", "/api/pad".into(), Some(big.clone()), 413, too_large.clone()),
        ("POST", "/api/games".into(), Some(big.clone()), 413, too_large.clone()),
        // The replay upload has its own, smaller bound (`--max-record-bytes`).
        (
            "POST",
            "/api/replay".into(),
            Some(big.clone()),
            413,
            json!({"code": "record_too_large", "params": {"max": triominos_server::DEFAULT_MAX_RECORD_BYTES}}),
        ),
        ("POST", format!("/api/pad/{id}/entries"), Some(big), 413, too_large),
        ("PUT", "/api/games".into(), None, 405, json!({"code": "method_not_allowed", "params": null})),
        ("DELETE", "/api/meta".into(), None, 405, json!({"code": "method_not_allowed", "params": null})),
        ("GET", format!("/api/pad/{id}/undo"), None, 405, json!({"code": "method_not_allowed", "params": null})),
        ("POST", "/api/pad".into(), Some("{\"names\":".into()), 400, json!({"code": "bad_json", "params": null})),
        ("POST", "/api/games".into(), Some("[]".into()), 400, json!({"code": "bad_json", "params": null})),
        ("POST", "/api/pad/list".into(), Some("{}".into()), 400, json!({"code": "bad_json", "params": null})),
        (
            "PUT",
            format!("/api/pad/{id}/entries/first"),
            Some("{}".into()),
            404,
            json!({"code": "not_found", "params": null}),
        ),
        ("DELETE", format!("/api/pad/{id}/entries/-1"), None, 404, json!({"code": "not_found", "params": null})),
        ("GET", "/api/nothing".into(), None, 404, json!({"code": "not_found", "params": null})),
    ];
    for (m, path, body, status, refusal) in cases {
        let (s, kind, text) = http_with(srv, m, &path, body.as_deref(), &[("x-pad-key", &key)]).await;
        assert_eq!(s, status, "{m} {path}: {text}");
        assert!(kind.starts_with("application/json"), "{m} {path}: {kind}");
        assert_eq!(serde_json::from_str::<Value>(&text).unwrap(), refusal, "{m} {path}");
    }
    server.stop().await;
}

fn dict(lang: &str) -> serde_json::Map<String, Value> {
    match serde_json::from_slice(triominos_server::http::assets::get(&format!("i18n/{lang}.json")).unwrap()).unwrap() {
        Value::Object(m) => m,
        _ => panic!(),
    }
}

#[test]
fn every_pad_refusal_and_word_is_translated() {
    let t = Tile::from_index(0).unwrap();
    let all = [
        PadError::PlayerCount { min: 2, max: 4, got: 5 },
        PadError::GameOver,
        PadError::NoSuchPlayer { player: 0 },
        PadError::NotTheirTurn { expected: 0, got: 1 },
        PadError::OpenerMustPlay,
        PadError::RoundNotStarted,
        PadError::EnterRoundEnd { out: None },
        PadError::TileAlreadyPlaced { tile: t },
        PadError::NoSuchBonus { bonus: "bridge" },
        PadError::BadHexagons { hexagons: 4 },
        PadError::BonusOnOpening,
        PadError::BridgeWithHexagon,
        PadError::BridgeWithExtension,
        PadError::NoBridgeToExtend,
        PadError::BonusTooEarly { bonus: "hexagon", placed: 1, needed: 5 },
        PadError::NoDraws,
        PadError::TooManyDraws { max: 3 },
        PadError::PoolTooSmall { pool: 1 },
        PadError::MustDrawAgain { draws: 1, max: 3 },
        PadError::PoolNotEmpty { pool: 3 },
        PadError::NotOut { player: 0, tiles: 2 },
        PadError::TooManyHands { players: 2, got: 3 },
        PadError::HandMissing { player: 0 },
        PadError::HandTileCount { player: 0, expected: 1, got: 2 },
        PadError::HandTilePlaced { player: 0, tile: t },
        PadError::HandTileTwice { tile: t },
        PadError::HandSumImpossible { player: 0, sum: 90, min: 1, max: 15 },
        PadError::OutHandNotEmpty { player: 0 },
        PadError::NoSuchEntry { index: 3 },
        PadError::NothingToUndo,
    ];
    let mut keys: Vec<String> = all
        .iter()
        .map(|e| triominos_server::pad::pad_refusal(e).code)
        .map(|c| if c == "bad_player_count" { "errors.bad_player_count".into() } else { format!("pad.error.{c}") })
        .collect();
    for c in ["stale_sheet", "sheet_not_found", "bad_entry", "bad_sheet", "too_many_entries", "enter_round_end.out"] {
        keys.push(format!("pad.error.{c}"));
    }
    for k in [
        "play",
        "draw_play",
        "draw_none",
        "pass",
        "out",
        "blocked",
        "entry",
        "round",
        "player",
        "what",
        "points",
        "why",
        "total",
        "winner",
    ] {
        keys.push(format!("pad.csv.{k}"));
    }
    keys.push("pad.phase.game_over".into());
    for end in ["highest_after_round", "round_winner_after_round", "immediate"] {
        keys.push(format!("pad.reached.{end}"));
    }
    for lang in ["en", "fr", "es"] {
        let d = dict(lang);
        for k in &keys {
            assert!(d.contains_key(k), "{lang}.json lacks {k}");
        }
    }
    // Each refusal's parameters are named in its English text.
    let en = dict("en");
    for e in &all {
        let r = triominos_server::pad::pad_refusal(e);
        let key = if r.code == "bad_player_count" {
            "errors.bad_player_count".to_string()
        } else {
            format!("pad.error.{}", r.code)
        };
        let text = en[&key].as_str().unwrap();
        if let Value::Object(p) = &r.params {
            for name in p.keys() {
                if name != "out" && name != "index" {
                    assert!(text.contains(&format!("{{{name}}}")), "{key} does not say {{{name}}}: {text}");
                }
            }
        }
    }
}
