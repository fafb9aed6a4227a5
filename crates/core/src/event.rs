//! What everyone at the table sees happen: [`Event`], the result of an
//! action ([`Outcome`]) and how a round ended ([`RoundEnd`]).

use crate::board::Placement;
use crate::rules::MAX_PLAYERS;
use crate::scoring::Bonuses;
/// How a round ended (defined beside its scoring, [`crate::scoring::score_round_end`]).
pub use crate::scoring::RoundEnd;
use crate::seats::Seats;
use crate::tile::{Tile, TileSet};

/// The result of a legal action, or of a timeout.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Outcome {
    /// Who acted.
    pub player: u8,
    /// The change to their score made by the action alone.
    pub points: i32,
    /// Bonuses (and the fail penalty) in that change.
    pub bonuses: Bonuses,
    /// Whether the player's turn ended. Always true for a timeout
    /// ([`crate::Game::time_out`]); at the round's opening the opener's
    /// timed-out turn ends and a new turn of the same seat begins (a new
    /// hourglass), so the seat to move is the same.
    pub turn_over: bool,
    /// Set when the action ended the round.
    pub round_end: Option<RoundEnd>,
    /// Whether the game is over now.
    pub game_over: bool,
}

/// Something everyone at the table sees happen.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(tag = "type", rename_all = "snake_case"))]
pub enum Event {
    /// A round was dealt.
    RoundStarted {
        /// Round number.
        round: u32,
        /// Who opens.
        starter: u8,
    },
    /// A tile was placed.
    Played {
        /// Seat.
        player: u8,
        /// The placement.
        placement: Placement,
        /// Points the action scored.
        points: i32,
        /// Bonuses formed.
        bonuses: Bonuses,
    },
    /// A tile was drawn (which one is known to the drawer only).
    Drew {
        /// Seat.
        player: u8,
        /// Points (the draw penalty, plus the fail penalty on a failed last draw).
        points: i32,
        /// Whether this was the last allowed draw and nothing could be placed.
        failed: bool,
    },
    /// A pass.
    Passed {
        /// Seat.
        player: u8,
        /// Points.
        points: i32,
    },
    /// A tile shown to everyone: the highest triple when a Pressman opener plays `0-0-0` instead.
    Revealed {
        /// Seat.
        player: u8,
        /// The tile.
        tile: Tile,
    },
    /// The round ended; hands are shown for scoring.
    RoundEnded {
        /// Round number.
        round: u32,
        /// How.
        end: RoundEnd,
        /// Each seat's hand at the end.
        hands: [TileSet; MAX_PLAYERS],
        /// The end-of-round score change per seat.
        scores: [i32; MAX_PLAYERS],
    },
    /// The game is over.
    GameEnded {
        /// The winners.
        winners: Seats,
    },
    /// The player to move ran out of time (rule option `timer`, the
    /// Triominos Challenge hourglass): they took the pool's next tile if
    /// `took` (which tile is known to them only), lost `-points`, and their
    /// turn ended. At the round's opening no tile is taken and the opener
    /// is still to open (rules.md section 5).
    TimedOut {
        /// Seat.
        player: u8,
        /// Points (minus the timer penalty).
        points: i32,
        /// Whether a tile was taken from the pool (false at the opening and
        /// when the pool is empty).
        took: bool,
    },
}
