//! The timers a game keeps running, counted (issue 44): each game's driver
//! ([`super::driver`]) holds at most one turn clock and at most one takeback
//! lapse ([`super::takeback`]); a clock set again replaces the one before it.
//! The counts are what the tests and the attack example read: they stay
//! bounded by the games in memory however often a takeback is asked or refused.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

/// The timers set in the games' drivers, by kind.
#[derive(Default)]
pub struct Timers {
    clocks: Arc<AtomicUsize>,
    lapses: Arc<AtomicUsize>,
}

/// One timer set: counted until dropped (it fired or was replaced).
pub struct Live(Arc<AtomicUsize>);

impl Drop for Live {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

impl Timers {
    /// Counts a turn clock set, until the returned guard is dropped.
    pub fn clock(&self) -> Live {
        self.clocks.fetch_add(1, Ordering::Relaxed);
        Live(self.clocks.clone())
    }

    /// Counts a takeback lapse set, until the returned guard is dropped.
    pub fn lapse(&self) -> Live {
        self.lapses.fetch_add(1, Ordering::Relaxed);
        Live(self.lapses.clone())
    }

    /// Turn clocks set now.
    pub fn clocks(&self) -> usize {
        self.clocks.load(Ordering::Relaxed)
    }

    /// Takeback lapses set now.
    pub fn lapses(&self) -> usize {
        self.lapses.load(Ordering::Relaxed)
    }
}
