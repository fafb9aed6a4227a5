//! The integration tests of triominos-bots, one binary (each file a module:
//! `cargo test -p triominos-bots --test it pinned::` runs one file's tests).

mod bots;
mod external;
mod mcts;
mod pinned;
mod review;
