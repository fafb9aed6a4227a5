//! The `announce_bonuses` house rule over the real WebSocket API: an
//! unannounced figure loses its bonus, the server tells everyone which, and
//! the announced play of the same figure in an identical game scores it.

use crate::common;

use common::*;
use serde_json::{json, Value};
use triominos_server::Server;

/// Two people; `options` as given. Returns both seats' clients and a spectator's.
async fn table(server: &Server, seed: u64, options: Value) -> (Vec<Client>, Client) {
    let req = json!({"preset": "goliath", "seed": seed, "options": options,
        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]});
    let g = create(server, req).await;
    let id = g["id"].as_str().unwrap().to_string();
    let a = Client::connect(server.addr, &id, Some(&token_of(&g, 0))).await;
    let b = Client::connect(server.addr, &id, Some(&token_of(&g, 1))).await;
    let spec = Client::connect(server.addr, &id, None).await;
    (vec![a, b], spec)
}

/// The bonus names of a legal placement that are figures (not the start bonus).
fn figures_of(p: &Value) -> Vec<String> {
    p["bonuses"].as_array().unwrap().iter().map(|b| b.as_str().unwrap().to_string()).filter(|b| b != "start").collect()
}

fn play_of(p: &Value, announce: bool) -> Value {
    let mut a = json!({"kind": "play", "tile": p["tile"], "cell": p["cell"], "rotation": p["rotation"]});
    if announce {
        a["announce"] = json!(true);
    }
    a
}

/// The delta numbered `v` as a client received it.
fn delta(c: &Client, v: u64) -> Value {
    for text in &c.received {
        let m: Value = serde_json::from_str(text).unwrap();
        let list = if m["type"] == "update" { &m["deltas"] } else { &m["log"] };
        if let Some(d) = list.as_array().and_then(|l| l.iter().find(|d| d["v"] == v)) {
            return d.clone();
        }
    }
    panic!("no delta {v}")
}

