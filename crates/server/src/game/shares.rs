//! Fair shares of what one client may hold at once (issue 35): spectator
//! sockets (per game and per client), hints waiting or worked out (per
//! client), reviews waiting or computed (per client and in all). Each is
//! taken as a [`Share`], given back when dropped; one more than allowed is
//! refused with the refusal the caller sends (`too_many_spectators`,
//! `hint_busy`, `too_many_reviews`). A client is
//! [`super::limits::client_of`] its address; a request without a known
//! address (the tests' router) counts as one client of its own, unnamed.
//!
//! The caps are [`crate::config::ServeConfig`] fields (0: no cap); the
//! connections of a client are counted by the accept loop
//! ([`crate::http::net`]), the thinking each share asks for is scheduled by
//! [`super::think`].

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

/// What is counted.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Key {
    /// Spectator sockets of one game.
    GameSpectators(String),
    /// Spectator sockets of one client.
    ClientSpectators(Option<IpAddr>),
    /// Hints of one client.
    Hints(Option<IpAddr>),
    /// Reviews of one client.
    Reviews(Option<IpAddr>),
    /// Reviews in all.
    AllReviews,
}

/// The counts held now (see the module documentation).
pub struct Shares {
    counts: Arc<Mutex<HashMap<Key, usize>>>,
    /// Reviews that hold their work (the replayed game, the positions of its
    /// decisions): one at a time, first come; the others wait with their
    /// parameters only.
    review_turns: Arc<tokio::sync::Semaphore>,
    /// Reviews holding their work now.
    prepared: Arc<std::sync::atomic::AtomicUsize>,
}

impl Default for Shares {
    fn default() -> Shares {
        Shares {
            counts: Arc::default(),
            review_turns: Arc::new(tokio::sync::Semaphore::new(REVIEWS_AT_ONCE)),
            prepared: Arc::default(),
        }
    }
}

/// Reviews that hold their work at once (each of its decisions then waits
/// for a thinking slot in [`super::think::Lane::Review`]).
pub const REVIEWS_AT_ONCE: usize = 1;

/// A review's turn to hold its work ([`Shares::review_turn`]); given back
/// when dropped, with the work.
pub struct ReviewTurn {
    _permit: tokio::sync::OwnedSemaphorePermit,
    prepared: Arc<std::sync::atomic::AtomicUsize>,
}

impl Drop for ReviewTurn {
    fn drop(&mut self) {
        self.prepared.fetch_sub(1, std::sync::atomic::Ordering::Relaxed);
    }
}

/// Held shares, given back when dropped.
#[must_use = "a share is given back when dropped"]
pub struct Share {
    counts: Arc<Mutex<HashMap<Key, usize>>>,
    keys: Vec<Key>,
}

impl Drop for Share {
    fn drop(&mut self) {
        let mut c = lock(&self.counts);
        for k in self.keys.drain(..) {
            if let Some(n) = c.get_mut(&k) {
                *n -= 1;
                if *n == 0 {
                    c.remove(&k);
                }
            }
        }
    }
}

