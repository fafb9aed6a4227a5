//! Why a move in the notation was refused ([`NotationError`]). Every error
//! says what was wrong in words a player understands; none changes anything.

use super::moves::{Move, Side, Spot, Turn};
use crate::board::{Placement, PlacementError};
use crate::tile::{Tile, TileParseError};

/// Why a text is not a move, or not a move in this position, or why an
/// action cannot be written. The `Display` text is for people.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// Nothing was written.
    #[error("no move: write a tile and its spot (255L555), draw or pass")]
    Empty,
    /// A tile is misspelled (the player's tile or the one the spot is next to).
    #[error(transparent)]
    Tile(#[from] TileParseError),
    /// Something other than what the notation allows at that point.
    #[error("{}", unexpected_text(after, found, expected))]
    Unexpected {
        /// What was read so far.
        after: String,
        /// The rest of the text, from the first character not understood (at most 20
        /// characters; empty when the text ended too soon).
        found: String,
        /// What may come there, in words.
        expected: &'static str,
    },
    /// The turn after `^` is not one to three numbers from 0 to 5.
    #[error("bad turn ^{0}: write the numbers from the tile's point, clockwise, such as ^2 or ^24")]
    BadTurn(String),
    /// `timeout` is the referee's entry in a record, not a move anyone plays.
    #[error("a timeout is written by the referee when a turn timer runs out; it is not a move to play")]
    Timeout,
    /// The tile to place is not in the mover's hand.
    #[error("{0} is not in your hand")]
    NotInHand(Tile),
    /// A spot was named for the round's first tile, which goes in the middle.
    #[error("the first tile goes in the middle: write it without a spot, with its turn if it has several (124^2)")]
    SpotAtOpening,
    /// The tile the spot is named from is not on the board.
    #[error("{0} is not on the board")]
    NotOnBoard(Tile),
    /// The tile the spot is named from has no side that way: an up tile has
    /// nothing above it, a down tile nothing below it.
    #[error("{next_to} points {}: it has no side {} it (its sides are {})",
        if *up { "up" } else { "down" }, side.word(), if *up { "left, right and below" } else { "left, right and above" })]
    NoSuchSide {
        /// The tile the spot was named from.
        next_to: Tile,
        /// The side asked for.
        side: Side,
        /// Whether that tile points up.
        up: bool,
    },
    /// The spot is past the edge of the engine's grid (never the case in a real game).
    #[error("{0} is off the board")]
    OffTheBoard(Spot),
    /// The spot already holds a tile.
    #[error("{} is taken: {by} is there", spot.words())]
    SpotTaken {
        /// The spot named.
        spot: Spot,
        /// The tile on it.
        by: Tile,
    },
    /// The tile fits the named spot in no turn.
    #[error("{tile} does not fit {}: {}", spot.words(), needs_text(*needs, *up))]
    DoesNotFit {
        /// The tile.
        tile: Tile,
        /// The spot.
        spot: Spot,
        /// What the spot needs at its corners, clockwise from corner 0 as in
        /// the rules (`None` where any number goes); `None` when no tile fits
        /// there at all (neighbours that disagree).
        needs: Option<[Option<u8>; 3]>,
        /// Whether the spot points up.
        up: bool,
    },
    /// No spot was written and the tile fits nowhere on the board.
    #[error("{0} fits nowhere on the board")]
    FitsNowhere(Tile),
    /// The tile fits (at the spot, if one was named), but not with the turn written.
    #[error("{tile} does not fit with ^{turn}: it fits as {}", list(fits))]
    WrongTurn {
        /// The tile.
        tile: Tile,
        /// The turn written.
        turn: Turn,
        /// The ways it fits, written in full.
        fits: Vec<Move>,
    },
    /// The text fits several legal placements: say which.
    #[error("{written} is ambiguous: it could be {}", list(candidates))]
    Ambiguous {
        /// What was written, in the notation's own spelling.
        written: String,
        /// Every placement it could mean, each in the notation.
        candidates: Vec<Move>,
    },
    /// An action that cannot be written because it is not legal on this
    /// board (only legal placements have a name).
    #[error("{placement:?} cannot be written: {reason}")]
    NotLegal {
        /// The placement.
        placement: Placement,
        /// Why the board refuses it.
        reason: PlacementError,
    },
}

fn unexpected_text(after: &str, found: &str, expected: &str) -> String {
    match (after.is_empty(), found.is_empty()) {
        (_, true) => format!("{after:?} ends too soon: expected {expected}"),
        (true, false) => format!("unexpected {found:?}: expected {expected}"),
        (false, false) => format!("unexpected {found:?} after {after:?}: expected {expected}"),
    }
}

fn list(moves: &[Move]) -> String {
    let names: Vec<String> = moves.iter().map(Move::to_string).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        Some((last, _)) => last.clone(),
        None => String::new(),
    }
}

/// The names of a cell's corners, clockwise from corner 0 (rules.md section 2).
pub(super) fn corner_names(up: bool) -> [&'static str; 3] {
    if up {
        ["top", "bottom-right", "bottom-left"]
    } else {
        ["top-left", "top-right", "bottom"]
    }
}

fn needs_text(needs: Option<[Option<u8>; 3]>, up: bool) -> String {
    let Some(needs) = needs else {
        return "no tile fits there: its neighbours disagree at a corner".to_string();
    };
    let parts: Vec<String> =
        needs.iter().zip(corner_names(up)).filter_map(|(n, name)| n.map(|n| format!("{n} at the {name}"))).collect();
    match parts.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("that spot needs {} and {last}", rest.join(", ")),
        Some((last, _)) => format!("that spot needs {last}"),
        None => "that spot needs nothing in particular".to_string(),
    }
}
