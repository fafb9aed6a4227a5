//! Puzzles: a position (the table and a hand) with a goal the engine can
//! check, an exhaustive solver for each kind, and the checks a player's
//! tries go through. Pure: no I/O. The data format (JSON, feature `json`)
//! is described in `docs/puzzles.md`.
//!
//! Kinds:
//! - [`Kind::MaxPoints`]: find the one placement of a hand tile that scores
//!   the most (tile value plus every bonus the rules award).
//! - [`Kind::GoOut`]: place every tile of the hand, one after another, each
//!   placement legal.
//! - [`Kind::Connect`]: the table holds two or three separate groups; place
//!   every hand tile (each placement legal) so that they become one group.
//! - [`Kind::BestTurn`]: place tiles of the hand one after another, each
//!   placement legal and scored, for a total of at least the goal (the most
//!   any order can make).
//!
//! Legality is [`Board::check`](crate::Board::check) and points are
//! [`score_placement`](crate::scoring::score_placement): the rules are the
//! engine's, there is no second implementation here.
//!
//! ```
//! use triominos_core::puzzles::{solve, Kind};
//! use triominos_core::{Board, Cell, Placement, RuleSet, Tile, TileSet};
//! let t = |s: &str| s.parse::<Tile>().unwrap();
//! let mut board = Board::new(true);
//! board.place(Placement::new(t("1-2-4"), Cell::ORIGIN, 1));
//! // 2-2-4 fits against the edge 2-4 of the first tile in one way; 5-5-5 nowhere.
//! let rules = RuleSet::of(triominos_core::Preset::Pressman);
//! let hand: TileSet = [t("2-2-4")].into_iter().collect();
//! let solved = solve(Kind::GoOut, &rules, &board, hand).unwrap();
//! assert_eq!((solved.difficulty.solutions, solved.difficulty.lines), (1, 1));
//! let hand: TileSet = [t("2-2-4"), t("5-5-5")].into_iter().collect();
//! assert_eq!(solve(Kind::GoOut, &rules, &board, hand).unwrap().difficulty.solutions, 0);
//! ```

mod puzzle;
mod solve;

#[cfg(feature = "json")]
mod format;

#[cfg(feature = "json")]
pub use format::{collection_json, parse_collection, parse_puzzle, puzzle_json, shipped, FormatError, SHIPPED_JSON};
pub use puzzle::{build_position, content_id, daily_index, Difficulty, Goal, Kind, PositionError, Puzzle, MAX_HAND};
pub use solve::{
    accepts, check_moves, groups, hint, placement_points, solve, verify, Hint, SolveError, Solved, TryOutcome,
    MAX_NODES,
};
