//! The timers a game keeps running, counted (issue 44): each table holds at
//! most one turn clock ([`super::play::schedule`]) and at most one takeback
//! lapse ([`super::takeback`]); a clock set again aborts the one before it.
//! The counts are what the tests and the attack example read: they stay
//! bounded by the games in memory however often a takeback is asked or refused.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

/// The live timer tasks of the server, by kind.
#[derive(Default)]
pub struct Timers {
    clocks: Arc<AtomicUsize>,
    lapses: Arc<AtomicUsize>,
}

/// One live timer task: counted until dropped (the task ended or was aborted).
pub struct Live(Arc<AtomicUsize>);

impl Drop for Live {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

impl Timers {
    /// Counts a turn clock task, until the returned guard is dropped.
    pub fn clock(&self) -> Live {
        self.clocks.fetch_add(1, Ordering::Relaxed);
        Live(self.clocks.clone())
    }

    /// Counts a takeback lapse task, until the returned guard is dropped.
    pub fn lapse(&self) -> Live {
        self.lapses.fetch_add(1, Ordering::Relaxed);
        Live(self.lapses.clone())
    }

    /// Turn clock tasks alive now.
    pub fn clocks(&self) -> usize {
        self.clocks.load(Ordering::Relaxed)
    }

    /// Takeback lapse tasks alive now.
    pub fn lapses(&self) -> usize {
        self.lapses.load(Ordering::Relaxed)
    }
}