/// One action for the seat to move, in every game; all games must accept it.
async fn act_everywhere(games: &mut [(Vec<Client>, Client)], actions: &[Value]) -> u64 {
    let mut v = 0;
    for ((clients, spec), action) in games.iter_mut().zip(actions) {
        let s = clients[0].status["to_move"].as_u64().unwrap() as usize;
        v = clients[s].act(action.clone()).await.unwrap();
        clients[1 - s].wait_version(v).await;
        spec.wait_version(v).await;
    }
    v
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unannounced_figure_loses_its_bonus_and_everyone_is_told() {
    let db = temp_db();
    let server = start(&db).await;
    let on = json!({"announce_bonuses": "true"});
    // Three identical games: the rule on (played unannounced, then announced), and off.
    let mut games = vec![
        table(&server, 7, on.clone()).await,
        table(&server, 7, on.clone()).await,
        table(&server, 7, json!({})).await,
    ];
    let mut found = false;
    for _ in 0..400 {
        let (clients, _) = &games[0];
        let status = clients[0].status.clone();
        if status["phase"] == "game_over" {
            break;
        }
        if status["phase"] == "round_over" {
            act_everywhere(
                &mut games,
                &[json!({"kind": "next_round"}), json!({"kind": "next_round"}), json!({"kind": "next_round"})],
            )
            .await;
            continue;
        }
        let s = status["to_move"].as_u64().unwrap() as usize;
        let me = clients[s].me.clone();
        for (other, _) in &games[1..] {
            assert_eq!(other[s].me["legal"].as_array().unwrap().len(), me["legal"].as_array().unwrap().len());
        }
        let legal = me["legal"].as_array().unwrap();
        let with_figure = legal.iter().find(|p| !figures_of(p).is_empty());
        let Some(p) = with_figure else {
            // Nothing forms a figure: the same move everywhere, and it never loses anything.
            let a = clients[s].choose();
            for p in legal {
                assert_eq!(p["unannounced"], p["points"], "no figure, nothing to lose: {p}");
            }
            let v = act_everywhere(&mut games, &[a.clone(), a.clone(), a]).await;
            if let Some(e) = delta(&games[0].1, v)["events"].as_array().unwrap().iter().find(|e| e["type"] == "played")
            {
                assert_eq!(e["unclaimed"], json!([]));
            }
            continue;
        };
        let names = figures_of(p);
        let bonus = p["points"].as_i64().unwrap() - p["unannounced"].as_i64().unwrap();
        assert!(bonus > 0, "a figure is worth points under Goliath rules: {p}");
        // Without the rule, the same spot offers the bonus unannounced.
        let off = games[2].0[s].me["legal"]
            .as_array()
            .unwrap()
            .iter()
            .find(|q| q["tile"] == p["tile"] && q["cell"] == p["cell"] && q["rotation"] == p["rotation"])
            .cloned()
            .unwrap();
        assert_eq!(off["unannounced"], off["points"]);
        assert_eq!(off["points"], p["points"]);

        let before: Vec<i64> = status["totals"].as_array().unwrap().iter().map(|t| t.as_i64().unwrap()).collect();
        let v = act_everywhere(&mut games, &[play_of(p, false), play_of(p, true), play_of(p, false)]).await;
        let totals: Vec<i64> =
            games.iter().map(|(c, _)| c[0].status["totals"][s].as_i64().unwrap() - before[s]).collect();
        assert_eq!(totals[1] - totals[0], bonus, "the announced play scores the bonus more");
        assert_eq!(totals[1], p["points"].as_i64().unwrap());
        assert_eq!(totals[0], p["unannounced"].as_i64().unwrap());
        assert_eq!(totals[2], totals[1], "without the rule, no announce is needed");

        // Everyone at the table, the spectator too, is told what was lost, and only there.
        let lost: Value = names.clone().into();
        for (i, (clients, spec)) in games.iter().enumerate() {
            for c in clients.iter().chain([spec]) {
                let d = delta(c, v);
                let played = d["events"].as_array().unwrap().iter().find(|e| e["type"] == "played").unwrap().clone();
                let reasons: Vec<&str> =
                    d["scores"].as_array().unwrap().iter().map(|x| x["reason"].as_str().unwrap()).collect();
                if i == 0 {
                    assert_eq!(played["unclaimed"], lost, "game {i}: {d}");
                    assert!(names.iter().all(|n| !played["bonuses"].as_array().unwrap().contains(&json!(n))), "{d}");
                    assert!(
                        names.iter().all(|n| !reasons.contains(&n.as_str())),
                        "no score line for a lost bonus: {d}"
                    );
                    assert!(d["action"].get("announce").is_none(), "{d}");
                } else {
                    assert_eq!(played["unclaimed"], json!([]), "game {i}: {d}");
                    assert!(names.iter().all(|n| played["bonuses"].as_array().unwrap().contains(&json!(n))), "{d}");
                    assert!(names.iter().all(|n| reasons.contains(&n.as_str())), "{d}");
                }
            }
        }
        assert_eq!(delta(&games[1].1, v)["action"]["announce"], true, "the announce is public");
        assert!(delta(&games[2].1, v)["action"].get("announce").is_none(), "without the rule a play is unannounced");
        found = true;
        break;
    }
    assert!(found, "some turn of the game offers a figure");

    // A fresh connection (a reload) gets the same log, lost bonus included.
    let first: Value = serde_json::from_str(&games[0].0[0].received[0]).unwrap();
    let id = first["game"]["id"].as_str().unwrap().to_string();
    let fresh = Client::connect(server.addr, &id, None).await;
    let snap: Value = serde_json::from_str(fresh.received.last().unwrap()).unwrap();
    let lost = snap["log"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|d| d["events"].as_array().unwrap().clone())
        .filter(|e| e["type"] == "played" && e["unclaimed"] != json!([]))
        .count();
    assert_eq!(lost, 1);
    drop(games);
    drop(fresh);
    // After a restart, the game is rebuilt from its stored intents with the same log.
    server.stop().await;
    let server = start(&db).await;
    let again = Client::connect(server.addr, &id, None).await;
    let snap2: Value = serde_json::from_str(again.received.last().unwrap()).unwrap();
    assert_eq!(snap2["log"], snap["log"]);
    server.stop().await;
}
