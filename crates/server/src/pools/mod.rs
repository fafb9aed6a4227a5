//! Meeting players (issue 47, section 2): the lobby's "Open tables" and the
//! "Play now" pools. Both live in the store, so that every instance over one
//! PostgreSQL shows every open table and pairs every waiting person.
//!
//! **Open tables.** A table of people whose creator made it public
//! (`CreateGame::listed`) is listed while it waits for its people and has a
//! free seat ([`store::open_tables`], read from the stored setups: no list
//! to keep). "Join" hands the asker a free seat's link ([`store::join`]),
//! held for them a minute ([`CLAIM_MS`]) in `table_claims`, so that two
//! people are not given one seat; opening the link seats them through the
//! waiting room's own path ([`crate::game::waiting::arrive`]).
//!
//! **Play now.** A person enters a pool, keyed by preset, pace and table
//! size ([`store::enter`]), and follows their entry ([`store::poll`], about
//! every second) until it is seated; they leave it by a button or by closing
//! the page ([`store::leave`], or not heard of for [`STALE_MS`]). Each
//! entry, poll and leave runs in one storage job (one transaction), and
//! pairing ([`store::pair`]) is decided by one of them at a time: on
//! PostgreSQL whoever holds the pool's `pool_pairing` row (`FOR UPDATE SKIP
//! LOCKED`: another instance pairing the same pool skips it, its people
//! paired at their next poll), on SQLite by the one storage thread. A table
//! formed is a game stored in that same transaction, each of its entries
//! going from `waiting` to `seated` with its seat's link (an update of the
//! rows still `waiting`, each of which must change), so nobody is ever
//! seated twice. The game is a table of people waiting for them (the
//! waiting room of issue 45): it starts when each opened their link.
//!
//! Pairing is by rating: each entry has a provisional rating, empty for
//! guests (read as [`DEFAULT_RATING`]; accounts and ratings fill it later),
//! and two entries are paired when their ratings differ by no more than
//! what both accept: [`BASE_RANGE`] and [`RANGE_PER_S`] more each second
//! waited. An entry that ticked "fill with bots after N s" gets a table
//! with whoever is there and bots for the other seats once N seconds
//! passed. Every game of the pools is unrated for now.

pub mod routes;
pub mod store;

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::Instant;

/// An entry not heard of for this long (its page closed without a word,
/// asleep, gone) is out of its pool: 75 s, more than a background tab's
/// throttled timers (one a minute) leave between two polls.
pub const STALE_MS: i64 = 75_000;
/// Rows of entries no longer waiting, and of entries not heard of, are
/// deleted this long after they were last heard of (10 minutes).
pub const KEEP_MS: i64 = 600_000;
/// How long a seat of a public table handed to someone who pressed "Join"
/// is held for them before it is free again (a minute).
pub const CLAIM_MS: i64 = 60_000;
/// Seats of public tables one client may hold at once, not taken yet.
pub const CLAIMS_PER_CLIENT: usize = 2;
/// The rating of an entry that has none (a guest): every guest is paired
/// with every other.
pub const DEFAULT_RATING: i64 = 1500;
/// The rating difference every entry accepts at once.
pub const BASE_RANGE: i64 = 100;
/// The rating difference an entry accepts more, each second it waits.
pub const RANGE_PER_S: i64 = 10;
/// The sizes of table the pools offer.
pub const SIZES: [u8; 3] = [2, 3, 4];
/// The fewest and most seconds after which bots may fill a table.
pub const BOTS_AFTER_S: (u32, u32) = (5, 600);
/// A poll pairs its pool only if nobody paired it for this long (250 ms):
/// with a thousand people polling every second, a pool is paired about
/// four times a second, not a thousand (an entry pairs at once).
pub const PAIR_EVERY_MS: i64 = 250;
/// Entries of one pool looked at by one pairing (the oldest first).
pub const PAIRING_ROWS: u32 = 400;
/// Open tables a page of the list holds at most.
pub const PAGE: u32 = 50;
/// Clients whose bucket is remembered before the full ones are forgotten.
const MAX_BUCKETS: usize = 10_000;

/// Each client's token bucket for the open tables and the pools (every
/// request takes one): `per_minute` tokens, refilled over the minute.
/// Bounded: beyond `MAX_BUCKETS` (10,000) clients, the full buckets are
/// forgotten; when none is full again, a new client is refused until one is.
#[derive(Debug, Default)]
pub struct Limiter {
    buckets: Mutex<HashMap<IpAddr, (f64, Instant)>>,
}

impl Limiter {
    /// Takes one of `client`'s tokens at `now`, or says in how many seconds
    /// (at least 1) the next one comes. `per_minute == 0`: no limit.
    pub fn take(&self, client: IpAddr, now: Instant, per_minute: u32) -> Result<(), u64> {
        if per_minute == 0 {
            return Ok(());
        }
        let (cap, rate) = (f64::from(per_minute), f64::from(per_minute) / 60.0);
        let mut b = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        if b.len() >= MAX_BUCKETS && !b.contains_key(&client) {
            b.retain(|_, (tokens, at)| *tokens + now.saturating_duration_since(*at).as_secs_f64() * rate < cap);
            // None full again: a new client waits, as a client out of tokens
            // does, and the memory stays bounded.
            if b.len() >= MAX_BUCKETS {
                return Err(((1.0 / rate).ceil() as u64).max(1));
            }
        }
        let (tokens, at) = b.get(&client).copied().unwrap_or((cap, now));
        let tokens = (tokens + now.saturating_duration_since(at).as_secs_f64() * rate).min(cap);
        if tokens >= 1.0 {
            b.insert(client, (tokens - 1.0, now));
            Ok(())
        } else {
            b.insert(client, (tokens, now));
            Err((((1.0 - tokens) / rate).ceil() as u64).max(1))
        }
    }

    /// Clients remembered.
    pub fn len(&self) -> usize {
        self.buckets.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    /// Whether no client is remembered.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_client_gets_its_minute_of_requests_then_waits_and_others_are_not_held() {
        let l = Limiter::default();
        let (a, b) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        let t0 = Instant::now();
        assert!((0..6).all(|_| l.take(a, t0, 6).is_ok()));
        assert_eq!(l.take(a, t0, 6), Err(10));
        assert_eq!(l.take(b, t0, 6), Ok(()));
        assert_eq!(l.take(a, t0 + Duration::from_secs(10), 6), Ok(()));
        assert_eq!(l.take(a, t0, 0), Ok(()));
    }

    #[test]
    fn beyond_its_bound_the_limiter_forgets_the_full_buckets() {
        let l = Limiter::default();
        let t0 = Instant::now();
        for i in 0..MAX_BUCKETS as u32 {
            l.take(IpAddr::from(i.to_be_bytes()), t0, 60).unwrap();
        }
        assert_eq!(l.len(), MAX_BUCKETS);
        // None full again yet: a new client waits, and nothing more is kept.
        assert_eq!(l.take("192.168.1.1".parse().unwrap(), t0, 60), Err(1));
        assert_eq!(l.len(), MAX_BUCKETS);
        // A minute later every bucket is full again: one more client makes room.
        l.take("192.168.1.1".parse().unwrap(), t0 + Duration::from_secs(60), 60).unwrap();
        assert_eq!(l.len(), 1);
    }
}
