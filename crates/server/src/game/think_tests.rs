//! The decision queue's tests: lanes, shares, owners in turn.

use super::*;
use std::future::Future;
use std::pin::pin;
use std::task::{Context, Poll, Waker};

/// Polls a future once: `Some` when it is ready.
fn poll_once<F: Future>(f: std::pin::Pin<&mut F>) -> Option<F::Output> {
    match f.poll(&mut Context::from_waker(Waker::noop())) {
        Poll::Ready(v) => Some(v),
        Poll::Pending => None,
    }
}

fn now(t: &Arc<Thinking>, lane: Lane, wants: usize) -> Permit {
    poll_once(pin!(t.acquire(lane, wants))).expect("starts at once")
}

fn now_for(t: &Arc<Thinking>, lane: Lane, owner: u64) -> Permit {
    poll_once(pin!(t.acquire_for(lane, owner, 1))).expect("starts at once")
}

#[test]
fn at_most_cap_decisions_run_and_people_go_first() {
    let t = Thinking::new(1);
    let first = now(&t, Lane::People, 1);
    let mut bots = pin!(t.acquire(Lane::BotsOnly, 1));
    assert!(poll_once(bots.as_mut()).is_none(), "waits: the one slot is taken");
    let mut people = pin!(t.acquire(Lane::People, 1));
    assert!(poll_once(people.as_mut()).is_none());
    assert_eq!(
        t.status(),
        ThinkingStatus { running: 1, waiting_people: 1, waiting_bots_only: 1, ..ThinkingStatus::default() }
    );
    drop(first);
    // The game with people, queued last, starts first.
    let p = poll_once(people.as_mut()).expect("people first");
    assert!(poll_once(bots.as_mut()).is_none());
    drop(p);
    let b = poll_once(bots.as_mut()).expect("then the bots");
    assert_eq!(t.status().running_bots_only, 1);
    drop(b);
    assert_eq!(t.status(), ThinkingStatus::default());
}

#[test]
fn games_of_bots_alone_leave_a_slot_for_people() {
    let t = Thinking::new(2);
    let b1 = now(&t, Lane::BotsOnly, 1);
    let mut b2 = pin!(t.acquire(Lane::BotsOnly, 1));
    assert!(poll_once(b2.as_mut()).is_none(), "one slot of two for bots alone");
    let p = now(&t, Lane::People, 1);
    assert_eq!(t.status().running, 2);
    drop(p);
    assert!(poll_once(b2.as_mut()).is_none(), "still one bot-only decision at most");
    drop(b1);
    assert!(poll_once(b2.as_mut()).is_some());
}

#[test]
fn several_threads_only_when_idle() {
    let t = Thinking::new(2);
    let alone = now(&t, Lane::People, 2);
    assert_eq!(alone.threads(), 2, "idle: both cores");
    let second = now(&t, Lane::People, 2);
    assert_eq!(second.threads(), 1, "another decision runs: one");
    drop(alone);
    drop(second);
    let bots = now(&t, Lane::BotsOnly, 2);
    assert_eq!(bots.threads(), 1, "a game of bots alone never gets more than one");
    drop(bots);
    let one = Thinking::new(1);
    assert_eq!(now(&one, Lane::People, 2).threads(), 1, "never more than the cap");
}

#[test]
fn a_waiter_that_goes_away_hands_its_turn_on() {
    let t = Thinking::new(1);
    let first = now(&t, Lane::People, 1);
    {
        let mut gone = pin!(t.acquire(Lane::People, 1));
        assert!(poll_once(gone.as_mut()).is_none());
    }
    let mut next = pin!(t.acquire(Lane::People, 1));
    assert!(poll_once(next.as_mut()).is_none());
    drop(first);
    assert!(poll_once(next.as_mut()).is_some(), "the dropped waiter's permit was released");
    assert_eq!(t.status().waiting_people, 0);
}

/// Issue 35: one client asking hints in a loop on ten games. A bot's
/// move of another table never waits behind them: a slot is kept for
/// the games with people, and a bot's move goes before any hint.
#[test]
fn hints_in_a_loop_never_hold_a_tables_bot_move_back() {
    let t = Thinking::new(2);
    let attacker = owner_of("192.0.2.66");
    let running_hint = now_for(&t, Lane::Hint, attacker);
    let mut hints: Vec<_> = (0..10).map(|_| Box::pin(t.acquire_for(Lane::Hint, attacker, 2))).collect();
    for h in hints.iter_mut() {
        assert!(poll_once(h.as_mut()).is_none(), "one hint at a time: the other slot is the people's");
    }
    assert_eq!(t.status().waiting_hints, 10);
    // The canary's bot starts at once, hints running and waiting.
    let canary = now(&t, Lane::People, 1);
    assert_eq!(t.status().running, 2);
    // With both slots taken, the next bot's move still goes before the ten hints.
    let mut next_bot = pin!(t.acquire(Lane::People, 1));
    assert!(poll_once(next_bot.as_mut()).is_none());
    drop(running_hint);
    let bot = poll_once(next_bot.as_mut()).expect("the bot's move first");
    assert!(hints.iter_mut().all(|h| poll_once(h.as_mut()).is_none()), "no hint meanwhile");
    drop(canary);
    drop(bot);
    assert_eq!(t.status().running_background, 1, "then the hints, one at a time");
    assert_eq!(t.status().waiting_hints, 9);
}

