//! A move as written ([`Move`]): its tile, spot, side and turn, read and
//! written by [`super::syntax`] and resolved on a board by [`super::position`].

use crate::geom::Cell;
use crate::tile::Tile;
use core::fmt;

/// A move as written: a placement (tile, spot, turn, announce), `draw`,
/// `pass`, or the referee's `timeout`. Its `Display` is the notation's own
/// spelling (`255L555`, `124^2`, `draw`), which reads back as the same value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Place a tile.
    Place(Place),
    /// Draw a tile from the pool: `draw`.
    Draw,
    /// Pass: `pass`.
    Pass,
    /// The turn timer ran out (a record's `timeout`): `timeout`. Not a move
    /// anyone plays; [`Move::resolve`] refuses it.
    Timeout,
}

/// A placement as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Place {
    /// The tile placed.
    pub tile: Tile,
    /// Where, next to which tile; `None` for the opening, or when the tile
    /// fits only one spot (the reader then finds it).
    pub spot: Option<Spot>,
    /// How it is turned, written only when the spot leaves a choice.
    pub turn: Option<Turn>,
    /// `!`: the player announces the bonuses the tile forms (rules.md section 4).
    pub announce: bool,
}

/// A spot: the open cell on one side of a tile already on the board,
/// written `L555` (left of 5-5-5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Spot {
    /// The side of `next_to` the spot lies on.
    pub side: Side,
    /// The tile on the board the spot is named from.
    pub next_to: Tile,
}

/// A side of a placed tile. Every tile has a left and a right side; an up
/// tile's third side is below it, a down tile's above it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// `L`: the cell to the left in the same row, `(c - 1, r)`.
    Left,
    /// `R`: the cell to the right in the same row, `(c + 1, r)`.
    Right,
    /// `A`: the cell above a down tile, `(c, r + 1)`.
    Above,
    /// `B`: the cell below an up tile, `(c, r - 1)`.
    Below,
}

/// A tile's turn: its numbers read clockwise from the spot's point (the top
/// corner of an up spot, the bottom corner of a down spot), as many as it
/// takes to tell the ways apart (one to three), written `^2`, `^24`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    numbers: [u8; 3],
    len: u8,
}

impl Side {
    /// All four, in the order of their letters' listing.
    pub const ALL: [Side; 4] = [Side::Left, Side::Right, Side::Above, Side::Below];

    /// The letter written: `L`, `R`, `A`, `B`.
    pub const fn letter(self) -> char {
        match self {
            Side::Left => 'L',
            Side::Right => 'R',
            Side::Above => 'A',
            Side::Below => 'B',
        }
    }

    /// The word said: `left`, `right`, `above`, `below`.
    pub const fn word(self) -> &'static str {
        match self {
            Side::Left => "left",
            Side::Right => "right",
            Side::Above => "above",
            Side::Below => "below",
        }
    }

    /// The cell on this side of `cell`: `None` when `cell` has no side this
    /// way (nothing is above an up cell nor below a down cell) or the cell
    /// lies past the engine's grid.
    pub fn of(self, cell: Cell) -> Option<Cell> {
        let (c, r) = (cell.c(), cell.r());
        match self {
            Side::Left => Cell::new(c - 1, r),
            Side::Right => Cell::new(c + 1, r),
            Side::Above if !cell.is_up() => Cell::new(c, r + 1),
            Side::Below if cell.is_up() => Cell::new(c, r - 1),
            Side::Above | Side::Below => None,
        }
    }

    /// The side of `from` on which its edge neighbour `to` lies, `None` when
    /// the two cells share no side.
    pub fn between(from: Cell, to: Cell) -> Option<Side> {
        Side::ALL.into_iter().find(|s| s.of(from) == Some(to))
    }
}

impl Turn {
    /// A turn of one to three numbers, each 0 to 5.
    pub fn new(numbers: &[u8]) -> Option<Turn> {
        if numbers.is_empty() || numbers.len() > 3 || numbers.iter().any(|&n| n > 5) {
            return None;
        }
        let mut out = [0; 3];
        out[..numbers.len()].copy_from_slice(numbers);
        Some(Turn { numbers: out, len: numbers.len() as u8 })
    }

    /// The numbers, clockwise from the point.
    pub fn numbers(&self) -> &[u8] {
        &self.numbers[..self.len as usize]
    }
}

impl Spot {
    /// The spot in words: `left of 5-5-5`.
    pub fn words(&self) -> String {
        match self.side {
            Side::Left | Side::Right => format!("{} of {}", self.side.word(), self.next_to),
            Side::Above | Side::Below => format!("{} {}", self.side.word(), self.next_to),
        }
    }
}

/// A tile without its dashes: `255`.
pub(crate) struct Compact(pub Tile);

impl fmt::Display for Compact {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b, c] = self.0.numbers();
        write!(f, "{a}{b}{c}")
    }
}

impl fmt::Display for Spot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.side.letter(), Compact(self.next_to))
    }
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for n in self.numbers() {
            write!(f, "{n}")?;
        }
        Ok(())
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", Compact(self.tile))?;
        if let Some(spot) = self.spot {
            write!(f, "{spot}")?;
        }
        if let Some(turn) = self.turn {
            write!(f, "^{turn}")?;
        }
        if self.announce {
            write!(f, "!")?;
        }
        Ok(())
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Place(p) => write!(f, "{p}"),
            Move::Draw => write!(f, "draw"),
            Move::Pass => write!(f, "pass"),
            Move::Timeout => write!(f, "timeout"),
        }
    }
}
