//! The tutorial's lessons: every lesson file is embedded and used, every
//! lesson of every set is set up in the engine, its expected solution meets
//! its goal and its plausible wrong answer is refused (or misses the goal),
//! its texts exist in every language, and the API answers as documented.

use crate::common;

use serde_json::{json, Map, Value};
use std::collections::BTreeSet;
use triominos_core::RuleSet;
use triominos_server::http::assets::{self, LANGUAGES};
use triominos_server::learn::{self, judge, lesson, set_view, sets};
use triominos_server::protocol::learn::Goal;

fn dict(lang: &str) -> Map<String, Value> {
    match serde_json::from_slice(assets::get(&format!("i18n/{lang}.json")).unwrap()).unwrap() {
        Value::Object(m) => m,
        _ => panic!("{lang}.json is not an object"),
    }
}

#[test]
fn every_lesson_file_is_embedded_and_in_a_set() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("lessons");
    let mut on_disk = BTreeSet::new();
    for dir in std::fs::read_dir(&root).unwrap() {
        let dir = dir.unwrap().path();
        if !dir.is_dir() {
            continue;
        }
        for f in std::fs::read_dir(&dir).unwrap() {
            let p = f.unwrap().path();
            let rel = p.strip_prefix(&root).unwrap().to_string_lossy().replace('\\', "/");
            on_disk.insert(rel.trim_end_matches(".json").to_string());
        }
    }
    let embedded: BTreeSet<String> = learn::FILES.iter().map(|(p, _)| p.to_string()).collect();
    assert_eq!(on_disk, embedded, "lessons/ and learn::FILES differ");
    let mut used = BTreeSet::new();
    for (preset, names) in sets() {
        assert!(RuleSet::preset(&preset).is_ok(), "set {preset} is not a preset");
        for n in names {
            used.insert(learn::file_of(&preset, &n).unwrap_or_else(|| panic!("{preset}/{n}: no file")).0.to_string());
        }
    }
    assert_eq!(used, embedded, "every lesson file is used by a set");
    assert_eq!(sets().len(), 3, "a set per preset");
}

