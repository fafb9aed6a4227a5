//! External bots that misbehave lose their game by forfeit, with words that say
//! what they did, within their time limit, and leave no process behind.
//!
//! Only the bots whose fault is to be slow meet their time limit; every other
//! bot gets one that no loaded machine reaches, so what it did is what is
//! reported whatever the load. No test asserts how long anything took.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use triominos_bots::play::{arena, standings};
use triominos_bots::Budget;
use triominos_core::{Preset, RuleSet};

/// A per-decision time limit no loaded machine reaches.
const GENEROUS: Duration = Duration::from_secs(120);

fn python() -> &'static str {
    std::process::Command::new("python3")
        .arg("--version")
        .output()
        .map(|_| "python3")
        .expect("python3 is needed for the external bot tests")
}

fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tri-external-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The start of every test bot: it notes its process id and group, one line
/// `PID PGID` (appended: one line per game) in `NAME.pids`; `child(...)`
/// starts a `sleep` that keeps the bot's output open and notes its id in
/// `NAME.children`.
fn prelude(dir: &Path, name: &str) -> String {
    let pids = dir.join(format!("{name}.pids"));
    let children = dir.join(format!("{name}.children"));
    format!(
        r#"import os, sys, json, time, subprocess
with open({pids:?}, "a") as f:
    f.write(f"{{os.getpid()}} {{os.getpgrp()}}\n")
def child():
    c = subprocess.Popen(["sleep", "300"])
    with open({children:?}, "a") as f:
        f.write(f"{{c.pid}}\n")
def first_legal(line):
    return json.dumps(json.loads(line)["legal"][0])
"#
    )
}

/// The ids noted in a file, one or more a line.
fn ids(path: &Path) -> Vec<i32> {
    std::fs::read_to_string(path).unwrap_or_default().split_whitespace().map(|w| w.parse().unwrap()).collect()
}

/// The processes alive (not zombies) that `select` picks by their id,
/// process group and command line, from /proc.
fn alive(select: impl Fn(i32, i32, &str) -> bool) -> Vec<i32> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<i32>() else { continue };
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else { continue };
        // "PID (COMM) STATE PPID PGRP ...": COMM may hold spaces and parentheses.
        let Some(rest) = stat.rfind(')').map(|i| &stat[i + 1..]) else { continue };
        let fields: Vec<&str> = rest.split_whitespace().collect();
        let (state, pgrp) = (fields[0], fields[2].parse::<i32>().unwrap());
        let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
        if state != "Z" && state != "X" && select(pid, pgrp, &String::from_utf8_lossy(&cmdline)) {
            out.push(pid);
        }
    }
    out
}

/// Every bot noted in `NAME.pids` led its own process group, and that group,
/// every child noted and every process running `NAME.py` are gone. A group
/// just killed may take a moment to die: waits for it, up to a time no
/// machine needs. `started`: the bots must have run their prelude (a bot
/// ended for being slow may be ended before its Python has started).
fn assert_nothing_left(dir: &Path, name: &str, started: bool) {
    let pids = ids(&dir.join(format!("{name}.pids")));
    assert!(!started || !pids.is_empty(), "{name}: the bot never started");
    let script = dir.join(format!("{name}.py")).display().to_string();
    let groups: Vec<i32> = pids.chunks(2).map(|p| p[1]).collect();
    for p in pids.chunks(2) {
        assert_eq!(p[0], p[1], "{name}: the bot leads its own process group");
    }
    let children = ids(&dir.join(format!("{name}.children")));
    let left =
        |_: ()| alive(|pid, pgrp, cmd| groups.contains(&pgrp) || children.contains(&pid) || cmd.contains(&script));
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut still = left(());
    while !still.is_empty() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
        still = left(());
    }
    assert!(still.is_empty(), "{name}: processes left behind: {still:?} (groups {groups:?}, children {children:?})");
}

