//! Playing together (issue 32): "play again" (a rematch every person agrees
//! to, bots at once, spectators taken along, the old link leading on to the
//! new seat, across a restart) and quick reactions (to everyone, rate-limited
//! per seat, never stored).

use crate::common;

use common::*;
use serde_json::{json, Value};
use std::time::Duration;
use triominos_server::Server;

/// Ann and Bob (people) and a Casual bot, one round.
fn three_seats() -> Value {
    json!({"preset": "goliath", "seed": 5, "hints": true, "options": {"target": "none"}, "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"},
        {"kind": "bot", "level": "casual", "name": "Cas"}]})
}

async fn info(server: &Server, id: &str) -> Value {
    let (s, body) = http(server, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(s, 200, "{body}");
    serde_json::from_str(&body).unwrap()
}

/// Plays the game to its end: each person plays their best move on their
/// turn, the bot plays its own.
async fn play_out(a: &mut Client, b: &mut Client) {
    for _ in 0..2000 {
        let v = a.v.max(b.v);
        a.wait_version(v).await;
        b.wait_version(v).await;
        match a.status["phase"].as_str() {
            Some("game_over") => return,
            Some("round_over") => {
                a.act(json!({"kind": "next_round"})).await.unwrap();
                continue;
            }
            _ => {}
        }
        if a.me["my_turn"] == true {
            let m = a.choose();
            a.act(m).await.unwrap();
        } else if b.me["my_turn"] == true {
            let m = b.choose();
            b.act(m).await.unwrap();
        } else {
            let m = a.recv().await;
            a.absorb(&m);
        }
    }
    panic!("the game did not end");
}

/// The next message of one of these types.
async fn next_of(c: &mut Client, types: &[&str]) -> Value {
    loop {
        let m = c.recv().await;
        if types.contains(&m["type"].as_str().unwrap_or("")) {
            return m;
        }
        c.absorb(&m);
    }
}

#[tokio::test]
async fn a_rematch_needs_every_person_seats_everyone_again_and_the_old_link_leads_there() {
    let db = temp_db();
    let server = start(&db).await;
    let created = create(&server, three_seats()).await;
    let id = created["id"].as_str().unwrap().to_string();
    let (ta, tb) = (token_of(&created, 0), token_of(&created, 1));
    let mut a = Client::connect(server.addr, &id, Some(&ta)).await;
    let mut b = Client::connect(server.addr, &id, Some(&tb)).await;
    let mut s = Client::connect(server.addr, &id, None).await;

    // Not before the end.
    a.send(json!({"type": "rematch"})).await;
    assert_eq!(next_of(&mut a, &["error"]).await["code"], "game_not_over");
    play_out(&mut a, &mut b).await;
    s.wait_version(a.v).await;
    let old = info(&server, &id).await;

    // Ann asks: the bot agrees at once, Bob is asked; a spectator may not answer.
    a.send(json!({"type": "rematch"})).await;
    for c in [&mut a, &mut b, &mut s] {
        let m = next_of(c, &["rematch_asked"]).await;
        assert_eq!(m["agreed"], json!([0, 2]), "{m}");
    }
    s.send(json!({"type": "rematch"})).await;
    assert_eq!(next_of(&mut s, &["error"]).await["code"], "spectator");
    // Bob says no: nothing is made, the agreements are dropped.
    b.send(json!({"type": "rematch_decline"})).await;
    for c in [&mut a, &mut b, &mut s] {
        let m = next_of(c, &["rematch_asked"]).await;
        assert_eq!((m["agreed"].clone(), m["declined"].clone()), (json!([]), json!(1)), "{m}");
    }
    // Bob asks, Ann agrees: the rematch, each connection its own way there.
    b.send(json!({"type": "rematch"})).await;
    assert_eq!(next_of(&mut a, &["rematch_asked"]).await["agreed"], json!([1, 2]));
    a.send(json!({"type": "rematch"})).await;
    let ra = next_of(&mut a, &["rematch"]).await;
    let rb = next_of(&mut b, &["rematch"]).await;
    let rs = next_of(&mut s, &["rematch"]).await;
    let new = ra["game"].as_str().unwrap().to_string();
    assert_ne!(new, id);
    for m in [&ra, &rb, &rs] {
        assert_eq!((m["game"].as_str(), m["now"].as_bool()), (Some(new.as_str()), Some(true)), "{m}");
    }
    assert_eq!(rs["link"], format!("/g/{new}"));
    let link_token = |m: &Value| {
        let l = m["link"].as_str().unwrap();
        assert!(l.starts_with(&format!("/g/{new}/")), "{l}");
        l.rsplit('/').next().unwrap().to_string()
    };
    let (na, nb) = (link_token(&ra), link_token(&rb));
    assert!(na != nb && na != ta && nb != tb);

    // The new game: the same seats, rules and options, dealt again; each new
    // link opens its own seat, an old token none.
    let fresh = info(&server, &new).await;
    for k in ["preset", "options", "seats", "hints"] {
        assert_eq!(fresh[k], old[k], "{k}");
    }
    // Dealt anew (the bot may have played already).
    assert_eq!((fresh["status"]["round"].clone(), fresh["status"]["phase"].clone()), (json!(1), json!("playing")));
    let mut a2 = Client::connect(server.addr, &new, Some(&na)).await;
    let b2 = Client::connect(server.addr, &new, Some(&nb)).await;
    assert_eq!((a2.received[0].contains("\"you\":0"), b2.received[0].contains("\"you\":1")), (true, true));
    let mut bad = Client::open(server.addr, &new).await;
    bad.send(json!({"type": "hello", "token": ta})).await;
    assert_eq!(bad.recv().await["code"], "bad_token");
    // Asking again on the old game answers the same link.
    b.send(json!({"type": "rematch"})).await;
    assert_eq!(next_of(&mut b, &["rematch"]).await["link"], rb["link"]);
    drop((a, b, s));
    a2.send(json!({"type": "ping"})).await;
    next_of(&mut a2, &["pong"]).await;

    // After a restart, the old link leads on: Bob's old seat is offered his
    // new one, a spectator the new game (without `now`: the page offers it).
    server.stop().await;
    let server = start(&db).await;
    let mut b = Client::connect(server.addr, &id, Some(&tb)).await;
    let m = next_of(&mut b, &["rematch"]).await;
    assert_eq!((m["link"].clone(), m["now"].clone()), (rb["link"].clone(), json!(false)));
    let mut s = Client::connect(server.addr, &id, None).await;
    assert_eq!(next_of(&mut s, &["rematch"]).await["link"], format!("/g/{new}"));
    server.stop().await;
}

#[tokio::test]
async fn reactions_reach_everyone_are_rate_limited_per_seat_and_change_nothing() {
    let db = temp_db();
    // One reaction back an hour: the fourth in a row is refused however slow the machine.
    let server = start_with(&db, |c| c.reaction_every = Duration::from_secs(3600)).await;
    let created = create(&server, three_seats()).await;
    let id = created["id"].as_str().unwrap().to_string();
    let mut a = Client::connect(server.addr, &id, Some(&token_of(&created, 0))).await;
    let mut b = Client::connect(server.addr, &id, Some(&token_of(&created, 1))).await;
    let mut s = Client::connect(server.addr, &id, None).await;
    let v = info(&server, &id).await["version"].clone();

    for code in ["well_played", "nice_hexagon", "thanks"] {
        a.send(json!({"type": "react", "code": code})).await;
        for c in [&mut a, &mut b, &mut s] {
            let m = next_of(c, &["reaction", "error"]).await;
            assert_eq!(m, json!({"type": "reaction", "seat": 0, "code": code}));
        }
    }
    a.send(json!({"type": "react", "code": "oops"})).await;
    let m = next_of(&mut a, &["reaction", "error"]).await;
    assert_eq!(m["code"], "reaction_busy", "{m}");
    let wait = m["params"]["retry_after"].as_u64().unwrap();
    assert!(wait > 3000 && wait <= 3600, "{m}");
    // The bucket is Ann's: Bob still may.
    b.send(json!({"type": "react", "code": "good_game"})).await;
    assert_eq!(next_of(&mut a, &["reaction"]).await, json!({"type": "reaction", "seat": 1, "code": "good_game"}));
    // Spectators do not react; no free text; nothing stored.
    s.send(json!({"type": "react", "code": "oops"})).await;
    assert_eq!(next_of(&mut s, &["error"]).await["code"], "spectator");
    b.send(json!({"type": "react", "code": "you are bad"})).await;
    assert_eq!(next_of(&mut b, &["error"]).await["code"], "bad_json");
    assert_eq!(info(&server, &id).await["version"], v);
    server.stop().await;
}

#[test]
fn the_reactions_are_the_eight_of_the_design_spelled_alike_by_serde_and_strum() {
    use triominos_server::protocol::Reaction;
    let codes: Vec<&str> = Reaction::codes().collect();
    assert_eq!(
        codes,
        ["well_played", "nice_hexagon", "nice_bridge", "oops", "your_turn", "thinking", "good_game", "thanks"]
    );
    for r in <Reaction as strum::IntoEnumIterator>::iter() {
        assert_eq!(serde_json::to_value(r).unwrap(), json!(<&str>::from(r)));
    }
}

/// Ann and Bob, with takebacks or not, one round of Goliath.
fn two_people(takebacks: bool) -> Value {
    json!({"preset": "goliath", "seed": 9, "takebacks": takebacks, "options": {"target": "none"}, "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]})
}

/// The next `takeback` message.
async fn takeback_msg(c: &mut Client) -> Value {
    next_of(c, &["takeback"]).await
}

async fn refusal(c: &mut Client, msg: Value) -> Value {
    c.send(msg).await;
    next_of(c, &["error"]).await["code"].clone()
}

#[tokio::test]
async fn a_takeback_needs_everyone_and_takes_the_placement_out_of_storage() {
    let db = temp_db();
    let server = start(&db).await;
    // Not at a table without takebacks.
    let created = create(&server, two_people(false)).await;
    let id = created["id"].as_str().unwrap().to_string();
    let mut a = Client::connect(server.addr, &id, Some(&token_of(&created, 0))).await;
    assert_eq!(refusal(&mut a, json!({"type": "takeback"})).await, "takebacks_off");

    let created = create(&server, two_people(true)).await;
    let id = created["id"].as_str().unwrap().to_string();
    let tokens = [token_of(&created, 0), token_of(&created, 1)];
    let mut c = [
        Client::connect(server.addr, &id, Some(&tokens[0])).await,
        Client::connect(server.addr, &id, Some(&tokens[1])).await,
    ];
    let mut s = Client::connect(server.addr, &id, None).await;
    assert_eq!(info(&server, &id).await["takebacks"], true);
    let mover = c[0].status["to_move"].as_u64().unwrap() as usize;
    let other = 1 - mover;
    // Nothing to take back yet.
    assert_eq!(refusal(&mut c[mover], json!({"type": "takeback"})).await, "no_takeback");
    // The opening placement.
    let play = c[mover].choose();
    assert_eq!(play["kind"], "play");
    c[mover].act(play.clone()).await.unwrap();
    c[other].wait_version(1).await;
    // Not the other's placement; spectators neither ask nor answer.
    assert_eq!(refusal(&mut c[other], json!({"type": "takeback"})).await, "no_takeback");
    assert_eq!(refusal(&mut s, json!({"type": "takeback"})).await, "spectator");
    assert_eq!(refusal(&mut c[other], json!({"type": "takeback_answer", "accept": true})).await, "no_takeback_asked");

    // Asked, then refused: nothing changes.
    c[mover].send(json!({"type": "takeback"})).await;
    for cl in c.iter_mut().chain([&mut s]) {
        let m = takeback_msg(cl).await;
        assert_eq!(
            (m["outcome"].as_str(), m["asker"].as_u64(), m["v"].as_u64()),
            (Some("asked"), Some(mover as u64), Some(1))
        );
        assert_eq!(m["agreed"], json!([mover]));
    }
    // The table waits meanwhile.
    let next = c[other].choose();
    assert_eq!(c[other].act(next).await.unwrap_err()["code"], "takeback_pending");
    assert_eq!(refusal(&mut s, json!({"type": "takeback_answer", "accept": true})).await, "spectator");
    c[other].send(json!({"type": "takeback_answer", "accept": false})).await;
    let m = takeback_msg(&mut c[mover]).await;
    assert_eq!((m["outcome"].as_str(), m["by"].as_u64()), (Some("refused"), Some(other as u64)));
    assert_eq!(info(&server, &id).await["version"], 1);
    // Issue 44: a refused takeback is not asked again for that placement.
    assert_eq!(refusal(&mut c[mover], json!({"type": "takeback"})).await, "takeback_refused");

    // The table plays on until the mover places again: asked and accepted,
    // the placement is gone, in memory and in storage.
    let (play, placed) = loop {
        let v = c[0].v.max(c[1].v);
        c[0].wait_version(v).await;
        c[1].wait_version(v).await;
        let who = if c[mover].me["my_turn"] == true { mover } else { other };
        let m = c[who].choose();
        let v = c[who].act(m.clone()).await.unwrap();
        if who == mover && m["kind"] == "play" {
            break (m, v);
        }
    };
    c[other].wait_version(placed).await;
    c[mover].send(json!({"type": "takeback"})).await;
    takeback_msg(&mut c[other]).await;
    c[other].send(json!({"type": "takeback_answer", "accept": true})).await;
    for cl in c.iter_mut() {
        let mut m = takeback_msg(cl).await;
        if m["outcome"] == "asked" {
            m = takeback_msg(cl).await;
        }
        assert_eq!(m["outcome"], "accepted");
        let snap = next_of(cl, &["snapshot"]).await;
        assert_eq!((snap["v"].as_u64(), snap["log"].as_array().unwrap().len() as u64), (Some(placed - 1), placed));
        // Counted on the score sheet, as hints are.
        assert_eq!(snap["hints_used"], json!([{"round": 1, "seat": mover, "count": 0, "takebacks": 1}]));
    }
    let snap = next_of(&mut s, &["snapshot"]).await;
    assert_eq!(snap["v"], placed - 1);
    assert!(snap["me"].is_null());
    assert_eq!(info(&server, &id).await["version"], placed - 1);
    server.stop().await;
    let server = start(&db).await;
    assert_eq!(info(&server, &id).await["version"], placed - 1);
    // The same seat plays on (its tile back in its hand).
    let mut m = Client::connect(server.addr, &id, Some(&tokens[mover])).await;
    assert!(m.me["hand"].as_array().unwrap().contains(&play["tile"]), "{}", m.me);
    m.act(play).await.unwrap();
    server.stop().await;
}

#[tokio::test]
async fn an_unanswered_takeback_lapses_and_bots_accept_at_once() {
    let db = temp_db();
    // No wait at all: it lapses at once, whatever the machine.
    let server = start_with(&db, |c| c.takeback_wait = Duration::ZERO).await;
    let created = create(&server, two_people(true)).await;
    let id = created["id"].as_str().unwrap().to_string();
    let mut c = [
        Client::connect(server.addr, &id, Some(&token_of(&created, 0))).await,
        Client::connect(server.addr, &id, Some(&token_of(&created, 1))).await,
    ];
    let mover = c[0].status["to_move"].as_u64().unwrap() as usize;
    let play = c[mover].choose();
    c[mover].act(play).await.unwrap();
    c[mover].send(json!({"type": "takeback"})).await;
    assert_eq!(takeback_msg(&mut c[mover]).await["outcome"], "asked");
    assert_eq!(takeback_msg(&mut c[mover]).await["outcome"], "lapsed");
    assert_eq!(info(&server, &id).await["version"], 1);
    // The table goes on.
    let other = 1 - mover;
    c[other].wait_version(1).await;
    let next = c[other].choose();
    c[other].act(next).await.unwrap();
    server.stop().await;

    // Against a bot (slow to move, so that the placement is the last thing done): accepted at once.
    let db = temp_db();
    let server = start_with(&db, |c| c.bot_delay = Duration::from_secs(3600)).await;
    let created = create(
        &server,
        json!({"preset": "goliath", "seed": 9, "takebacks": true, "seats": [
            {"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "beginner"}]}),
    )
    .await;
    let id = created["id"].as_str().unwrap().to_string();
    let mut a = Client::connect(server.addr, &id, Some(&token_of(&created, 0))).await;
    if a.me["my_turn"] != true {
        // The bot opened (it plays after its pause): not this deal's case.
        server.stop().await;
        panic!("seed 9 should let Ann open");
    }
    let play = a.choose();
    a.act(play).await.unwrap();
    a.send(json!({"type": "takeback"})).await;
    assert_eq!(takeback_msg(&mut a).await["outcome"], "asked");
    let m = takeback_msg(&mut a).await;
    assert_eq!((m["outcome"].as_str(), m["agreed"].clone()), (Some("accepted"), json!([0, 1])));
    assert_eq!(next_of(&mut a, &["snapshot"]).await["v"], 0);
    server.stop().await;
}