#[test]
fn every_solution_meets_its_goal_and_every_wrong_answer_is_refused() {
    let mut checked = 0;
    for (preset, names) in sets() {
        let rules = RuleSet::preset(&preset).unwrap();
        for name in names {
            let (path, l) = lesson(&preset, &name).unwrap();
            let at = format!("{preset}: {path}");
            let good = judge(&l, rules, l.solution).unwrap_or_else(|e| panic!("{at}: {e}"));
            assert!(good.refusal.is_none(), "{at}: the solution is refused: {:?}", good.refusal);
            assert!(good.solved, "{at}: the solution misses the goal {:?}: {good:?}", l.goal);
            let bad = judge(&l, rules, l.wrong).unwrap();
            assert!(!bad.solved, "{at}: the wrong answer meets the goal");
            assert_ne!(l.solution, l.wrong, "{at}");
            // What each goal means, on the engine's own account of the solution.
            match &l.goal {
                Goal::Score { at_least } => assert!(good.points >= *at_least),
                Goal::Bonus { bonus } => assert!(good.bonuses.contains(&bonus.as_str()), "{at}"),
                Goal::Draw { fail } => {
                    assert!(good.drawn.is_some() && good.items.iter().any(|i| i.reason == "draw"), "{at}");
                    assert_eq!(*fail, good.items.iter().any(|i| i.reason == "fail"), "{at}");
                }
                Goal::Out => assert_eq!(good.round_end, Some("out")),
                Goal::Blocked => assert_eq!(good.round_end, Some("blocked")),
                Goal::Win => assert!(good.game_over && good.winners == vec![0]),
                Goal::Place { .. } => assert!(good.items.iter().any(|i| i.reason == "tile")),
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 13 + 15 + 10);
}

/// The wrong answers teach what the lessons are about: the engine's reason.
#[test]
fn the_wrong_answers_get_the_engines_reason() {
    let refusal = |preset: &str, name: &str| {
        let (_, l) = lesson(preset, name).unwrap();
        let v = judge(&l, RuleSet::preset(preset).unwrap(), l.wrong).unwrap();
        serde_json::to_value(v.refusal).unwrap()
    };
    for preset in ["goliath", "pressman", "dominos-triangles"] {
        for name in ["corners", "rotate"] {
            let r = refusal(preset, name);
            assert_eq!(r["code"], "placement", "{preset} {name}");
            assert_eq!(r["params"]["code"], "corner_mismatch", "{preset} {name}");
            assert!(r["params"]["params"]["corner"].as_u64().unwrap() < 3);
        }
        assert_eq!(refusal(preset, "blocked")["code"], "pool_empty");
        assert_eq!(refusal(preset, "failed")["params"], "pool_not_empty");
    }
    assert_eq!(refusal("goliath", "drawn")["code"], "must_play_drawn_tile");
    assert_eq!(refusal("pressman", "drawn")["code"], "must_place_now");
    assert_eq!(refusal("pressman", "opening")["code"], "first_tile_must_be");
    // A legal play that misses the goal is not refused: the lesson's own text explains.
    assert_eq!(refusal("goliath", "score"), Value::Null);
    assert_eq!(refusal("pressman", "zero"), Value::Null);
}

#[test]
fn every_lesson_text_exists_in_every_language() {
    let dicts: Vec<_> = LANGUAGES.iter().map(|l| (l, dict(l))).collect();
    for (preset, _) in sets() {
        let view = set_view(&preset).unwrap();
        for l in &view.lessons {
            for part in ["title", "intro", "done", "miss"] {
                for (lang, d) in &dicts {
                    let key = format!("{}.{part}", l.text);
                    assert!(d.get(&key).and_then(Value::as_str).is_some_and(|s| !s.is_empty()), "{lang} lacks {key}");
                }
            }
        }
    }
}

#[tokio::test]
async fn the_api_serves_sets_and_judges_tries() {
    let db = common::temp_db();
    let server = common::start(&db).await;
    let (status, text) = common::http(&server, "GET", "/api/learn/goliath", None).await;
    assert_eq!(status, 200);
    let set: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(set["options"]["draw_when_able"], "true");
    let lessons = set["lessons"].as_array().unwrap();
    assert_eq!(lessons.len(), 13);
    let corners = &lessons[0];
    assert_eq!(corners["name"], "corners");
    assert_eq!(corners["text"], "learn.common.corners");
    // The others' hands and the pool stay hidden: sizes only.
    assert!(corners["hand_sizes"][1].as_u64().unwrap() > 0 && corners.get("others").is_none());
    assert!(corners["pool"].is_u64());

    let try_ = |action: &Value| json!({ "action": action }).to_string();
    let (status, text) =
        common::http(&server, "POST", "/api/learn/goliath/corners", Some(&try_(&corners["wrong"]))).await;
    assert_eq!(status, 200);
    let v: Value = serde_json::from_str(&text).unwrap();
    assert_eq!((v["solved"].clone(), v["refusal"]["params"]["code"].clone()), (json!(false), json!("corner_mismatch")));
    let (_, text) =
        common::http(&server, "POST", "/api/learn/goliath/corners", Some(&try_(&corners["solution"]))).await;
    let v: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["solved"], true);
    assert_eq!(v["items"][0]["reason"], "tile");

    let (status, _) = common::http(&server, "POST", "/api/learn/goliath/nope", Some(&try_(&corners["wrong"]))).await;
    assert_eq!(status, 404);
    let (status, _) = common::http(&server, "GET", "/api/learn/chess", None).await;
    assert_eq!(status, 404);
    let (status, text) = common::http(&server, "POST", "/api/learn/goliath/corners", Some(r#"{"action": 3}"#)).await;
    assert_eq!((status, serde_json::from_str::<Value>(&text).unwrap()["code"].clone()), (400, json!("bad_action")));
    let (status, _) = common::http(&server, "GET", "/learn/goliath/corners", None).await;
    assert_eq!(status, 200);
    server.stop().await;
}

/// Issue 32, defect 7 (its second half): a lesson offers the draw and the
/// pass exactly as the engine allows them, so that the buttons agree with the
/// judge: a draw or a pass is refused exactly when it is not offered (the
/// blocked lesson's pass offered, never while the pool holds tiles).
#[test]
fn a_lesson_offers_the_draw_and_the_pass_the_judge_accepts() {
    for preset in ["goliath", "pressman", "dominos-triangles"] {
        let rules = RuleSet::preset(preset).unwrap();
        let set = serde_json::to_value(set_view(preset).unwrap()).unwrap();
        for v in set["lessons"].as_array().unwrap() {
            let name = v["name"].as_str().unwrap();
            let (_, l) = lesson(preset, name).unwrap();
            for (kind, action) in
                [("can_draw", triominos_core::Action::Draw), ("can_pass", triominos_core::Action::Pass)]
            {
                let offered = v[kind].as_bool().unwrap_or_else(|| panic!("{preset} {name}: no {kind}"));
                let refused = judge(&l, rules, action).unwrap().refusal.is_some();
                assert_eq!(offered, !refused, "{preset} {name}: {kind}");
                if kind == "can_pass" && offered {
                    assert_eq!(v["pool"], 0, "{preset} {name}: a pass offered with tiles in the pool");
                }
            }
        }
        let blocked = set["lessons"].as_array().unwrap().iter().find(|v| v["name"] == "blocked").unwrap();
        assert_eq!((blocked["can_pass"].as_bool(), blocked["can_draw"].as_bool()), (Some(true), Some(false)));
    }
}

/// Issue 38: "Show me" names the answer in the move notation. The name is
/// core's writer's on the lesson's board, and core's reader reads it back,
/// on that board and hand, as the lesson's solution (every lesson of every
/// set), so a player who reads the board as text can type it.
#[test]
fn every_solution_is_named_in_the_notation_and_reads_back_as_itself() {
    let mut named = 0;
    for preset in ["goliath", "pressman", "dominos-triangles"] {
        let rules = RuleSet::preset(preset).unwrap();
        for v in set_view(preset).unwrap().lessons {
            let (_, l) = lesson(preset, &v.name).unwrap();
            let game = l.game(rules).unwrap();
            let hand = game.hand(0).unwrap_or_default();
            let read = triominos_core::notation::parse(&v.solution_notation, game.public().board(), hand)
                .unwrap_or_else(|e| panic!("{preset} {}: {:?} does not read: {e}", v.name, v.solution_notation));
            assert_eq!(read, l.solution, "{preset} {}: {}", v.name, v.solution_notation);
            if matches!(l.solution, triominos_core::Action::Play { .. }) {
                assert!(v.solution_notation.chars().any(|c| c.is_ascii_digit()), "{}", v.solution_notation);
                named += 1;
            }
        }
    }
    assert!(named > 20, "placements named: {named}");
}
