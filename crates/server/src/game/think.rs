//! Bot thinking off the async runtime, a few decisions at a time, games with
//! people first.
//!
//! A bot's decision runs on a blocking thread (`spawn_blocking`), never on the
//! runtime's workers, and only with a [`Permit`] from [`Thinking`]: at most
//! `cap` decisions run at once (the number of cores by default), the others
//! wait in two queues. When a decision ends, the next to start is the oldest
//! waiting decision of a game with people; a decision of a game of bots alone
//! starts only when no game with people waits, and at most `cap - 1` of those
//! run at once (at least 1), so a core stays free for the games with people.
//!
//! A level that may think on several threads (Expert) gets them only when
//! the server is idle: no other decision running or waiting when it starts.
//! It then still counts as one decision, so a decision that comes meanwhile
//! is not held back by it: it starts at once and shares the cores for the rest
//! of that decision (at most one thread more than `cap`, for at most the
//! level's time budget).

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use tokio::sync::oneshot;

/// Which queue a decision waits in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lane {
    /// A game with at least one person: goes first.
    People,
    /// A game of bots alone: goes last.
    BotsOnly,
}

/// How many decisions run and wait, for the logs and the tests.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ThinkingStatus {
    /// Decisions running.
    pub running: usize,
    /// Of them, decisions of games of bots alone.
    pub running_bots_only: usize,
    /// Decisions of games with people waiting to start.
    pub waiting_people: usize,
    /// Decisions of games of bots alone waiting to start.
    pub waiting_bots_only: usize,
}

struct Waiter {
    lane: Lane,
    wants: usize,
    tx: oneshot::Sender<Permit>,
}

#[derive(Default)]
struct Queues {
    running: usize,
    running_bots_only: usize,
    people: VecDeque<Waiter>,
    bots_only: VecDeque<Waiter>,
}

/// The decisions running and waiting, and the caps (see the module documentation).
pub struct Thinking {
    cap: usize,
    bots_only_cap: usize,
    queues: Mutex<Queues>,
}

/// The right to run one decision; the next waiting decision may start once it
/// is dropped.
pub struct Permit {
    thinking: Arc<Thinking>,
    lane: Lane,
    threads: usize,
}

impl Permit {
    /// The threads the decision may use (1, or more when the server was idle
    /// and the level asked for more).
    pub fn threads(&self) -> usize {
        self.threads
    }
}

impl Drop for Permit {
    fn drop(&mut self) {
        self.thinking.release(self.lane);
    }
}

impl Thinking {
    /// At most `cap` decisions at once (at least 1).
    pub fn new(cap: usize) -> Arc<Thinking> {
        let cap = cap.max(1);
        Arc::new(Thinking { cap, bots_only_cap: (cap - 1).max(1), queues: Mutex::new(Queues::default()) })
    }

    /// The most decisions that run at once.
    pub fn cap(&self) -> usize {
        self.cap
    }

    /// How many decisions run and wait now.
    pub fn status(&self) -> ThinkingStatus {
        let q = self.lock();
        ThinkingStatus {
            running: q.running,
            running_bots_only: q.running_bots_only,
            waiting_people: q.people.len(),
            waiting_bots_only: q.bots_only.len(),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Queues> {
        // The lock guards counters only: a panic elsewhere leaves them sound.
        self.queues.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Waits for the turn of a decision in `lane` that would use up to
    /// `wants` threads.
    pub async fn acquire(self: &Arc<Self>, lane: Lane, wants: usize) -> Permit {
        let rx = {
            let mut q = self.lock();
            let free = q.running < self.cap
                && q.people.is_empty()
                && (lane == Lane::People || (q.bots_only.is_empty() && q.running_bots_only < self.bots_only_cap));
            if free {
                return self.start(&mut q, lane, wants);
            }
            let (tx, rx) = oneshot::channel();
            let waiter = Waiter { lane, wants, tx };
            match lane {
                Lane::People => q.people.push_back(waiter),
                Lane::BotsOnly => q.bots_only.push_back(waiter),
            }
            rx
        };
        match rx.await {
            Ok(permit) => permit,
            // Never: a waiter is only dropped when handed its permit.
            Err(_) => {
                let mut q = self.lock();
                self.start(&mut q, lane, 1)
            }
        }
    }

    /// Counts a decision as running and decides its threads.
    fn start(self: &Arc<Self>, q: &mut Queues, lane: Lane, wants: usize) -> Permit {
        let idle = q.running == 0 && q.people.is_empty() && q.bots_only.is_empty();
        let threads = if idle && lane == Lane::People { wants.clamp(1, self.cap) } else { 1 };
        q.running += 1;
        if lane == Lane::BotsOnly {
            q.running_bots_only += 1;
        }
        Permit { thinking: self.clone(), lane, threads }
    }

    fn release(self: &Arc<Self>, lane: Lane) {
        let mut handed = Vec::new();
        {
            let mut q = self.lock();
            q.running = q.running.saturating_sub(1);
            if lane == Lane::BotsOnly {
                q.running_bots_only = q.running_bots_only.saturating_sub(1);
            }
            while q.running < self.cap {
                let w = match q.people.pop_front() {
                    Some(w) => w,
                    None if q.running_bots_only < self.bots_only_cap => match q.bots_only.pop_front() {
                        Some(w) => w,
                        None => break,
                    },
                    None => break,
                };
                let permit = self.start(&mut q, w.lane, w.wants);
                handed.push((w.tx, permit));
            }
        }
        // Outside the lock: a waiter that went away drops its permit, which
        // releases it again and hands the slot on.
        for (tx, permit) in handed {
            let _ = tx.send(permit);
        }
    }
}

#[cfg(test)]
mod tests {
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
            ThinkingStatus { running: 1, running_bots_only: 0, waiting_people: 1, waiting_bots_only: 1 }
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
}
