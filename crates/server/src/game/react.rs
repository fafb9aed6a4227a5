//! Quick reactions ([`crate::protocol::Reaction`]): a fixed set a seat sends
//! to the table ("Well played!", "Oops!"...), shown by its name for a few
//! seconds, never stored, no free text. Each seat has a small token bucket
//! ([`Bucket`]): [`BURST`] reactions at once, then one every
//! [`crate::config::ServeConfig::reaction_every`]; beyond it the reaction is
//! refused with `reaction_busy` and the seconds to wait.

use std::time::{Duration, Instant};

/// Reactions a seat may send in a row.
pub const BURST: u32 = 3;

/// A token bucket: up to [`BURST`] tokens, one more every `every`. The time is
/// given by the caller, so that it can be tested without a clock.
#[derive(Clone, Debug)]
pub struct Bucket {
    /// Tokens at `at`.
    tokens: u32,
    /// When `tokens` was counted (the time of the last refill step).
    at: Instant,
    every: Duration,
}

impl Bucket {
    /// A full bucket at `now`, one token back every `every`.
    pub fn new(now: Instant, every: Duration) -> Bucket {
        Bucket { tokens: BURST, at: now, every }
    }

    /// Takes a token at `now`: `Ok`, or how long until one is back.
    pub fn take(&mut self, now: Instant) -> Result<(), Duration> {
        if self.tokens < BURST && !self.every.is_zero() {
            let elapsed = now.saturating_duration_since(self.at);
            let back = (elapsed.as_nanos() / self.every.as_nanos()).min(u128::from(BURST)) as u32;
            if back > 0 {
                self.tokens = (self.tokens + back).min(BURST);
                self.at = if self.tokens == BURST { now } else { self.at + self.every * back };
            }
        } else if self.every.is_zero() {
            self.tokens = BURST;
        }
        if self.tokens == 0 {
            return Err((self.at + self.every).saturating_duration_since(now));
        }
        if self.tokens == BURST {
            // The refill counts from the first token taken.
            self.at = now;
        }
        self.tokens -= 1;
        Ok(())
    }
}

/// Whole seconds to wait, rounded up (at least 1), for `retry_after`.
pub fn seconds(wait: Duration) -> u64 {
    wait.as_secs() + u64::from(wait.subsec_nanos() > 0).max(u64::from(wait.is_zero()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_at_once_then_one_every_period() {
        let t0 = Instant::now();
        let s = Duration::from_secs(1);
        let mut b = Bucket::new(t0, 3 * s);
        for _ in 0..BURST {
            assert_eq!(b.take(t0), Ok(()));
        }
        // The fourth at once waits a whole period; a moment later, less.
        assert_eq!(b.take(t0), Err(3 * s));
        assert_eq!(b.take(t0 + s), Err(2 * s));
        // One period after the first: one token back, and only one.
        assert_eq!(b.take(t0 + 3 * s), Ok(()));
        assert_eq!(b.take(t0 + 3 * s), Err(3 * s));
        // Long after: full again, never more than BURST.
        let later = t0 + 100 * s;
        for _ in 0..BURST {
            assert_eq!(b.take(later), Ok(()));
        }
        assert!(b.take(later).is_err());
    }

    #[test]
    fn a_partial_refill_keeps_its_remainder() {
        let t0 = Instant::now();
        let s = Duration::from_secs(1);
        let mut b = Bucket::new(t0, 3 * s);
        for _ in 0..BURST {
            b.take(t0).unwrap();
        }
        // 4 s later one token came back (at 3 s); the next is due at 6 s.
        assert_eq!(b.take(t0 + 4 * s), Ok(()));
        assert_eq!(b.take(t0 + 4 * s), Err(2 * s));
        assert_eq!(b.take(t0 + 6 * s), Ok(()));
    }

    #[test]
    fn retry_after_is_whole_seconds_rounded_up() {
        assert_eq!(seconds(Duration::from_millis(2001)), 3);
        assert_eq!(seconds(Duration::from_secs(3)), 3);
        assert_eq!(seconds(Duration::ZERO), 1);
        assert_eq!(seconds(Duration::from_millis(1)), 1);
    }
}
