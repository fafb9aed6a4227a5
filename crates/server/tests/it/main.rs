//! The integration tests of triominos-server, one binary (each file a module:
//! `cargo test -p triominos-server --test it net::` runs one file's tests).
//! `common/` holds what they share: a server on a temporary database, an HTTP
//! request, a WebSocket client.

#[path = "../common/mod.rs"]
mod common;

mod accounts;
mod announce;
mod api;
mod asset_modules;
mod bounds;
mod clock;
mod delivery;
mod engines;
mod hints;
mod i18n;
mod imports;
mod intents;
mod learn;
mod limits;
mod net;
mod pad_api;
mod pools;
mod puzzles_api;
mod review_api;
mod saving;
mod stop_signal;
mod storage;
mod thinking;
mod together;
mod typed_moves;
mod waiting;
mod wire_types;
