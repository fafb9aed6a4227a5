//! Bot thinking off the async runtime, a few decisions at a time, as a fair
//! scheduler (issue 35): games with people first, then everything else by
//! class and by owner in turn.
//!
//! A decision runs on a blocking thread (`spawn_blocking`), never on the
//! runtime's workers, and only with a [`Permit`] from [`Thinking`]: at most
//! `cap` decisions run at once (the number of cores by default), the others
//! wait. When a slot frees, the next to start is chosen by [`Lane`], in this
//! order:
//!
//! 1. [`Lane::People`]: a bot's move in a game with a person, oldest first.
//! 2. [`Lane::BotsOnly`]: a bot's move in a game of bots alone.
//! 3. [`Lane::Hint`]: a person's hint: never ahead of a table's bot move.
//! 4. [`Lane::Review`]: one decision of a game's review.
//!
//! Within every lane, waiting decisions are grouped by owner (the client
//! that created the game, a client asking hints or reviews: [`owner_of`];
//! a game's id when its creator is not known, as after a restart) and the
//! owners take turns, one decision each: a client with ten games asking
//! hints in a loop, or ten games against Expert, gets one turn when another
//! client gets one (issue 44). An owner's share is bounded too: it runs at
//! most [`Thinking::share`] decisions at once (half the slots, at least
//! one, unless `--max-thinking-per-client` says), so another client's
//! decision always finds a slot its own are not holding. Every decision that is
//! not a bot's move in a game with people counts against `cap - 1` slots (at
//! least 1) and starts only while it leaves a slot free (or nothing runs), so
//! a slot is always left for the games with people: a hint, a review or a
//! game of bots alone that thinks for a second never holds the last core,
//! even beside another client's Expert.
//!
//! A level that may think on several threads (Expert, and hints) gets them
//! only when the server is idle: no other decision running or waiting when
//! it starts. It then still counts as one decision, so a decision that comes
//! meanwhile is not held back by it: it starts at once and shares the cores
//! for the rest of that decision (at most one thread more than `cap`, for
//! at most the level's time budget).
//!
//! A bot's turn names its game's owner ([`Thinking::acquire_for`]);
//! `acquire(lane, wants)` is a decision of nobody in particular
//! ([`NOBODY`]: no share applies, for the tests that hold a slot).

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use tokio::sync::oneshot;

/// Which queue a decision waits in (in the order they go).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lane {
    /// A bot's move in a game with at least one person: goes first.
    People,
    /// A bot's move in a game of bots alone.
    BotsOnly,
    /// A person's hint: after every table's bot moves.
    Hint,
    /// A decision of a game's review: last.
    Review,
}

impl Lane {
    /// The background lanes, in the order they go.
    const BACKGROUND: [Lane; 3] = [Lane::BotsOnly, Lane::Hint, Lane::Review];

    fn index(self) -> usize {
        match self {
            Lane::People => 0,
            Lane::BotsOnly => 1,
            Lane::Hint => 2,
            Lane::Review => 3,
        }
    }
}

/// The owner of a decision, whose turns are taken in turn with the other
/// owners of its lane: a game's id, or a client's address.
pub fn owner_of(key: impl std::hash::Hash) -> u64 {
    use std::hash::{BuildHasher, BuildHasherDefault};
    match BuildHasherDefault::<std::collections::hash_map::DefaultHasher>::default().hash_one(key) {
        NOBODY => 1,
        h => h,
    }
}

/// The owner of the decisions of [`Thinking::acquire`]: nobody's share is
/// counted for them.
pub const NOBODY: u64 = 0;

/// How many decisions run and wait, for the logs and the tests.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ThinkingStatus {
    /// Decisions running.
    pub running: usize,
    /// Of them, decisions of games of bots alone.
    pub running_bots_only: usize,
    /// Bots' moves of games with people waiting to start.
    pub waiting_people: usize,
    /// Bots' moves of games of bots alone waiting to start.
    pub waiting_bots_only: usize,
    /// Of the running decisions, those that are not a bot's move in a game
    /// with people (at most `cap - 1`).
    pub running_background: usize,
    /// Hints waiting to start.
    pub waiting_hints: usize,
    /// Review decisions waiting to start.
    pub waiting_reviews: usize,
}