/// Plays one paired deal (two games) of the bot against greedy and checks
/// that the bot forfeits both, with `words` in the reason, and leaves nothing.
fn forfeits(name: &str, body: &str, words: &str, limit: Duration) {
    let dir = scratch();
    let path = dir.join(format!("{name}.py"));
    std::fs::write(&path, prelude(&dir, name) + body).unwrap();
    let specs = vec![format!("cmd:{} {}", python(), path.display()), "greedy".to_string()];
    let budget = Budget { time: Some(limit), ..Budget::default() };
    let games = arena(RuleSet::of(Preset::Goliath), &specs, 1, 1, budget, &|_| {}).unwrap();
    assert_eq!(games.len(), 2, "{name}: the arena played every game");
    for g in &games {
        let (seat, why) = g.result.forfeit.clone().unwrap_or_else(|| panic!("{name}: no forfeit"));
        assert_eq!(g.seating[seat as usize], 0, "{name}: the external bot forfeits");
        assert!(why.contains(words), "{name}: {why}");
        assert!(g.result.winners.iter().all(|&w| w != seat));
    }
    let table = standings(&specs, &games);
    assert_eq!(table[0].forfeits, 2);
    assert_eq!(table[0].wins, 0.0);
    assert_nothing_left(&dir, name, limit == GENEROUS);
}

#[test]
fn a_bot_that_crashes_at_once_is_reported_as_exited() {
    forfeits("crash", "sys.exit(3)\n", "exited (exit status: 3) without answering", GENEROUS);
}

#[test]
fn a_bot_that_quits_on_its_turn_is_reported_as_exited() {
    forfeits("quit", "sys.stdin.readline()\nsys.exit(4)\n", "exited (exit status: 4) without answering", GENEROUS);
}

/// Its child still holds the bot's output open, so the output never ends:
/// the exit itself is what is seen, at once, not a time limit run out.
#[test]
fn a_bot_that_exits_leaving_a_child_on_its_output_is_reported_as_exited_and_the_child_ended() {
    forfeits(
        "child",
        "sys.stdin.readline()\nchild()\nsys.exit(5)\n",
        "exited (exit status: 5) without answering",
        GENEROUS,
    );
}

#[test]
fn a_bot_that_sleeps_past_its_limit_forfeits_and_is_ended() {
    let short = Duration::from_millis(500);
    forfeits("sleep", "for line in sys.stdin:\n    time.sleep(300)\n", "did not answer within 0.5 s", short);
}

/// It answers its first turn, but only after filling its own input pipe
/// (opened a second time through /proc) and it never reads again: the
/// engine's next write can never finish.
#[test]
fn a_bot_that_never_reads_its_input_forfeits_and_is_ended() {
    // The limit is met by the blocked write; the bot's first answer (a
    // Python start, then filling its own input pipe) must come within it,
    // so it is wide enough for a Python start on a machine loaded 15 deep
    // (4 s was not, once): the test waits for it twice, once a game.
    let limit = Duration::from_secs(12);
    let body = r#"line = sys.stdin.readline()
fd = os.open("/proc/self/fd/0", os.O_WRONLY | os.O_NONBLOCK)
while True:
    try:
        os.write(fd, b"x")
    except BlockingIOError:
        break
print(first_legal(line), flush=True)
time.sleep(300)
"#;
    forfeits("deaf", body, "did not read its input", limit);
    assert_nothing_left(&scratch(), "deaf", true);
}

#[test]
fn a_bot_that_answers_twice_forfeits_with_a_line_nobody_asked_for() {
    let body = r#"for line in sys.stdin:
    a = first_legal(line)
    sys.stdout.write(a + "\n" + a + "\n")
    sys.stdout.flush()
"#;
    forfeits("twice", body, "nobody asked for", GENEROUS);
}

#[test]
fn a_bot_that_answers_a_10_mb_line_forfeits_and_is_ended() {
    let body =
        "sys.stdin.readline()\nsys.stdout.write('x' * 10_000_000 + '\\n')\nsys.stdout.flush()\ntime.sleep(300)\n";
    forfeits("huge", body, "answered a line longer than 64 KiB", GENEROUS);
}

#[test]
fn bots_that_answer_illegal_or_malformed_actions_forfeit() {
    let illegal = "for line in sys.stdin:\n    print(json.dumps({'kind':'play','tile':'5-5-5','cell':[40,20],'rotation':0}), flush=True)\n";
    forfeits("illegal", illegal, "illegal action", GENEROUS);
    forfeits("garbage", "for line in sys.stdin:\n    print('hello there', flush=True)\n", "malformed action", GENEROUS);
}

