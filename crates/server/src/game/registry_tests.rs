//! The registry's tests: sleepers, waking, eviction.

use super::*;
use crate::game::handle::GameHandle;
use crate::game::room::{Room, SeatKind, SeatSetup, Setup};
use crate::protocol::Pace;

/// A table of two people of `pace`, created now (a handle without a driver:
/// the registry reads its status only).
fn room(id: &str, pace: Pace) -> GameHandle {
    let seat = |i: usize| SeatSetup {
        kind: SeatKind::Human,
        name: format!("P{i}"),
        level: None,
        token: Some(format!("t{i}")),
    };
    let setup = Setup {
        waiting: false,
        arrived: Default::default(),
        started_ms: None,
        cancelled: false,
        preset: "goliath".into(),
        options: Vec::new(),
        seed: 1,
        seats: vec![seat(0), seat(1)],
        created: store::now(),
        hints: false,
        hints_used: Vec::new(),
        pace,
        stand_in: "casual".into(),
        rematch: None,
        takebacks: false,
        listed: false,
    };
    let mut room = Room::new(id.into(), setup).unwrap();
    // No reserve: a live table's clock is due a turn's time from now.
    room.timing.reserve_ms = 0;
    GameHandle::new(&mut room).0
}

fn registry(evict_after_s: u64, sweep_every_s: u64) -> Registry {
    let mut c = ServeConfig::new("127.0.0.1:0", "unused.db");
    c.evict_after = Duration::from_secs(evict_after_s);
    c.sweep_every = Duration::from_secs(sweep_every_s);
    Registry::new(&c)
}

#[test]
fn a_timed_game_far_from_its_deadline_sleeps_and_is_woken_a_sweep_before_it() {
    let reg = registry(0, 60);
    reg.insert(room("slow", Pace::Slow { move_seconds: Pace::SLOW[0] }));
    reg.insert(room("live", Pace::Live { move_seconds: 30 }));
    reg.insert(room("untimed", Pace::Untimed));
    // The slow table and the untimed one leave memory; the live one's
    // clock is due within a sweep: it stays.
    assert_eq!(reg.evict_idle(), 2);
    assert!(reg.is_in_memory("live") && !reg.is_in_memory("slow") && !reg.is_in_memory("untimed"));
    assert_eq!(reg.sleeping("untimed"), None, "no clock: it waits on disk until asked for");
    let deadline = reg.sleeping("slow").expect("the slow table sleeps");
    let now = store::now_ms();
    assert!(deadline > now + 86_000_000 && deadline <= now + 86_400_000, "{deadline} at {now}");
    assert_eq!(reg.sleepers(), 1);
    // Not yet: more than a sweep before its deadline.
    assert_eq!(reg.wake_due(deadline - 60_001), vec![]);
    // A sweep before: handed out once, no longer sleeping.
    assert_eq!(reg.wake_due(deadline - 60_000), vec![("slow".to_string(), deadline)]);
    assert_eq!((reg.sleeping("slow"), reg.wake_due(deadline)), (None, vec![]));
}

#[test]
fn a_sleeper_loaded_by_a_page_no_longer_sleeps_and_the_soonest_wake_first() {
    let reg = registry(0, 60);
    reg.sleep("b", 5_000_000);
    reg.sleep("a", 1_000_000);
    reg.sleep("c", 9_000_000);
    let (_, new) = reg.insert_loaded(room("c", Pace::Slow { move_seconds: Pace::SLOW[1] }));
    assert!(new);
    assert_eq!(reg.sleeping("c"), None, "in memory now: its clock runs there");
    assert_eq!(reg.wake_due(i64::MAX - 1), vec![("a".to_string(), 1_000_000), ("b".to_string(), 5_000_000)]);
}

#[test]
fn without_a_sweep_or_within_evict_after_and_a_sweep_a_timed_game_stays() {
    let now = 1_000_000_000;
    let reg = registry(600, 60);
    assert!(!reg.may_sleep(now + 660_000, now));
    assert!(reg.may_sleep(now + 660_001, now));
    let no_sweep = registry(600, 0);
    assert!(!no_sweep.may_sleep(now + 86_400_000, now), "nothing would wake it");
    let no_wait = registry(0, 0);
    no_wait.insert(room("slow", Pace::Slow { move_seconds: Pace::SLOW[0] }));
    assert_eq!(no_wait.evict_idle(), 0);
    assert!(no_wait.is_in_memory("slow"));
}
