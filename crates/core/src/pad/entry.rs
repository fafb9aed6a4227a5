//! What the table enters on a sheet: an [`Entry`] per turn or round end, with
//! the tile [`Placed`] after a draw and the [`Hand`]s shown at a round end.

use crate::board::Figures;
use crate::tile::Tile;

/// A tile placed after drawing, with the figures it formed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Placed {
    /// The tile.
    pub tile: Tile,
    /// What it formed, as the table declares it.
    #[cfg_attr(feature = "serde", serde(default))]
    pub bonus: Figures,
    /// Whether the player announced the figures (see the [`pad`](crate::pad) documentation).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "core::ops::Not::not"))]
    pub announced: bool,
}

/// What a hand holds at the end of a round: its tiles, or only their sum.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Hand {
    /// Every tile left in the hand.
    Tiles(Vec<Tile>),
    /// The sum of the numbers of the tiles left.
    Sum(i32),
}

/// One line of the sheet, as the table enters it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "kind", rename_all = "snake_case"))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Entry {
    /// A tile placed from the hand (the round's first tile opens the round).
    Play {
        /// Seat.
        player: u8,
        /// The tile.
        tile: Tile,
        /// The figures it formed, as the table declares them.
        #[cfg_attr(feature = "serde", serde(default))]
        bonus: Figures,
        /// Whether the player announced the figures (see the [`pad`](crate::pad) documentation).
        #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "core::ops::Not::not"))]
        announced: bool,
    },
    /// Tiles drawn in one turn, then the drawn tile placed, or not: after
    /// `max_draws` draws that is the fail penalty; after draws that emptied
    /// the pool it is a pass.
    Draw {
        /// Seat.
        player: u8,
        /// Tiles drawn (1 to `max_draws`).
        draws: u8,
        /// The tile placed after the draws, if any.
        #[cfg_attr(feature = "serde", serde(default))]
        placed: Option<Placed>,
    },
    /// A pass (the pool is empty and nothing fits).
    Pass {
        /// Seat.
        player: u8,
    },
    /// The end of a round in which `player` placed their last tile, with what
    /// the other hands hold (needed when going out takes the other hands).
    Out {
        /// Seat that went out.
        player: u8,
        /// Each seat's hand (by seat; missing or `None` when not needed).
        #[cfg_attr(feature = "serde", serde(default))]
        hands: Vec<Option<Hand>>,
    },
    /// The end of a blocked round (the pool is empty and nobody can play), with
    /// what every hand holds.
    Blocked {
        /// Each seat's hand, by seat.
        #[cfg_attr(feature = "serde", serde(default))]
        hands: Vec<Option<Hand>>,
    },
}

impl Entry {
    /// The seat of a turn (or of the player who went out).
    pub fn player(&self) -> Option<u8> {
        match *self {
            Entry::Play { player, .. } | Entry::Draw { player, .. } | Entry::Pass { player } => Some(player),
            Entry::Out { player, .. } => Some(player),
            Entry::Blocked { .. } => None,
        }
    }

    /// The tile placed by this entry, if any.
    pub fn tile(&self) -> Option<Tile> {
        match *self {
            Entry::Play { tile, .. } => Some(tile),
            Entry::Draw { placed: Some(p), .. } => Some(p.tile),
            _ => None,
        }
    }

    /// Whether the entry ends a round.
    pub fn is_round_end(&self) -> bool {
        matches!(self, Entry::Out { .. } | Entry::Blocked { .. })
    }
}
