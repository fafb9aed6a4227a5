//! Sign-in attempts throttled per client (its address: IPv4, or IPv6 /64)
//! and per account name (without case): a token bucket of
//! [`ServeConfig::sign_in_burst`](crate::config::ServeConfig::sign_in_burst)
//! attempts, refilled at
//! [`ServeConfig::sign_in_per_minute`](crate::config::ServeConfig::sign_in_per_minute).
//! The client's bucket is taken first, so one client adds names to the
//! table no faster than its own rate. Buckets full again are forgotten; the
//! table holds at most [`MAX_KEYS`] of each kind (beyond, a new key is
//! refused as too fast until some fill up again).
//!
//! The buckets are this instance's: behind several instances, a client
//! spread over all of them gets each one's rate (the load balancer's
//! stickiness usually sends one client to one instance).

use std::collections::HashMap;
use std::hash::Hash;
use std::net::IpAddr;
use std::time::Instant;

/// The most buckets of each kind (clients, names) held.
pub const MAX_KEYS: usize = 100_000;

/// Tokens and when they were counted.
#[derive(Clone, Copy, Debug)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

/// Buckets by key.
#[derive(Debug)]
struct Buckets<K> {
    map: HashMap<K, Bucket>,
}

impl<K: Hash + Eq> Buckets<K> {
    /// Takes a token of `key` (at most `cap`, `per_second` more each
    /// second), or says in how many seconds (at least 1) the next one comes.
    fn take(&mut self, key: K, now: Instant, cap: f64, per_second: f64) -> Result<(), u64> {
        let refill = |b: Bucket| Bucket {
            tokens: (b.tokens + now.saturating_duration_since(b.at).as_secs_f64() * per_second).min(cap),
            at: now,
        };
        if !self.map.contains_key(&key) && self.map.len() >= MAX_KEYS {
            self.map.retain(|_, b| refill(*b).tokens < cap);
            if self.map.len() >= MAX_KEYS {
                return Err((1.0 / per_second).ceil() as u64);
            }
        }
        let b = self.map.get(&key).copied().map_or(Bucket { tokens: cap, at: now }, refill);
        if b.tokens >= 1.0 {
            self.map.insert(key, Bucket { tokens: b.tokens - 1.0, ..b });
            Ok(())
        } else {
            self.map.insert(key, b);
            Err((((1.0 - b.tokens) / per_second).ceil() as u64).max(1))
        }
    }

    /// Forgets the buckets full again.
    fn prune(&mut self, now: Instant, cap: f64, per_second: f64) {
        self.map.retain(|_, b| b.tokens + now.saturating_duration_since(b.at).as_secs_f64() * per_second < cap);
    }
}

/// The sign-in buckets of this instance.
#[derive(Debug)]
pub struct SignIns {
    clients: Buckets<IpAddr>,
    names: Buckets<String>,
    burst: u32,
    per_minute: u32,
}

impl SignIns {
    /// `burst` attempts in a row, then `per_minute` (0: no limit).
    pub fn new(burst: u32, per_minute: u32) -> SignIns {
        SignIns { clients: Buckets { map: HashMap::new() }, names: Buckets { map: HashMap::new() }, burst, per_minute }
    }

    fn rate(&self) -> (f64, f64) {
        (f64::from(self.burst.max(1)), f64::from(self.per_minute) / 60.0)
    }

    /// Takes an attempt of `client` (and of `name`, lower-cased, when
    /// given) at `now`, or says in how many seconds the next one is heard.
    pub fn take(&mut self, client: IpAddr, name: Option<&str>, now: Instant) -> Result<(), u64> {
        if self.per_minute == 0 {
            return Ok(());
        }
        let (cap, rate) = self.rate();
        self.clients.take(client, now, cap, rate)?;
        match name {
            Some(n) => self.names.take(n.to_lowercase(), now, cap, rate),
            None => Ok(()),
        }
    }

    /// Forgets the buckets full again.
    pub fn prune(&mut self, now: Instant) {
        let (cap, rate) = self.rate();
        self.clients.prune(now, cap, rate);
        self.names.prune(now, cap, rate);
    }

    /// Buckets held (clients, names).
    pub fn held(&self) -> (usize, usize) {
        (self.clients.map.len(), self.names.map.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_name_is_throttled_whatever_the_client_and_a_client_whatever_the_name() {
        let mut t = SignIns::new(3, 6);
        let t0 = Instant::now();
        let ip = |i: u8| IpAddr::from([10, 0, 0, i]);
        for i in 0..3 {
            assert_eq!(t.take(ip(i), Some("Ann"), t0), Ok(()));
        }
        // A fourth client, the same name (another case): refused, 10 s to wait.
        assert_eq!(t.take(ip(9), Some("ANN"), t0), Err(10));
        // One client, three other names, then a fourth.
        for n in ["b", "c"] {
            assert_eq!(t.take(ip(20), Some(n), t0), Ok(()));
        }
        assert_eq!(t.take(ip(20), None, t0), Ok(()));
        assert!(t.take(ip(20), Some("d"), t0).is_err());
        // Ten seconds later, one more for the name.
        assert_eq!(t.take(ip(30), Some("ann"), t0 + Duration::from_secs(10)), Ok(()));
        // Once full again, forgotten.
        t.prune(t0 + Duration::from_secs(3600));
        assert_eq!(t.held(), (0, 0));
    }
}
