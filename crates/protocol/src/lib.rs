//! The Triominos web game's wire protocol, a crate of its own (the server
//! re-exports it as `triominos_server::protocol`; the terminal game, the
//! server's tests and its examples use it without the server): every message the browser sends and receives, over the
//! WebSocket of a game and as the bodies of the JSON API, as typed serde
//! structs and enums, one module per audience: [`socket`] (a game's
//! WebSocket), [`api`] (the games' JSON API), [`pad`] (the score pad),
//! [`learn`] and [`puzzles`] (the tutorial and the puzzles),
//! [`common`] (the shapes they share) and [`refusal`] (`{"code", "params"}`,
//! every refusal). Nothing else in the server builds JSON by hand.
//!
//! One shape for each concept: a seat set is a list of seat numbers
//! ([`Seats`]), a round end is `{"kind": "out", "player": p}` or
//! `{"kind": "blocked"}` ([`RoundEndWire`]), a refusal is `{"code", "params"}`
//! ([`Refusal`]), tiles are `"1-2-4"`, cells `[c, r]`, placements
//! `{"tile", "cell", "rotation"}` (the core's serde forms).
//!
//! # WebSocket
//!
//! Client to server ([`ClientMsg`], tagged by `type`): first `hello` (with the
//! seat's token, or none for a spectator: the address `/ws/{id}` never
//! carries it), then `action` (with an [`Intent`] and the client's message
//! id), `next_round`, `since` (the deltas after a version), `snapshot`, `ping`,
//! `hint` (suggest a move; not an action), `rematch` and `rematch_decline`
//! ("play again" at game over), `react` (a quick [`Reaction`]), `takeback` and
//! `takeback_answer`.
//!
//! Server to client ([`ServerMsg`], tagged by `type`): `snapshot` (everything),
//! `update` (new numbered [`Delta`]s and the seat's private view [`Me`]), `ack`
//! (an intent of this connection was stored and applied; sent again, with
//! `"duplicate": true`, for an intent whose id the seat already used), `presence`, `error`
//! (a refusal; nothing changed), `pong`, `hint` (the move suggested to this
//! connection, [`Hint`]), `hints_used` (to everyone: the hints given so far, [`HintUse`]),
//! `rematch_asked` (who agreed to play again), `rematch` (this connection's link
//! to the new game), `reaction` (a seat's quick reaction), `takeback` (a
//! takeback asked, accepted, refused or lapsed).
//!
//! # HTTP
//!
//! `GET /api/meta` answers [`Meta`]; `POST /api/games` takes [`CreateGame`] and
//! answers [`Created`]; `GET /api/games` answers [`GameList`]; `GET
//! /api/games/{id}` answers [`GameInfo`]; the replays answer [`Replay`]. The
//! score pad's bodies are in [`pad`].
//!
//! # Version
//!
//! [`PROTOCOL_VERSION`] names this set of messages. A message or field added
//! that old clients may ignore (every reader skips what it does not know)
//! keeps it; a message or field renamed, removed or read differently bumps
//! it. The TypeScript declarations the page is checked against are made from
//! these types ([`typescript`]).
//!
//! # Client
//!
//! With the feature `client`, the module `client` is a typed client of a game's
//! WebSocket (tokio + tungstenite): connect by a seat's or a spectator's
//! link, send [`ClientMsg`]s, read [`ServerMsg`]s, or send raw frames.
#![deny(missing_docs)]

pub mod account;
pub mod api;
#[cfg(feature = "client")]
pub mod client;
pub mod common;
pub mod learn;
pub mod pad;
pub mod pools;
pub mod puzzles;
pub mod refusal;
pub mod socket;
pub mod typescript;

/// The version of the messages of this crate: bumped when a message or a
/// field is renamed, removed or read differently (docs/architecture.md, "Adding
/// a socket message"). 1: the protocol as of the crate's creation (issue 46).
pub const PROTOCOL_VERSION: u32 = 1;

pub use api::*;
pub use common::*;
pub use pools::*;
pub use refusal::*;
pub use socket::*;
pub use triominos_core::rules::OptionDef;
pub use triominos_core::{RulesError, Seats};
