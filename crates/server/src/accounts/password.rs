//! Passwords, hashed with argon2id by the `argon2` crate (RustCrypto) with
//! its default parameters ([`argon2::Params::DEFAULT`]: 19 MiB of memory, 2
//! passes, 1 lane: OWASP's recommendation), stored as PHC strings
//! (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`, so that changed parameters
//! still check the old hashes). A hash takes tens of milliseconds of one
//! core (measured by `cargo run --release -p triominos-server --example
//! argon2_cost`; the figure is in docs/server.md): hashes run on a thread
//! of their own ([`Hasher`]), one at a time, and at most
//! [`HASHING_WAITING`] wait (beyond: `sign_in_busy`), so that a flood of
//! sign-ins takes one core at most, never the threads that move the games.
//!
//! A sign-in under a name that has no account is checked against a dummy
//! hash with the same parameters: the answer and its time are the same as
//! for a wrong password.

use crate::protocol::Refused;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use std::sync::OnceLock;

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

/// A job of the hashing thread.
type Job = Box<dyn FnOnce() + Send>;

/// Hashes and checks passwords on a thread of its own, one at a time, with
/// a bounded queue: the argon2 memory (19 MiB) is allocated and freed on
/// that one thread, so the allocator can reuse it (on tokio's blocking pool
/// each hash ran on whichever thread was free: the attacks example's
/// `sign-ins` phase peaked at 452 MB; with one thread, 167 MB, still above
/// the 15 MB of other floods: what holds the rest is not found yet).
pub struct Hasher {
    tx: std::sync::mpsc::SyncSender<Job>,
}

impl Hasher {
    /// A hashing thread with `max_waiting` hashes waiting at most (the
    /// thread ends once the hasher is dropped).
    pub fn new(max_waiting: usize) -> Hasher {
        let (tx, rx) = std::sync::mpsc::sync_channel::<Job>(max_waiting);
        std::thread::Builder::new()
            .name("password-hashing".into())
            .spawn(move || {
                while let Ok(job) = rx.recv() {
                    job();
                }
            })
            .expect("a thread");
        Hasher { tx }
    }

    /// Runs `f` on the hashing thread, or refuses (`sign_in_busy`) when
    /// [`HASHING_WAITING`] wait already.
    async fn run<T: Send + 'static>(&self, f: impl FnOnce() -> T + Send + 'static) -> Result<T, Refused> {
        let (reply, answer) = tokio::sync::oneshot::channel();
        self.tx
            .try_send(Box::new(move || {
                let _ = reply.send(f());
            }))
            .map_err(|_| Refused::SignInBusy)?;
        answer.await.map_err(|_| Refused::SignInBusy)
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
