//! The move notation people say and type ([docs/notation.md](../../docs/notation.md)):
//! a tile, the spot named from a tile already on the board and the side it
//! lies on, and a turn only when the spot leaves a choice.
//!
//! `255L555` is 2-5-5 placed left of 5-5-5; `124^2` is an opening 1-2-4 with
//! 2 on top; `draw`, `pass`. [`Move`] is the text's validated form, read
//! without a position ([`Move::from_str`](core::str::FromStr)) and written by
//! `Display`; [`Move::resolve`] turns it into the [`Action`](crate::Action) it means on a
//! board for a hand, [`Move::of`] names an action on a board. [`parse`] and
//! [`write`](fn@write) do both steps.
//!
//! ```
//! use triominos_core::notation::{parse, write};
//! use triominos_core::{Action, Board, Cell, Placement, Tile, TileSet};
//! let t = |s: &str| s.parse::<Tile>().unwrap();
//! let mut board = Board::new(true);
//! let hand: TileSet = [t("5-5-5"), t("2-5-5"), t("3-5-5")].into_iter().collect();
//! // The opening: a triple needs no turn.
//! let open = parse("555", &board, hand).unwrap();
//! assert_eq!(open, Action::play(Placement::new(t("5-5-5"), Cell::ORIGIN, 0)));
//! board.place(open.placement().unwrap());
//! // 2-5-5 left of 5-5-5, typed any of these ways.
//! let left = Action::play(Placement::new(t("2-5-5"), Cell::new(-1, 0).unwrap(), 0));
//! for text in ["255L555", "2-5-5 l 5-5-5", "255 left of 555"] {
//!     assert_eq!(parse(text, &board, hand).unwrap(), left);
//! }
//! assert_eq!(write(left, &board).unwrap(), "255L555");
//! // 3-5-5 alone fits three spots round 5-5-5: the error lists them.
//! let err = parse("355", &board, hand).unwrap_err();
//! assert_eq!(err.to_string(), "355 is ambiguous: it could be 355B555, 355L555 or 355R555");
//! ```

mod error;
mod moves;
mod position;
mod syntax;

pub use error::NotationError;
pub use moves::{Move, Place, Side, Spot, Turn};
pub use position::{parse, round_moves, spot_name, write};
