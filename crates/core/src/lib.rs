#![doc = include_str!("../README.md")]
#![deny(missing_docs)]

pub mod board;
pub mod game;
pub mod geom;
pub mod observe;
pub mod pad;
pub mod record;
pub mod rng;
pub mod rules;
#[cfg(feature = "serde")]
mod serde_impls;
pub mod tile;

pub use board::{Board, FrontierCell, PlaceInfo, Placement, PlacementError};
pub use game::{
    Action, Bonuses, Deal, DealError, Event, Game, IllegalAction, Outcome, PassRefusal, Phase, Public, Reason,
    RoundEnd, RoundHistory, ScoreEntry, Step,
};
pub use geom::{Cell, Point};
pub use observe::Observation;
pub use rules::{AfterDraw, Blocked, FirstTile, GameEnd, Preset, RuleSet, RulesError, StartRule, MAX_PLAYERS};
pub use tile::{Tile, TileSet};
