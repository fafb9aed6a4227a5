//! Storage errors logged at a bounded rate (issue 35: on a full disk every
//! refused move logged two `error` lines, 22,194 lines in 4 minutes).
//!
//! Every line about a storage failure asks [`storage_error`] first: at most
//! [`BURST`] lines at once, then one every [`EVERY`]; the lines left out are
//! counted and the next line written says how many (`suppressed`).

use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Lines written in a row before the rate applies.
pub const BURST: u32 = 10;
/// One more line after each such pause.
pub const EVERY: Duration = Duration::from_secs(6);

/// A token bucket of lines with a count of those left out.
#[derive(Debug)]
pub struct Throttle {
    burst: u32,
    every: Duration,
    state: Mutex<Option<(f64, Instant, u64)>>,
}

impl Throttle {
    /// `burst` lines at once, one more every `every`.
    pub const fn new(burst: u32, every: Duration) -> Throttle {
        Throttle { burst, every, state: Mutex::new(None) }
    }

    /// Whether a line may be written at `now`: `Some(n)` with the lines left
    /// out since the last one written, `None` to leave this one out.
    pub fn allow(&self, now: Instant) -> Option<u64> {
        let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let (tokens, at, suppressed) = s.unwrap_or((f64::from(self.burst), now, 0));
        let earned = now.saturating_duration_since(at).as_secs_f64() / self.every.as_secs_f64().max(1e-9);
        let tokens = (tokens + earned).min(f64::from(self.burst.max(1)));
        if tokens >= 1.0 {
            *s = Some((tokens - 1.0, now, 0));
            Some(suppressed)
        } else {
            *s = Some((tokens, now, suppressed + 1));
            None
        }
    }
}

static STORAGE_ERRORS: Throttle = Throttle::new(BURST, EVERY);

/// Whether a storage error may be logged now (see the module documentation):
/// `Some(lines left out since the last)`, or `None`.
pub fn storage_error() -> Option<u64> {
    STORAGE_ERRORS.allow(Instant::now())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_then_one_line_per_pause_and_the_count_of_those_left_out() {
        let t = Throttle::new(3, Duration::from_secs(6));
        let t0 = Instant::now();
        assert_eq!((0..3).map(|_| t.allow(t0)).collect::<Vec<_>>(), vec![Some(0); 3]);
        // 1,000 failures in the next seconds: none written...
        for i in 0..1000u64 {
            assert_eq!(t.allow(t0 + Duration::from_millis(i * 5)), None);
        }
        // ...then one, saying how many were left out.
        assert_eq!(t.allow(t0 + Duration::from_secs(6)), Some(1000));
        assert_eq!(t.allow(t0 + Duration::from_secs(6)), None);
        assert_eq!(t.allow(t0 + Duration::from_secs(12)), Some(1));
    }
}
