//! Accounts (issue 47 §1): optional, a display name with a password (argon2id)
//! and recovery codes; server-side sessions kept in the store, so that every
//! instance over one PostgreSQL knows them.
//!
//! - [`store`]: the rows (accounts, credentials, recovery codes, sessions,
//!   claims), written in the store's transactions (schema version 6).
//! - [`password`]: hashing and checking passwords with argon2id (the `argon2`
//!   crate, its default parameters), on a thread of their own, one at a time.
//! - [`session`]: the session cookie (a random token from the operating
//!   system, stored as its SHA-256), the check that a request changing an
//!   account comes from this site, and [`session::SignedIn`], the extractor
//!   of the account signed in.
//! - [`throttle`]: sign-in attempts per client and per account name.
//! - [`routes`]: the routes under `/api/account/`.
//!
//! What each route answers, and the limits, are in docs/server.md
//! ("Accounts"); the tables in docs/database.md.

pub mod password;
pub mod routes;
pub mod session;
pub mod store;
pub mod throttle;

use crate::config::ServeConfig;
use std::sync::Mutex;

/// The longest display name, in characters.
pub const MAX_NAME: usize = 24;
/// The shortest password, in characters.
pub const MIN_PASSWORD: usize = 8;
/// The longest password, in bytes.
pub const MAX_PASSWORD: usize = 1024;
/// Recovery codes given at sign-up.
pub const RECOVERY_CODES: usize = 10;

/// What the accounts' routes share: the password hasher, the sign-in
/// throttles and the cookie's settings.
pub struct Accounts {
    /// Hashes and checks passwords, a few at once.
    pub hasher: password::Hasher,
    /// Sign-in attempts per client and per name.
    pub throttle: Mutex<throttle::SignIns>,
    /// Whether the session cookie is `Secure` (the public origin is https).
    pub secure: bool,
    /// The site's origin (`https://host`), when configured: a request that
    /// changes an account must come from it.
    pub origin: Option<String>,
}

impl Accounts {
    /// The accounts' state for a server with `config`.
    pub fn new(config: &ServeConfig) -> Accounts {
        let origin = config.public_origin.as_deref().map(|o| o.trim_end_matches('/').to_ascii_lowercase());
        Accounts {
            hasher: password::Hasher::new(password::HASHING_WAITING),
            throttle: Mutex::new(throttle::SignIns::new(config.sign_in_burst, config.sign_in_per_minute)),
            secure: origin.as_deref().is_some_and(|o| o.starts_with("https://")),
            origin,
        }
    }
}