/// The owners of a lane take turns: a second client's hint, asked after
/// ten of the first client's, is the second to start, not the eleventh.
#[test]
fn owners_take_turns_within_a_lane() {
    let t = Thinking::new(2);
    let (a, b) = (owner_of("192.0.2.1"), owner_of("192.0.2.2"));
    let mut running = Some(now_for(&t, Lane::Hint, a));
    let mut queued: Vec<(u64, _)> = (0..10).map(|_| (a, Box::pin(t.acquire_for(Lane::Hint, a, 1)))).collect();
    queued.push((b, Box::pin(t.acquire_for(Lane::Hint, b, 1))));
    for (_, f) in queued.iter_mut() {
        assert!(poll_once(f.as_mut()).is_none());
    }
    // Who starts, one slot freed at a time (hints take one slot of two).
    let mut order = Vec::new();
    while !queued.is_empty() {
        drop(running.take());
        let (i, permit) = queued
            .iter_mut()
            .enumerate()
            .find_map(|(i, (_, f))| poll_once(f.as_mut()).map(|p| (i, p)))
            .expect("one starts");
        order.push(queued.remove(i).0);
        running = Some(permit);
    }
    assert_eq!(order[0], a, "the first client's next one was already first in line");
    assert_eq!(order[1], b, "then the second client's turn: not behind the other nine");
    assert!(order[2..].iter().all(|o| *o == a));
}

/// Bots' moves of games of bots alone go before hints, and reviews go
/// last; all of them together never take the slot kept for people.
#[test]
fn lanes_go_in_order_and_the_background_keeps_a_slot_for_people() {
    let t = Thinking::new(3);
    let p1 = now(&t, Lane::People, 1);
    let p2 = now(&t, Lane::People, 1);
    let p3 = now(&t, Lane::People, 1);
    let mut review = pin!(t.acquire_for(Lane::Review, 7, 1));
    let mut hint = pin!(t.acquire_for(Lane::Hint, 8, 1));
    let mut bots = pin!(t.acquire_for(Lane::BotsOnly, 9, 1));
    // Queued (a future waits once polled), the review first.
    assert!(poll_once(review.as_mut()).is_none());
    assert!(poll_once(hint.as_mut()).is_none());
    assert!(poll_once(bots.as_mut()).is_none());
    drop(p1);
    assert!(poll_once(bots.as_mut()).is_none(), "the last free slot is kept for a table's bot");
    drop(p2);
    let b = poll_once(bots.as_mut()).expect("bots alone first");
    assert!(poll_once(hint.as_mut()).is_none());
    drop(b);
    assert!(poll_once(review.as_mut()).is_none(), "the hint before the review");
    let h = poll_once(hint.as_mut()).expect("then the hint");
    drop(p3);
    let r = poll_once(review.as_mut()).expect("then the review");
    assert_eq!(t.status().running_background, 2, "two of three: one kept for people");
    let mut more = pin!(t.acquire_for(Lane::Review, 7, 1));
    assert!(poll_once(more.as_mut()).is_none(), "the third slot stays the people's");
    let p = now(&t, Lane::People, 1);
    drop((h, r, p));
    assert!(poll_once(more.as_mut()).is_some());
}

/// Issue 44: ten games against Expert from one client, its person moving
/// at once, queue ten bots' moves in the people's lane. On main that lane
/// was first come: a canary's bot waited behind all ten. Now the client
/// runs at most its share (one of two slots): the canary's decision starts
/// at once, and among waiting owners the canary's turn comes before the
/// attacker's next.
#[test]
fn in_the_peoples_lane_owners_take_turns_and_a_clients_share_is_bounded() {
    let t = Thinking::new(2);
    assert_eq!(t.share(), 1);
    let (attacker, canary) = (owner_of("192.0.2.66"), owner_of("192.0.2.1"));
    let running = now_for(&t, Lane::People, attacker);
    let mut experts: Vec<_> = (0..10).map(|_| Box::pin(t.acquire_for(Lane::People, attacker, 2))).collect();
    for e in experts.iter_mut() {
        assert!(poll_once(e.as_mut()).is_none(), "the attacker holds its share: the other slot stays free");
    }
    assert_eq!(t.status(), ThinkingStatus { running: 1, waiting_people: 10, ..ThinkingStatus::default() });
    assert_eq!(t.running_of(attacker), 1);
    let first = now_for(&t, Lane::People, canary);
    assert_eq!(first.threads(), 1);
    // Both slots taken; the canary's next decision waits, queued after ten of the attacker's.
    let mut second = pin!(t.acquire_for(Lane::People, canary, 1));
    assert!(poll_once(second.as_mut()).is_none());
    drop(first);
    // The canary's slot frees: its own next decision takes it, not one of the attacker's.
    let second = poll_once(second.as_mut()).expect("the canary's turn");
    assert!(experts.iter_mut().all(|e| poll_once(e.as_mut()).is_none()));
    drop(running);
    let started: Vec<Permit> = experts.iter_mut().filter_map(|e| poll_once(e.as_mut())).collect();
    assert_eq!(started.len(), 1, "then one of the attacker's");
    assert_eq!(t.running_of(attacker), 1);
    drop((second, started));
}

/// The share counts an owner's decisions in every lane together: a
/// client's hint waits while one of its games' bots thinks.
#[test]
fn a_share_counts_every_lane() {
    let t = Thinking::new(3);
    let a = owner_of("192.0.2.7");
    let bot = now_for(&t, Lane::People, a);
    let mut hint = pin!(t.acquire_for(Lane::Hint, a, 1));
    assert!(poll_once(hint.as_mut()).is_none(), "a slot is free, not for this client");
    let other = now_for(&t, Lane::Hint, owner_of("192.0.2.8"));
    drop(other);
    drop(bot);
    assert!(poll_once(hint.as_mut()).is_some());
}
