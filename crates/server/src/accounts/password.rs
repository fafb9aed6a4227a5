//! Passwords, hashed with argon2id by the `argon2` crate (RustCrypto) with
//! its default parameters ([`argon2::Params::DEFAULT`]: 19 MiB of memory, 2
//! passes, 1 lane: OWASP's recommendation), stored as PHC strings
//! (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`, so that changed parameters
//! still check the old hashes). A hash takes tens of milliseconds of one
//! core (measured by `cargo run --release -p triominos-server --example
//! argon2_cost`; the figure is in docs/server.md): hashes run on tokio's
//! blocking pool, [`HASHING_AT_ONCE`] at a time, and at most
//! [`HASHING_WAITING`] wait (beyond: `sign_in_busy`), so that a flood of
//! sign-ins cannot take the cores the games need.
//!
//! A sign-in under a name that has no account is checked against a dummy
//! hash with the same parameters: the answer and its time are the same as
//! for a wrong password.

use crate::protocol::Refused;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};
use tokio::sync::Semaphore;

/// Hashes computed at once.
pub const HASHING_AT_ONCE: usize = 1;
/// Hashes waiting at most (`sign_in_busy` beyond).
pub const HASHING_WAITING: usize = 32;

/// The hasher: argon2id with the crate's default parameters.
fn argon() -> Argon2<'static> {
    Argon2::default()
}

/// `password` hashed with a new random salt: a PHC string.
pub fn hash_now(password: &str) -> String {
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).expect("the operating system's random source");
    let salt = SaltString::encode_b64(&salt).expect("16 bytes make a salt");
    argon().hash_password(password.as_bytes(), &salt).expect("argon2 hashes any password").to_string()
}

/// Whether `password` matches the PHC string `phc` (`false` for one that
/// does not read).
pub fn check_now(password: &str, phc: &str) -> bool {
    PasswordHash::new(phc).is_ok_and(|h| argon().verify_password(password.as_bytes(), &h).is_ok())
}

/// The hash checked when a name has no account (made once, on first use).
fn dummy() -> &'static str {
    static DUMMY: OnceLock<String> = OnceLock::new();
    DUMMY.get_or_init(|| hash_now("no account has this name"))
}

/// Hashes and checks passwords on the blocking pool, a few at once.
pub struct Hasher {
    permits: Arc<Semaphore>,
    waiting: AtomicUsize,
    max_waiting: usize,
}

/// Counts a waiting hash until dropped.
struct Waiting<'a>(&'a AtomicUsize);

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Hasher {
    /// `at_once` hashes computed at once, `max_waiting` more waiting at most.
    pub fn new(at_once: usize, max_waiting: usize) -> Hasher {
        Hasher { permits: Arc::new(Semaphore::new(at_once.max(1))), waiting: AtomicUsize::new(0), max_waiting }
    }

    /// Runs `f` on the blocking pool once a permit is free, or refuses
    /// (`sign_in_busy`) when too many wait already.
    async fn run<T: Send + 'static>(&self, f: impl FnOnce() -> T + Send + 'static) -> Result<T, Refused> {
        if self.waiting.fetch_add(1, Ordering::SeqCst) >= self.max_waiting + HASHING_AT_ONCE {
            self.waiting.fetch_sub(1, Ordering::SeqCst);
            return Err(Refused::SignInBusy);
        }
        let _waiting = Waiting(&self.waiting);
        let permit = self.permits.clone().acquire_owned().await.map_err(|_| Refused::SignInBusy)?;
        tokio::task::spawn_blocking(move || {
            let r = f();
            drop(permit);
            r
        })
        .await
        .map_err(|_| Refused::SignInBusy)
    }

    /// `password` hashed (a PHC string).
    pub async fn hash(&self, password: String) -> Result<String, Refused> {
        self.run(move || hash_now(&password)).await
    }

    /// Whether `password` matches `phc`; with no hash (no such account, or
    /// one without a password), checked against a dummy hash and `false`:
    /// the same work either way.
    pub async fn check(&self, password: String, phc: Option<String>) -> Result<bool, Refused> {
        self.run(move || match phc {
            Some(phc) => check_now(&password, &phc),
            None => {
                let _ = check_now(&password, dummy());
                false
            }
        })
        .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_checks_against_its_own_hash_only() {
        let h = hash_now("correct horse");
        assert!(h.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{h}");
        assert!(check_now("correct horse", &h));
        assert!(!check_now("correct hors", &h));
        assert!(!check_now("correct horse", "not a hash"));
        // A new salt each time.
        assert_ne!(h, hash_now("correct horse"));
    }
}
