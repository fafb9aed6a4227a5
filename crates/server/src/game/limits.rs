//! Limits on game creation per client: who a client is (its address), how
//! fast it may create games (a token bucket) and which of its games may still
//! be unfinished (checked against the store when it creates one more); how
//! fast it may create score sheets (a bucket of an hour's sheets); how fast
//! it may ask takebacks and answer "play again" (a bucket of a minute's).
//!
//! The figures are [`crate::config::ServeConfig`] fields; what happens at each limit is
//! in the top-level README ("Limits").

use std::collections::HashMap;
use std::net::IpAddr;
use std::time::Instant;

/// The client an address belongs to: an IPv4 address, or the /64 network of
/// an IPv6 address (one host commonly holds a whole /64). An IPv4 address
/// written as IPv6 (`::ffff:a.b.c.d`) is that IPv4 address.
pub fn client_of(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6((u128::from(v6) & !((1u128 << 64) - 1)).into()),
        },
    }
}

/// A token bucket: `burst` tokens at most, one more every `60 / per_minute` seconds.
#[derive(Clone, Copy, Debug)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Bucket {
    fn refilled(self, now: Instant, burst: u32, per_minute: u32) -> Bucket {
        self.refilled_at(now, f64::from(burst.max(1)), f64::from(per_minute) / 60.0)
    }

    /// At most `cap` tokens, `per_second` more each second.
    fn refilled_at(self, now: Instant, cap: f64, per_second: f64) -> Bucket {
        let earned = now.saturating_duration_since(self.at).as_secs_f64() * per_second;
        Bucket { tokens: (self.tokens + earned).min(cap), at: now }
    }
}

/// Takes one token of `client`'s bucket in `buckets` at `now` (at most `cap`
/// tokens, `per_second` more each second; full when new), or says in how
/// many seconds (at least 1) the next one comes.
fn take_from(
    buckets: &mut HashMap<IpAddr, Bucket>,
    client: IpAddr,
    now: Instant,
    cap: f64,
    per_second: f64,
) -> Result<(), u64> {
    let full = Bucket { tokens: cap, at: now };
    let b = buckets.get(&client).copied().unwrap_or(full).refilled_at(now, cap, per_second);
    if b.tokens >= 1.0 {
        buckets.insert(client, Bucket { tokens: b.tokens - 1.0, ..b });
        Ok(())
    } else {
        buckets.insert(client, b);
        Err((((1.0 - b.tokens) / per_second).ceil() as u64).max(1))
    }
}

/// Per client: the creation bucket and the games it created (since the
/// server started) that were unfinished when last looked at.
#[derive(Debug, Default)]
pub struct Clients {
    buckets: HashMap<IpAddr, Bucket>,
    games: HashMap<IpAddr, Vec<String>>,
    sheets: HashMap<IpAddr, Bucket>,
    asks: HashMap<IpAddr, Bucket>,
}

impl Clients {
    /// Takes one creation token of `client` at `now`, or says in how many
    /// seconds (at least 1) the next one comes. `per_minute == 0`: no limit.
    pub fn take(&mut self, client: IpAddr, now: Instant, burst: u32, per_minute: u32) -> Result<(), u64> {
        if per_minute == 0 {
            return Ok(());
        }
        let full = Bucket { tokens: f64::from(burst.max(1)), at: now };
        let b = self.buckets.get(&client).copied().unwrap_or(full).refilled(now, burst, per_minute);
        if b.tokens >= 1.0 {
            self.buckets.insert(client, Bucket { tokens: b.tokens - 1.0, ..b });
            Ok(())
        } else {
            self.buckets.insert(client, b);
            // In milliseconds first, so that 4.0000001 s is said 4 s.
            let wait_ms = ((1.0 - b.tokens) * 60_000.0 / f64::from(per_minute)).round();
            Err(((wait_ms / 1000.0).ceil() as u64).max(1))
        }
    }

    /// Takes one of the `per_hour` sheet creations of `client` at `now` (a
    /// bucket of `per_hour` tokens, refilled over the hour), or says in how
    /// many seconds (at least 1) the next one comes. `per_hour == 0`: no limit.
    pub fn take_sheet(&mut self, client: IpAddr, now: Instant, per_hour: u32) -> Result<(), u64> {
        if per_hour == 0 {
            return Ok(());
        }
        take_from(&mut self.sheets, client, now, f64::from(per_hour), f64::from(per_hour) / 3600.0)
    }

    /// Takes one of the `per_minute` takebacks and "play again" answers of
    /// `client` at `now` (a bucket of `per_minute` tokens, refilled over the
    /// minute), or says in how many seconds (at least 1) the next one comes.
    /// `per_minute == 0`: no limit.
    pub fn take_ask(&mut self, client: IpAddr, now: Instant, per_minute: u32) -> Result<(), u64> {
        if per_minute == 0 {
            return Ok(());
        }
        take_from(&mut self.asks, client, now, f64::from(per_minute), f64::from(per_minute) / 60.0)
    }

    /// Forgets the ask buckets that are full again.
    pub fn prune_asks(&mut self, now: Instant, per_minute: u32) {
        let (cap, rate) = (f64::from(per_minute), f64::from(per_minute) / 60.0);
        self.asks.retain(|_, b| per_minute > 0 && b.refilled_at(now, cap, rate).tokens < cap);
    }