/// A bot that plays well but starts a child that would outlive it: the game
/// ends normally and the child is ended with the bot's group.
#[test]
fn a_child_of_a_bot_that_played_a_whole_game_does_not_outlive_it() {
    let dir = scratch();
    let name = "litter";
    let path = dir.join(format!("{name}.py"));
    let body = r#"child()
for line in sys.stdin:
    if json.loads(line).get("type") == "turn":
        print(first_legal(line), flush=True)
"#;
    std::fs::write(&path, prelude(&dir, name) + body).unwrap();
    let specs = vec![format!("cmd:{} {}", python(), path.display()), "greedy".to_string()];
    let budget = Budget { time: Some(GENEROUS), ..Budget::default() };
    let games = arena(RuleSet::of(Preset::Pressman), &specs, 1, 1, budget, &|_| {}).unwrap();
    for g in &games {
        assert!(g.result.forfeit.is_none(), "{:?}", g.result.forfeit);
    }
    // One child a game (and maybe one more: the arena starts each bot once
    // before the games to check its command).
    assert!(ids(&dir.join(format!("{name}.children"))).len() >= 2, "one child a game");
    assert_nothing_left(&dir, name, true);
}

/// Self-play writes the forfeit into the game's record.
#[test]
fn a_forfeit_is_written_into_the_record() {
    let dir = scratch();
    let path = dir.join("record.py");
    std::fs::write(&path, prelude(&dir, "record") + "sys.stdin.readline()\nsys.exit(6)\n").unwrap();
    let specs = vec![format!("cmd:{} {}", python(), path.display()), "greedy".to_string()];
    let budget = Budget { time: Some(GENEROUS), ..Budget::default() };
    let results =
        triominos_bots::play::selfplay(RuleSet::of(Preset::Goliath), &specs, 1, 3, budget, true, &|_| {}).unwrap();
    let (seat, why) = results[0].forfeit.clone().expect("a forfeit");
    assert_eq!(seat, 0);
    let text = results[0].record.clone().unwrap().unwrap();
    let why = why.replace('"', "'");
    assert!(text.contains(&format!("[Forfeit \"P1\" \"{why}\"]\n")), "{text}");
    assert!(text.ends_with(&format!("# P1 forfeits: {why}\n")), "{text}");
    let replayed = triominos_core::record::replay(&text).unwrap();
    assert!(replayed.tags.iter().any(|(k, v)| k == "Forfeit" && v[0] == "P1" && v[1].contains("exit status: 6")));
    assert_nothing_left(&dir, "record", true);
}

/// Protocol 2: a bot that answers each turn, then, once the next turn has
/// come, the previous turn again with its id. Without ids that late line
/// would be taken for the new turn's answer (it came after the turn began);
/// with them it forfeits, naming both turns, whatever its timing.
#[test]
fn a_late_answer_to_an_earlier_turn_forfeits_naming_the_turns() {
    let body = r#"prev = None
for line in sys.stdin:
    msg = json.loads(line)
    if msg.get("type") != "turn":
        continue
    if prev is not None:
        print(prev, flush=True)
        time.sleep(0.2)
    a = msg["legal"][0]
    a["id"] = msg["id"]
    prev = json.dumps(a)
    print(prev, flush=True)
"#;
    forfeits("late", body, "answered turn 1 during turn 2", GENEROUS);
}

/// Protocol 2: the same answer, with its id, twice in one write: the second
/// line answers a turn already answered: "answered turn 1 twice" when it
/// is read before the next turn, "answered turn 1 during turn 2" after.
#[test]
fn a_bot_that_answers_a_turn_twice_with_its_id_forfeits_saying_so() {
    let body = r#"for line in sys.stdin:
    msg = json.loads(line)
    if msg.get("type") != "turn":
        continue
    a = msg["legal"][0]
    a["id"] = msg["id"]
    sys.stdout.write(json.dumps(a) + "\n" + json.dumps(a) + "\n")
    sys.stdout.flush()
"#;
    forfeits("twice2", body, "answered turn 1 ", GENEROUS);
}