struct Waiter {
    lane: Lane,
    owner: u64,
    wants: usize,
    tx: oneshot::Sender<Permit>,
}

/// One lane's waiting decisions: owners in turn, each with its own line.
#[derive(Default)]
struct Turns {
    owners: VecDeque<(u64, VecDeque<Waiter>)>,
    len: usize,
}

impl Turns {
    fn push(&mut self, owner: u64, w: Waiter) {
        self.len += 1;
        match self.owners.iter_mut().find(|(o, _)| *o == owner) {
            Some((_, line)) => line.push_back(w),
            None => self.owners.push_back((owner, VecDeque::from([w]))),
        }
    }

    /// The first decision of the next owner that `may` start one; that
    /// owner goes to the back (the owners before it keep their places).
    fn pop(&mut self, may: impl Fn(u64) -> bool) -> Option<Waiter> {
        let i = self.owners.iter().position(|(o, _)| may(*o))?;
        let (owner, mut line) = self.owners.remove(i)?;
        let w = line.pop_front();
        if !line.is_empty() {
            self.owners.push_back((owner, line));
        }
        if w.is_some() {
            self.len -= 1;
        }
        w
    }
}

#[derive(Default)]
struct Queues {
    running: usize,
    running_bots_only: usize,
    running_background: usize,
    /// Waiting decisions by lane ([`Lane::index`]).
    lanes: [Turns; 4],
    /// Running decisions by owner (not [`NOBODY`]'s), in every lane.
    by_owner: std::collections::HashMap<u64, usize>,
}

impl Queues {
    fn waiting(&self) -> usize {
        self.lanes.iter().map(|l| l.len).sum()
    }

    /// The next decision to start, if a slot is free for it and its owner
    /// runs fewer than `share`.
    fn next(&mut self, cap: usize, background_cap: usize, share: usize) -> Option<Waiter> {
        if self.running >= cap {
            return None;
        }
        let by_owner = &self.by_owner;
        let may = |o: u64| o == NOBODY || by_owner.get(&o).copied().unwrap_or(0) < share;
        if let Some(w) = self.lanes[Lane::People.index()].pop(may) {
            return Some(w);
        }
        // Every other decision leaves a slot free for a table's bot (unless
        // nothing runs: a server of one slot): a client's Expert holding one
        // slot and a game of bots alone the other would make a person's bot
        // wait a whole decision (issue 44).
        if self.running_background >= background_cap || (self.running > 0 && self.running + 1 >= cap) {
            return None;
        }
        Lane::BACKGROUND.iter().find_map(|l| self.lanes[l.index()].pop(may))
    }
}

/// The decisions running and waiting, and the caps (see the module documentation).
pub struct Thinking {
    cap: usize,
    background_cap: usize,
    share: usize,
    queues: Mutex<Queues>,
}

/// The right to run one decision; the next waiting decision may start once it
/// is dropped.
pub struct Permit {
    thinking: Arc<Thinking>,
    lane: Lane,
    owner: u64,
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
        self.thinking.release(self.lane, self.owner);
    }
}

impl Thinking {
    /// At most `cap` decisions at once (at least 1).
    pub fn new(cap: usize) -> Arc<Thinking> {
        Thinking::with_share(cap, None)
    }

    /// At most `cap` decisions at once (at least 1), at most `share` of one
    /// owner (`None`: half of `cap`, at least 1; `Some(0)`: no share).
    pub fn with_share(cap: usize, share: Option<usize>) -> Arc<Thinking> {
        let cap = cap.max(1);
        let share = match share {
            None => (cap / 2).max(1),
            Some(0) => usize::MAX,
            Some(n) => n,
        };
        Arc::new(Thinking { cap, background_cap: (cap - 1).max(1), share, queues: Mutex::new(Queues::default()) })
    }