    /// Forgets the sheet buckets that are full again.
    pub fn prune_sheets(&mut self, now: Instant, per_hour: u32) {
        let (cap, rate) = (f64::from(per_hour), f64::from(per_hour) / 3600.0);
        self.sheets.retain(|_, b| per_hour > 0 && b.refilled_at(now, cap, rate).tokens < cap);
    }

    /// The games of `client` counted as unfinished.
    pub fn games_of(&self, client: IpAddr) -> Vec<String> {
        self.games.get(&client).cloned().unwrap_or_default()
    }

    /// Sets the games of `client` counted as unfinished.
    pub fn set_games(&mut self, client: IpAddr, games: Vec<String>) {
        if games.is_empty() {
            self.games.remove(&client);
        } else {
            self.games.insert(client, games);
        }
    }

    /// Counts one more game of `client`.
    pub fn add_game(&mut self, client: IpAddr, id: String) {
        self.games.entry(client).or_default().push(id);
    }

    /// Forgets the buckets that are full again (a client not seen for a
    /// while): what is kept stays bounded by the clients of the last minutes.
    pub fn prune(&mut self, now: Instant, burst: u32, per_minute: u32) {
        let full = f64::from(burst.max(1));
        self.buckets.retain(|_, b| per_minute > 0 && b.refilled(now, burst, per_minute).tokens < full);
    }

    /// How many clients have a bucket or counted games (for tests).
    pub fn len(&self) -> usize {
        self.buckets.len() + self.games.len() + self.sheets.len() + self.asks.len()
    }

    /// Whether nothing is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn an_ipv6_client_is_its_64_network_and_mapped_ipv4_is_ipv4() {
        assert_eq!(client_of(ip("2001:db8:1:2:aaaa::1")), ip("2001:db8:1:2::"));
        assert_eq!(client_of(ip("2001:db8:1:2:bbbb::9")), client_of(ip("2001:db8:1:2:aaaa::1")));
        assert_ne!(client_of(ip("2001:db8:1:3::1")), client_of(ip("2001:db8:1:2::1")));
        assert_eq!(client_of(ip("::ffff:192.0.2.7")), ip("192.0.2.7"));
        assert_eq!(client_of(ip("192.0.2.7")), ip("192.0.2.7"));
    }

    #[test]
    fn the_bucket_gives_a_burst_then_one_token_per_interval_per_client() {
        let mut c = Clients::default();
        let t0 = Instant::now();
        let (a, b) = (ip("192.0.2.1"), ip("192.0.2.2"));
        // 3 at once, then one every 6 s (10 a minute).
        for _ in 0..3 {
            c.take(a, t0, 3, 10).unwrap();
        }
        assert_eq!(c.take(a, t0, 3, 10), Err(6), "the fourth waits for the next token");
        assert_eq!(c.take(a, t0 + Duration::from_secs(2), 3, 10), Err(4));
        c.take(b, t0, 3, 10).expect("another client has its own bucket");
        c.take(a, t0 + Duration::from_secs(6), 3, 10).expect("one more token after 6 s");
        assert!(c.take(a, t0 + Duration::from_secs(6), 3, 10).is_err());
        // A long pause refills up to the burst, not beyond.
        let later = t0 + Duration::from_secs(3600);
        for _ in 0..3 {
            c.take(a, later, 3, 10).unwrap();
        }
        assert!(c.take(a, later, 3, 10).is_err());
        // No limit at 0 a minute.
        for _ in 0..100 {
            c.take(a, later, 3, 0).unwrap();
        }
    }

    #[test]
    fn full_buckets_are_forgotten_and_games_kept() {
        let mut c = Clients::default();
        let t0 = Instant::now();
        let a = ip("192.0.2.1");
        c.take(a, t0, 2, 60).unwrap();
        c.prune(t0, 2, 60);
        assert_eq!(c.len(), 1, "a bucket not full yet is kept");
        c.add_game(a, "g1".into());
        c.prune(t0 + Duration::from_secs(1), 2, 60);
        assert_eq!(c.len(), 1, "full again: the bucket goes, the games stay");
        assert_eq!(c.games_of(a), vec!["g1".to_string()]);
        c.set_games(a, Vec::new());
        assert!(c.is_empty());
    }

    #[test]
    fn sheets_are_an_hours_bucket_per_client() {
        let mut c = Clients::default();
        let t0 = Instant::now();
        let (a, b) = (ip("192.0.2.1"), ip("192.0.2.2"));
        // 60 an hour: 60 at once, then one a minute.
        for _ in 0..60 {
            c.take_sheet(a, t0, 60).unwrap();
        }
        assert_eq!(c.take_sheet(a, t0, 60), Err(60));
        c.take_sheet(b, t0, 60).expect("another client has its own");
        assert_eq!(c.take_sheet(a, t0 + Duration::from_secs(30), 60), Err(30));
        c.take_sheet(a, t0 + Duration::from_secs(60), 60).expect("one more a minute later");
        c.prune_sheets(t0 + Duration::from_secs(3600 * 2), 60);
        assert!(c.is_empty(), "full again: forgotten");
        for _ in 0..1000 {
            c.take_sheet(a, t0, 0).unwrap();
        }
    }
}
