//! # triominos-server
//!
//! The web game and the score pad (work in progress).
#![deny(missing_docs)]

/// Where the server listens and keeps its data.
#[derive(Clone, Debug)]
pub struct ServeConfig {
    /// Address to listen on, like `127.0.0.1:8080`.
    pub addr: String,
    /// SQLite database file.
    pub db: std::path::PathBuf,
}