    /// The most decisions that run at once.
    pub fn cap(&self) -> usize {
        self.cap
    }

    /// The most decisions of one owner that run at once: half the slots, at
    /// least one, unless configured (`usize::MAX`: no share).
    pub fn share(&self) -> usize {
        self.share
    }

    /// The decisions of `owner` running now.
    pub fn running_of(&self, owner: u64) -> usize {
        self.lock().by_owner.get(&owner).copied().unwrap_or(0)
    }

    /// How many decisions run and wait now.
    pub fn status(&self) -> ThinkingStatus {
        let q = self.lock();
        ThinkingStatus {
            running: q.running,
            running_bots_only: q.running_bots_only,
            waiting_people: q.lanes[Lane::People.index()].len,
            waiting_bots_only: q.lanes[Lane::BotsOnly.index()].len,
            running_background: q.running_background,
            waiting_hints: q.lanes[Lane::Hint.index()].len,
            waiting_reviews: q.lanes[Lane::Review.index()].len,
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Queues> {
        // The lock guards counters only: a panic elsewhere leaves them sound.
        self.queues.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Waits for the turn of a decision in `lane` that would use up to
    /// `wants` threads, nobody's ([`NOBODY`]: no share applies).
    pub async fn acquire(self: &Arc<Self>, lane: Lane, wants: usize) -> Permit {
        self.acquire_for(lane, NOBODY, wants).await
    }

    /// Waits for the turn of a decision of `owner` ([`owner_of`] a game or a
    /// client) in `lane`, that would use up to `wants` threads: the owners
    /// of a lane take turns.
    pub async fn acquire_for(self: &Arc<Self>, lane: Lane, owner: u64, wants: usize) -> Permit {
        let (tx, rx) = oneshot::channel();
        {
            let mut q = self.lock();
            q.lanes[lane.index()].push(owner, Waiter { lane, owner, wants, tx });
        }
        // It starts now if a slot is free for it and nothing goes before it.
        self.dispatch();
        match rx.await {
            Ok(permit) => permit,
            // Never: a waiter is only dropped when handed its permit.
            Err(_) => {
                let mut q = self.lock();
                self.start(&mut q, lane, owner, 1)
            }
        }
    }

    /// Counts a decision as running and decides its threads.
    fn start(self: &Arc<Self>, q: &mut Queues, lane: Lane, owner: u64, wants: usize) -> Permit {
        if owner != NOBODY {
            *q.by_owner.entry(owner).or_default() += 1;
        }
        let idle = q.running == 0 && q.waiting() == 0;
        let threads = if idle && matches!(lane, Lane::People | Lane::Hint) { wants.clamp(1, self.cap) } else { 1 };
        q.running += 1;
        if lane == Lane::BotsOnly {
            q.running_bots_only += 1;
        }
        if lane != Lane::People {
            q.running_background += 1;
        }
        Permit { thinking: self.clone(), lane, owner, threads }
    }

    fn release(self: &Arc<Self>, lane: Lane, owner: u64) {
        {
            let mut q = self.lock();
            if let std::collections::hash_map::Entry::Occupied(mut e) = q.by_owner.entry(owner) {
                *e.get_mut() -= 1;
                if *e.get() == 0 {
                    e.remove();
                }
            }
            q.running = q.running.saturating_sub(1);
            if lane == Lane::BotsOnly {
                q.running_bots_only = q.running_bots_only.saturating_sub(1);
            }
            if lane != Lane::People {
                q.running_background = q.running_background.saturating_sub(1);
            }
        }
        self.dispatch();
    }

    /// Starts every waiting decision a slot is free for, in turn.
    fn dispatch(self: &Arc<Self>) {
        let mut handed = Vec::new();
        {
            let mut q = self.lock();
            while let Some(w) = q.next(self.cap, self.background_cap, self.share) {
                // Its threads are decided before it is counted.
                let permit = self.start(&mut q, w.lane, w.owner, w.wants);
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
#[path = "think_tests.rs"]
mod tests;
