//! The integration tests of triominos-core, one binary (each file a module:
//! `cargo test -p triominos-core --test it notation::` runs one file's tests).

#[path = "../common/mod.rs"]
mod common;

mod announce;
mod inference;
mod notation;
mod pad;
mod perft;
mod properties;
mod puzzles;
mod record_forfeit;
mod rules_props;
mod seeds;
mod timer;
