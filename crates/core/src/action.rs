//! What a player does on their turn ([`Action`]) and why an action is
//! refused ([`IllegalAction`], [`PassRefusal`]).

use crate::board::{Placement, PlacementError};
use crate::tile::{Tile, TileSet};
use core::fmt;

/// What a player does on their turn. Small and `Copy`.
///
/// With the `serde` feature: `{"kind": "play", "tile": "1-2-4", "cell": [0, 0],
/// "rotation": 1, "announce": true}` (`announce` is left out when false and
/// false when absent), `{"kind": "draw"}`, `{"kind": "pass"}`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "kind", rename_all = "snake_case"))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Action {
    /// Place a tile.
    Play {
        /// Where and how.
        #[cfg_attr(feature = "serde", serde(flatten))]
        placement: Placement,
        /// Whether the player announces the bonuses the tile forms. Under
        /// `announce_bonuses` an unannounced figure bonus is lost; otherwise
        /// the flag changes nothing (the engine records the play unannounced).
        #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "core::ops::Not::not"))]
        announce: bool,
    },
    /// Draw a tile from the pool.
    Draw,
    /// Pass (only when unable to play and the pool is empty).
    Pass,
}

impl Action {
    /// Placing a tile, unannounced.
    pub const fn play(placement: Placement) -> Action {
        Action::Play { placement, announce: false }
    }

    /// Placing a tile, announcing its bonuses.
    pub const fn announced(placement: Placement) -> Action {
        Action::Play { placement, announce: true }
    }

    /// The placement of a play.
    pub const fn placement(self) -> Option<Placement> {
        match self {
            Action::Play { placement, .. } => Some(placement),
            _ => None,
        }
    }
}

/// Why a pass is refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum PassRefusal {
    /// The player can place a tile.
    CanPlay,
    /// The pool still has tiles: draw instead.
    PoolNotEmpty,
    /// The opener must place the first tile.
    Opening,
}

/// Why an action was refused. The game is unchanged.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(tag = "code", content = "params", rename_all = "snake_case"))]
pub enum IllegalAction {
    /// The game is over.
    GameOver,
    /// The round is over; the next round has not been dealt.
    RoundOver,
    /// Another player is to act.
    NotYourTurn {
        /// Seat to act.
        expected: u8,
        /// Seat that tried.
        got: u8,
    },
    /// The tile is not in the player's hand.
    TileNotInHand(Tile),
    /// The placement breaks a board rule.
    Placement(PlacementError),
    /// The opening tile must be one of these.
    FirstTileMustBe(TileSet),
    /// The opener may not draw.
    OpenerMayNotDraw,
    /// The tile just drawn can be placed, so it must be the one played.
    MustPlayDrawnTile(Tile),
    /// A tile drawn this turn can be placed: place one, do not draw again.
    MustPlaceNow,
    /// After a draw that could not be placed, no placement is offered this turn.
    NoPlacementAfterFailedDraw,
    /// These rules do not allow drawing while able to play.
    MayNotDrawWhenAble,
    /// The pool is empty.
    PoolEmpty,
    /// Passing is not allowed now.
    MayNotPass(PassRefusal),
    /// A timeout ([`crate::Game::time_out`]) needs a turn timer in the rules (option `timer`).
    NoTimer,
}

impl fmt::Display for IllegalAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            IllegalAction::GameOver => write!(f, "the game is over"),
            IllegalAction::RoundOver => write!(f, "the round is over"),
            IllegalAction::NotYourTurn { .. } => write!(f, "not your turn"),
            IllegalAction::TileNotInHand(t) => write!(f, "tile not in hand: {t}"),
            IllegalAction::Placement(e) => write!(f, "{e}"),
            IllegalAction::FirstTileMustBe(s) => {
                let names: Vec<String> = s.iter().map(|t| t.to_string()).collect();
                write!(f, "the first tile must be {}", names.join(" or "))
            }
            IllegalAction::OpenerMayNotDraw => write!(f, "the opener must place the first tile and may not draw"),
            IllegalAction::MustPlayDrawnTile(t) => write!(f, "the drawn tile {t} can be placed and must be played"),
            IllegalAction::MustPlaceNow => write!(f, "a drawn tile can be placed: place it now, no more draws"),
            IllegalAction::NoPlacementAfterFailedDraw => {
                write!(f, "the drawn tile cannot be placed: draw again (or pass if the pool is empty)")
            }
            IllegalAction::MayNotDrawWhenAble => write!(f, "may not draw when able to play"),
            IllegalAction::PoolEmpty => write!(f, "pool empty"),
            IllegalAction::MayNotPass(PassRefusal::CanPlay) => write!(f, "may not pass: a tile can be placed"),
            IllegalAction::MayNotPass(PassRefusal::PoolNotEmpty) => write!(f, "may not pass: the pool is not empty"),
            IllegalAction::MayNotPass(PassRefusal::Opening) => write!(f, "may not pass: place the first tile"),
            IllegalAction::NoTimer => write!(f, "these rules have no turn timer (option timer)"),
        }
    }
}

impl std::error::Error for IllegalAction {}