fn lock(m: &Mutex<HashMap<Key, usize>>) -> std::sync::MutexGuard<'_, HashMap<Key, usize>> {
    // Counters only: a panic elsewhere leaves them sound.
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Shares {
    /// Takes one of each `(key, cap)` (cap 0: none), all or nothing: `Err`
    /// with the cap of the first that is full.
    fn take(&self, wanted: Vec<(Key, usize)>) -> Result<Share, usize> {
        let mut c = lock(&self.counts);
        for (k, cap) in &wanted {
            if *cap > 0 && c.get(k).copied().unwrap_or(0) >= *cap {
                return Err(*cap);
            }
        }
        let mut keys = Vec::with_capacity(wanted.len());
        for (k, _) in wanted {
            *c.entry(k.clone()).or_insert(0) += 1;
            keys.push(k);
        }
        Ok(Share { counts: self.counts.clone(), keys })
    }

    /// A spectator socket of `game` for `client`, within `per_game` and
    /// `per_client`; `Err` with the cap reached.
    pub fn watch(
        &self,
        game: &str,
        client: Option<IpAddr>,
        per_game: usize,
        per_client: usize,
    ) -> Result<Share, usize> {
        let client = client.map(super::limits::client_of);
        self.take(vec![(Key::GameSpectators(game.to_string()), per_game), (Key::ClientSpectators(client), per_client)])
    }

    /// A hint of `client`, within `per_client`; `Err` with the cap reached.
    pub fn hint(&self, client: Option<IpAddr>, per_client: usize) -> Result<Share, usize> {
        let client = client.map(super::limits::client_of);
        self.take(vec![(Key::Hints(client), per_client)])
    }

    /// A review of `client`, within `per_client` and `in_all`; `Err` with the cap reached.
    pub fn review(&self, client: Option<IpAddr>, per_client: usize, in_all: usize) -> Result<Share, usize> {
        let client = client.map(super::limits::client_of);
        self.take(vec![(Key::AllReviews, in_all), (Key::Reviews(client), per_client)])
    }

    /// Waits for a review's turn to take its work (first come; at most
    /// [`REVIEWS_AT_ONCE`] at once).
    pub async fn review_turn(&self) -> ReviewTurn {
        let permit = match self.review_turns.clone().acquire_owned().await {
            Ok(p) => p,
            // Never closed.
            Err(_) => unreachable!("the review turns are never closed"),
        };
        self.prepared.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        ReviewTurn { _permit: permit, prepared: self.prepared.clone() }
    }

    /// Reviews holding their work now (at most [`REVIEWS_AT_ONCE`]).
    pub fn reviews_prepared(&self) -> usize {
        self.prepared.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Reviews waiting or computed now.
    pub fn reviews(&self) -> usize {
        lock(&self.counts).get(&Key::AllReviews).copied().unwrap_or(0)
    }

    /// Whether nothing is held (for tests: every share was given back).
    pub fn is_empty(&self) -> bool {
        lock(&self.counts).is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> Option<IpAddr> {
        Some(s.parse().unwrap())
    }

    #[test]
    fn spectators_are_capped_per_game_and_per_client_and_given_back() {
        let s = Shares::default();
        let a = s.watch("g1", ip("192.0.2.1"), 3, 2).unwrap();
        let b = s.watch("g1", ip("192.0.2.1"), 3, 2).unwrap();
        assert_eq!(s.watch("g2", ip("192.0.2.1"), 3, 2).err(), Some(2), "the client's two are taken");
        let c = s.watch("g1", ip("192.0.2.2"), 3, 2).unwrap();
        assert_eq!(s.watch("g1", ip("192.0.2.3"), 3, 2).err(), Some(3), "the game's three are taken");
        drop(a);
        let d = s.watch("g2", ip("192.0.2.1"), 3, 2).expect("one given back");
        assert!(s.watch("g1", ip("2001:db8::1"), 0, 0).is_ok(), "0: no cap");
        drop((b, c, d));
        assert!(s.is_empty());
    }

    #[test]
    fn reviews_are_capped_per_client_and_in_all_all_or_nothing() {
        let s = Shares::default();
        let one = s.review(ip("192.0.2.1"), 1, 2).unwrap();
        assert_eq!(s.review(ip("192.0.2.1"), 1, 2).err(), Some(1));
        // The refused one took nothing: another client still fits.
        let two = s.review(ip("2001:db8:0:1::5"), 1, 2).unwrap();
        assert_eq!(s.review(ip("192.0.2.9"), 1, 2).err(), Some(2), "two in all");
        assert_eq!(s.reviews(), 2);
        drop((one, two));
        assert!(s.is_empty());
        // An IPv6 client is its /64.
        let h = s.hint(ip("2001:db8:0:1::5"), 1).unwrap();
        assert!(s.hint(ip("2001:db8:0:1::77"), 1).is_err());
        drop(h);
    }
}