/// An id that is no whole number makes the answer malformed.
#[test]
fn an_answer_whose_id_is_not_a_number_forfeits_as_malformed() {
    let body = r#"for line in sys.stdin:
    a = json.loads(line)["legal"][0]
    a["id"] = "seven"
    print(json.dumps(a), flush=True)
"#;
    forfeits("badid", body, "malformed action", GENEROUS);
}

/// Protocol 2 end to end: every turn says the protocol's version and a turn
/// id counting from 1, the rule options come as JSON values of their kinds
/// (numbers, booleans, lists, null for none), and a bot echoing the id plays
/// whole games without forfeit. Anything else makes it answer garbage.
#[test]
fn a_bot_of_protocol_2_gets_typed_rules_and_numbered_turns_and_plays_whole_games() {
    let dir = scratch();
    let name = "typed";
    let path = dir.join(format!("{name}.py"));
    let body = r#"expected = 1
for line in sys.stdin:
    msg = json.loads(line)
    if msg.get("protocol") != 2:
        print("bad: protocol " + repr(msg.get("protocol")), flush=True)
        continue
    if msg.get("type") != "turn":
        continue
    r = msg["observation"]["rules"]
    problems = []
    if msg["id"] != expected:
        problems.append("id %r, expected %r" % (msg["id"], expected))
    expected += 1
    if not (isinstance(r["max_draws"], int) and not isinstance(r["max_draws"], bool)):
        problems.append("max_draws " + repr(r["max_draws"]))
    if not isinstance(r["announce_bonuses"], bool):
        problems.append("announce_bonuses " + repr(r["announce_bonuses"]))
    if not (isinstance(r["players"], list) and len(r["players"]) == 2 and all(isinstance(x, int) for x in r["players"])):
        problems.append("players " + repr(r["players"]))
    if not (isinstance(r["hand_size"], list) and all(isinstance(x, int) for x in r["hand_size"])):
        problems.append("hand_size " + repr(r["hand_size"]))
    if not (r["target"] is None or isinstance(r["target"], int)):
        problems.append("target " + repr(r["target"]))
    if not isinstance(r["preset"], str):
        problems.append("preset " + repr(r["preset"]))
    if problems:
        print("bad: " + "; ".join(problems), flush=True)
        continue
    a = msg["legal"][0]
    a["id"] = msg["id"]
    print(json.dumps(a), flush=True)
"#;
    std::fs::write(&path, prelude(&dir, name) + body).unwrap();
    let specs = vec![format!("cmd:{} {}", python(), path.display()), "greedy".to_string()];
    let budget = Budget { time: Some(GENEROUS), ..Budget::default() };
    let mut rules = RuleSet::of(Preset::Goliath);
    // A single round, `target` none: null on the wire.
    rules.set_option("target", "none").unwrap();
    for rules in [RuleSet::of(Preset::Pressman), rules] {
        let games = arena(rules, &specs, 1, 1, budget, &|_| {}).unwrap();
        for g in &games {
            assert!(g.result.forfeit.is_none(), "{:?}", g.result.forfeit);
            assert!(g.result.placements > 0);
        }
    }
    assert_nothing_left(&dir, name, true);
}

/// Every option of every preset reaches a bot as a JSON value of its kind.
#[test]
fn rules_reach_a_bot_as_values_of_their_kinds() {
    use serde_json::Value;
    use triominos_core::rules::{options_schema, OptionKind};
    for preset in Preset::ALL {
        let json = triominos_bots::external::rules_json(&RuleSet::of(preset));
        assert_eq!(json["preset"], Value::from(preset.name()));
        for o in options_schema() {
            let v = &json[o.name];
            let ok = match o.kind {
                OptionKind::Bool => v.is_boolean(),
                OptionKind::Int { min, max } => v.as_i64().is_some_and(|n| (min as i64..=max as i64).contains(&n)),
                OptionKind::IntOrNone { .. } => v.is_null() || v.is_i64(),
                OptionKind::Choice { values } => v.as_str().is_some_and(|s| values.contains(&s)),
                OptionKind::Range { .. } => v.as_array().is_some_and(|a| a.len() == 2 && a.iter().all(Value::is_i64)),
                OptionKind::List { len, .. } => {
                    v.as_array().is_some_and(|a| a.len() == len && a.iter().all(Value::is_i64))
                }
            };
            assert!(ok, "{preset:?} {}: {v}", o.name);
        }
    }
}
