//! # triominos-core
//!
//! A rules engine for Triominos that knows every rule of the three published
//! rule sets (`goliath`, `pressman`, `dominos-triangles`) exactly: the 56 tiles,
//! the triangular lattice, legality with vertex contacts, bridges, bridge
//! extensions, hexagons, draws and penalties, going out, blocked rounds and each
//! preset's way of ending a game. Pure rules: no I/O, no async.
//!
//! ```
//! use triominos_core::{Action, Game, RuleSet};
//!
//! let rules = RuleSet::preset("pressman").unwrap();
//! let mut game = Game::new(rules, 2, 19).unwrap();
//! // The holder of the highest triple opens with it.
//! let first = game.legal_actions()[0];
//! let outcome = game.play(first).unwrap();
//! assert!(outcome.points >= 10);
//! // Illegal actions are refused with a reason and change nothing.
//! let before = game.totals().to_vec();
//! assert!(game.play(Action::Pass).is_err());
//! assert_eq!(game.totals(), &before[..]);
//! ```
//!
//! Module map: [`tile`] (tiles and tile sets), [`geom`] (cells and lattice
//! points), [`board`] (placed tiles, lattice values, the frontier), [`rules`]
//! (rule sets as data), [`game`] (the state machine and scoring), [`observe`]
//! (per-player views and determinization), [`record`] (the `.tri` format and
//! the checker), [`rng`] (portable seeded shuffles), [`pad`] (the score pad for
//! games played with a real box, scored by the same functions).
#![deny(missing_docs)]

pub mod action;
pub mod board;
pub mod deal;
pub mod event;
pub mod game;
pub mod geom;
pub mod observe;
pub mod pad;
pub mod public;
pub mod record;
pub mod rng;
pub mod rules;
pub mod scoring;
pub mod seats;
#[cfg(feature = "serde")]
mod serde_impls;
pub mod tile;
mod turn;

pub use action::{Action, IllegalAction, PassRefusal};
pub use board::{Board, Figures, FrontierCell, Placement, PlacementError};
pub use deal::{Deal, DealError};
pub use event::{Event, Outcome, RoundEnd};
pub use game::{Game, Phase, RoundHistory, Step};
pub use geom::{Cell, Point};
pub use observe::Observation;
pub use public::Public;
pub use rules::{AfterDraw, Blocked, FirstTile, GameEnd, Preset, RuleSet, RulesError, StartRule, MAX_PLAYERS};
pub use scoring::{Bonuses, PlacementScore, Reason, ScoreEntry};
pub use seats::{NoSuchSeat, Seats};
pub use tile::{Tile, TileSet};
