#![doc = include_str!("../README.md")]
#![deny(missing_docs)]

pub mod action;
pub mod board;
pub mod deal;
pub mod event;
pub mod game;
pub mod geom;
mod infer;
pub mod notation;
pub mod observe;
pub mod pad;
pub mod position;
pub mod public;
pub mod puzzles;
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
pub use game::{Game, HistoryEntry, Phase, RoundHistory, Step, TimeoutStep};
pub use geom::{Cell, Point};
pub use infer::{Fact, FactKind, Inference};
pub use observe::Observation;
pub use public::Public;
pub use rules::{AfterDraw, Blocked, FirstTile, GameEnd, Preset, RuleSet, RulesError, StartRule, MAX_PLAYERS};
pub use scoring::{Bonuses, PlacementScore, Reason, ScoreEntry};
pub use seats::{NoSuchSeat, Seats};
pub use tile::{Tile, TileSet};
